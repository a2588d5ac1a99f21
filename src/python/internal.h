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

struct pythread {
	pid_t tid;
	char *name;
};

struct pyproc {
	pid_t pid;
	enum pyproc_state state;
	bool young;		/* began with an exec strobe saw */
	uint64_t start_ts;	/* ...at this time; 0: before strobe looked */
	const struct py_layout *l;
	uint64_t code_type, str_type;	/* type objects' addresses, 0: unknown */
	uint64_t long_type, dict_type;
	uint64_t head;		/* where the first interpreter's address is */
	/* threads.c: the threading module's names, by tid (sorted) */
	struct pythread *threads;
	size_t nthreads;
	uint64_t threading_dict;	/* the module's dict, 0: not found yet */
	uint64_t modules_keys, modules_n;	/* sys.modules when it was not there */
	uint64_t key_active, key_name, key_native;	/* their interned strs */
	uint64_t names_ts, names_gap;	/* the last read, the gap to the next */
	uint32_t *seen;		/* tids sampled (open addressing, 0: free) */
	size_t nseen, seen_slots;
	uint64_t first_ts, next_check_ts, check_gap;
	struct pycode *codes;	/* open addressing by address */
	size_t ncodes, code_slots;
	struct pyproc *next;	/* same pid, older image */
};

struct pyinfo {
	int fd;			/* the BPF pyprocs map */
	int verbose;
	bool gil;		/* --gil: samples without a GIL are left out */
	bool want_names;	/* read the threads' Python names */
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
bool py_rd(pid_t pid, uint64_t addr, void *buf, size_t len);
/* A compact str object as UTF-8 (malloc'd), NULL if it is not one; type:
 * PyUnicode_Type's address, 0 if unknown. */
char *py_rd_str(pid_t pid, const struct py_layout *l, uint64_t type, uint64_t obj);
/* threads.c */
void pythreads_read(struct pyproc *pp);
const char *pythreads_name(const struct pyproc *pp, pid_t tid);
void pythreads_free(struct pyproc *pp);
void pythreads_note(struct pyinfo *pi, struct pyproc *pp, pid_t tid, uint64_t ts);

#endif
