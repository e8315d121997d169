#!/usr/bin/env bash
# A ZooKeeper frozen (SIGSTOP) for SECONDS under a running master and standby of an order-3 OFT at RATE slots/s, each
# controller on its own management port of one board-sim bench (issue 66). While it is frozen, every console route of
# both controllers is asked in turn: latency p50 / p99 / max and failures per controller. Over the whole run the slot
# clock must lose no slot (slots counted against the rate and the wall time between two readings); at every look the
# controllers that say they are master are counted (never two; the master whose session is lost holds the boards
# read-only, serving what they run), and the boards' owner generation is read before, during and after.
# Usage: bench/ha-sigstop.sh [SECONDS] [RATE]   (defaults 60, 4); JAR=other/oftctl.jar to measure another build.
set -euo pipefail
secs="${1:-60}"; rate="${2:-4}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="${JAR:-$here/controller/target/oftctl.jar}"
[ -f "$jar" ] || (cd "$here" && mvn -B -q package -DskipTests)
zkjar="${OFTCTL_ZK_JAR:-$jar}"
# shellcheck source=bench/ha-lib.sh
source "$here/bench/ha-lib.sh"
fabric=(--order 3 --slots-per-second "$rate")
"${oftctl[@]}" board-sim --pty --ports 3 --order 3 > "$work/sim.out" 2> "$work/sim.err" & pids+=($!)
read -r -a ports <<< "$(wait_line "$work/sim.out" "pty " | cut -d' ' -f2-)"
read -r zk zkpid <<< "$(zookeeper)"
read -r url_a token <<< "$(serve a 0 --ha "$zk" --controller-id a)"
read -r url_b _ <<< "$(serve b 1 --ha "$zk" --controller-id b)"
wait_line "$work/b.out" "oftctl: standing by" > /dev/null

get() { curl -s --max-time 10 -H "X-OFT-Token: $token" "$1"; }
slot() { get "$url_a/api/telemetry" | python3 -c 'import json,sys; print(json.load(sys.stdin)["slot"])'; }
owner_gen() { get "$url_a/api/owner" | python3 -c 'import json,sys; b=json.load(sys.stdin).get("boards") or [{}]; print(sorted({x.get("generation") for x in b}))' 2>/dev/null || echo "?"; }
masters() {
  local n=0 r
  for u in "$url_a" "$url_b"; do
    r="$(get "$u/api/owner" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("role",""))' 2>/dev/null || true)"
    [ "$r" = master ] && n=$((n + 1))
  done
  echo "$n"
}
sleep 3
[ "$(masters)" = 1 ] || { echo "not one master before the freeze" >&2; exit 1; }
t0=$(date +%s.%N); s0=$(slot); g0=$(owner_gen)
kill -STOP "$zkpid"
echo "ZooKeeper (pid $zkpid) frozen for $secs s at slot $s0" >&2
end=$(( $(date +%s) + secs ))
looks=0; two=0; none=0
while [ "$(date +%s)" -lt "$end" ]; do
  for c in a b; do
    u="$url_a"; [ $c = b ] && u="$url_b"
    for route in owner config telemetry boards summary events; do
      curl -s -o /dev/null --max-time 10 -H "X-OFT-Token: $token" -w "$c $route %{http_code} %{time_total}\n" "$u/api/$route" >> "$work/lat" || echo "$c $route 000 10" >> "$work/lat"
    done
  done
  looks=$((looks + 1))
  m="$(masters)"; [ "$m" = 2 ] && two=$((two + 1)); [ "$m" = 0 ] && none=$((none + 1))
  [ $looks = 5 ] && g1=$(owner_gen)
done
kill -CONT "$zkpid"
sleep 5
after="$(masters)"
t1=$(date +%s.%N); s1=$(slot); g2=$(owner_gen)
echo "masters: two at $two of $looks looks while frozen, none at $none; $after after it answers again"
echo "the boards' owner generations: $g0 before, ${g1:-?} while frozen, $g2 after"
python3 - "$work/lat" "$t0" "$s0" "$t1" "$s1" "$rate" "$secs" <<'PY'
import sys, collections
lat, t0, s0, t1, s1, rate, secs = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]), sys.argv[7]
by = collections.defaultdict(list); codes = collections.Counter()
for line in open(lat):
    c, route, code, t = line.split()
    by[c].append(float(t))
    codes[(c, route, code)] += 1
def q(xs, p):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(p * len(xs)))]
for c in sorted(by):
    xs = by[c]
    print(f"controller {c}: {len(xs)} calls while ZooKeeper was frozen {secs} s: p50 {q(xs, .5) * 1000:.1f} ms, p99 {q(xs, .99) * 1000:.1f} ms, max {max(xs) * 1000:.1f} ms")
    print("  " + ", ".join(f"{r} {code} x{n}" for (cc, r, code), n in sorted(codes.items()) if cc == c))
want = rate * (t1 - t0)
print(f"slots: {s1 - s0} counted in {t1 - t0:.2f} s at {rate:g} slots/s ({want:.1f} due): {max(0, want - (s1 - s0) - 1):.0f} lost (a reading's slot is +-1)")
PY
