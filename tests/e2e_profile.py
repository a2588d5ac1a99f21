#!/usr/bin/env python3
"""End-to-end tests of strobe profile: real cpu-clock sampling, real BPF,
real programs with known call chains (tests/progs/callchain.c) built with
and without frame pointers, unoptimised and optimised.  The outputs are
checked with readers that are not strobe's: Python's XML and JSON parsers,
protoc --decode_raw and a protobuf wire-format reader written here."""
import gzip
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import STROBE, Fail, check, prog, run, run_tests  # noqa: E402

VARIANTS = ["O0-fp", "O0-nofp", "O2-fp", "O2-nofp", "O2-inline"]


def folded(path):
    stacks = {}
    with open(path) as f:
        for line in f:
            s, n = line.rstrip("\n").rsplit(" ", 1)
            stacks[s] = stacks.get(s, 0) + int(n)
    return stacks


def chains(stacks):
    """Weights of main->a->b->spin (b may be inlined) and main->c->spin."""
    a = sum(n for s, n in stacks.items()
            if ";main;a;b;spin" in s or ";main;a;b_[i];spin" in s)
    c = sum(n for s, n in stacks.items() if ";main;c;spin" in s)
    return a, c, sum(stacks.values())


def profile(args, outs, timeout=60):
    argv = [STROBE, "profile"]
    for o in outs:
        argv += ["-o", o]
    r = run(argv + args, timeout=timeout)
    check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr[-800:]))
    return r


def check_split(stacks, what):
    a, c, total = chains(stacks)
    check(total > 0 and a + c >= 0.85 * total,
          "%s: chains hold %d+%d of %d samples:\n%s" % (what, a, c, total, top(stacks)))
    share = a / (a + c)
    check(abs(share - 2 / 3) < 0.06, "%s: a;b;spin has %.3f of the chains, expected 2/3"
          % (what, share))


def top(stacks, n=6):
    return "\n".join("%d %s" % (w, s) for s, w in
                     sorted(stacks.items(), key=lambda x: -x[1])[:n])


def test_profile_chains_dwarf():
    """Every build, default unwinding: the chains and their 2:1 split."""
    with tempfile.TemporaryDirectory() as d:
        for v in VARIANTS:
            out = os.path.join(d, v + ".folded")
            r = profile(["-F", "499", "-o", os.path.join(d, v + ".txt"), "--",
                         prog("callchain-" + v), "1.2"], [out])
            check_split(folded(out), v)
            txt = open(os.path.join(d, v + ".txt")).read()
            m = __import__("re").search(r"fully unwound: ([\d.]+)%", txt)
            check(m and float(m.group(1)) >= 90, "%s: %s" % (v, txt[:300]))
            if v == "O2-inline":
                check(any(";b_[i];" in s for s in folded(out)), "no inlined b:\n" +
                      top(folded(out)))


def test_profile_chains_fp():
    """Frame-pointer builds walked by frame pointers alone."""
    with tempfile.TemporaryDirectory() as d:
        for v in ["O0-fp", "O2-fp"]:
            out = os.path.join(d, v + ".folded")
            r = profile(["-v", "-F", "499", "--call-graph=fp", "--", prog("callchain-" + v),
                         "1.2"], [out])
            check_split(folded(out), v + " fp")
            # counted in the kernel: a handful of stacks, not a record a sample
            m = re.search(r"(\d+) samples counted in the kernel under (\d+) stacks", r.stderr)
            check(m and int(m.group(1)) > 300 and int(m.group(2)) < 100, r.stderr)


