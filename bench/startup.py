#!/usr/bin/env python3
"""Start-up of strobe builds side by side, interleaved in one run, with the
CPU time each run took as well as its wall time (other work on the machine
stretches wall time; CPU time, user + system, counts the kernel's loading
and verifying of the BPF programs, done in strobe's syscalls).

    python3 bench/startup.py OLD/build/strobe build/strobe [bpftrace]

Rows: the raw sys_enter/sys_exit path (`-- /bin/true`), the per-syscall
tracepoints (`-e trace=write -- /bin/true`), and `strobe script` on
syscount.bt with `-c /bin/true` (beside bpftrace's run of the same file
when a third argument names bpftrace), and strace's run of `-- /bin/true`
as the reference.  Median of REPS (default 21) runs each; peak RSS by
/usr/bin/time; the load average before and after is printed because the
machine is shared.  RT=N runs every command at SCHED_FIFO priority N
(chrt): on a loaded machine its wall time is then about what a quiet
machine gives (the other work waits), where plain wall time mostly
measures the wait for a CPU.  The priority is set on this process once and
inherited, so that no chrt is run (and timed) before each command: its
exec cost every row about a millisecond.  Not a test: nothing here asserts
a time.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

REPS = int(os.environ.get("REPS", "21"))
SYSCOUNT = "/usr/sbin/syscount.bt"


def settle():
    """The last run's teardown first: strobe-release closing perf events
    holds the kernel's tracepoint mutex through RCU grace periods, and a
    run started meanwhile waits for it (bench/run.py, settle)."""
    while subprocess.run(["pgrep", "-x", "strobe-release"],
                         stdout=subprocess.DEVNULL).returncode == 0:
        time.sleep(0.05)
    time.sleep(float(os.environ.get("GAP", "0.15")))


RT = os.environ.get("RT")


def run(argv):
    """Wall ms and CPU ms (user + system, from wait4), then peak RSS (MB)
    from a second run under /usr/bin/time: a fork of Python would count
    Python's pages as the command's peak, time's fork holds little."""
    settle()
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, ru = os.wait4(p.pid, 0)
    wall = (time.perf_counter() - t0) * 1e3
    with tempfile.NamedTemporaryFile("r") as f:
        subprocess.run(["/usr/bin/time", "-o", f.name, "-f", "%M"] + argv,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rss = int(f.read().split()[-1]) / 1024
    return wall, (ru.ru_utime + ru.ru_stime) * 1e3, rss


def rows(strobe):
    return {
        "raw path, -- /bin/true": [strobe, "-o", "/dev/null", "--", "/bin/true"],
        "per-syscall, trace=write": [strobe, "-e", "trace=write", "-o", "/dev/null",
                                     "--", "/bin/true"],
        "script syscount.bt -c true": [strobe, "script", SYSCOUNT, "-c", "/bin/true"],
    }


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: startup.py OLD_STROBE NEW_STROBE [BPFTRACE]")
    builds = {"old": rows(sys.argv[1]), "new": rows(sys.argv[2]),
              "strace": {"raw path, -- /bin/true": ["strace", "-o", "/dev/null", "--",
                                                    "/bin/true"]}}
    if len(sys.argv) == 4:
        builds["bpftrace"] = {"script syscount.bt -c true":
                              [sys.argv[3], SYSCOUNT, "-c", "/bin/true"]}
    res = {}
    if RT:
        # inherited by every command (and by settle's pgrep, which is brief)
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(int(RT)))
    print("load average before: %s%s" % (open("/proc/loadavg").read().split()[:3],
                                          ", SCHED_FIFO %s" % RT if RT else ""))
    for _ in range(REPS):
        for b, rs in builds.items():
            for name, argv in rs.items():
                res.setdefault((name, b), []).append(run(argv))
    print("load average after:  %s" % open("/proc/loadavg").read().split()[:3])
    print("%-28s %-9s %10s %10s %9s   (medians of %d)" %
          ("", "build", "wall ms", "cpu ms", "RSS MB", REPS))
    for name in builds["old"]:
        for b in builds:
            if (name, b) not in res:
                continue
            r = res[(name, b)]
            print("%-28s %-9s %10.1f %10.1f %9.1f" % (
                name, b, statistics.median(x[0] for x in r),
                statistics.median(x[1] for x in r), statistics.median(x[2] for x in r)))


if __name__ == "__main__":
    main()
