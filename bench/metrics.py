#!/usr/bin/env python3
"""--metrics' cost to the traced workload (make bench): W1 (dd, 1000k
one-byte copies, about 2M syscalls) under `strobe -c`, and under
`strobe -c --metrics` with a client scraping /metrics every second (and
once more every 0.1 s, ten times the usual rate, to make a cost show if
there is one), interleaved rounds, dd's own clock; the median of each and
the ratios.  The scrapes' own time and size are printed too.  Not a test:
nothing is asserted."""
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

STROBE = os.environ.get("STROBE", "build/strobe")
ROUNDS = int(os.environ.get("METRICS_ROUNDS", "7"))
W1 = ["dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=1000k"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def dd_seconds(text):
    m = re.search(r"copied, ([\d.]+) s", text)
    return float(m.group(1)) if m else None


def scraper(port, every, stop, took, sizes):
    while not stop.is_set():
        t = time.monotonic()
        try:
            with urllib.request.urlopen("http://127.0.0.1:%d/metrics" % port, timeout=2) as r:
                body = r.read()
            took.append(time.monotonic() - t)
            sizes.append(len(body))
        except OSError:
            pass
        stop.wait(every)


def one(kind, took, sizes):
    if kind == "untraced":
        r = subprocess.run(W1, capture_output=True, text=True)
        return dd_seconds(r.stderr)
    args = [STROBE, "-c", "-e", "trace=read,write"]
    port = free_port()
    if kind != "-c":
        args += ["--metrics", str(port)]
    # dd's own line goes to its stderr, strobe's table to strobe's: -o keeps them apart
    args += ["-o", "/dev/null", "--"] + W1
    stop = threading.Event()
    th = None
    if kind != "-c":
        every = 1.0 if kind == "-c --metrics, 1 scrape/s" else 0.1
        th = threading.Thread(target=scraper, args=(port, every, stop, took, sizes))
        th.start()
    r = subprocess.run(args, capture_output=True, text=True)
    stop.set()
    if th:
        th.join()
    return dd_seconds(r.stderr)


def main():
    kinds = ["untraced", "-c", "-c --metrics, 1 scrape/s", "-c --metrics, 10 scrapes/s"]
    res = {k: [] for k in kinds}
    took, sizes = [], []
    for i in range(ROUNDS):
        order = kinds[i % len(kinds):] + kinds[:i % len(kinds)]
        for k in order:
            s = one(k, took, sizes)
            if s:
                res[k].append(s)
    print("W1 (dd, 1000k one-byte copies), dd's own seconds, median of %d interleaved rounds"
          " (load %s):" % (ROUNDS, " ".join("%.1f" % x for x in os.getloadavg())))
    base = statistics.median(res["untraced"])
    plain = statistics.median(res["-c"])
    for k in kinds:
        m = statistics.median(res[k])
        print("  %-28s %6.3f s  %5.2fx untraced  %5.3fx -c" % (k, m, m / base, m / plain))
    if took:
        print("  scrapes: %d, median %.2f ms, max %.2f ms, %d bytes"
              % (len(took), 1e3 * statistics.median(took), 1e3 * max(took),
                 statistics.median(sizes)))


if __name__ == "__main__":
    sys.exit(main())