def test_profile_off_cpu():
    """A thread sleeping 5 x 100 ms in nanosleep, found where it sleeps."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "off.folded")
        # a second run when one sleep is missing: once in 14 full runs, under
        # ASan, 4 of the 5 sleeps were found (400 ms); not reproduced in 6
        # runs of this test alone: a loss not explained yet (closing note)
        # -v: the failure says how many periods strobe saw and whether a
        # stack copy went without its mapping
        for attempt in (1, 2):
            r = profile(["-v", "--off-cpu", "--", prog("callchain-O2-nofp"), "sleep"], [out])
            st = folded(out)
            slept = sum(n for s, n in st.items()
                        if ";main;waiter;" in s and "nanosleep" in s and "schedule" in s)
            if 450000 <= slept <= 800000 or attempt == 2:
                break
        check(450000 <= slept <= 800000, "slept %d us in waiter:\n%s\n%s" % (
            slept, top(st), r.stderr[-600:]))


def test_profile_both():
    """On-CPU and off-CPU in one profile, off-CPU marked and in periods."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "both.folded")
        profile(["--both", "-F", "200", "--", prog("callchain-O2-nofp"), "sleep"], [out])
        st = folded(out)
        off = sum(n for s, n in st.items() if s.endswith(";[off-cpu]") and ";waiter;" in s)
        on = sum(n for s, n in st.items() if not s.endswith(";[off-cpu]"))
        # 500 ms blocked at 200 Hz: about 100 sample periods, and little CPU
        check(80 <= off <= 160 and on < off, "off-CPU periods %d, on-CPU %d:\n%s" % (
            off, on, "\n".join("%d %s" % (n, s) for s, n in st.items())))


def varint(b, i):
    v = shift = 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7f) << shift
        shift += 7
        if not c & 0x80:
            return v, i


def fields(b):
    i = 0
    while i < len(b):
        key, i = varint(b, i)
        f, wt = key >> 3, key & 7
        if wt == 0:
            v, i = varint(b, i)
        elif wt == 2:
            n, i = varint(b, i)
            v = b[i:i + n]
            i += n
        elif wt == 1:
            v, i = b[i:i + 8], i + 8
        elif wt == 5:
            v, i = b[i:i + 4], i + 4
        else:
            raise Fail("wire type %d" % wt)
        yield f, v


def packed(b):
    out, i = [], 0
    while i < len(b):
        v, i = varint(b, i)
        out.append(v)
    return out


def pprof_stacks(raw):
    strings, funcs, locs, samples = [], {}, {}, []
    for f, v in fields(raw):
        if f == 6:
            strings.append(v.decode())
        elif f == 5:
            d = dict(fields(v))
            funcs[d[1]] = d[2]
        elif f == 4:
            d = dict(fields(v))
            locs[d[1]] = dict(fields(d[4]))[1]
        elif f == 2:
            d = {k: packed(x) for k, x in fields(v)}
            samples.append((d[1], d[2]))
    stacks = {}
    for ids, values in samples:
        names = [strings[funcs[locs[i]]] for i in reversed(ids)]
        key = ";".join(names)
        stacks[key] = stacks.get(key, 0) + values[0]
    return stacks


def test_profile_outputs_agree():
    """One run, four outputs: the SVG is XML holding every folded frame, the
    pprof decodes and holds the same stacks and totals, speedscope too."""
    with tempfile.TemporaryDirectory() as d:
        p = lambda ext: os.path.join(d, "p" + ext)  # noqa: E731
        profile(["-F", "499", "--", prog("callchain-O2-nofp"), "0.6"],
                [p(".folded"), p(".svg"), p(".pb.gz"), p(".json")])
        st = folded(p(".folded"))
        frames = {f for s in st for f in s.split(";")}
        svg = ET.parse(p(".svg")).getroot()
        names = {g.get("data-n") for g in svg.iter("{http://www.w3.org/2000/svg}g")}
        check(frames <= names, "frames missing from the SVG: %s" % (frames - names))
        check(svg.find("{http://www.w3.org/2000/svg}script") is not None, "no script")
        raw = gzip.open(p(".pb.gz")).read()
        r = subprocess.run(["protoc", "--decode_raw"], input=raw, capture_output=True)
        check(r.returncode == 0 and b"1 {" in r.stdout, r.stderr[-300:])
        check(pprof_stacks(raw) == st, "pprof stacks differ from folded")
        # and the reader people use (scripts/deps.sh installs Debian's Go)
        r = subprocess.run(["go", "tool", "pprof", "-top", "-nodecount=50", p(".pb.gz")],
                           capture_output=True, text=True, env=dict(os.environ, HOME=d))
        check(r.returncode == 0 and " spin" in r.stdout and "Type: cpu" in r.stdout,
              r.stdout[-500:] + r.stderr[-500:])
        sc = json.load(open(p(".json")))
        names = [f["name"] for f in sc["shared"]["frames"]]
        prof = sc["profiles"][0]
        check(prof["type"] == "sampled" and len(prof["samples"]) == len(prof["weights"]), prof)
        got = {}
        for s, w in zip(prof["samples"], prof["weights"]):
            key = ";".join(names[i] for i in s)
            got[key] = got.get(key, 0) + w
        check(got == st and prof["endValue"] == sum(st.values()), "speedscope differs")


