#!/usr/bin/env bash
# Builds the Verilator model of a bench behind ptys, once per source change; prints the executable's path:
#   rtl/build.sh ORDER                              an order-r OFT bench (orders 1..6)
#   rtl/build.sh switch SWITCHES RADIX LIDS LEVELS [LMC]   a bench of electrical switch boards' management planes
#                                                    (LMC: each host owns 2^LMC of the LIDS addresses; default 0)
#   rtl/build.sh board ROLE ORDER                    one optical board with its optics' pins (ROLE router:LEVEL or
#                                                    processor:P, orders 3..10), its pins traced (--trace FILE)
#   rtl/build.sh lab ORDER                          a lab's bench of separate optical boards (orders 3..4): each an
#                                                    oft_board on its own pty, on the fibre plant (lab_bench.v)
#   rtl/build.sh gates ROLE ORDER                    the same board as a real board's image has it (SPRAM, flash, the
#                                                    sync line, led here): Yosys's iCE40 netlist, its LUTs, carries,
#                                                    flip-flops and RAMs simulated by Yosys's own cell models, at 48 kHz
#                                                    (12 kbaud): a gate-level model runs about 90,000 cycles a second
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
order="${1:?usage: build.sh ORDER | build.sh switch SWITCHES RADIX LIDS LEVELS [LMC] | build.sh lab ORDER | build.sh board|gates ROLE ORDER}"
out="$here/build"
clk_hz=2000000
clks_per_bit=4
ports=2
command -v verilator >/dev/null || { echo "build.sh: verilator is not installed (apt-get install verilator)" >&2; exit 3; }
defines=""
gates=0
if [ "$order" = board ] || [ "$order" = gates ]; then
    role="${2:?role: router:LEVEL or processor:P}"; border="${3:?order}"
    case "$order:$border" in board:[3-9]|board:10|gates:[3-6]) ;;
        *) echo "build.sh: a lone optical board is built for orders 3..10, its gates for 3..6 (a real board's), got '$border'" >&2; exit 2 ;; esac
    [ "$order" = gates ] && gates=1
    n=$(( 1 << border ))
    case "$role" in
        router:*) v="${role#router:}"; case "$v" in ''|*[!0-9]*) v=0 ;; esac
            if [ "$v" -lt 1 ] || [ "$v" -gt "$border" ]; then echo "build.sh: a router-level board's level is 1..$border, got '$role'" >&2; exit 2; fi
            params=(-GROUTERS=1 -GPROCS=0 -GLEVEL="$v") ;;
        processor:*) v="${role#processor:}"; case "$v" in ''|*[!0-9]*) v=$n ;; esac
            if [ "$v" -ge "$n" ]; then echo "build.sh: a processor board's index is 0..$((n - 1)), got '$role'" >&2; exit 2; fi
            params=(-GROUTERS=0 -GPROCS=1 -GPROC="$v") ;;
        *) echo "build.sh: a board's role is router:LEVEL or processor:P, got '$role'" >&2; exit 2 ;;
    esac
    top=oft_board
    params+=(-GORDER="$border" -GOPTICS=1 -GFLASH=1 -GFIFO_LOG2=9)
    defines="-DLONE_BOARD"
    ports=1
    dir="$out/board-${role/:/-}-$border"
    if [ "$gates" = 1 ]; then
        command -v yosys >/dev/null || { echo "build.sh: the gate-level model needs yosys (apt-get install yosys)" >&2; exit 3; }
        params+=(-GSPRAM=1 -GSYNC=1)
        defines="-DLONE_BOARD -DSYNC_LEAD"
        clk_hz=48000
        dir="$out/gates-${role/:/-}-$border"
    fi
elif [ "$order" = lab ]; then
    border="${2:?order}"
    case "$border" in 3|4) ;; *) echo "build.sh: a lab bench of separate boards is built for orders 3..4, got '$border'" >&2; exit 2 ;; esac
    top=lab_bench
    params=(-GORDER="$border")
    defines="-DLAB_BENCH -DLAB_LEAD=$((border - 1))"
    ports=$(( border + (1 << border) ))
    # 11 or 20 boards in one model run about 360,000 or 200,000 cycles a second here: at 250 kHz (62.5 kbaud) the
    # model keeps the wall's pace, as a board's slot clock and leases must for a controller that times them
    clk_hz=250000
    dir="$out/lab-$border"
