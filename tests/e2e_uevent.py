#!/usr/bin/env python3
"""End-to-end tests of --event uprobe:/uretprobe:/usdt: beyond the live
stream: -c/-C/--hist over uprobe+uretprobe pairs, and user probes in
strobe record / report / export.  Real BPF on tests/progs/libcalls.c,
compared with bpftrace 0.17 counting the same calls."""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import STROBE, check, prog, run, run_tests  # noqa: E402

LIBC = "/lib/x86_64-linux-gnu/libc.so.6"
PAIRS = ["--event", "uprobe:libc:strtol", "--event", "uretprobe:libc:strtol",
         "--event", "uprobe:libc:getenv", "--event", "uretprobe:libc:getenv"]


def bpftrace_counts(program, cmd):
    """{map name: count} of bpftrace's count() maps."""
    r = run(["bpftrace", "-e", program, "-c", cmd], timeout=120)
    return {m.group(1): int(m.group(2))
            for m in re.finditer(r"^@(\w*): (\d+)$", r.stdout, re.M)}


def table_rows(text):
    """Rows of a -c table: {name: (calls, errors)}; tables in order."""
    tables, rows = [], None
    for l in text.splitlines():
        if l.startswith("% time"):
            rows = {}
            tables.append((l.split()[6], rows))
            continue
        f = l.split()
        if rows is None or len(f) < 9 or not re.match(r"^[\d.]+$", f[0]):
            continue
        errors = int(f[4]) if len(f) == 10 else 0
        rows[f[-5]] = (int(f[3]), errors)
    return tables


def reference(n):
    return bpftrace_counts(
        "uprobe:%s:strtol /pid == cpid/ { @s = count(); } "
        "uprobe:%s:getenv /pid == cpid/ { @g = count(); } "
        "uretprobe:%s:getenv /pid == cpid && retval == 0/ { @ge = count(); }"
        % (LIBC, LIBC, LIBC), "%s %d" % (prog("libcalls"), n))


def test_summary_of_pairs_like_bpftrace():
    """-c on uprobe+uretprobe pairs: calls as bpftrace counts them, errors
    where the prototype says (getenv's NULL), no syscall table when no
    syscall is selected."""
    n = 300
    r = run([STROBE, "-c", "--no-syscalls"] + PAIRS + ["--", prog("libcalls"), str(n)])
    check(r.returncode == 0, r.stderr)
    t = table_rows(r.stderr)
    check(len(t) == 1 and t[0][0] == "function", r.stderr)
    ref = reference(n)
    rows = t[0][1]
    check(rows.get("strtol") == (ref.get("s"), 0), "strobe %r, bpftrace %r" % (rows, ref))
    check(rows.get("getenv") == (ref.get("g"), ref.get("ge")) and ref.get("ge", 0) >= 1,
          "strobe %r, bpftrace %r" % (rows, ref))


def test_summary_syscalls_then_functions():
    """Syscalls and pairs selected: the syscall table (as strace -c), then
    the functions' own table; JSON rows say which they are."""
    r = run([STROBE, "-c", "-e", "trace=openat,close"] + PAIRS[:4] +
            ["--", prog("libcalls"), "5"])
    check(r.returncode == 0, r.stderr)
    t = table_rows(r.stderr)
    check([x[0] for x in t] == ["syscall", "function"] and "openat" in t[0][1]
          and "strtol" not in t[0][1] and t[1][1].get("strtol", (0,))[0] >= 7, r.stderr)
    r = run([STROBE, "-c", "--json", "-e", "trace=close"] + PAIRS[:4] +
            ["--", prog("libcalls"), "5"])
    rows = [json.loads(l) for l in r.stderr.splitlines() if l.startswith('{"type":"row"')]
    check(any(x.get("syscall") == "close" for x in rows) and
          any(x.get("function") == "strtol" and x["calls"] >= 7 for x in rows), r.stderr)


def test_hist_of_pairs():
    n = 200
    r = run([STROBE, "-c", "--hist", "--no-syscalls"] + PAIRS[:4] +
            ["--", prog("libcalls"), str(n)])
    check(r.returncode == 0, r.stderr)
    m = re.search(r"^strtol: (\d+) calls", r.stderr, re.M)
    buckets = re.findall(r"^\[[^)\]]+[)\]]\s+(\d+) \|", r.stderr, re.M)
    check(m and int(m.group(1)) >= n + 2 and sum(map(int, buckets)) == int(m.group(1)),
          r.stderr)


