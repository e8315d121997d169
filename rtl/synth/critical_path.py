#!/usr/bin/env python3
"""The critical path nextpnr reports, with each net named back to the RTL's signals.

nextpnr names a net after the cells around it once ABC has mapped the logic, so its report says little
about which registers a path joins. Yosys's netlist (the JSON nextpnr read) keeps every name a net had;
this prints the path's nets with those names beside nextpnr's.

    rtl/synth/critical_path.py BOARD.json BOARD.up5k.pnr.log
"""
import collections
import json
import re
import sys


def readable_names(netlist):
    """bit -> the names the RTL gave it (none of Yosys's or ABC's own), and name -> bit."""
    module = next(m for m in netlist['modules'].values() if m.get('attributes', {}).get('top'))
    aliases, bits = collections.defaultdict(list), {}
    for name, net in module['netnames'].items():
        for i, bit in enumerate(net['bits']):
            full = name if len(net['bits']) == 1 else f"{name}[{i}]"
            bits[full] = bit
            if not net.get('hide_name') and '$' not in name and '_SB_' not in name:
                aliases[bit].append(full)
    return aliases, bits


def critical_path(log):
    """(arrival ns, net) for each net of the first clock's critical path, and the cell port it ends at."""
    section = log.split("Critical path report for clock", 1)
    if len(section) < 2:
        return [], None
    section = section[1].split("Critical path report for cross", 1)[0]
    nets = [(float(m.group(1)), m.group(2))
            for m in re.finditer(r'Info:\s+[\d.]+\s+([\d.]+)\s+Net (\S+)', section)]
    sinks = re.findall(r'Sink (\S+)', section)
    return nets, sinks[-1] if sinks else '?'


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        with open(argv[1]) as f:
            aliases, bits = readable_names(json.load(f))
        with open(argv[2]) as f:
            path, sink = critical_path(f.read())
    except (OSError, ValueError, StopIteration, KeyError) as e:
        print(f"critical_path.py: cannot read {argv[1]} and {argv[2]}: {e}", file=sys.stderr)
        return 1
    if not path:
        print(f"critical_path.py: no critical path in {argv[2]}", file=sys.stderr)
        return 1
    for arrival, net in path:
        names = aliases.get(bits.get(net), [])
        print(f"  {arrival:5.1f} ns  {', '.join(names[:3]) if names else '(logic)':40s}  {net[:90]}")
    print(f"  ends at {sink[:120]}")
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