elif [ "$order" = switch ]; then
    switches="${2:?switches}"; radix="${3:?radix}"; lids="${4:?lids}"; levels="${5:?levels}"; lmc="${6:-0}"
    for v in "$switches" "$radix" "$lids" "$levels" "$lmc"; do
        case "$v" in ''|*[!0-9]*) echo "build.sh: switch SWITCHES RADIX LIDS LEVELS [LMC] are numbers, got '$v'" >&2; exit 2 ;; esac
    done
    top=switch_bench
    params=(-GSWITCHES="$switches" -GRADIX="$radix" -GLIDS="$lids" -GLEVELS="$levels" -GLMC="$lmc")
    dir="$out/switch-$switches-$radix-$lids-$levels-$lmc"
else
    case "$order" in [1-6]) ;; *) echo "build.sh: the RTL bench is built for orders 1..6, got '$order'" >&2; exit 2 ;; esac
    top=oft_bench
    params=(-GORDER="$order")
    dir="$out/order-$order"
fi
exe="$dir/oft-bench-rtl"
stamp="$(cat "$here"/src/*.v "$here"/src/*.vh "$here"/sim/bench_pty.cpp "$here"/sim/lab_crystals.h "$here"/lint.vlt "$here"/synth/boards.sh "$0" | sha256sum | cut -c1-16)"
if [ -x "$exe" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "$exe"
    exit 0
fi
mkdir -p "$dir"
lock="$dir/.lock"
exec 9>"$lock"
flock 9
if [ -x "$exe" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "$exe"
    exit 0
fi
rm -rf "$dir/obj"
cflags="-O2 $defines -DCLK_HZ=$clk_hz -DCLKS_PER_BIT=$clks_per_bit -DPORTS=$ports -DBENCH_MODEL=V$top -DBENCH_HEADER='\"V$top.h\"'"
if [ "$gates" = 1 ]; then
    # the netlist as the image build maps it (synth/boards.sh's script), then simulated cell by cell
    source "$here/synth/boards.sh"
    files=()
    for f in "${BOARD_FILES[@]}"; do files+=("$here/src/$f"); done
    chparams=""
    for p in "${params[@]}" -GCLK_HZ="$clk_hz" -GCLKS_PER_BIT="$clks_per_bit"; do p="${p#-G}"; chparams+=" -set ${p%%=*} ${p#*=}"; done
    mkdir -p "$dir/obj"
    yosys -q -l "$dir/synth.log" -p "read_verilog -I$here/src ${files[*]}; chparam$chparams oft_board;
        $(synth_ice40_script u "$dir/obj/gates.json" oft_board); write_verilog -noattr $dir/obj/gates.v" >/dev/null 2>&1 \
        || { echo "build.sh: Yosys failed; its log: $dir/synth.log" >&2; tail -20 "$dir/synth.log" >&2; exit 1; }
    cells="$(yosys-config --datdir 2>/dev/null || echo /usr/share/yosys)/ice40/cells_sim.v"
    # (the cells' default port values are not Verilog Verilator takes; the netlist ties every port it uses)
    verilator --cc --exe --build -j 2 -Wno-fatal -Wno-lint -Wno-style --x-assign fast --x-initial fast \
        -DNO_ICE40_DEFAULT_ASSIGNMENTS --top-module "$top" -CFLAGS "$cflags" --Mdir "$dir/obj" -o oft-bench-rtl \
        "$dir/obj/gates.v" "$cells" "$here/sim/bench_pty.cpp" >"$dir/build.log" 2>&1 || { cat "$dir/build.log" >&2; exit 1; }
else
verilator --cc --exe --build -O3 --unroll-count 1024 -Wno-fatal "$here/lint.vlt" --x-assign fast --x-initial fast \
    -I"$here/src" --top-module "$top" \
    "${params[@]}" $(case "$top" in oft_board|lab_bench) ;; *) echo -GPORTS="$ports" ;; esac) -GCLK_HZ="$clk_hz" -GCLKS_PER_BIT="$clks_per_bit" \
    -CFLAGS "$cflags" \
    --Mdir "$dir/obj" -o oft-bench-rtl \
    "$here/src/$top.v" "$here/src/bench_ports.v" "$here/sim/bench_pty.cpp" >"$dir/build.log" 2>&1 || { cat "$dir/build.log" >&2; exit 1; }
fi
cp "$dir/obj/oft-bench-rtl" "$exe.new" && mv -f "$exe.new" "$exe"
echo $((clk_hz / clks_per_bit)) > "$dir/baud"
echo "$clk_hz" > "$dir/clock"
echo "$stamp" > "$dir/stamp"
echo "$exe"