def test_profile_attach_pid():
    """-p: profile a running process for -d seconds; it keeps running."""
    child = subprocess.Popen([prog("callchain-O2-nofp"), "30"])
    try:
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "p.folded")
            profile(["-F", "499", "-d", "1.2", "-p", str(child.pid)], [out])
            check(child.poll() is None, "the process did not survive")
            check_split(folded(out), "-p")
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()


def test_profile_names_cached():
    """Processing: each (process image, address) is looked up once, not once
    per frame (a 10 s window at 999 Hz took 3 ms of CPU a sample when every
    frame went through libdwfl's symbol search), and the names still match
    the chains; names found by the binary search agree with libdwfl's (the
    chains, and a stripped library's FDE starts, are tested elsewhere)."""
    child = subprocess.Popen([prog("callchain-O2-nofp"), "30"])
    try:
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "p.folded")
            r = profile(["-v", "-F", "999", "-d", "2", "-p", str(child.pid)], [out])
            m = re.search(r"(\d+) user frames named, (\d+) looked up", r.stderr)
            check(m, "no count of names looked up: %s" % r.stderr[-400:])
            frames, looked = int(m.group(1)), int(m.group(2))
            # the chains have a handful of call sites; the leaves (spin's
            # loop) a few dozen addresses
            check(frames > 0 and looked * 5 < frames,
                  "%d of %d user frames looked up: not cached" % (looked, frames))
            check_split(folded(out), "cached names")
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()


def test_profile_leader_exited():
    """A process whose main thread has exited (pthread_exit in main): its
    /proc/PID/maps is the zombie leader's, empty, but the other threads
    still have the memory map.  --dump shows each thread's user frames and
    the command line, and a profile names the spinning thread's functions
    (before: kernel frames only, and "[unknown]").  eu-stack, the
    reference, refuses such a process ("dwfl_linux_proc_report: No such
    process"), so the expected names are the program's own functions."""
    child = subprocess.Popen([prog("leader_exit"), "spin"], stdout=subprocess.PIPE, text=True)
    try:
        child.stdout.readline()
        r = run([STROBE, "profile", "--dump", "-p", str(child.pid)])
        check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr[-400:]))
        check(re.search(r"Process %d: \S*leader_exit spin" % child.pid, r.stdout),
              "no command line: %s" % r.stdout[:200])
        threads = r.stdout.split("\nThread ")[1:]
        check(len(threads) == 2, "expected 2 threads:\n%s" % r.stdout)
        # a process that is not Python: each thread by its OS name
        comm = {}
        for t in threads:
            tid = int(t.split()[0])
            comm[tid] = open("/proc/%d/task/%d/comm" % (child.pid, tid)).read().strip()
            check(t.startswith('%d "%s" (' % (tid, comm[tid])), "thread %d: %s" % (tid, t[:80]))
        wait = [t for t in threads if "worker_wait\n" in t]
        spin = [t for t in threads if "worker_spin\n" in t]
        check(wait and re.search(r"worker_wait\n\s+waiter\n\s+start_thread", wait[0]),
              "no waiter's frames:\n%s" % r.stdout)
        check(spin and re.search(r"worker_spin\n\s+spinner\n", spin[0]),
              "no spinner's frames:\n%s" % r.stdout)
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "p.folded")
            profile(["-F", "199", "-d", "1", "--per-thread", "-p", str(child.pid)], [out])
            st = folded(out)
            named = sum(n for s, n in st.items() if ";spinner;worker_spin" in s)
            check(named >= 0.8 * sum(st.values()), "spinner not named:\n%s" % top(st))
            # --per-thread: "thread TID NAME" under the root, the OS name
            spin_tid = [tid for tid in comm if "worker_spin\n" in
                        [t for t in threads if t.startswith("%d " % tid)][0]]
            mine = sum(n for s, n in st.items() if s.split(";")[1] == "thread %d %s" % (
                spin_tid[0], comm[spin_tid[0]]) and ";spinner;worker_spin" in s)
            check(mine == named, "--per-thread: %d of %d:\n%s" % (mine, named, top(st)))
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()


