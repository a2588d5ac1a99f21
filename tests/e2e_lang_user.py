#!/usr/bin/env python3
"""End-to-end tests of strobe script's user-space probes (uprobe:,
uretprobe:, usdt:) on real programs: tests/progs/usdt_marks.c (USDT
markers with and without a semaphore, one marker at two places with
different argument locations, functions with known arguments and
results), libc, CPython's markers and Debian's gethostlatency.bt.  The
expected lines are derived from what the programs do; the same programs
under bpftrace 0.17 (the reference) must print the same lines.

bpftrace 0.17 attaches uprobes system-wide even under -c (strobe attaches
them to -c's command): its programs here carry /pid == cpid/ where other
processes could hit the probe."""
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import STROBE, check, prog, run, run_tests  # noqa: E402
from e2e_lang import HAVE_BPFTRACE, bpftrace, ok, same, script  # noqa: E402

# the sanitized pass checks strobe's memory, not its output again
REFERENCE = HAVE_BPFTRACE and os.environ.get("STROBE_NO_REFERENCE") != "1"

MARKS = prog("usdt_marks")
CALLS = prog("libcalls")
LIBC = "/lib/x86_64-linux-gnu/libc.so.6"
PY = "/usr/bin/python3"


def both(args, timeout=60):
    """The program under strobe and under bpftrace: both outputs."""
    ours = ok(script(args, timeout), "strobe")
    return ours, ok(bpftrace(args, timeout), "bpftrace") if REFERENCE else None


def own(text):
    """The tool's lines without the traced program's (its place among
    them depends on when its output is flushed)."""
    return "\n".join(l for l in text.splitlines() if not l.startswith(("sum ", "hello")))


def test_usdt_arguments_and_semaphore():
    p = ("usdt:%s:strobe:tick { printf(\"%%s %%d %%s\\n\", probe, arg0, str(arg1)); } "
         "usdt:%s:strobe:gated { @g[probe] = count(); @a = sum(arg0); } "
         "usdt:%s:twice { @t[arg0] = sum(arg0); }") % (MARKS, MARKS, MARKS)
    ours, theirs = both(["-e", p, "-c", MARKS + " 3"])
    # three rounds; gated fires only because its semaphore was raised;
    # twice's two places read their argument differently (%rax, $77)
    want = ["usdt:%s:strobe:tick %d round%d" % (MARKS, i, i) for i in (1, 2, 3)]
    lines = ours.splitlines()
    check([l for l in lines if ":strobe:tick " in l] == want, ours)
    check(lines[0] == "Attaching 4 probes...", ours)
    check("@g[usdt:%s:strobe:gated]: 3" % MARKS in lines and "@a: 18" in lines, ours)
    check("@t[42]: 42" in lines and "@t[77]: 77" in lines, ours)
    same(own(ours), theirs and own(theirs), "usdt arguments")
    # arguments in memory: on the stack, and a global named by its symbol
    # ("lang_rounds(%rip)": bpftrace 0.17 says "deref ident is not handled
    # yet" and prints garbage)
    p2 = 'usdt:%s:strobe:mem { printf("%%d %%d\\n", arg0, arg1); }' % MARKS
    out = ok(script(["-e", p2, "-c", MARKS + " 3"]), "usdt mem")
    check("\n42 3\n" in "\n" + own(out) + "\n", out)
    # per-location perf events (kernels without uprobe_multi): the same
    r = run([STROBE, "script", "-e", p, "-c", MARKS + " 3"],
            env=dict(os.environ, STROBE_UPROBE_PERF="1"))
    check(own(ok(r, "perf events")) == own(ours), r.stdout)


def test_uprobe_args_retval_func_ustack():
    p = ("uprobe:%s:lang_add { printf(\"%%s %%s %%d %%d|%%s\\n\", probe, func, arg0, arg1, "
         "ustack); } ur:%s:lang_add { printf(\"%%s %%s %%d\\n\", probe, func, retval); }"
         % (MARKS, MARKS))
    # the pause keeps the process alive while its addresses are printed
    ours, theirs = both(["-e", p, "-c", MARKS + " 2 300"])
    out = re.sub(r"\+\d+$", "+N", own(ours), flags=re.M)
    for i in (1, 2):
        entry = ("uprobe:%s:lang_add lang_add %d %d|\n        lang_add+N\n"
                 "        main+N\n" % (MARKS, i, 10 * i))
        check(entry in out, ours)
        # func at a return is where it returns to: main
        check("uretprobe:%s:lang_add main %d\n" % (MARKS, 11 * i) in ours, ours)
    same(own(ours), theirs and own(theirs), "uprobe/uretprobe")


