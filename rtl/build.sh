#!/usr/bin/env bash
# Builds the Verilator model of a bench behind ptys, once per source change; prints the executable's path:
#   rtl/build.sh ORDER                              an order-r OFT bench (orders 1..6)
#   rtl/build.sh switch SWITCHES RADIX LIDS LEVELS   a bench of electrical switch boards' management planes
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
order="${1:?usage: build.sh ORDER | build.sh switch SWITCHES RADIX LIDS LEVELS}"
out="$here/build"
clk_hz=2000000
clks_per_bit=4
ports=2
command -v verilator >/dev/null || { echo "build.sh: verilator is not installed (apt-get install verilator)" >&2; exit 3; }
if [ "$order" = switch ]; then
    switches="${2:?switches}"; radix="${3:?radix}"; lids="${4:?lids}"; levels="${5:?levels}"
    for v in "$switches" "$radix" "$lids" "$levels"; do
        case "$v" in ''|*[!0-9]*) echo "build.sh: switch SWITCHES RADIX LIDS LEVELS are numbers, got '$v'" >&2; exit 2 ;; esac
    done
    top=switch_bench
    params=(-GSWITCHES="$switches" -GRADIX="$radix" -GLIDS="$lids" -GLEVELS="$levels")
    dir="$out/switch-$switches-$radix-$lids-$levels"
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
    "${params[@]}" -GPORTS="$ports" -GCLK_HZ="$clk_hz" -GCLKS_PER_BIT="$clks_per_bit" \
    -CFLAGS "-O2 -DCLK_HZ=$clk_hz -DCLKS_PER_BIT=$clks_per_bit -DPORTS=$ports -DBENCH_MODEL=V$top -DBENCH_HEADER='\"V$top.h\"'" \
    --Mdir "$dir/obj" -o oft-bench-rtl \
    "$here/src/$top.v" "$here/src/bench_ports.v" "$here/sim/bench_pty.cpp" >"$dir/build.log" 2>&1 || { cat "$dir/build.log" >&2; exit 1; }
cp "$dir/obj/oft-bench-rtl" "$exe.new" && mv -f "$exe.new" "$exe"
echo $((clk_hz / clks_per_bit)) > "$dir/baud"
echo "$clk_hz" > "$dir/clock"
echo "$stamp" > "$dir/stamp"
echo "$exe"
