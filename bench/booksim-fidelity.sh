#!/usr/bin/env bash
# The flit model beside BookSim2, the reference simulator, on the same configurations in one run:
# saturation load (highest load of a 0.05 grid that is sustained: accepted >= 0.97 x offered) and
# the throughput past it, both per host that sends (a pattern's fixed points send to themselves:
# BookSim carries that traffic, the model leaves those hosts silent), mean latency at load 0.5. BookSim2 is built from ../shared/peers/booksim2
# (its source with the D-mod-K/shift patch) into $BOOKSIM_DIR. Needs g++, make, flex, bison, python3.
# Usage: bench/booksim-fidelity.sh [--quick] [--jobs N] [--only REGEX]   (about 50 min on 2 cores; --quick: 4 rows)
#        bench/booksim-fidelity.sh --speed [ROUNDS] [OTHER.jar ...]
# --speed: how fast each simulates, one thread, D-mod-K, uniform at load 0.5, 1-flit packets, on the 4-ary 3-tree
# (64 hosts) and the 12-ary 3-tree (1,728 hosts): marginal cycles per CPU-second (a long run's cycles and CPU time
# less a short run's, so start-up and warm-up cancel), BookSim2 and this jar (and any OTHER jars, e.g. the version
# before) alternating in each round; medians over ROUNDS (default 3). About 12 minutes on 2 cores.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
peer="${BOOKSIM_PEER:-$here/../shared/peers/booksim2}"
dir="${BOOKSIM_DIR:-${TMPDIR:-/tmp}/oft-booksim2}"
booksim="$dir/booksim2/src/booksim"
if [ ! -x "$booksim" ]; then
  echo "building BookSim2 in $dir ..." >&2
  rm -rf "$dir" && mkdir -p "$dir"
  tar xzf "$peer"/booksim2-*.tar.gz -C "$dir"
  (cd "$dir/booksim2" && patch -p1 -s < "$peer/dmodk-shift.patch" && make -s -C src -j2 >/dev/null 2>&1)
fi
jar="${OFT_JAR:-$here/controller/target/oftctl.jar}"
[ -f "$jar" ] || (cd "$here" && mvn -B -q package -DskipTests)
if [ "${1:-}" == "--speed" ]; then
  shift
  exec python3 - "$booksim" "$peer/fattree-4ary3.cfg" "$jar" "$@" <<'PY'
import os, re, resource, statistics, subprocess, sys

booksim, cfg, jar = sys.argv[1:4]
rounds = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4].isdigit() else 3
jars = [jar] + [a for a in sys.argv[4:] if a.endswith(".jar")]

