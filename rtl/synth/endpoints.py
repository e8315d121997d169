#!/usr/bin/env python3
"""The registers that keep a board from its clock, over several placements.

nextpnr reports one critical path a placement; with dozens of paths within a nanosecond of it, that
path changes with every seed and says little about what to fix. Its detailed report gives the arrival
at every cell input; this takes the registered ones (flip-flops, block RAM inputs), groups them by the
register they set (the packed netlist names each flip-flop's output), and lists the groups by their
worst arrival, averaged over the placements, with how many placements they fail the period in.

    rtl/synth/endpoints.py PREFIX...   (PREFIX.rep.json: --report --detailed-timing-report;
                                        PREFIX.routed.json: --write)      TOP=25 PERIOD=20.833
"""
import collections
import json
import os
import re
import sys

LUT_IN = {'I0': 1.28, 'I1': 1.23, 'I2': 1.2, 'I3': 0.87}  # UP5K LUT input to output, ns
SETUP = 0.1


def worst_by_register(prefix):
    report = json.load(open(prefix + '.rep.json'))
    module = next(iter(json.load(open(prefix + '.routed.json'))['modules'].values()))
    cells = module['cells']
    name = {}
    for n, net in module['netnames'].items():
        for bit in net['bits']:
            if isinstance(bit, int) and (bit not in name or len(n) < len(name[bit])):
                name[bit] = n
    worst = {}
    for net in report['detailed_net_timings']:
        for end in net['endpoints']:
            cell = cells.get(end['cell'])
            if cell is None:
                continue
            if cell['type'] == 'ICESTORM_LC':
                if cell['parameters'].get('DFF_ENABLE') != '1' or end['port'] == 'CIN':
                    continue
                group = name.get(cell['connections'].get('O', [None])[0], end['cell'])
            elif cell['type'] in ('ICESTORM_RAM', 'ICESTORM_SPRAM'):
                group = end['cell'] + '.' + re.sub(r'_?\d+$', '', end['port'])
            else:
                continue
            group = re.sub(r'\[\d+\]', '', re.sub(r'(_SB_|\$).*', '', group))  # (a net ABC renamed: its register)
            t = end['delay'] + LUT_IN.get(end['port'], 0) + SETUP
            worst[group] = max(worst.get(group, 0), t)
    fmax = next(iter(report['fmax'].values()))['achieved']
    return fmax, worst


def main(prefixes):
    period = float(os.environ.get('PERIOD', '20.833'))
    top = int(os.environ.get('TOP', '25'))
    by_group = collections.defaultdict(list)
    for p in prefixes:
        try:
            _, worst = worst_by_register(p)
        except (OSError, ValueError, StopIteration) as e:
            print(f"endpoints.py: {p}: {e}", file=sys.stderr)
            return 2
        for g, t in worst.items():
            by_group[g].append(t)
    n = len(prefixes)
    rows = sorted(by_group.items(), key=lambda kv: -sum(kv[1]) / n)
    print(f"registers by worst arrival, mean of {n} placements (ns; past {period} in how many):")
    for g, ts in rows[:top]:
        print(f"{sum(ts) / n:6.2f}  max {max(ts):5.1f}  {sum(t > period for t in ts)}/{n}  {g}")
    return 0


if __name__ == '__main__':
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