def test_summary_system_wide():
    """-a: every process's calls, counted until Ctrl-C."""
    n = 100
    s = subprocess.Popen([STROBE, "-c", "--all", "--no-syscalls"] + PAIRS[:4],
                         stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    run([prog("libcalls"), str(n)])
    time.sleep(0.3)
    s.send_signal(signal.SIGINT)
    _, err = s.communicate(timeout=30)
    rows = dict(table_rows(err)[0][1]) if table_rows(err) else {}
    check(rows.get("strtol", (0,))[0] >= n + 2, err)


PY311 = "/usr/bin/python3.11"
RECORDED = ["-e", "trace=openat", "--event", "uprobe:libc:open", "--event",
            "uretprobe:libc:open", "--event", "uprobe:libc:strtol", "--event",
            "uretprobe:libc:getenv", "--event", "uprobe:libc:getenv"]


def test_record_report_same_lines_as_live():
    """report prints a recording's user probes as the live stream did, in
    the same order among the syscalls (only run-to-run values differ)."""
    def norm(text):
        return [re.sub(r"0x[0-9a-f]+", "0x?", l) for l in text.splitlines()
                if not l.startswith("strobe:")]
    with tempfile.TemporaryDirectory() as d:
        data = os.path.join(d, "u.data")
        r = run([STROBE, "record", "-o", data] + RECORDED + ["--", prog("libcalls"), "3"])
        check(r.returncode == 0, r.stderr)
        rep = run([STROBE, "report", data])
        live = run([STROBE] + RECORDED + ["--", prog("libcalls"), "3"])
        check(rep.returncode == 0 and norm(rep.stdout) == norm(live.stderr) and
              any(":open(retval=3)" in l for l in norm(rep.stdout)),
              "report:\n%s\nlive:\n%s" % (rep.stdout, live.stderr))
        with open(data, "rb") as f:
            check(f.read(12)[8:] == b"\x02\0\0\0", "version 2: the file has probes")
        # -c from the records: the pairs' calls, and getenv's NULL an error
        c = run([STROBE, "report", "-c", data])
        t = table_rows(c.stdout)
        check([x[0] for x in t] == ["syscall", "function"] and
              t[1][1].get("open") == (1, 0) and t[1][1].get("getenv", (0, 0))[1] >= 1 and
              t[1][1].get("strtol", (0,))[0] >= 5, c.stdout + c.stderr)


def test_export_slices_and_instants():
    """Perfetto: a uprobe+uretprobe pair is a slice with the entry's
    arguments and the result; a uprobe alone and a USDT marker instants."""
    with tempfile.TemporaryDirectory() as d:
        data, out = os.path.join(d, "u.data"), os.path.join(d, "u.json")
        r = run([STROBE, "record", "-o", data] + RECORDED + ["--", prog("libcalls"), "2"])
        check(r.returncode == 0, r.stderr)
        r = run([STROBE, "export", "--format=perfetto", "-o", out, data])
        check(r.returncode == 0, r.stderr)
        with open(out) as f:
            ev = json.load(f)["traceEvents"]
        opens = [e for e in ev if e.get("name") == "open"]
        check(len(opens) == 1 and opens[0]["ph"] == "X" and opens[0]["dur"] > 0 and
              opens[0]["args"]["call"] == 'open(path="/dev/null", flags=O_WRONLY|O_APPEND)'
              and opens[0]["args"]["result"] == "3", opens)
        strtols = [e for e in ev if e.get("name") == "strtol"]
        check(len(strtols) == 4 and all(e["ph"] == "i" for e in strtols), strtols)
        openat = [e for e in ev if e.get("name") == "openat" and "/dev/null" in
                  e["args"]["call"]]
        # the syscall open makes lies inside the library call's slice
        check(openat and opens[0]["ts"] <= openat[0]["ts"] and
              openat[0]["ts"] + openat[0]["dur"] <= opens[0]["ts"] + opens[0]["dur"],
              (opens, openat))
        with tempfile.NamedTemporaryFile("w", suffix=".py", dir=d, delete=False) as f:
            f.write("import json\n")
        r = run([STROBE, "record", "-o", data, "--no-syscalls", "--event",
                 "usdt:%s:python:import__find__load__done" % PY311, "--", "/usr/bin/python3",
                 f.name])
        check(r.returncode == 0, r.stderr)
        rep = run([STROBE, "report", data])
        check('import__find__load__done(modulename="json", found=1)' in rep.stdout,
              rep.stdout + rep.stderr)
        run([STROBE, "export", "--format=perfetto", "-o", out, data])
        with open(out) as f:
            ev = json.load(f)["traceEvents"]
        check(any(e.get("cat") == "usdt" and e["ph"] == "i" and
                  'modulename="json"' in e["args"]["call"] for e in ev), ev[:5])


def test_pair_lines_and_durations():
    """A pair prints the lines two probes print; -T adds the call's time to
    the return line; the return line's time is its own (after the entry's)."""
    r = run([STROBE, "-T", "-ttt", "--no-syscalls", "--event", "uprobe:libc:open",
             "--event", "uretprobe:libc:open", "--", prog("libcalls")])
    check(r.returncode == 0, r.stderr)
    lines = [l for l in r.stderr.splitlines() if ":open(" in l]
    check(len(lines) == 2 and re.search(r" uprobe:\S+:open\(path=\"/dev/null\"", lines[0])
          and re.search(r" uretprobe:\S+:open\(retval=3\) <\d+\.\d{6}>$", lines[1]),
          r.stderr)
    t0, t1 = (float(l.split()[0]) for l in lines)
    dur = float(re.search(r"<([\d.]+)>$", lines[1]).group(1))
    check(t1 >= t0 and abs((t1 - t0) - dur) < 2e-6, lines)


if __name__ == "__main__":
    sys.exit(run_tests(globals(), sys.argv[1:]))
