#!/usr/bin/env bash
# Where an optical board's logic goes: Yosys's iCE40 mapping of one real-board role with every module kept
# (synth_ice40 -noflatten), a row per unit: LUT4s, carries, flip-flops, block RAMs. The rows do not sum to
# what nextpnr places (a flattened netlist is optimized across the units, and a logic cell holds a LUT and
# a flip-flop together); the shrink of part 5 (docs/rtl.md) reads which unit to take apart from them.
#   rtl/synth/area.sh ROLE ORDER      ROLE router:LEVEL | processor:P, ORDER 3..6 (the real boards' range)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
usage="usage: area.sh router:LEVEL|processor:P ORDER"
role="${1:?$usage}"; order="${2:?$usage}"
command -v yosys >/dev/null || { echo "area.sh: yosys is not installed (apt-get install yosys)" >&2; exit 3; }
case "$order" in 3|4|5|6) ;; *) echo "area.sh: a real board's order is 3..6, got '$order'" >&2; exit 2 ;; esac
case "$role" in
    router:[1-9]) params="-set ORDER $order -set ROUTER 1 -set LEVEL ${role#router:} -set PROC 0" ;;
    processor:[0-9]*) params="-set ORDER $order -set ROUTER 0 -set LEVEL 1 -set PROC ${role#processor:}" ;;
    *) echo "area.sh: a role is router:LEVEL or processor:P, got '$role'" >&2; exit 2 ;;
esac
source "$here/synth/boards.sh"
files=()
for f in "${BOARD_FILES[@]}" optical_board.v; do files+=("$here/src/$f"); done
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
yosys -q -l "$log" -p "read_verilog -I$here/src ${files[*]}; chparam $params optical_board;
    synth_ice40 -noflatten -top optical_board; stat" >/dev/null 2>&1 \
    || { echo "area.sh: Yosys failed" >&2; tail -20 "$log" >&2; exit 1; }
# stat prints a block per module, then the hierarchy's; a module's name loses its parameter hash
awk -v role="$role" -v order="$order" '
    /^=== design hierarchy ===/ { done = 1 }
    /^=== / && !done { name = $2; sub(/^\$paramod\$[0-9a-f]+\\/, "", name); sub(/^\$paramod\\/, "", name);
                       sub(/\\.*/, "", name); mods[++n] = name; next }
    done || n == 0 { next }
    $1 == "SB_LUT4" { lut[n] += $2 }
    $1 == "SB_CARRY" { carry[n] += $2 }
    $1 ~ /^SB_DFF/ { ff[n] += $2 }
    $1 ~ /^SB_(RAM40_4K|SPRAM256KA)$/ { ram[n] += $2 }
    END {
        printf "%s, order %d: each unit mapped alone (yosys synth_ice40 -noflatten)\n", role, order
        printf "%-16s %7s %7s %7s %5s\n", "unit", "LUT4", "carry", "FFs", "RAM"
        for (i = 1; i <= n; i++) {
            if (lut[i] + ff[i] + carry[i] + ram[i] == 0) continue
            printf "%-16s %7d %7d %7d %5d\n", mods[i], lut[i], carry[i], ff[i], ram[i]
            tl += lut[i]; tc += carry[i]; tf += ff[i]; tr += ram[i]
        }
        printf "%-16s %7d %7d %7d %5d   (a UP5K: 5,280 logic cells, a LUT4 and a flip-flop each)\n", "total", tl, tc, tf, tr
    }' "$log"
