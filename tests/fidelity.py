#!/usr/bin/env python3
"""How many of strace's lines strobe prints identically (make fidelity).

Runs each program of a corpus under `strace -f -o` and `strobe -f -o`,
normalises what legitimately differs between two runs (addresses, pids,
the pid column), joins strace's <unfinished ...>/<... resumed> halves,
pairs the processes by the program they exec, aligns each pair's lines
(difflib) and counts strace's lines that strobe printed identically.
Prints the share overall and per syscall, and the first differences.
"""
import collections
import difflib
import os
import re
import subprocess
import sys
import tempfile

STROBE = os.environ.get("STROBE", "build/strobe")
PROGS = os.path.join(os.environ.get("BUILD", "build"), "tests", "progs")

CORPUS = [
    [os.path.join(PROGS, "basic")],
    [os.path.join(PROGS, "strings")],
    [os.path.join(PROGS, "signals")],
    [os.path.join(PROGS, "exitcode"), "2", "fork"],
    [os.path.join(PROGS, "threads")],
    ["ls", "-la", "/etc"],
    ["cat", "/etc/passwd"],
    ["stat", "/etc/hostname", "/dev/null"],
    ["find", "/etc/apt", "-maxdepth", "2"],
    ["cp", "/etc/hostname", "/tmp/strobe-fidelity-copy"],
    ["tar", "cf", "/dev/null", "/etc/apt"],
    ["sh", "-c", "ls / | wc -l; echo done > /dev/null"],
    ["/usr/bin/python3", "-c", "import os; print(os.getcwd())"],
    ["/usr/bin/python3", "-c",
     "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(); "
     "c = socket.create_connection(s.getsockname()); a, _ = s.accept(); "
     "c.send(b'x'); a.recv(1)"],
]

LINE = re.compile(r"^(\d+)\s+(.*)$")


def lines_by_pid(text):
    seqs, unfinished = collections.OrderedDict(), {}
    for raw in text.splitlines():
        m = LINE.match(raw)
        if not m:
            continue
        pid, body = m.group(1), m.group(2)
        if body.endswith(" <unfinished ...>"):
            unfinished[pid] = body[:-len(" <unfinished ...>")]
            continue
        r = re.match(r"^<\.\.\. (\w+) resumed>(.*)$", body)
        if r and pid in unfinished:
            body = unfinished.pop(pid) + r.group(2)
        seqs.setdefault(pid, []).append(body)
    return seqs


def normalise(line, pids, ports):
    # what no two runs share: random bytes, the tracer being the parent,
    # free blocks and memory, load, ephemeral ports (named by appearance)
    line = re.sub(r'^getrandom\("[^"]*"', 'getrandom("RANDOM"', line)
    line = re.sub(r"\b(f_bfree|f_bavail|f_ffree|uptime|freeram|sharedram|bufferram|"
                  r"procs)=\d+", r"\1=N", line)
    line = re.sub(r"loads=\[[\d, ]*\]", "loads=[N]", line)
    line = re.sub(r"htons\((\d{4,5})\)",
                  lambda m: "htons(PORT%d)" % ports.setdefault(m.group(1), len(ports)), line)
    line = re.sub(r"^getppid\(\)\s+= \d+", "getppid() = PPID", line)
    line = re.sub(r"0x[0-9a-f]+", "0xADDR", line)
    line = re.sub(r"\b(\d+)\b", lambda m: pids.get(m.group(1), m.group(1)), line)
    line = re.sub(r"\s+= ", " = ", line)      # the result column
    return line


def program(seq):
    for l in seq:
        m = re.match(r'execve\("([^"]+)"', l)
        if m:
            return m.group(1)
    return ""


def compare(argv, stats, diffs):
    with tempfile.TemporaryDirectory() as d:
        a, b = os.path.join(d, "strace"), os.path.join(d, "strobe")
        subprocess.run(["strace", "-f", "-o", a, "--"] + argv, capture_output=True)
        subprocess.run([STROBE, "-f", "-o", b, "--"] + argv, capture_output=True)
        theirs, ours = lines_by_pid(open(a).read()), lines_by_pid(open(b).read())
    # pair processes by the program they exec (then in order of
    # appearance), and give each pair's two pids one name
    tk = sorted(theirs, key=lambda p: program(theirs[p]))
    ok = sorted(ours, key=lambda p: program(ours[p]))
    pids = {}
    for i, (x, y) in enumerate(zip(tk, ok)):
        pids[x] = pids[y] = "PID%d" % i
    tp = [theirs[p] for p in tk]
    op = [ours[p] for p in ok]
    for t, o in zip(tp, op):
        tports, oports = {}, {}
        t = [normalise(l, pids, tports) for l in t]
        o = [normalise(l, pids, oports) for l in o]
        sm = difflib.SequenceMatcher(None, t, o, autojunk=False)
        same = set()
        for blk in sm.get_matching_blocks():
            same.update(range(blk.a, blk.a + blk.size))
        for i, l in enumerate(t):
            name = re.match(r"^([\w-]+)", l)
            name = name.group(1) if name else "?"
            if l.startswith("---"):
                name = "(signal)"
            elif l.startswith("+++"):
                name = "(exit)"
            stats[name][0] += 1
            if i in same:
                stats[name][1] += 1
        for tag, i1, i2, j1, j2 in sm.get_opcodes():
            if tag != "equal" and len(diffs) < 400:
                diffs.append((" ".join(argv)[:40], t[i1:i2][:2], o[j1:j2][:2]))
    for extra in tp[len(op):]:
        for l in extra:
            stats["(missing process)"][0] += 1


def main():
    stats = collections.defaultdict(lambda: [0, 0])
    diffs = []
    for argv in CORPUS:
        compare(argv, stats, diffs)
    total = sum(v[0] for v in stats.values())
    same = sum(v[1] for v in stats.values())
    print("identical lines: %d of %d strace lines, %.1f%%" % (same, total, 100.0 * same / total))
    print("\nby syscall (most frequent first):")
    for name, (n, k) in sorted(stats.items(), key=lambda kv: -kv[1][0])[:60]:
        print("  %-22s %6d lines  %5.1f%% identical" % (name, n, 100.0 * k / n))
    shown = 0
    print("\nfirst differences (strace / strobe):")
    seen = set()
    for prog, t, o in diffs:
        key = (t[0].split("(")[0] if t else "", o[0].split("(")[0] if o else "")
        if key in seen:
            continue
        seen.add(key)
        print("  [%s]\n    strace: %s\n    strobe: %s" % (prog, t[0] if t else "-", o[0] if o else "-"))
        shown += 1
        if shown == 25:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
