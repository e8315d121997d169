#!/usr/bin/env bash
# Fmax as a spread, not one placement: each UP5K board (router-level and processor, order 10) is
# synthesized under several read orders of the same files and placed at several seeds. Yosys numbers
# its cells in the order it reads them and ABC maps the engine anew for each order, which moves Fmax
# by as much as a placement seed does; a step is judged by the mean of all of them.
#   rtl/synth/spread.sh [ORDER=10] [OUT_DIR]      ORDERS=4 (1..4) SEEDS="1 2": 8 placements a board
# Prints each board's Fmax per (order, seed) and their mean, the first order's register bits by the LUTs
# in front of them (depth.py: no noise), then the registers whose worst arrival over the placements is
# past the 48 MHz period most often (endpoints.py).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
order="${1:-10}"
out="${2:-$here/build/spread}"
read -r -a seeds <<<"${SEEDS:-1 2}"
n_orders="${ORDERS:-4}"
for tool in yosys nextpnr-ice40 python3; do
    command -v "$tool" >/dev/null || { echo "spread.sh: $tool is not installed" >&2; exit 3; }
done
[[ "$n_orders" =~ ^[1-4]$ ]] || { echo "spread.sh: ORDERS is 1..4, got $n_orders" >&2; exit 2; }
mkdir -p "$out"
# the same files in other orders (the fourth: a module of its own read first, so every id shifts)
printf 'module spread_pad(input clk, input [15:0] a, output reg [15:0] q);\n    always @(posedge clk) q <= a + 16'"'"'d3 ^ {a[7:0], a[15:8]};\nendmodule\n' >"$out/pad.v"
source "$here/synth/boards.sh"
others=()
for f in "${BOARD_FILES[@]}"; do [ "$f" = oft_engine.v ] || others+=("$f"); done
reversed=()
for ((k = ${#others[@]} - 1; k >= 0; k--)); do reversed+=("${others[k]}"); done
# synth.sh's order; the engine first; the others reversed, the engine last; a pad module first
orders=("${BOARD_FILES[*]}" "oft_engine.v ${others[*]}" "${reversed[*]} oft_engine.v" "$out/pad.v ${BOARD_FILES[*]}")
boards=("r|-set ORDER $order -set ROUTERS 1 -set PROCS 0 -set LEVEL 1" "p|-set ORDER $order -set ROUTERS 0 -set PROCS 1")
synth() { # order-index board params
    (cd "$here/src" && yosys -q -l "$out/$1$2.ylog" -p "read_verilog -I. ${orders[$1]}; chparam $3 -set SPRAM 1 oft_board; $(synth_ice40_script u "$out/$1$2.json")") >/dev/null 2>&1
}
for v in $(seq 0 $((n_orders - 1))); do # two at a time
    for b in "${boards[@]}"; do synth "$v" "${b%%|*}" "${b#*|}" & done
    wait || true
done
for v in $(seq 0 $((n_orders - 1))); do for b in r p; do for s in "${seeds[@]}"; do
    nextpnr-ice40 --up5k --package sg48 --json "$out/$v$b.json" --freq 48 --pcf-allow-unconstrained --seed "$s" \
        --log "$out/$v$b.s$s.log" --report "$out/$v$b.s$s.rep.json" --detailed-timing-report --write "$out/$v$b.s$s.routed.json" >/dev/null 2>&1 &
    if (( $(jobs -r | wc -l) >= 2 )); then wait -n || true; fi # (nextpnr fails a placement short of 48 MHz)
done; done; done
wait || true
for b in r p; do
    name=$([ $b = r ] && echo "router-level board" || echo "processor board")
    line="" fs=()
    for v in $(seq 0 $((n_orders - 1))); do
        line+=" order $((v + 1)):"
        for s in "${seeds[@]}"; do
            f=$(fmax_of "$out/$v$b.s$s.log")
            line+=" $f"; [ "$f" != "-" ] && fs+=("$f")
        done
    done
    mean=$(printf '%s\n' "${fs[@]}" | awk '{s += $1; n++} END {if (n) printf "%.2f", s / n; else print "-"}')
    echo "$name (order $order):$line; mean $mean MHz over ${#fs[@]} placements"
    python3 "$here/synth/depth.py" "$out/0$b.json" 5 2>/dev/null | head -2 | sed 's/^/    first order: /' || true
    prefixes=()
    for v in $(seq 0 $((n_orders - 1))); do for s in "${seeds[@]}"; do prefixes+=("$out/$v$b.s$s"); done; done
    python3 "$here/synth/endpoints.py" "${prefixes[@]}" | sed 's/^/    /' || true
done
