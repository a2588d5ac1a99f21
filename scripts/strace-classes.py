#!/usr/bin/env python3
"""Which system calls each of strace's classes (-e trace=%file, %desc, ...)
selects, taken from strace itself: tests/progs/allcalls makes every call
number once (a seccomp filter fails them all before the kernel runs them,
after strace has seen them), and `strace -e trace=%CLASS` prints exactly
the calls it selects.  Writes scripts/syscall-classes-x86_64.txt, which
scripts/gen-syscall-table.py turns into the class bits of the syscall
table (calls strace does not know keep the classes their arguments give).  tests/e2e_cli.py runs the same derivation against strobe.

usage: scripts/strace-classes.py [ALLCALLS_BINARY]
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "syscall-classes-x86_64.txt")

# strace's class names (strace -h), and the SC_ bit each one is in strobe
CLASSES = [("file", "FILE"), ("desc", "DESC"), ("process", "PROCESS"),
           ("network", "NETWORK"), ("signal", "SIGNAL"), ("ipc", "IPC"),
           ("memory", "MEMORY"), ("creds", "CREDS"), ("clock", "CLOCK"),
           ("stat", "STAT"), ("lstat", "LSTAT"), ("fstat", "FSTAT"),
           ("%stat", "STAT_ALL"), ("statfs", "STATFS"), ("fstatfs", "FSTATFS"),
           ("%statfs", "STATFS_ALL"), ("pure", "PURE")]


def build_allcalls(tmp):
    src = os.path.join(HERE, "..", "tests", "progs", "allcalls.c")
    exe = os.path.join(tmp, "allcalls")
    subprocess.run(["cc", "-O0", "-o", exe, src], check=True)
    return exe


def names_in(tracer, expr, allcalls):
    """The calls `tracer -e trace=EXPR allcalls` prints."""
    with tempfile.NamedTemporaryFile("r") as t:
        subprocess.run([tracer, "-o", t.name, "-e", "trace=" + expr, "--", allcalls],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=120)
        return {m.group(1) for m in re.finditer(r"^(\w+)\(", t.read(), re.M)
                if not m.group(1).startswith("syscall_")}


def strace_classes(allcalls):
    return {cls: names_in("strace", "%" + cls, allcalls) for cls, _ in CLASSES}


def strace_known(allcalls):
    """The calls strace knows by name (the others it prints as syscall_0x...)"""
    return names_in("strace", "all", allcalls)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        allcalls = sys.argv[1] if len(sys.argv) > 1 else build_allcalls(tmp)
        classes = strace_classes(allcalls)
        known = strace_known(allcalls)
    version = subprocess.run(["strace", "-V"], capture_output=True, text=True).stdout
    with open(OUT, "w") as f:
        f.write("# The calls each strace class selects, from %s" % version.splitlines()[0])
        f.write("\n# on this machine; made by scripts/strace-classes.py, read by\n"
                "# scripts/gen-syscall-table.py.  class: names\n")
        for cls, bit in CLASSES:
            f.write("%s: %s\n" % (bit, " ".join(sorted(classes[cls]))))
        f.write("# every call strace knows: the others keep classes by their arguments\n")
        f.write("KNOWN: %s\n" % " ".join(sorted(known)))
    print("wrote %s: %s" % (OUT, ", ".join("%%%s %d" % (c, len(classes[c]))
                                           for c, _ in CLASSES)))


if __name__ == "__main__":
    main()