def test_uprobe_stack_arguments():
    # bpftrace 0.17 refuses arg6 on x86_64; the seventh and eighth
    # arguments are on the stack above the return address
    p = 'uprobe:%s:lang_many { printf("%%d %%d %%d %%d\\n", arg0, arg5, arg6, arg7); }' % MARKS
    out = ok(script(["-e", p, "-c", MARKS + " 1"]), "arg6")
    check("1 6 7 8\n" in out, out)


def symbol(path, name):
    """A symbol's value, as readelf shows it."""
    for l in run(["readelf", "-Ws", path]).stdout.splitlines():
        f = l.split()
        if len(f) >= 8 and f[7] == name:
            return int(f[1], 16)
    raise AssertionError("%s has no %s" % (path, name))


def test_uprobe_at_an_address_and_uaddr():
    at = symbol(MARKS, "lang_add")
    # named by its address in decimal, as bpftrace names it
    p = 'uprobe:%s:0x%x { printf("%%s %%d\\n", probe, arg0); }' % (MARKS, at)
    ours, theirs = both(["-e", p, "-c", MARKS + " 2"])
    check("uprobe:%s:%d 1\nuprobe:%s:%d 2\n" % (MARKS, at, MARKS, at) in own(ours) + "\n",
          ours)
    same(own(ours), theirs and own(theirs), "address probe")
    # uaddr() of a global in a PIE program: where it is in the process
    # (bpftrace 0.17 gives its address in the file, which it reads as 0)
    p = ('uprobe:%s:lang_add { printf("%%d %%d\\n", *uaddr("lang_rounds"), arg0); } '
         'usdt:%s:strobe:tick { @[*uaddr("lang_rounds")] = sum(arg0); }' % (MARKS, MARKS))
    out = ok(script(["-e", p, "-c", MARKS + " 3"]), "uaddr")
    check("1 1\n2 2\n3 3\n" in own(out) + "\n" and "@[2]: 2\n" in out and "@[3]: 3\n" in out, out)
    r = script(["-e", 'uretprobe:%s:lang_add { @ = *uaddr("lang_rounds"); }' % MARKS])
    check(r.returncode != 0 and "not supported yet: uaddr() of a position-independent"
          in r.stderr, r.stderr)


def test_stack_limits_and_modes():
    # printed while the process lives, so both tools can name its frames
    p = ('uprobe:%s:lang_add { printf("%%s|%%s|%%s\\n", ustack(perf), ustack(2), '
         'ustack(perf, 1)); }' % MARKS)
    ours, theirs = both(["-e", p, "-c", MARKS + " 2 300"])
    out = own(ours)
    check(re.search(r"^\t[0-9a-f]+ lang_add\+0 \(%s\)\n\t[0-9a-f]+ main\+\d+ \(%s\)\n"
                    % (re.escape(os.path.abspath(MARKS)), re.escape(os.path.abspath(MARKS))),
                    out, re.M), ours)
    check(re.search(r"^\|\n        lang_add\+0\n        main\+\d+\n\|\n\t[0-9a-f]+ "
                    r"lang_add\+0 \([^)]+\)\n$", out, re.M), ours)
    addr = lambda t: re.sub(r"^\t[0-9a-f]+ ", "\tADDR ", own(t), flags=re.M)
    same(addr(ours), theirs and addr(theirs), "ustack(perf)/ustack(N)")
    # kernel stacks cut at N frames are one key, in both modes
    p = ("tracepoint:syscalls:sys_enter_getpid /pid == cpid/ { @[kstack(3)] = count(); "
         "@p[kstack(perf, 2)] = count(); @u[kstack] = count(); }")
    ours, theirs = both(["-e", p, "-c", prog("lang_load") + " 5"])
    check(re.search(r"^@\[\n(    \w+\+\d+\n){3}\]: 5$", ours, re.M), ours)
    check(re.search(r"^@p\[\n(\t[0-9a-f]+ \w+\+\d+\n){2}\]: 5$", ours, re.M), ours)
    same(ours, theirs, "kstack(N)/kstack(perf, N)")


