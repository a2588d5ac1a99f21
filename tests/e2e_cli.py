#!/usr/bin/env python3
"""End-to-end tests of strobe's command line against strace's on this
machine: every option letter of strace 6.1, output files and pipes, exit
statuses, attaching, quiet and signal sets, -n, -u, -E, -b.  Run all, or
those named on the command line; prints "N passed, N failed"."""
import difflib
import os
import pwd
import re
import select
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import (STROBE, Fail, check, prog, run, strobe, strace, traced_lines,  # noqa: E402
                 run_tests, spawn, no_probes_left, PYTHON)


def both(args, cmd, **kw):
    """Run strace and strobe with ARGS -o FILE -- CMD; (strace, strobe) as
    (returncode, stderr, file text) each."""
    out = []
    for tracer in ("strace", STROBE):
        with tempfile.TemporaryDirectory() as d:
            f = os.path.join(d, "out")
            r = run([tracer] + list(args) + ["-o", f, "--"] + cmd, **kw)
            text = open(f).read() if os.path.exists(f) else None
            out.append((r.returncode, r.stderr, text))
    return out


def mask(text):
    """What differs between two runs: addresses, times, pids."""
    text = re.sub(r"0x[0-9a-f]+", "ADDR", text)
    text = re.sub(r"\d\d:\d\d:\d\d(\.\d+)?|\d{9,}\.\d+|<\d+\.\d+>|\b\d+\.\d{6}\b", "TIME", text)
    text = re.sub(r"\b(pid\s*|si_pid=)\d+", r"\1PID", text)
    # a child's CPU time, which strace's slowing down raises
    text = re.sub(r"si_utime=\d+( /\* [^*]* \*/)?, si_stime=\d+( /\* [^*]* \*/)?",
                  "si_utime=T, si_stime=T", text)
    text = re.sub(r"^\d+( +)", r"PID\1", text, flags=re.M)      # -o FILE -f
    text = re.sub(r"((?:^|\] )(?:wait4|clone|set_tid_address|getpid|gettid)\(.*= )\d+$",
                  r"\1PID", text, flags=re.M)
    return text


# ---------------------------------------------------------------- option letters

# Each letter strace 6.1 prints in `strace -h`, with an argument where it
# takes one, and what strobe does with it: "same" (the trace file is
# strace's), "summary" (a -c table), "note" (accepted, a note that it
# changes nothing), "refused" (one line saying it is not supported).
LETTERS = {
    "A": ([], "same"), "C": ([], "summary"), "D": ([], "note"), "E": (["X=1"], "same"),
    "F": ([], "same"), "I": (["2"], "same"), "O": (["1"], "refused"),
    "P": (["/nonexistent"], "same"), "S": (["calls"], "same"), "T": ([], "same"),
    "U": (["calls"], "refused"), "V": ([], "version"), "X": (["raw"], "same"),
    "Y": ([], "same"), "Z": ([], "same"), "a": (["30"], "same"), "b": (["execve"], "same"),
    "c": ([], "summary"), "d": ([], "debug"), "e": (["trace=exit_group"], "same"),
    "f": ([], "same"), "h": ([], "help"), "i": ([], "ip"), "k": ([], "stack"),
    "n": ([], "same"), "o": (None, "same"), "p": (None, "attach"), "q": ([], "same"),
    "r": ([], "same"), "s": (["10"], "same"), "t": ([], "same"), "u": (["nobody"], "same"),
    "v": ([], "same"), "w": (["-c"], "summary"), "x": ([], "same"), "y": ([], "same"),
    "z": ([], "same"),
}


def strace_letters():
    r = run(["strace", "-h"])
    letters = set()
    for l in r.stdout.splitlines():
        if l.lstrip().startswith(("Usage:", "or:", "[", "{")):
            for group in re.findall(r"\[-([A-Za-z]+)\]", l):
                letters.update(group)
        letters.update(re.findall(r"(?:^|[\s\[{])-([A-Za-z])\b", l))
    return letters


def test_every_strace_letter_means_strace_or_is_refused():
    letters = strace_letters()
    check(len(letters) > 30, "strace -h gave %r" % sorted(letters))
    missing = letters - set(LETTERS)
    check(not missing, "strace letters this test does not know: %r" % sorted(missing))
    cmd = ["/bin/sh", "-c", "exit 0"]
    for letter, (arg, what) in sorted(LETTERS.items()):
        if arg is None or what in ("help", "version", "attach"):
            continue
        args = ["-" + letter] + arg
        if letter not in "eP":
            args += ["-e", "trace=exit_group,execve"]
        (sc, serr, stext), (oc, oerr, otext) = both(args, cmd)
        if what == "refused":
            check(oc == 1 and oerr.count("\n") == 1 and "not supported" in oerr,
                  "-%s: exit %d, %r" % (letter, oc, oerr))
            continue
        check(oc == sc == 0, "-%s: exit strobe %d, strace %d: %r" % (letter, oc, sc, oerr))
        if what == "ip":	# addresses differ between runs: their form
            check(re.search(r"^\[[0-9a-f]{16}\] exit_group", otext, re.M) and
                  re.search(r"^\[[0-9a-f]{16}\] exit_group", stext, re.M),
                  "-i:\nstrace:\n%s\nstrobe:\n%s" % (stext, otext))
        if what == "stack":	# tests/e2e_stacks.py compares the frames
            check(" > " in otext and " > " in stext, "-k:\nstrace:\n%s\nstrobe:\n%s" % (stext, otext))
        if what == "note":
            check(oerr.count("\n") == 1 and "changes nothing" in oerr, "-%s: %r" % (letter, oerr))
        if what == "summary":
            check("calls" in otext and "syscall" in otext, "-%s: %r" % (letter, otext))
        if what == "same":
            a, b = mask(stext), mask(otext)
            check(a == b, "-%s:\nstrace:\n%s\nstrobe:\n%s" % (letter, a, b))
            if letter in "FS":
                check(serr.replace("strace:", "strobe:") == oerr, "%r vs %r" % (serr, oerr))


def test_minus_i_is_no_longer_the_interval():
    # strace's -i (the instruction pointer) takes no argument
    r = strobe(["-i", "-o", "/dev/null", "--", "true"])
    check(r.returncode == 0 and not r.stderr, r.stderr)
    for bad in (["-a", "-e", "trace=none", "true"], ["-a", "x", "true"]):
        r = strobe(bad)
        check(r.returncode == 1 and r.stderr.count("\n") == 1 and "--all" in r.stderr,
              "%r: %r" % (bad, r.stderr))
    r = strobe(["--interval=0.2", "-e", "trace=getppid", "--", prog("exitcode"), "0"])
    check(r.returncode == 0 and "calls" in r.stderr, r.stderr)


def test_sort_keys_are_stracees():
    for key in ("time", "calls", "errors", "name", "nothing", "avg-time", "max-time",
                "time_total", "count", "syscall_name", "longest", "time_avg"):
        s = run(["strace", "-c", "-S", key, "-o", "/dev/null", "true"])
        o = strobe(["-c", "-S", key, "-o", "/dev/null", "true"])
        check(s.returncode == 0 and o.returncode == 0, "-S %s: %r" % (key, o.stderr))
    r = strobe(["-c", "-S", "min-time", "true"])
    check(r.returncode == 1 and "not supported" in r.stderr, r.stderr)


# ---------------------------------------------------------------- classes (defect 6)

def test_bad_regular_expressions_as_strace():
    """A bad regular expression in -e trace= is an error (exit 1), with a
    leading '?' too, as strace; '?' excuses only unknown names."""
    for spec in ("/[", "?/[", "?no_such_call,exit_group"):
        rs = [run([t, "-e", "trace=" + spec, "-o", "/dev/null", "true"])
              for t in ("strace", STROBE)]
        check(rs[0].returncode == rs[1].returncode and
              ("regular expression" in rs[0].stderr) == ("regular expression" in rs[1].stderr),
              "%s: strace %d %r, strobe %d %r" % (spec, rs[0].returncode, rs[0].stderr,
                                                 rs[1].returncode, rs[1].stderr))


