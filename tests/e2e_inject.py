#!/usr/bin/env python3
"""End-to-end tests of -e inject= / -e fault=: the real strobe, its real
seccomp filter and BPF programs, real processes, and strace on the same
programs as the reference, for what the program sees (its output) and
for the lines printed.  No test asserts a time."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import PYTHON, STROBE, check, prog, run, run_tests  # noqa: E402

INJ = prog("inject")
LINE = re.compile(r"^(?:\[pid\s+(\d+)\] |(\d+)\s+)?(.*)$")
PIDS = re.compile(r"^(getpid|getppid|gettid)\((.*)\)(\s+)= \d+")


def traced(tool, args, argv, keep=None):
    """Run argv under strace or strobe with args; returns (program's
    stdout, exit status, {process number: [lines]}, stderr), the lines
    keep() accepts, processes numbered in the order they first print one,
    the pid column dropped."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "trace")
        r = run([tool] + args + ["-o", out, "--"] + argv)
        check(os.path.exists(out), "%s failed (%d): %s" % (tool, r.returncode, r.stderr[-400:]))
        with open(out) as f:
            text = f.read()
    procs, order = {}, {}
    for raw in text.splitlines():
        m = LINE.match(raw)
        pid = m.group(1) or m.group(2) or "main"
        body = PIDS.sub(r"\1(\2)\3= PID", m.group(3))
        body = re.sub(r"si_pid=\d+", "si_pid=PID", body)
        body = re.sub(r"0x[0-9a-f]+ /\* \d+ vars \*/", "ENV", body)
        if keep and not keep(body):
            continue
        n = order.setdefault(pid, len(order))
        procs.setdefault(n, []).append(body)
    # strace dies of the signal that killed the command; strobe exits 128+N
    return r.stdout, 128 - r.returncode if r.returncode < 0 else r.returncode, procs, r.stderr


def same_as_strace(args, argv, keep=None):
    """The program prints the same, exits the same, and each process's
    lines (those keep() accepts) are the same under both tracers, on both
    of strobe's syscall paths: the one it chooses (the per-syscall
    tracepoints for these few calls) and the raw pair."""
    theirs = traced("strace", args, argv, keep)
    first = None
    for probe in ([], ["--probe=raw"]):
        ours = compare_with(theirs, traced(STROBE, probe + args, argv, keep), keep,
                            " ".join(probe) or "the chosen path")
        first = first or ours
    return first


def compare_with(theirs, ours, keep, path):
    check(ours[0] == theirs[0], "%s: program saw %r, under strace %r (%r)" %
          (path, ours[0], theirs[0], ours[3][-300:]))
    check(ours[1] == theirs[1], "%s: exit %d, under strace %d" % (path, ours[1], theirs[1]))
    def lines(per_proc, n):
        # children that exit together: under strace the parent stops for
        # each SIGCHLD; untraced, the second finds the first pending and
        # one is delivered (docs/design.md, known differences).  Two alike
        # in a row count once, on both sides.
        out = []
        for x in per_proc.get(n, []):
            if (not keep or keep(x)) and not (out and x == out[-1] and x.startswith("--- SIGCHLD")):
                out.append(x)
        return out
    # which process printed first is timing: compare them as a set
    a = sorted(lines(ours[2], n) for n in ours[2])
    b = sorted(lines(theirs[2], n) for n in theirs[2])
    a, b = [x for x in a if x], [x for x in b if x]
    check(a == b, "%s: processes: %r, strace %r" % (path, a, b))
    return ours


def probe_line(args):
    r = run([STROBE, "-d", "-o", "/dev/null"] + args + [INJ, "socket", "1"])
    m = re.search(r"^strobe: probing .*$", r.stderr, re.M)
    check(m, r.stderr)
    return m.group(0)


