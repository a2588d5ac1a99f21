#!/usr/bin/env python3
"""strobe profile's overhead against the unprofiled workload and against
perf record (frame pointers and DWARF) in the same run (make bench).

Workload: two copies of tests/progs/callchain (-O2, no frame pointers) in
"work" mode, one per CPU, each doing a fixed amount of work and printing
how long it took; the slowdown is the median of that time against the
unprofiled median.  Also: the share of user stacks unwound to a thread's
entry (_start, start_thread, ...), and the size of what each profiler wrote.
Not a test: nothing here asserts a time.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

STROBE = os.environ.get("STROBE", "build/strobe")
BUILD = os.environ.get("BUILD", "build")
REPS = int(os.environ.get("REPS", "5"))
PROG = os.path.join(BUILD, "tests", "progs", "callchain-O2-nofp")
WORK = os.environ.get("WORK", "1.5")
ROOTS = {"_start", "__libc_start_main", "__libc_start_call_main", "start_thread",
         "clone", "clone3", "__clone", "__clone3", "__libc_start_main_impl",
         "__libc_start_main_alias_2"}


def workload():
    return ["sh", "-c", "%s work %s & %s work %s; wait" % (PROG, WORK, PROG, WORK)]


def run_once(argv):
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    times = [float(x) for x in re.findall(r"^work: ([\d.]+) s", r.stderr, re.M)]
    if r.returncode or len(times) != 2:
        sys.exit("bench: %s failed: %s" % (" ".join(argv[:4]), r.stderr[-500:]))
    return max(times), r.stderr


def perf_full_share(data):
    """Share of perf's user call chains whose outermost frame is an entry."""
    r = subprocess.run(["perf", "script", "-i", data, "-F", "comm,ip,sym"],
                       capture_output=True, text=True)
    total = full = 0
    for block in r.stdout.split("\n\n"):
        lines = [l.split() for l in block.strip().splitlines()[1:] if l.strip()]
        user = [l for l in lines if len(l) >= 2 and not l[1].endswith("_[k]")
                and "kernel.kallsyms" not in " ".join(l)]
        if not user:
            continue
        total += 1
        sym = re.sub(r"\+0x[0-9a-f]+$", "", user[-1][1])
        full += sym in ROOTS
    return 100.0 * full / total if total else 0.0


PYLOOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pyloop.py")
PYROUNDS = os.environ.get("PYROUNDS", "700")


def py_workload():
    """Two copies of a Python loop (ten frames deep), one per CPU; Debian's
    interpreter, never the pyenv shim."""
    return ["sh", "-c", "/usr/bin/python3 %s %s & /usr/bin/python3 %s %s; wait" % (
        PYLOOP, PYROUNDS, PYLOOP, PYROUNDS)]


def python_bench(d):
    """A Python loop's slowdown on its own clock at 99 Hz, with Python
    frames walked at every sample and without (--no-python), against perf
    record.  py-spy, the reference, is not a Debian package and PyPI is not
    reachable from this machine, so it is not compared."""
    out = os.path.join(d, "py")
    configs = [
        ("unprofiled", py_workload),
        ("strobe profile -F 99 (Python frames)", lambda: [
            STROBE, "profile", "-F", "99", "-o", out + ".folded", "--"] + py_workload()),
        ("strobe profile -F 99 --no-python", lambda: [
            STROBE, "profile", "-F", "99", "--no-python", "-o", out + "n.folded", "--"]
            + py_workload()),
        ("perf record -g -F 99", lambda: [
            "perf", "record", "-q", "-g", "-F", "99", "-o", out + ".data", "--"]
            + py_workload()),
    ]
    times = {n: [] for n, _ in configs}
    cpus = {n: [] for n, _ in configs}
    for _ in range(REPS):
        for name, argv in configs:
            t, err = run_once(argv())
            times[name].append(t)
            cpus[name].append(max(float(x) for x in re.findall(r"cpu ([\d.]+) s", err)))
    base = statistics.median(times["unprofiled"])
    cbase = statistics.median(cpus["unprofiled"])
    print("\nPython: two /usr/bin/python3 loops ten frames deep, one per CPU; %d interleaved "
          "runs, the loop's own wall and CPU time, medians (target: <= 3%% at 99 Hz with "
          "Python frames; py-spy is not installable here: not a Debian package, no PyPI)"
          % REPS)
    print("  %-40s %9s %9s %9s %9s" % ("", "wall s", "slowdown", "cpu s", "slowdown"))
    for name, _ in configs:
        med = statistics.median(times[name])
        cmed = statistics.median(cpus[name])
        print("  %-40s %9.3f %+8.2f%% %9.3f %+8.2f%%" % (name, med, 100.0 * (med / base - 1),
                                                        cmed, 100.0 * (cmed / cbase - 1)))
    st = {}
    for line in open(out + ".folded"):
        s, n = line.rsplit(" ", 1)
        st[s] = int(n)
    total = sum(st.values())
    named = sum(n for s, n in st.items() if "leaf (pyloop.py:" in s)
    print("  samples with the loop's Python frames: %d of %d" % (named, total))
    subprocess.run(["sysctl", "-q", "kernel.bpf_stats_enabled=1"])
    try:
        for extra in ([], ["--no-python"]):
            r = subprocess.run([STROBE, "profile", "-v", "-F", "99", "-o", out + ".folded"]
                               + extra + ["--"] + py_workload(), capture_output=True,
                               text=True)
            runs = re.search(r"ran (\d+) times, ([\d.]+) us each", r.stderr)
            if runs:
                us = float(runs.group(2))
                print("  sampling program %-12s %.2f us a run: at 99 Hz %.2f%% of a "
                      "profiled CPU" % (" ".join(extra) or "(Python)", us, us * 99 / 1e4))
    finally:
        subprocess.run(["sysctl", "-q", "kernel.bpf_stats_enabled=0"])


