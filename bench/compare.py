#!/usr/bin/env python3
"""Two strobe builds side by side, interleaved in one run: did a change cost
start-up time or tracing overhead?  (A refactoring should not.)

    python3 bench/compare.py OLD/build/strobe build/strobe

Start-up: `strobe -o /dev/null -- /bin/true`, wall time, median of REPS*4.
W1 (dd bs=1 count=1000k, dd's own clock, median of REPS): untraced, every
call traced to /dev/null, -c, and one syscall selected (trace=accept).
Not a test: nothing here asserts a time.
"""
import os
import re
import statistics
import subprocess
import sys
import time

REPS = int(os.environ.get("REPS", "5"))
W1 = ["/usr/bin/dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=1000k"]


def wall(argv):
    t0 = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def dd_own(argv):
    r = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"copied, ([\d.]+) s", r.stderr)
    return float(m.group(1)) if m else float("nan")


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
             "trace=accept": ["-e", "trace=accept", "-o", "/dev/null"]}
    own = {}
    for _ in range(REPS):
        own.setdefault("untraced", []).append(dd_own(W1))
        for k, s in builds.items():
            for m, args in modes.items():
                own.setdefault((k, m), []).append(dd_own([s] + args + ["--"] + W1))
    base = statistics.median(own["untraced"])
    print("W1, dd's own clock, ratio to untraced (%.3f s; median of %d):" % (base, REPS))
    for m in modes:
        print("  %-13s old %5.2fx   new %5.2fx" % (
            m, statistics.median(own[("old", m)]) / base,
            statistics.median(own[("new", m)]) / base))


main()
