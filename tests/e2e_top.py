#!/usr/bin/env python3
"""End-to-end tests of strobe top: tables (stdout not a terminal) whose
counts add up to what a known program did, and the full-screen view in a
real terminal (tmux: send-keys types, capture-pane reads the screen)."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import STROBE, check, run, run_tests  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PY = "/usr/bin/python3"
# 1000 getppid calls and 500 failing openat, then a quiet wait
CALLS = ("import os, time\n"
         "for _ in range(1000): os.getppid()\n"
         "for _ in range(500):\n"
         "    try: os.open('/nonexistent/strobe-top', os.O_RDONLY)\n"
         "    except OSError: pass\n"
         "time.sleep(%s)\n")


def running(*words):
    """Pids of live processes whose command line holds every word."""
    pids = []
    for d in os.listdir("/proc"):
        try:
            argv = open("/proc/%s/cmdline" % d, "rb").read().split(b"\0")
            state = open("/proc/%s/stat" % d).read().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        args = [a.decode(errors="replace") for a in argv]
        if state != "Z" and all(w in args for w in words):
            pids.append(int(d))
    return pids


def check_command_ended(*words):
    """q ended the command strobe top ran (py-spy's q kills its child; it
    used to go on with init as its parent)."""
    end = time.time() + 5
    while time.time() < end and running(*words):
        time.sleep(0.1)
    check(not running(*words), "the command still runs after q: %s" % running(*words))


def tables(out):
    """Each table: (seconds, {name: (calls/s, errors/s, p50, p99, max)})."""
    res = []
    for block in out.split("\n\n"):
        lines = block.strip().splitlines()
        if not lines or not lines[0].startswith("strobe top"):
            continue
        m = re.search(r"  ([\d.]+) s  ", lines[0])
        rows = {}
        for l in lines[2:]:
            f = l.split()
            if len(f) >= 6 and re.match(r"^\d+$", f[-5]):
                rows[" ".join(f[:-5])] = (float(f[-5]), float(f[-4]), f[-3], f[-2], f[-1])
        res.append((float(m.group(1)), rows))
    return res


def test_top_counts_add_up():
    """-b -e: the rows are the selected calls, and calls/s x seconds over
    the tables adds up to the calls the program made (1000, 500 failing)."""
    r = run([STROBE, "top", "-b", "--interval=0.5", "-n", "4", "-e", "trace=getppid,openat",
             "--", PY, "-c", CALLS % "1.5"], timeout=60)
    check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr))
    t = tables(r.stdout)
    check(len(t) >= 2, r.stdout)
    names = set(n for _, rows in t for n in rows)
    check(names <= {"getppid", "openat"} and "getppid" in names, names)
    # the interval's length is printed to 0.01 s
    got = sum(rows.get("getppid", (0,))[0] * secs for secs, rows in t)
    check(abs(got - 1000) <= 120, "getppid: %.0f calls, expected 1000\n%s" % (got, r.stdout))
    err = sum(rows.get("openat", (0, 0))[1] * secs for secs, rows in t)
    check(abs(err - 500) <= 60, "openat errors: %.0f, expected 500 (python opens files "
          "too, but they exist)\n%s" % (err, r.stdout))
    for secs, rows in t:
        for name, (calls, errors, p50, p99, mx) in rows.items():
            check(all(re.match(r"^[\d.]+(ns|us|ms|s)$", x) for x in (p50, p99, mx)), rows)


def test_top_by_process():
    """--by=process: one row for the command, its pid and name."""
    p = subprocess.Popen([PY, "-c", "import os, time\nwhile True:\n    os.getppid()\n"
                          "    time.sleep(0.001)\n"])
    try:
        r = run([STROBE, "top", "-b", "-n", "2", "--by=process", "-e", "trace=getppid",
                 "-p", str(p.pid)], timeout=30)
        check(r.returncode == 0, r.stderr)
        t = tables(r.stdout)
        check(t and all(str(p.pid) + " python3" in rows for _, rows in t), r.stdout)
        check(p.poll() is None, "the process did not survive")
    finally:
        p.kill()
        p.wait()


def test_top_errors():
    for args in (["--by=thread"], ["--sort=size"], ["--interval=0"], ["-n", "0"],
                 ["--off-cpu"], ["--gil"], ["-p", "999999"], ["-e", "trace=nosuchcall"],
                 ["--", "/nonexistent/cmd"]):
        r = run([STROBE, "top", "-b", "-n", "1"] + args, timeout=30)
        check(r.returncode != 0 and len(r.stderr.strip().splitlines()) == 1,
              "%s: exit %d: %r" % (args, r.returncode, r.stderr))


class Tmux:
    """A detached tmux server of its own, an 100x30 window."""

    count = 0

    def __init__(self, d):
        Tmux.count += 1     # a server of its own each time: no reuse race
        self.sock = os.path.join(d, "tmux%d.sock" % Tmux.count)
        self.d = d

    def tmux(self, *args):
        return subprocess.run(["tmux", "-S", self.sock] + list(args), capture_output=True,
                              text=True)

    def start(self, cmd, env=""):
        done = os.path.join(self.d, "exit%d" % Tmux.count)
        self.tmux("new-session", "-d", "-x", "100", "-y", "30",
                  "%s %s; echo $? > %s; sleep 30" % (env, cmd, done))
        return done

    def screen(self, escapes=False):
        return self.tmux("capture-pane", "-p", *(["-e"] if escapes else [])).stdout

    def wait_for(self, pattern, timeout=15):
        end = time.time() + timeout
        while time.time() < end:
            s = self.screen()
            if re.search(pattern, s):
                return s
            time.sleep(0.2)
        raise AssertionError("not on the screen: %r\n%s" % (pattern, self.screen()))

    def keys(self, *k):
        self.tmux("send-keys", *k)

    def kill(self):
        self.tmux("kill-server")


def with_tmux(fn):
    if not shutil.which("tmux"):
        print("SKIP: no tmux (scripts/deps.sh installs it)")
        return
    with tempfile.TemporaryDirectory() as d:
        t = Tmux(d)
        try:
            fn(t)
        finally:
            t.kill()


LOOP = ("import os, time\nwhile True:\n    os.getppid()\n    try: os.open('/nonexistent/x', 0)\n"
        "    except OSError: pass\n    time.sleep(0.0005)\n")


def test_top_terminal_keys():
    """In a terminal: the full screen, then b (by process), / (filter),
    s (sort), space (pause), q (quit: the shell's screen comes back)."""
    def body(t):
        loop = os.path.join(t.d, "loop.py")
        open(loop, "w").write(LOOP)
        done = t.start("%s top -e trace=getppid,openat,clock_nanosleep -- %s %s" % (
            os.path.abspath(STROBE), PY, loop))
        s = t.wait_for(r"SYSCALL +CALLS/s.*\n(.*\n)*getppid +\d+")
        check("by syscall  sort calls" in s and "q quit" in s, s)
        check(re.search(r"openat +\d+ +\d+", s), s)
        t.keys("b")
        s = t.wait_for(r"PID COMMAND")
        check(re.search(r"\d+ python3 +\d+", s), s)
        t.keys("b", "/", "g", "e", "t", "p", "Enter")
        s = t.wait_for(r"filter: getp")
        rows = [l.split()[0] for l in s.splitlines()[2:] if re.match(r"^[a-z_]+ +\d", l)]
        check(rows == ["getppid"], "after the filter: %s\n%s" % (rows, s))
        t.keys("Escape", "s")
        t.wait_for(r"sort errors")
        t.keys("Space")
        s = t.wait_for(r"PAUSED")
        first = s.splitlines()[0]
        time.sleep(1.5)
        check(t.screen().splitlines()[0] == first, "the paused screen changed")
        t.keys("Space")
        t.wait_for(r"sort errors")
        t.keys("q")
        end = time.time() + 10
        while time.time() < end and not os.path.exists(done):
            time.sleep(0.1)
        check(open(done).read().strip() == "0", "exit %r" % open(done).read())
        check("SYSCALL" not in t.screen(), "the alternate screen stayed:\n" + t.screen())
        check_command_ended(PY, loop)
    with_tmux(body)


def test_top_no_color():
    """The header is in reverse video, unless NO_COLOR is set."""
    def body(t, env):
        t.start("%s top -e trace=getppid -- %s -c 'import os, time\nwhile 1: os.getppid(); "
                "time.sleep(0.01)'" % (os.path.abspath(STROBE), PY), env)
        t.wait_for(r"SYSCALL")
        return t.screen(escapes=True)
    with tempfile.TemporaryDirectory() as d:
        if not shutil.which("tmux"):
            print("SKIP: no tmux")
            return
        for env, want in (("", True), ("NO_COLOR=1", False)):
            t = Tmux(d)
            try:
                s = body(t, env)
                line = [l for l in s.splitlines() if "SYSCALL" in l][0]
                check(("\033[7m" in line) == want, "%s: %r" % (env or "colour", line))
            finally:
                t.kill()


def test_top_profile_terminal():
    """--profile in a terminal: Python functions by own and total share."""
    def body(t):
        done = t.start("%s top --profile -- %s %s chain 20.25" % (
            os.path.abspath(STROBE), PY, os.path.join(HERE, "scripts", "pywork.py")))
        s = t.wait_for(r"spin \(pywork\.py\)")
        m = re.search(r"([\d.]+)% +([\d.]+)% +spin \(pywork\.py\)", s)
        check(m and float(m.group(2)) > 50, s)
        t.keys("s")
        s = t.wait_for(r"sort total(.*\n)+.*main \(pywork\.py\)")
        m = re.search(r"([\d.]+)% +([\d.]+)% +main \(pywork\.py\)", s)
        check(m and float(m.group(2)) > 50, s)
        t.keys("q")
        end = time.time() + 10
        while time.time() < end and not os.path.exists(done):
            time.sleep(0.1)
        check(os.path.exists(done), "strobe top did not quit")
        check_command_ended(PY, os.path.join(HERE, "scripts", "pywork.py"), "20.25")
    with_tmux(body)


if __name__ == "__main__":
    sys.exit(run_tests(globals(), sys.argv[1:]))