def test_injection_keeps_the_per_syscall_path():
    """A call seccomp answers never reaches its sys_enter_NAME tracepoint
    but does reach sys_exit_NAME (on this kernel: bpf/inject.bpf.inc), so
    injecting needs no raw pair: -d says the per-syscall tracepoints, and
    calls injected but not traced are probed too (their marks, signal=)."""
    line = probe_line(["-e", "trace=accept", "-e", "inject=accept:error=EPERM"])
    check("probing 1 syscalls through their own tracepoints" in line and
          "seccomp answers" in line, line)
    # (with -e trace=none only: as strace, a rule for a call the filter
    # leaves out is dropped)
    line = probe_line(["-e", "trace=none", "-e", "inject=socket:signal=USR1"])
    check("probing 1 syscalls (1 only for -e inject=) through their own" in line, line)
    line = probe_line(["-e", "trace=getpid", "-e", "inject=socket:signal=USR1"])
    check("probing 1 syscalls through their own" in line, line)
    # the filter fails socket by itself with -f: no mark, nothing to probe
    r = run([STROBE, "-d", "-o", "/dev/null", "-f", "-e", "trace=none", "-e",
             "inject=socket:error=EPERM", INJ, "socket", "1"])
    check("probing" not in r.stderr and "1:EPERM" in r.stdout, r.stdout + r.stderr)
    check("through the raw" in probe_line(["--probe=raw", "-e", "trace=accept",
                                           "-e", "inject=accept:error=EPERM"]), "--probe=raw")
    # shown as strace shows them on that path (same_as_strace runs both)
    out = same_as_strace(["-e", "trace=socket,getpid", "-e", "inject=socket:error=EMFILE:when=2"],
                         [INJ, "socket", "3"])
    check("2:EMFILE" in out[0], out[0])


def calls(name):
    # only the calls: how the parent's SIGCHLD lines come out with
    # -e trace= is the tracing side's business (e2e.py), not injection's
    return lambda line: line.startswith(name + "(")


def test_error_every_when_form_like_strace():
    for when in ["", ":when=2", ":when=2+", ":when=2..4", ":when=3+2", ":when=1..5+2",
                 ":when=3..3", ":when=2:when=4"]:
        out = same_as_strace(["-e", "trace=socket", "-e", "inject=socket:error=EMFILE" + when],
                             [INJ, "socket", "6"])
        check("EMFILE" in out[0], "nothing injected with " + when)


def test_injected_line_text():
    out = same_as_strace(["-e", "trace=socket", "-e", "inject=socket:error=EMFILE:when=2"],
                         [INJ, "socket", "2"])
    check(out[2][0][1] == "socket(AF_UNIX, SOCK_STREAM, 0)         = -1 EMFILE "
          "(Too many open files) (INJECTED)", out[2][0])


def test_fault_defaults_to_enosys():
    out = same_as_strace(["-e", "trace=socket", "-e", "fault=socket:when=2+"],
                         [INJ, "socket", "3"])
    check("2:ENOSYS" in out[0], out[0])
    out = same_as_strace(["-e", "trace=socket", "--fault=socket:error=EACCES:when=3"],
                         [INJ, "socket", "3"])
    check("3:EACCES" in out[0], out[0])


def test_retval_zero_unlink_leaves_the_file():
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "keep")
        for f in (0, 1):
            open(path, "w").close()
            out = same_as_strace((["-f"] if f else []) +
                                 ["-e", "trace=unlink,unlinkat",
                                  "-e", "inject=unlink,unlinkat:retval=0"],
                                 [INJ, "unlink", path])
            check(out[0] == "unlink 0, still there\n", out[0])
            check(os.path.exists(path), "the file was removed")


def test_retval_values_printed_like_strace():
    same_as_strace(["-e", "trace=socket", "-e", "inject=socket:retval=0x10:when=2"],
                   [INJ, "socket", "3"])
    # looks like an error, printed as the number it is
    same_as_strace(["-e", "trace=socket", "-e", "inject=socket:retval=-1:when=1"],
                   [INJ, "socket", "2"])


