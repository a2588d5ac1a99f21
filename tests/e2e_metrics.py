#!/usr/bin/env python3
"""End-to-end tests of --metrics against a real Prometheus (Debian's
prometheus package: started here on 127.0.0.1 with a generated config that
scrapes strobe every second), and of --cgroup/--container on a cgroup v2
directory of the test's own.

Workloads are tests/progs/summary (100 nanosleeps of 10 ms, 1000 getpid,
...) and tests/progs/lang_load (1000 getpid, 100 one-byte reads), so the
counts Prometheus reports are known; the p99 Prometheus computes from the
buckets is held to strobe's own -c p99 (same power-of-two bucket), and
every exposition passes `promtool check metrics`."""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import STROBE, Fail, check, prog, run, run_tests, table  # noqa: E402

PROM = shutil.which("prometheus")
PROMTOOL = shutil.which("promtool")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# one Prometheus for the suite; one strobe port per test (its own target)
TARGETS = {name: free_port() for name in ("counts", "script", "cap", "abuse")}
_prom = {}


def prometheus():
    """Start Prometheus once: (base URL)."""
    if "url" in _prom:
        return _prom["url"]
    check(PROM and PROMTOOL, "prometheus is not installed (scripts/deps.sh installs it)")
    d = tempfile.mkdtemp(prefix="strobe-prom-")
    port = free_port()
    with open(os.path.join(d, "prometheus.yml"), "w") as f:
        f.write("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n"
                "scrape_configs:\n  - job_name: strobe\n    static_configs:\n"
                "      - targets: [%s]\n"
                % ", ".join("'127.0.0.1:%d'" % p for p in TARGETS.values()))
    p = subprocess.Popen([PROM, "--config.file=" + os.path.join(d, "prometheus.yml"),
                          "--storage.tsdb.path=" + os.path.join(d, "data"),
                          "--web.listen-address=127.0.0.1:%d" % port, "--log.level=warn"],
                         stdout=subprocess.DEVNULL, stderr=open(os.path.join(d, "log"), "w"))
    _prom.update(url="http://127.0.0.1:%d" % port, proc=p, dir=d)
    for _ in range(300):
        try:
            urllib.request.urlopen(_prom["url"] + "/-/ready", timeout=1).read()
            return _prom["url"]
        except OSError:
            time.sleep(0.1)
    raise Fail("prometheus did not start: %s" % open(os.path.join(d, "log")).read()[-500:])


def query(expr):
    """Prometheus's instant query: [(labels, value)]"""
    url = prometheus() + "/api/v1/query?" + urllib.parse.urlencode({"query": expr})
    r = json.loads(urllib.request.urlopen(url, timeout=5).read())
    check(r["status"] == "success", r)
    return [(x["metric"], float(x["value"][1])) for x in r["data"]["result"]]


def wait_value(expr, want, secs=30):
    """Poll until expr's single value is want (Prometheus scrapes each second)."""
    got = None
    for _ in range(int(secs * 5)):
        res = query(expr)
        got = res[0][1] if len(res) == 1 else res
        if got == want:
            return
        time.sleep(0.2)
    t = json.loads(urllib.request.urlopen(prometheus() + "/api/v1/targets", timeout=5).read())
    why = ["%s %s %s" % (x["scrapeUrl"], x["health"], x["lastError"])
           for x in t["data"]["activeTargets"]]
    raise Fail("%s: Prometheus says %r, want %r (targets: %s)" % (expr, got, want, why))


def scrape(port, openmetrics=False):
    req = urllib.request.Request("http://127.0.0.1:%d/metrics" % port)
    if openmetrics:
        req.add_header("Accept", "application/openmetrics-text; version=1.0.0")
    with urllib.request.urlopen(req, timeout=5) as r:
        return r.headers.get("Content-Type"), r.read().decode()


def wait_served(port, p, secs=30):
    for _ in range(int(secs * 10)):
        if p.poll() is not None:
            raise Fail("strobe exited: %s" % (p.stderr.read() if p.stderr else ""))
        try:
            return scrape(port)[1]
        except OSError:
            time.sleep(0.1)
    raise Fail("strobe never served port %d" % port)


def promtool_ok(text, what):
    r = run([PROMTOOL, "check", "metrics"], input=text)
    check(r.returncode == 0, "promtool check metrics (%s): %s%s" % (what, r.stdout, r.stderr))


def inst(name):
    return 'instance="127.0.0.1:%d"' % TARGETS[name]