def test_every_class_is_straces():
    """strobe's -e trace=%CLASS selects what strace's does, for every class:
    strace's selection read from strace itself (scripts/strace-classes.py),
    strobe's from its -d line; calls strace does not know are left out."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                    "scripts"))
    sc = __import__("strace-classes")
    allcalls = prog("allcalls")
    known = sc.strace_known(allcalls)
    check(len(known) > 300, "strace knows %d calls" % len(known))
    for cls, _ in sc.CLASSES:
        theirs = sc.names_in("strace", "%" + cls, allcalls)
        r = strobe(["-d", "-e", "trace=%" + cls, "-o", "/dev/null", "--", "true"])
        m = re.search(r"^strobe: -e trace= selects:(.*)$", r.stderr, re.M)
        check(m, "%%%s: %r" % (cls, r.stderr))
        ours = set(m.group(1).split()) & known
        check(ours == theirs, "%%%s: strobe adds %s, lacks %s" % (
            cls, sorted(ours - theirs), sorted(theirs - ours)))
    for alias, cls in (("%net", "%network"), ("file", "%file")):
        a = strobe(["-d", "-e", "trace=" + alias, "-o", "/dev/null", "--", "true"]).stderr
        b = strobe(["-d", "-e", "trace=" + cls, "-o", "/dev/null", "--", "true"]).stderr
        check(a.splitlines()[0] == b.splitlines()[0], "%s: %r vs %r" % (alias, a, b))


def test_skipped_probe_runs_are_read():
    """A run the kernel skips (a program already running on that CPU) is
    counted in the program's recursion_misses; strobe reads them at the end
    and -d says when there were none.  Syscall tracepoints run with
    preemption off, so no workload here can make one: this checks the
    count is read."""
    r = strobe(["-d", "-f", "-o", "/dev/null", "--", "sh", "-c", "true; kill -USR1 $$"])
    check("no probe run skipped by the kernel" in r.stderr and
          "probe runs skipped" not in r.stderr, r.stderr)


# ---------------------------------------------------------------- uid -1 (defect 5)

def test_minus_one_ids_as_strace():
    code = ("import os, ctypes\n"
            "f = '%s'\n"
            "os.chown(f, -1, -1); os.lchown(f, 0, -1); os.chown(f, -1, 0)\n"
            "os.setreuid(-1, -1); os.setregid(-1, -1); os.setresuid(-1, -1, -1)\n"
            "os.setresgid(-1, 0, -1); os.setuid(0); os.setgid(0)\n"
            "fd = os.open(f, os.O_RDONLY); os.fchown(fd, -1, -1)\n"
            "l = ctypes.CDLL(None); l.setfsuid(-1); l.setfsgid(-1); l.syscall(105, -1)\n")
    with tempfile.NamedTemporaryFile() as t:
        calls = ("trace=chown,fchown,lchown,fchownat,setreuid,setregid,setresuid,"
                 "setresgid,setuid,setgid,setfsuid,setfsgid")
        a = traced_lines("strace", [PYTHON, "-c", code % t.name], calls)
        b = traced_lines(STROBE, [PYTHON, "-c", code % t.name], calls)
    check(a == b and sum("-1" in l for l in a) >= 10, "strace:\n%s\nstrobe:\n%s" % (
        "\n".join(a), "\n".join(b)))


# ---------------------------------------------------------------- -Z and execve (defect 4)

def test_status_filters_and_execve_as_strace():
    """-Z, -z and -e status= with successful and failed execves: no
    invented "execve(...) <unfinished ...>" after the process ended."""
    cmd = ["sh", "-c", "/bin/true; ./no-such-program-here 2>/dev/null; "
                       "exec /bin/true"]
    for flags in (["-Z"], ["-z"], ["-e", "status=failed,unfinished"],
                  ["-e", "status=!successful"]):
        a = traced_lines("strace", cmd, "trace=execve,exit_group", flags)
        b = traced_lines(STROBE, cmd, "trace=execve,exit_group", flags)
        check(a == b, "%s:\nstrace:\n%s\nstrobe:\n%s" % (flags, "\n".join(a), "\n".join(b)))
        raw = strobe(["-f", "-e", "trace=execve,exit_group"] + flags + ["--"] + cmd).stderr
        check("unfinished" not in raw, "%s: %r" % (flags, raw))
    with tempfile.TemporaryDirectory() as d:
        rec = os.path.join(d, "r.data")
        r = strobe(["record", "-q", "-f", "-o", rec, "--"] + cmd)
        check(r.returncode == 0, r.stderr)
        for flags in (["-Z"], ["-z"]):
            r = strobe(["report", rec] + flags + ["-e", "trace=execve"])
            check("unfinished" not in r.stdout and "execve(" in r.stdout,
                  "report %s: %r" % (flags, r.stdout))
    # both given: the last counts, and a warning in strace's words
    for flags in (["-z", "-Z"], ["-Z", "-z"], ["-z"]):
        msgs = []
        for tracer in ("strace", STROBE):
            r = run([tracer] + flags + ["-o", "/dev/null", "true"])
            msgs.append(re.sub(r"^\S+: ", "", r.stderr))
        check(msgs[0] == msgs[1] and ("Only the last" in msgs[0]) == (len(flags) == 2),
              "%s: strace %r, strobe %r" % (flags, msgs[0], msgs[1]))


# ---------------------------------------------------------------- attach (defect 3)

def attach_for(args, seconds=0.6, sig=signal.SIGINT):
    """strobe ARGS (with -p ...) for a while, then SIG: (returncode, stderr)"""
    s = subprocess.Popen([STROBE] + args, stderr=subprocess.PIPE, text=True)
    time.sleep(seconds)
    s.send_signal(sig)
    _, err = s.communicate(timeout=20)
    return s.returncode, err


def test_attach_blocked_call_once_and_only_when_selected():
    p = subprocess.Popen(["sleep", "100"])
    try:
        time.sleep(0.3)
        rc, err = attach_for(["-p", str(p.pid)])
        check(err.count("clock_nanosleep(") == 1, "shown once: %r" % err)
        check(rc == -signal.SIGINT, "strace dies of the signal: exit %d" % rc)
        for flags in (["-e", "trace=read"], ["-z"], ["-e", "status=failed"]):
            rc, err = attach_for(flags + ["-p", str(p.pid)])
            check("clock_nanosleep" not in err, "%s: %r" % (flags, err))
            check(re.search(r"^strobe: Process %d attached$" % p.pid, err, re.M) and
                  re.search(r"^strobe: Process %d detached$" % p.pid, err, re.M), err)
        check(no_probes_left(), "probes left")
    finally:
        p.kill()
        p.wait()


TWO_THREADS = ("import threading, os, time\n"
               "def f():\n"
               "    while True: os.getppid(); time.sleep(0.05)\n"
               "threading.Thread(target=f, daemon=True).start()\n"
               "print(threading.get_native_id(), flush=True)\n"
               "while True: os.getpid(); time.sleep(0.05)\n")


def test_attach_one_thread_or_all_with_f_as_strace():
    """-p TID traces that thread alone; -f -p TID every thread of its
    process ('attached with N threads', a 'detached' line each)."""
    p = subprocess.Popen([PYTHON, "-c", TWO_THREADS], stdout=subprocess.PIPE, text=True)
    try:
        leader = int(p.stdout.readline())
        time.sleep(0.2)
        other = [int(t) for t in os.listdir("/proc/%d/task" % leader) if int(t) != leader][0]
        names = {leader: "LEADER", other: "OTHER"}
        for args in (["-p", str(leader)], ["-p", str(other)], ["-f", "-p", str(leader)],
                     ["-f", "-p", str(other)]):
            got = []
            for tracer in ("strace", STROBE):
                s = subprocess.Popen([tracer, "-e", "trace=getpid,getppid"] + args,
                                     stderr=subprocess.PIPE, text=True)
                # the loops call every 0.05 s: a while after the tracer says
                # it attached (a loaded machine can take longer than a
                # fixed wait to get there)
                first = ""
                end = time.time() + 20
                while "attached" not in first and time.time() < end:
                    line = s.stderr.readline()
                    if not line:
                        break
                    first += line
                # then the first call line, or 5 s (whole lines: select
                # before each readline)
                end = time.time() + 5
                while not re.search(r"^(\[pid\s+\d+\] )?get\w+\(", first, re.M) and \
                        time.time() < end:
                    if select.select([s.stderr], [], [], 0.1)[0]:
                        line = s.stderr.readline()
                        if not line:
                            break
                        first += line
                time.sleep(0.4)
                s.send_signal(signal.SIGINT)
                _, err = s.communicate(timeout=20)
                err = first + err
                err = re.sub(r"\b(%d|%d)\b" % (leader, other),
                             lambda m: names[int(m.group(1))], err)
                # strace detaching in the middle of a line: "getpid(strace:
                # Process N detached" and " <detached ...>" on the next
                err = re.sub(r"(?<=.)(strace: )", r"\n\1", err)
                msgs = [l.split(": ", 1)[1] for l in err.splitlines()
                        if l.startswith(("strace:", "strobe:"))]
                calls = sorted(set(re.sub(r"\s+=.*", "", l) for l in err.splitlines()
                                   if re.match(r"^(\[pid\s+\w+\] )?\w+\(.*\)\s+= ", l)))
                got.append((msgs, calls))
            check(got[0] == got[1], "%s: strace %s, strobe %s" % (args, got[0], got[1]))
            check(len(got[0][1]) == (2 if "-f" in args else 1), "%s: %s" % (args, got[0]))
    finally:
        p.kill()
        p.wait()


def test_attach_kernel_thread_refused_as_strace():
    s = strace(["-p", "2"])
    o = strobe(["-p", "2"], timeout=10)
    check(o.returncode == s.returncode == 1, "exit strobe %d, strace %d" % (
        o.returncode, s.returncode))
    check(o.stderr.count("\n") == 1 and "attach:" in o.stderr and
          "Operation not permitted" in o.stderr and "Operation not permitted" in s.stderr,
          "strobe %r, strace %r" % (o.stderr, s.stderr))


def test_attach_dead_and_repeated_pids_as_strace():
    """A pid given twice is traced once; a dead pid among live ones is a
    warning (the others are traced, exit 0); only dead pids: exit 1."""
    for tracer in ("strace", STROBE):
        p = subprocess.Popen(["sleep", "1"])
        r = run([tracer, "-e", "trace=exit_group", "-p", str(p.pid), "-p", "999999999",
                 "-p", str(p.pid)], timeout=20)
        p.wait()
        check(r.returncode == 0, "%s: exit %d: %r" % (tracer, r.returncode, r.stderr))
        check("exit_group(0)" in r.stderr and "+++ exited with 0 +++" in r.stderr,
              "%s: %r" % (tracer, r.stderr))
        check(re.search(r"attach: .*999999999.*: No such process", r.stderr),
              "%s: %r" % (tracer, r.stderr))
        if tracer == STROBE:
            check(r.stderr.count("attached") == 1 and "does not exist" not in r.stderr
                  and "detached" not in r.stderr, r.stderr)
    r = strobe(["-p", "999999999", "-p", "999999998"])
    check(r.returncode == 1 and r.stderr.count("No such process") == 2, r.stderr)


# ---------------------------------------------------------------- output (defect 7)

def test_output_separately_like_strace():
    """-ff -o FILE: FILE.TID per thread, each as strace writes it."""
    cmd = ["sh", "-c", "/bin/true; /bin/echo x >/dev/null"]
    files = []
    for tracer in ("strace", STROBE):
        with tempfile.TemporaryDirectory() as d:
            # (not wait4: whether its line or SIGCHLD's comes first is
            # down to timing, for both tracers)
            r = run([tracer, "-ff", "-o", os.path.join(d, "t"), "-e",
                     "trace=execve,exit_group"] + ["--"] + cmd)
            check(r.returncode == 0, "%s: %r" % (tracer, r.stderr))
            names = sorted(os.listdir(d), key=lambda n: int(n.split(".")[1]))
            check(all(re.match(r"^t\.\d+$", n) for n in names), names)
            files.append([mask(open(os.path.join(d, n)).read()) for n in names])
    # which file is which pid: pids wrap, so compare the files as a set
    check(len(files[1]) == 3 and sorted(files[0]) == sorted(files[1]),
          "strace:\n%s\nstrobe:\n%s" % ("\n--\n".join(files[0]), "\n--\n".join(files[1])))
    for bad in (["-ff", "-c"], ["-ff", "-o", "|cat"]):
        r = strobe(bad + ["-o", "/dev/null", "true"] if "-c" in bad else bad + ["true"])
        check(r.returncode == 1 and "mutually exclusive" in r.stderr, "%r: %r" % (bad, r.stderr))


def test_output_pipe_and_append_like_strace():
    with tempfile.TemporaryDirectory() as d:
        got = []
        for tracer in ("strace", STROBE):
            f = os.path.join(d, tracer.replace("/", "_"))
            with open(f, "w") as w:
                w.write("before\n")
            for o in ("|cat -n >>" + f, "!tr a-z A-Z >>" + f):
                r = run([tracer, "-o", o, "-e", "trace=exit_group", "true"])
                check(r.returncode == 0 and r.stderr == "", "%s %s: %r" % (tracer, o, r.stderr))
            r = run([tracer, "-A", "-o", f, "-e", "trace=exit_group", "true"])
            check(r.returncode == 0, r.stderr)
            got.append(open(f).read())
            check(not os.path.exists(os.path.join(os.getcwd(), "|cat -n >>" + f)), "a file")
        check(got[0] == got[1] and got[0].startswith("before\n") and got[0].count("\n") == 7,
              "strace %r, strobe %r" % tuple(got))
        r = strobe(["-A", "-e", "trace=none", "true"])
        check(r.returncode == 0 and "no effect without -o" in r.stderr, r.stderr)


def test_output_to_a_file_implies_quiet_as_strace():
    """strace -f -o FILE -- CMD says nothing of the children it follows (-q
    is implied when the output goes to a file or a pipe and the command is
    run); to stderr it says 'Process N attached' for each."""
    cmd = ["sh", "-c", "/bin/true | /bin/true"]
    for tracer in ("strace", STROBE):
        with tempfile.TemporaryDirectory() as d:
            for o in (os.path.join(d, "f"), "|cat >/dev/null"):
                r = run([tracer, "-f", "-o", o, "-e", "trace=exit_group", "--"] + cmd)
                check(r.returncode == 0 and r.stderr == "", "%s -o %s: %r" % (tracer, o, r.stderr))
            r = run([tracer, "-f", "-e", "trace=exit_group", "--"] + cmd)
            check(len(re.findall(r"^\S+: Process \d+ attached$", r.stderr, re.M)) == 2,
                  "%s: %r" % (tracer, r.stderr))


# ---------------------------------------------------------------- exit status (defect 8)

def test_exit_status_as_strace():
    """What whoever runs the tracer sees: the command's status, a death by
    the same signal, 1 for a command that cannot be found or run."""
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as t:
        t.write("#!/bin/sh\n")
    try:
        cases = [["sh", "-c", "exit 3"], ["sh", "-c", "kill -TERM $$"],
                 ["sh", "-c", "kill -SEGV $$"], ["sh", "-c", "kill -KILL $$"],
                 ["no-such-command-strobe"], ["./no-such-command-strobe"], [t.name], ["/tmp"]]
        for cmd in cases:
            s = strace(["-o", "/dev/null", "--"] + cmd)
            o = strobe(["-o", "/dev/null", "--"] + cmd)
            check(o.returncode == s.returncode, "%s: strobe %d, strace %d" % (
                cmd, o.returncode, s.returncode))
            check(o.stderr.replace("strobe:", "strace:") == s.stderr,
                  "%s: strobe %r, strace %r" % (cmd, o.stderr, s.stderr))
    finally:
        os.unlink(t.name)
    # the failed execve's line, then why (strace's first_exec_failure)
    s, o = strace(["--", "/"]), strobe(["--", "/"])
    check(o.returncode == s.returncode == 1 and
          mask(o.stderr.replace("strobe:", "strace:")) == mask(s.stderr) and "execve(" in s.stderr,
          "strobe %r, strace %r" % (o.stderr, s.stderr))


def test_process_control_as_strace():
    """tests/progs/ctl: what becomes the tracer's child (clone with
    CLONE_PARENT) is reaped and said (the program waits for it to go)."""
    for flags in ([], ["-q"], ["--quiet=exit"]):
        s = strace(["-e", "trace=none"] + flags + [prog("ctl"), "clone_parent"])
        o = strobe(["-e", "trace=none"] + flags + [prog("ctl"), "clone_parent"])
        check(o.stdout == s.stdout == "clone_parent: reaped\n", "%r %r" % (o.stdout, s.stdout))
        check(mask(o.stderr.replace("strobe:", "strace:")) == mask(s.stderr),
              "%s: strobe %r, strace %r" % (flags, o.stderr, s.stderr))


def test_fd_paths_deleted_and_inherited_as_strace():
    """-y, -P: "x (deleted)" is a name until the file is deleted; an fd the
    shell opened for the tracer has its path (strace's dup-y, fchmod-y)."""
    for flags in (["-y"], ["-P", "/dev/full"]):
        out = []
        for tracer in ("strace", STROBE):
            r = run(["sh", "-c", 'exec "$@" 9>>/dev/full', "sh", tracer, "-e",
                     "trace=fchmod,dup"] + flags + [prog("ctl"), "fds"])
            out.append(re.sub(r"strobe-ctl-\w+", "D", r.stderr))
        check(out[0] == out[1], "%s: strace %r, strobe %r" % (flags, out[0], out[1]))
        check("(deleted)" in out[0] or flags[0] == "-P", out[0])
    # -P: an fd inside a poll array or a select set counts (poll-P, select-P)
    out = []
    for tracer in ("strace", STROBE):
        r = run(["sh", "-c", 'exec "$@" 9>>/dev/full', "sh", tracer, "-e", "trace=poll,pselect6",
                 "-P", "/dev/full", prog("ctl"), "pollsel"])
        out.append(r.stderr)
    check(out[0] == out[1] and out[0].count("poll(") == 1 and out[0].count("pselect6(") == 1,
          "strace %r, strobe %r" % tuple(out))
    # a working directory PATH_MAX long or more is not shown (at_fdcwd-pathmax)
    s, o = both(["-y", "-e", "trace=openat"], [prog("ctl"), "deepcwd"])
    s, o = (re.sub(r"strobe-ctl-\w+", "D", x[2] or "") for x in (s, o))
    check(s == o and 'openat(AT_FDCWD, "sample"' in s and "AT_FDCWD</tmp/D/x" in s,
          "strace %r, strobe %r" % (s[-300:], o[-300:]))


def test_status_filter_with_a_thread_execve_as_strace():
    """-e status= without successful: a thread's execve is not shown cut
    ("<pid changed to N ...>") either (strace's status-*-threads)."""
    for st in ("none", "unfinished", "successful"):
        s, o = both(["-f", "-e", "status=" + st, "-e", "trace=execve,nanosleep,exit_group"],
                    [prog("ctl"), "thread_exec"])
        s, o = (re.sub(r"\b\d{2,}\b", "N", mask(x[2] or "")) for x in (s, o))
        # strace on a loaded machine may leave a "???(" of the dying
        # thread's call glued to the next line; strobe never does
        s = re.sub(r"\?\?\?\(\S*\s+", "", s)
        check(s == o and "superseded" in s, "%s: strace %r, strobe %r" % (st, s, o))


def test_execveat_completes_as_strace():
    """A successful execveat returns through sys_exit_execve's tracepoint:
    traced alone (per-syscall tracepoints) it still completes, its dirfd
    AT_FDCWD (strace's maybe_switch_current_tcp)."""
    s, o = both(["-e", "trace=execveat"], [prog("ctl"), "execveat"])
    s, o = (re.sub(r'"/proc/self/exe"|0x[0-9a-f]+', "P", x[2] or "") for x in (s, o))
    check(s == o and s.startswith("execveat(AT_FDCWD, P, ") and ") = 0\n" in s,
          "strace %r, strobe %r" % (s, o))


def test_decode_fds_sets_as_strace():
    """-e decode-fds=SET shows each kind of fd as strace does: a device's
    numbers (dev), a socket's endpoints (socket), a pidfd's pid (pidfd; a
    pidfs inode on this kernel), nothing else without path."""
    for st in ("path", "dev", "socket", "pidfd", "all", "dev,pidfd", "none"):
        s, o = both(["-e", "decode-fds=" + st, "-e", "trace=openat,pidfd_open,socket,fsync"],
                    [prog("ctl"), "fdkinds"])
        # pids masked, and the padding before " = " that their widths move
        s, o = (re.sub(r" +=", " =", re.sub(r"\b\d{3,}\b", "N", x[2] or "")) for x in (s, o))
        check(s == o and "fsync(" in s, "%s: strace %r, strobe %r" % (st, s, o))


def test_output_write_error_keeps_the_status_as_strace():
    """-o /dev/full: strace's words on stderr (once for strobe, each line
    for strace) and the command's exit status (strace's fflush test)."""
    for flags in (["-e", "trace=none"], []):
        s = strace(["-o", "/dev/full"] + flags + ["sh", "-c", "exit 3"])
        o = strobe(["-o", "/dev/full"] + flags + ["sh", "-c", "exit 3"])
        check(s.returncode == o.returncode == 3 and
              set(o.stderr.replace("strobe:", "strace:").splitlines()) == set(s.stderr.splitlines()),
              "%s: strace %d %r, strobe %d %r" % (flags, s.returncode, s.stderr[:200],
                                                  o.returncode, o.stderr))


def test_tracer_lets_go_of_stdout_as_strace():
    """strace's redirect: the command closes its stdout and waits; the
    reader of the pipe sees its end at once, strobe holds no copy."""
    for tracer in ("strace", STROBE):
        p = subprocess.Popen([tracer, "-qq", "-e", "trace=none", "sh", "-c", "exec >&-; read x"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        try:
            import select
            ready, _, _ = select.select([p.stdout], [], [], 20)
            eof = ready and p.stdout.read() == b""
        finally:
            p.stdin.write(b"go\n")
            p.stdin.close()
            p.wait(timeout=20)
        check(eof, "%s still holds the command's stdout" % tracer)
    # started with its standard fds closed (strace's redirect-fds), strobe's
    # own files take their numbers: those are not the command's to give up
    for fds in ("<&- >&- 2>&-", "<&- >&-", ">&- 2>&-"):
        r = subprocess.run("exec %s -o /dev/null -e trace=chdir /bin/true %s" % (STROBE, fds),
                           shell=True, timeout=30)
        check(r.returncode == 0, "%s: exit %d" % (fds, r.returncode))


def test_detach_on_execve_status_as_strace():
    """-b execve: the command let go is no longer the tracer's, whose
    status is then 0; --seccomp-bpf with -b is said as strace says it
    (strace's bexecve)."""
    for extra in ([], ["--seccomp-bpf"]):
        cmd = ["-o", "/dev/null", "-bexecve", "-enone"] + extra + ["sh", "-c", "exec /bin/sh -c 'exit 3'"]
        s, o = strace(cmd), strobe(cmd)
        check(s.returncode == o.returncode == 0 and
              o.stderr.replace("strobe:", "strace:") == s.stderr,
              "%s: strace %d %r, strobe %d %r" % (extra, s.returncode, s.stderr, o.returncode,
                                                  o.stderr))


def test_stop_signal_blocked_at_start_is_left_alone_as_strace():
    """strace's interactive_block: started with SIGHUP blocked and already
    pending, the tracer does not take it for a stop."""
    def block_and_raise():
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGHUP, signal.SIGTERM])
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGHUP)
        os.kill(os.getpid(), signal.SIGTERM)
    codes = []
    for tracer in ("strace", STROBE):
        r = subprocess.run([tracer, "-o", "/dev/null", "-e", "trace=chdir", "sh", "-c", "exit 3"],
                           preexec_fn=block_and_raise, capture_output=True, timeout=60)
        codes.append(r.returncode)
    check(codes == [3, 3], "strace %d, strobe %d" % tuple(codes))