def test_libc_by_name_and_path():
    n = 7
    progs = ["uprobe:libc:strtol /pid == cpid/ { @ = count(); }",
             "u:%s:strtol /pid == cpid/ { @ = count(); }" % LIBC,
             "ur:libc:strtol /pid == cpid/ { @r[retval] = sum(retval); }"]
    counts = []
    for p in progs:
        ours, theirs = both(["-e", p, "-c", "%s %d" % (CALLS, n)])
        same(own(ours), theirs and own(theirs), p)
        counts.append(ours)
    # n calls with "12345", one with "42", and atol's own (inlined to strtol)
    m = re.search(r"^@: (\d+)$", counts[0], re.M)
    check(m and int(m.group(1)) >= n + 1, counts[0])
    check(counts[0] == counts[1], "by name %r, by path %r" % (counts[0], counts[1]))
    check("@r[12345]: %d\n" % (n * 12345) in counts[2] and "@r[42]: 42\n" in counts[2],
          counts[2])


def test_probe_names_in_a_glob():
    # one program for the glob, the cookie names the function that fired;
    # the same through per-function perf events (kernels without
    # uprobe_multi links)
    p = "uprobe:libc:strtol* /pid == cpid/ { @[probe] = count(); }"
    outs = []
    for env in ({}, {"STROBE_UPROBE_PERF": "1"}):
        r = run([STROBE, "script", "-e", p, "-c", "%s 3" % CALLS], env=dict(os.environ, **env))
        out = ok(r, "glob %s" % env)
        check(re.search(r"^Attaching [2-9] probes\.\.\.$", out, re.M), out)
        check("@[uprobe:%s:strtol]: 5\n" % LIBC in out, out)
        check(all(l.startswith("@[uprobe:%s:strto" % LIBC) for l in out.splitlines()
                  if l.startswith("@")), out)
        outs.append(own(out))
    check(outs[0] == outs[1], "uprobe_multi %r, perf events %r" % tuple(outs))


def test_malloc_hist_with_c_and_p():
    p = "uprobe:libc:malloc { @bytes = hist(arg0); }"
    out = ok(script(["-e", p, "-c", CALLS]), "malloc -c")
    # libcalls' malloc(100), only its own: scoped to -c's command
    check(re.search(r"^\[64, 128\) +1 \|@+\|$", out, re.M), out)
    if REFERENCE:
        ref = ok(run(["bpftrace", "-e", "uprobe:libc:malloc /pid == cpid/ "
                      "{ @bytes = hist(arg0); }", "-c", CALLS]), "bpftrace")
        same(own(out), own(ref), "malloc hist")
    # -p: the process runs first; strobe ends when it does
    target = subprocess.Popen([MARKS, "3", "1500"], stdout=subprocess.DEVNULL)
    try:
        time.sleep(0.3)
        p = ("uprobe:%s:lang_add { @[arg1] = count(); } usdt:%s:strobe:gated { @g = count(); }"
             " uprobe:libc:printf { @p[func] = count(); }" % (MARKS, MARKS))
        out = ok(script(["-p", str(target.pid), "-e", p], timeout=30), "-p")
    finally:
        target.kill()
        target.wait()
    for k in (10, 20, 30):
        check("@[%d]: 1\n" % k in out, out)
    # the semaphore is raised in a running process too; func symbolised
    # from the mappings kept while it ran
    check("@g: 3\n" in out and "@p[printf]: 1\n" in out, out)


def test_user_memory_reads_in_uprobes():
    """In uprobes an address from retval, reg() or a number is the
    process's: str(retval) of getenv and *(uint16 *)(reg("sp") + 8) (the
    7th argument of lang_many, on the stack) read it with
    probe_read_user (a kernel read gave "" and 0)."""
    p = ('uretprobe:libc:getenv /pid == cpid && retval/ { printf("[%%s]\\n", str(retval)); } '
         'uprobe:%s:lang_many { printf("%%d %%d\\n", *(uint16 *)(reg("sp") + 8), '
         '*(int64 *)(reg("sp") + 16)); }' % MARKS)
    env = dict(os.environ, STROBE_MARKS_WORD="marks-word")
    ours = ok(run([STROBE, "script", "-e", p, "-c", MARKS + " 1"], env=env), "strobe")
    check("[marks-word]\n" in ours and "\n7 8\n" in ours, ours)
    if REFERENCE:
        theirs = ok(run(["bpftrace", "-e", p, "-c", MARKS + " 1"], env=env), "bpftrace")
        same(own(ours), own(theirs), "user reads in uprobes")


