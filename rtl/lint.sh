#!/usr/bin/env bash
# Lints every top (the benches, the single board, optical ones with their optics' pins, the real boards' shared parts)
# with verilator --lint-only -Wall; prints nothing and exits 0 when clean. Waivers are per line, in the source: a
# `// verilator lint_off RULE` after a comment that gives the reason, and its `lint_on` after the lines it covers.
# rtl/lint.vlt waives nothing file-wide, and this checks that it stays so and that every waiver is closed and reasoned.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v verilator >/dev/null || { echo "lint.sh: verilator is not installed" >&2; exit 3; }
status=0
if grep -n "^[[:space:]]*lint_off" "$here/lint.vlt"; then
    echo "lint.sh: rtl/lint.vlt waives a rule for whole files: put the waiver beside its lines in the source" >&2
    status=1
fi
for f in "$here"/src/*.v "$here"/src/*.vh; do
    awk -v f="${f#"$here"/}" '
        /\/\/ verilator lint_off / {
            grouped = prev ~ /\/\/ verilator lint_off /   # a waiver of several rules: one line each
            if (open > 0 && !grouped) { printf "%s:%d: a waiver opens inside another (line %d)\n", f, NR, open_at; bad = 1 }
            if (!grouped && (prev !~ /^[[:space:]]*\/\// || prev ~ /verilator lint_/)) {
                printf "%s:%d: a waiver without its reason in a comment above\n", f, NR; bad = 1
            }
            open++; if (!grouped) open_at = NR
        }
        /\/\/ verilator lint_on / {
            if (open == 0) { printf "%s:%d: lint_on without lint_off\n", f, NR; bad = 1 } else open--
        }
        { prev = $0 }
        END { if (open > 0) { printf "%s:%d: a waiver never closed\n", f, open_at; bad = 1 } exit bad }
    ' "$f" >&2 || status=1
done
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