def test_call_in_flight_at_a_stop_is_detached_as_strace():
    """SIGTERM to the tracer while the command sleeps: the call shows as
    strace shows it, what it had at entry and "<detached ...>" (strace's
    status-detached: nanosleep({tv_sec=2, tv_nsec=0},  <detached ...>)."""
    out = []
    for tracer in ("strace", STROBE):
        with tempfile.TemporaryDirectory() as d:
            f = os.path.join(d, "out")
            p = subprocess.Popen([tracer, "-I2", "-o", f, "-e", "trace=clock_nanosleep",
                                  "sleep", "30"])
            # until the command is in the call (/proc says its number)
            deadline = time.time() + 20
            child = None
            while time.time() < deadline:
                try:
                    kids = open("/proc/%d/task/%d/children" % (p.pid, p.pid)).read().split()
                    child = kids and kids[0]
                    if child and open("/proc/%s/syscall" % child).read().startswith("230 "):
                        break
                except OSError:
                    pass
            p.send_signal(signal.SIGTERM)
            p.wait(timeout=20)
            out.append(open(f).read().strip().splitlines()[-1])
    check(out[0] == out[1] and out[0].endswith(" <detached ...>"), "strace %r, strobe %r" % tuple(out))


def test_orphaned_stopped_process_as_strace():
    """A stopped process whose group is orphaned gets SIGHUP and SIGCONT;
    SIGHUP, dequeued first, kills it: SIGCONT is never shown (strace's
    orphaned_process_group)."""
    s, o = both(["-f", "-e", "trace=none", "-e", "signal=!chld"], [prog("ctl"), "orphan"])
    s, o = (sorted(re.sub(r"\d+", "N", x[2] or "").splitlines()) for x in (s, o))
    check(s == o and any("killed by SIGHUP" in l for l in s), "strace %r, strobe %r" % (s, o))