def test_usdt_unsigned_constants():
    """Constant USDT arguments keep their sign as the note's size says:
    an unsigned 0xf3f2f1f0 is 4092785136, not negative."""
    p = ('usdt:%s:strobe:consts { printf("%%lld %%lld %%lld %%lld %%lld %%lld\\n", arg0, arg1, '
         'arg2, arg3, arg4, arg5); }' % MARKS)
    ours, theirs = both(["-e", p, "-c", MARKS + " 1"])
    check("\n4092785136 -202182160 61936 -3600 240 -16\n" in ours, ours)
    same(own(ours), theirs and own(theirs), "usdt constants")


def test_probes_on_one_function_run_in_program_order():
    """uprobes, uretprobes and usdt probes on one place run in the order
    written (bpftrace's uprobe_order, uretprobe_order)."""
    p = ("uprobe:{m}:lang_add {{ printf(\"u1 %d \", arg0); }} "
         "uprobe:{m}:lang_add {{ printf(\"u2 %d\\n\", arg0); }} "
         "uretprobe:{m}:lang_add {{ printf(\"r1 %d \", retval); }} "
         "uretprobe:{m}:lang_add {{ printf(\"r2 %d\\n\", retval); }} "
         "usdt:{m}:strobe:tick {{ printf(\"t1 %d \", arg0); }} "
         "usdt:{m}:strobe:tick {{ printf(\"t2 %d\\n\", arg0); }}").format(m=MARKS)
    ours, theirs = both(["-e", p, "-c", MARKS + " 2"])
    want = ["u1 1 u2 1", "r1 11 r2 11", "t1 1 t2 1", "u1 2 u2 2", "r1 22 r2 22", "t1 2 t2 2"]
    # (the command's own line shares the pipe, and may land inside one of
    # the script's: "r1 11 sum 69 gated 0\nr2 11")
    lines = re.sub(r"sum \d+ gated \d+\n", "", ours).splitlines()
    check([l for l in lines if l[:1] in "urt" and l] == want, ours)
    same(own(ours), theirs and own(theirs), "probe order")


def test_stack_arguments_sarg():
    """sarg0, sarg1: the 8-byte slots above the return address at a
    function's entry (lang_many's 7th and 8th arguments, 7 and 8)."""
    p = 'uprobe:%s:lang_many { printf("%%d %%d\\n", sarg0, sarg1); }' % MARKS
    ours, theirs = both(["-e", p, "-c", MARKS + " 1"])
    check("\n7 8\n" in ours, ours)
    same(own(ours), theirs and own(theirs), "sarg")


def py_file(name, text):
    path = os.path.join(tempfile.gettempdir(), "strobe-lang-%d-%s" % (os.getpid(), name))
    with open(path, "w") as f:
        f.write(text)
    return path


def test_python_function_entry():
    p = ("usdt:%s:python:function__entry /pid == cpid/ { @[str(arg0), str(arg1), arg2] = "
         "count(); }" % PY)
    f = py_file("calls.py", "import json\n")
    try:
        ours, theirs = both(["-e", p, "-c", "%s %s" % (PY, f)])
    finally:
        os.unlink(f)
    # filename, function and line number from the marker's arguments;
    # CPython 3.11 fires function__entry for few frames (generators of
    # its own modules as they are imported)
    check("@[/usr/lib/python3.11/types.py, _g, 25]: 1\n" in ours, ours)
    if theirs is not None:
        check(sorted(ours.splitlines()) == sorted(theirs.splitlines()),
              "strobe:\n%s\nbpftrace:\n%s" % (ours, theirs))


