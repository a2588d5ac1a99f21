/* SPDX-License-Identifier: GPL-2.0 */
/* Shared inside src/stack/ only: what an image holds. */
#ifndef STROBE_STACK_INTERNAL_H
#define STROBE_STACK_INTERNAL_H

#include <elfutils/libdwfl.h>

#include "stack.h"

struct umap {
	uint64_t lo, hi, pgoff;
	const char *path;	/* into uimage.maps, not terminated */
	size_t path_len;
	bool exec;
};

struct jit_sym {
	uint64_t lo, hi;
	char *name;
};

struct uimage {
	pid_t pid;
	char *maps;		/* /proc/PID/maps format */
	struct umap *map;	/* its mappings that have a name */
	size_t nmap;
	struct jit_sym *jit;	/* /tmp/perf-PID.map */
	size_t njit;
	Dwfl *dwfl;
	bool dwfl_failed;
	bool can_unwind;	/* the session has a thread to unwind */
	bool main_only;		/* symbols from the mapped files, not debug files */
	struct modinfo *modinfos;	/* symbol.c's, per module */
	char *path_buf;		/* usym.path, terminated */
	size_t path_cap;
	/* the copy being unwound, for the callbacks */
	const uint64_t *cur_regs;
	const uint8_t *cur_stack;
	uint32_t cur_len;
	bool cur_beyond;	/* the walk asked for stack above the copy */
	pid_t cur_tid;
};

/* The libdwfl session, made on first use; NULL if it cannot be. */
Dwfl *uimage_dwfl(struct uimage *im);
const struct umap *uimage_mapping(const struct uimage *im, uint64_t pc);
void uimage_free_modinfos(struct uimage *im);

#endif
