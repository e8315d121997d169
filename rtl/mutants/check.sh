#!/usr/bin/env bash
# Applies each of the RTL's standing mutants (rtl/mutants/mutants.txt) to a copy of rtl/ and requires the bench or
# property it names to fail on it: prints "KILLED name (by ...)" or "SURVIVED name" a line each, and exits 1 if
# any survived, no longer applies (its text is gone or not unique) or left a model that does not build (BROKEN: that
# kills nothing). Every mutant, or those whose number (1-based,
# in the file's order) is given:
#   rtl/mutants/check.sh [N ...]
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
list="$here/mutants/mutants.txt"
command -v perl >/dev/null || { echo "check.sh: perl is needed" >&2; exit 3; }
# the blocks, as parallel arrays
names=(); kills=(); files=(); froms=(); tos=()
while IFS= read -r line; do
    case "$line" in
        "name: "*) names+=("${line#name: }") ;;
        "kill: "*) kills+=("${line#kill: }") ;;
        "in: "*) files+=("${line#in: }") ;;
        "from: "*) froms+=("${line#from: }") ;;
        "to: "*) tos+=("${line#to: }") ;;
    esac
done <"$list"
n=${#names[@]}
if [ "${#kills[@]}" != "$n" ] || [ "${#files[@]}" != "$n" ] || [ "${#froms[@]}" != "$n" ] || [ "${#tos[@]}" != "$n" ]; then
    echo "check.sh: $list: every mutant needs name, kill, in, from and to" >&2
    exit 2
fi
# a conform kill runs the conformance suite's cases on the mutant's model: $OFT_CONFORM is the command that does
# (RtlMutantsTest sets it), else the built oftctl jar's RtlConformance
root="$(dirname "$here")"
if [ -n "${OFT_CONFORM:-}" ]; then
    read -r -a conform <<<"$OFT_CONFORM"
else
    conform=(java -cp "$root/controller/target/oftctl.jar" org.oft.sim.rtl.RtlConformance)
fi
picked=("$@")
[ ${#picked[@]} -gt 0 ] || picked=($(seq 1 "$n"))
status=0
for i in "${picked[@]}"; do
    case "$i" in ''|*[!0-9]*) echo "check.sh: a mutant's number, got '$i'" >&2; exit 2 ;; esac
    if [ "$i" -lt 1 ] || [ "$i" -gt "$n" ]; then echo "check.sh: mutants are numbered 1..$n, got $i" >&2; exit 2; fi
    k=$((i - 1))
    name="${names[$k]}"; kill="${kills[$k]}"; file="${files[$k]}"
    work="$(mktemp -d)"
    cp -r "$here/src" "$here/bench" "$here/formal" "$here/sim" "$here/synth" "$here/build.sh" "$here/lint.vlt" "$work/"
    target="$work/src/$file"
    if [ ! -f "$target" ]; then
        echo "GONE $i $name: rtl/src/$file does not exist"; status=1; rm -rf "$work"; continue
    fi
    count=$(F="${froms[$k]}" perl -0ne '$c = () = /\Q$ENV{F}\E/g; print $c' "$target")
    if [ "$count" != 1 ]; then
        echo "GONE $i $name: its text occurs $count times in rtl/src/$file"; status=1; rm -rf "$work"; continue
    fi
    F="${froms[$k]}" T="${tos[$k]}" perl -0pi -e 's/\Q$ENV{F}\E/$ENV{T}/' "$target"
    case "$kill" in
        "bench "*) cmd=(bash "$work/bench/run.sh" "${kill#bench }") ;;
        "prove "*) cmd=(bash "$work/formal/prove.sh" "${kill#prove }") ;;
        "conform "*) # the model of the mutant's copy, built there, and the cases named: TARGET then words of their names
            words="${kill#conform }"
            # shellcheck disable=SC2206
            cmd=(env OFT_RTL_DIR="$work" ${conform[@]} "${words%% *}" "${words#* }") ;;
        *) echo "check.sh: mutant $i's kill is 'bench NAME', 'prove PROPERTY' or 'conform TARGET WORDS', got '$kill'" >&2; exit 2 ;;
    esac
    if timeout 1200 "${cmd[@]}" >"$work/log" 2>&1; then
        echo "SURVIVED $i $name (${kill} passed)"
        status=1
    elif grep -q -E 'building the RTL model failed|did not start' "$work/log"; then
        # (a model that does not build kills nothing: the copy or the mutant is broken, and says so)
        echo "BROKEN $i $name (the mutant's model did not build: $(grep -m1 -E -i 'error' "$work/log" | cut -c1-140))"
        status=1
    else
        echo "KILLED $i $name (by $kill: $(grep -m1 -E '^FAIL|NOT proved' "$work/log" | cut -c1-140))"
    fi
    rm -rf "$work"
done
exit $status