def test_profile_jit_map():
    """Code in an anonymous mapping is named from /tmp/perf-PID.map."""
    child = subprocess.Popen([prog("jit")], stdout=subprocess.PIPE, text=True)
    try:
        child.stdout.readline()     # the map file is written
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "p.folded")
            profile(["-F", "499", "-d", "0.6", "-p", str(child.pid)], [out])
            st = folded(out)
            jit = sum(n for s, n in st.items() if ";jitted_spin_loop" in s)
            check(jit >= 0.9 * sum(st.values()), top(st))
    finally:
        child.kill()
        child.wait()
        os.unlink("/tmp/perf-%d.map" % child.pid)


def test_profile_debuglink():
    """A stripped binary whose symbols are in a separate debug file found
    through its .gnu_debuglink: the chains are still named."""
    with tempfile.TemporaryDirectory() as d:
        exe = os.path.join(d, "chain")
        dbg = exe + ".debug"
        subprocess.run(["cp", prog("callchain-O2-nofp"), exe], check=True)
        subprocess.run(["objcopy", "--only-keep-debug", exe, dbg], check=True)
        subprocess.run(["strip", "--strip-all", exe], check=True)
        subprocess.run(["objcopy", "--add-gnu-debuglink=" + dbg, exe], check=True)
        r = subprocess.run(["nm", exe], capture_output=True, text=True)
        check("no symbols" in r.stderr, "not stripped: %s" % r.stdout[:200])
        out = os.path.join(d, "p.folded")
        profile(["-F", "499", "--", exe, "0.9"], [out])
        check_split(folded(out), "debuglink")


def fde_starts(path):
    """Each FDE's first address, as readelf (not strobe) reads .eh_frame."""
    r = subprocess.run(["readelf", "--debug-dump=frames", path], capture_output=True,
                       text=True, check=True)
    return [(int(lo, 16), int(hi, 16)) for lo, hi in
            re.findall(r"FDE cie=\w+ pc=([0-9a-f]+)\.\.([0-9a-f]+)", r.stdout)]


def stripped_fde_case(d, unstripped, what):
    exe = os.path.join(d, "chain")
    subprocess.run(["strip", "--strip-all", "-o", exe, unstripped], check=True)
    syms = {}
    for line in run(["nm", unstripped]).stdout.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] in ("main", "a", "b", "c", "spin"):
            syms[f[2]] = int(f[0], 16)
    check(len(syms) == 5, "nm: %s" % syms)
    fdes = fde_starts(exe)
    name_of = {}
    for fn, addr in syms.items():
        start = [lo for lo, hi in fdes if lo <= addr < hi]
        check(start == [addr], "%s at %#x: FDEs %s" % (fn, addr, start))
        name_of["chain+0x%x" % addr] = fn
    out = os.path.join(d, "p.folded")
    profile(["-F", "499", "--", exe, "0.9"], [out])
    stacks = folded(out)
    seen = {f for s in stacks for f in s.split(";") if f.startswith("chain+")}
    for fn in ("spin", "a", "b", "c", "main"):
        check("chain+0x%x" % syms[fn] in seen, "%s: no frame for %s (%#x) in %s"
              % (what, fn, syms[fn], sorted(seen)))
    named = {}
    for s, n in stacks.items():
        k = ";".join(name_of.get(f, f) for f in s.split(";"))
        named[k] = named.get(k, 0) + n
    check_split(named, what)


def test_profile_stripped_fde_starts():
    """A stripped binary with no debug file anywhere: each function is
    told apart by its FDE's start, "name+0xSTART", not lumped into one
    frame; the starts are those readelf finds, and the chains keep their
    2:1 split."""
    with tempfile.TemporaryDirectory() as d:
        stripped_fde_case(d, prog("callchain-O2-nofp"), "stripped")