PYRECURSE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pyrecurse.py")
PDUR = os.environ.get("PDUR", "10")


def perf_script_cost(d, pid):
    """perf record --call-graph dwarf on pid for PDUR s, then perf script's
    CPU time (its own and its children's) to symbolise it: (samples, s)."""
    data = os.path.join(d, "cost.data")
    subprocess.run(["perf", "record", "-q", "--call-graph", "dwarf", "-F", "999", "-p",
                    str(pid), "-o", data, "--", "sleep", PDUR],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    before = os.times()
    r = subprocess.run(["perf", "script", "-i", data, "-F", "comm,ip,sym"],
                       capture_output=True, text=True)
    after = os.times()
    cpu = (after.children_user - before.children_user +
           after.children_system - before.children_system)
    samples = len([b for b in r.stdout.split("\n\n") if b.strip()])
    return samples, cpu


def processing_bench(d):
    """What turning samples into a profile costs once the window ends: at
    999 Hz for PDUR s on one busy process, strobe's CPU after sampling per
    sample and the time until the output is written, beside perf script's
    CPU per sample on a DWARF recording of the same process."""
    loads = [
        ("C (callchain -O2, no frame pointers)", [PROG, "3600"], []),
        ("Python (recursion 1-32 deep)", ["/usr/bin/python3", PYRECURSE], []),
        ("Python, --no-python", ["/usr/bin/python3", PYRECURSE], ["--no-python"]),
    ]
    print("\nProcessing after the window: -F 999 -d %s -p PID, one busy process "
          "(target: <= 100 us of CPU a sample, output within 1 s)" % PDUR)
    print("  %-38s %8s %12s %10s %12s %14s" % ("", "samples", "CPU after", "us/sample",
                                               "written in", "perf script"))
    for name, argv, extra in loads:
        w = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(0.5)
            r = subprocess.run([STROBE, "profile", "-v", "-F", "999", "-d", PDUR, "-p",
                                str(w.pid), "-o", os.path.join(d, "cost.folded")] + extra,
                               capture_output=True, text=True)
            m = re.search(r"after sampling, ([\d.]+) ms of CPU \(([\d.]+) us a sample\) "
                          r"and ([\d.]+) ms", r.stderr)
            n = re.search(r"(\d+) samples, ", r.stderr)
            ps = ""
            if not extra:
                ns, cpu = perf_script_cost(d, w.pid)
                ps = "%.1f us/sample" % (cpu * 1e6 / ns) if ns else "?"
        finally:
            w.kill()
            w.wait()
        if not m or not n:
            print("  %-38s failed: %s" % (name, r.stderr[-300:]))
            continue
        print("  %-38s %8s %9.1f ms %10.1f %9.0f ms %14s" % (
            name, n.group(1), float(m.group(1)), float(m.group(2)), float(m.group(3)), ps))


def main():
    subprocess.run(["sh", "scripts/deps.sh", "bench"], check=True)
    if os.environ.get("ONLY") == "processing":
        d = tempfile.mkdtemp()
        processing_bench(d)
        subprocess.run(["rm", "-rf", d])
        return
    if os.environ.get("ONLY") == "python":
        d = tempfile.mkdtemp()
        python_bench(d)
        subprocess.run(["rm", "-rf", d])
        return
    d = tempfile.mkdtemp()
    out = os.path.join(d, "p")
    configs = [("unprofiled", lambda: workload())]
    for hz in ("99", "999"):
        configs.append(("strobe profile -F %s" % hz, lambda hz=hz: [
            STROBE, "profile", "-F", hz, "-o", out + hz + ".folded", "-o", out + hz + ".txt",
            "--"] + workload()))
        configs.append(("perf record -g -F %s" % hz, lambda hz=hz: [
            "perf", "record", "-q", "-g", "-F", hz, "-o", out + hz + ".fp.data", "--"]
            + workload()))
        configs.append(("perf record --call-graph dwarf -F %s" % hz, lambda hz=hz: [
            "perf", "record", "-q", "--call-graph", "dwarf", "-F", hz, "-o",
            out + hz + ".dwarf.data", "--"] + workload()))
    times = {n: [] for n, _ in configs}
    for _ in range(REPS):
        for name, argv in configs:
            t, _ = run_once(argv())
            times[name].append(t)
    base = statistics.median(times["unprofiled"])
    best = min(times["unprofiled"])
    print("strobe profile bench: two CPU-bound processes (callchain -O2, no frame "
          "pointers), one per CPU; %d interleaved runs of the work's own time, median "
          "and best (target: < 1%% at 99 Hz, < 5%% at 999 Hz)" % REPS)
    print("  %-40s %9s %9s %9s %12s %14s" % ("", "median s", "slowdown", "best",
                                             "written", "fully unwound"))
    for name, _ in configs:
        med = statistics.median(times[name])
        size = unwound = ""
        hz = name.split()[-1]
        if name.startswith("strobe"):
            size = os.path.getsize(out + hz + ".folded")
            m = re.search(r"fully unwound: ([\d.]+)%", open(out + hz + ".txt").read())
            unwound = "%.1f%%" % float(m.group(1)) if m else "?"
        elif "dwarf" in name:
            size = os.path.getsize(out + hz + ".dwarf.data")
            unwound = "%.1f%%" % perf_full_share(out + hz + ".dwarf.data")
        elif name.startswith("perf"):
            size = os.path.getsize(out + hz + ".fp.data")
            unwound = "%.1f%%" % perf_full_share(out + hz + ".fp.data")
        print("  %-40s %9.3f %+8.2f%% %+8.2f%% %12s %14s" % (
            name, med, 100.0 * (med / base - 1), 100.0 * (min(times[name]) / best - 1),
            ("%.1f KB" % (size / 1024)) if size != "" else "", unwound))
    # This VM's wall-clock noise is several percent; the cost itself, as the
    # kernel and strobe count it, is the steadier figure.
    print("\nWhat sampling costs, counted (kernel.bpf_stats_enabled=1 for one run each):")
    subprocess.run(["sysctl", "-q", "kernel.bpf_stats_enabled=1"])
    try:
        for hz in ("99", "999"):
            r = subprocess.run([STROBE, "profile", "-v", "-F", hz, "-o", out + ".folded",
                                "--"] + workload(), capture_output=True, text=True)
            work = max(float(x) for x in re.findall(r"^work: ([\d.]+) s", r.stderr, re.M))
            runs = re.search(r"ran (\d+) times, ([\d.]+) us each", r.stderr)
            cpu = re.search(r"strobe used ([\d.]+) ms of CPU", r.stderr)
            if runs and cpu:
                bpf_ms = int(runs.group(1)) * float(runs.group(2)) / 1000
                print("  -F %-4s BPF %5d runs x %.2f us = %6.1f ms; strobe's reader %6.1f ms;"
                      " of %.2f CPU-s: %.2f%%" % (
                          hz, int(runs.group(1)), float(runs.group(2)), bpf_ms,
                          float(cpu.group(1)), 2 * work,
                          100 * (bpf_ms + float(cpu.group(1))) / 1000 / (2 * work)))
    finally:
        subprocess.run(["sysctl", "-q", "kernel.bpf_stats_enabled=0"])
    python_bench(d)
    processing_bench(d)
    subprocess.run(["rm", "-rf", d])


if __name__ == "__main__":
    sys.exit(main())