def test_gethostlatency_unmodified():
    # numeric hosts: getaddrinfo answers without asking anyone; the
    # workload says its pid, since bpftrace 0.17 traces every process
    # (another run of this test elsewhere too)
    f = py_file("gai.py", "import os, socket\nos.write(1, b'workload %d\\n' % os.getpid())\n"
                "for h in ('127.0.0.77', '127.0.0.77', '127.1.2.3'):\n"
                "    socket.getaddrinfo(h, 80)\n")

    def lines(text):
        """COMM and HOST of the workload's lines (time and latency vary)"""
        pid = re.search(r"^workload (\d+)$", text, re.M)
        return [" ".join(l.split()[2:3] + l.split()[4:]) for l in text.splitlines()
                if pid and re.match(r"^\d\d:\d\d:\d\d +%s +python3 " % pid.group(1), l)]

    try:
        ours, theirs = both(["/usr/sbin/gethostlatency.bt", "-c", "%s %s" % (PY, f)])
    finally:
        os.unlink(f)
    check("Tracing getaddr/gethost calls... Hit Ctrl-C to end.\n" in ours, ours)
    mine = lines(ours)
    check(mine == ["python3 127.0.0.77", "python3 127.0.0.77", "python3 127.1.2.3"], ours)
    if theirs is not None:
        check(mine == lines(theirs), "strobe %s | bpftrace %s" % (mine, lines(theirs)))


TLS = """import os, socket, ssl, sys, threading, time
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER); ctx.load_cert_chain(sys.argv[1], sys.argv[2])
srv = socket.socket(); srv.bind(("127.0.0.1", 0)); srv.listen(1)
tids = [threading.get_native_id()]
def serve():
    tids.append(threading.get_native_id())
    c, _ = srv.accept()
    with ctx.wrap_socket(c, server_side=True) as s:
        s.sendall(s.recv(100).upper())
t = threading.Thread(target=serve); t.start()
cc = ssl.create_default_context(); cc.check_hostname = False; cc.verify_mode = ssl.CERT_NONE
with cc.wrap_socket(socket.create_connection(srv.getsockname())) as s:
    s.sendall(b"secret request 42"); s.recv(100)
t.join()
# one write: the tracer writes to the same pipe, and a line split in
# two (print's pieces, unbuffered) lost the tids once
os.write(1, ("workload %s\\n" % " ".join(map(str, tids))).encode())
time.sleep(0.3)
"""


def test_sslsnoop_unmodified():
    # libcrypto's internal functions it names are not in Debian's
    # stripped library: those attach points are left out, as bpftrace
    # leaves them out; func stored in a map prints as the function
    d = tempfile.mkdtemp()
    key, crt = os.path.join(d, "k.pem"), os.path.join(d, "c.pem")
    r = run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key,
             "-out", crt, "-days", "1", "-subj", "/CN=localhost"])
    check(r.returncode == 0, r.stderr)
    f = py_file("tls.py", TLS)

    def calls(text):
        """comm, RET and FUNC of the workload's lines (bpftrace 0.17 traces
        every process; time, tid and latency vary)"""
        m = re.search(r"^workload ([\d ]+)$", text, re.M)
        tids = m.group(1).split() if m else []
        return sorted(" ".join([f[2]] + f[4:]) for f in (l.split() for l in text.splitlines()
                      if re.match(r"^\d+ +\d+ +python3 ", l)) if f[1] in tids)

    try:
        ours, theirs = both(["/usr/sbin/sslsnoop.bt", "-c", "%s %s %s %s" % (PY, f, crt, key)])
    finally:
        for x in (f, key, crt):
            os.unlink(x)
        os.rmdir(d)
    lines = ours.splitlines()
    check(lines[0] == "Attaching 11 probes...", ours)
    # a handshake on each side, each returning 1
    check(calls(ours) == ["python3 1 SSL_do_handshake"] * 2, ours)
    if theirs is not None:
        check(theirs.splitlines()[0] == lines[0], theirs)
        check(calls(theirs) == calls(ours), "bpftrace: %s" % theirs)


def test_list_like_bpftrace():
    for pat in ("usdt:%s:*" % MARKS, "usdt:%s:python:*" % PY, "uretprobe:libc:mallo*"):
        ours = ok(script(["-l", pat]), "-l " + pat).splitlines()
        check(ours and ours == sorted(set(ours)), "%s: %s" % (pat, ours))
        if not REFERENCE:
            continue
        theirs = ok(run(["bpftrace", "-l", pat]), "bpftrace -l").splitlines()
        if pat.startswith("usdt"):
            check(ours == sorted(theirs), "%s: %s | %s" % (pat, ours, theirs))
        else:
            # bpftrace also lists local functions it finds in debug info
            check(set(ours) <= set(theirs) and "uretprobe:%s:malloc" % LIBC in ours,
                  "%s: %s | %s" % (pat, ours, theirs))