def test_signal_sent_as_the_call_enters():
    out = same_as_strace(["-e", "trace=getpid", "-e", "inject=getpid:signal=USR1:when=2+"],
                         [INJ, "signal", "4"])
    check(out[0] == "SIGUSR1 caught 3 times\n", out[0])
    check("--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_KERNEL} ---" in out[2][0], out[2][0])
    # with an error, and with nothing traced: the signal still comes
    same_as_strace(["-e", "trace=getpid", "-e", "inject=getpid:signal=SIGUSR1:error=EPERM"],
                   [INJ, "signal", "2"])
    # an ignored one: after the call's line, as strace (it is shown when
    # the thread leaves the call, not as it enters)
    same_as_strace(["-e", "trace=socket", "-e", "inject=socket:signal=URG"], [INJ, "socket", "2"])



def test_untraced_calls_injected_unlike_strace():
    # strace tampers only with calls it traces; strobe keeps every rule
    # with -e trace=none, to inject without tracing (a documented difference)
    for args in (["-e", "inject=getpid:signal=10:when=2"],
                 ["-f", "-e", "inject=getpid:signal=USR1:when=2"]):
        r = run([STROBE, "-e", "trace=none"] + args + [INJ, "signal", "3"])
        check(r.stdout == "SIGUSR1 caught 1 times\n", r.stdout + r.stderr)
        check("--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_KERNEL} ---" in r.stderr, r.stderr)
        s = run(["strace", "-e", "trace=none"] + args + [INJ, "signal", "3"])
        check(s.stdout == "SIGUSR1 caught 0 times\n", "strace now injects: " + s.stdout)
    for f in ([], ["-f"]):
        r = run([STROBE, "-e", "trace=none"] + f + ["-e", "inject=socket:error=EPERM:when=2",
                                                    INJ, "socket", "3"])
        check(r.stdout == "socket 1:ok 2:EPERM 3:ok\n", r.stdout + r.stderr)
        check(r.stderr == "+++ exited with 0 +++\n", r.stderr)


def test_rules_for_untraced_calls_dropped_like_strace():
    # -e trace=SET other than none: a rule naming a call outside the set
    # does nothing, as under strace (strace's qual_fault-exit_group: a
    # fault on !process would otherwise fail the loader's mmap)
    same_as_strace(["-e", "trace=getpid", "-e", "fault=!process:error=EPERM",
                    "-e", "inject=getpid:retval=42"], [INJ, "socket", "2"])


def test_signal_default_action_kills_like_strace():
    out = same_as_strace(["-e", "trace=socket", "-e", "inject=socket:signal=TERM:when=2"],
                         [INJ, "socket", "3"])
    check(out[1] == 143, "exit %d" % out[1])


def test_delay_enter_the_call_still_happens():
    out = same_as_strace(["-e", "trace=getppid", "-e", "inject=getppid:delay_enter=20ms"],
                         [INJ, "getppid", "3"])
    check(out[0] == "getppid a pid, the same 3 of 3 times\n", out[0])
    check(all(x.endswith("= PID (DELAYED)") for x in out[2][0] if x.startswith("getppid")),
          out[2][0])
    # an error after a delay: both marks, in strace's order
    out = same_as_strace(["-e", "trace=socket",
                          "-e", "inject=socket:error=EPERM:delay_enter=5ms:when=2"],
                         [INJ, "socket", "2"])
    check(out[2][0][1].endswith("(INJECTED) (DELAYED)"), out[2][0])


def test_poke_enter_writes_the_argument_like_strace():
    echo = ["/bin/echo", "hixyz"]
    out = same_as_strace(["-e", "trace=write", "-e", "inject=write:poke_enter=@arg2=414243"],
                         echo)
    check(out[0] == "ABCyz\n" and out[2][0][0].endswith("= 6 (INJECTED: args)"), out)
    for extra in (":retval=3", ":delay_enter=1ms", ":error=EIO:when=2"):
        same_as_strace(["-f", "-e", "trace=write",
                        "-e", "inject=write:poke_enter=@arg2=41" + extra], echo)