def test_interrupted_tracer_dies_of_the_signal():
    """Ctrl-C or SIGTERM to the tracer: strace passes it to a command of its
    own and dies of it; attached processes keep running."""
    for sig in (signal.SIGINT, signal.SIGTERM):
        codes = []
        for tracer in ("strace", STROBE):
            s = subprocess.Popen([tracer, "-e", "trace=none", "sleep", "30"],
                                 stderr=subprocess.DEVNULL)
            time.sleep(0.8)
            s.send_signal(sig)
            codes.append(s.wait(timeout=20))
        check(codes[0] == codes[1] == -sig, "%s: strace %d, strobe %d" % (sig, *codes))


# ---------------------------------------------------------------- strace's other features

def test_syscall_numbers_like_strace():
    cmd = [prog("exitcode"), "2", "fork"]
    # (not wait4: strace splits it when the child's lines come between)
    for flags in (["-n"], ["-n", "-tt", "-a", "20"]):
        a = [mask(l) for l in traced_lines("strace", cmd, "trace=!wait4", flags)]
        b = [mask(l) for l in traced_lines(STROBE, cmd, "trace=!wait4", flags)]
        # (nor clone: strace splits it when the child's first call comes
        # before the parent's return, as on a loaded machine)
        # (nor another call strace split on a loaded machine: the child's
        # first, say)
        split = {m.group(1) or m.group(2) for m in (
            re.search(r"<\.\.\. (\w+) resumed>|\] (\w+)\(.*<unfinished", l) for l in a) if m}
        calls = lambda ls: [l for l in ls if re.match(r"^(TIME )?\[ *\d+\] \w+\(", l)
                            and "] clone(" not in l and
                            re.match(r"^(TIME )?\[ *\d+\] (\w+)", l).group(2) not in split]
        check(calls(a) == calls(b) and len(calls(a)) > 20 and a[-1] == b[-1],
              "%s\nstrace:\n%s\nstrobe:\n%s" % (flags, "\n".join(a), "\n".join(b)))


