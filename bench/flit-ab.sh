#!/usr/bin/env bash
# The flit model's speed, one jar against another, in alternating rounds (A B B A ...), each run a
# fresh JVM of `oftctl bench --what flit`: per row (tree, threads) the median cycles/s of each jar
# over the rounds and the median of the rounds' B/A ratios. An A-then-B order alone reads about 2 %
# against B (docs/performance.md), hence the alternation. Usage: bench/flit-ab.sh A.jar B.jar [ROUNDS] [RUNS]
set -euo pipefail
a="$1"; b="$2"; rounds="${3:-4}"; runs="${4:-3}"
out="$(mktemp -d)"
for ((r = 0; r < rounds; r++)); do
  if ((r % 2 == 0)); then order=("A:$a" "B:$b"); else order=("B:$b" "A:$a"); fi
  for x in "${order[@]}"; do
    name="${x%%:*}"; jar="${x#*:}"
    java -XX:-UseCompressedOops -jar "$jar" bench --what flit --runs "$runs" 2>/dev/null \
      | grep '^"kary' | sed -E 's/^"([^",]*),([^"]*)",/\1_\2,/' | awk -F, -v n="$name" -v r="$r" '{print n, r, $1 "/" $3 "t", $5}' >> "$out/rows"
  done
done
python3 - "$out/rows" <<'PY'
import sys, statistics, collections
rows = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    name, r, key, rate = line.split()
    rows[key].setdefault(name, {})[int(r)] = float(rate)
print("row,median_A,median_B,median_round_ratio_B_over_A,round_ratios")
for key, d in rows.items():
    ratios = [d["B"][r] / d["A"][r] for r in sorted(d["A"]) if r in d["B"]]
    print(f'{key},{statistics.median(d["A"].values()):.0f},{statistics.median(d["B"].values()):.0f},'
          f'{statistics.median(ratios):.3f},{" ".join(f"{x:.3f}" for x in ratios)}')
PY
