#!/usr/bin/env bash
# What standbys cost a deploy: engine changes (dmodk <-> random, POST /api/engine, answered once every board
# runs the new tables) timed on one controller without --ha, then on the master of two controllers with --ha
# (a standby beside it), each on its own management port of one board-sim bench, in alternating rounds.
# Prints each change's seconds and, per setting, the median; and the median with --ha over the one without.
# Usage: bench/ha-deploy.sh [ROUNDS] [CHANGES] [TOPOLOGY]   (defaults 2, 6, kary:4,3); JAR=other/oftctl.jar to time another build
# (its own `zookeeper` command is used, so a build before it needs OFTCTL_ZK_JAR=a jar that has one).
set -euo pipefail
rounds="${1:-2}"; changes="${2:-6}"; topology="${3:-kary:4,3}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="${JAR:-$here/controller/target/oftctl.jar}"
[ -f "$jar" ] || (cd "$here" && mvn -B -q package -DskipTests)
zkjar="${OFTCTL_ZK_JAR:-$jar}"
# shellcheck source=bench/ha-lib.sh
source "$here/bench/ha-lib.sh"
fabric=(--fabric fattree --topology "$topology")
"${oftctl[@]}" board-sim --pty --ports 3 --fattree "$topology" > "$work/sim.out" 2> "$work/sim.err" & pids+=($!)
read -r -a ports <<< "$(wait_line "$work/sim.out" "pty " | cut -d' ' -f2-)"

# times CHANGES engine changes on URL with TOKEN, appending "SETTING SECONDS" lines
changes() {
  local setting="$1" url="$2" token="$3" engine
  for ((i = 0; i < changes; i++)); do
    if ((i % 2 == 0)); then engine=random; else engine=dmodk; fi
    curl -s -o "$work/answer" -w "$setting %{time_total}\n" -H "X-OFT-Token: $token" -H 'Content-Type: application/json' \
      -d "{\"engine\":\"$engine\"}" "$url/api/engine" >> "$work/times" || { echo "curl: $? at $url; $(tail -5 "$work/a.err")" >&2; exit 1; }
    grep -q '"epoch"' "$work/answer" || { echo "engine change refused: $(cat "$work/answer")" >&2; exit 1; }
  done
}

for ((r = 0; r < rounds; r++)); do
  for setting in $( ((r % 2 == 0)) && echo "alone ha" || echo "ha alone"); do
    if [ "$setting" = alone ]; then
      read -r url token <<< "$(serve alone 0 --take-over)"
      changes alone "$url" "$token"
      stop alone
    else
      read -r zk zkpid <<< "$(zookeeper)"
      read -r url token <<< "$(serve a 0 --ha "$zk" --controller-id a)"
      serve b 1 --ha "$zk" --controller-id b > /dev/null
      wait_line "$work/b.out" "oftctl: standing by" > /dev/null
      changes ha "$url" "$token"
      stop b; stop a; kill "$zkpid"; while kill -0 "$zkpid" 2>/dev/null; do sleep 0.1; done
    fi
  done
done
python3 - "$work/times" <<'PY'
import sys, statistics, collections
t = collections.defaultdict(list)
for line in open(sys.argv[1]):
    s, x = line.split()
    t[s].append(float(x))
for s in ("alone", "ha"):
    print(f"{s}: median {statistics.median(t[s]):.3f} s over {len(t[s])} engine changes ({' '.join(f'{x:.2f}' for x in t[s])})")
print(f"with a standby over without --ha: {statistics.median(t['ha']) / statistics.median(t['alone']):.2f}x (goal <= 1.5x)")
PY
