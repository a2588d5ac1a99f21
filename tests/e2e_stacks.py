#!/usr/bin/env python3
"""End-to-end tests of -k (each call's user stack) and -i (each call's
instruction pointer): the real strobe, the real BPF programs, a test
program built with and without frame pointers, compared with strace -k
and strace -i on the same program.

Prints one line per failure and "N passed, N failed".
"""
import os
import re
import subprocess
import sys
import tempfile

STROBE = os.environ.get("STROBE", "build/strobe")
BUILD = os.environ.get("BUILD", "build")
PROGS = os.path.join(BUILD, "tests", "progs")
SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "progs")
TIMEOUT = 120


class Fail(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Fail(msg)


def prog(name):
    return os.path.abspath(os.path.join(PROGS, name))


def run(argv, **kw):
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    kw.setdefault("timeout", TIMEOUT)
    return subprocess.run(argv, **kw)


PREFIX = re.compile(r"^(?:\[pid\s+\d+\] |\d+\s+)")
FRAME = re.compile(r"^ > (.*?)\((.*)\) \[0x[0-9a-f]+\](?: (.*))?$")


def events(text):
    """strace -k text -> [(event, [frames])]: the event is the call's name
    (or the signal's, or the exit line), each frame (object, function) with
    the addresses and offsets left out.  strace's libunwind prints an
    outermost frame without a symbol as "(+0x0)" or "()" from one stack to
    the next; both mean no symbol."""
    out = []
    for raw in text.splitlines():
        line = PREFIX.sub("", raw)
        m = FRAME.match(line)
        if m:
            func = m.group(2)
            func = "" if func.startswith("+") else func.split("+")[0]
            if out:
                out[-1][1].append((m.group(1), func))
            continue
        if line.startswith("strace: ") or line.startswith("strobe: "):
            continue
        if line.startswith("+++"):
            name = "+++"
        elif line.startswith("--- "):
            name = line.split()[1]
        else:
            name = line.split("(")[0]
        out.append([name, []])
    return out


def stacks_of(text):
    """The stacks by event, in order per event name (threads interleave
    differently from run to run; each name's sequence does not)."""
    by = {}
    for name, frames in events(text):
        if frames:
            by.setdefault(name, []).append(frames)
    return by


def compare_with_strace(argv, trace, extra=()):
    s = run(["strace", "-f", "-k", "-e", "trace=" + trace] + list(extra) + argv)
    o = run([STROBE, "-f", "-k", "-e", "trace=" + trace] + list(extra) + argv)
    # (a death by signal N: strace dies of it too, strobe may say 128+N)
    check(o.returncode == s.returncode or o.returncode == 128 - s.returncode,
          f"exit status {o.returncode}, strace's {s.returncode}: {o.stderr[-300:]}")
    want, got = stacks_of(s.stderr), stacks_of(o.stderr)
    check(want, "strace -k printed no stacks:\n" + s.stderr[:1000])
    for name in sorted(set(want) | set(got)):
        w, g = want.get(name, []), got.get(name, [])
        check(len(w) == len(g), f"{name}: {len(g)} stacks, strace {len(w)}:\n{o.stderr}")
        for i, (a, b) in enumerate(zip(w, g)):
            check(a == b, f"{name} #{i}: frames differ\nstrace: {a}\nstrobe: {b}")
    return o


def test_k_matches_strace_without_frame_pointers():
    # calls from the program's own functions, a libc callback (qsort), a
    # second thread, the exec's new image and exit_group
    o = compare_with_strace([prog("stackcalls-nofp")], "execve,write,getppid,exit_group")
    for f in ("inner", "middle", "outer", "worker", "compare", "sorter", "main"):
        check(f"({f}+0x" in o.stderr, f"no frame {f} in:\n{o.stderr}")


def test_k_matches_strace_with_frame_pointers():
    compare_with_strace([prog("stackcalls")], "write,getppid,exit_group")


def test_k_signal_matches_strace():
    # the stack where a signal is delivered (a handler, and a fatal one);
    # a handled signal's mappings come from /proc (the kernel cannot walk
    # them where signals are delivered): the shell stays a moment
    compare_with_strace(["/bin/sh", "-c",
                         "trap 'echo h' USR2; kill -USR2 $$; sleep 0.5; kill -USR1 $$"],
                        "none")


def text_mappings(maps_text, name):
    out = []
    for line in maps_text.splitlines():
        f = line.split()
        if len(f) >= 6 and f[1][2] == "x" and f[5].endswith(name):
            lo, hi = (int(x, 16) for x in f[0].split("-"))
            out.append((lo, hi))
    return out


IP = re.compile(r"^(?:\[pid\s+\d+\] )?\[([0-9a-f?]{16})\] (\S+?)\(")


def test_i_addresses_in_text_mapping():
    with tempfile.TemporaryDirectory() as d:
        maps = os.path.join(d, "maps")
        o = run([STROBE, "-f", "-i", "-e", "trace=write,getppid,exit_group",
                 prog("stackcalls-nofp"), maps])
        check(o.returncode == 0, o.stderr)
        libc = text_mappings(open(maps).read(), "/libc.so.6")
        check(libc, "no libc text mapping in the program's maps")
        ips = [(m.group(2), m.group(1)) for m in map(IP.match, o.stderr.splitlines()) if m]
        check(len(ips) >= 5, "too few -i lines:\n" + o.stderr)
        for name, ip in ips:
            check(ip != "?" * 16, f"{name} without an address:\n{o.stderr}")
            check(any(lo <= int(ip, 16) < hi for lo, hi in libc),
                  f"{name} at {ip}: not in libc's text {libc}")
        check("[????????????????] +++ exited with 0 +++" in o.stderr,
              "the exit line should have no address, as strace's:\n" + o.stderr)
        # strace -i on the same program: the same instructions, so the same
        # offsets in their pages whatever the load address
        s = run(["strace", "-f", "-i", "-e", "trace=write,getppid,exit_group",
                 prog("stackcalls-nofp"), maps + "2"])
        sips = [(m.group(2), m.group(1)) for m in map(IP.match, s.stderr.splitlines()) if m]
        want = sorted((n, int(i, 16) & 0xfff) for n, i in sips)
        got = sorted((n, int(i, 16) & 0xfff) for n, i in ips)
        check(want == got, f"page offsets differ\nstrace: {want}\nstrobe: {got}")


def test_k_record_report():
    with tempfile.TemporaryDirectory() as d:
        data = os.path.join(d, "k.data")
        r = run([STROBE, "record", "-o", data, "-f", "-k", "-e", "trace=write,getppid",
                 prog("stackcalls-nofp")])
        check(r.returncode == 0, r.stderr)
        live = run([STROBE, "-f", "-k", "-e", "trace=write,getppid", prog("stackcalls-nofp")])
        rep = run([STROBE, "report", "-k", data])
        check(rep.returncode == 0, rep.stderr)
        check(stacks_of(rep.stdout + rep.stderr) == stacks_of(live.stderr),
              f"report -k differs from the live trace:\n{rep.stdout}\n---\n{live.stderr}")
        plain = run([STROBE, "report", data])
        check(" > " not in plain.stdout, "stacks without -k:\n" + plain.stdout)
        r = run([STROBE, "record", "-o", data, "-e", "trace=write", prog("stackcalls")])
        rep = run([STROBE, "report", "-k", data])
        check("holds no stacks" in rep.stderr, "no note about missing stacks: " + rep.stderr)


def test_kk_source_lines():
    src = open(os.path.join(SRC, "stackcalls.c")).read().splitlines()
    want = {}
    for i, line in enumerate(src, 1):
        if "sink += write(1, s, strlen(s));" in line:
            want["inner"] = i
        if line.strip() == "inner(s);":
            want["middle"] = i
        if line.strip() == "middle(s);":
            want["outer"] = i
    o = run([STROBE, "-kk", "-e", "trace=write", prog("stackcalls-nofp")])
    check(o.returncode == 0, o.stderr)
    got = {}
    for line in o.stderr.splitlines():
        m = FRAME.match(line)
        if m and m.group(3) and m.group(3).split(":")[0].endswith("stackcalls.c"):
            got.setdefault(m.group(2).split("+")[0], int(m.group(3).rsplit(":", 1)[1]))
    for f, n in want.items():
        check(got.get(f) == n, f"{f}: line {got.get(f)}, the source says {n}\n{o.stderr}")


def test_k_options():
    r = run([STROBE, "--stack-size=100", "-k", "true"])
    check(r.returncode == 1 and r.stderr.count("\n") == 1 and "stack-size" in r.stderr,
          r.stderr)
    r = run([STROBE, "-c", "-k", "true"])
    check(r.returncode == 0 and "-k/--stack-traces has no effect with -c" in r.stderr, r.stderr)
    r = run([STROBE, "-k", "--json", "true"])
    check(r.returncode == 1 and r.stderr.count("\n") == 1 and "--json" in r.stderr, r.stderr)
    # --interval took over strobe's old -i
    r = run([STROBE, "--interval=0.5", "-c", "true"])
    check(r.returncode == 0, r.stderr)


def test_k_small_stack_size():
    # a copy too small to reach main still gives the innermost frames
    r = run([STROBE, "--stack-size=512", "-k", "-e", "trace=write", prog("stackcalls-nofp")])
    check(r.returncode == 0, r.stderr)
    check("(inner+0x" in r.stderr, r.stderr)


def test_k_says_when_a_stack_is_deeper_than_the_copy():
    """A call under a frame larger than the copy: the frames below it are
    missing, and strobe says how many stacks were cut, on stderr (the
    trace stays strace's); a shallow one is not counted."""
    r = run([STROBE, "-k", "-e", "trace=getppid", "-o", "/dev/null", prog("bigframe"), "deep"])
    check(r.returncode == 0 and re.search(r"1 call stacks deeper than the \d+ bytes copied",
                                          r.stderr), r.stderr)
    r = run([STROBE, "-k", "-e", "trace=getppid", "-o", "/dev/null", prog("bigframe")])
    check(r.returncode == 0 and "deeper than" not in r.stderr, r.stderr)


def main():
    tests = [(n, f) for n, f in sorted(globals().items()) if n.startswith("test_")]
    if len(sys.argv) > 1:
        tests = [(n, f) for n, f in tests if n in sys.argv[1:]]
    passed = failed = 0
    for name, f in tests:
        try:
            f()
            passed += 1
        except Fail as e:
            failed += 1
            print(f"FAIL {name}: {e}")
        except subprocess.TimeoutExpired as e:
            failed += 1
            print(f"FAIL {name}: timeout: {e}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
