#!/usr/bin/env bash
# Runs the units' test benches under Icarus Verilog: rtl/bench/NAME_tb.v tests unit NAME (rtl/src/NAME.v) against
# a model of its own and prints "PASS NAME: what it checked" as it ends, or "FAIL NAME: ..." (and stops) at the
# first difference (a bench's models of what a unit talks to, such as spi_flash.v, sit beside the benches).
# Every bench, or those named:
#   rtl/bench/run.sh [NAME ...]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
command -v iverilog >/dev/null || { echo "run.sh: iverilog is not installed (apt-get install iverilog)" >&2; exit 3; }
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    for f in "$here"/bench/*_tb.v; do b="$(basename "$f")"; names+=("${b%_tb.v}"); done
fi
out="$here/build/bench"
mkdir -p "$out"
status=0
for n in "${names[@]}"; do
    tb="$here/bench/${n}_tb.v"
    [ -f "$tb" ] || { echo "FAIL $n: no bench $tb" >&2; status=1; continue; }
    log="$out/$n.log"
    if ! iverilog -g2012 -Wall -Wno-timescale -I"$here/src" -y"$here/src" -y"$here/bench" -Y.v -s "${n}_tb" -o "$out/$n.vvp" "$tb" >"$log" 2>&1; then
        echo "FAIL $n: it does not compile; $log" >&2
        cat "$log" >&2
        status=1
        continue
    fi
    # a unit's input left floating (a port added and a bench not told) makes the bench pass or fail by accident
    if grep -q "dangling input port" "$log"; then
        echo "FAIL $n: an input port is left floating:" >&2
        grep "dangling input port" "$log" >&2
        status=1
        continue
    fi
    # (run in rtl/: a bench reads its files, such as oft_board_frames.hex, as bench/FILE)
    if (cd "$here" && vvp -n "$out/$n.vvp") >>"$log" 2>&1 && grep -q "^PASS $n:" "$log" && ! grep -q "^FAIL" "$log"; then
        grep "^PASS $n:" "$log"
    else
        grep -E "^FAIL|ERROR|error" "$log" >&2 || tail -5 "$log" >&2
        echo "FAIL $n: see $log" >&2
        status=1
    fi
done
exit $status
