#!/usr/bin/env python3
"""End-to-end tests of user-space probes: the probe engine through
--event uprobe:/uretprobe:/usdt:, --list, strobe ltrace and strobe
sslsniff, with real BPF on real programs (tests/progs/libcalls.c built
four ways, CPython's USDT markers, a TLS exchange in Python), compared
with the reference tools: readelf, bpftrace 0.17 and ltrace 0.7."""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import PYTHON, STROBE, check, prog, run, run_tests  # noqa: E402

LIBC = "/lib/x86_64-linux-gnu/libc.so.6"
PY311 = "/usr/bin/python3.11"


def bpftrace(program, cmd):
    """bpftrace's output lines (it cannot detach its USDT probes without
    tracefs here and says so; its output is complete before that)."""
    r = run(["bpftrace", "-e", program, "-c", cmd], timeout=120)
    return [l for l in r.stdout.splitlines() if l and not l.startswith("Attaching")]


def lib_lines(text):
    return [l for l in text.splitlines() if not l.startswith("strobe")]


def test_list_uprobes_match_readelf():
    r = run([STROBE, "--list", "uprobe:libc:*alloc*"])
    check(r.returncode == 0, r.stderr)
    names = {l.rsplit(":", 1)[1] for l in r.stdout.splitlines()}
    check(all(l.startswith("uprobe:%s:" % LIBC) for l in r.stdout.splitlines()), r.stdout)
    # readelf's defined functions matching the glob, by address: strobe
    # lists one name per address
    out = run(["readelf", "-Ws", "--dyn-syms", LIBC]).stdout
    byaddr = {}
    for l in out.splitlines():
        f = l.split()
        if len(f) >= 8 and f[3] in ("FUNC", "IFUNC") and f[6] != "UND" and "alloc" in f[7]:
            byaddr.setdefault(int(f[1], 16), set()).add(f[7].split("@")[0])
    for want in ("malloc", "calloc", "realloc"):
        check(want in names, "%s missing from %s" % (want, sorted(names)))
    for addr, aliases in byaddr.items():
        if not aliases & {"malloc", "calloc", "realloc", "reallocarray"}:
            continue
        check(len(aliases & names) == 1, "%x %s: %s" % (addr, aliases, sorted(names)))


def test_list_usdt_python_matches_bpftrace():
    r = run([STROBE, "--list", "usdt:%s:*" % PY311])
    check(r.returncode == 0, r.stderr)
    mine = set(r.stdout.splitlines())
    ref = set(run(["bpftrace", "-l", "usdt:%s:*" % PY311]).stdout.splitlines())
    check(mine == ref and len(mine) >= 8, "strobe %s\nbpftrace %s" % (sorted(mine), sorted(ref)))


def test_list_errors():
    for spec, what in (("uprobe:libnosuchlib:*", "no library 'libnosuchlib'"),
                       ("usdt:/bin/true:*", "no USDT markers"),
                       ("uprobe:libc:no_such_function_xyz", "no function matching"),
                       ("kprobe:x:y", "unknown probe type")):
        r = run([STROBE, "--list", spec])
        lines = r.stderr.strip().splitlines()
        check(r.returncode == 1 and len(lines) == 1 and what in lines[0],
              "%s: exit %d %r" % (spec, r.returncode, r.stderr))


def test_event_uprobe_counts_like_bpftrace():
    n = 7
    r = run([STROBE, "--no-syscalls", "--event", "uprobe:libc:strtol", "--",
             prog("libcalls"), str(n)])
    check(r.returncode == 0, r.stderr)
    hits = [l for l in r.stderr.splitlines() if ":strtol(" in l]
    check(len([l for l in hits if 's="12345"' in l]) == n and
          len([l for l in hits if 's="42"' in l]) == 1 and
          all("base=10" in l for l in hits), "\n".join(hits))
    # every call, also atol's own: as many as bpftrace counts
    ref = bpftrace('uprobe:%s:strtol /pid == cpid/ { @ = count(); }' % LIBC,
                   "%s %d" % (prog("libcalls"), n))
    check(any(l.strip() == "@: %d" % len(hits) for l in ref), "bpftrace: %r, strobe %d"
          % (ref, len(hits)))


def test_event_uretprobe_and_syscalls_in_order():
    r = run([STROBE, "-e", "trace=openat", "--event", "uprobe:libc:open",
             "--event", "uretprobe:libc:open", "--", prog("libcalls")])
    check(r.returncode == 0, r.stderr)
    lines = [l for l in r.stderr.splitlines() if "/dev/null" in l or ":open(" in l]
    # the library call's entry, the syscall it makes, its return: in order;
    # open's flags decoded as openat's
    check(len(lines) == 3 and 'open(path="/dev/null", flags=O_WRONLY|O_APPEND)' in lines[0]
          and lines[1].startswith('openat(AT_FDCWD, "/dev/null", O_WRONLY|O_APPEND) = 3')
          and lines[2].endswith(":open(retval=3)"), "\n".join(lines))


