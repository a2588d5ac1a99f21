#!/usr/bin/env python3
"""Two strobe builds side by side, interleaved in one run: did a change cost
start-up time or tracing overhead?  (A refactoring should not.)

    python3 bench/compare.py OLD/build/strobe build/strobe

Start-up: `strobe -o /dev/null -- /bin/true`, wall time, median of REPS*4.
W1 (dd bs=1 count=1000k, dd's own clock and dd's own CPU time, median of
REPS): untraced, every call traced to /dev/null, -c, one syscall selected
(trace=accept), and `record`.  GAP seconds (0.3) between runs, as run.py
(a run's teardown slows the next one's command).  Not a test: nothing here
asserts a time.
"""
import os
import re
import statistics
import subprocess
import sys
import time

REPS = int(os.environ.get("REPS", "5"))
GAP = float(os.environ.get("GAP", "0.3"))
# under /usr/bin/time: dd's CPU time, which the machine's load moves less
W1 = ["/usr/bin/time", "-f", "ddcpu=%U+%S",
      "/usr/bin/dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=1000k"]
REC = "/tmp/strobe-compare-%d.rec" % os.getpid()


def wall(argv):
    t0 = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def dd_own(argv):
    """dd's own time and its CPU time (user + system)"""
    time.sleep(GAP)
    r = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"copied, ([\d.]+) s", r.stderr)
    c = re.search(r"ddcpu=([\d.]+)\+([\d.]+)", r.stderr)
    return (float(m.group(1)) if m else float("nan"),
            float(c.group(1)) + float(c.group(2)) if c else float("nan"))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: compare.py OLD_STROBE NEW_STROBE")
    builds = {"old": sys.argv[1], "new": sys.argv[2]}
    start = {k: [] for k in builds}
    for _ in range(REPS * 4):
        for k, s in builds.items():
            start[k].append(wall([s, "-o", "/dev/null", "--", "/bin/true"]))
    print("start-up, strobe -o /dev/null -- /bin/true (median of %d):" % (REPS * 4))
    for k in builds:
        print("  %-4s %6.1f ms" % (k, 1000 * statistics.median(start[k])))

    modes = {"trace all": ["-o", "/dev/null"], "-c": ["-c", "-o", "/dev/null"],
             "trace=accept": ["-e", "trace=accept", "-o", "/dev/null"],
             "record": ["record", "-o", REC]}
    own = {}
    for _ in range(REPS):
        own.setdefault("untraced", []).append(dd_own(W1))
        for k, s in builds.items():
            for m, args in modes.items():
                own.setdefault((k, m), []).append(dd_own([s] + args + ["--"] + W1))
    if os.path.exists(REC):
        os.unlink(REC)
    med = {k: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v))
           for k, v in own.items()}
    base = med["untraced"]
    print("W1, ratio to untraced (dd's clock %.3f s, CPU %.3f s; median of %d; load %s):" % (
        base[0], base[1], REPS, " ".join(open("/proc/loadavg").read().split()[:3])))
    for m in modes:
        print("  %-13s clock old %5.2fx new %5.2fx   CPU old %5.2fx new %5.2fx" % (
            m, med[("old", m)][0] / base[0], med[("new", m)][0] / base[0],
            med[("old", m)][1] / base[1], med[("new", m)][1] / base[1]))


main()
