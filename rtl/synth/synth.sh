#!/usr/bin/env bash
# Synthesizes each board with Yosys for an iCE40 UltraPlus (synth_ice40) and places and routes it
# with nextpnr-ice40 --up5k, printing LUTs, flip-flops, RAM blocks and Fmax per board; then Yosys's
# ECP5 statistics (synth_ecp5: Debian has no nextpnr-ecp5 to place them).
#   rtl/synth/synth.sh [ORDER=10] [OUT_DIR]      (each board takes a minute or two)
# Fmax moves by 2-3 MHz from one placement of a netlist to another: SEEDS="1 2 3 4" places each UP5K
# board once a seed (the table's figures are the first seed's) and prints the others under its row.
# PATHS=1 prints each UP5K board's critical path (the first seed's) under its row, its nets named back to
# the RTL's signals (critical_path.py).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
order="${1:-10}"
out="${2:-$here/build/synth}"
clk_mhz=48
read -r -a seeds <<<"${SEEDS:-1}"
mkdir -p "$out"
for tool in yosys nextpnr-ice40; do
    command -v "$tool" >/dev/null || { echo "synth.sh: $tool is not installed (apt-get install yosys nextpnr-ice40 fpga-icestorm)" >&2; exit 3; }
done
source "$here/synth/boards.sh"
files=()
for f in "${BOARD_FILES[@]}"; do files+=("$here/src/$f"); done

# name | parameters
boards=(
    "router-level board, level 1|-set ORDER $order -set ROUTERS 1 -set PROCS 0 -set LEVEL 1"
    "processor board|-set ORDER $order -set ROUTERS 0 -set PROCS 1"
    "switch board, 36 ports, 4,096 LIDs|-set ORDER 3 -set ROUTERS 0 -set PROCS 0 -set SWITCHES 1 -set RADIX 36 -set LIDS 4096"
)
printf '%-30s %-14s %-16s %6s %-22s %s\n' "board (order $order)" "UP5K LCs" "RAM" "FFs" "Fmax (MHz, nextpnr)" "ECP5 (yosys): LUT4 FFs DP16KD"
place() { # device package tag seed log [asc]: nextpnr-ice40 on $out/tag.json
    nextpnr-ice40 --"$1" --package "$2" --json "$out/$3.json" ${6:+--asc "$6"} --freq "$clk_mhz" \
        --pcf-allow-unconstrained --seed "$4" --log "$5" >/dev/null 2>&1 || true
}
pnr() { # device package tag: place and route; prints "LCs used/of|RAM used/of|Fmax" (Fmax "-" when it does not fit)
    local dev=$1 pkg=$2 tag=$3 log="$out/$3.$1.pnr.log"
    place "$dev" "$pkg" "$tag" "${seeds[0]}" "$log" "$out/$tag.$dev.asc"
    local lc ram fmax
    lc=$(grep -m1 'ICESTORM_LC:' "$log" | sed -E 's/.*ICESTORM_LC: *([0-9]+)\/ *([0-9]+).*/\1\/\2/')
    ram=$(grep -m1 'ICESTORM_RAM:' "$log" | sed -E 's/.*ICESTORM_RAM: *([0-9]+)\/ *([0-9]+).*/\1\/\2/')
    local spram
    spram=$(grep -m1 'ICESTORM_SPRAM:' "$log" | sed -E 's/.*ICESTORM_SPRAM: *([0-9]+)\/.*/\1/')
    [ -z "$spram" ] || [ "$spram" = 0 ] || ram="$ram+${spram} SPRAM"
    fmax=$(fmax_of "$log")
    echo "$lc|$ram|$fmax"
}
synth() { # tag params device: synth_ice40 into $out/tag.json
    # ABC9 maps tighter; Yosys 0.23's ABC9 aborts on some designs, so plain ABC is the fallback
    yosys -q -l "$out/$1.ice40.log" -p "read_verilog -I$here/src ${files[*]}; chparam $2 oft_board; $(synth_ice40_script "$3" "$out/$1.json")" >/dev/null 2>&1 \
        || yosys -q -l "$out/$1.ice40.log" -p "read_verilog -I$here/src ${files[*]}; chparam $2 oft_board; synth_ice40 -top oft_board -json $out/$1.json" >/dev/null
}
for entry in "${boards[@]}"; do
    name="${entry%%|*}"
    params="${entry#*|}"
    tag="$(echo "$name" | tr -c 'a-z0-9\n' '-' | sed 's/-*$//')"
    synth "$tag" "$params -set SPRAM 1" u # on the UltraPlus the single-port memories go to its SPRAM
    ffs=$(grep -E '^ +SB_DFF' "$out/$tag.ice40.log" | awk '{s += $2} END {print s}')
    IFS='|' read -r lc ram fmax <<<"$(pnr up5k sg48 "$tag")"
    fits="$fmax"
    if [ "$fmax" = "-" ]; then # does not fit the UP5K: the HX8K's figures instead (it has no SPRAM)
        synth "$tag.hx" "$params" hx
        IFS='|' read -r hlc hram hfmax <<<"$(pnr hx8k ct256 "$tag.hx")"
        fits="does not fit; HX8K: $hlc LCs, $hfmax MHz"
    fi
    yosys -q -l "$out/$tag.ecp5.log" -p "read_verilog -I$here/src ${files[*]}; chparam $params oft_board; synth_ecp5 -top oft_board; stat" >/dev/null
    e_luts=$(grep -E '^ +LUT4' "$out/$tag.ecp5.log" | tail -1 | awk '{print $2}')
    e_ffs=$(grep -E '^ +TRELLIS_FF' "$out/$tag.ecp5.log" | tail -1 | awk '{print $2}')
    e_ram=$(grep -E '^ +DP16KD' "$out/$tag.ecp5.log" | tail -1 | awk '{print $2}')
    printf '%-30s %-14s %-16s %6s %-22s %s\n' "$name" "$lc" "$ram" "$ffs" "$fits" "${e_luts:-?} ${e_ffs:-?} ${e_ram:-0}"
    if [ "${#seeds[@]}" -gt 1 ] && [ "$fmax" != "-" ]; then # the same netlist placed at the other seeds
        others=""
        for s in "${seeds[@]:1}"; do
            place up5k sg48 "$tag" "$s" "$out/$tag.up5k.seed$s.log"
            others+="${others:+, }seed $s: $(fmax_of "$out/$tag.up5k.seed$s.log")"
        done
        echo "    Fmax at seed ${seeds[0]}: $fmax MHz; $others"
    fi
    if [ -n "${PATHS:-}" ] && [ "$fmax" != "-" ]; then
        python3 "$here/synth/critical_path.py" "$out/$tag.json" "$out/$tag.up5k.pnr.log" || true
    fi
done
