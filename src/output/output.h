/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output: a buffered writer (one write(2) per batch, not per line) and the
 * formatter that turns ring-buffer records into strace's line format.
 */
#ifndef STROBE_OUTPUT_H
#define STROBE_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <linux/types.h>

#include "../util/util.h"
#include "../../bpf/event.h"

struct writer_split;

struct writer {
	int fd;
	bool own_fd;
	int err;		/* first write error (errno), 0 if none */
	const char *name;	/* for messages */
	struct sbuf buf;
	pid_t pipe_pid;		/* -o '|CMD': the command reading the pipe */
	struct writer_split *split;	/* -ff: a file per thread */
};

/* path NULL means stderr; "|CMD" or "!CMD" pipes to CMD (run by sh), as
 * strace's -o does; append: -A.  Returns -errno. */
int writer_open(struct writer *w, const char *path);
int writer_open_ex(struct writer *w, const char *path, bool append);
/* -ff: from now on, lines go to PATH.TID, the thread's own file. */
int writer_split(struct writer *w, const char *path, bool append);
/* -ff: the lines that follow are thread tid's. */
void writer_switch(struct writer *w, uint32_t tid);
/* Write to an fd strobe does not own (stdout for reports). */
void writer_open_fd(struct writer *w, int fd, const char *name);
void writer_flush(struct writer *w);
/* Flush and close; returns -errno of the first write error, or 0. */
int writer_close(struct writer *w);

/* strace's --*-timestamps=PRECISION and --syscall-times=PRECISION */
enum time_prec { PREC_DEFAULT, PREC_S, PREC_MS, PREC_US, PREC_NS };

struct fmt_opts {
	int timestamps;		/* 0, 1 (-t), 2 (-tt), 3 (-ttt: since the epoch) */
	/* enum time_prec of -t's times (default: seconds for -t, else
	 * microseconds), -r's and -T's (default: microseconds) */
	int ts_prec, rel_prec, times_prec;
	bool relative;		/* -r */
	bool syscall_times;	/* -T */
	bool pid_column;	/* -o FILE with -f: "PID  " on every line */
	bool always_prefix;	/* -a: "[pid N]" on every line */
	int strsize;		/* -s: also bounds how many argv elements show */
	bool json;		/* one JSON object per event instead of strace lines */
	int decode_fds;		/* -y: fds with their paths */
	/* what -e decode-fds= shows (DFD_*): -y is DFD_PATH, -yy DFD_ALL */
	unsigned decode_fd_set;
	char **paths;		/* -P: only calls that touch one of these */
	int npaths;
	bool live;		/* /proc describes the traced processes (not a report) */
	const uint64_t *quiet;	/* calls followed for -y but not printed, or NULL */
	bool print_ip;		/* -i */
	int stack_trace;	/* -k, -kk */
	int columns;		/* -a: the column results align at (strace: 40) */
	bool numbers;		/* -n: "[  59] " before each call */
	bool separate;		/* -ff: each thread's lines to its own file */
	bool quiet_exit;	/* -qq, -e quiet=exit: no "+++ exited with +++" lines */
	bool quiet_superseded;	/* -e quiet=thread-execve: no "+++ superseded ... +++" */
	/* without -f, a clone(CLONE_PTRACE) child is strace's too (the kernel
	 * attaches it), and strace lets it go: "Detached unknown pid N" */
	bool ptrace_children;
	/* -e status= other than all: strace holds each line until its status
	 * is known, so a thread's execve is never shown cut ("<pid changed to
	 * N ...>"), only resumed if successful ones are shown */
	bool status_filtered;
	const uint64_t *signals;	/* -e signal=: bit N-1 shows signal N; NULL: all */
	const uint64_t *raw;	/* -e raw=: calls whose arguments print in hex, or NULL */
	const uint64_t *abbrev;	/* -e abbrev=SET: calls abbreviated; NULL: as -v says */
	const uint64_t *verbose;	/* -e verbose=SET: calls with structs decoded; NULL: all */
	bool comm;		/* -Y: "1234<comm>" in prefixes and for getpid's results */
	bool pidns;		/* --decode-pids=pidns: pids in strobe's pid namespace too */
};

struct formatter;
struct tp_table;

/* fdpaths.c: what each fd of each process refers to, for -y */
struct fdpaths;
struct fdpaths *fdpaths_new(bool live);
/* A path that starts with FDPATH_DELETED is PATH of a file since deleted
 * (/proc says "PATH (deleted)", strace prints <PATH>(deleted)); a file
 * whose name ends in " (deleted)" is not one. */