def test_substitute_pure_syscall_with_error():
    same_as_strace(["-e", "trace=socket", "-e", "inject=socket:syscall=getpid:error=EPERM"],
                   [INJ, "socket", "2"])
    # with a signal and no result strace substitutes nothing: the call runs
    out = same_as_strace(["-e", "trace=getpid", "-e",
                          "inject=getpid:signal=USR1:syscall=gettid:when=2"], [INJ, "signal", "3"])
    check(out[0] == "SIGUSR1 caught 1 times\n", out)


def test_follow_children_counted_per_process():
    for w in (":when=2", ""):
        out = same_as_strace(["-f", "-e", "trace=socket",
                              "-e", "inject=socket:error=EMFILE" + w],
                             [INJ, "fork", "3"], keep=calls("socket"))
        check(out[0].count("2:EMFILE") == 2, out[0])


def test_threads_counted_per_thread():
    out = same_as_strace(["-f", "-e", "trace=socket", "-e", "inject=socket:error=EMFILE:when=2+2"],
                         [INJ, "threads"], keep=calls("socket"))
    check(out[0].count("2:EMFILE 3:ok 4:EMFILE") == 2, out[0])


def test_without_follow_children_untouched():
    # strace only tampers with what it traces: without -f, the command
    same_as_strace(["-e", "trace=socket", "-e", "inject=socket:error=EMFILE"],
                   [INJ, "fork", "2"], keep=calls("socket"))
    same_as_strace(["-e", "trace=socket", "-e", "inject=socket:error=EMFILE"],
                   [INJ, "threads"], keep=calls("socket"))


def test_children_outliving_strobe_run_normally():
    # without -f the command's children are not traced but have the filter;
    # after strobe ends, a keeper lets their calls through (no ENOSYS)
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "out")
        script = "(sleep 0.3; %s socket 3 > %s.tmp; mv %s.tmp %s) &" % (INJ, out, out, out)
        r = run([STROBE, "-e", "trace=socket", "-e", "inject=socket:error=EMFILE:when=2",
                 "/bin/sh", "-c", script])
        check(r.returncode == 0, r.stderr)
        for _ in range(200):
            if os.path.exists(out):
                break
            time.sleep(0.05)
        with open(out) as f:
            got = f.read()
        check(got == "socket 1:ok 2:ok 3:ok\n", got)
        for _ in range(100):
            ps = run(["ps", "-eo", "args"]).stdout
            if "--inject-keeper" not in ps:
                break
            time.sleep(0.05)
        check("--inject-keeper" not in ps, "the keeper outlived the filter's last user")


def test_run_as_user_counts_from_the_exec():
    # -u: initgroups' own calls before the exec are not the command's
    with tempfile.TemporaryDirectory() as d:
        os.chmod(d, 0o755)
        copy = os.path.join(d, "inject")
        shutil.copy(INJ, copy)
        os.chmod(copy, 0o755)
        for f in ([], ["-f"]):
            out = same_as_strace(f + ["-u", "nobody", "-e", "trace=socket",
                                      "-e", "inject=socket:error=EPERM:when=2"],
                                 [copy, "socket", "3"], keep=calls("socket"))
            check(out[0] == "socket 1:ok 2:EPERM 3:ok\n", out[0])
            out = same_as_strace(f + ["-u", "nobody", "-e", "trace=socket",
                                      "-e", "inject=socket:error=EPERM"],
                                 [copy, "socket", "2"], keep=calls("socket"))
            check(out[0] == "socket 1:EPERM 2:EPERM\n", out[0])


def test_several_rules_and_the_last_wins():
    same_as_strace(["-e", "trace=socket,getpid", "-e", "inject=socket:error=EMFILE:when=2",
                    "-e", "inject=getpid:retval=42"], [INJ, "signal", "2"])
    same_as_strace(["-e", "trace=socket,getpid", "-e", "inject=socket:error=EPERM",
                    "-e", "inject=socket,getpid:retval=7:when=2"], [INJ, "socket", "3"])


def test_classes_and_regexes_are_sets():
    for s in ("%network", "/^sock", "?nosuchcall,%ipc,socket"):
        out = same_as_strace(["-e", "trace=socket", "-e", "inject=%s:error=EACCES:when=3" % s],
                             [INJ, "socket", "3"])
        check("3:EACCES" in out[0], "%s: %s" % (s, out[0]))


