"""Known Python call chains for strobe profile's Python tests
(tests/e2e_py.py).  Lines marked "# L:name" are looked up by the test, so
the expected line numbers come from this file, not from strobe.
Runs on CPython 3.6 and later: no f-strings, no walrus.

    pywork.py chain SEC      main -> heavy -> spin (2 parts), light -> spin (1)
    pywork.py threads SEC    worker_a and worker_b threads, each -> spin
    pywork.py sleep          sleeper -> time.sleep, 5 x 0.1 s
    pywork.py idle [named]   10 threads named CustomThreadName-0..9 in
                             idle_wait, the main thread in idle_main, asleep;
                             with "named", one more thread with the default
                             name, and the line "ready" goes on with each
                             thread's "TID=NAME", tab-separated (3.8+)
    pywork.py naps           naps -> time.sleep, 0.5 s at a time, forever
    pywork.py gil SEC        gil_spinner -> spin holds the GIL; gil_hasher
                             hashes in C with it released, gil_sleeper
                             sleeps with it released
    pywork.py parent         runs "pywork.py chain 3600" as a child and
                             waits for it in parent_wait
"""
import sys
import threading
import time


def spin(n):
    s = 0
    for i in range(n):  # L:spin-loop
        s += i  # L:spin-body
    return s


def heavy():
    return spin(40000)  # L:heavy-call


def light():
    return spin(20000)  # L:light-call


def main(seconds):
    end = time.time() + seconds
    while time.time() < end:
        heavy()  # L:main-heavy
        light()  # L:main-light


def worker_a(end):
    while time.time() < end:
        spin(20000)  # L:a-call


def worker_b(end):
    while time.time() < end:
        spin(20000)  # L:b-call


def threads(seconds):
    end = time.time() + seconds
    ts = [threading.Thread(target=worker_a, args=(end,)),
          threading.Thread(target=worker_b, args=(end,))]
    for t in ts:
        t.start()
    for t in ts:
        t.join()  # L:join


def sleeper():
    for _ in range(5):
        time.sleep(0.1)  # L:sleep-call


def idle_wait():
    time.sleep(3600)  # L:idle-wait


def idle_main(named):
    ts = []
    for i in range(10):
        ts.append(threading.Thread(target=idle_wait, name="CustomThreadName-%d" % i))
    if named:
        ts.append(threading.Thread(target=idle_wait))  # "Thread-11 (idle_wait)"
    for t in ts:
        t.daemon = True
        t.start()
    names = ""
    if named:
        for t in [threading.main_thread()] + ts:
            names += "\t%d=%s" % (t.native_id, t.name)
    sys.stdout.write("ready%s\n" % names)
    sys.stdout.flush()
    time.sleep(3600)  # L:idle-main


def parent_wait():
    import subprocess
    child = subprocess.Popen([sys.executable, __file__, "chain", "3600"],
                             stdout=subprocess.PIPE)
    child.stdout.readline()
    sys.stdout.write("child %d\n" % child.pid)
    sys.stdout.flush()
    child.wait()  # L:parent-wait


def gil_spinner(end):
    while time.time() < end:
        spin(20000)  # L:gil-spin


def gil_hasher(buf):
    import hashlib
    while True:
        hashlib.sha256(buf).digest()  # L:gil-hash


def gil_sleeper():
    time.sleep(3600)  # L:gil-sleep


def gil(seconds):
    end = time.time() + seconds
    for f, args in ((gil_hasher, (b"x" * (8 << 20),)), (gil_sleeper, ())):
        t = threading.Thread(target=f, args=args)
        t.daemon = True
        t.start()
    gil_spinner(end)  # L:gil-main


def naps():
    while True:
        time.sleep(0.5)  # L:nap


if __name__ == "__main__":
    if sys.argv[1] == "idle":
        idle_main(sys.argv[2:] == ["named"])  # L:module-idle
        sys.exit(0)
    if sys.argv[1] == "parent":
        parent_wait()  # L:module-parent
        sys.exit(0)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    if sys.argv[1] == "chain":
        main(float(sys.argv[2]))  # L:module-main
    elif sys.argv[1] == "threads":
        threads(float(sys.argv[2]))  # L:module-threads
    elif sys.argv[1] == "gil":
        gil(float(sys.argv[2]))  # L:module-gil
    elif sys.argv[1] == "naps":
        naps()  # L:module-naps
    else:
        sleeper()  # L:module-sleeper
