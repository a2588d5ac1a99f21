#!/usr/bin/env python3
"""strobe's overhead, measured in one run against the untraced workload and
against strace, perf trace and bpftrace (make bench).

Every configuration runs REPS times, interleaved (untraced, then each tracer,
then again), and the median wall time is compared with the untraced median
of the same workload.  Not a test: nothing here asserts a time.

  W1 = dd if=/dev/zero of=/dev/null bs=1 count=1000k   (about 2M syscalls)

`run.py inject` runs only the injection figures (-e inject=); `run.py
libcalls` only the library-call figures (uprobes); `run.py script-uprobes`
only strobe script's uprobes against bpftrace's.

strace and perf trace decoding every call are 100-300x slower; they run a
smaller W1 (count given below) and are compared with the untraced run of
that same smaller workload.
"""
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

STROBE = os.environ.get("STROBE", "build/strobe")
REPS = int(os.environ.get("REPS", "5"))


def w1(count="1000k"):
    # an absolute path: bpftrace -c refuses a name found twice in PATH
    return ["/usr/bin/dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=" + count]


def w1t(count="1000k"):
    """W1 under /usr/bin/time, which prints dd's own CPU time: what the
    probes cost dd, without the tracer's start-up or reader (an ELF, and no
    spaces in its arguments, for bpftrace -c)."""
    return ["/usr/bin/time", "-f", "ddcpu=%U+%S"] + w1(count)


GAP = float(os.environ.get("GAP", "0.3"))


def settle():
    """Before each run: wait for the last one's teardown.  Closing BPF
    programs, maps and perf events starts RCU grace periods (strobe's
    background strobe-release, bpftrace before it exits); an RCU
    tasks-trace grace period marks the running tasks, and a marked task
    takes the kernel's slow path at each syscall while a syscall
    tracepoint is in use: the next run's command would pay for the last
    run's exit (docs/design.md, Loading).  GAP seconds (0.3) after any
    strobe-release is gone."""
    while subprocess.run(["pgrep", "-x", "strobe-release"],
                         stdout=subprocess.DEVNULL).returncode == 0:
        time.sleep(0.05)
    time.sleep(GAP)


