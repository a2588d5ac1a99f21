#!/bin/sh
# Lay out bpftrace's runtime test tree as its CMake build would, without
# building bpftrace itself (/usr/bin/bpftrace is the reference):
#   build-bpftrace.sh SRC BUILD    -> BUILD/tests/{runtime,testprogs,testlibs}
# The test programs and libraries are compiled with gcc and the flags
# tests/CMakeLists.txt gives them: -g -O0, programs -no-pie, libraries
# shared, HAVE_SYSTEMTAP_SYS_SDT_H when <sys/sdt.h> is there.  The engine
# runs from BUILD/tests, where the tests' ./testprogs/... paths resolve.
set -e
src=$(cd "$1" && pwd)/tests; build=$2
[ -f "$build/.built" ] && exit 0
t=$build/tests
rm -rf "$t"; mkdir -p "$t/testprogs" "$t/testlibs"
t=$(cd "$t" && pwd)
sdt=""
echo '#include <sys/sdt.h>' | gcc -E -x c - >/dev/null 2>&1 && sdt=-DHAVE_SYSTEMTAP_SYS_SDT_H
for c in "$src"/testlibs/*.c; do
	n=$(basename "$c" .c)
	nice gcc -g -O0 -fPIC -shared $sdt -o "$t/testlibs/lib$n.so" "$c"
	chmod -x "$t/testlibs/lib$n.so"
done
for c in "$src"/testprogs/*.c; do
	n=$(basename "$c" .c)
	extra=""
	# CMake: usdt_lib includes testlibs/ and links usdt_tp (found at run
	# time through the build tree's rpath)
	[ "$n" = usdt_lib ] && extra="-I$src/testlibs -L$t/testlibs -lusdt_tp -Wl,-rpath,$t/testlibs"
	nice gcc -g -O0 -no-pie $sdt -o "$t/testprogs/$n" "$c" $extra
done
cp -r "$src/runtime" "$t/runtime"
# the engine's one configured file: AOT is not run here
echo 'LIBBCC_BPF_CONTAINS_RUNTIME = False' > "$t/runtime/engine/cmake_vars.py"
touch "$build/.built"