def test_event_usdt_python_like_bpftrace():
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write("def g():\n    return sum(x for x in range(3))\nimport json\ng()\n")
    try:
        r = run([STROBE, "--no-syscalls", "--event",
                 "usdt:%s:python:function__entry" % PY311, "--event",
                 "usdt:%s:python:import__find__load__done" % PY311, "--", PYTHON, f.name])
        check(r.returncode == 0, r.stderr)
        mine = re.findall(r'function__entry\(filename="([^"]*)", funcname="([^"]*)", '
                          r'lineno=(\d+)\)', r.stderr)
        ref = bpftrace('usdt:%s:python:function__entry /pid == cpid/ '
                       '{ printf("%%s %%s %%d\\n", str(arg0), str(arg1), arg2); }' % PY311,
                       "%s %s" % (PYTHON, f.name))
        # CPython 3.11 fires function__entry for few frames (generators
        # of its own modules here); both tools must see the same ones
        check(ref and [" ".join(m) for m in mine] == ref,
              "strobe %r\nbpftrace %r" % (mine, ref))
        check('import__find__load__done(modulename="json", found=1)' in r.stderr,
              r.stderr[-2000:])
    finally:
        os.unlink(f.name)


def ltrace_calls(text):
    """(function, result) of each completed call line, ltrace's format."""
    out = []
    for l in text.splitlines():
        m = re.match(r"^(?:\S+->)?([A-Za-z_]\w*)\(.*\)\s+= (\S+)", l) or \
            re.match(r"^<\.\.\. (\w+) resumed> \)\s+= (\S+)", l)
        if m:
            out.append((m.group(1), m.group(2)))
    return out


def test_ltrace_like_ltrace():
    ref = run(["ltrace", prog("libcalls")])
    mine = run([STROBE, "ltrace", prog("libcalls")])
    check(mine.returncode == 0, mine.stderr)
    # strcmp (an IFUNC whose AVX2 choice starts with an instruction the
    # kernel cannot probe) is probed at the program's PLT stub: all match
    r_calls = ltrace_calls(ref.stderr)
    m_calls = ltrace_calls(mine.stderr)
    # pointers differ from run to run
    norm = [(f, "P" if v.startswith("0x") else v) for f, v in r_calls]
    check([(f, "P" if v.startswith("0x") else v) for f, v in m_calls] ==
          norm,
          "ltrace %r\nstrobe %r" % (r_calls, m_calls))
    check("strcmp" in [c[0] for c in m_calls] and not mine.stderr.startswith("strobe"),
          mine.stderr)
    check(re.search(r'^puts\("hello from libcalls"\) {22}= 20$', mine.stderr, re.M),
          mine.stderr)
    check(mine.stderr.rstrip().endswith("+++ exited (status 0) +++"), mine.stderr)


def test_ltrace_where_ltrace_sees_nothing():
    base = ltrace_calls(run([STROBE, "ltrace", prog("libcalls")]).stderr)
    for v in ("noplt", "now", "ibt"):
        mine = run([STROBE, "ltrace", prog("libcalls-" + v)])
        # -fno-plt: strcmp's entry cannot be probed (AVX) and there is no
        # PLT stub to take it: said in one line
        want = [c[0] for c in base if v != "noplt" or c[0] != "strcmp"]
        check([c[0] for c in ltrace_calls(mine.stderr)] == want and
              (v != "noplt" or "not traced: strcmp" in mine.stderr.splitlines()[0]),
              "%s: %r" % (v, mine.stderr))
    # -fno-plt: ltrace 0.7 shows no call at all
    ref = run(["ltrace", prog("libcalls-noplt")])
    check(not ltrace_calls(ref.stderr), ref.stderr)


def test_ltrace_filters_and_count():
    n = 50
    # strtol: n times and once for "42"; atol's tail call to it (its
    # return address is the program's) is not the program's call, as
    # ltrace (which sees the PLT) says too
    r = run([STROBE, "ltrace", "-e", "strtol+open", "-T", "--", prog("libcalls"), str(n)])
    calls = ltrace_calls(r.stderr)
    ref = run(["ltrace", "-e", "strtol+open", prog("libcalls"), str(n)]).stderr
    check({c[0] for c in calls} == {"strtol", "open"} and
          len(calls) == n + 2 == count_calls(ref, "strtol") + count_calls(ref, "open"), r.stderr)
    check(all(re.search(r" <\d+\.\d{6}>$", l) for l in r.stderr.splitlines()
              if l.startswith("libcalls->strtol(")), r.stderr)
    # with -e, each call is named after the file it came from, as ltrace does
    prefixes = lambda t: {l.split("->")[0] for l in t.splitlines()
                          if re.match(r"^\S+->(strtol|open)\(", l)}
    check(prefixes(r.stderr) == prefixes(ref) == {"libcalls"}, "strobe %r, ltrace %r" % (
        prefixes(r.stderr), prefixes(ref)))
    r = run([STROBE, "ltrace", "-e", "*-strtol-puts", prog("libcalls"), "3"])
    names = {c[0] for c in ltrace_calls(r.stderr)}
    check("strtol" not in names and "puts" not in names and "malloc" in names, r.stderr)
    r = run([STROBE, "ltrace", "-c", "-e", "strtol", prog("libcalls"), str(n)])
    row = [l for l in r.stderr.splitlines() if re.search(r"\sstrtol\s", l)]
    check(r.returncode == 0 and row and int(row[0].split()[3]) == n + 1, r.stderr)
    check("function" in r.stderr and "p99" in r.stderr, r.stderr)


def count_calls(text, name):
    """Calls of name in ltrace's lines (with or without its LIB-> prefix)."""
    return len(re.findall(r"^(?:\S+->)?%s\(" % name, text, re.M))


