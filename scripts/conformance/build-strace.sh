#!/bin/sh
# Build strace from Debian's source package and its test programs, once:
#   build-strace.sh SRC BUILD     (out-of-tree build in BUILD; stamp BUILD/.built)
# Takes about 15 minutes on 2 CPUs; runs under nice so it does not starve
# the rest of the machine.  strace itself is the suite's reference run.
set -e
src=$(cd "$1" && pwd); build=$2
[ -f "$build/.built" ] && exit 0
mkdir -p "$build"; cd "$build"
jobs=$(nproc 2>/dev/null || echo 2)
if [ ! -f config.status ]; then
	echo "conformance: configuring strace in $build" >&2
	# mpers (32-bit personalities) needs gcc-multilib and only adds the
	# tests-m32/-mx32 copies of the suite, which strobe does not target.
	# The bundled uapi headers: strace 6.1 does not build against newer
	# ones (Debian 12's linux-libc-dev 6.1.19x renamed nexthop_grp.resvd1).
	nice "$src/configure" --enable-mpers=no --enable-bundled=yes -q >configure.log 2>&1 ||
		{ tail -20 configure.log >&2; exit 1; }
fi
echo "conformance: building strace (log: $build/make.log)" >&2
nice make -j"$jobs" >make.log 2>&1 || { tail -30 make.log >&2; exit 1; }
echo "conformance: building strace's tests (log: $build/make-tests.log)" >&2
nice make -j"$jobs" -C tests check TESTS= >make-tests.log 2>&1 ||
	{ tail -30 make-tests.log >&2; exit 1; }
touch .built