def test_initial_execve_not_injected_later_ones_are():
    sh = ["/bin/sh", "-c", "exec %s socket 1" % INJ]
    same_as_strace(["-e", "trace=execve", "-e", "inject=execve:error=ENOENT:when=1"], sh)
    same_as_strace(["-f", "-e", "trace=execve", "-e", "inject=execve:error=ENOENT:when=2"], sh)


def test_summary_counts_injected_calls():
    def table(tool):
        r = run([tool, "-c", "-e", "trace=socket", "-e", "inject=socket:error=EMFILE:when=2+",
                 INJ, "socket", "6"])
        row = [ln.split() for ln in r.stderr.splitlines() if ln.endswith(" socket") or
               " socket " in ln]
        check(row, r.stderr)
        return r.stdout, row[0][3:5]
    check(table(STROBE) == table("strace"), "%r, strace %r" % (table(STROBE), table("strace")))


def test_record_marks_injected_calls():
    with tempfile.TemporaryDirectory() as d:
        data = os.path.join(d, "rec")
        r = run([STROBE, "record", "-o", data, "-e", "trace=socket",
                 "-e", "inject=socket:error=EMFILE:when=2", "--", INJ, "socket", "3"])
        check(r.returncode == 0, r.stderr)
        rep = run([STROBE, "report", data])
        live = run([STROBE, "-e", "trace=socket", "-e", "inject=socket:error=EMFILE:when=2",
                    INJ, "socket", "3"])
        check(rep.stdout + rep.stderr == live.stderr and "(INJECTED)" in live.stderr,
              "report %r, live %r" % (rep.stdout + rep.stderr, live.stderr))
        j = run([STROBE, "report", "--json", data])
        check('"injected":true' in j.stdout + j.stderr, j.stdout[-300:])


def test_bad_input_one_line_and_strace_agrees():
    bad = ["socket:error=EBOGUS", "socket:error=4096", "socket:error=0",
           "socket:when=0:error=EPERM", "socket:error=EPERM:when=3..2",
           "socket:error=EPERM:when=2..65535", "socket:error=EPERM:when=2+0",
           "socket:error=EPERM:when=2.3", "socket:error=EPERM:when=", "socket:error=EPERM:retval=1",
           "socket:error=EPERM:error=EACCES", "socket", "socket:when=2", "socket:signal=0",
           "socket:signal=65", "socket:signal=SIGFOO", "socket:signal=USR1:signal=USR2",
           "socket:delay_enter=abc", "socket:delay_enter=-1", "socket:delay_enter=1h",
           "socket:syscall=open:error=EPERM", "socket:retval=abc", "bogus:error=EPERM",
           "socket:foo=1", "socket:retval=99999999999999999999",
           "write:poke_enter=@arg8=41", "write:poke_enter=@arg2=414", "write:poke_enter=@arg2=",
           "write:poke_enter=@arg2=zz", "write:poke_enter=arg2=41",
           "write:poke_enter=@arg2=" + "41" * 1025,
           "write:poke_enter=@arg2=41:poke_enter=@arg3=00"]
    for b in bad:
        r = run([STROBE, "-e", "inject=" + b, INJ, "socket", "1"])
        lines = r.stderr.splitlines()
        check(r.returncode == 1 and len(lines) == 1 and lines[0].startswith("strobe: "),
              "%s: exit %d, %r" % (b, r.returncode, r.stderr))
        check(r.stdout == "", "%s: the command ran" % b)
        s = run(["strace", "-o", "/dev/null", "-e", "inject=" + b, INJ, "socket", "1"])
        check(s.returncode != 0, "strace accepts " + b)
    r = run([STROBE, "-e", "fault=socket:retval=1", INJ, "socket", "1"])
    check(r.returncode == 1 and len(r.stderr.splitlines()) == 1, r.stderr)


