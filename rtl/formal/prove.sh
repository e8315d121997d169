#!/usr/bin/env bash
# Proves the engine's properties (oft_engine.v, `ifdef FORMAL) with Yosys's sat, by temporal
# induction from power-on, for a bench of one router-level and one processor board at order 1
# (the properties are about control, not table sizes), one property at a time:
#   GEN      a board's generation (and the backplane's) never decreases;
#   STAGING  staging changes for a request only under the board's generation, from its claimant
#            since it booted, and never in a region whose commit is scheduled; no bank is written
#            anywhere else but in the copy-back after a flip and a reboot's clearing;
#   ACTIVE   an active bank changes only at a slot boundary, to a commit due at that slot that named it (or
#            empties when the board reboots);
#   KEPT     a bit kept beside a counter (a lease's halves, the slot clock's, a memory's wait) says
#            what the compare it stands for would;
#   FENCED   what is fenced changes only for the generation's holder: a board's schedule for a Commit or
#            an Abort, the slot clock for a Clock to the backplane (or at a flip, a clearing, a reset).
#   rtl/formal/prove.sh [GEN|STAGING|ACTIVE|KEPT|FENCED ...]     (PROVE_JOBS=N: at most N side by side; default one a core)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
command -v yosys >/dev/null || { echo "prove.sh: yosys is not installed (apt-get install yosys)" >&2; exit 3; }
props=("$@")
[ ${#props[@]} -gt 0 ] || props=(FENCED STAGING GEN ACTIVE KEPT) # (the longest first: two at a time finish together)
jobs="${PROVE_JOBS:-$(nproc 2>/dev/null || echo 1)}"  # proofs side by side, one a core (each is single-threaded)
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
prove() {
    local p="$1" log="$out/$1.log" start
    start=$(date +%s)
    yosys -q -l "$log" -p "read_verilog -formal -DFORMAL -DFORMAL_$p -I$here/src $here/src/oft_engine.v $here/src/slot_clock.v $here/src/request_checks.v $here/src/answer_writer.v $here/src/byte_ram.v;
        chparam -set ORDER 1 -set ROUTERS 1 -set PROCS 1 -set OW_AW 1 -set CLK_HZ 4000 oft_engine;
        prep -top oft_engine; flatten; memory_map; opt -fast;
        sat -tempinduct -prove-asserts -set-assumes -set-at 1 por 1 -maxsteps 4 -timeout 900" >/dev/null 2>&1 || true
    if grep -q "Induction step proven: SUCCESS" "$log"; then
        echo "$p: proved ($(grep -c 'Import proof for assert' "$log" | tr -d ' ') assertion checks, $(( $(date +%s) - start )) s): $(grep -m1 -o 'induction length [0-9]*' "$log" | tail -1 || true)" > "$out/$p.said"
    else
        { echo "$p: NOT proved; Yosys said:"; grep -E "failed|FAIL|ERROR" "$log" | head -20; } > "$out/$p.failed"
    fi
}
for p in "${props[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n || true
    done
    prove "$p" &
done
wait
status=0
for p in "${props[@]}"; do
    if [ -f "$out/$p.said" ]; then
        cat "$out/$p.said"
    else
        cat "$out/$p.failed" >&2 2>/dev/null || echo "$p: NOT proved (no verdict)" >&2
        status=1
    fi
done
exit $status
