#!/usr/bin/env bash
# The flit model's results, old jar against new, on nine configurations that cover its branches:
# cut-through, wormhole with several flits, multipath random, random up-ports, age arbitration,
# credit delay 1, smodk (up-ports keyed by source), two VCs of four flits, and a PGFT with parallel
# links under a hot spot, each on one thread and on two. A reshape of the model
# must print "identical" for all of them. Usage: bench/flit-identical.sh OLD.jar NEW.jar
set -euo pipefail
old="$1"; new="$2"
configs=(
  "--topology kary:4,3 --traffic uniform --load 0.6 --cut-through --packet 4"
  "--topology kary:4,3 --traffic transpose --load 0.5 --packet 8"
  "--topology xgft:3;4,4,8;1,4,4 --engine random --paths 4 --path-policy random --traffic perm --load 0.4"
  "--topology kary:4,3 --random-up --traffic bitrev --load 0.7"
  "--topology kary:4,3 --arbitration age --traffic shuffle --load 0.6 --packet 2"
  "--topology kary:4,3 --credit-delay 1 --traffic uniform --load 0.5"
  "--topology kary:8,3 --engine smodk --traffic uniform --load 0.5"
  "--topology kary:4,3 --vcs 2 --buffer 4 --traffic bitcomp --load 0.8 --packet 3"
  "--topology pgft:3;4,4,4;1,2,2;1,2,2 --traffic hotspot:5 --load 0.3 --packet 5"
)
fail=0
for c in "${configs[@]}"; do
  for threads in 1 2; do
    # shellcheck disable=SC2086
    a=$(java -XX:-UseCompressedOops -jar "$old" flit $c --threads $threads --warmup 500 --sample 3000 --json)
    # shellcheck disable=SC2086
    b=$(java -XX:-UseCompressedOops -jar "$new" flit $c --threads $threads --warmup 500 --sample 3000 --json)
    a=$(printf '%s' "$a" | sed -E 's/"seconds":[0-9.eE+-]+//'); b=$(printf '%s' "$b" | sed -E 's/"seconds":[0-9.eE+-]+//') # wall time aside
    if [ "$a" == "$b" ]; then echo "identical  threads $threads  $c"; else echo "DIFFERENT  threads $threads  $c"; fail=1; fi
  done
done
exit $fail