def test_what_cannot_work_says_why():
    for args in (["-e", "inject=socket:delay_exit=1ms", INJ, "socket", "1"],
                 ["-e", "inject=write:poke_exit=@arg2=41", INJ, "socket", "1"],
                 ["-p", str(os.getpid()), "-e", "inject=socket:error=EPERM"],
                 ["--all", "-e", "inject=socket:error=EPERM"],
                 ["-e", "inject=socket:syscall=getpid", INJ, "socket", "1"]):
        r = run([STROBE] + args)
        check(r.returncode == 1 and len(r.stderr.splitlines()) == 1 and r.stdout == "",
              "%r: exit %d, %r" % (args, r.returncode, r.stderr))


def test_many_injected_calls_all_answered():
    for f in ([], ["-f"]):
        r = run([STROBE] + f + ["-e", "trace=none", "-e", "inject=socket:error=EMFILE:when=2+",
                                INJ, "loop", "20000"])
        check(r.stdout == "19999 of 20000 failed\n", r.stdout + r.stderr[-300:])


def perf_fds(pid):
    """How many perf events a process holds (the per-syscall probes)."""
    n = 0
    for fd in os.listdir("/proc/%d/fd" % pid):
        try:
            n += os.readlink("/proc/%d/fd/%s" % (pid, fd)) == "anon_inode:[perf_event]"
        except OSError:
            pass
    return n


def test_probes_attach_at_the_first_call_sent_to_strobe():
    """When every call the trace would show goes to strobe through the
    filter, the syscall probes attach at the first one (no syscall
    tracepoint slows the command before): none while the command has not
    made the call yet, its line is there all the same (its entry came
    before the probes), and so are a later call's and, on the raw path,
    an unnamed number's (syscall_0x1f4, which the filter sends to strobe
    too; the per-syscall tracepoints have none), as strace's."""
    code = ("import ctypes, socket, sys; libc = ctypes.CDLL(None); "
            "sys.stdin.readline(); libc.syscall(500, 1, 2, 3); "
            "[socket.socket(socket.AF_UNIX) for _ in range(2)]")
    args = ["-e", "trace=socket", "-e", "inject=socket:error=EMFILE:when=2"]
    # (the unnamed call's unused arguments are whatever the registers held)
    norm = lambda t: [re.sub(r"0x[0-9a-f]{5,}", "0xX", re.sub(r" +=", " =", x)) for x in t]
    theirs = run(["strace"] + args + ["--", PYTHON, "-c", code], input="go\n")
    want = [x for x in theirs.stderr.splitlines() if x.startswith(("socket", "syscall_"))]
    for probe in ([], ["--probe=raw"]):
        r, w = os.pipe()
        p = subprocess.Popen([STROBE, "-d"] + probe + args + ["--", PYTHON, "-c", code],
                             stdin=r, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        os.close(r)
        head = []
        try:
            # the command waits for a line: strobe's -d says when it runs
            while True:
                line = p.stderr.readline()
                head.append(line)
                if not line or "seccomp filter in the command" in line:
                    break
            before = perf_fds(p.pid) + len([x for x in os.listdir("/proc/%d/fd" % p.pid)
                                            if "bpf_link" in os.readlink(
                                                "/proc/%d/fd/%s" % (p.pid, x))])
            os.write(w, b"go\n")
        finally:
            os.close(w)
        out, err = p.communicate(timeout=30)
        err = "".join(head) + err
        check("attached at the first call the filter sends" in err,
              "%s: %s" % (probe, err))
        got = [x for x in err.splitlines() if x.startswith(("socket", "syscall_"))]
        expect = [x for x in want if probe or not x.startswith("syscall_")]
        check(norm(got) == norm(expect) and len(want) == 3,
              "%s: strobe %s, strace %s" % (probe, got, want))
        # no syscall probe before the first call: neither the per-syscall
        # path's perf events nor the raw path's two links (the others'
        # links are 4: exit, exec, signals)
        check(before == 4, "%s: %d probes before the first call: %s"
              % (probe, before, err))


if __name__ == "__main__":
    sys.exit(run_tests(globals(), sys.argv[1:]))