def test_errors_name_what_is_missing():
    for p, what in (("uprobe:libnosuchlib:foo {}", "no library 'libnosuchlib' found"),
                    ("uprobe:libc:no_such_function_xyz {}",
                     "no function matching 'no_such_function_xyz' in %s" % LIBC),
                    ("usdt:/bin/true:foo:bar {}", "/bin/true has no USDT markers"),
                    ("usdt:%s:strobe:nosuch {}" % MARKS, "no USDT marker matching strobe:nosuch"),
                    ("uprobe:/nonexistent/x:foo {}", "cannot read '/nonexistent/x'"),
                    ("usdt:%s:strobe:tick { @ = arg2; }" % MARKS, "has 2 arguments"),
                    ("usdt:%s:strobe:tick { @ = func; }" % MARKS, "can not be used with 'usdt'")):
        r = script(["-e", p])
        check(r.returncode != 0 and r.stdout == "" and
              re.match(r"^stdin:1:\d+-\d+: ERROR: .*%s" % re.escape(what), r.stderr),
              "%s: exit %d %r" % (p, r.returncode, r.stderr))
    r = script(["-p", "4194301", "-e", "uprobe:libc:malloc {}"])
    check(r.returncode == 2 and r.stderr.count("\n") == 1 and "no process" in r.stderr, r.stderr)
    # bpftrace's words for a pid that is no number or out of range
    for pid, what in (("a1111", "ERROR: pid 'a1111' is not a valid decimal number"),
                      ("11a11", "ERROR: pid '11a11' is not a valid decimal number"),
                      ("5000000", "ERROR: pid '5000000' out of valid pid range [1,4194304]")):
        r = script(["-p", pid, "file.bt"])
        check(r.returncode != 0 and what in r.stderr, r.stderr)
        if REFERENCE:
            check(what in bpftrace(["-p", pid, "file.bt"]).stderr, "bpftrace: " + what)
    r = script(["-p", str(os.getpid()), "-c", "/bin/true", "-e", "uprobe:libc:malloc {}"])
    check(r.returncode == 2 and "cannot be used together" in r.stderr, r.stderr)


def test_targets_by_glob_offset_and_process():
    """usdt: with a glob over files and any provider, FUNC+OFFSET, -l over
    a glob of files and over a process's files: as bpftrace."""
    glob = MARKS[:-2] + "*"     # .../usdt_mar*: usdt_marks alone
    p = 'usdt:%s::t* /pid == cpid/ { @[probe] = count(); }' % glob
    ours, theirs = both(["-e", p, "-c", MARKS + " 2"])
    for m in ("tick", "twice"):
        check("@[usdt:%s:strobe:%s]: 2" % (MARKS, m) in own(ours).splitlines(), ours)
    if theirs is not None:     # equal counts: in either order
        check(sorted(own(theirs).splitlines()) == sorted(own(ours).splitlines()),
              "bpftrace:\n%s\nstrobe:\n%s" % (theirs, ours))
    p = 'uprobe:%s:lang_add+0 /pid == cpid/ { printf("%%s %%d\\n", probe, arg0); }' % MARKS
    ours, theirs = both(["-e", p, "-c", MARKS + " 1"])
    check("uprobe:%s:lang_add 1\n" % MARKS in own(ours) + "\n", ours)   # +0: the function
    if theirs is not None:
        check(own(theirs) == own(ours), "bpftrace:\n%s\nstrobe:\n%s" % (theirs, ours))
    ours = ok(script(["-l", "usdt:%s:strobe:t*" % glob]), "-l glob").splitlines()
    check(ours == ["usdt:%s:strobe:%s" % (MARKS, m) for m in ("tick", "twice")], ours)
    if REFERENCE:
        theirs = ok(run(["bpftrace", "-l", "usdt:%s:strobe:t*" % glob]), "bpftrace -l")
        check(ours == sorted(theirs.splitlines()), theirs)
    # a process's files: its markers, through /proc/PID/root as bpftrace
    # names them
    child = subprocess.Popen([MARKS, "1", "3000"], stdout=subprocess.DEVNULL)
    try:
        time.sleep(0.2)
        ours = ok(script(["-l", "usdt:*", "-p", str(child.pid)]), "-l -p")
        check("/proc/%d/root%s:strobe:tick" % (child.pid, os.path.abspath(MARKS)) in ours,
              ours)
    finally:
        child.kill()
        child.wait()