def test_signal_and_quiet_sets_like_strace():
    cmd = [prog("signals")]
    for flags in (["-e", "signal=none"], ["-e", "signal=SIGUSR1"], ["-e", "signal=!usr1,15"],
                  ["-e", "quiet=exit"], ["-qq"], ["-qqq"], ["-e", "quiet=!exit"],
                  ["--quiet=attach,exit"], ["-q", "-e", "signal=all"]):
        a = traced_lines("strace", cmd, "trace=kill,exit_group", flags)
        b = traced_lines(STROBE, cmd, "trace=kill,exit_group", flags)
        check(a == b, "%s\nstrace:\n%s\nstrobe:\n%s" % (flags, "\n".join(a), "\n".join(b)))
    for bad in (["-e", "signal=SIGBOGUS"], ["-e", "quiet=bogus"]):
        r = strobe(bad + ["true"])
        check(r.returncode == 1 and r.stderr.count("\n") == 1, "%r: %r" % (bad, r.stderr))
    with tempfile.TemporaryDirectory() as d:
        link = os.path.join(d, "link")
        os.symlink("/etc/hostname", link)
        for q, want in (([], 1), (["-e", "quiet=path-resolution"], 0)):
            s = strace(q + ["-P", link, "-o", "/dev/null", "cat", link])
            o = strobe(q + ["-P", link, "-o", "/dev/null", "cat", link])
            check(s.stderr.count("resolved into") == want and
                  o.stderr.replace("strobe:", "strace:") == s.stderr, "%r vs %r" % (
                      o.stderr, s.stderr))


def test_user_and_environment_like_strace():
    nobody = pwd.getpwnam("nobody")
    for flags in (["-u", "nobody"], ["-E", "STROBE_X=1", "-E", "HOME", "-E", "STROBE_X=2"],
                  ["-u", "nobody", "-E", "PATH=/usr/bin:/bin"]):
        outs = []
        for tracer in ("strace", STROBE):
            r = run([tracer, "-e", "trace=none", "-o", "/dev/null"] + flags +
                    ["--", "sh", "-c", "id -u; id -g; id -G; echo ${STROBE_X-unset} "
                     "${HOME-unset} $PATH"])
            check(r.returncode == 0, "%s %s: %r" % (tracer, flags, r.stderr))
            outs.append(r.stdout)
        check(outs[0] == outs[1], "%s: strace %r, strobe %r" % (flags, *outs))
        if "-u" in flags:
            check(outs[1].split()[0] == str(nobody.pw_uid), outs[1])
    s, o = strace(["-u", "no-such-user-x", "true"]), strobe(["-u", "no-such-user-x", "true"])
    check(o.returncode == s.returncode == 1 and
          o.stderr.replace("strobe:", "strace:") == s.stderr, "%r vs %r" % (o.stderr, s.stderr))