#define FDPATH_DELETED '\2'
/* -e decode-fds=: paths, socket endpoints, devices' numbers, pidfds' pids */
#define DFD_PATH	0x1
#define DFD_SOCKET	0x2
#define DFD_DEV		0x4
#define DFD_PIDFD	0x8
#define DFD_ALL		0xf
const char *fdpaths_get(struct fdpaths *t, uint32_t pid, int fd);
/* PATH as /proc says it: " (deleted)" at its end marks a deleted file */
void fdpaths_set(struct fdpaths *t, uint32_t pid, int fd, const char *path);
/* An fd a call created without a path: /proc must say PREFIX... for it. */
void fdpaths_created(struct fdpaths *t, uint32_t pid, int fd, const char *prefix);
/* fd of pid is what /proc says from_fd of from_pid is, if that is the
 * inode `ino` (the kernel side's, at the call): true when learnt */
bool fdpaths_adopt(struct fdpaths *t, uint32_t pid, int fd, uint32_t from_pid, int from_fd,
		   uint64_t ino);
/* fd of pid is the device rdev (the kernel's major << 20 | minor): its
 * node in /dev, by the kernel's name for it */
bool fdpaths_device(struct fdpaths *t, uint32_t pid, int fd, bool block, uint32_t rdev);
void fdpaths_set_cwd(struct fdpaths *t, uint32_t pid, const char *cwd);
void fdpaths_fork(struct fdpaths *t, uint32_t parent, uint32_t child);
/* Learn from a completed call; path_arg: its path argument, if any. */
void fdpaths_after(struct fdpaths *t, const struct ev_syscall *e, const char *path_arg);
/* unlink/unlinkat of a path: fds open on it are "(deleted)" now */
void fdpaths_unlinked(struct fdpaths *t, uint32_t pid, int dirfd, const char *path);
void fdpaths_exit(struct fdpaths *t, uint32_t pid);
void fdpaths_free(struct fdpaths *t);
/* The formatter's table (NULL without -y), to seed it from a recording. */
struct fdpaths *formatter_fdpaths(struct formatter *f);
/* -Y: learn a live thread's name now (a -p target may be gone before its
 * first line, its exit, prints) */
void formatter_seed_comm(struct formatter *f, uint32_t tid);

struct formatter *formatter_new(const struct fmt_opts *o, struct writer *w);
/* --decode-pids=pidns: the BPF map of the traced threads' ids
 * (bpf/pidns.bpf.inc), looked up before /proc */
void formatter_set_pidns_map(struct formatter *f, int fd);
void formatter_free(struct formatter *f);
/* Format one ring-buffer record.  Malformed records are counted, not printed. */
void formatter_event(struct formatter *f, const void *rec, size_t size);
/* "name(args <unfinished ...>" for a call still blocked at start or stop. */
void formatter_unfinished(struct formatter *f, const struct ev_syscall *e, size_t size);
/* Put a split call (execve) back together: NULL for an entry half (kept
 * until its exit half), the whole call for an exit half (valid until the
 * next call), the record itself otherwise. */
const struct ev_syscall *formatter_join(struct formatter *f, const struct ev_syscall *e,
					size_t size, size_t *out_size);
/* Print the entry halves of split calls (execve) that never completed. */
void formatter_finish(struct formatter *f);
/* How many traced processes are alive; above 1, lines get "[pid N] ". */
void formatter_add_procs(struct formatter *f, int n);
/* Mark losses no record reported (after the last one through on a CPU),
 * given the kernel's total. */
void formatter_lost_tail(struct formatter *f, uint64_t total);
/* Formats to decode EV_TRACEPOINT records with. */
void formatter_set_tracepoints(struct formatter *f, const struct tp_table *t);
/* Probes to name EV_UPROBE records by (their cookies index it). */
struct uprog;
void formatter_set_uprobes(struct formatter *f, const struct uprog *u);
struct ev_uprobe;
/* "func(args)" of a user-space probe record, or (result) its return
 * value, as the trace line shows them (strobe export) */
void formatter_uprobe_text(struct formatter *f, struct sbuf *b, const struct ev_uprobe *e,
			   size_t size, bool result);
/* Set CLOCK_REALTIME - CLOCK_MONOTONIC (a recording's, when reporting). */
void formatter_set_clock(struct formatter *f, int64_t real_offset_ns);
/* The text of one argument or of the result, as a line would show it. */
void formatter_arg_text(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
			size_t size, int i);
int formatter_nargs(const struct ev_syscall *e);
void formatter_result_text(struct sbuf *b, const struct ev_syscall *e);
int64_t formatter_real_ns(const struct formatter *f, uint64_t mono_ns);
/* Lost-record count seen in record headers so far, and malformed records. */
uint64_t formatter_lost(const struct formatter *f);
uint64_t formatter_malformed(const struct formatter *f);
/* -k: stacks printed without their process's mappings (they never came). */
uint64_t formatter_stacks_unmapped(const struct formatter *f);
/* -k: stacks deeper than the copy the kernel side made (--stack-size) */
uint64_t formatter_stacks_cut(const struct formatter *f);
/* -i, -k: records with a call's registers (and stack) went by. */
bool formatter_stacks_seen(const struct formatter *f);

#endif
