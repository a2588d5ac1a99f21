/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tracing session: load and configure the BPF side, start or attach to
 * the targets, run the ring-buffer consumer until the targets are gone or
 * strobe is interrupted, then detach and report.
 */
#ifndef STROBE_SESSION_H
#define STROBE_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "../cli/cli.h"
#include "../output/output.h"
#include "../summary/summary.h"
#include "../tracepoint/tracepoint.h"
#include "../metrics/metrics.h"
#include "../inject/inject.h"

struct syscalls_bpf;
struct ring;
struct rec_writer;
struct injector;
struct inject_opts;

#define MAX_LINKS 1024

struct tidset {
	pid_t *slot;		/* open addressing; 0 = empty, -1 = deleted */
	size_t cap, used;
};

/* CLOCK_MONOTONIC ns of each step of a session, for -d */
struct session_times {
	uint64_t setup, load, attach0, attach, release, first, stop;
};

struct uprog;
/* a record held until both ring buffers are drained (--event uprobe:) */
struct held {
	void *data;
	size_t size;
	uint64_t when;
	size_t seq;
};

struct session {
	const struct options *o;
	struct syscalls_bpf *skel;
	struct ring *rb;
	int links[MAX_LINKS];
	int nlinks;
	int perf[MAX_LINKS];	/* perf-event links, each followed by its event */
	int nperf;
	int tracefs;		/* tracefs's root, or -1 (not opened yet) */
	bool per_syscall;	/* probes: per-syscall tracepoints, not the raw pair */
	int tp_ids[SYSCALL_MAX][2];	/* their ids: enter, exit (0: none) */
	bool detached;		/* programs detached: lost_final is the total */
	uint64_t lost_final;
	uint64_t missed_final;	/* runs the kernel skipped (bpf_missed_total) */
	uint32_t hist_slots;	/* -c: histogram slots per CPU */
	struct writer w;
	struct formatter *fmt;
	struct rec_writer *rec;	/* strobe record: raw records go here */
	struct tp_table tps;	/* --event tracepoints */
	struct tidset tids;	/* traced threads, for "unfinished" at stop */
	pid_t *attached;	/* -p: the processes attached (no repeats, none gone) */
	int nattached;
	pid_t child;		/* the launched command */
	int gate_fd;		/* written to let the command exec */
	int exec_err_fd;	/* the command's exec errno, or EOF on success */
	bool child_done;
	char exec_msg[128];	/* the command's failed exec, said after its line */
	bool out_err_said;
	bool child_detached;	/* -b execve let the command go: strobe is done
				 * with it when nothing else is traced (exit 0) */	/* the output's write error, said once */
	int child_status;
	struct injector *inj;	/* -e inject=: the seccomp filter's listener */
	bool inj_probes;	/* the syscall probes are attached (they take marks) */
	bool calls_pending;	/* ...at the filter's first call (probes.c, bpf_calls_lazy) */
	/* -i: the counts at the last interval, and when it was */
	struct summary prev;
	struct summary uprev;	/* -i: the user probes' table */
	uint64_t prev_ns;
	uint64_t start_ns;
	struct uprog *up;	/* --event uprobe:, uretprobe:, usdt: */
	struct held *held;
	size_t nheld, held_cap;
	struct session_times t;
	struct metrics_server *mx;	/* --metrics (metrics.c) */
	struct sum_maps mx_maps, mx_umaps;	/* syscalls', --event uprobes' */
	struct summary_metrics mx_sum, mx_usum;
};

/* Ctrl-C, SIGTERM, SIGHUP and SIGCHLD as reads from an fd (blocked as
 * signals), so the consumer's poll sees them; -1 with errno on failure. */
int session_signalfd(void);
/* In the command strobe forks: the signal mask (and an ignored SIGCHLD)
 * strobe was started with, before session_signalfd changed them. */
void session_restore_signals(void);
/* Run a whole session; returns strobe's exit status. */
int session_run(const struct options *o);
/* bit 0: strobe was started with a standard input, bit 1: an output
 * (main sets it first thing) */
extern unsigned session_stdio_given;

/* A ring-buffer record for the formatter or the recording; `hold`: keep
 * it to be ordered with the other ring's records first. */
int session_record(struct session *s, const void *data, size_t size, bool hold);

/* uprobes.c: --event user-space probes */
int uprobes_setup(struct session *s);
int uprobes_ring(struct session *s);
int uprobes_record(struct session *s);
int uprobes_hold(struct session *s, const void *data, size_t size);
void uprobes_release(struct session *s, uint64_t upto);
void uprobes_stop(struct session *s);
void uprobes_free(struct session *s);

/* Is call nr in the bitmap sel (an options' -e set)? */
static inline bool sel_has(const uint64_t *sel, int nr)
{
	return (sel[nr >> 6] >> (nr & 63)) & 1;
}