def test_detach_on_execve_like_strace():
    cmd = ["sh", "-c", "/bin/true; exec /bin/true"]
    # (not wait4: strace splits the line of a call another process's line
    # interrupts, at a moment that differs from run to run)
    for flags in (["-b", "execve"], ["--detach-on=execve"]):
        a = traced_lines("strace", cmd, "trace=execve,exit_group", flags)
        b = traced_lines(STROBE, cmd, "trace=execve,exit_group", flags)
        check(a == b and sum("<detached ...>" in l for l in a) == 2,
              "%s\nstrace:\n%s\nstrobe:\n%s" % (flags, "\n".join(a), "\n".join(b)))
    r, s = strobe(["-b", "fork", "true"]), strace(["-b", "fork", "true"])
    check(r.returncode == 1 and strace_err(r.stderr) == strace_err(s.stderr), r.stderr)


def shapes(text):
    """A trace's lines with every digit a 9 and results masked: what the
    timestamps' formats give, not their values."""
    text = re.sub(r"= \d+", "= N", text or "")
    return re.sub(r"\d", "9", text)


def strace_err(text):
    """strace's one-line error as strobe words it: its prefix, without
    strace's 'Try strace -h' line and strobe's '(see strobe --help)'."""
    text = text.replace("strace:", "strobe:").replace(" (see strobe --help)", "")
    return "\n".join(l for l in text.splitlines() if not l.startswith("Try "))


def test_timestamp_precisions_as_strace():
    cmd = ["/bin/sh", "-c", "true"]
    for flags in (["--absolute-timestamps=precision:ms"], ["--absolute-timestamps=unix,ns"],
                  ["--absolute-timestamps=s"], ["--timestamps=unix,s"], ["--timestamps=unix"],
                  ["--absolute-timestamps=unix", "--absolute-timestamps=ms"],
                  ["--absolute-timestamps=format:time,precision:us"], ["--timestamps=none"],
                  ["--absolute-timestamps=,ns"], ["-r", "--relative-timestamps=ns"],
                  ["--relative-timestamps=s"], ["--relative-timestamps=ms"],
                  ["--relative-timestamps=ns", "-r"], ["--syscall-times=ns"],
                  ["--syscall-times=s"], ["--syscall-times=ms"], ["--syscall-times=ns", "-T"],
                  ["-t", "-r", "--relative-timestamps=ms"], ["-tt", "--syscall-times=ms", "-r"],
                  ["-t"], ["-tt"], ["-ttt"], ["-tttt"]):
        (sc, serr, stext), (oc, oerr, otext) = both(
            flags + ["-e", "trace=getpid,getppid"], cmd)
        check(sc == oc == 0 and shapes(stext) == shapes(otext),
              "%s:\nstrace:\n%s\nstrobe:\n%s%s" % (flags, stext, otext, oerr))
    for flags in (["-ttt", "--absolute-timestamps=ms"], ["--timestamps=ns", "-t"],
                  ["--timestamps=s,non"], ["--absolute-timestamps=ss"],
                  ["--timestamps=precision:none"], ["--timestamps=format:s"],
                  ["--syscall-times="], ["--relative-timestamps=foo"],
                  ["--syscall-times=precision:ns"]):
        s, o = strace(flags + ["true"]), strobe(flags + ["true"])
        check(s.returncode == o.returncode == 1 and o.stderr.count("\n") == 1 and
              strace_err(s.stderr) == strace_err(o.stderr),
              "%s: strace %r, strobe %r" % (flags, s.stderr, o.stderr))


def no_uretprobe(text):
    """strace 6.1 does not know call 335, uretprobe, which this kernel makes
    from a uretprobe's trampoline when another tool probes libc: it prints
    syscall_0x14f(...) whatever the set, strobe uretprobe() when selected.
    Lines of either are dropped."""
    return "\n".join(l for l in (text or "").splitlines()
                     if not re.match(r"^(\d+ +)?(syscall_0x14f|uretprobe)\(", l))


def test_more_strace_options_as_strace():
    # each of these was refused or ignored before; the trace is strace's
    cmd = ["/bin/sh", "-c", "printf 'a\\tb\\001c\\n'; exec cat /etc/hostname"]
    trace = ["-e", "trace=execve,openat,read,write,close,exit_group"]
    for flags in (["-I", "never"], ["-I1"], ["--interruptible=waiting"], ["-I", "always"],
                  ["--tips"], ["--tips=id:5,compact"], ["--silence=exits"],
                  ["--silent=attach,exit"], ["--decode-pids=pidns"], ["--pidns-translation"],
                  ["-e", "decode-pids=pidns"], ["--strings-in-hex=non-ascii-chars"],
                  ["-e", "raw=openat,read,close"], ["-e", "raw=all"], ["--raw=write"],
                  ["-e", "abbrev=execve"], ["-e", "abbrev=!execve"], ["--abbrev=read,write"],
                  ["-e", "trace=0,1,257", "-e", "raw=3"], ["-s", "6000"],
                  ["-e", "trace=write", "-e", "inject=1:error=EIO"],
                  ["-e", "trace=1", "-e", "fault=1:when=2"],
                  ["-e", "verbose=execve", "-e", "trace=execve"], ["--verbose=all"]):
        args = flags + (trace if not any("trace=" in f for f in flags) else [])
        (sc, serr, stext), (oc, oerr, otext) = both(args, cmd)
        diff = "\n".join(difflib.unified_diff(mask(no_uretprobe(stext)).splitlines(),
                                                mask(no_uretprobe(otext)).splitlines(),
                                                lineterm=""))
        check(sc == oc and not diff, "%s: exit %d, %d; strace -> strobe:\n%s%s" % (
            flags, sc, oc, diff, oerr))
    # a string longer than the kernel side captures: cut there, and said once
    (sc, serr, stext), (oc, oerr, otext) = both(
        ["-s", "20000", "-e", "trace=write"],
        [PYTHON, "-c", "import os; os.write(1, b'x' * 9000)"])
    check(sc == oc == 0 and '"%s", 9000)' % ("x" * 9000) in stext and
          '"%s"..., 9000)' % ("x" * 8189) in otext and oerr.count("\n") == 1 and
          "captures 8189 bytes" in oerr, "-s 20000: %r" % oerr)


