#!/bin/sh
# Install the Debian packages strobe needs to build and test, only those
# missing, so running it again costs one dpkg query.  Idempotent; root only.
#   scripts/deps.sh          build + test dependencies (bpftrace: the
#                            reference strobe script is compared with)
#   scripts/deps.sh bench    also the tools bench/ compares against
#   scripts/deps.sh conformance  also what `make conformance` needs to fetch
#                            and build strace's and bpftrace's test suites
#                            (dpkg-dev: apt-get source; gawk, faketime: tests)
set -e
pkgs="make gcc clang llvm libbpf-dev bpftool libelf-dev libdw-dev zlib1g-dev libzstd-dev liblzma-dev libbz2-dev pkg-config strace python3 util-linux elfutils tmux libclang-rt-14-dev protobuf-compiler golang-go ltrace openssl bpftrace libc6-dbg systemtap-sdt-dev libmicrohttpd-dev prometheus"
[ "$1" = bench ] && pkgs="$pkgs linux-perf bpftrace hyperfine time"
[ "$1" = conformance ] && pkgs="$pkgs dpkg-dev xz-utils gawk faketime diffutils procps"
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "strobe: missing packages:$missing; run as root: apt-get install$missing" >&2
	exit 1
fi
echo "strobe: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q $missing >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q $missing >/dev/null; }