def test_ltrace_callsite_names():
    """A call is named by the GOT slot the program's call went through:
    memcpy is probed at the version programs bind to (memcpy@@GLIBC_2.14,
    not the old memcpy@GLIBC_2.2.5) and not shown as memmove, its alias
    at the same address; realloc(NULL, n) jumping to malloc inside libc
    is one call, realloc (ltrace sees the PLT: the same counts)."""
    ref = run(["ltrace", "-e", "memcpy+memmove", "ls", "/"]).stderr
    for args in (["-e", "memcpy"], ["-e", "memcpy+memmove"], []):
        mine = run([STROBE, "ltrace"] + args + ["--", "ls", "/"]).stderr
        check(count_calls(mine, "memcpy") == count_calls(ref, "memcpy") > 0, "%r: %s" % (args, mine[-3000:]))
        check(count_calls(mine, "memmove") == count_calls(ref, "memmove"), "%r: %s" % (args, mine[-3000:]))
    # ltrace also shows libc's own calls (libc.so.6->realloc): the program's are git->
    ref = run(["ltrace", "-e", "malloc+realloc", "git", "--version"]).stderr
    want = {f: len(re.findall(r"^git->%s\(" % f, ref, re.M)) for f in ("malloc", "realloc")}
    check(want["malloc"] > 0 and want["realloc"] > 0, ref)
    mine = run([STROBE, "ltrace", "-e", "malloc", "--", "git", "--version"]).stderr
    check(count_calls(mine, "malloc") == want["malloc"], "%r\n%s" % (want, mine))
    mine = run([STROBE, "ltrace", "-c", "-e", "malloc+realloc", "--", "git", "--version"]).stderr
    rows = {l.split()[-5]: int(l.split()[3]) for l in mine.splitlines()
            if re.search(r"\s(malloc|realloc)\s", l)}
    check(rows == want, "%r\n%s" % (want, mine))


def results(text, names):
    """(function, result) of the calls of names, ltrace's lines with or
    without their LIB-> prefix."""
    return [(m.group(1), m.group(2)) for m in
            re.finditer(r"^(?:\S+->)?(%s)\(.*\)\s+= (\S+)$" % "|".join(names), text, re.M)]


def test_ltrace_results_like_ltrace():
    """Results of functions libc writes in assembly (their DWARF type is
    unspecified, not a pointer) and of functions without a prototype
    (zlib's, no debug info): ids and status codes as ltrace prints them,
    not NULL."""
    ids = ["getuid", "geteuid", "getgid", "getegid"]
    ref = results(run(["ltrace", "-e", "+".join(ids), "id"]).stderr, ids)
    mine = results(run([STROBE, "ltrace", "-e", "+".join(ids), "--", "id"]).stderr, ids)
    check(len(ref) >= 4 and mine == ref, "ltrace %r\nstrobe %r" % (ref, mine))
    z = ["deflateInit2_", "deflateEnd"]
    cmd = [PY311, "-c", "import zlib; zlib.compress(b'x' * 100)"]
    ref = results(run(["ltrace", "-e", "+".join(z)] + cmd).stderr, z)
    mine = results(run([STROBE, "ltrace", "-e", "+".join(z), "--"] + cmd).stderr, z)
    check(ref == [("deflateInit2_", "0"), ("deflateEnd", "0")] and mine == ref,
          "ltrace %r\nstrobe %r" % (ref, mine))


def test_ltrace_follows_exec():
    """env runs ls: the calls after ltrace's `--- Called exec() ---` are
    ls's, the same as ltrace shows; with -f, a filter that matches nothing
    in sh (dash imports no getenv) applies to the programs it runs."""
    d = os.path.dirname(os.path.abspath(__file__))
    fns = "execvp+setlocale+bindtextdomain+textdomain+opendir+closedir"
    names = lambda text: [re.sub(r"^\S+->", "", l).split("(")[0] for l in text.splitlines()
                          if re.match(r"^(\S+->)?\w+\(", l) or l == "--- Called exec() ---"]
    ref = run(["ltrace", "-e", fns, "env", "ls", d]).stderr
    mine = run([STROBE, "ltrace", "-e", fns, "--", "env", "ls", d])
    check(mine.returncode == 0 and names(mine.stderr) == names(ref) and
          "--- Called exec" in names(ref) and "closedir" in names(ref),
          "ltrace %r\nstrobe %r" % (names(ref), names(mine.stderr)))
    check(re.search(r'^env->execvp\("ls", .* <no return \.\.\.>$', mine.stderr, re.M), mine.stderr)
    # after the exec, the program's new name (ltrace keeps the old one)
    check(re.search(r'^ls->opendir\(', mine.stderr, re.M), mine.stderr)
    # ls's own error goes elsewhere: written in two pieces, it could cut a
    # line of the trace on the shared stderr
    cmd = ["sh", "-c", "ls /no/such 2>/dev/null"]
    ref = run(["ltrace", "-f", "-e", "getenv"] + cmd).stderr
    mine = run([STROBE, "ltrace", "-f", "-e", "getenv", "--"] + cmd)
    want = len(re.findall(r"getenv\(", ref))
    check(mine.returncode == 2 and want > 3 and len(re.findall(r"^\[pid \d+\] \S+->getenv\(",
          mine.stderr, re.M)) == want, "ltrace %d\n%s" % (want, mine.stderr))


