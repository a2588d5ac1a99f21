#!/usr/bin/env python3
"""Set a program's expected_attach_type inside a light skeleton.

Debian 12's bpftool/libbpf 1.1 has no section name for uprobe_multi
programs, so it loads them with expected_attach_type 0 and the kernel
refuses their uprobe_multi links.  The light skeleton's data blob holds
each program's BPF_PROG_LOAD attributes (union bpf_attr: prog_type at 0,
prog_name[16] at 48, expected_attach_type at 68); this finds the one of
the named program and sets the field.

usage: lskel-attach-type.py FILE.lskel.h PROG=TYPE [PROG=TYPE...]
"""
import re
import struct
import sys


def decode(lit):
    out = bytearray()
    i = 0
    while i < len(lit):
        c = lit[i]
        if c != '\\':
            out.append(ord(c))
            i += 1
            continue
        n = lit[i + 1]
        if n == 'x':
            m = re.match(r'[0-9a-fA-F]{1,2}', lit[i + 2:])
            out.append(int(m.group(0), 16))
            i += 2 + len(m.group(0))
        elif n in '01234567':
            m = re.match(r'[0-7]{1,3}', lit[i + 1:])
            out.append(int(m.group(0), 8))
            i += 1 + len(m.group(0))
        else:
            out.append({'n': 10, 't': 9, 'r': 13, '\\': 92, '"': 34, "'": 39}[n])
            i += 2
    return bytes(out)


def encode(data):
    # every byte as \xNN; lines of 80 columns continued with a backslash
    parts = ['\\x%02x' % b for b in data]
    lines, cur = [], ''
    for p in parts:
        if len(cur) + len(p) > 76:
            lines.append(cur + '\\')
            cur = ''
        cur += p
    lines.append(cur)
    return '\\\n' + '\n'.join(lines)


def main():
    path, pairs = sys.argv[1], sys.argv[2:]
    text = open(path).read()
    m = re.search(r'(opts\.data = \(void \*\)")(.*?)(";)', text, re.S)
    if not m:
        sys.exit('%s: no opts.data blob' % path)
    lit = m.group(2).replace('\\\n', '')
    data = bytearray(decode(lit))
    for pair in pairs:
        name, atype = pair.split('=')
        key = name.encode()[:15].ljust(16, b'\0')
        hits = []
        start = 0
        while True:
            i = data.find(key, start)
            if i < 0:
                break
            # a BPF_PROG_LOAD attr: kprobe-type program (2) 48 bytes before
            if i >= 48 and struct.unpack_from('<I', data, i - 48)[0] == 2:
                hits.append(i - 48)
            start = i + 1
        if len(hits) != 1:
            sys.exit('%s: %d load attributes for %s' % (path, len(hits), name))
        struct.pack_into('<I', data, hits[0] + 68, int(atype))
    text = text[:m.start(2)] + encode(data) + text[m.end(2):]
    open(path, 'w').write(text)


main()
