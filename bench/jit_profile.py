#!/usr/bin/env python3
"""Puts perf's samples (one instruction address a line) on the machine code HotSpot printed for the
methods it compiled (-XX:CompileCommand=print: raw bytes, each instruction's source line), decoded
by objdump. Usage: jit_profile.py CODE_TXT IPS_TXT [SOURCE_ROOT]   (see bench/flit-profile.sh)"""
import collections
import os
import re
import subprocess
import sys
import tempfile

HEX = re.compile(r'\s+0x([0-9a-f]+): ([0-9a-f| ]+)$')
NOTE = re.compile(r'\s+0x([0-9a-f]+): ;')
FRAME = re.compile(r';\s+- ([\w.$]+)::([\w$<>]+)@-?\d+ \(line (\d+)\)')
HEADER = re.compile(r'Compiled method \((c1|c2)\)\s+\d+\s+(\d+)\s+(%?)\s*\d+\s+([\w.$]+)::([\w$<>]+)')


def methods(path):
    """Each compiled method: name, its bytes by address, and the source line (innermost frame) by address."""
    cur = None
    pc = None
    for line in open(path, errors='replace'):
        m = HEADER.match(line)
        if m:
            cur = {'name': f"{m.group(4).split('.')[-1]}.{m.group(5)}" + (' (OSR)' if m.group(3) else '') + f" [{m.group(1)}]",
                   'code': {}, 'lines': {}}
            pc = None
            continue
        if cur is None:
            continue
        if line.startswith('[/MachCode]'):
            if cur['code']:
                yield cur
            cur = None
            continue
        m = NOTE.match(line)
        if m:
            pc = int(m.group(1), 16)
            continue
        m = FRAME.search(line)
        if m and pc is not None and pc not in cur['lines']:
            cur['lines'][pc] = (m.group(1).split('.')[-1].split('$')[0], int(m.group(3)))
            continue
        m = HEX.match(line)
        if m:
            at = int(m.group(1), 16)
            for k, b in enumerate(bytes.fromhex(m.group(2).replace('|', '').replace(' ', ''))):
                cur['code'][at + k] = b


def decode(code):
    lo, hi = min(code), max(code) + 1
    with tempfile.NamedTemporaryFile(suffix='.bin') as f:
        f.write(bytes(code.get(a, 0x90) for a in range(lo, hi)))
        f.flush()
        out = subprocess.run(['objdump', '-D', '-b', 'binary', '-mi386:x86-64', '-Mintel', f'--adjust-vma={lo:#x}', f.name],
                             capture_output=True, text=True, check=True).stdout
    for l in out.split('\n'):
        m = re.match(r'\s+([0-9a-f]+):\s+(?:[0-9a-f]{2} )+\s*(.*)', l)
        if m:
            yield int(m.group(1), 16), m.group(2).strip()


def sources(root):
    found = {}
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if x not in ('target', '.git', 'node_modules')]
        for f in files:
            if f.endswith('.java'):
                found.setdefault(f[:-5], os.path.join(d, f))
    return found


def main():
    code_txt, ips_txt = sys.argv[1], sys.argv[2]
    root = sys.argv[3] if len(sys.argv) > 3 else None
    ips = collections.Counter()
    total = 0
    for l in open(ips_txt):
        l = l.strip()
        if l:
            try:
                ips[int(l.split()[0], 16)] += 1
                total += 1
            except ValueError:
                pass
    by_method = collections.Counter()
    by_line = collections.Counter()
    hot = []
    for m in methods(code_txt):
        lo, hi = min(m['code']), max(m['code']) + 1
        if not any(lo <= ip < hi for ip in ips):
            continue
        line = None
        for at, text in decode(m['code']):
            line = m['lines'].get(at, line)
            n = ips.get(at, 0)
            if n:
                by_method[m['name']] += n
                by_line[line] += n
                hot.append((n, m['name'], line, text))
    src = sources(root) if root else {}
    cache = {}

    def text(where):
        if where is None or where[0] not in src:
            return ''
        if where[0] not in cache:
            cache[where[0]] = open(src[where[0]]).read().split('\n')
        lines = cache[where[0]]
        return lines[where[1] - 1].strip() if 0 < where[1] <= len(lines) else ''

    print(f'{total} samples; in the methods printed: {sum(by_method.values())}')
    print('\nby method (as compiled, with what it inlined)')
    for name, n in by_method.most_common(12):
        print(f'{100 * n / total:6.1f} %  {name}')
    print('\nby source line (the innermost inlined frame)')
    for where, n in by_line.most_common(30):
        label = f'{where[0]}.java:{where[1]}' if where else '?'
        print(f'{100 * n / total:6.1f} %  {label:<22} {text(where)[:90]}')
    print('\nby instruction (a sample lands on the one that waited)')
    for n, name, where, ins in sorted(hot, key=lambda h: -h[0])[:20]:
        label = f'{where[0]}.java:{where[1]}' if where else '?'
        print(f'{100 * n / total:6.1f} %  {label:<22} {ins[:60]:<60} {name}')


if __name__ == '__main__':
    main()
