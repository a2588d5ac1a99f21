/* SPDX-License-Identifier: GPL-2.0 */
/*
 * strobe profile: a sampling CPU profiler (on-CPU from cpu-clock, off-CPU
 * from sched_switch) with kernel and user stacks, unwound with DWARF CFI
 * where frame pointers are missing, symbolised, and written as a text
 * summary, folded stacks, an SVG flame graph, pprof or speedscope JSON.
 *
 * The pipeline: run.c samples into an arena of records; unwind.c turns each
 * sample into frame names (with ksyms.c for the kernel); stacks.c merges
 * equal stacks; out_*.c write them.
 */
#ifndef STROBE_PROFILE_H
#define STROBE_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

enum prof_format { PF_TEXT, PF_FOLDED, PF_SVG, PF_PPROF, PF_SPEEDSCOPE };
struct prof_result;

/* A live view of the profile (strobe top --profile). */
struct prof_live {
	double interval;	/* seconds */
	/* Called at every poll (about every 20 ms) with r NULL, and at each
	 * interval with the stacks merged so far in r (each stack keeps its
	 * index: the view subtracts what it saw last time); returns true to
	 * stop profiling. */
	bool (*tick)(void *arg, struct prof_result *r, double seconds);
	void *arg;
};
enum prof_unwind { PU_AUTO, PU_DWARF, PU_FP };
enum prof_what { PW_ON, PW_OFF, PW_BOTH };

struct prof_options {
	unsigned hz;		/* -F */
	double duration;	/* -d, 0: until the command ends or Ctrl-C */
	pid_t *pids;		/* -p */
	int npids;
	bool all;		/* -a */
	const char *cgroup;	/* --cgroup/--container: -a, inside this cgroup v2 dir */
	char **cmd;
	const char *outfile[8];	/* -o, each in the format its name says */
	enum prof_format fmt[8];
	int nout;
	enum prof_format format;	/* --format: stdout, or names that say none */
	enum prof_unwind unwind;	/* --call-graph */
	enum prof_what what;	/* --off-cpu, --both */
	uint64_t min_block_ns;	/* --min-block */
	unsigned stack_bytes;	/* --stack-size */
	bool no_kernel, no_user;
	bool no_python;		/* --no-python: the interpreter's own frames */
	bool dump;		/* --dump: every thread's stack now, and exit */
	bool subprocesses;	/* --subprocesses: -p's children too */
	bool gil;		/* --gil: only threads holding a GIL */
	struct prof_live *live;	/* a live view instead of outputs */
	bool per_pid;		/* --per-pid: the root frame names the pid too */
	bool per_thread;	/* --per-thread: a frame under it names the thread */
	int top;		/* text summary rows */
	int verbose;
};

/* strobe profile ARGS...: the whole subcommand; returns the exit status. */
int profile_main(int argc, char **argv);
int prof_options_parse(struct prof_options *o, int argc, char **argv);
/* Profile as o says (parsed, or filled in by another front end); the exit
 * status. */
int profile_run(struct prof_options *o);

/* End a launched command as Ctrl-C in its terminal would (SIGINT; SIGKILL
 * if it still runs two seconds later) and reap it. */
void profile_end_command(pid_t pid, int *status);

/* ---- dump.c: --dump -p PID ---- */
struct profile_bpf;
struct pyinfo;
/* Print every thread of each -p process, innermost frame first; 0 or -1
 * after a one-line error. */
int profile_dump(struct profile_bpf *skel, const struct prof_options *o, struct pyinfo *py);
/* Send a PK_DUMP record of every thread of pid to the ring buffer now. */
int profile_snapshot(struct profile_bpf *skel, pid_t pid);

/* ---- stacks.c: interned frame names and merged stacks ---- */

/* Frame kinds, shown as FlameGraph's suffixes in folded output. */
enum frame_kind { FK_USER, FK_KERNEL, FK_INLINE, FK_ROOT };

struct stack {
	uint32_t *frames;	/* root first: ids from stacks_intern */
	uint32_t nframes;
	uint64_t on;		/* on-CPU samples */
	uint64_t off_ns;	/* off-CPU nanoseconds */
};

struct stacks {
	char **names;		/* id -> "name" with its folded suffix */
	uint32_t nnames, cap_names;
	uint32_t *name_slot;	/* open addressing over names */
	uint32_t name_slots;
	struct stack *v;
	uint32_t n, cap;
	uint32_t *slot;		/* open addressing over v */
	uint32_t slots;
};

uint32_t stacks_intern(struct stacks *s, const char *name, enum frame_kind k);
/* Add weight to the stack frames[0..n) (root first). */
int stacks_add(struct stacks *s, const uint32_t *frames, uint32_t n,
	       uint64_t on, uint64_t off_ns);
void stacks_free(struct stacks *s);
/* The weight a stack counts with: samples, or off-CPU time in the unit the
 * output reports (microseconds alone, sample periods when mixed). */
uint64_t stack_weight(const struct stack *st, enum prof_what w, unsigned hz);
/* Sort stacks by their frame names, as folded output and flame graphs want. */
void stacks_sort(struct stacks *s);

/* ---- the outputs ---- */
struct prof_result {
	const struct prof_options *o;
	struct stacks st;
	uint64_t samples, off_events, lost;
	uint64_t gil_cpu_left, gil_off_left;	/* --gil: samples, blocks without it */
	uint64_t user_samples, user_full;	/* user stacks, fully unwound */
	uint64_t duration_ns;
	const char *title;
};

int out_folded(FILE *f, const struct prof_result *r);
int out_text(FILE *f, const struct prof_result *r);
int out_svg(FILE *f, const struct prof_result *r);
int out_pprof(FILE *f, const struct prof_result *r);
int out_speedscope(FILE *f, const struct prof_result *r);

/* ---- ksyms.c ---- */
struct ksyms;
struct ksyms *ksyms_load(void);
const char *ksyms_find(const struct ksyms *k, uint64_t addr);
/* The symbol an address is in, and the offset into it. */
const char *ksyms_find_off(const struct ksyms *k, uint64_t addr, uint64_t *off);
void ksyms_free(struct ksyms *k);

/* ---- unwind.c: per-process unwinding and symbols (libdwfl) ---- */
struct procs;
struct proc;
struct prof_sample;
struct procs *procs_new(void);
/* The process image of a sample, its mappings read now, while it lives:
 * call it as samples arrive, unwind later. */
struct proc *procs_note(struct procs *ps, const struct prof_sample *s);
/* The newest image of pid named comm that procs_note saw, or NULL. */
struct proc *procs_find(struct procs *ps, uint32_t pid, const char *comm);
/* Turn a sample (its record and the stacks after it) into frames, root
 * first, appended to *out; sets *full when the user stack reached a
 * thread's entry.  Returns the number of frames added. */
int procs_unwind(struct procs *ps, struct proc *p, const struct prof_sample *s,
		 const void *tail, enum prof_unwind mode, struct stacks *st,
		 uint32_t **out, uint32_t *n, uint32_t *cap, bool *full);
/* User frames named so far, and how many of them had to be looked up
 * (the others were cached by process image and address). */
void procs_counts(const struct procs *ps, uint64_t *frames, uint64_t *lookups);
/* /proc/kallsyms, read now (else at the first kernel frame) */
void procs_load_ksyms(struct procs *ps);
void procs_free(struct procs *p);

#endif
