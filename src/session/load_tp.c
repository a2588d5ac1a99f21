// SPDX-License-Identifier: GPL-2.0
/*
 * bpf/syscalls.bpf.c is built twice: with the raw sys_enter/sys_exit front
 * end (syscalls.lskel.h) and with the per-syscall tracepoints' one
 * (-DPER_SYSCALL, syscalls_tp.lskel.h), so that a session loads, and the
 * kernel verifies and relocates, only the programs of the path it takes
 * (docs/design.md, Loading).  Both builds have the same maps and program
 * names in the same order, so their skeleton structs are the same type
 * (the build compares them: scripts/lskel-same-layout.sh); this file
 * holds the second build's loader, apart from the first's definitions.
 */
#include "syscalls_tp.lskel.h"
#include "session.h"

int syscalls_tp_load(struct syscalls_bpf *skel)
{
	return syscalls_bpf__load(skel);
}
