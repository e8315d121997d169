#!/usr/bin/env bash
# Where the flit model's time goes, by source line and by instruction, without a JIT disassembler
# plugin or hardware counters (neither is on this VM): `perf record` samples the CPU clock while the
# model runs one thread, HotSpot prints the machine code of the model's methods as it compiles them
# (raw bytes, with each instruction's source line and inlining chain), objdump decodes the bytes and
# bench/jit_profile.py puts the samples on them. A sample lands on the instruction that was waiting,
# usually the one after a load that missed or a branch that went wrong, so read it by line, not by
# opcode. Needs perf (linux-perf), objdump (binutils), python3.
#   bench/flit-profile.sh [JAR=controller/target/oftctl.jar] [TOPOLOGY=kary:4,3] [SAMPLE_CYCLES=1000000]
# Prints per method its share of the samples, then the source lines and the instructions with the most.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="${1:-$here/controller/target/oftctl.jar}"
topology="${2:-kary:4,3}"
sample="${3:-1000000}"
for tool in perf objdump python3 java; do
    command -v "$tool" >/dev/null || { echo "flit-profile.sh: $tool is not installed (apt-get install linux-perf binutils)" >&2; exit 3; }
done
[ -f "$jar" ] || { echo "flit-profile.sh: no jar at $jar (mvn -q install -DskipTests)" >&2; exit 2; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
perf record -q -e cpu-clock -F 4000 -o "$out/perf.data" -- \
    java -XX:-UseCompressedOops -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints \
    -XX:CompileCommand=quiet '-XX:CompileCommand=print,org.oft.sim.flit.*::*' \
    -jar "$jar" flit --topology "$topology" --load 0.5 --threads 1 --warmup 20000 --sample "$sample" --drain 0 \
    >"$out/code.txt" 2>"$out/perf.err" || { cat "$out/perf.err" >&2; exit 1; }
perf script -i "$out/perf.data" -F ip 2>/dev/null >"$out/ips.txt"
python3 "$here/bench/jit_profile.py" "$out/code.txt" "$out/ips.txt" "$here"