def test_ltrace_vdso_calls_at_the_plt():
    """time() and gettimeofday() are IFUNCs whose choice is the vDSO's
    code, in no file: probed at the program's PLT stubs, they show as
    ltrace shows them; --list says why libc has none to list."""
    ref = results(run(["ltrace", prog("vdsocalls")]).stderr, ["time", "gettimeofday"])
    r = run([STROBE, "ltrace", "--", prog("vdsocalls")])
    mine = results(r.stderr, ["time", "gettimeofday"])
    secs = lambda calls: [(f, "T" if f == "time" else v) for f, v in calls]	# time goes on
    check(r.returncode == 0 and len(ref) == 5 and secs(mine) == secs(ref),
          "ltrace %r\nstrobe %r" % (ref, r.stderr))
    r = run([STROBE, "--list", "uprobe:libc:gettimeofday*"])
    check(r.returncode != 0 and "IFUNC" in r.stderr and "vDSO" in r.stderr and
          "stripped" not in r.stderr, r.stderr)


def test_ltrace_signals_like_trace_mode():
    """SIGTERM to strobe ltrace with a command that ignores it: as the
    trace mode (and strace), the signal is passed on, strobe does not wait
    for the command and dies of it."""
    import signal
    import time
    marker = "strobe-sigtest-%d" % os.getpid()
    cmd = [PY311, "-c", "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
           "signal.signal(signal.SIGINT, signal.SIG_IGN); print('ready', flush=True); "
           "time.sleep(60)", marker]
    codes = []
    for mode in (["-e", "trace=none"], ["ltrace", "-e", "getenv"]):
        p = subprocess.Popen([STROBE] + mode + ["--"] + cmd, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
        check(p.stdout.readline().strip() == "ready", mode)
        p.send_signal(signal.SIGTERM)
        try:
            codes.append(p.wait(timeout=30))
        except subprocess.TimeoutExpired:
            p.kill()
            codes.append("hung in wait")
        for d in os.listdir("/proc"):	# the command, left running: by its marker
            try:
                c = open("/proc/%s/cmdline" % d, "rb").read() if d.isdigit() else b""
                if c.startswith(PY311.encode()) and marker.encode() in c:
                    os.kill(int(d), signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.1)
    check(codes == [-signal.SIGTERM, -signal.SIGTERM], codes)


def test_ltrace_forms_like_ltrace():
    """ltrace's forms: printf's variadic arguments (%s read by the kernel
    side), snprintf's output string, nil for a NULL string, 0 for a NULL
    pointer, `<no return ...>` for exit and exit_group: the same lines as
    ltrace's, with and without -S."""
    def lines(text):
        out = []
        for l in text.splitlines():
            if l.startswith("SYS_") and not l.startswith("SYS_exit_group"):
                continue
            l = re.sub(r"^\S+->", "", l)
            # ltrace shows a sigset_t's bits as <9> (SIGUSR1 - 1); strobe its address
            l = re.sub(r"\(<[\d ]*>,", "(P,", l)
            out.append(re.sub(r"0x[0-9a-f]+", "P", re.sub(r"\s+", " ", l)))
        return out
    fns = "printf+snprintf+getenv+fflush+exit+setlocale+sigaddset"
    for extra in ([], ["-S"]):
        ref = lines(run(["ltrace"] + extra + ["-e", fns, prog("ltforms")]).stderr)
        r = run([STROBE, "ltrace"] + extra + ["-e", fns, "--", prog("ltforms")])
        check(r.returncode == 3 and lines(r.stderr) == ref and
              any(l.startswith('printf("%d %s %ld %c %u|\\n", -42, "str", 7, \'x\', 3')
                  for l in ref) and
              any(l.startswith("exit(3 <") for l in ref) and
              'setlocale(LC_NUMERIC, nil) = "C"' in ref and "sigaddset(P, SIGUSR1) = 0" in ref,
              "%r\nltrace %r\nstrobe %r" % (extra, ref, lines(r.stderr)))
    r = run([STROBE, "ltrace", "-e", "sigprocmask", "--", prog("ltforms")])
    check(re.search(r"^ltforms->sigprocmask\(SIG_SETMASK, 0x[0-9a-f]+, 0\) += 0$", r.stderr, re.M),
          r.stderr)


def test_ltrace_l_shows_calls_inside_the_library():
    """-l LIB: LIB's functions called by the program and through any
    library's PLT, LIB's own included (ltrace's
    `libz.so.1->deflateResetKeep`), tail jumps through a PLT too
    (compress -> compress2, adler32 -> adler32_z: unfinished, then both
    resumed); not libc's own calls of its functions, which no PLT takes
    (printf's _IO_* work): the same calls as ltrace, nested the same way,
    and with -c the same counts.  -l libc.so.6: zlib's malloc, memcpy
    (its bytes with ltrace's escapes) and free, line for line."""
    cmd = [PY311, "-c", "import zlib; zlib.compress(b'x' * 100)"]
    shape = lambda t: [re.sub(r"\(.*|(?<=resumed>).*", "", l) for l in t.splitlines()
                       if re.match(r"^(\S+->)?\w+\(|^<\.\.\. ", l)]
    for c in (cmd, [prog("zcalls")]):
        ref = shape(run(["ltrace", "-l", "libz.so.1"] + c).stderr)
        r = run([STROBE, "ltrace", "-l", "libz.so.1", "--"] + c)
        check(r.returncode == 0 and "libz.so.1->deflateResetKeep" in ref and
              "libz.so.1->adler32_z" in ref and shape(r.stderr) == ref,
              "ltrace %r\nstrobe %r" % (ref, shape(r.stderr)))
    counts = lambda t: sorted(c for c in re.findall(r"^ *[\d.]+ +[\d.]+ +\d+ +(\d+) +(?:\d+ +)?(\w+)", t, re.M) if c[1] != "total")
    ref = counts(run(["ltrace", "-c", "-l", "libz.so.1", prog("zcalls")]).stderr)
    r = run([STROBE, "ltrace", "-c", "-l", "libz.so.1", "--", prog("zcalls")])
    check(len(ref) > 5 and counts(r.stderr) == ref, "ltrace %r\nstrobe %r" % (ref, r.stderr))
    mask = lambda t: [re.sub(r"0x[0-9a-f]+", "P", re.sub(r"\s+", " ", l)) for l in t.splitlines()]
    ref = mask(run(["ltrace", "-s", "80", "-l", "libc.so.6", prog("zcalls")]).stderr)
    r = run([STROBE, "ltrace", "-s", "80", "-l", "libc.so.6", "--", prog("zcalls")])
    check(r.returncode == 0 and mask(r.stderr) == ref and
          any(l.startswith(r'libz.so.1->memcpy(P, "\0\001\002\003') for l in ref),
          "ltrace %r\nstrobe %r" % (ref, mask(r.stderr)))


def test_ltrace_unknown_prototype_and_runpath():
    """A library found through the program's DT_RUNPATH ($ORIGIN), as a
    program run from a build tree finds it, and a function with no
    prototype: ltrace's four arguments and result, decimal from -10000 to
    10000 and hex beyond, line for line."""
    p = prog("guesscalls")
    ref = run(["ltrace", "-l", "libguess.so", p]).stderr
    r = run([STROBE, "ltrace", "-l", "libguess.so", "--", p])
    check(r.returncode == 1 and "guesscalls->guess(0, 1, -1, 10000)" in ref and
          "0xffffffffffffd8ef" in ref and r.stderr == ref, "ltrace %r\nstrobe %r" % (ref, r.stderr))


def test_ltrace_nested_unfinished():
    """qsort's comparator calls strcmp: with -x cmp, the program's own
    function shows inside qsort, which is then unfinished."""
    r = run([STROBE, "ltrace", "-e", "qsort", "-x", "cmp", prog("libcalls")])
    lines = lib_lines(r.stderr)
    check(lines[0].startswith("libcalls->qsort(") and lines[0].endswith("<unfinished ...>") and
          lines[1].startswith("cmp(") and
          any(l.startswith("<... qsort resumed> )") for l in lines), r.stderr)


def test_ltrace_follow_prefix():
    r = run([STROBE, "ltrace", "-f", "-e", "getenv+puts", "--", prog("libcalls")])
    got = [l for l in r.stderr.splitlines() if "getenv(" in l or "puts(" in l]
    check(r.returncode == 0 and len(got) == 2 and all(l.startswith("[pid ") for l in got),
          r.stderr)


def test_ltrace_errors():
    r = run([STROBE, "ltrace", "/no/such/program"])
    check(r.returncode == 1 and "not found" in r.stderr, r.stderr)  # as ltrace 0.7
    r = run([STROBE, "ltrace", "-x", "no_such_function", prog("libcalls")])
    check(r.returncode == 1 and "no function of" in r.stderr, r.stderr)
    r = run([STROBE, "ltrace"])
    check(r.returncode == 1 and len(r.stderr.splitlines()) == 1, r.stderr)


def test_ltrace_every_libc_function():
    """-e '*' on a program: every function it imports is attached (one
    uprobe_multi link per library and direction) and it runs normally."""
    r = run([STROBE, "ltrace", "-d", "-e", "*", "--", "/bin/ls", "/"])
    check(r.returncode == 0 and "functions probed (uprobe_multi)" in r.stderr, r.stderr[-800:])
    calls = ltrace_calls(r.stderr)
    check(len(calls) > 50 and len({c[0] for c in calls}) > 15, r.stderr[-1500:])


def test_nothing_left_attached():
    before = run(["bpftool", "link", "list"]).stdout.count("uprobe_multi")
    run([STROBE, "ltrace", "-e", "*", "/bin/true"])
    p = subprocess.Popen([STROBE, "ltrace", "-e", "*", "--", "sleep", "5"],
                         stderr=subprocess.DEVNULL)
    try:
        p.wait(timeout=1.5)
    except subprocess.TimeoutExpired:
        p.terminate()
        p.wait(timeout=30)
    after = run(["bpftool", "link", "list"]).stdout.count("uprobe_multi")
    check(after == before, "uprobe_multi links before %d, after %d" % (before, after))


# ltrace 0.7 names a few syscalls differently or by number
LTRACE_SYSCALL_NAMES = {"pread": "pread64", "318": "getrandom", "334": "rseq"}


def calls_and_syscalls(text):
    """("S", name, result) for each syscall line, ("L", name) for each
    library call (its first line), in order."""
    out = []
    for l in text.splitlines():
        m = re.match(r"^SYS_(\w+)\(.*?(?:\)\s+= (\S+)|<unfinished \.\.\.>|<no return \.\.\.>)$", l)
        if m:
            name = LTRACE_SYSCALL_NAMES.get(m.group(1), m.group(1))
            if name in ("335", "336"):
                continue	# uretprobe, uprobe: a tracer's trampolines (another
                            # test's uprobes on libc), not the program's
            v = m.group(2)
            if name == "set_tid_address":
                v = "TID"	# ltrace prints the thread id in hex; it differs anyway
            out.append(("S", name, "P" if v and v.startswith("0x") else v))
            continue
        m = re.match(r"^([A-Za-z_]\w*)\(", l)
        if m:
            out.append(("L", m.group(1)))
    return out


def test_ltrace_syscalls_like_ltrace():
    """-S: the same syscalls as ltrace -S shows, with the same results,
    in the same places among the library calls (strcmp, whose entry
    uprobes refuse here, taken at the program's PLT stub)."""
    ref = calls_and_syscalls(run(["ltrace", "-S", prog("libcalls")]).stderr)
    r = run([STROBE, "ltrace", "-S", prog("libcalls")])
    check(r.returncode == 0, r.stderr)
    mine = calls_and_syscalls(r.stderr)
    check(len(ref) > 30 and mine == ref, "ltrace %r\nstrobe %r" % (ref, mine))
    # decoded as strobe decodes syscalls; the launched command's execve
    # and the uretprobe trampoline's syscall are not the program's
    check('SYS_openat(AT_FDCWD, "/dev/null", O_WRONLY|O_APPEND) = 3' in r.stderr and
          "execve" not in r.stderr and "uretprobe" not in r.stderr, r.stderr)
    lines = r.stderr.splitlines()
    i = lines.index('puts("hello from libcalls" <unfinished ...>')
    check(lines[i + 1].startswith("SYS_") and
          any(l.startswith("<... puts resumed> )") for l in lines[i + 2:i + 8]), r.stderr)
    # where ltrace sees no library call, strobe still does, syscalls too
    r = run([STROBE, "ltrace", "-S", "-e", "open", prog("libcalls-noplt")])
    check(re.search(r"^libcalls-noplt->open\(\"/dev/null\", O_WRONLY\|O_APPEND <unfinished \.\.\.>\n"
                    r"SYS_openat\(AT_FDCWD, \"/dev/null\", O_WRONLY\|O_APPEND\) += 3\n"
                    r"<\.\.\. open resumed> \) += 3$", r.stderr, re.M), r.stderr)
    # -c -S: one table, the syscalls' rows named SYS_name, as ltrace's, with
    # the same counts (the launched command's execve, which ltrace starts
    # too late to see, is strobe's only extra row)
    def rows(text):
        out = {}
        for l in text.splitlines():
            f = l.split()
            if len(f) >= 5 and re.match(r"^\d+\.\d+$", f[0]) and f[3].isdigit():
                name = f[5] if f[4].isdigit() else f[4]	# strobe's errors column
                name = re.sub(r"^SYS_(\w+)$", lambda m: "SYS_" + LTRACE_SYSCALL_NAMES.get(
                    m.group(1), m.group(1)), name)
                out[name] = int(f[3])
        return out
    ref = rows(run(["ltrace", "-c", "-S", prog("libcalls")]).stderr)
    r = run([STROBE, "ltrace", "-c", "-S", prog("libcalls")])
    mine = rows(r.stderr)
    for t in (ref, mine):
        t.pop("total", None)
    ref.pop("SYS_335", None)
    check(r.returncode == 0 and mine.pop("SYS_execve", 0) == 1 and len(ref) > 20 and
          mine == ref, "ltrace %r\nstrobe %r\n%s" % (ref, mine, r.stderr))
    # signals and a child's exec, as ltrace -S prints them
    cmd = ["sh", "-c", "/bin/true; /bin/true"]
    # (strobe stops a child at its exec until its imports are probed: the
    # parent may get a SIGCHLD for that stop too, printed alike: runs of
    # them count once)
    def sig(t):
        out = []
        for l in t.splitlines():
            l = l.split("] ", 1)[-1]
            if l.startswith("--- ") and not (l.startswith("--- SIGCHLD") and out and
                                             out[-1] == l):
                out.append(l)
        return out
    ref = run(["ltrace", "-S", "-f", "-e", "getenv"] + cmd).stderr
    r = run([STROBE, "ltrace", "-S", "-f", "-e", "getenv", "--"] + cmd)
    # the exec's next line of the same pid (the parent's may come between)
    def after_exec(text):
        per = {}
        for l in text.splitlines():
            m = re.match(r"^\[pid (\d+)\] (.*)$", l)
            if m:
                per.setdefault(m.group(1), []).append(m.group(2))
        return [ls[i + 1] for ls in per.values() for i in range(len(ls) - 1)
                if re.match(r'^SYS_execve\("/bin/true", .*<no return \.\.\.>$', ls[i])]
    check(sig(ref) and sig(r.stderr) == sig(ref) and
          "--- SIGCHLD (Child exited) ---" in sig(ref) and
          after_exec(r.stderr) == ["--- Called exec() ---"] * 2,
          "ltrace %r\nstrobe %r %r\n%s" % (sig(ref), sig(r.stderr), after_exec(r.stderr),
                                           r.stderr[-1500:]))


def call_sites(path, func):
    """objdump's addresses, relative to main, of the instructions after
    each call to FUNC in main: the return addresses a stack shows."""
    d = run(["objdump", "-d", "--no-show-raw-insn", path]).stdout
    body = d.split("<main>:", 1)[1].split("\n\n", 1)[0].splitlines()
    main = int(re.search(r"^([0-9a-f]+) <main>:", d, re.M).group(1), 16)
    out = []
    for i, l in enumerate(body):
        if re.search(r"call.*<%s(@plt)?>" % func, l) or \
           re.search(r"call.*# [0-9a-f]+ <%s@" % func, l):
            out.append(int(body[i + 1].split(":")[0], 16) - main)
    return out


def test_ltrace_stacks_where_objdump_says():
    """-w: the first frame under a call is main at the instruction after
    its call (objdump's), for every build of the program; under a syscall
    made inside a traced call, the frames go on through it to main."""
    for v in ("", "-noplt", "-ibt"):
        path = prog("libcalls" + v)
        r = run([STROBE, "ltrace", "-w", "2", "-e", "puts+malloc", path])
        check(r.returncode == 0, r.stderr)
        lines = r.stderr.splitlines()
        for func in ("puts", "malloc"):
            i = [k for k, l in enumerate(lines) if re.match(r"^(\S+->)?%s\(" % func, l)][0]
            m = re.match(r"^ > (\S+)\(main\+0x([0-9a-f]+)\) \[0x[0-9a-f]+\]$", lines[i + 1])
            check(m and m.group(1) == os.path.realpath(path) and
                  int(m.group(2), 16) in call_sites(path, func) and
                  lines[i + 2].startswith(" > ") and lines[i + 3] == "",
                  "%s %s: %r" % (v, func, lines[i:i + 4]))
    r = run([STROBE, "ltrace", "-S", "-w", "3", "-e", "open", prog("libcalls-ibt")])
    lines = r.stderr.splitlines()
    i = [k for k, l in enumerate(lines) if l.startswith("SYS_openat(AT_FDCWD, \"/dev/null")][0]
    check("main+0x" in lines[i + 2], "\n".join(lines[i:i + 5]))


def test_ltrace_dwarf_prototypes():
    """A program built with -g: its functions' arguments and results are
    decoded by their DWARF types, as the program itself prints them; a
    function taking a double keeps raw values.  ltrace 0.7 (no DWARF)
    sees the same calls."""
    path = prog("dwarfargs")
    r = run([STROBE, "ltrace", "-L", "-x", "dw_*", path])
    check(r.returncode == 0, r.stderr)
    mine = [re.sub(r"\) +=", ") =", l) for l in r.stderr.splitlines()]
    for want in r.stdout.splitlines()[:4]:
        check(want in mine, "%r not in %r" % (want, mine))
    # raw as ltrace shows a function it has no prototype for: four
    # arguments, decimal from -10000 to 10000
    check(any(re.match(r"^dw_float\(3, 0x[0-9a-f]+, 0x[0-9a-f]+, 0x[0-9a-f]+\) = 5$", l)
              for l in mine), r.stderr)
    ref = [c[0] for c in ltrace_calls(run(["ltrace", "-L", "-x", "dw_*", path]).stderr)]
    check(ref == [c[0] for c in ltrace_calls(r.stderr)] == ["dw_mix", "dw_small", "dw_name",
                                                             "dw_void", "dw_float"],
          "ltrace %r\n%s" % (ref, r.stderr))


def test_ltrace_libc_dwarf_like_ltrace():
    """libc's debug file (libc6-dbg, found by build id): opendir, readdir
    and closedir, which the built-in table lacks, are decoded from DWARF
    as ltrace's own prototypes decode them (opendir by its alias
    __opendir's DIE); a second run reads the cache the first one made."""
    cache = tempfile.mkdtemp()
    env = dict(os.environ, XDG_CACHE_HOME=cache)
    # ltrace prints a null pointer result as 0, strobe as NULL
    norm = lambda l: re.sub(r"0x[0-9a-f]+", "P", re.sub(r"\) +=", ") =", l.split("->")[-1])
                            ).replace("= NULL", "= 0")
    ref = [norm(l) for l in run(["ltrace", "-e", "opendir+readdir+closedir", "ls", "/"]).stderr
           .splitlines() if "dir(" in l]
    for attempt in ("cold", "cached"):
        r = subprocess.run([STROBE, "ltrace", "-e", "opendir+readdir+closedir", "ls", "/"],
                           capture_output=True, text=True, env=env, timeout=120)
        mine = [norm(l) for l in r.stderr.splitlines() if "dir(" in l]
        check(r.returncode == 0 and 'opendir("/") = P' in mine and mine == ref,
              "%s: ltrace %r\nstrobe %r" % (attempt, ref, mine))
    files = os.listdir(os.path.join(cache, "strobe", "dwarf"))
    check(any(open(os.path.join(cache, "strobe", "dwarf", f)).read().startswith("strobe-dwarf")
              for f in files), files)


def test_sslsniff_python_tls():
    d = tempfile.mkdtemp()
    key, crt, script = (os.path.join(d, n) for n in ("k.pem", "c.pem", "tls.py"))
    r = run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key,
             "-out", crt, "-days", "1", "-subj", "/CN=localhost"])
    check(r.returncode == 0, r.stderr)
    with open(script, "w") as f:
        f.write("""import socket, ssl, sys, threading
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); ctx.load_cert_chain(sys.argv[1], sys.argv[2])
srv = socket.socket(); srv.bind(("127.0.0.1", 0)); srv.listen(1)
def serve():
    c, _ = srv.accept()
    with ctx.wrap_socket(c, server_side=True) as s:
        s.sendall(s.recv(100).upper())
t = threading.Thread(target=serve); t.start()
cc = ssl.create_default_context(); cc.check_hostname = False; cc.verify_mode = ssl.CERT_NONE
with cc.wrap_socket(socket.create_connection(srv.getsockname())) as s:
    s.sendall(b"secret request 42"); print(s.recv(100).decode(), file=sys.stderr)
t.join()
""")
    # the program answers on stderr: its output cannot land between
    # strobe's lines on stdout
    r = run([STROBE, "sslsniff", "--", PYTHON, script, crt, key])
    check(r.returncode == 0 and "SECRET REQUEST 42" in r.stderr, r.stdout + r.stderr)
    out = r.stdout.splitlines()
    calls = [(out[i], out[i + 1].strip()) for i, l in enumerate(out[:-1])
             if re.search(r" (READ|WRITE) ", l)]
    check(sorted(c[0].split()[4] + " " + c[1] for c in calls) ==
          ['READ "SECRET REQUEST 42"', 'READ "secret request 42"',
           'WRITE "SECRET REQUEST 42"', 'WRITE "secret request 42"'], r.stdout)
    check(all(re.search(r"SSL_(read|write)_ex\s+17 <", c[0]) for c in calls), r.stdout)
    r = run([STROBE, "sslsniff", "-x", "-s", "6", "--", PYTHON, script, crt, key])
    check(re.search(r"0000  73 65 63 72 65 74 +secret", r.stdout), r.stdout)



