/* SPDX-License-Identifier: GPL-2.0 */
/* What detect.c, code.c and merge.c share: the processes and their code. */
#ifndef STROBE_PYTHON_INTERNAL_H
#define STROBE_PYTHON_INTERNAL_H

#include "python.h"

struct pycode {
	uint64_t addr;		/* 0: a free slot */
	uint64_t sig;		/* struct py_frame's sig when it was read */
	char *name, *file;	/* NULL: could not be read */
	int firstlineno;
	uint8_t *lt;		/* the line table */
	uint32_t ltlen;
};

enum pyproc_state { PP_UNKNOWN, PP_PYTHON, PP_NONE };

struct pyproc {
	pid_t pid;
	enum pyproc_state state;
	bool young;		/* began with an exec strobe saw */
	uint64_t start_ts;	/* ...at this time; 0: before strobe looked */
	const struct py_layout *l;
	uint64_t code_type, str_type;	/* type objects' addresses, 0: unknown */
	uint64_t first_ts, next_check_ts, check_gap;
	struct pycode *codes;	/* open addressing by address */
	size_t ncodes, code_slots;
	struct pyproc *next;	/* same pid, older image */
};

struct pyinfo {
	int fd;			/* the BPF pyprocs map */
	int verbose;
	bool gil;		/* --gil: samples without a GIL are left out */
	struct pyproc **slot;	/* by pid, open addressing */
	size_t nslots, used;
	uint32_t warned[8];	/* versions already reported unknown */
	int nwarned;
	struct pyproc **pending;	/* young, no interpreter found yet */
	size_t npending, cap_pending;
};

/* detect.c */
struct pyproc *pyinfo_proc(struct pyinfo *pi, pid_t pid, bool exec);
/* The image of pid that was running at time ts (a sample's). */
struct pyproc *pyinfo_proc_at(struct pyinfo *pi, pid_t pid, uint64_t ts);
/* code.c */
const struct pycode *pycode_get(struct pyproc *pp, uint64_t addr, uint64_t sig, bool read_now);
void pyproc_free_codes(struct pyproc *pp);

#endif
