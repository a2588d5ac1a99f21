#!/usr/bin/env python3
"""End-to-end tests of the kernel side's two promises: -c counts every call
(the same counts as strace -c, run after run), and the two ways of probing
syscalls (per-syscall tracepoints, raw sys_enter/sys_exit) print the same
lines, strace's.  Real BPF programs, real processes; strace is the reference.
"""
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import STROBE, Fail, check, prog, run, run_tests, strace, strobe, table  # noqa: E402,F401

# the ASan build is slow: fewer rounds there, the same checks
ASAN = "asan" in STROBE
RUNS = 20 if ASAN else 100


def counts(text):
    """strace -c table -> {syscall: (calls, errors)}"""
    return {k: v[:2] for k, v in table(text).items()}


def strace_counts(argv, follow=False):
    with tempfile.NamedTemporaryFile("r") as t:
        strace((["-f"] if follow else []) + ["-c", "-o", t.name, "--"] + argv)
        return counts(t.read())


# ---------------------------------------------------------------- -c is exact

def test_summary_exact_every_run():
    """Short runs used to lose calls (an insert into a map that allocates
    could fail in the tracepoint): each run must give strace's counts."""
    argv = ["sh", "-c", "exit 3"]
    theirs = strace_counts(argv)
    check(theirs.get("execve") == (1, 0) and len(theirs) > 10, theirs)
    bad = []
    for i in range(RUNS):
        r = strobe(["-c", "--"] + argv)
        ours = counts(r.stderr)
        if r.returncode != 3 or ours != theirs or "not counted" in r.stderr:
            bad.append((i, r.returncode, {k: (ours.get(k), theirs.get(k))
                                          for k in set(ours) | set(theirs)
                                          if ours.get(k) != theirs.get(k)}))
    check(not bad, "%d of %d runs differ from strace -c, e.g. %r" % (len(bad), RUNS, bad[:3]))


def test_summary_follow_forks_exact():
    argv = ["sh", "-c", prog("summary") + " >/dev/null; true"]
    theirs = strace_counts(argv, follow=True)
    for _ in range(3):
        ours = counts(strobe(["-c", "-f", "--"] + argv).stderr)
        check(ours == theirs, "strobe %r\nstrace %r" % (ours, theirs))


def test_summary_by_pid_adds_up():
    """--by pid: each process's table, and together the ungrouped counts."""
    argv = ["sh", "-c", prog("summary") + " >/dev/null; true"]
    theirs = strace_counts(argv, follow=True)
    r = strobe(["-c", "-f", "--by", "pid", "--"] + argv)
    parts = re.split(r"^pid \d+ \(\S+\)$", r.stderr, flags=re.M)
    check(len(parts) == 3, r.stderr)
    total = {}
    for p in parts[1:]:
        for k, (c, e) in counts(p).items():
            total[k] = (total.get(k, (0, 0))[0] + c, total.get(k, (0, 0))[1] + e)
    check(total == theirs, "strobe %r\nstrace %r" % (total, theirs))
    check(counts(parts[2]).get("getpid") == (1000, 0) or
          counts(parts[1]).get("getpid") == (1000, 0), r.stderr)


def test_summary_report_matches_live():
    """report -c counts from a recording: the same as the live -c."""
    argv = [prog("summary")]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "rec")
        strobe(["record", "-q", "-o", path, "--"] + argv)
        rep = counts(strobe(["report", "-c", path]).stdout +
                     strobe(["report", "-c", path]).stderr)
    live = counts(strobe(["-c", "--"] + argv).stderr)
    check(rep == live and live.get("getpid") == (1000, 0), "report %r\nlive %r" % (rep, live))


if __name__ == "__main__":
    sys.exit(run_tests(globals(), sys.argv[1:]))