def test_sslsniff_read_ex_length_and_order():
    """SSL_read_ex's length is *readbytes (what the program got, 5000
    bytes), not what -s kept; with two threads exchanging at once the
    times count from strobe's start and come out in order."""
    d = tempfile.mkdtemp()
    key, crt, script = (os.path.join(d, n) for n in ("k.pem", "c.pem", "tls2.py"))
    r = run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key,
             "-out", crt, "-days", "1", "-subj", "/CN=localhost"])
    check(r.returncode == 0, r.stderr)
    with open(script, "w") as f:
        f.write("""import socket, ssl, sys, threading
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); ctx.load_cert_chain(sys.argv[1], sys.argv[2])
srv = socket.socket(); srv.bind(("127.0.0.1", 0)); srv.listen(4)
def serve():
    for _ in range(2):
        c, _ = srv.accept()
        with ctx.wrap_socket(c, server_side=True) as s:
            for _ in range(5):
                n = int(s.recv(100)); s.sendall(b"x" * n)
def client(sizes):
    cc = ssl.create_default_context(); cc.check_hostname = False; cc.verify_mode = ssl.CERT_NONE
    with cc.wrap_socket(socket.create_connection(srv.getsockname())) as s:
        for n in sizes:
            s.sendall(b"%d" % n); got = b""
            while len(got) < n:
                part = s.recv(100000); got += part; print("got", len(part), file=sys.stderr)
t = threading.Thread(target=serve); t.start()
cs = [threading.Thread(target=client, args=([5000, 7, 3000, 12, 900],)) for _ in range(2)]
[c.start() for c in cs]; [c.join() for c in cs]; t.join()
""")
    for attempt in range(3):
        r = run([STROBE, "sslsniff", "-s", "16", "--", PYTHON, script, crt, key])
        got = sorted(int(l.split()[1]) for l in r.stderr.splitlines() if l.startswith("got "))
        rows = [l.split() for l in r.stdout.splitlines()[1:] if re.search(r" (READ|WRITE) ", l)]
        times = [float(f[0]) for f in rows]
        # the clients' reads of the server's "x" * n
        reads = sorted(int(f[6]) for f in rows if f[4] == "READ" and int(f[6]) not in (0,)
                       and int(f[6]) in got)
        check(r.returncode == 0 and 5000 in got and reads == got,
              "program %r\nstrobe %r\n%s" % (got, reads, r.stdout[-2000:]))
        check(times == sorted(times) and all(0 <= t < 1000 for t in times), r.stdout)



def test_trace_injected_path_read_from_the_process():
    """Trace mode: an injected openat never runs, so its path may lie in a
    page nothing faulted in (the kernel side cannot read it; a pointer
    in 3 of 8 runs): read from the process, it prints as strace's."""
    cmd = ["-e", "trace=openat", "-e", "inject=openat:error=EACCES:when=3", "--", "cat",
           "/etc/hostname"]
    ref = [l for l in run(["strace"] + cmd[:4] + cmd[5:]).stderr.splitlines() if "INJECTED" in l]
    check(len(ref) == 1 and '"/' in ref[0], ref)
    for attempt in range(12):
        mine = [l for l in run([STROBE] + cmd).stderr.splitlines() if "INJECTED" in l]
        check(mine == ref, "attempt %d: strace %r\nstrobe %r" % (attempt, ref, mine))


if __name__ == "__main__":
    sys.exit(run_tests(globals(), sys.argv[1:]))