/* probes.c: are syscall probes attached at all (a call is selected, or an
 * injection has a signal= to send); through which tracepoints (true:
 * each call's own, their ids resolved).  Which calls they must see, and
 * whether they wait for the filter's first call: inject.h */
bool probes_any(const struct options *o);
bool probes_choose(struct session *s);
/* bpf_attach.c: the per-syscall tracepoints' ids of the probed calls */
int probes_resolve_tp(struct session *s);

/* bpf_setup.c; -EALREADY: failed, and the reason is already printed */
int bpf_setup_load(struct session *s);
/* load_*.c: the other builds of the same object (see load_tp.c) */
int syscalls_load_tp(struct syscalls_bpf *skel);
int syscalls_load_lean(struct syscalls_bpf *skel);
int syscalls_load_tp_lean(struct syscalls_bpf *skel);
int bpf_setup_attach(struct session *s);
/* bpf_attach.c; the syscall probes, when bpf_setup_attach left them for
 * later */
int bpf_setup_attach_calls(struct session *s);
/* Stop the programs, so that nothing more can be lost or counted; the maps
 * stay readable until bpf_setup_destroy. */
void bpf_setup_detach(struct session *s);
void bpf_setup_destroy(struct session *s);
int64_t bpf_live_threads(struct session *s);
int bpf_ringbuf_fd(struct session *s);
void bpf_summary_maps(struct session *s, struct sum_maps *m);
/* -e inject=: the kernel side's map of marks (struct inj_mark), -1 when
 * no probe would take them */
int bpf_inject_mark_fd(struct session *s);
uint64_t bpf_summary_not_counted(struct session *s);
uint64_t bpf_summary_not_in_hist(struct session *s);
uint64_t bpf_lost_total(struct session *s);
/* Runs of strobe's programs the kernel skipped because one was already
 * running on that CPU (the program's recursion_misses) */
uint64_t bpf_missed_total(struct session *s);
uint64_t bpf_follow_failed(struct session *s);
/* -k: stacks copied short or not at all, mapping snapshots that failed
 * (each retried at the process's next call) or were cut short */
void bpf_ustack_counts(struct session *s, uint64_t *stack_short, uint64_t *maps_failed,
		       uint64_t *maps_trunc);
/* instructions the verifier went through for all programs (-d) */
uint64_t bpf_verified_insns(struct session *s);

/* targets.c: task storage through pidfds, /proc */
int target_track(struct session *s, pid_t pid, pid_t tid, uint32_t flags,
		 bool check_blocked);
int target_attach_pids(struct session *s);
/* ...detached: strobe was stopped by a signal ("<detached ...>") */
void target_report_unfinished(struct session *s, bool detached);
/* "Process N detached" for each attached process still alive */
void target_report_detached(struct session *s);

/* An in-flight call found by user space: printed, or recorded. */
void session_unfinished(struct session *s, struct ev_syscall *e, size_t size);

/* record_meta.c: what a recording says about where it was made */
int record_start(struct session *s);
int record_finish(struct session *s, int status);

/* launch.c: the command, forked and held before its exec until "go" */
struct launch {
	pid_t pid;
	int gate_fd, exec_err_fd;
	bool reaped;		/* exec failed: said, and the child reaped */
	/* non-NULL: the failure's line goes here instead of stderr (strobe's
	 * trace prints the failed execve first, as strace) */
	char *msg;
	size_t msg_len;
	const struct inject_opts *inject;	/* install this before the exec */
	bool follow;
	struct inject_lazy lazy;	/* calls the filter sends to strobe for that */
};
int launch_fork(char *const *cmd, struct launch *l);
/* ...with -E's edits of the environment and -u's user (NULL: strobe's) */
int launch_fork_ex(char *const *cmd, struct launch *l, char *const *env_edits,
		   int nedits, const char *user);
int launch_go(struct launch *l, const char *name);
int launch_prepare(struct session *s);
int launch_release(struct session *s);

/* release.c: close BPF links and perf events (their programs made inert)
 * without waiting for the kernel's slow teardown of each: strobe's copies
 * now, the last ones by a child once strobe has exited */
void release_at_exit(const int *fds, int n);
/* ...perf events (and their links) disabled first */
void perf_release(const int *fds, int n);

/* hints.c: one-line explanations of what went wrong */
int hint_check_privileges(void);
void hint_load_failure(int err);

/* metrics.c: --metrics serves the summary maps while the session runs;
 * -1 when the address cannot be bound (said) */
int session_metrics_start(struct session *s);
/* run.c, for metrics.c too: a uprobe row's name (ctx: the uprobes), and
 * whether -e trace= selects any syscall */
const char *session_probe_func(int nr, void *ctx);
bool session_any_syscall(const struct options *o);
void session_metrics_stop(struct session *s);

/* tidset.c */
void tidset_add(struct tidset *t, pid_t tid);
void tidset_del(struct tidset *t, pid_t tid);
bool tidset_has(const struct tidset *t, pid_t tid);
void tidset_free(struct tidset *t);

#endif