def test_profile_static_stripped_fde_starts():
    """The same for a static binary: it has .eh_frame but no .eh_frame_hdr
    (no PT_GNU_EH_FRAME), whose table named functions before; the FDEs
    are read from .eh_frame itself (before: raw addresses, each function
    split over several rows)."""
    with tempfile.TemporaryDirectory() as d:
        static = os.path.join(d, "chain-static")
        r = run(["gcc", "-O2", "-fomit-frame-pointer", "-static", "-o", static,
                 os.path.join(os.path.dirname(os.path.abspath(__file__)), "progs",
                              "callchain.c")])
        check(r.returncode == 0, "gcc -static: %s" % r.stderr[-300:])
        check("GNU_EH_FRAME" not in run(["readelf", "-lW", static]).stdout,
              "this static binary has an .eh_frame_hdr: not the case tested")
        stripped_fde_case(d, static, "static stripped")


def test_profile_self_not_above_total():
    """Samples with no frame but the process (short processes, kernel
    threads under --no-kernel) count under [unknown]: no row's self
    exceeds its total."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "p.txt")
        busy = subprocess.Popen(["/bin/sh", "-c", "for i in $(seq 400); do /bin/true; done"])
        try:
            profile(["-a", "--no-kernel", "-F", "999", "-d", "1"], [out])
        finally:
            busy.wait()
        rows = re.findall(r"^\s+(\d+)\s+[\d.]+%\s+(\d+)\s+[\d.]+%\s+(.*)$",
                          open(out).read(), re.M)
        check(rows, "no rows")
        for self_, total, name in rows:
            check(int(self_) <= int(total), "%s: self %s > total %s" % (name, self_, total))


def test_profile_not_root():
    if os.geteuid() != 0:
        return
    r = run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
             "--inh-caps=-all", STROBE, "profile", "--", "true"])
    check(r.returncode == 1 and r.stderr.count("\n") == 1 and "root" in r.stderr,
          "exit %d: %s" % (r.returncode, r.stderr))


def test_profile_errors():
    """Bad input: one line, non-zero status; the command's status passes."""
    for args, rc in ([[], 1], [["-F", "0", "--", "true"], 1],
                     [["--format=xml", "--", "true"], 1], [["-p", "999999"], 1],
                     [["--call-graph=lbr", "--", "true"], 1],
                     [["--gil", "--no-python", "--", "true"], 1],
                     [["--gil", "--dump", "-p", "1"], 1],
                     [["--", "/nonexistent/cmd"], 127]):
        r = run([STROBE, "profile"] + args)
        check(r.returncode == rc and len(r.stderr.strip().splitlines()) == 1,
              "%s: exit %d: %r" % (args, r.returncode, r.stderr))
    r = run([STROBE, "profile", "-o", "/dev/null", "--", "sh", "-c", "exit 3"])
    check(r.returncode == 3, "exit %d: %s" % (r.returncode, r.stderr))
    r = run([STROBE, "profile", "-o", "/nonexistent/dir/x.svg", "--", "true"])
    check(r.returncode == 1 and "cannot write" in r.stderr, r.stderr)


def test_profile_output_unknown_extension():
    """-o NAME whose extension names no format: strobe says on stderr which
    format it wrote (text) and that --format picks another; with --format,
    that format, and no note."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "prof.out")
        r = run([STROBE, "profile", "-o", out, "--", "sh", "-c", "exit 0"])
        check(r.returncode == 0, "exit %d: %s" % (r.returncode, r.stderr))
        check(re.search(r"prof\.out: no known extension .*writing text; --format", r.stderr),
              "no note of the format: %r" % r.stderr)
        check(open(out).read().startswith("strobe profile: "), "not text")
        r = run([STROBE, "profile", "--format=folded", "-o", out, "--", prog("callchain-O2-fp"),
                 "0.3"])
        check(r.returncode == 0 and "extension" not in r.stderr, r.stderr)
        check(all(re.match(r"^\S.* \d+$", l) for l in open(out).read().splitlines()),
              "not folded: %s" % open(out).read()[:300])


if __name__ == "__main__":
    sys.exit(run_tests(globals(), sys.argv[1:]))