def timed(argv):
    """Wall seconds and peak RSS (KiB) of argv, via /usr/bin/time."""
    settle()
    with tempfile.NamedTemporaryFile("r") as t:
        t0 = time.perf_counter()
        r = subprocess.run(["/usr/bin/time", "-o", t.name, "-f", "%M"] + argv,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - t0
        rss = int(t.read().split()[-1] or 0)
    return wall, rss, r.stderr


def bench(configs, reps=REPS):
    """configs: [(name, argv)] -> {name: (median wall, median rss, last stderr)}"""
    walls = {n: [] for n, _ in configs}
    rsss = {n: [] for n, _ in configs}
    errs = {}
    for _ in range(reps):
        for name, argv in configs:
            w, m, e = timed(argv)
            walls[name].append(w)
            rsss[name].append(m)
            errs[name] = e
    return {n: (statistics.median(walls[n]), statistics.median(rsss[n]), errs[n])
            for n in walls}


# bpftrace and perf trace need tracefs mounted where they look for it; on a
# fresh machine it is not: mount it for them in a mount namespace of their
# own, so that the host's mounts stay as they were
TRACEFS = ["unshare", "-m", "--propagation", "private", "sh", "-c",
           "(test -d /sys/kernel/tracing/events || mount -t tracefs nodev "
           "/sys/kernel/tracing) && exec \"$@\"", "sh"]


def dd_own(argv):
    """dd's own time (what it reports), so a tracer's start-up and exit do
    not count; and CPU time: dd's own when argv runs it under w1t(), else
    the whole run's (tracer included)."""
    settle()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, _, ru = os.wait4(p.pid, 0)
    m = re.search(r"copied, ([\d.]+) s", err)
    c = re.search(r"ddcpu=([\d.]+)\+([\d.]+)", err)
    cpu = float(c.group(1)) + float(c.group(2)) if c else ru.ru_utime + ru.ru_stime
    return (float(m.group(1)) if m else float("nan")), cpu, err


def bench_own(configs, reps=REPS):
    """configs: [(name, argv)] -> {name: (median dd time, median cpu, last stderr)}"""
    own, cpu, errs = {n: [] for n, _ in configs}, {n: [] for n, _ in configs}, {}
    for _ in range(reps):
        for name, argv in configs:
            t, c, e = dd_own(argv)
            own[name].append(t)
            cpu[name].append(c)
            errs[name] = e
    return {n: (statistics.median(own[n]), statistics.median(cpu[n]), errs[n]) for n in own}


def load():
    """The machine's load averages: other work on it skews every figure."""
    return "load %s" % " ".join(open("/proc/loadavg").read().split()[:3])


def lost(stderr):
    m = re.search(r"strobe: (\d+) events lost \(", stderr)
    return int(m.group(1)) if m else 0


def table(title, res, base, notes=None):
    print("\n" + title)
    b = res[base][0]
    for name, (wall, rss, err) in res.items():
        extra = (notes or {}).get(name, "")
        if name.startswith("strobe"):
            extra += " lost=%d" % lost(err)
        print("  %-46s %8.3f s  %6.1fx  %7.1f MB%s" % (name, wall, wall / b, rss / 1024, extra))


def main():
    subprocess.run(["sh", "scripts/deps.sh", "bench"], check=True)
    print("strobe bench: median of %d interleaved runs each, ratios against the "
          "untraced run of the same workload" % REPS)

    # 1. A rare call selected: the cost of being there.  strobe's default
    # for a small selection is the per-syscall tracepoints (--probe=tp),
    # as bpftrace attaches tracepoint:syscalls:*; --probe=raw is the pair
    # of raw tracepoints every call passes through.  dd's own time and
    # CPU time (w1t).  Any tracer on a syscall tracepoint puts every task
    # of the machine on the kernel's slow syscall path: perf stat counting
    # the same two tracepoints, no BPF at all, is that floor.
    w1s = " ".join(w1t())
    res = bench_own([
        ("untraced W1", w1t()),
        ("strobe -e trace=accept (auto: per-syscall tp)",
         [STROBE, "-e", "trace=accept", "-o", "/dev/null", "--"] + w1t()),
        ("strobe -e trace=accept --probe=raw",
         [STROBE, "--probe=raw", "-e", "trace=accept", "-o", "/dev/null", "--"] + w1t()),
        ("bpftrace sys_enter_accept + sys_exit_accept",
         TRACEFS + ["bpftrace", "-e", "tracepoint:syscalls:sys_enter_accept {} "
                    "tracepoint:syscalls:sys_exit_accept {}", "-c", w1s]),
        ("perf stat on the same tracepoints (no BPF)",
         TRACEFS + ["perf", "stat", "-o", "/dev/null", "-e", "syscalls:sys_enter_accept",
                    "-e", "syscalls:sys_exit_accept", "--"] + w1t()),
        ("bpftrace empty raw_syscalls pair",
         TRACEFS + ["bpftrace", "-e", "tracepoint:raw_syscalls:sys_enter {} "
                    "tracepoint:raw_syscalls:sys_exit {}", "-c", w1s]),
        ("strace --seccomp-bpf -f -e trace=accept",
         ["strace", "--seccomp-bpf", "-f", "-e", "trace=accept", "-o", "/dev/null"] + w1t()),
    ], reps=max(REPS, 9))
    print("\nW1, only accept selected: dd's own time and dd's CPU time, %s "
          "(target: strobe <= 1.2x, never worse than bpftrace)" % load())
    b, bc = res["untraced W1"][0], res["untraced W1"][1]
    for name, (t, c, err) in res.items():
        print("  %-46s %8.3f s  %5.2fx   cpu %6.3f s  %5.2fx%s" % (
            name, t, t / b, c, c / bc, " lost=%d" % lost(err) if name.startswith("strobe") else ""))
    # the per-call price of each path when the selected call is most of
    # what runs: why small selections, not all, take the per-syscall path
    res = bench_own([
        ("untraced W1", w1()),
        ("strobe -e trace=read --probe=tp", [STROBE, "--probe=tp", "-e", "trace=read",
                                             "-o", "/dev/null", "--"] + w1()),
        ("strobe -e trace=read --probe=raw", [STROBE, "--probe=raw", "-e", "trace=read",
                                              "-o", "/dev/null", "--"] + w1()),
        ("strobe -e trace=read,write --probe=tp",
         [STROBE, "--probe=tp", "-e", "trace=read,write", "-o", "/dev/null", "--"] + w1()),
        ("strobe -e trace=read,write --probe=raw",
         [STROBE, "--probe=raw", "-e", "trace=read,write", "-o", "/dev/null", "--"] + w1()),
    ], reps=max(3, REPS // 2))
    print("\nW1, the selected calls are the workload's: the two probe paths (dd's own time)")
    b, bc = res["untraced W1"][0], res["untraced W1"][1]
    for name, (t, c, err) in res.items():
        print("  %-46s %8.3f s  %5.2fx   cpu %6.3f s  %5.2fx" % (name, t, t / b, c, c / bc))
    res = bench([
        ("untraced W1", w1()),
        ("strobe -e trace=accept", [STROBE, "-e", "trace=accept", "-o", "/dev/null", "--"] + w1()),
        ("perf trace -e accept", TRACEFS + ["perf", "trace", "-e", "accept", "-o", "/dev/null",
                                            "--"] + w1()),
    ])
    table("W1, only accept selected, whole runs (start-up and exit included)", res,
          "untraced W1")

    # 2. Every call decoded and written.
    res = bench([
        ("untraced W1", w1()),
        ("strobe -o /dev/null", [STROBE, "-o", "/dev/null", "--"] + w1()),
        ("strobe -o file", [STROBE, "-o", "/tmp/strobe-bench.out", "--"] + w1()),
    ])
    table("W1, every call decoded and written (target: strobe <= 4x, no loss)", res,
          "untraced W1")
    # 2b. Buffers: 100k reads of 4 KiB, the reads traced, their data shown
    # as strace shows it (-s 32), whole (-s 4096) or not at all (-s 0).  The
    # ring buffer is big enough that nothing is lost (a lost event is
    # cheap), and the figure is dd's own time, as it reports it, so strobe
    # formatting the text afterwards does not count.
    dd4k = ["/usr/bin/dd", "if=/dev/zero", "of=/dev/null", "bs=4k", "count=100k"]
    own = {}
    for _ in range(REPS):
        for name, pre in (("untraced", []),
                          ("-s 0", [STROBE, "-m", "512M", "-e", "trace=read", "-s", "0"]),
                          ("-s 32", [STROBE, "-m", "512M", "-e", "trace=read"]),
                          ("-s 4096", [STROBE, "-m", "512M", "-e", "trace=read", "-s", "4096"])):
            argv = pre + (["-o", "/dev/null", "--"] if pre else []) + dd4k
            r = subprocess.run(argv, capture_output=True, text=True)
            m = re.search(r"copied, ([\d.]+) s", r.stderr)
            if lost(r.stderr):
                print("  (%s lost %d events: its figure is too low)" % (name, lost(r.stderr)))
            own.setdefault(name, []).append(float(m.group(1)) if m else float("nan"))
    med = {n: statistics.median(v) for n, v in own.items()}
    print("\n100k reads of 4 KiB, dd's own time (target: a decoded read <= 1.5x an "
          "undecoded one)")
    for n in med:
        print("  %-12s %8.3f s  %5.2fx untraced  %5.2fx -s 0" % (
            n, med[n], med[n] / med["untraced"], med[n] / med["-s 0"]))

    small = "20k"
    res = bench([
        ("untraced W1/50", w1(small)),
        ("strobe -o /dev/null", [STROBE, "-o", "/dev/null", "--"] + w1(small)),
        ("strace -o /dev/null", ["strace", "-o", "/dev/null"] + w1(small)),
        ("perf trace -o /dev/null", ["perf", "trace", "-o", "/dev/null", "--"] + w1(small)),
    ], reps=3)
    table("W1 with count=%s (strace and perf trace are too slow for the full W1)" % small,
          res, "untraced W1/50")

    # 3. Summaries: counted in the kernel.
    hist_bt = ("tracepoint:raw_syscalls:sys_enter { @s[tid] = nsecs; } "
               "tracepoint:raw_syscalls:sys_exit /@s[tid]/ { "
               "@lat[args->id] = hist(nsecs - @s[tid]); delete(@s[tid]); }")
    res = bench([
        ("untraced W1", w1()),
        ("strobe -c", [STROBE, "-c", "-o", "/dev/null", "--"] + w1()),
        ("strobe -c --hist", [STROBE, "-c", "--hist", "-o", "/dev/null", "--"] + w1()),
        ("bpftrace per-syscall latency hist (+ start-up)",
         ["bpftrace", "-e", hist_bt, "-c", " ".join(w1())]),
    ])
    table("W1 summary (target: strobe -c <= 2.7x, <= 20 MB)", res, "untraced W1")
    res = bench([
        ("untraced W1/50", w1(small)),
        ("strobe -c", [STROBE, "-c", "-o", "/dev/null", "--"] + w1(small)),
        ("strace -c", ["strace", "-c", "-o", "/dev/null"] + w1(small)),
        ("perf trace -s", ["perf", "trace", "-s", "-o", "/dev/null", "--"] + w1(small)),
    ], reps=3)
    table("W1 summary with count=%s (strace -c, perf trace -s)" % small, res, "untraced W1/50")

    # 4. Recording: raw events to a file, decoded later.
    data = "/tmp/strobe-bench.data"
    res = bench([
        ("untraced W1", w1()),
        ("strobe record", [STROBE, "record", "-o", data, "--"] + w1()),
        ("strobe -o /dev/null (live, for comparison)", [STROBE, "-o", "/dev/null", "--"] + w1()),
    ])
    table("W1 recorded (target: <= 3x, no loss, <= 40 bytes per syscall)", res, "untraced W1")
    # where it goes: dd's own time is what the probes cost the traced
    # process; the rest of the wall time is start-up, draining, compressing
    # and exit; the CPU time includes strobe's reader
    own = bench_own([
        ("untraced W1", w1t()),
        ("strobe record", [STROBE, "record", "-o", data, "--"] + w1t()),
        ("strobe -o /dev/null", [STROBE, "-o", "/dev/null", "--"] + w1t()),
        ("bpftrace empty raw_syscalls pair (the floor)",
         TRACEFS + ["bpftrace", "-e", "tracepoint:raw_syscalls:sys_enter {} "
                    "tracepoint:raw_syscalls:sys_exit {}", "-c", " ".join(w1t())]),
    ])
    print("  dd's own time and CPU time (%s):" % load())
    b, bc = own["untraced W1"][0], own["untraced W1"][1]
    for name, (t, c, _) in own.items():
        print("  %-46s dd's own %6.3f s %5.2fx   cpu %6.3f s %5.2fx" % (name, t, t / b, c, c / bc))
    size = os.path.getsize(data)
    r = subprocess.run([STROBE, "report", "--stat", data], capture_output=True, text=True)
    m = re.search(r"^  syscall\s+(\d+)$", r.stdout, re.M)
    calls = int(m.group(1)) if m else 0
    print("  file: %d bytes for %d syscalls: %.1f bytes per syscall" %
          (size, calls, size / calls if calls else 0))
    walls = []
    for _ in range(REPS):
        t0 = time.perf_counter()
        subprocess.run([STROBE, "report", "-o", "/dev/null", data])
        walls.append(time.perf_counter() - t0)
    w = statistics.median(walls)
    print("  strobe report: %.3f s for %d events: %.1fM events/s (target >= 2M/s)" %
          (w, calls, calls / w / 1e6))
    os.unlink(data)

    # 5. Start-up: tracing a command that does nothing.
    res = bench([
        ("untraced /bin/true", ["/bin/true"]),
        ("strobe -- /bin/true", [STROBE, "-o", "/dev/null", "--", "/bin/true"]),
        ("strobe -e trace=openat -- /bin/true",
         [STROBE, "-e", "trace=openat", "-o", "/dev/null", "--", "/bin/true"]),
        ("strace -- /bin/true", ["strace", "-o", "/dev/null", "--", "/bin/true"]),
        ("perf trace -- /bin/true", TRACEFS + ["perf", "trace", "-o", "/dev/null", "--",
                                               "/bin/true"]),
        ("bpftrace raw_syscalls -c /bin/true",
         TRACEFS + ["bpftrace", "-e", "tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }",
                    "-c", "/bin/true"]),
    ])
    print("\nStart-up to exit (target: strobe <= 25 ms, <= 15 MB; %s: on a loaded "
          "machine bench/startup.py with RT=10 keeps the wait for a CPU out)" % load())
    for name, (wall, rss, _) in res.items():
        print("  %-46s %8.1f ms  %7.1f MB" % (name, wall * 1000, rss / 1024))
    # where strobe's own start-up goes (-d prints each step)
    steps = {}
    for _ in range(max(REPS, 9)):
        for args in ([], ["-e", "trace=openat"]):
            r = subprocess.run([STROBE, "-d", "-o", "/dev/null"] + args + ["--", "/bin/true"],
                               capture_output=True, text=True)
            m = re.search(r"^strobe: timing \(ms\): (.*)$", r.stderr, re.M)
            if not m:
                continue
            for k, v in re.findall(r"([a-z ]+?) \+?([\d.]+)", m.group(1)):
                steps.setdefault((" ".join(args) or "all calls", k.strip()), []).append(float(v))
            n = re.search(r"\((\d+) insns verified\)", m.group(1))
            if n:
                steps.setdefault((" ".join(args) or "all calls", "insns verified"),
                                 []).append(float(n.group(1)))
    print("  strobe -d's steps, medians (ms; load is the kernel checking the programs):")
    for what in ("all calls", "-e trace=openat"):
        print("    %-16s %s" % (what, ", ".join(
            "%s %.*f" % (k, 0 if k == "insns verified" else 2, statistics.median(v))
            for (w, k), v in steps.items() if w == what)))
    os.unlink("/tmp/strobe-bench.out") if os.path.exists("/tmp/strobe-bench.out") else None
    inject()
    library_calls()
    script_uprobes()


def script_uprobes():
    """strobe script's uprobes against bpftrace's: the cost of a hit (one
    program per spec on a uprobe_multi link, against bpftrace's perf event
    uprobe), and attaching a glob (one program and one link for all the
    functions, against one program and one perf event per function)."""
    build = os.environ.get("BUILD", "build")
    lc = os.path.abspath(os.path.join(build, "tests", "progs", "libcalls"))
    n = 200000
    count = "uprobe:libc:strtol /pid == cpid/ { @ = count(); }"

    def cfgs(calls):
        return [
            ("untraced", [lc, str(calls)]),
            ("strobe script " + count, [STROBE, "script", "-o", "/dev/null", "-e", count,
                                        "-c", "%s %d" % (lc, calls)]),
            ("bpftrace " + count, ["bpftrace", "-o", "/dev/null", "-e", count,
                                   "-c", "%s %d" % (lc, calls)]),
        ]
    full, empty = bench(cfgs(n)), bench(cfgs(0))
    print("\nstrobe script uprobes: %d strtol calls counted; per call = (run - run with 0 "
          "calls) / calls" % n)
    for name in full:
        print("  %-66s %7.2f us/call" % (name, (full[name][0] - empty[name][0]) / n * 1e6))
    globs = [("uprobe:libc:str*", True), ("uprobe:libc:*", False)]
    configs = []
    for g, with_bpftrace in globs:
        prog = g + " { @ = count(); }"
        configs.append(("strobe script '%s' -c /bin/true" % prog,
                        [STROBE, "script", "-o", "/dev/null", "-e", prog, "-c", "/bin/true"]))
        # bpftrace 0.17 loads and attaches one program per function: a
        # thousand take minutes, so only the small glob
        if with_bpftrace:
            configs.append(("bpftrace '%s' -c /bin/true" % prog,
                            ["bpftrace", "-o", "/dev/null", "-e", prog, "-c", "/bin/true"]))
    res = bench(configs, reps=max(3, REPS // 2))
    print("\nstrobe script attaching a glob (start-up to exit; str*: %d functions, *: %d)" % (
        len(subprocess.run([STROBE, "script", "-l", "uprobe:libc:str*"], capture_output=True,
                           text=True).stdout.splitlines()),
        len(subprocess.run([STROBE, "script", "-l", "uprobe:libc:*"], capture_output=True,
                           text=True).stdout.splitlines())))
    for name, (wall, rss, _) in res.items():
        print("  %-66s %8.1f ms  %7.1f MB" % (name, wall * 1000, rss / 1024))


def bench_cpu(configs, reps=REPS):
    """configs: [(name, argv)] run interleaved -> {name: (median wall s,
    median CPU s of the run: the tracer and the traced program, which it
    reaps)}"""
    walls, cpus = {n: [] for n, _ in configs}, {n: [] for n, _ in configs}
    for _ in range(reps):
        for name, argv in configs:
            settle()
            t0 = time.perf_counter()
            p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, _, ru = os.wait4(p.pid, 0)
            walls[name].append(time.perf_counter() - t0)
            cpus[name].append(ru.ru_utime + ru.ru_stime)
    return {n: (statistics.median(walls[n]), statistics.median(cpus[n])) for n in walls}


def batched_library_calls(libc, reps):
    """The same per-call cost from inside the traced program: strtol in
    timed batches (libcall_loop.c), the fastest batch and the median one,
    so that what the tracers do between the calls (start-up, exit, timer
    ticks, the other CPU's work) does not count.  Rounds in a shuffled
    order, medians of the rounds."""
    loop = os.path.join(tempfile.gettempdir(), "strobe-libcall-loop")
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libcall_loop.c")
    if subprocess.run(["cc", "-O1", "-o", loop, src]).returncode:
        print("  (cannot build %s)" % src)
        return
    prog = [loop, "400"]	# 200,000 calls, as the issue counts
    cfgs = {
        "strobe ltrace -c -e strtol": [STROBE, "ltrace", "-c", "-o", "/dev/null", "-e",
                                       "strtol"] + prog,
        "bpftrace uprobe strtol count()":
            ["bpftrace", "-e", "uprobe:%s:strtol { @ = count(); }" % libc,
             "-c", " ".join(prog)],
        "bpftrace uprobe+uretprobe strtol count()":
            ["bpftrace", "-e", "uprobe:%s:strtol { @ = count(); } "
             "uretprobe:%s:strtol { @r = count(); }" % (libc, libc), "-c", " ".join(prog)],
    }
    got = {k: ([], []) for k in cfgs}
    for _ in range(reps):
        order = list(cfgs)
        random.shuffle(order)
        for name in order:
            settle()
            out = subprocess.run(cfgs[name], capture_output=True, text=True).stdout
            m = re.search(r"min ([\d.]+) p10 [\d.]+ med ([\d.]+)", out)
            if m:
                got[name][0].append(float(m.group(1)))
                got[name][1].append(float(m.group(2)))
    if not all(got[k][0] for k in cfgs):
        print("  (a batched run printed nothing)")
        return
    med = {k: (statistics.median(got[k][0]), statistics.median(got[k][1])) for k in cfgs}
    ref = med["bpftrace uprobe strtol count()"]
    print("  Batched inside the program (libcall_loop.c, 400 batches of 500 calls; us a call):")
    print("  %-46s %8s %8s  %s" % ("", "fastest", "median", "(x bpftrace's count)"))
    for name, (lo, mid) in med.items():
        print("  %-46s %8.2f %8.2f  %5.2fx %5.2fx" % (name, lo / 1e3, mid / 1e3,
                                                     lo / ref[0], mid / ref[1]))


def library_calls():
    """Per-call cost of counting a library function (strtol) with its
    latency, against bpftrace counting its entries (and its entries and
    returns) and ltrace -c; and the time to attach uprobes to many
    functions."""
    build = os.environ.get("BUILD", "build")
    lc = os.path.abspath(os.path.join(build, "tests", "progs", "libcalls"))
    libc = "/lib/x86_64-linux-gnu/libc.so.6"
    n, n_lt = 200000, 20000	# ltrace's ~200 us a call: fewer
    reps = max(REPS, 9)
    def cfgs(count):
        return [
            ("untraced", [lc, str(count)]),
            ("strobe ltrace -c -e strtol", [STROBE, "ltrace", "-o", "/dev/null", "-c",
                                            "-e", "strtol", lc, str(count)]),
            ("strobe -c --event uprobe+uretprobe strtol",
             [STROBE, "-o", "/dev/null", "-c", "--no-syscalls", "--event",
              "uprobe:libc:strtol", "--event", "uretprobe:libc:strtol", "--", lc,
              str(count)]),
            ("bpftrace uprobe strtol count()",
             ["bpftrace", "-e", "uprobe:%s:strtol { @ = count(); }" % libc,
              "-c", "%s %d" % (lc, count)]),
            ("bpftrace uprobe+uretprobe strtol count()",
             ["bpftrace", "-e", "uprobe:%s:strtol { @ = count(); } "
              "uretprobe:%s:strtol { @r = count(); }" % (libc, libc),
              "-c", "%s %d" % (lc, count)]),
        ]
    load0 = os.getloadavg()[0]
    # full and empty runs interleaved too: the load moves between them
    both = bench_cpu([(k + " full", a) for k, a in cfgs(n)] +
                     [(k + " empty", a) for k, a in cfgs(0)], reps)
    load1 = os.getloadavg()[0]
    lt_full = bench([("ltrace -c -e strtol", ["ltrace", "-c", "-e", "strtol", lc,
                                               str(n_lt)])], reps=1)
    lt_empty = bench([("ltrace -c -e strtol", ["ltrace", "-c", "-e", "strtol", lc, "0"])],
                     reps=1)
    print("\nLibrary calls: %d strtol calls counted; per call = (run - run with 0 "
          "calls) / calls, medians of %d interleaved runs; load average %.1f -> %.1f "
          "on %d CPUs" % (n, reps, load0, load1, os.cpu_count()))
    per = {}
    for name, _ in cfgs(0):
        per[name] = tuple((both[name + " full"][k] - both[name + " empty"][k]) / n * 1e6
                          for k in (0, 1))
    name = "ltrace -c -e strtol"
    per[name] = ((lt_full[name][0] - lt_empty[name][0]) / n_lt * 1e6, float("nan"))
    ref = per["bpftrace uprobe strtol count()"]
    print("  %-46s %8s %8s  %s" % ("", "wall", "CPU", "(us a call; x bpftrace's count)"))
    for name, (w, c) in per.items():
        print("  %-46s %8.2f %8.2f  %5.2fx %5.2fx" % (name, w, c, w / ref[0] if ref[0] else 0,
                                                     c / ref[1] if ref[1] else 0))
    print("  (timing a call takes a uretprobe at its return: bpftrace pays it too once "
          "it has a uretprobe)")
    batched_library_calls(libc, reps)
    res = bench([
        ("strobe ltrace -e puts -- /bin/true", [STROBE, "ltrace", "-o", "/dev/null", "-e",
                                                "puts", "/bin/true"]),
        ("strobe ltrace -e '*' -- /bin/true", [STROBE, "ltrace", "-o", "/dev/null", "-e",
                                               "*", "/bin/true"]),
        # with the syscall tracer beside the probes; with stacks (their
        # copies need the bigger ring buffers)
        ("strobe ltrace -S -e '*' -- /bin/true", [STROBE, "ltrace", "-o", "/dev/null", "-S",
                                                  "-e", "*", "/bin/true"]),
        ("strobe ltrace -w 3 -e '*' -- /bin/true", [STROBE, "ltrace", "-o", "/dev/null", "-w",
                                                    "3", "-e", "*", "/bin/true"]),
        ("ltrace -S -e '*' -- /bin/true", ["ltrace", "-o", "/dev/null", "-S", "-e", "*",
                                           "/bin/true"]),
        ("strobe --event 'uprobe:libc:*' -- /bin/true",
         [STROBE, "-o", "/dev/null", "--no-syscalls", "--event", "uprobe:libc:*",
          "--", "/bin/true"]),
    ])
    nfuncs = len(subprocess.run([STROBE, "--list", "uprobe:libc:*"], capture_output=True,
                                text=True).stdout.splitlines())
    print("\nAttaching uprobes (start-up to exit; every libc function: %d)" % nfuncs)
    for name, (wall, rss, _) in res.items():
        print("  %-46s %8.1f ms  %7.1f MB" % (name, wall * 1000, rss / 1024))

    # 6. strobe script against bpftrace: start-up, and the in-kernel cost of
    #    a map update per event.
    count_bt = "tracepoint:raw_syscalls:sys_enter { @[comm] = count(); }"
    res = bench([
        ("strobe script syscount.bt -c /bin/true",
         [STROBE, "script", "-o", "/dev/null", "/usr/sbin/syscount.bt", "-c", "/bin/true"]),
        ("bpftrace syscount.bt -c /bin/true",
         ["bpftrace", "-o", "/dev/null", "/usr/sbin/syscount.bt", "-c", "/bin/true"]),
    ])
    print("\nstrobe script start-up to exit (target: <= 1/5 of bpftrace's wall and memory)")
    for name, (wall, rss, _) in res.items():
        print("  %-46s %8.1f ms  %7.1f MB" % (name, wall * 1000, rss / 1024))
    res = bench([
        ("untraced W1", w1()),
        ("strobe script @[comm] = count() (+ start-up)",
         [STROBE, "script", "-o", "/dev/null", "-e", count_bt, "-c", " ".join(w1())]),
        ("bpftrace @[comm] = count() (+ start-up)",
         ["bpftrace", "-o", "/dev/null", "-e", count_bt, "-c", " ".join(w1())]),
    ])
    table("W1 under %s (target: strobe script <= bpftrace)" % count_bt, res, "untraced W1")


def inject():
    """-e inject=: a seccomp filter in the command instead of ptrace stops."""
    prog = os.path.join(os.environ.get("BUILD", "build"), "tests", "progs", "inject")
    rule = ["-e", "inject=accept:error=EPERM"]
    strace_row = "strace -f --seccomp-bpf -e trace=accept (same rule)"
    # the least a seccomp filter costs (bench/seccomp_floor.c): one rule
    floor = os.path.join(tempfile.gettempdir(), "strobe-seccomp-floor")
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seccomp_floor.c")
    have_floor = subprocess.run(["cc", "-O2", "-o", floor, src]).returncode == 0
    rows = [("untraced", []),
            ("strobe -e trace=none (no injection, for reference)",
             [STROBE, "-e", "trace=none"]),
            ("strobe -e trace=accept (no injection, for reference)",
             [STROBE, "-e", "trace=accept"]),
            ("strobe -e trace=none " + rule[1], [STROBE, "-e", "trace=none"] + rule),
            ("strobe -f -e trace=none " + rule[1], [STROBE, "-f", "-e", "trace=none"] + rule),
            ("strobe -e trace=accept " + rule[1], [STROBE, "-e", "trace=accept"] + rule),
            ("strobe -f -e trace=accept " + rule[1],
             [STROBE, "-f", "-e", "trace=accept"] + rule),
            (strace_row, ["strace", "-f", "--seccomp-bpf", "-e", "trace=accept"] + rule)]
    if have_floor:
        rows.insert(1, ("a one-rule seccomp filter (the floor: seccomp_floor.c)", [floor]))
    # STROBE_OLD=path: another build's run of the same case, beside ours
    if os.environ.get("STROBE_OLD"):
        rows.insert(-1, ("OLD strobe -e trace=accept " + rule[1],
                         [os.environ["STROBE_OLD"], "-e", "trace=accept"] + rule))
    # dd's own clock, and dd's own CPU time (user + system, from w1t): the
    # second moves less with the machine's load
    res = bench_own([(n, pre + (["-o", "/dev/null", "--"] if pre and pre[0] != floor else [])
                      + w1t()) for n, pre in rows])
    u, s_ = res["untraced"], res[strace_row]
    print("\nW1 with an injection into a call dd never makes, dd's own time and CPU, "
          "%s (target: <= 1.2x untraced, no worse than strace --seccomp-bpf)" % load())
    for n, (own, cpu, _) in res.items():
        print("  %-62s %7.3f s %5.2fx  cpu %6.3f s %5.2fx  | %5.2fx strace" % (
            n, own, own / u[0], cpu, cpu / u[1], own / s_[0]))

    # The cost of one injected call: 100,000 failing socket() calls.
    n = 100000
    loop = [prog, "loop", str(n)]
    fail = ["-e", "inject=socket:error=EMFILE"]
    traced = ["-o", "/dev/null", "-e", "trace=socket"] + fail
    quiet = ["-e", "trace=none"] + fail
    res = bench([
        ("untraced, failing by themselves", loop + ["bad"]),
        ("strobe -f -e trace=none (the filter fails them)", [STROBE, "-f"] + quiet + loop),
        ("strobe -e trace=none (strobe answers each)", [STROBE] + quiet + loop),
        ("strobe -f -e trace=socket (the filter fails them)", [STROBE, "-f"] + traced + loop),
        ("strobe -e trace=socket (strobe answers each)", [STROBE] + traced + loop),
        ("strace -f --seccomp-bpf -e trace=socket", ["strace", "-f", "--seccomp-bpf"] +
         traced + loop),
        ("strace -e trace=socket", ["strace"] + traced + loop),
    ], reps=max(3, REPS // 2))
    b = res["untraced, failing by themselves"][0]
    print("\n%d failing socket() calls, injected (cost per call above the same calls "
          "failing untraced)" % n)
    for name, (wall, rss, _) in res.items():
        print("  %-52s %8.3f s  %7.2f us/call" % (name, wall, (wall - b) / n * 1e6))


if __name__ == "__main__":
    if sys.argv[1:] == ["inject"]:
        sys.exit(inject())
    if sys.argv[1:] == ["libcalls"]:
        sys.exit(library_calls())
    if sys.argv[1:] == ["script-uprobes"]:
        sys.exit(script_uprobes())
    sys.exit(main())
