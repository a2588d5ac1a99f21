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
# extra options for both tracers (FIDELITY_FLAGS="-yy" compares fd decoding)
FLAGS = os.environ.get("FIDELITY_FLAGS", "").split()
PROGS = os.path.join(os.environ.get("BUILD", "build"), "tests", "progs")

CORPUS = [
    [os.path.join(PROGS, "basic")],
    [os.path.join(PROGS, "strings")],
    [os.path.join(PROGS, "signals")],
    [os.path.join(PROGS, "exitcode"), "2", "fork"],
    [os.path.join(PROGS, "threads")],
    [os.path.join(PROGS, "poll")],
    [os.path.join(PROGS, "fds")],
    [os.path.join(PROGS, "futex")],
    [os.path.join(PROGS, "prctl")],
    [os.path.join(PROGS, "net")],
    [os.path.join(PROGS, "timers")],
    [os.path.join(PROGS, "files")],
    [os.path.join(PROGS, "procs")],
    [os.path.join(PROGS, "ipc")],
    [os.path.join(PROGS, "ns")],
    ["ls", "-la", "/etc"],
    ["cat", "/etc/passwd"],
    ["uname", "-a"],
    ["df", "/"],
    ["free"],
    ["stat", "/etc/hostname", "/dev/null"],
    ["find", "/etc/apt", "-maxdepth", "2"],
    ["cp", "/etc/hostname", "/tmp/strobe-fidelity-copy"],
    ["tar", "cf", "/dev/null", "/etc/apt"],
    # the reader sleeps first, so that the shell reaps ls before wc exits:
    # two children exiting together give two SIGCHLDs under strace (it
    # stops the shell at each) but one without (the second finds the first
    # pending), which is timing, not decoding
    ["sh", "-c", "ls / | { sleep 0.05; wc -l; }; echo done > /dev/null"],
    ["/usr/bin/python3", "-c", "import os; print(os.getcwd())"],
    ["/usr/bin/python3", "-c",
     "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(); "
     "c = socket.create_connection(s.getsockname()); a, _ = s.accept(); "
     "c.send(b'x'); a.recv(1)"],
    ["/usr/bin/python3", "-c",
     "import select, socket\n"
     "a, b = socket.socketpair(); b.send(b'ping')\n"
     "select.select([a], [], [], 1.0)\n"
     "p = select.poll(); p.register(a, select.POLLIN); p.poll(1000)\n"
     "e = select.epoll(); e.register(a.fileno(), select.EPOLLIN); e.poll(1.0)\n"
     "a.recv(4)"],
    # Python threads take turns on one lock (the GIL): whether a thread has
    # to wait for it, a futex call, depends on timing that strace changes
    # 10-100x, so this one's futex lines are left out on both sides
    ("no-futex", ["/usr/bin/python3", "-c",
     "import threading, os\n"
     "r, w = os.pipe()\n"
     "t = threading.Thread(target=lambda: os.write(w, b'ping')); t.start(); t.join()\n"
     "os.read(r, 4)"]),
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
    # -y/-yy: inode numbers (pipes, sockets) are the machine's counters
    line = re.sub(r"\b\d{5,}\b(?=[^<]*>)", "INO", line)
    # System V IPC ids: a machine-wide counter
    line = re.sub(r"^((?:shm|sem|msg)get\(.*\)\s+= )\d+$", r"\1ID", line)
    line = re.sub(r"^((?:shmat|shmctl|semop|semtimedop|semctl|msgsnd|msgrcv|msgctl)\()\d+",
                  r"\1ID", line)
    # mkdtemp's random names
    line = re.sub(r"strobe-files-\w{6}", "strobe-files-XXXXXX", line)
    # what the clock says: what is left of a timeout, absolute deadlines
    line = re.sub(r"left \{[^}]*\}", "left {...}", line)
    line = re.sub(r"\{tv_sec=\d{4,}, tv_nsec=\d+\}", "{TIME}", line)
    # what the clocks said: the time of day, time left on timers, CPU time
    if re.match(r"^(gettimeofday|timerfd_gettime|timer_gettime|getitimer|getrusage|times|"
                r"clock_gettime)\(", line):
        line = re.sub(r"\d+", "N", line)
    # epoll data nobody set: whatever was in the caller's stack
    line = re.sub(r"u64=\d{10,}", "u64=N", line)
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


# Both tracers run with address-space randomisation off (setarch -R, which
# their children inherit), so that what depends on where things land (how
# much of a thread stack mapping is trimmed to align it) is alike.
NORAND = ["setarch", "x86_64", "-R"]


def compare_once(argv, skip=()):
    stats = collections.defaultdict(lambda: [0, 0])
    diffs = []
    with tempfile.TemporaryDirectory() as d:
        a, b = os.path.join(d, "strace"), os.path.join(d, "strobe")
        subprocess.run(NORAND + ["strace", "-f", "-o", a] + FLAGS + ["--"] + argv,
                       capture_output=True)
        subprocess.run(NORAND + [STROBE, "-f", "-o", b] + FLAGS + ["--"] + argv,
                       capture_output=True)
        theirs, ours = lines_by_pid(open(a).read()), lines_by_pid(open(b).read())
    for seqs in (theirs, ours):
        for p in seqs:
            seqs[p] = [l for l in seqs[p] if not l.startswith(skip)]
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
        # A line both printed, in another place: which of two children is
        # reaped first, or whether a SIGCHLD comes before or after a read
        # returns, is timing (strace slows the program down), not decoding.
        matched_o = set()
        for blk in sm.get_matching_blocks():
            matched_o.update(range(blk.b, blk.b + blk.size))
        left = collections.Counter(o[j] for j in range(len(o)) if j not in matched_o)
        for i, l in enumerate(t):
            if i not in same and left[l] > 0:
                left[l] -= 1
                same.add(i)
                stats["(reordered)"][0] += 1
                stats["(reordered)"][1] += 1
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
    return stats, diffs


def compare(argv, stats, diffs, tries=3, skip=()):
    """Add the best of up to `tries` runs: strace slows the program down
    10-100x, and which of two threads wins a race (a futex line more or
    less) is no decoding difference."""
    best = None
    for _ in range(tries):
        st, df = compare_once(argv, skip)
        miss = sum(n - k for n, k in st.values())
        if best is None or miss < best[0]:
            best = (miss, st, df)
        if not miss:
            break
    for name, (n, k) in best[1].items():
        stats[name][0] += n
        stats[name][1] += k
    diffs.extend(best[2])


def main():
    stats = collections.defaultdict(lambda: [0, 0])
    diffs = []
    for argv in CORPUS:
        if isinstance(argv, tuple):
            compare(argv[1], stats, diffs, skip=("futex(",))
        else:
            compare(argv, stats, diffs)
    total = sum(v[0] for v in stats.values())
    same = sum(v[1] for v in stats.values())
    share = 100.0 * same / total
    print("identical lines: %d of %d strace lines, %.1f%%" % (same, total, share))
    print("\nby syscall (most frequent first):")
    top = sorted(((k, v) for k, v in stats.items() if not k.startswith("(")),
                 key=lambda kv: -kv[1][0])[:60]
    for name, (n, k) in top:
        print("  %-22s %6d lines  %5.1f%% identical" % (name, n, 100.0 * k / n))
    for name, (n, k) in sorted(stats.items()):
        if name.startswith("("):
            print("  %-22s %6d lines  %5.1f%% identical" % (name, n, 100.0 * k / n))
    # the bar: 97% overall, every line of the 60 most frequent
    # syscalls
    short = [name for name, (n, k) in top if k != n]
    ok = share >= 97.0 and not short
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
    print("\n%s: %.1f%% identical (bar 97%%); top-60 syscalls not all identical: %s"
          % ("PASS" if ok else "FAIL", share, ", ".join(short) or "none"))
    if share < 97.0:
        print("FAIL fidelity_overall: %.1f%% of strace's lines identical" % share)
    if short:
        print("FAIL fidelity_top60: not all identical: %s" % ", ".join(short))
    bad = (share < 97.0) + bool(short)
    print("%d passed, %d failed" % (2 - bad, bad))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
