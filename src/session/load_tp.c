// SPDX-License-Identifier: GPL-2.0
/*
 * bpf/syscalls.bpf.c is built four times: with the raw sys_enter/sys_exit
 * front end or the per-syscall tracepoints' one (-DPER_SYSCALL, "_tp"), and
 * with or without the code of -k/-i and -y (-DLEAN, "_lean").  A session
 * loads only the build it needs, so the kernel verifies and relocates no
 * program and no code it will not run (docs/design.md, Loading).  All four
 * have the same maps, programs and globals in the same order, so their
 * skeleton structs are one type (the build compares them:
 * scripts/lskel-same-layout.sh); each build's image is in a file of its
 * own (this one, load_lean.c, load_tp_lean.c, bpf_setup.c), apart from the
 * others' definitions of that struct.  strobe's own loader loads them
 * (util/bpfimg.c); the light skeleton gives the struct, its __open and its
 * attach functions.
 */
#include "../util/util.h"
#include "syscalls_tp.lskel.h"
#include "syscalls_tp.img.h"
#include "session.h"

int syscalls_load_tp(struct syscalls_bpf *skel)
{
	return bpfimg_load(&img_tp_image, skel);
}
