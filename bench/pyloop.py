"""A CPU-bound Python loop for bench/profile.py: fixed work, ten Python
frames deep, timed on its own clock; prints "work: SECONDS s" on stderr."""
import sys
import time


def leaf(n):
    s = 0
    for i in range(n):
        s += i * i
    return s


def level(depth, n):
    if depth == 0:
        return leaf(n)
    return level(depth - 1, n)


def main(rounds):
    t = time.perf_counter()
    c = time.process_time()
    for _ in range(rounds):
        level(10, 20000)
    # wall time, and the process's CPU time: the sampling program runs in
    # the sampled thread's context, so it is charged there, and CPU time
    # moves less than wall time on a shared machine
    sys.stderr.write("work: %.4f s cpu %.4f s\n" % (time.perf_counter() - t,
                                                   time.process_time() - c))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
