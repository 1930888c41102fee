#!/usr/bin/env python3
"""Opcode mix of the main (largest backward-branch) loop of each kernel in a
cuobjdump -sass listing.  Usage: sassmix.py probe.sass"""
import re, sys, collections
txt = open(sys.argv[1]).read()
funcs = re.split(r'\n\s*Function : ', txt)[1:]
ins_re = re.compile(r'/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)([^;]*);')
for f in funcs:
    name = f.split('\n', 1)[0].strip()
    ins = [(int(m.group(1), 16), m.group(3), m.group(4)) for m in ins_re.finditer(f)]
    best = None
    for addr, op, args in ins:
        if op.startswith('BRA'):
            t = re.search(r'0x([0-9a-f]+)', args)
            if t and int(t.group(1), 16) < addr:
                lo = int(t.group(1), 16)
                if best is None or addr - lo > best[1] - best[0]:
                    best = (lo, addr)
    body = [op for a, op, _ in ins if best and best[0] <= a <= best[1]]
    c = collections.Counter(op.split('.')[0] for op in body)
    full = collections.Counter(body)
    print(f'== {name}: loop body {len(body)} instructions (whole kernel {len(ins)})')
    print('   ' + ', '.join(f'{k} {v}' for k, v in c.most_common()))
    print('   detailed: ' + ', '.join(f'{k} {v}' for k, v in full.most_common(25)))
