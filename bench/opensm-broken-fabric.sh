#!/usr/bin/env bash
# Benchmark: our D-mod-K rerouted around a broken fabric against OpenSM's ftree, updn, minhop and
# dfsssp on the same fabric, measured in one run. The fabric is exported with the failures for ibsim (failed cables
# left unconnected); OpenSM routes it through libumad2sim; dump_fts reads each engine's tables back;
# `oftctl fattree reroute --shifts --compare-lft` measures all of them the same way.
#
#   bench/opensm-broken-fabric.sh ['xgft:3;12,12,24;1,12,12'] [random-links:1%:1]
#   bench/opensm-broken-fabric.sh --sweep [SEEDS]     # three trees (one with p > 1) x 1, 3, 5, 10 % out,
#                                                     # seeds 1..SEEDS (1): one summary row per fabric
#
# Needs Debian's opensm, ibsim-utils, libumad2sim0 and infiniband-diags (.ci/run installs them).
set -euo pipefail
if [ "${1:-}" = --sweep ]; then
  SUMMARY=$(mktemp)
  export SUMMARY
  for spec in 'kary:4,3' 'pgft:3;4,4,4;1,2,2;1,2,2' 'xgft:3;6,6,12;1,6,6'; do
    for rate in 1 3 5 10; do
      for seed in $(seq 1 "${2:-1}"); do
        bash "$0" "$spec" "random-links:$rate%:$seed" > /dev/null
      done
    done
  done
  # each routing: max flows per link over all shifts / connected pairs it leaves unrouted (ranked by unrouted first)
  echo "fabric,failed,dead_cables,ours_flows,ours_unrouted,OpenSM_ftree,OpenSM_updn,OpenSM_minhop,OpenSM_dfsssp,OpenSM_best_flows,OpenSM_best_unrouted,ours_seconds,ours_vs_best"
  cat "$SUMMARY"
  rm -f "$SUMMARY"
  exit 0
fi
SPEC=${1:-'xgft:3;12,12,24;1,12,12'}
FAIL=${2:-random-links:1%:1}
HERE=$(cd "$(dirname "$0")/.." && pwd)
OFTCTL="$HERE/oftctl"
UMAD=$(ls /usr/lib/*/umad2sim/libumad2sim.so /usr/lib/umad2sim/libumad2sim.so 2>/dev/null | head -1 || true)
for tool in /usr/bin/ibsim /usr/sbin/opensm /usr/sbin/dump_fts; do
  [ -x "$tool" ] || { echo "needs $tool (apt-get install -y opensm ibsim-utils libumad2sim0 infiniband-diags)" >&2; exit 2; }
done
[ -n "$UMAD" ] || { echo "needs libumad2sim (apt-get install -y libumad2sim0)" >&2; exit 2; }
WORK=$(mktemp -d)
IBSIM_PID=
cleanup() { [ -n "$IBSIM_PID" ] && kill "$IBSIM_PID" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT
cd "$WORK"
"$OFTCTL" fattree export --topology "$SPEC" --fail "$FAIL" -o broken.net
ibsim -s -n -N 20000 -S 4000 -P 200000 broken.net > ibsim.log 2>&1 &
IBSIM_PID=$!
for _ in $(seq 1 600); do grep -q MaxMcastCap ibsim.log && break; kill -0 "$IBSIM_PID" || { cat ibsim.log >&2; exit 1; }; sleep 0.2; done
compare=()
echo "# $SPEC, failed: $FAIL"
echo "routing,opensm_seconds"
for engine in ${ENGINES:-ftree updn minhop dfsssp}; do
  t0=$(date +%s.%N)
  LD_PRELOAD=$UMAD opensm -o -R "$engine" -f "osm-$engine.log" > "osm-$engine.out" 2>&1
  t1=$(date +%s.%N)
  used=$engine
  grep -qiE 'falling back|fall back' "osm-$engine.log" && used="$engine(fell back)"
  LD_PRELOAD=$UMAD dump_fts > "dump-$engine.out" 2>&1
  echo "OpenSM $used,$(echo "$t1 - $t0" | bc)"
  compare+=(--compare-lft "OpenSM $used=$WORK/dump-$engine.out")
done
"$OFTCTL" fattree reroute --topology "$SPEC" --engine dmodk --fail "$FAIL" --shifts "${compare[@]}" --json > ours.json
python3 - ours.json "$SPEC" "$FAIL" <<'PY'
import json, os, sys
d = json.load(open(sys.argv[1]))
print("routing,max_flows_per_link_over_all_shifts,mean_max_link_load_200_random_permutations,unrouted_connected_pairs,seconds")
print("complete tree (dmodk),%d,%.3f,0," % (d["maxFlowsOverShifts"]["complete"], d["meanMaxLinkLoadRandomPermutations"]["complete"]))
print("ours (dmodk rerouted),%d,%.3f,%d,%.4f" % (d["maxFlowsOverShifts"]["broken"], d["meanMaxLinkLoadRandomPermutations"]["broken"],
                                             d["unroutedConnectedPairs"], d["seconds"]))
for c in d.get("compared", []):
    print("%s,%d,%.3f,%d," % (c["name"], c["maxFlowsOverShifts"], c["meanMaxLinkLoadRandomPermutations"], c["unroutedConnectedPairs"]))
print("# dead cables %d, unreachable pairs %d" % (d["deadCables"], d["unreachablePairs"]))
summary = os.environ.get("SUMMARY")
if summary:
    # a table that leaves connected pairs unrouted loses to one that routes more of them, whatever its loads:
    # routings are ranked by (unrouted connected pairs, max flows over shifts)
    theirs = {c["name"].split()[1].split("(")[0]: (c["unroutedConnectedPairs"], c["maxFlowsOverShifts"]) for c in d.get("compared", [])}
    best = min(theirs.values())
    ours = (d["unroutedConnectedPairs"], d["maxFlowsOverShifts"]["broken"])
    with open(summary, "a") as f:
        f.write("\"%s\",%s,%d,%d,%d,%s,%d,%d,%.3f,%s\n" % (sys.argv[2], sys.argv[3], d["deadCables"], ours[1], ours[0],
            ",".join("%d/%d" % (theirs[e][1], theirs[e][0]) if e in theirs else "" for e in ("ftree", "updn", "minhop", "dfsssp")),
            best[1], best[0], d["seconds"], "no worse" if ours <= best else "WORSE"))
PY