def bucket_of(ns):
    """The power-of-two bucket [2^j, 2^(j+1)) ns of a duration: its le is 2^(j+1)-1."""
    j = 0
    while (2 << j) - 1 < ns:
        j += 1
    return j


def stop(p, timeout=30):
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=timeout)
    return out, err


def test_counts_and_p99_match_prometheus():
    """-c --metrics: Prometheus's counters equal the workload's known calls
    and strobe's own table; histogram_quantile(0.99) is in the power-of-two
    bucket of strobe's -c p99."""
    prometheus()
    port = TARGETS["counts"]
    p = subprocess.Popen([STROBE, "-c", "-f", "-e", "trace=nanosleep,getpid,close",
                          "--by", "comm", "--metrics", "127.0.0.1:%d" % port, "--", "sh", "-c",
                          prog("summary") + " >/dev/null; exec sleep 20"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_served(port, p)
        sel = '{%s,comm="summary",syscall="%%s"}' % inst("counts")
        wait_value("strobe_syscalls_total" + sel % "getpid", 1000)
        wait_value("strobe_syscalls_total" + sel % "nanosleep", 100)
        wait_value("strobe_syscall_errors_total" + sel % "close", 25)
        wait_value("strobe_syscall_duration_seconds_count" + sel % "nanosleep", 100)
        # the same counts through increase() over the run (a counter from 0)
        inc = query("max_over_time(strobe_syscalls_total%s[5m])" % (sel % "getpid"))
        check(inc and inc[0][1] == 1000, inc)
        q = query("histogram_quantile(0.99, strobe_syscall_duration_seconds_bucket%s)"
                  % (sel % "nanosleep"))
        check(len(q) == 1, q)
        prom_p99_ns = round(q[0][1] * 1e9)	# a bucket's le, in seconds, back to ns
        ctype, text = scrape(port)
        check(ctype.startswith("text/plain; version=0.0.4"), ctype)
        promtool_ok(text, "-c text")
        octype, om = scrape(port, openmetrics=True)
        check(octype.startswith("application/openmetrics-text") and om.endswith("# EOF\n"),
              octype)
        check("strobe_programs_attached " in text and "strobe_events_lost_total 0" in text,
              text[-800:])
    finally:
        _, err = stop(p)
    # --by comm: the table of the "summary" group
    t = table(err[err.index("\nsummary\n"):].split("\n\n")[0])
    check(t["getpid"][0] == 1000 and t["nanosleep"][0] == 100, err)
    p99_us = float(t["nanosleep"][2][2])
    # -c's percentiles are within 1.5% (log-linear buckets, interpolated)
    # and printed to 10 ns: a p99 that close to a power of two may sit on
    # either side of it
    near = {bucket_of(p99_us * 1000 * f) for f in (0.985, 1.0, 1.015)}
    check(bucket_of(prom_p99_ns) in near,
          "Prometheus p99 %.0f ns, strobe -c p99 %.0f ns: not in one power-of-two bucket"
          % (prom_p99_ns, p99_us * 1000))


def test_script_maps_in_prometheus():
    """strobe script --metrics: count() as a counter with a comm label,
    hist() as a histogram whose buckets hold the 100 one-byte reads exactly."""
    prometheus()
    port = TARGETS["script"]
    prog_text = ('tracepoint:syscalls:sys_enter_getpid /comm == "lang_load"/ '
                 '{ @calls[comm] = count(); } '
                 'tracepoint:syscalls:sys_exit_read /comm == "lang_load"/ '
                 '{ @read_bytes = hist(args->ret); @reads = stats(args->ret); }')
    # -c splits its command at spaces (as bpftrace's): the shell line in a file
    wrap = tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False)
    wrap.write("#!/bin/sh\n%s >/dev/null\nexec sleep 20\n" % prog("lang_load"))
    wrap.close()
    os.chmod(wrap.name, 0o755)
    p = subprocess.Popen([STROBE, "script", "--metrics", str(port), "--metrics-prefix",
                          "t_", "-e", prog_text, "-c", wrap.name],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_served(port, p)
        try:
            wait_value('t_calls_total{%s,comm="lang_load"}' % inst("script"), 1000)
        except Fail as e:
            raise Fail("%s; strobe serves: %s" % (e, scrape(port)[1][:400]))
        # Prometheus asks for OpenMetrics, whose le is "1.0" where the text format's is "1"
        one = 't_read_bytes_bucket{%s,le=~"%%s(\\\\.0)?"}' % inst("script")
        wait_value("%s - ignoring(le) %s" % (one % "1", one % "0"), 100)
        _, text = scrape(port)
        promtool_ok(text, "script text")
        check(re.search(r'^t_reads_count \d+$', text, re.M) and
              re.search(r'^t_reads_avg ', text, re.M), text[:2000])
        # hist's _sum is the values' sum: at least the hundred one-byte reads
        s = query("t_read_bytes_sum{%s}" % inst("script"))
        check(s and s[0][1] >= 100, s)
    finally:
        out, err = stop(p)
        os.unlink(wrap.name)
    check("@calls[lang_load]: 1000" in out, out[-500:])


def test_ltrace_metrics_and_concurrent_scrapes():
    """strobe ltrace --metrics serves the per-function counts while the
    program runs (its 100 sleeps take a second at least); eight scrapes at
    once are all answered, each a valid exposition; the final table still
    counts every call (1185)."""
    port = free_port()
    p = subprocess.Popen([STROBE, "ltrace", "--metrics", str(port), "-e", "syscall", "--",
                          prog("summary")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    seen, texts = None, []
    try:
        while p.poll() is None and seen is None:
            try:
                _, text = scrape(port)
                m = re.search(r'^strobe_calls_total\{function="syscall"\} (\d+)$', text, re.M)
                if m:
                    seen = text
                    threads = [threading.Thread(target=lambda: texts.append(scrape(port)[1]))
                               for _ in range(8)]
                    for t in threads:
                        t.start()
                    for t in threads:
                        t.join()
            except OSError:
                time.sleep(0.05)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    check(seen, "no scrape showed the calls while they ran: %s" % err[-300:])
    promtool_ok(seen, "ltrace")
    check(len(texts) == 8, "%d of 8 concurrent scrapes answered" % len(texts))
    for t in texts:
        promtool_ok(t, "concurrent")
    rows = table(out + err)
    check(rows.get("syscall", (0,))[0] == 1185, out + err)


def test_series_cap_counts_drops():
    """--metrics-max-series: label sets past the cap are left out and counted."""
    port = TARGETS["cap"]
    p = subprocess.Popen([STROBE, "script", "--metrics", str(port), "--metrics-max-series",
                          "3", "-e", "tracepoint:raw_syscalls:sys_enter { @n[tid] = count(); }"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_served(port, p)
        for _ in range(5):	# a few threads of our own, so that there are more than 3
            subprocess.run(["true"])
        time.sleep(0.3)
        _, text = scrape(port)
        promtool_ok(text, "capped")
        series = re.findall(r"^bpftrace_n_total\{", text, re.M)
        dropped = int(re.search(r"^strobe_metrics_series_dropped (\d+)$", text, re.M).group(1))
        check(len(series) == 3 and dropped > 0, (len(series), dropped))
    finally:
        stop(p)


def test_abusive_clients_do_not_stop_tracing():
    """Idle connections past the limit, garbage, a huge header, headers
    never finished: the counts stay exact, and once those clients are gone a
    scrape is answered again."""
    port = TARGETS["abuse"]
    p = subprocess.Popen([STROBE, "-c", "-f", "--by", "comm", "-e", "trace=getpid",
                          "--metrics", str(port), "--", "sh", "-c",
                          "read x; %s >/dev/null; read y" % prog("summary")],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    socks = []
    try:
        wait_served(port, p)
        for _ in range(40):	# idle: never send a byte
            s = socket.socket()
            s.settimeout(2)
            try:
                s.connect(("127.0.0.1", port))
            except OSError:
                s.close()
                continue
            socks.append(s)
        for payload in (b"\x00\xff garbage\r\n\r\n", b"GET /metrics HTTP/1.1\r\nX: " +
                        b"a" * 200000 + b"\r\n\r\n", b"GET /metrics HTTP/1.1\r\nHost: x\r\n"):
            s = socket.socket()
            s.settimeout(2)
            try:
                s.connect(("127.0.0.1", port))
                s.sendall(payload)	# the last one: headers never finished
            except OSError:
                pass
            socks.append(s)
        p.stdin.write("go\n")
        p.stdin.flush()
        # the workload's getpid calls reach the kernel's counts meanwhile
        for s in socks:
            s.close()
        socks = []
        text, failed, last = None, 0, None
        end = time.time() + 40	# the server's idle timeout frees what is left
        while time.time() < end:
            try:
                text = scrape(port)[1]
                if 'comm="summary"} 1000' in text:
                    break
            except OSError as e:
                failed, last = failed + 1, e
            time.sleep(0.1)
        check(text and 'strobe_syscalls_total{syscall="getpid",comm="summary"} 1000' in text,
              "no scrape after the abusive clients left (%d failed, last %r): %r" % (
                  failed, last, (text or "")[:300]))
        promtool_ok(text, "after abuse")
        p.stdin.write("\n")
        p.stdin.close()
        p.wait(timeout=30)
        err = p.stderr.read()
    finally:
        for s in socks:
            s.close()
        if p.poll() is None:
            p.kill()
            p.wait()
    t = table(err[err.index("\nsummary\n"):].split("\n\n")[0])
    check(t.get("getpid", (0,))[0] == 1000, err[-800:])


def cgroup2():
    for line in open("/proc/self/mountinfo"):
        if " - cgroup2 " in line:
            return line.split()[4]
    raise Fail("no cgroup2 mount")


class Cgroup:
    """A cgroup v2 directory of the test's own (removed at the end)."""
    def __init__(self, name):
        self.rel = "/strobe-test-%s-%d" % (name, os.getpid())
        self.path = cgroup2() + self.rel
        os.makedirs(self.path, exist_ok=True)

    def inside(self, cmd):
        """sh that moves itself into the cgroup, then runs cmd."""
        return ["sh", "-c", "echo $$ > %s/cgroup.procs && exec %s" % (self.path, cmd)]

    def close(self):
        for _ in range(50):
            try:
                os.rmdir(self.path)
                return
            except OSError:
                time.sleep(0.1)


def test_cgroup_trace_only_its_processes():
    """--cgroup: the workload moved into the cgroup is traced, call by call;
    the same program outside it is not."""
    cg = Cgroup("trace")
    out = tempfile.NamedTemporaryFile("r", suffix=".trace")
    p = subprocess.Popen([STROBE, "--cgroup", cg.path, "-e", "trace=execve,getpid",
                          "-o", out.name], stderr=subprocess.PIPE, text=True)
    try:
        # attached once a marker exec inside the cgroup shows up
        for _ in range(100):
            run(cg.inside("/bin/true"))
            if "/bin/true" in open(out.name).read():
                break
            time.sleep(0.1)
        check("/bin/true" in open(out.name).read(), "strobe never saw the cgroup's exec")
        inner = subprocess.Popen(cg.inside(prog("summary")), stdout=subprocess.DEVNULL)
        outer = subprocess.Popen([prog("summary")], stdout=subprocess.DEVNULL)
        inner.wait(timeout=60)
        outer.wait(timeout=60)
        time.sleep(0.3)
    finally:
        stop(p)
        cg.close()
    text = open(out.name).read()
    pids = {int(m) for m in re.findall(r"^\[pid\s+(\d+)\] getpid\(\)", text, re.M)}
    check(pids == {inner.pid}, "getpid traced from %s; inside %d, outside %d"
          % (pids, inner.pid, outer.pid))
    check(len(re.findall(r"getpid\(\) += \d+", text)) == 1000, text[-500:])


def test_cgroup_summary_by_cgroup_path():
    """-c --cgroup --by cgroup: exactly the cgroup's calls, under its path."""
    cg = Cgroup("sum")
    port = free_port()
    p = subprocess.Popen([STROBE, "-c", "--by", "cgroup", "--cgroup", cg.rel, "-e",
                          "trace=getpid,nanosleep", "--metrics", str(port)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_served(port, p)
        inner = subprocess.Popen(cg.inside(prog("summary")), stdout=subprocess.DEVNULL)
        outer = subprocess.Popen([prog("summary")], stdout=subprocess.DEVNULL)
        inner.wait(timeout=60)
        outer.wait(timeout=60)
        _, text = scrape(port)
        promtool_ok(text, "--by cgroup")
        check('strobe_syscalls_total{syscall="getpid",cgroup="%s"} 1000' % cg.rel in text,
              text[:1500])
    finally:
        _, err = stop(p)
        cg.close()
    # the path inside the cgroup2 mount, the group's title line by itself
    # (the whole /sys/fs/cgroup was searched before, v1 hierarchies too)
    check(re.search(r"^%s$" % re.escape(cg.rel), err, re.M), err[:500])
    t = table(err)
    check(t.get("getpid", (0,))[0] == 1000 and t.get("nanosleep", (0,))[0] == 100, err)


def test_cgroup_profile_and_ltrace():
    """strobe profile --cgroup samples only the cgroup's busy loop (per pid),
    strobe ltrace --cgroup traces only its libc calls: the summary
    program's 1185 syscall() calls inside, nothing from the run outside."""
    cg = Cgroup("prof")
    loop = "timeout 30 sh -c 'while :; do :; done'"
    inner = subprocess.Popen(cg.inside(loop))
    outer = subprocess.Popen(["sh", "-c", "exec " + loop])
    folded = tempfile.NamedTemporaryFile("r", suffix=".folded")
    try:
        time.sleep(0.5)
        # timeout and its shell loop: the cgroup's processes
        inside = {int(x) for x in open(cg.path + "/cgroup.procs").read().split()}
        outside = {int(x) for x in run(["pgrep", "-P", str(outer.pid)]).stdout.split()}
        r = run([STROBE, "profile", "--cgroup", cg.path, "-d", "1", "--per-pid",
                 "--format=folded", "-o", folded.name])
        check(r.returncode == 0, r.stderr)
        text = open(folded.name).read()
        pids = {int(m) for m in re.findall(r"^\S+ (\d+);", text, re.M)}
        check(pids and pids <= inside and not pids & outside,
              "samples from %s; inside %s, outside %s: %s" % (pids, inside, outside, text[:300]))
    finally:
        for p in (inner, outer):
            p.terminate()	# timeout passes it on to the loop
            p.wait()
    libc = "/lib/x86_64-linux-gnu/libc.so.6"
    out = tempfile.NamedTemporaryFile("r", suffix=".ltrace")
    p = subprocess.Popen([STROBE, "ltrace", "--cgroup", cg.path, "-e", "syscall", "-l", libc,
                          "-o", out.name], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    try:
        # attached once a first run inside shows up in the trace
        for _ in range(100):
            run(cg.inside(prog("summary")))
            if "syscall(" in open(out.name).read():
                break
        outer = subprocess.Popen([prog("summary")], stdout=subprocess.DEVNULL)
        outer.wait(timeout=60)
        inner = subprocess.Popen(cg.inside(prog("summary")), stdout=subprocess.DEVNULL)
        inner.wait(timeout=60)
        time.sleep(0.5)
    finally:
        stop(p)
        cg.close()
    calls = {}
    for m in re.finditer(r"^\[pid\s+(\d+)\] syscall\(", open(out.name).read(), re.M):
        calls[int(m.group(1))] = calls.get(int(m.group(1)), 0) + 1
    check(calls.get(inner.pid) == 1185 and outer.pid not in calls,
          "inside run %d: %s calls, outside run %d: %s; all: %s"
          % (inner.pid, calls.get(inner.pid), outer.pid, calls.get(outer.pid), calls))


def test_container_by_unit_and_id_and_error():
    """--container: a systemd-style unit by name, a Docker-style scope by id
    prefix, each resolved to its cgroup (the workload moved in is counted
    under that path); nothing matching: one line listing what was found."""
    unit = Cgroup("web")
    os.rmdir(unit.path)
    unit.rel += ".scope"
    unit.path += ".scope"
    os.makedirs(unit.path)
    cid = "%064x" % (os.getpid() << 224 | 0xabcdef)	# its first 12 digits: this run's
    dock = Cgroup("x")
    os.rmdir(dock.path)
    dock.rel = "/docker-%s.scope" % cid
    dock.path = cgroup2() + dock.rel
    os.makedirs(dock.path, exist_ok=True)
    # a process in each, as a container's would be
    holders = [subprocess.Popen(c.inside("sleep 60")) for c in (unit, dock)]
    try:
        time.sleep(0.2)
        name = os.path.basename(unit.rel)[:-len(".scope")]
        for want, cg in ((name, unit), (cid[:12], dock)):
            port = free_port()
            p = subprocess.Popen([STROBE, "-c", "--container", want, "-e", "trace=getpid",
                                  "--by", "cgroup", "--metrics", str(port)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                wait_served(port, p)
                run(cg.inside(prog("summary")))
            finally:
                _, err = stop(p)
            check(cg.rel in err and table(err).get("getpid", (0,))[0] == 1000,
                  "--container %s: %s" % (want, err[:600]))
        r = run([STROBE, "-c", "--container", "no-such-container-here"])
        lines = r.stderr.strip().splitlines()
        check(r.returncode != 0 and len(lines) == 1 and "found:" in lines[0] and
              cid[:12] in lines[0] and name in lines[0], r.stderr)
    finally:
        for h in holders:
            h.kill()
            h.wait()
        unit.close()
        dock.close()


if __name__ == "__main__":
    try:
        rc = run_tests(globals(), sys.argv[1:])
    finally:
        if "proc" in _prom:
            _prom["proc"].terminate()
            _prom["proc"].wait()
            shutil.rmtree(_prom["dir"], ignore_errors=True)
    sys.exit(rc)