def test_dwarf_arguments_by_name():
    """-lv lists a function's parameters from DWARF and args->NAME reads
    them (a long, a pointer dereferenced, char **argv, a pointer to a struct
    the binary's DWARF describes, and a cast to that struct), as bpftrace
    does."""
    pat = "uprobe:%s:lang_*" % MARKS
    ours = ok(script(["-lv", pat]), "-lv")
    check("uprobe:%s:lang_add\n    long int a\n    long int b\n" % MARKS in ours, ours)
    if REFERENCE:
        check(ours == ok(run(["bpftrace", "-lv", pat]), "bpftrace -lv"), ours)
    # char **argv: a pointer to a pointer, str() of what it points to;
    # struct mark_rec from the binary's DWARF: a member, a char[] string,
    # an int[] printed and indexed, a cast to it, a pointer to its own kind
    p = ('uprobe:%s:main /pid == cpid/ { printf("argc %%d %%s\\n", args->argc, '
         'str(*(args->argv + 1))); } '
         'uprobe:%s:lang_add /pid == cpid/ { printf("%%d %%d\\n", args->a, args->b); } '
         'uprobe:%s:twice /pid == cpid/ { printf("*v %%d\\n", *args->v); } '
         'uprobe:%s:rec_take /pid == cpid/ { printf("%%d %%s %%d %%d\\n", args->r->id, '
         'args->r->name, args->r->vals[1], ((struct mark_rec *)arg0)->vals[2]); '
         'print(args->r->vals); printf("%%d %%s\\n", args->r->next->id, args->r->next->name); }'
         % (MARKS, MARKS, MARKS, MARKS))
    ours, theirs = both(["-e", p, "-c", MARKS + " 2"])
    check("argc 2 2\n1 10\n2 20\n*v 42\n1 one 2 3\n[1,2,3]\n2 two\n" in own(ours) + "\n", ours)
    if theirs is not None:
        check(own(theirs) == own(ours), "bpftrace:\n%s\nstrobe:\n%s" % (theirs, ours))


def test_watchpoint_on_a_function_argument():
    """watchpoint:FUNC+argN: the breakpoint set when FUNC receives the
    address (the process stopped meanwhile): the reads of *v in twice()
    counted as bpftrace counts them."""
    p = 'watchpoint:twice+arg0:8:rw { @[probe] = count(); }'
    ours, theirs = both(["-e", p, "-c", MARKS + " 1"])
    check("@[watchpoint:%s:twice:8:rw]: 2\n" % MARKS in ours, ours)
    if theirs is not None:
        check(own(theirs) == own(ours), "bpftrace:\n%s\nstrobe:\n%s" % (theirs, ours))


def test_probe_errors_in_bpftraces_words():
    """What bpftrace refuses by the text of the attach point, refused with
    its words; a kprobe among other probes left out, as bpftrace does."""
    for p, what in (("kprobe:syscalls:sys_exit_nanosleep {}",
                     "kprobe probe type requires 1 argument"),
                    ("kretprobe:queued_spin_lock_slowpath {}",
                     "kretprobe:queued_spin_lock_slowpath can't be used as it might lock up"),
                    ("uprobe:%s:lang_add+100000 {}" % MARKS,
                     "Offset outside the function bounds ('lang_add' size is"),
                    ("uprobe:%s:10 {}" % MARKS, "Could not resolve address: %s:0xa" % MARKS)):
        r = script(["-e", p])
        check(r.returncode != 0 and what in r.stderr, "%s: %r" % (p, r.stderr))
        if REFERENCE:
            check(what in bpftrace(["-e", p]).stderr, "bpftrace: " + what)
    p = 'kprobe:zzzzz { printf("no\\n"); } BEGIN { printf("_yes_\\n"); exit(); }'
    r = script(["-e", p])
    check(r.returncode == 0 and "_yes_" in r.stdout and "WARNING" in r.stderr, r.stderr)


if __name__ == "__main__":
    sys.exit(run_tests(globals(), sys.argv[1:]))
