#!/usr/bin/env bash
# Synthesizes each board with Yosys for an iCE40 UltraPlus (synth_ice40) and places and routes it
# with nextpnr-ice40 --up5k, printing LUTs, flip-flops, RAM blocks and Fmax per board; then Yosys's
# ECP5 statistics (synth_ecp5: Debian has no nextpnr-ecp5 to place them).
#   rtl/synth/synth.sh [ORDER=10] [OUT_DIR]      (each board takes a minute or two)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
order="${1:-10}"
out="${2:-$here/build/synth}"
clk_mhz=48
mkdir -p "$out"
for tool in yosys nextpnr-ice40; do
    command -v "$tool" >/dev/null || { echo "synth.sh: $tool is not installed (apt-get install yosys nextpnr-ice40 fpga-icestorm)" >&2; exit 3; }
done
src=(oft_board.v board_link.v uart_rx.v uart_tx.v byte_fifo.v frame_rx.v frame_tx.v oft_engine.v)
files=()
for f in "${src[@]}"; do files+=("$here/src/$f"); done

# name | parameters
boards=(
    "router-level board, level 1|-set ORDER $order -set ROUTERS 1 -set PROCS 0 -set LEVEL 1"
    "processor board|-set ORDER $order -set ROUTERS 0 -set PROCS 1"
)
printf '%-32s %6s %6s %6s %5s %9s %s\n' "board (order $order)" "LUTs" "of" "FFs" "BRAM" "Fmax MHz" "ECP5 (yosys): LUTs FFs DP16KD"
for entry in "${boards[@]}"; do
    name="${entry%%|*}"
    params="${entry#*|}"
    tag="$(echo "$name" | tr -c 'a-z0-9\n' '-' | sed 's/-*$//')"
    yosys -q -l "$out/$tag.ice40.log" -p "read_verilog -I$here/src ${files[*]}; chparam $params oft_board; synth_ice40 -top oft_board -json $out/$tag.json" >/dev/null
    nextpnr-ice40 --up5k --package sg48 --json "$out/$tag.json" --asc "$out/$tag.asc" --freq "$clk_mhz" --pcf-allow-unconstrained \
        --seed 1 --log "$out/$tag.pnr.log" >/dev/null 2>&1 || { echo "$name: nextpnr failed, see $out/$tag.pnr.log" >&2; tail -5 "$out/$tag.pnr.log" >&2; continue; }
    luts=$(grep -m1 'ICESTORM_LC:' "$out/$tag.pnr.log" | sed -E 's/.*ICESTORM_LC: *([0-9]+)\/ *([0-9]+).*/\1 \2/')
    ram=$(grep -m1 'ICESTORM_RAM:' "$out/$tag.pnr.log" | sed -E 's/.*ICESTORM_RAM: *([0-9]+)\/ *([0-9]+).*/\1\/\2/')
    ffs=$(grep -E '^ +SB_DFF' "$out/$tag.ice40.log" | awk '{s += $2} END {print s}')
    fmax=$(grep 'Max frequency for clock' "$out/$tag.pnr.log" | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
    yosys -q -l "$out/$tag.ecp5.log" -p "read_verilog -I$here/src ${files[*]}; chparam $params oft_board; synth_ecp5 -top oft_board; stat" >/dev/null
    e_luts=$(grep -E '^ +LUT4' "$out/$tag.ecp5.log" | tail -1 | awk '{print $2}')
    e_ffs=$(grep -E '^ +TRELLIS_FF' "$out/$tag.ecp5.log" | tail -1 | awk '{print $2}')
    e_ram=$(grep -E '^ +DP16KD' "$out/$tag.ecp5.log" | tail -1 | awk '{print $2}')
    set -- $luts
    printf '%-32s %6s %6s %6s %5s %9s %s\n' "$name" "$1" "$2" "$ffs" "$ram" "$fmax" "${e_luts:-?} ${e_ffs:-?} ${e_ram:-0}"
done
