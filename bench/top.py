#!/usr/bin/env python3
"""strobe top's own CPU use (make bench): the whole system watched for
N refreshes, its user+system time over the wall time, in batch mode (the
same work as the full screen, whose drawing is one write a second).  The
target is < 2% of one CPU on an idle system; this machine is shared, so
the system-wide syscall rate it saw is printed too.  Not a test."""
import os
import re
import resource
import subprocess
import sys
import time

STROBE = os.environ.get("STROBE", "build/strobe")
N = int(os.environ.get("TOP_N", "10"))


def measure(args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.time()
    r = subprocess.run([STROBE, "top", "-b", "-n", str(N)] + args, capture_output=True,
                       text=True)
    wall = time.time() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rates = [float(x) for x in re.findall(r"  ([\d.]+) calls/s", r.stdout)]
    samples = [int(x) for x in re.findall(r"  (\d+) samples", r.stdout)]
    return cpu, wall, rates, samples, r.returncode


def main():
    print("strobe top: its own CPU over %d one-second refreshes" % N)
    idle = subprocess.Popen(["sleep", "1000"])
    targets = (("syscalls, -p an idle process", ["-p", str(idle.pid)]),
               ("--profile, -p an idle process", ["--profile", "-p", str(idle.pid)]),
               ("syscalls (-a)", []), ("syscalls --by=process (-a)", ["--by=process"]),
               ("--profile (-a, 99 Hz)", ["--profile"]))
    for name, args in targets:
        cpu, wall, rates, samples, rc = measure(args)
        seen = ("median %.0f syscalls/s seen" % sorted(rates)[len(rates) // 2]
                if rates else "median %d samples a second seen" % sorted(samples)[len(samples) // 2]
                if samples else "exit %d" % rc)
        print("  %-30s %6.3f s CPU in %5.1f s: %5.2f%% of one CPU (%s; start-up included)"
              % (name, cpu, wall, 100 * cpu / wall, seen))
    idle.kill()
    idle.wait()


if __name__ == "__main__":
    sys.exit(main())
