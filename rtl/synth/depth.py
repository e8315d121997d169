#!/usr/bin/env python3
"""How many LUTs stand in front of each register, counted in Yosys's netlist (no placement).

A placement's Fmax moves by 2-4 MHz with the seed and with the order Yosys reads the files, so a
step towards the clock is hard to see in it. The depth of the logic in front of each flip-flop (its D,
enable and reset inputs) does not move: on the UP5K a LUT and its hop cost 2.6-4.4 ns and a register
2.2 ns, so a 48 MHz cycle (20.8 ns) holds four LUTs with average hops and five only with short ones.
This prints the histogram of register bits by depth and the registers with a bit at MIN_DEPTH or more.
A carry cell counts as no LUT (0.3 ns a bit), so a long chain is deeper than it shows: the Clock
divider's 26 bits take about 8 ns. A block RAM's output and a register's start a path.

    rtl/synth/depth.py NETLIST.json [MIN_DEPTH=5]    (synth_ice40 -json, the board's top: oft_board)
"""
import collections
import json
import re
import signal
import sys

from critical_path import readable_names

sys.setrecursionlimit(100000)

FLOP_INPUTS = ('D', 'E', 'R', 'S')
LUT_INPUTS = ('I0', 'I1', 'I2', 'I3')


def depths(module):
    cells = module['cells']
    driver = {}
    for name, cell in cells.items():
        for port, direction in cell['port_directions'].items():
            if direction == 'output':
                for bit in cell['connections'][port]:
                    if isinstance(bit, int):
                        driver[bit] = cell
    memo = {}

    def depth(bit):
        if not isinstance(bit, int):
            return 0
        if bit not in memo:
            cell = driver.get(bit)
            if cell is None or cell['type'] not in ('SB_LUT4', 'SB_CARRY'):
                memo[bit] = 0
            else:
                memo[bit] = 0  # a combinational loop (none expected) ends here
                lut = cell['type'] == 'SB_LUT4'
                ins = [x for p in (LUT_INPUTS if lut else ('I0', 'I1', 'CI')) for x in cell['connections'].get(p, [])]
                memo[bit] = (1 if lut else 0) + max([depth(x) for x in ins] + [0])
        return memo[bit]

    aliases, _ = readable_names({'modules': {'oft_board': module}})
    names = {}  # a register's name: the RTL's, else the shortest ABC left (its suffixes dropped below)
    for n, net in module['netnames'].items():
        for bit in net['bits']:
            if isinstance(bit, int) and (bit not in names or (n.count('$'), len(n)) < (names[bit].count('$'), len(names[bit]))):
                names[bit] = n
    for bit, rtl in aliases.items():
        names[bit] = re.sub(r'\[\d+\]$', '', min(rtl, key=len))
    regs = collections.defaultdict(list)
    for cell in cells.values():
        if cell['type'].startswith('SB_DFF'):
            q = cell['connections']['Q'][0]
            d = max([depth(x) for p in FLOP_INPUTS for x in cell['connections'].get(p, [])] + [0])
            regs[re.sub(r'_SB_.*', '', names.get(q, '?'))].append(d)
    return regs


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet under head
    module = next(m for n, m in json.load(open(sys.argv[1]))['modules'].items() if n == 'oft_board')
    least = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    regs = depths(module)
    hist = collections.Counter(d for ds in regs.values() for d in ds)
    print('register bits by LUTs in front: ' + ', '.join(f'{d}: {hist[d]}' for d in sorted(hist)))
    deep = sorted(((max(ds), sum(d >= least for d in ds), len(ds), n) for n, ds in regs.items() if max(ds) >= least),
                  key=lambda r: (-r[0], -r[1], r[3]))
    print(f'{sum(r[1] for r in deep)} bits of {len(deep)} registers at {least} or more:')
    for top, count, bits, name in deep:
        print(f'  {top}  {count:3d} of {bits:3d} bits  {name}')


if __name__ == '__main__':
    main()
