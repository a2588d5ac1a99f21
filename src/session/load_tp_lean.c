// SPDX-License-Identifier: GPL-2.0
/* The loader of syscalls.bpf.c's "_tp_lean" build (see load_tp.c): strobe's
 * own (util/bpfimg.c), from the image the build made of it. */
#include "../util/util.h"
#include "syscalls_tp_lean.lskel.h"
#include "syscalls_tp_lean.img.h"
#include "session.h"

int syscalls_load_tp_lean(struct syscalls_bpf *skel)
{
	return bpfimg_load(&img_tp_lean_image, skel);
}
