#!/usr/bin/env python3
# oftctl flit at --precision 1% beside the fixed 2,000 + 10,000 cycles (issue 65): per pattern and load, both figures,
# the sample the precision took, whether the two agree within their intervals, and the wall time of each. Usage:
# bench/flit-precision.py (the jar: controller/target/oftctl.jar)
import json, subprocess, time, sys
import os
jar = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "controller", "target", "oftctl.jar")
rows = []
tot = {"fixed": 0.0, "precision": 0.0}
for traffic in ["uniform", "shift:5", "transpose", "bitrev", "perm", "shuffle"]:
    out = {}
    for mode, extra in [("fixed", []), ("precision", ["--precision", "1%"])]:
        cmd = ["java", "-jar", jar, "flit", "--topology", "kary:4,3", "--traffic", traffic, "--sweep", "0.1:0.5:0.1", "--threads", "1", "--json"] + extra
        t0 = time.time(); r = subprocess.run(cmd, capture_output=True, text=True, check=True); dt = time.time() - t0
        tot[mode] += dt
        out[mode] = json.loads(r.stdout)["runs"]
    for a, b in zip(out["fixed"], out["precision"]):
        ok = []
        for f in ["accepted", "meanLatency"]:
            ca, cb = a["ci95"][f], b["ci95"][f]
            if ca is None or cb is None:
                ok.append(None); continue
            # the two intervals overlap, and each figure against the other's interval
            ok.append(ca[0] <= b[f] <= ca[1] or cb[0] <= a[f] <= cb[1])
        rows.append((traffic, a["load"], a["accepted"], b["accepted"], a["meanLatency"], b["meanLatency"], b["ci95"]["precision"]["sample"], b["ci95"]["saturated"], ok))
for r in rows:
    print("%-9s load %.1f accepted %.4f / %.4f  mean %s / %s  sample %6d  saturated %s  agree %s" % (r[0], r[1], r[2], r[3], r[4] and round(r[4], 2), r[5] and round(r[5], 2), r[6], r[7], r[8]))
print("wall time: fixed %.1f s, precision 1%% %.1f s, ratio %.2f" % (tot["fixed"], tot["precision"], tot["precision"] / tot["fixed"]))
