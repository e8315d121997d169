#!/usr/bin/env bash
# Lints every top (the two benches and the single board) with verilator --lint-only -Wall and
# rtl/lint.vlt's reasoned waivers; prints nothing and exits 0 when clean.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v verilator >/dev/null || { echo "lint.sh: verilator is not installed" >&2; exit 3; }
status=0
for top in oft_bench switch_bench oft_board; do
    verilator --lint-only -Wall "$here/lint.vlt" -I"$here/src" "$here/src/$top.v" --top-module "$top" || status=1
done
exit $status
