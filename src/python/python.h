/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPython frames in profiles.  layouts.c holds, per CPython version, where
 * the fields the profiler reads live (facts of each version's structures);
 * detect.c finds an interpreter in a process (its mappings, the ELF symbol
 * _PyRuntime) and tells the BPF side how to walk its frames; code.c reads
 * the code objects the sampled frames name, while the process lives, and
 * turns instruction offsets into line numbers; merge.c puts the Python
 * frames in place of the interpreter's native eval frames, as
 * `py-spy --native` does; threads.c reads the threading module's thread
 * names.
 */
#ifndef STROBE_PYTHON_H
#define STROBE_PYTHON_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "../../bpf/python_event.h"

/* How a version's line table is encoded. */
enum py_lines {
	PYL_LNOTAB,		/* <= 3.9: co_lnotab, byte offsets */
	PYL_310,		/* 3.10: co_linetable, (start delta, line delta) */
	PYL_LOCATIONS,		/* 3.11+: co_linetable, PEP 657 locations */
};

/* One CPython version's layout: byte offsets of the fields strobe reads
 * (-1: the version has no such field). */
struct py_layout {
	int major, minor;
	enum py_kind kind;
	enum py_lines lines;
	int runtime_interp_head;	/* _PyRuntime -> interpreters.head; -1: the
					 * symbol interp_head is that pointer (3.6) */
	int interp_tstate_head;
	int tstate_next, tstate_thread_id;
	int tstate_frame;		/* frame, cframe or current_frame */
	int cframe_frame;		/* _PyCFrame -> current_frame, or -1 */
	int frame_code, frame_back, frame_instr, frame_flag;
	int instr_size;			/* 4: int f_lasti, 8: instruction pointer */
	int lasti_unit;			/* bytes per f_lasti step (<= 3.10) */
	int code_filename, code_name, code_firstlineno, code_linetable;
	int code_adaptive;		/* the instructions, inside the code (3.11+) */
	int ascii_size, compact_size;	/* PyASCIIObject, PyCompactUnicodeObject */
	/* --gil: where the GIL is (in _PyRuntime, 3.7-3.11; a pointer in
	 * the interpreter, 3.12+), and its last holder and locked fields */
	int runtime_gil, interp_gil, gil_holder, gil_locked;
	/* thread names (threads.c); -1: not read (3.6, 3.7: no _native_id) */
	int interp_modules;		/* the interpreter's sys.modules dict */
	int heap_cached_keys;		/* PyHeapTypeObject.ht_cached_keys */
};

extern const struct py_layout py_layouts[];
extern const int py_nlayouts;
const struct py_layout *py_layout_find(int major, int minor);
/* The BPF side's copy of a layout, for an interpreter list at head and
 * _PyRuntime at runtime (0: none, 3.6). */
void py_layout_bpf(const struct py_layout *l, uint64_t head, uint64_t runtime,
		   struct py_proc *out);

/* Line of a code unit / byte offset in a line table (-1: none). */
int py_line(const struct py_layout *l, const uint8_t *table, uint32_t len, int firstlineno,
	    int64_t lasti);

/* ---- per process: detect.c, code.c, merge.c ---- */
struct pyinfo;
struct prof_sample;
struct stacks;

/* gil: --gil, which leaves out the samples of threads without a GIL */
struct pyinfo *pyinfo_new(int pyprocs_fd, int verbose, bool gil);
void pyinfo_free(struct pyinfo *pi);
/* Look for an interpreter in pid now (-p, before sampling starts). */
void pyinfo_attach(struct pyinfo *pi, pid_t pid);
/* A sample arrived while its process lives: find the process's
 * interpreter (again after an exec), and read the code objects its Python
 * frames name. */
void pyinfo_sample(struct pyinfo *pi, const struct prof_sample *s, const void *tail);
/* Look again at young processes where no interpreter was found yet (the
 * loader may still be mapping libpython); now: CLOCK_MONOTONIC ns. */
void pyinfo_poll(struct pyinfo *pi, uint64_t now);
/* Replace the interpreter's native eval frames among frames[start..*n)
 * (root first) with the sample's Python frames, named
 * "function (file.py:line)". */
void pyinfo_merge(struct pyinfo *pi, const struct prof_sample *s, const void *tail,
		  struct stacks *st, uint32_t **frames, uint32_t *n, uint32_t *cap,
		  uint32_t start);
/* Thread names (threads.c): the threading module's names of a Python
 * process's threads.  Once wanted, they are read as samples of unnamed
 * threads arrive (rate-limited per process); read_names reads pid's now,
 * read_all_names every Python process's (those gone keep what was read). */
void pyinfo_want_names(struct pyinfo *pi);
void pyinfo_read_names(struct pyinfo *pi, pid_t pid);
void pyinfo_read_all_names(struct pyinfo *pi);
/* The Python name of thread tid of pid (its image at ts), NULL if none:
 * a native thread, a process that is not Python, a name not read. */
const char *pyinfo_thread_name(struct pyinfo *pi, pid_t pid, pid_t tid, uint64_t ts);
/* Where a sample's Python frames start (after its stacks). */
const struct py_frame *py_frames(const struct prof_sample *s, const void *tail, uint32_t *n);

#endif
