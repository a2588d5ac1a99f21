// SPDX-License-Identifier: GPL-2.0
/* The loader of syscalls.bpf.c's "_lean" build (see load_tp.c). */
#include "../util/lskel.h"	/* the loader's fds: held (util/lskel.c) */
#include "syscalls_lean.lskel.h"
#include "session.h"

int syscalls_load_lean(struct syscalls_bpf *skel)
{
	return syscalls_bpf__load(skel);
}
