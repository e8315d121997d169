#!/usr/bin/env bash
# Synthesizes each board with Yosys for an iCE40 UltraPlus (synth_ice40) and places and routes it
# with nextpnr-ice40 --up5k, printing LUTs, flip-flops, RAM blocks and Fmax per board; then Yosys's
# ECP5 statistics (synth_ecp5: Debian has no nextpnr-ecp5 to place them).
#   rtl/synth/synth.sh [ORDER=10] [OUT_DIR]      (each board takes a minute to a few)
# Timing closure as a lab does it: Fmax moves by several MHz from one placement of a netlist to another, so
# each UP5K board is placed at the seeds in SEEDS (default 1..24), two at a time, until a placement meets
# 48 MHz; that placement is kept (OUT_DIR/<board>.up5k.asc, packed to <board>.bin when icepack is there)
# and its Fmax is the table's. Under each row: the seeds placed, the mean and range of their Fmax (the
# design's margin, which one kept placement does not show), and icetime's Fmax of the kept placement (icestorm's
# own analyser, another delay model). ALL_SEEDS=1 places every seed in SEEDS.
# PATHS=1 prints each UP5K board's critical path (the kept placement's) under its row, its nets named back
# to the RTL's signals (critical_path.py).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
order="${1:-10}"
out="${2:-$here/build/synth}"
clk_mhz=48
read -r -a seeds <<<"${SEEDS:-$(seq -s ' ' 1 24)}"
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
printf '%-36s %-14s %-16s %6s %-22s %s\n' "board (order $order)" "UP5K LCs" "RAM" "FFs" "Fmax (MHz, nextpnr)" "ECP5 (yosys): LUT4 FFs DP16KD"
place() { # device package tag seed log [asc]: nextpnr-ice40 on $out/tag.json
    nextpnr-ice40 --"$1" --package "$2" --json "$out/$3.json" ${6:+--asc "$6"} --freq "$clk_mhz" \
        --pcf-allow-unconstrained --seed "$4" --log "$5" >/dev/null 2>&1 || true
}
lcs_of() { # nextpnr log: its logic cells "used/of"
    grep -m1 'ICESTORM_LC:' "$1" 2>/dev/null | sed -E 's/.*ICESTORM_LC: *([0-9]+)\/ *([0-9]+).*/\1\/\2/' || true
}
usage() { # nextpnr log: "LCs used/of|RAM used/of[+n SPRAM]"
    local lc ram spram
    lc=$(lcs_of "$1")
    ram=$(grep -m1 'ICESTORM_RAM:' "$1" | sed -E 's/.*ICESTORM_RAM: *([0-9]+)\/ *([0-9]+).*/\1\/\2/')
    spram=$(grep -m1 'ICESTORM_SPRAM:' "$1" | sed -E 's/.*ICESTORM_SPRAM: *([0-9]+)\/.*/\1/')
    [ -z "$spram" ] || [ "$spram" = 0 ] || ram="$ram+${spram} SPRAM"
    echo "$lc|$ram"
}
over() { # nextpnr log: true when the design needs more logic cells than the chip has
    lcs_of "$1" | awk -F/ 'NR == 1 {over = $1 > $2} END {exit !over}' # (no figure, no verdict)
}
pnr() { # device package tag: one placement at the first seed (the HX8K's figures); prints "LCs|RAM|Fmax"
    local log="$out/$3.$1.pnr.log"
    place "$1" "$2" "$3" "${seeds[0]}" "$log" "$out/$3.$1.asc"
    echo "$(usage "$log")|$(fmax_of "$log")"
}
close_timing() { # tag: UP5K placements two at a time until one meets the clock; prints "LCs|RAM|Fmax|seed|placed Fmaxes"
    local tag=$1 k s best="-" best_seed="" placed=() fs=()
    for ((k = 0; k < ${#seeds[@]}; k += 2)); do
        for s in "${seeds[@]:k:2}"; do
            place up5k sg48 "$tag" "$s" "$out/$tag.up5k.s$s.log" "$out/$tag.up5k.s$s.asc" &
        done
        wait
        for s in "${seeds[@]:k:2}"; do
            local f
            f=$(fmax_of "$out/$tag.up5k.s$s.log")
            placed+=("$s"); fs+=("$f")
            if [ "$f" != "-" ] && { [ "$best" = "-" ] || awk -v a="$f" -v b="$best" 'BEGIN {exit !(a > b)}'; }; then
                best=$f best_seed=$s
            fi
        done
        over "$out/$tag.up5k.s${seeds[k]}.log" && break # more cells than the chip has: no seed places it
        if [ -z "${ALL_SEEDS:-}" ] && [ "$best" != "-" ] && awk -v a="$best" -v c="$clk_mhz" 'BEGIN {exit !(a >= c)}'; then break; fi
    done
    if [ "$best" = "-" ]; then echo "$(usage "$out/$tag.up5k.s${seeds[0]}.log")|-||"; return; fi
    cp "$out/$tag.up5k.s$best_seed.log" "$out/$tag.up5k.pnr.log"
    cp "$out/$tag.up5k.s$best_seed.asc" "$out/$tag.up5k.asc"
    rm -f "$out/$tag".up5k.s*.asc
    if command -v icepack >/dev/null; then icepack "$out/$tag.up5k.asc" "$out/$tag.bin" || true; fi
    local list=""
    for ((k = 0; k < ${#placed[@]}; k++)); do list+="${list:+ }${placed[k]}:${fs[k]}"; done
    echo "$(usage "$out/$tag.up5k.pnr.log")|$best|$best_seed|$list"
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
    IFS='|' read -r lc ram fmax kept placed <<<"$(close_timing "$tag")"
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
    printf '%-36s %-14s %-16s %6s %-22s %s\n' "$name" "$lc" "$ram" "$ffs" "$fits" "${e_luts:-?} ${e_ffs:-?} ${e_ram:-0}"
    if [ "$fmax" != "-" ]; then # every placement tried, so that one kept placement is read beside the others
        echo "$placed" | tr ' ' '\n' | awk -F: -v kept="$kept" -v placed="$placed" '
            $2 != "-" {s += $2; n++; if (n == 1 || $2 < min) min = $2; if (n == 1 || $2 > max) max = $2}
            END {printf "    kept: seed %s of %d placed (seed:MHz %s); their mean %.2f MHz, %.2f-%.2f\n", kept, NR, placed, s / n, min, max}'
        if command -v icetime >/dev/null; then # a second opinion: icestorm's own timing analyser, paths inside the chip
            it=$(icetime -d up5k -P sg48 -i -t "$out/$tag.up5k.asc" 2>/dev/null | sed -nE 's/.*Total path delay: .*\(([0-9.]+) MHz\).*/\1/p' || true)
            echo "    icetime -i on the kept placement: ${it:-?} MHz"
        fi
    fi
    if [ -n "${PATHS:-}" ] && [ "$fmax" != "-" ]; then
        python3 "$here/synth/critical_path.py" "$out/$tag.json" "$out/$tag.up5k.pnr.log" || true
    fi
done