def cpu_of(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

def booksim_run(k, cycles):
    out, cpu = cpu_of([booksim, cfg, "routing_function=dmodk", f"k={k}", "n=3", "injection_rate=0.5", "warmup_periods=0",
                       f"sample_period={cycles}", "max_samples=1"])
    taken = re.findall(r"Time taken is (\d+) cycles", out) # absent when one sample period ends it ("unstable"): then it ran that period
    return (int(taken[-1]) if taken else cycles), cpu

def oft_run(j, k, cycles):
    out, cpu = cpu_of(["java", "-XX:-UseCompressedOops", "-jar", j, "flit", "--topology", f"kary:{k},3", "--engine", "dmodk",
                       "--traffic", "uniform", "--load", "0.5", "--warmup", "0", "--sample", str(cycles), "--drain", "0",
                       "--threads", "1", "--json"])
    return int(re.search(r'"cycles":(\d+)', out).group(1)), cpu

def marginal(run, short, long):
    c1, t1 = run(short)
    c2, t2 = run(long)
    return (c2 - c1) / (t2 - t1)

# (fabric, BookSim's k, its short and long runs, the model's short and long runs)
fabrics = [("4-ary 3-tree, 64 hosts", 4, 10_000, 40_000, 100_000, 600_000),
           ("12-ary 3-tree, 1,728 hosts", 12, 200, 800, 2_000, 12_000)]
print("fabric,simulator,median_marginal_cycles_per_cpu_second,rounds,against_booksim2")
for name, k, bs_short, bs_long, oft_short, oft_long in fabrics:
    rates = {"BookSim2": []}
    for j in jars:
        rates[j] = []
    for r in range(rounds):
        order = ["BookSim2"] + jars if r % 2 == 0 else jars[::-1] + ["BookSim2"]
        for who in order:
            if who == "BookSim2":
                rates[who].append(marginal(lambda c: booksim_run(k, c), bs_short, bs_long))
            else:
                rates[who].append(marginal(lambda c, j=who: oft_run(j, k, c), oft_short, oft_long))
    ref = statistics.median(rates["BookSim2"])
    for who, xs in rates.items():
        m = statistics.median(xs)
        label = who if who == "BookSim2" else os.path.basename(who)
        print(f'"{name}",{label},{m:.0f},{" ".join(f"{x:.0f}" for x in xs)},{m / ref:.1f}x', flush=True)
PY
fi
exec python3 - "$booksim" "$peer/fattree-4ary3.cfg" "$jar" "$@" <<'PY'
import concurrent.futures as cf, json, os, re, subprocess, sys, tempfile

booksim, cfg, jar = sys.argv[1:4]
args = sys.argv[4:]
quick = "--quick" in args
jobs = int(args[args.index("--jobs") + 1]) if "--jobs" in args else os.cpu_count()
only = re.compile(args[args.index("--only") + 1]) if "--only" in args else None
grid = [round(0.05 * i, 2) for i in range(1, 21)]

# (label, BookSim overrides, oftctl flit options); routing nca = a random up-port per packet and switch
rows = []
def row(label, bs, ours):
    rows.append((label, bs, ours))
for rf, ours_rf in (("nca", ["--random-up"]), ("dmodk", [])):
    row(f"{rf} uniform", {"routing_function": rf, "traffic": "uniformx"}, ours_rf + ["--traffic", "uniform"])
    if quick:
        continue
    for seed in (1, 2, 3):
        row(f"{rf} randperm {seed}", {"routing_function": rf, "traffic": f"randperm({seed})", "perm": seed}, ours_rf + ["--traffic", "perm"])
    for bs_t, t in (("shift(16)", "shift:16"), ("bitcomp", "bitcomp"), ("transpose", "transpose"), ("bitrev", "bitrev"), ("shuffle", "shuffle")):
        row(f"{rf} {t}", {"routing_function": rf, "traffic": bs_t}, ours_rf + ["--traffic", t])
for rf, ours_rf in (("nca", ["--random-up"]), ("dmodk", [])):
    row(f"{rf} uniform, 8-flit packets", {"routing_function": rf, "traffic": "uniformx", "packet_size": 8},
        ours_rf + ["--traffic", "uniform", "--packet", "8"])
# not in BookSim's published table: other trees, VCs, buffers, packet lengths, credit delays
if not quick:
    row("dmodk uniform, 2-ary 4-tree", {"routing_function": "dmodk", "traffic": "uniformx", "k": 2, "n": 4},
        ["--topology", "kary:2,4", "--traffic", "uniform"])
    row("nca uniform, 8-ary 2-tree, 4-flit", {"routing_function": "nca", "traffic": "uniformx", "k": 8, "n": 2, "packet_size": 4},
        ["--topology", "kary:8,2", "--random-up", "--traffic", "uniform", "--packet", "4"])
    row("dmodk uniform, 2 VCs x 4 flits, 4-flit", {"routing_function": "dmodk", "traffic": "uniformx", "num_vcs": 2, "vc_buf_size": 4,
        "packet_size": 4}, ["--traffic", "uniform", "--vcs", "2", "--buffer", "4", "--packet", "4"])
    row("nca bitrev, 8 VCs x 8 flits, credit delay 0", {"routing_function": "nca", "traffic": "bitrev", "num_vcs": 8, "vc_buf_size": 8,
        "credit_delay": 0}, ["--random-up", "--traffic", "bitrev", "--vcs", "8", "--buffer", "8", "--credit-delay", "0"])
    row("dmodk uniform, 1 VC x 8 flits, 3-flit, credit delay 4", {"routing_function": "dmodk", "traffic": "uniformx", "num_vcs": 1,
        "vc_buf_size": 8, "packet_size": 3, "credit_delay": 4},
        ["--traffic", "uniform", "--vcs", "1", "--buffer", "8", "--packet", "3", "--credit-delay", "4"])

if only:
    rows = [r for r in rows if only.search(r[0])]
tmp = tempfile.mkdtemp()
cache = {}

def run_booksim(bs, load):
    key = (json.dumps(bs, sort_keys=True), load)
    if key in cache:
        return cache[key]
    over = {k: v for k, v in bs.items() if k != "perm"}
    cmd = [booksim, cfg, f"injection_rate={load}", "sample_period=10000", "max_samples=2"] + [f"{k}={v}" for k, v in over.items()]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    acc = re.findall(r"Accepted flit rate average\s*=\s*([0-9.eE+-]+)", out)
    lat = re.findall(r"Packet latency average = ([0-9.eE+-]+)", out)
    r = (float(acc[-1]), float(lat[-1])) if acc else (0.0, float("nan"))
    cache[key] = r
    return r

def booksim_perm(seed):
    path = os.path.join(tmp, f"perm{seed}.csv")
    if not os.path.exists(path):
        env = dict(os.environ, BOOKSIM_DUMP_PERM=path)
        subprocess.run([booksim, cfg, f"traffic=randperm({seed})", "injection_rate=0.01", "sample_period=100", "max_samples=1",
                        "warmup_periods=0"], capture_output=True, env=env)
    return path

def fixed_points(bs):
    """Hosts the pattern sends to themselves: BookSim carries their traffic (accepted in full), the model does not."""
    t = bs.get("traffic", "")
    n = bs.get("k", 4) ** bs.get("n", 3)
    b = n.bit_length() - 1
    if t.startswith("randperm"):
        return sum(1 for line in open(booksim_perm(bs["perm"])) if line.split(",")[0] == line.split(",")[1].strip())
    f = {"transpose": lambda s: ((s >> (b // 2)) | (s << (b // 2))) & (n - 1),
         "bitrev": lambda s: int(format(s, f"0{b}b")[::-1], 2),
         "shuffle": lambda s: ((s << 1) & (n - 1)) | (s >> (b - 1))}.get(t)
    return sum(1 for s in range(n) if f(s) == s) if f else 0

def per_sender(bs, acc, load):
    n = bs.get("k", 4) ** bs.get("n", 3)
    f = fixed_points(bs)
    return (acc * n - f * load) / (n - f)

def booksim_row(bs):
    # the highest sustained load of the grid, by bisection (sustained below saturation, not above)
    lo, hi = -1, len(grid)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        acc, _ = run_booksim(bs, grid[mid])
        if per_sender(bs, acc, grid[mid]) >= 0.97 * grid[mid]:
            lo = mid
        else:
            hi = mid
    sat = grid[lo] if lo >= 0 else None
    past = per_sender(bs, run_booksim(bs, grid[hi])[0], grid[hi]) if hi < len(grid) else None
    lat = run_booksim(bs, 0.5)[1] if bs.get("traffic") == "uniformx" else None
    return sat, past, lat

def ours_row(bs, opts):
    topo = ["--topology", "kary:4,3"] if "--topology" not in opts else []
    if "perm" in bs:
        opts = [o if o != "perm" else "file:" + booksim_perm(bs["perm"]) for o in opts]
    base = ["java", "-XX:-UseCompressedOops", "-jar", jar, "flit", "--engine", "dmodk", "--warmup", "10000", "--sample", "20000",
            "--threads", "1", "--json"] + topo + opts
    sweep = json.loads(subprocess.run(base + ["--sweep", "0.05:1:0.05"], capture_output=True, text=True, check=True).stdout)
    runs = sweep["runs"]
    sat = sweep["saturationLoad"]
    past = next((r["accepted"] for r in runs if sat is not None and r["load"] > sat + 1e-9), None) if sat is not None else runs[0]["accepted"]
    if past is not None:
        n = bs.get("k", 4) ** bs.get("n", 3)
        past = past * n / (n - fixed_points(bs))
    lat = next((r["meanLatency"] for r in runs if abs(r["load"] - 0.5) < 1e-9), None) if bs.get("traffic") == "uniformx" else None
    return sat, past, lat

def fmt(x, f="{:.3f}"):
    return "-" if x is None else f.format(x)

with cf.ThreadPoolExecutor(max_workers=jobs) as pool:
    futures = [(label, pool.submit(booksim_row, bs), pool.submit(ours_row, bs, ours)) for label, bs, ours in rows]
    print("configuration (4-ary 3-tree, 4 VCs x 16 flits, 1-flit packets unless named),booksim_saturation,oft_saturation,"
          "booksim_accepted_past_it,oft_accepted_past_it,booksim_latency_at_0.5,oft_latency_at_0.5,fixed_points")
    for label, b, o in futures:
        bsat, bpast, blat = b.result()
        osat, opast, olat = o.result()
        bs = next(r[1] for r in rows if r[0] == label)
        print(f'"{label}",{fmt(bsat, "{:.2f}")},{fmt(osat, "{:.2f}")},{fmt(bpast)},{fmt(opast)},{fmt(blat, "{:.2f}")},{fmt(olat, "{:.2f}")},'
              f'{fixed_points(bs)}', flush=True)
PY
