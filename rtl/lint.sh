#!/usr/bin/env bash
# Lints every top (the two benches, the single board, and an optical one with its optics' pins) with verilator --lint-only -Wall and
# rtl/lint.vlt's reasoned waivers; prints nothing and exits 0 when clean.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v verilator >/dev/null || { echo "lint.sh: verilator is not installed" >&2; exit 3; }
status=0
for top in oft_bench switch_bench oft_board lab_bench; do
    verilator --lint-only -Wall "$here/lint.vlt" -I"$here/src" "$here/src/$top.v" --top-module "$top" || status=1
done
# a lone optical board with its optics' pins: a router-level board (its generation in flash) and a processor board,
# each following (or leading) the slot-reference line
for role in "-GROUTERS=1 -GPROCS=0 -GLEVEL=2 -GFLASH=1 -GSYNC=1" "-GROUTERS=0 -GPROCS=1 -GPROC=5 -GSYNC=1"; do
    # shellcheck disable=SC2086
    verilator --lint-only -Wall "$here/lint.vlt" -I"$here/src" "$here/src/oft_board.v" --top-module oft_board \
        -GORDER=3 -GOPTICS=1 $role || status=1
done
# what the real boards' tops share, but the iCE40 primitives: the bench check and the reset synchronizer; and the
# slot-reference line's two ends on their own
for top in board_bringup reset_sync slot_sync sync_pulse; do
    verilator --lint-only -Wall "$here/lint.vlt" -I"$here/src" "$here/src/$top.v" --top-module "$top" || status=1
done
exit $status