def test_option_errors_in_straces_words():
    for flags in (["-p", "0"], ["--attach=-42"], ["-p", "1,a"], ["-I", "5"], ["-I", "0x1"],
                  ["--tips=format:"], ["--tips=id:"], ["--tips=-1"], ["--tips=id:rand"],
                  ["-x", "--strings-in-hex=all"], ["-e", "kvm=foo"], ["-s", "1073741824"],
                  ["--string-limit=-42"], ["-e", "trace=1000"], ["-e", "decode-pids=bogus"],
                  ["-b", "chdir"], ["--detach-on=execve", "--detach-on=chdir"],
                  ["-e", "read="], ["-e", "write=!,,"], ["--read=1,-1"], ["-e", "read=!not_fd"],
                  ["-e", "write=1,all"], ["-e", "read=1,!none"], ["-e", "read=4294967296"],
                  # names no path holds: the command's, -ff's prefix with room for ".PID"
                  [" " * 4096], ["-ff", "-o", " " * 4084]):
        s, o = strace(flags + ["true"]), strobe(flags + ["true"])
        check(s.returncode == o.returncode == 1 and o.stderr.count("\n") == 1 and
              strace_err(s.stderr) == strace_err(o.stderr),
              "%s: strace %r, strobe %r" % (flags, s.stderr, o.stderr))
    # -e fault=/inject=: strace's words, then strobe's reason
    for flags in (["-e", "fault=chdir:42"], ["-e", "inject=42"], ["-e", "fault=chdir:when=0"],
                  ["-e", "inject=chdir:syscall=42"], ["-e", "fault=chdir:retval=0"],
                  ["-e", "inject=chdir:delay_enter=1:delay_enter=2"],
                  ["-e", "inject=chdir:poke_enter=@arg1=41,@arg1=42"]):
        s, o = strace(flags + ["true"]), strobe(flags + ["true"])
        want = strace_err(s.stderr).split("\n")[0]
        check(s.returncode == o.returncode == 1 and o.stderr.count("\n") == 1 and
              o.stderr.startswith(want + ": "), "%s: strace %r, strobe %r" % (
                  flags, s.stderr, o.stderr))
    # what cannot work without ptrace: one line saying why
    for flags in (["-e", "kvm=vcpu"],):
        o = strobe(flags + ["true"])
        check(o.returncode == 1 and o.stderr.count("\n") == 1 and "not supported" in o.stderr,
              "%s: %r" % (flags, o.stderr))


def test_attach_and_command_at_once_as_strace():
    out = []
    for tracer in ("strace", STROBE):
        sleeper = subprocess.Popen([PYTHON, "-c", "import time; time.sleep(1.5); print('x')"],
                                   stdout=subprocess.DEVNULL)
        time.sleep(0.3)
        with tempfile.TemporaryDirectory() as d:
            f = os.path.join(d, "out")
            r = run([tracer, "-a30", "-e", "trace=chdir,write", "-o", f, "-p", str(sleeper.pid),
                     "/bin/sh", "-c", "cd /tmp"])
            # (pids of other lengths pad otherwise; strace's own warning
            # of a ptrace race, "pid N: entering, ptrace_syscall_info.op
            # == 2", is not the trace)
            err = re.sub(r"(?m)^strace: pid \d+: entering, ptrace_syscall_info.*\n", "",
                         r.stderr)
            out.append((r.returncode, err.replace("strace:", "strobe:"),
                        re.sub(r" +", " ", mask(open(f).read()))))
        sleeper.wait()
    check(out[0] == out[1] and "chdir(" in out[0][2] and 'write(1, "x"' in out[0][2],
          "strace:\n%r\nstrobe:\n%r" % tuple(out))


def test_command_inherits_signal_mask_and_ignored_sigchld_as_strace():
    # strace's sigblock and sigign tests: the command starts with the mask
    # and the ignored SIGCHLD the tracer was started with; an ignored
    # SIGCHLD made strobe wait for ever
    code = ("import signal, sys; m = signal.pthread_sigmask(signal.SIG_BLOCK, []); "
            "print(int(signal.SIGHUP in m), int(signal.getsignal(signal.SIGCHLD) == "
            "signal.SIG_IGN))")

    def started(block, ign):
        if block:
            signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGHUP])
        if ign:
            signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    for block in (0, 1):
        for ign in (0, 1):
            outs = []
            for tracer in ("strace", STROBE):
                r = subprocess.run([tracer, "-e", "trace=none", "-qq", PYTHON, "-c", code],
                                   capture_output=True, text=True, timeout=30,
                                   preexec_fn=lambda: started(block, ign))
                outs.append((r.returncode, r.stdout))
            check(outs[0] == outs[1] == (0, "%d %d\n" % (block, ign)),
                  "blocked %d, ignored %d: strace %r, strobe %r" % (block, ign, *outs))


def test_trace_path_and_dumps_as_strace():
    # strace's read-write test: fds opened by calls outside -e trace= still
    # match -P, and an fd argument with high bits set (the kernel reads an
    # int) is dumped by -e write=
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "f")
        open(path, "w").close()
        code = ("import ctypes, os; os.close(1); fd = os.open(%r, os.O_WRONLY); "
                "os.write(fd, b'hi'); b = ctypes.create_string_buffer(b'hey'); "
                "ctypes.CDLL(None).syscall(1, ctypes.c_ulong(0xfacefeed00000001), b, 3); "
                "os.read(0, 0)" % path)
        outs = []
        for tracer in ("strace", STROBE):
            r = run([tracer, "-e", "trace=read,write", "-e", "write=1", "-P", path,
                     PYTHON, "-c", code], stdin=subprocess.DEVNULL)
            outs.append(r.stderr.replace("strace:", "strobe:"))
        check(outs[0] == outs[1] and outs[0].count(" | 00000") == 2,
              "strace:\n%s\nstrobe:\n%s" % tuple(outs))


def test_verbose_sets_as_strace():
    # -e verbose=SET: calls outside SET print structs, arrays, execve's
    # argv and environment, wait statuses and fd pairs as addresses.
    # python -I: the working directory is not on sys.path, so the two runs
    # do not list it at different times (its listing is cached by mtime,
    # and suites running beside this one write to it)
    cmd = [PYTHON, "-I", "-c", "import os, socket; os.listdir('/'); os.pipe(); os.stat('/'); "
           "s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind('\\0x1'); "
           "s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096); "
           "s.sendmsg([b'x'], [], 0, '\\0x1'); s.recvmsg(10); os.sched_getaffinity(0); "
           "a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM); a.send(b'x'); "
           "import ctypes; t = (ctypes.c_long * 2)(1, 0); m = (ctypes.c_char * 64)(); "
           "v = (ctypes.c_char * 64)(); "
           "ctypes.memmove(v, ctypes.addressof((ctypes.c_void_p * 2)(ctypes.addressof(m), 1)), 16);"
           "h = (ctypes.c_char * 64)(); "
           "ctypes.memmove(ctypes.addressof(h) + 16, ctypes.addressof((ctypes.c_void_p * 2)"
           "(ctypes.addressof(v), 1)), 16); "
           "ctypes.CDLL(None).syscall(299, b.fileno(), h, 1, 0x40, t)"]
    for flags in (["-e", "verbose=none"], ["-e", "verbose=!newfstatat,execve"],
                  ["--verbose=execve,pipe2"], ["-e", "verbose=all"]):
        (sc, serr, stext), (oc, oerr, otext) = both(flags + ["-e", "trace=!getrandom,sysinfo,mmap,munmap,brk"], cmd)
        # (addresses of other lengths pad otherwise)
        norm = lambda t: re.sub(" +", " ", re.sub(r"left \{tv_sec=\d+, tv_nsec=\d+", "left T",
                                                  mask(no_uretprobe(t)))).splitlines()
        diff = "\n".join(difflib.unified_diff(norm(stext), norm(otext), lineterm=""))
        check(sc == oc == 0 and not diff, "%s: strace -> strobe:\n%s%s" % (flags, diff, oerr))


