#!/usr/bin/env python3
"""End-to-end tests of the kernel side's two promises: -c counts every call
(the same counts as strace -c, run after run), and the two ways of probing
syscalls (per-syscall tracepoints, raw sys_enter/sys_exit) print the same
lines, strace's; and the light skeleton's loader program is held while the
command runs.  Real BPF programs, real processes; strace is the reference.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import (STROBE, PYTHON, Fail, check, masked, prog, run, run_tests,  # noqa: E402,F401
                 strace, strobe, table, traced_lines)

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


# ---------------------------------------------------------------- the two probe paths

def probe_choice(args):
    r = strobe(["-d", "-o", "/dev/null"] + args + ["--", "true"])
    m = re.search(r"^strobe: probing \d+ syscalls through (their own|the raw)", r.stderr, re.M)
    check(m and "unavailable" not in r.stderr, r.stderr)
    return "tp" if m.group(1) == "their own" else "raw"


def test_probe_chosen_and_said():
    """Few calls: their own tracepoints (and they attach: no fallback);
    many: the raw pair; --probe= forces either; -d says which and why."""
    check(probe_choice(["-e", "trace=accept"]) == "tp", "accept alone")
    check(probe_choice(["-e", "trace=openat,read,write,close,execve"]) == "tp", "five")
    check(probe_choice(["-e", "trace=%file"]) == "raw", "%file")
    check(probe_choice([]) == "raw", "everything")
    check(probe_choice(["--probe=raw", "-e", "trace=accept"]) == "raw", "--probe=raw")
    many = ("trace=openat,read,write,close,lseek,dup,dup2,pipe2,socket,bind,listen,"
            "connect,accept4,getpid,getppid,kill,wait4,execve,mmap,munmap")
    check(probe_choice(["-e", many]) == "raw", "20 calls")
    check(probe_choice(["--probe=tp", "-e", many]) == "tp", "--probe=tp")
    r = strobe(["-d", "-e", "trace=accept", "-o", "/dev/null", "--", "true"])
    check("few calls selected" in r.stderr and "tracefs" in r.stderr, r.stderr)


SOCKETS = ("import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(); "
           "c = socket.create_connection(s.getsockname()); a, _ = s.accept(); "
           "a.getsockname(); a.getpeername(); s.settimeout(0.01)\n"
           "try: s.accept()\nexcept OSError: pass")

# (command, calls): what each path must print as strace prints it
PATH_CASES = [
    ([prog("basic")], "trace=openat,read,write,close,lseek,dup,execve,exit_group"),
    ([prog("exitcode"), "2", "fork"], "trace=clone,fork,vfork,wait4,execve,exit_group"),
    ([prog("exitcode"), "0", "vfork"], "trace=vfork,execve,wait4,exit_group"),
    ([prog("threads")], "trace=clone3,clone,exit,exit_group,set_robust_list"),
    ([PYTHON, "-c", SOCKETS], "trace=socket,bind,listen,connect,accept,accept4,"
                              "getsockname,getpeername"),
    ([prog("signals")], "trace=rt_sigaction,rt_sigreturn,kill,getpid"),
    ([prog("signals"), "suspend"], "trace=rt_sigprocmask,rt_sigpending,rt_sigsuspend,kill"),
    (["sh", "-c", "ls / >/dev/null; exit 3"], "trace=execve,openat,wait4,exit_group"),
]


def per_process(tracer, cmd, calls, flags=()):
    """`tracer -f -e CALLS -o FILE -- CMD`'s lines, as one sequence per
    process in order of appearance (which process prints first, and
    whether SIGCHLD comes before or after the wait4 that reaps, depend on
    timing, not on the tracer: those are left out)."""
    with tempfile.NamedTemporaryFile("r") as t:
        run([tracer, "-f", "-e", calls, "-o", t.name] + list(flags) + ["--"] + cmd)
        text = t.read()
    text = re.sub(r"0x[0-9a-f]+", "N", text)
    procs, unfinished = {}, {}
    for l in text.splitlines():
        m = re.match(r"^(\d+) +(.*)$", l)
        pid, body = (m.group(1), m.group(2)) if m else ("", l)
        if body.endswith(" <unfinished ...>"):
            unfinished[pid] = body[:-len(" <unfinished ...>")]
            continue
        r = re.match(r"^<\.\.\. \w+ resumed>(.*)$", body)
        if r and pid in unfinished:
            body = unfinished.pop(pid) + r.group(1)
        if body.startswith("--- SIGCHLD"):
            continue
        procs.setdefault(pid, []).append(re.sub(r"\s+=", " =", body))
    seqs = list(procs.values())
    # the ids themselves differ from run to run
    ids = sorted(procs, key=len, reverse=True)
    return [[re.sub(r"\b(%s)\b" % "|".join(ids), "PID", l) if ids[0] else l for l in q]
            for q in seqs]


def test_probe_paths_print_strace_lines():
    """Both paths, forced, print the lines strace prints: arguments (from
    the saved registers on the per-syscall path), strings, results, execve
    in the old and new image, exit_group at entry, forks followed, signals,
    rt_sigreturn (whose exit event never fires)."""
    for cmd, calls in PATH_CASES:
        # a thread that has exited by the time the tracer reads clone3's
        # parent_tid has cleared it (CLONE_CHILD_CLEARTID, same address):
        # strace, slower, often reads 0
        port = lambda seqs: [[re.sub(r"parent_tid=\[(0|PID)\]", "parent_tid=[T]",
                                     re.sub(r"htons\(\d+\)", "htons(P)", l)) for l in q]
                             for q in seqs]
        theirs = port(per_process("strace", cmd, calls))
        check(probe_choice(["-e", calls]) == "tp", "%s: their own tracepoints" % calls)
        for mode in ("tp", "raw"):
            ours = port(per_process(STROBE, cmd, calls, ["--probe=" + mode]))
            check(ours == theirs and sum(map(len, ours)) >= 3,
                  "%s %s, --probe=%s:\nstrace:\n%s\nstrobe:\n%s" % (
                      cmd, calls, mode, "\n".join(map(str, theirs)), "\n".join(map(str, ours))))


def test_probe_paths_fd_paths_and_summary():
    """-y and -c on the per-syscall path, against strace."""
    cmd, calls = ["cat", "/etc/hostname"], "trace=openat,read,close"
    theirs = traced_lines("strace", cmd, calls, ["-y"])
    ours = traced_lines(STROBE, cmd, calls, ["-y", "--probe=tp"])
    check(ours == theirs and any("</etc/hostname>" in l for l in ours),
          "strace:\n%s\nstrobe:\n%s" % ("\n".join(theirs), "\n".join(ours)))
    argv = ["sh", "-c", prog("summary") + " >/dev/null; true"]
    want = {k: v for k, v in strace_counts(argv, follow=True).items()
            if k in ("getpid", "openat", "close", "nanosleep", "wait4", "execve")}
    for mode in ("tp", "raw"):
        r = strobe(["-c", "-f", "--probe=" + mode, "-e",
                    "trace=getpid,openat,close,nanosleep,wait4,execve", "--"] + argv)
        check(counts(r.stderr) == want, "--probe=%s: %r, strace %r" % (
            mode, counts(r.stderr), want))


def test_probe_paths_record():
    """A recording made on the per-syscall path reads back as the live trace."""
    argv = ["-f", "-e", "trace=execve,openat,write,wait4,exit_group", "--probe=tp", "--",
            "sh", "-c", prog("basic") + "; true"]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "rec")
        r = strobe(["record", "-q", "-o", path] + argv)
        check(r.returncode == 0, r.stderr)
        rep = strobe(["report", path]).stdout
    # the live trace also says which threads -f attached, on stderr
    live = "\n".join(l for l in strobe(argv).stderr.splitlines()
                     if not l.startswith("strobe: "))
    check(sorted(masked(rep)) == sorted(masked(live)) and "openat(" in rep,
          "report:\n%s\nlive:\n%s" % (rep, live))


# ---------------------------------------------------------------- tracefs

NO_TRACEFS = ("for m in $(awk '$3 == \"tracefs\" {print $2}' /proc/self/mounts); do "
              "umount -l $m; done; ! test -e /sys/kernel/tracing/events || exit 99; ")


def bpf_commands(args):
    """strobe's bpf() calls by command, as strace decodes them, for one
    `strobe ARGS -o /dev/null -- true`"""
    with tempfile.NamedTemporaryFile("r") as t:
        strace(["-e", "trace=bpf", "-o", t.name, STROBE] + args +
               ["-o", "/dev/null", "--", "true"])
        cmds = re.findall(r"^bpf\((BPF_\w+),", t.read(), re.M)
    return {c: cmds.count(c) for c in set(cmds)}


def test_capture_rules_written_at_once():
    """The capture rules go into their map in one batched bpf() call
    (start-up wrote one per rule, 213 calls for a full trace), and only
    the selected calls' rules (strace counts the calls)."""
    for args in ([], ["-e", "trace=write"]):
        c = bpf_commands(args)
        check(c.get("BPF_MAP_UPDATE_BATCH", 0) == 1, "%r: %r" % (args, c))
        # what is left: the read-only globals, the command's task storage
        # and the tail call slots (one, or two on the per-syscall path),
        # not a rule each
        check(c.get("BPF_MAP_UPDATE_ELEM", 0) <= 3 + len(args) // 2, "%r: %r" % (args, c))


def in_namespace_without_tracefs(script):
    """Run a shell script in a mount namespace of its own in which tracefs is
    mounted nowhere (as on a fresh machine); the host's mounts are untouched."""
    return run(["unshare", "-m", "--propagation", "private", "sh", "-c",
                NO_TRACEFS + script, "sh", STROBE, prog("basic")])


def test_tracefs_private_mount():
    """Without tracefs mounted, strobe reads tracepoint ids through a mount
    of its own that nobody else sees: the mount table is the same after,
    and two sessions at once both work (one could unmount the other's)."""
    r = in_namespace_without_tracefs(
        'before=$(grep -c . /proc/self/mounts); '
        # the first session's -d lines to a file of their own: written
        # in pieces, they could cut the second's on a shared stderr
        '"$1" -d -e trace=clock_nanosleep -o /tmp/strobe-a.$$ -- sleep 0.5 2>/tmp/strobe-ae.$$ & '
        '"$1" -d -e trace=openat,write --event sched:sched_process_exec -- "$2"; echo rc=$?; '
        'wait $!; echo rca=$?; cat /tmp/strobe-a.$$ /tmp/strobe-ae.$$; '
        'rm -f /tmp/strobe-a.$$ /tmp/strobe-ae.$$; '
        'echo mounts=$((before - $(grep -c . /proc/self/mounts))); '
        'test -e /sys/kernel/tracing/events && echo tracefs-left; true')
    out = r.stdout + r.stderr
    check(r.returncode == 0 and "rc=3" in out and "rca=0" in out, out)
    check(out.count("a private mount of tracefs") == 2, out)
    # the second: openat, write and clone, followed quietly without -f
    # for strace's "Detached unknown pid" of a CLONE_PTRACE child
    check("probing 1 syscalls through their own" in out and
          "probing 3 syscalls through their own" in out, out)
    check('write(3, "hello", 5) = 5' in re.sub(r"\s+=", " =", out), out)
    check("sched:sched_process_exec(filename=" in out and "clock_nanosleep(" in out, out)
    check("mounts=0" in out and "tracefs-left" not in out, out)


# ---------------------------------------------------------------- the loader's fds

def prog_ids_of(pid):
    """The BPF programs process pid holds fds of (their fdinfo)."""
    ids = set()
    for fd in os.listdir("/proc/%d/fdinfo" % pid):
        try:
            m = re.search(r"^prog_id:\s*(\d+)", open("/proc/%d/fdinfo/%s" % (pid, fd)).read(),
                          re.M)
        except OSError:
            continue
        if m:
            ids.add(int(m.group(1)))
    return ids


def loaders():
    r = run(["bpftool", "prog", "show", "-j"])
    return {p["id"] for p in json.loads(r.stdout or "[]") if p.get("name") == "__loader.prog"}


def sleepable_ids():
    """Loaded programs that are sleepable (a light skeleton's loader)."""
    r = run(["bpftool", "prog", "show", "-j"])
    return {p["id"] for p in json.loads(r.stdout or "[]")
            if p.get("name") == "__loader.prog" or p.get("sleepable")}


def held_while(argv, enough):
    """The program ids strobe holds while the command (sleep 1.5) runs,
    once enough(held) says they are all there (at most 2 s)."""
    p = subprocess.Popen(argv)
    held = set()
    try:
        for _ in range(40):
            time.sleep(0.05)
            held = prog_ids_of(p.pid)
            if enough(held):
                break
        return held, sleepable_ids() & held, loaders() & held
    finally:
        p.wait()


def test_loader_held_until_the_end():
    """A light skeleton's loader program is sleepable; freed at start-up
    it began an RCU tasks-trace grace period that slowed the traced
    command's every syscall (docs/design.md, Loading).  The tracer's own
    loader runs no such program: strobe holds its programs while the
    command runs, and none is sleepable.  The user-space probes still
    load through a light skeleton, whose loader strobe holds while the
    command runs; it is gone after strobe."""
    held, sleepable, _ = held_while([STROBE, "-o", "/dev/null", "--", "sleep", "1.5"],
                                    lambda h: len(h) >= 3)
    check(held and not sleepable, "programs %s, sleepable %s" % (held, sleepable))
    held, _, loader = held_while([STROBE, "-o", "/dev/null", "--no-syscalls", "--event",
                                  "uprobe:libc:strtol", "--", "sleep", "1.5"],
                                 lambda h: loaders() & h)
    check(loader, "no __loader.prog held by strobe while the command runs: %s" % held)
    for _ in range(100):
        if not loaders() & loader:
            break
        time.sleep(0.1)
    check(not loaders() & loader, "the loader outlived strobe: %s" % loader)


if __name__ == "__main__":
    sys.exit(run_tests(globals(), sys.argv[1:]))
