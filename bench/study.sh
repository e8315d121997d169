#!/usr/bin/env bash
# Studies, measured: one study (kary:4,3, 24 flit points of 20,000 cycles) run embedded on 1 and 2 threads and on
# a loopback cluster with 1, 2 and 4 worker processes of one thread each; then with 2 workers, one killed by
# kill -9 mid-study. Per run: wall time from the first point handed out, points/s, points/s per core in use, and
# the scheduling overhead per point (wall x threads - the points' own core-seconds, over the points) against a
# point's mean run time. Usage: bench/study.sh [OFTCTL_JAR]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="${1:-$here/controller/target/oftctl.jar}"
oft() { exec java -XX:-UseCompressedOops -jar "$jar" "$@"; } # exec: a background worker's $! is its JVM, for kill -9
work="$(mktemp -d)"; trap 'kill $(jobs -p) 2>/dev/null || true; pkill -f -- "--cluster-name bench-" 2>/dev/null || true; rm -rf "$work"' EXIT
cat > "$work/bench.json" <<'J'
{"name": "bench", "topologies": ["kary:4,3"], "engines": ["dmodk", "random"], "traffic": ["uniform", "shift:5"],
 "loads": [0.2, 0.4, 0.6], "seeds": [1, 2], "flit": {"warmup": 1000, "sample": 20000, "drain": 20000}}
J
report() { # label threads line
  python3 - "$1" "$2" "$3" <<'PY'
import re, sys
label, threads, line = sys.argv[1], int(sys.argv[2]), sys.argv[3]
m = re.search(r'\(([\d.]+) s from the first point handed out; the points took ([\d.]+) core-s\): (\d+) stored', line)
wall, core, n = float(m.group(1)), float(m.group(2)), int(m.group(3))
again = re.search(r'(\d+) handed out again', line).group(1)
twice = re.search(r'(\d+) computed twice', line).group(1)
# more workers than cores: a point's own wall time then counts the waits for a core, and the overhead is not measurable
over = f"{(wall * threads - core) / n * 1000:.0f}" if threads <= 2 else "-"
print(f"{label},{threads},{n},{wall:.1f},{n / wall:.2f},{n / wall / min(threads, 2):.2f},{over},{core / n * 1000:.0f},{again},{twice}")
PY
}
echo "run,threads,points,wall_s,points_per_s,points_per_s_per_core,overhead_ms_per_point,point_ms,handed_out_again,computed_twice"
for t in 1 2; do
  rm -f "$work"/bench.db*
  line="$( (oft study run "$work/bench.json" --threads "$t") 2>/dev/null | grep '^study bench: done')"
  report "embedded" "$t" "$line"
done
port=$((20000 + RANDOM % 20000))
for w in 1 2 4 kill; do
  rm -f "$work"/bench.db*
  n="$w"; [ "$w" = kill ] && n=2
  members="127.0.0.1:$port"; for ((i = 1; i <= n; i++)); do members="$members,127.0.0.1:$((port + 10 * i))"; done
  pids=()
  for ((i = 1; i <= n; i++)); do
    (oft worker --cluster "$members" --cluster-port $((port + 10 * i)) --cluster-name "bench-$port-$w" --threads 1 --name "w$i") \
      > "$work/w$i.out" 2>&1 & pids+=($!)
  done
  for ((i = 1; i <= n; i++)); do until grep -q joined "$work/w$i.out" 2>/dev/null; do sleep 0.2; done; done
  if [ "$w" = kill ]; then
    ( until [ "$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"select count(*) from points where worker='w1'\").fetchone()[0])" "$work/bench.db" 2>/dev/null || echo 0)" -ge 3 ]; do sleep 0.1; done
      kill -9 "${pids[0]}" ) &
  fi
  line="$( (oft study run "$work/bench.json" --cluster "$members" --cluster-port "$port" --cluster-name "bench-$port-$w") 2>/dev/null | grep '^study bench: done')"
  report "cluster, $w worker$([ "$n" = 1 ] || echo s)" "$n" "$line"
  stored="$(python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(*c.execute('select count(*), count(distinct id) from points').fetchone())" "$work/bench.db")"
  echo "# rows, distinct points stored: $stored"
  kill "${pids[@]}" 2>/dev/null || true; pkill -f -- "--cluster-name bench-$port-$w " 2>/dev/null || true; wait 2>/dev/null || true
  port=$((port + 100))
done
