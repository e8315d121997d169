#!/usr/bin/env bash
# Builds a flashable image of one optical board for a real iCE40 board: Yosys, nextpnr-ice40 with the board's
# pin file, icepack.
#   rtl/boards/build.sh TARGET ROLE ORDER [OUT.bin]
#     TARGET  icebreaker | upduino
#     ROLE    router:LEVEL (1..ORDER) | processor:P (0..2^ORDER-1) | bringup (the bench check: board_bringup.v)
#     ORDER   3..6
# The engine's clock is the fastest of 48, 36 and 24 MHz that a placement meets (SEEDS, default 1..6, are
# placed in turn until one does); the line is 3 Mbaud at every one. Prints the image's path and what it
# took; flash it with `iceprog OUT.bin` (docs/rtl.md, "Putting it on a board").
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
usage="usage: build.sh icebreaker|upduino router:LEVEL|processor:P ORDER [OUT.bin]"
target="${1:?$usage}"; role="${2:?$usage}"; order="${3:?$usage}"
case "$target" in icebreaker|upduino) ;; *) echo "build.sh: the targets are icebreaker and upduino, got '$target'" >&2; exit 2 ;; esac
case "$order" in 3|4|5|6) ;; *) echo "build.sh: a real board is built for orders 3..6 (its pins and its UP5K), got '$order'" >&2; exit 2 ;; esac
n=$(( 1 << order ))
case "$role" in
    router:*) v="${role#router:}"; case "$v" in ''|*[!0-9]*) v=0 ;; esac
        if [ "$v" -lt 1 ] || [ "$v" -gt "$order" ]; then echo "build.sh: a router-level board's level is 1..$order, got '$role'" >&2; exit 2; fi
        params="-set ORDER $order -set ROUTER 1 -set LEVEL $v -set PROC 0" ;;
    processor:*) v="${role#processor:}"; case "$v" in ''|*[!0-9]*) v=$n ;; esac
        if [ "$v" -ge "$n" ]; then echo "build.sh: a processor board's index is 0..$((n - 1)) at order $order, got '$role'" >&2; exit 2; fi
        params="-set ORDER $order -set ROUTER 0 -set LEVEL 1 -set PROC $v" ;;
    bringup) params="-set ORDER $order -set ROUTER 0 -set LEVEL 1 -set PROC 0 -set BRINGUP 1" ;;
    *) echo "build.sh: a board's role is router:LEVEL, processor:P or bringup, got '$role'" >&2; exit 2 ;;
esac
for tool in yosys nextpnr-ice40 icepack; do
    command -v "$tool" >/dev/null || { echo "build.sh: $tool is not installed (apt-get install yosys nextpnr-ice40 fpga-icestorm)" >&2; exit 3; }
done
tag="$target-${role/:/-}-order$order"
out="${4:-$here/build/boards/$tag.bin}"
work="$here/build/boards/$tag"
mkdir -p "$work" "$(dirname "$out")"
source "$here/synth/boards.sh"
files=()
for f in "${BOARD_FILES[@]}" optical_board.v board_bringup.v reset_sync.v ice40_clock.v; do files+=("$here/src/$f"); done
files+=("$here/boards/${target}_top.v")
top="${target}_top"
read -r -a seeds <<<"${SEEDS:-1 2 3 4 5 6}"
for mhz in 48 36 24; do
    yosys -q -l "$work/synth.$mhz.log" -p "read_verilog -I$here/src ${files[*]}; chparam $params -set MHZ $mhz $top;
        $(synth_ice40_script u "$work/$mhz.json" "$top")" >/dev/null 2>&1 \
        || yosys -q -l "$work/synth.$mhz.log" -p "read_verilog -I$here/src ${files[*]}; chparam $params -set MHZ $mhz $top;
            synth_ice40 -top $top -json $work/$mhz.json" >/dev/null \
        || { echo "build.sh: Yosys failed; its log: $work/synth.$mhz.log" >&2; tail -20 "$work/synth.$mhz.log" >&2; exit 1; }
    for s in "${seeds[@]}"; do
        log="$work/pnr.$mhz.s$s.log"
        if ! nextpnr-ice40 --up5k --package sg48 --pcf "$here/boards/$target.pcf" --json "$work/$mhz.json" \
                --asc "$work/$mhz.s$s.asc" --freq "$mhz" --seed "$s" --log "$log" >/dev/null 2>&1; then
            if ! grep -q 'Max frequency for clock' "$log"; then # not a timing miss: a pin, a fit
                lcs=$(grep -m1 'ICESTORM_LC:' "$log" | sed -E 's/.*ICESTORM_LC: *([0-9]+)\/ *([0-9]+).*/\1 logic cells of the \2 a UP5K has/' || true)
                echo "build.sh: nextpnr-ice40 could not place $tag${lcs:+: it needs $lcs}; its log: $log" >&2
                grep -E 'ERROR|error' "$log" | head -10 >&2
                exit 1
            fi
        fi
        f=$(fmax_of "$log")
        if [ "$f" != "-" ] && awk -v a="$f" -v c="$mhz" 'BEGIN {exit !(a >= c)}'; then
            icepack "$work/$mhz.s$s.asc" "$out"
            lcs=$(grep -m1 'ICESTORM_LC:' "$log" | sed -E 's/.*ICESTORM_LC: *([0-9]+)\/ *([0-9]+).*/\1 of \2/')
            echo "$out"
            echo "  $target, $role, order $order: engine clock $mhz MHz (placement at seed $s meets it: $f MHz), $lcs logic cells, 3 Mbaud"
            exit 0
        fi
    done
done
echo "build.sh: no placement of $tag met even 24 MHz (seeds ${seeds[*]}); logs in $work" >&2
exit 1
