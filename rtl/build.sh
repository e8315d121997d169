#!/usr/bin/env bash
# Builds the Verilator model of a bench behind ptys, once per source change; prints the executable's path:
#   rtl/build.sh ORDER                              an order-r OFT bench (orders 1..6)
#   rtl/build.sh switch SWITCHES RADIX LIDS LEVELS [LMC]   a bench of electrical switch boards' management planes
#                                                    (LMC: each host owns 2^LMC of the LIDS addresses; default 0)
#   rtl/build.sh board ROLE ORDER                    one optical board with its optics' pins (ROLE router:LEVEL or
#                                                    processor:P, orders 3..10), its pins traced (--trace FILE)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
order="${1:?usage: build.sh ORDER | build.sh switch SWITCHES RADIX LIDS LEVELS [LMC] | build.sh board ROLE ORDER}"
out="$here/build"
clk_hz=2000000
clks_per_bit=4
ports=2
command -v verilator >/dev/null || { echo "build.sh: verilator is not installed (apt-get install verilator)" >&2; exit 3; }
defines=""
if [ "$order" = board ]; then
    role="${2:?role: router:LEVEL or processor:P}"; border="${3:?order}"
    case "$border" in 3|4|5|6|7|8|9|10) ;; *) echo "build.sh: a lone optical board is built for orders 3..10, got '$border'" >&2; exit 2 ;; esac
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
stamp="$(cat "$here"/src/*.v "$here"/src/*.vh "$here"/sim/bench_pty.cpp "$here"/lint.vlt "$0" | sha256sum | cut -c1-16)"
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
verilator --cc --exe --build -O3 --unroll-count 1024 -Wno-fatal "$here/lint.vlt" --x-assign fast --x-initial fast \
    -I"$here/src" --top-module "$top" \
    "${params[@]}" $([ "$top" = oft_board ] || echo -GPORTS="$ports") -GCLK_HZ="$clk_hz" -GCLKS_PER_BIT="$clks_per_bit" \
    -CFLAGS "-O2 $defines -DCLK_HZ=$clk_hz -DCLKS_PER_BIT=$clks_per_bit -DPORTS=$ports -DBENCH_MODEL=V$top -DBENCH_HEADER='\"V$top.h\"'" \
    --Mdir "$dir/obj" -o oft-bench-rtl \
    "$here/src/$top.v" "$here/src/bench_ports.v" "$here/sim/bench_pty.cpp" >"$dir/build.log" 2>&1 || { cat "$dir/build.log" >&2; exit 1; }
cp "$dir/obj/oft-bench-rtl" "$exe.new" && mv -f "$exe.new" "$exe"
echo $((clk_hz / clks_per_bit)) > "$dir/baud"
echo "$clk_hz" > "$dir/clock"
echo "$stamp" > "$dir/stamp"
echo "$exe"
