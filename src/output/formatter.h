/* SPDX-License-Identifier: GPL-2.0 */
/* The formatter's state, shared by its pieces in src/output/ (format.c,
 * prefix.c, paths.c, result.c, join.c, forks.c, lost.c). */
#ifndef STROBE_OUTPUT_FORMATTER_H
#define STROBE_OUTPUT_FORMATTER_H

#include <time.h>

#include "internal.h"

struct pending {
	__u32 tid;
	__u32 pid;
	size_t size;
	struct ev_syscall *rec;	/* the entry half, copied */
	bool shown;		/* printed cut ("<pid changed to N ...>"): its
				 * exit half is a resumed line */
};

struct formatter {
	struct fmt_opts o;
	struct writer *w;
	int64_t real_offset_ns;	/* CLOCK_REALTIME - CLOCK_MONOTONIC */
	uint64_t last_ts;	/* for -r */
	int nprocs;
	uint64_t lost;
	uint64_t malformed;
	struct pending *pend;
	size_t npend, cappend;
	struct ev_syscall *joined;	/* the last split call put back together */
	const struct tp_table *tps;	/* formats of --event tracepoints */
	const struct uprog *ups;	/* --event user-space probes */
	/* A new process counts (for "[pid N]") once its parent's clone line
	 * or its own first line is out, as strace counts it. */
	struct { __u32 parent, child; } forks[64];
	unsigned nforks;
	/* Threads per process that -f saw start, for the leader's exit line,
	 * which strace shows after its threads' (the kernel reports a group
	 * leader last); a process beyond the table is not held back. */
	struct group { __u32 pid; int threads; struct ev_exit *exit; } groups[32];
	time_t tm_sec;		/* localtime cache for -t */
	char tm_text[16];
	struct fdpaths *fds;	/* -y */
	struct fmt_ustacks *us;	/* -i, -k */
	/* -n: each thread's last call, which strace shows on its signal and
	 * exit lines too (a cache: a collision forgets) */
	struct { __u32 tid; int nr; } last_nr[256];
	/* each thread's last call that the kernel will restart with
	 * restart_syscall (ERESTART_RESTARTBLOCK), for its line */
	struct { __u32 tid; int nr; } restart[64];
	/* -Y: each thread's command name, from its fork and exec records or
	 * /proc when first seen (a cache: a collision reads /proc again) */
	struct { __u32 tid; bool weak; char comm[16]; } comms[256];
	/* --decode-pids=pidns: a thread's own ids in its pid namespace, as
	 * its getpid and gettid returned them, and in strobe's (for its
	 * calls printed after it is gone, when /proc no longer says) */
	struct { __u32 tid, pid, local_tid, local_pid; } selves[64];
	int pidns_map;		/* its BPF map's fd + 1, 0 for none */
};

/* what the pieces call of each other */
/* prefix.c, -Y: a thread's name learnt from a record; "<comm>" after a pid */
void note_comm(struct formatter *f, __u32 tid, const char *comm);
void note_child_comm(struct formatter *f, const struct ev_syscall *e);
void put_comm(struct formatter *f, struct sbuf *b, __u32 tid);
/* pidns.c, -Y and --decode-pids=pidns: after a pid that thread tid passes
 * or gets, "<comm>" and " / * N in strace's PID NS * /" when strobe sees it
 * as N; global: N when the record says, else 0 (found in /proc) */
void put_pid_decor(struct formatter *f, struct sbuf *b, uint32_t tid, long pid, long global);
/* ...learning from getpid's and gettid's results */
void note_own_pid(struct formatter *f, const struct ev_syscall *e);
void put_number(struct formatter *f, struct sbuf *b, __u32 tid, int nr);
/* Is call nr in a -e SET bitmap (-e raw=, abbrev=)?  NULL: none is. */
bool call_in_set(const uint64_t *set, int nr);
/* "S.UUUUUU" ("%6lu." when pad), with the digits of enum time_prec prec */
void put_secs(struct sbuf *b, uint64_t ns, bool pad, int prec);
void track_fds(struct formatter *f, const struct ev_syscall *e, size_t size);
bool touches_paths(struct formatter *f, const struct ev_syscall *e, size_t size);
void put_result(struct formatter *f, struct sbuf *b, size_t line_start,
		const struct ev_syscall *e, size_t size);
struct pending *pending_find(struct formatter *f, __u32 tid, __u32 pid);
void put_cut_call(struct formatter *f, const struct ev_syscall *e, size_t size,
			 const char *why);
void pending_drop(struct formatter *f, struct pending *p);
void settle_forks(struct formatter *f, __u32 tid, bool after, bool clone_line);
void note_fork(struct formatter *f, const struct ev_fork *k);
/* forks.c: a leader's exit while its threads live is held (true), and
 * given back (to print, then free) by the exit of its last thread */
bool hold_leader_exit(struct formatter *f, const struct ev_exit *x);
struct ev_exit *thread_exited(struct formatter *f, const struct ev_exit *x);
/* ...or at the end, one at a time (NULL when none is left) */
struct ev_exit *held_exit_next(struct formatter *f);
/* ...a thread exec'd: the held exit of its leader, to be replaced by
 * "superseded" (NULL when none was held) */
struct ev_exit *leader_superseded(struct formatter *f, __u32 pid);
/* join.c: a thread other than the leader exec'd and took its id */
void thread_execed(struct formatter *f, __u32 pid, __u32 old, __u32 tid);
/* format.c: an exit's line */
void put_exit(struct formatter *f, const struct ev_exit *x);
void put_lost(struct formatter *f, uint64_t n);

#endif