def test_decode_pids_comm_as_strace():
    # -Y: "pid<comm>" in the pid column and "[pid N<comm>]", after pids that
    # calls return (getpid) or take (kill, tgkill); the tracer's own name
    # differs, as it must
    code = ("import os, signal, threading; os.kill(os.getpid(), 0); "
            "signal.pthread_kill(threading.get_ident(), 0); os.getppid(); os.system('true')")
    # pids of other widths move the result column: spaces collapsed
    # and the child's CPU times are the machine's
    norm = lambda t: re.sub(r" +", " ", re.sub(r"si_([us]time)=\d+( /\* [\d.]+ s \*/)?", r"si_\1=T",
                                                re.sub(r"si_pid=\d+(<[^>]*>)?", "si_pid=P", re.sub(r"= \d+", "= N", re.sub(
        r"\d+<", "N<", (t or "").replace("<strace>", "<TRACER>").replace("<strobe-asan>", "<TRACER>").replace("<strobe>", "<TRACER>"))))))
    for flags in (["-Y", "-f"], ["--decode-pids=comm", "-f"], ["-e", "decode-pids=comm,pidns"]):
        (sc, serr, stext), (oc, oerr, otext) = both(
            flags + ["-e", "trace=getpid,kill,tgkill,getppid,exit_group"], [PYTHON, "-c", code])
        check(sc == oc == 0 and norm(stext) == norm(otext) and "<python3>" in otext,
              "%s:\nstrace:\n%s\nstrobe:\n%s%s" % (flags, stext, otext, oerr))
    a = traced_lines("strace", ["/bin/sh", "-c", "kill -0 $$; /bin/true"], "trace=kill,exit_group",
                     ["-Y", "-f"])
    b = traced_lines(STROBE, ["/bin/sh", "-c", "kill -0 $$; /bin/true"], "trace=kill,exit_group",
                     ["-Y", "-f"])
    check([norm(l) for l in a] == [norm(l) for l in b], "strace:\n%s\nstrobe:\n%s" % (
        "\n".join(a), "\n".join(b)))


def test_decode_pids_of_children_not_followed_as_strace():
    # -Y without -f: waitid's child, gone by the time strobe prints the
    # line, named as strace names it at the call's entry (its parent's
    # name, from the fork strobe follows quietly); in the siginfo of a
    # stopped child too, not of one reaped
    norm = lambda ls: [re.sub(r"si_([us]time)=\d+", r"si_\1=T", re.sub(  # noqa: E731
        r"\b\d+<", "N<", re.sub(r"si_pid=\d+", "si_pid=P", l))) for l in ls]
    outs = []
    for tracer in ("strace", STROBE):
        with tempfile.NamedTemporaryFile("r") as t:
            subprocess.run([tracer, "-Y", "-e", "trace=waitid", "-e", "signal=none", "-o", t.name,
                            "--", prog("procs")], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=60)
            outs.append(norm(re.sub(r"\s+=", " =", l) for l in t.read().splitlines()))
    a, b = outs
    check(a == b and sum("N<procs>" in l for l in b) == 3, "strace:\n%s\nstrobe:\n%s" % (
        "\n".join(a), "\n".join(b)))


def test_decode_pids_pidns_as_strace():
    # a command in its own pid namespace: its pids with strobe's in a
    # comment, in strace's words; in strobe's namespace nothing changes
    cmd = ["unshare", "-pf", "/bin/sh", "-c", "kill -0 $$; /bin/true"]
    # (a SIGCHLD's si_pid: strace names and translates the child only
    # when it reads /proc before the child is reaped)
    # (and a child's CPU time, which strace's slowing down raises)
    # (and the padding after a pid and before a result, which a 3-digit
    # pid changes: another suite sets ns_last_pid low meanwhile)
    norm = lambda t: re.sub(r" {2,}", " ", re.sub(r"\d{2,}", "N", re.sub(
        r"si_utime=\d+( /\* [^*]* \*/)?, si_stime=\d+( /\* [^*]* \*/)?", "si_utime=T, si_stime=T",
        re.sub(r"si_pid=\d+(<[^>]*>)?( /\* \d+ in strace's PID NS \*/)?", "si_pid=P", t or ""))))
    for flags in (["--decode-pids=pidns"], ["--pidns-translation", "-Y"],
                  ["-Y", "--pidns-translation"], ["-e", "decode-pids=comm,pidns"]):
        (sc, serr, stext), (oc, oerr, otext) = both(
            flags + ["-f", "-e", "trace=getpid,gettid,getppid,kill"], cmd)
        check(sc == oc == 0 and norm(stext) == norm(otext),
              "%s:\nstrace:\n%s\nstrobe:\n%s%s" % (flags, stext, otext, oerr))
        check(("PID NS */" in otext) == (flags[-1] != "-Y"), "%s: %s" % (flags, otext))


def test_pidns_ids_of_groups_children_and_the_gone_as_strace():
    # --decode-pids=pidns beyond getpid: a process group's and a session's
    # ids (as results and arguments), getpriority's who, a signal's
    # sender, a new child's pid, and the pid a child passes just before
    # it exits (gone from /proc when its line prints: the BPF side's
    # record of its ids says)
    code = ("import os, signal; signal.signal(signal.SIGUSR1, lambda *a: None); "
            "os.setpgid(0, 0); os.getpgrp(); os.getsid(os.getpid()); "
            "os.getpriority(os.PRIO_PGRP, os.getpgrp()); os.kill(os.getpid(), signal.SIGUSR1); "
            "pid = os.fork()\nif not pid: os.kill(os.getpid(), 0); os._exit(0)\n"
            "os.waitpid(pid, 0)")
    cmd = ["unshare", "-pf", PYTHON, "-c", code]
    # (strace may cut a line in two when the child runs: those compared
    # only as strobe's whole lines)
    # and a SIGCHLD's si_pid only when strace saw the child before the reap
    norm = lambda t: sorted(re.sub(r"si_([us]time)=\d+( /\* [\d.]+ s \*/)?", r"si_\1=T", re.sub(
        r" +", " ", re.sub(r"\d{3,}", "N", re.sub(r"0x[0-9a-f]+", "0xX", re.sub(
            r"(CLD_EXITED, si_pid=\d+) /\* \d+ in strace's PID NS \*/", r"\1", t or ""))))).splitlines())
    (sc, serr, stext), (oc, oerr, otext) = both(
        ["--decode-pids=pidns", "-f", "-e",
         "trace=setpgid,getpgrp,getsid,getpriority,kill,clone"], cmd)
    whole = [l for l in norm(stext) if "unfinished ...>" not in l and "resumed>" not in l]
    check(sc == oc == 0 and not set(whole) - set(norm(otext)) and len(norm(otext)) == 15 and
          "= 2 /* N in strace's PID NS */" in "".join(norm(otext)) and
          otext.count("PID NS */") == 8,
          "strace:\n%s\nstrobe:\n%s%s" % (stext, otext, oerr))


def test_several_pids_get_the_pid_column_as_strace():
    # -o FILE with two processes from the start: "PID  " before each line,
    # as with -f (strace's strace-p-Y-p test, with -Y: "PID<comm> ")
    for flags in ([], ["-Y"]):
        out = []
        for tracer in ("strace", STROBE):
            sleepers = [subprocess.Popen([PYTHON, "-c", "import time; time.sleep(1.2)"])
                        for _ in range(2)]
            time.sleep(0.3)
            with tempfile.TemporaryDirectory() as d:
                f = os.path.join(d, "out")
                r = run([tracer, "-e", "trace=none", "-o", f] + flags +
                        sum((["-p", str(p.pid)] for p in sleepers), []))
                text = open(f).read()
                for i, p in enumerate(sleepers):
                    text = text.replace(str(p.pid), "PID%d" % i)
                out.append((r.returncode, sorted(re.sub(" +", " ", text).splitlines())))
            for p in sleepers:
                p.wait()
        check(out[0] == out[1] and len(out[0][1]) == 2, "%s: strace %r, strobe %r" % (
            flags, *out))


def test_noop_options_say_so():
    for flags in (["--seccomp-bpf"], ["-DDD"], ["--daemonize=grandchild"]):
        r = strobe(flags + ["-e", "trace=exit_group", "true"])
        check(r.returncode == 0 and "exit_group(0)" in r.stderr and
              r.stderr.count("changes nothing") == 1, "%s: %r" % (flags, r.stderr))


if __name__ == "__main__":
    sys.exit(run_tests(globals(), sys.argv[1:]))
