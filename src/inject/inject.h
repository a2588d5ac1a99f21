/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Syscall tampering, strace's -e inject= and -e fault=, at the cost of a
 * seccomp filter instead of ptrace stops:
 *   parse.c   the rules, in strace's syntax, one per syscall number
 *   filter.c  the classic BPF filter strobe builds, and its installation
 *             in the launched command just before it execs
 *   notify.c  strobe's side of the filter's notifications: counting (when=),
 *             delays, and the answer (an error, a value, or "go on")
 * Calls the filter can fail by itself (an error, or retval=0, on every
 * call, with -f) never reach strobe; every other selected call does.
 * See docs/design.md, "Injection".
 */
#ifndef STROBE_INJECT_H
#define STROBE_INJECT_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#define INJ_NR_MAX 512		/* syscall numbers, as SYSCALL_MAX of bpf/event.h */
#define INJ_LAST_INF 0xffff	/* when= without an end */

#define INJ_POKES_MAX 16		/* poke_enter= arguments, in all rules */
#define INJ_POKE_LEN 1024	/* bytes one may write, as strace */

/* poke_enter=@argN=HEX: written where argument N points, before the call */
struct inject_poke {
	uint8_t arg;		/* 1..7, as strace numbers them */
	uint16_t len;
	uint8_t data[INJ_POKE_LEN];
};

struct inject_rule {
	bool on;
	uint8_t poke_first, poke_n;	/* its pokes in inject_opts.pokes */
	bool has_error, has_retval, has_delay;
	int error;		/* 1..4095 */
	uint64_t retval;	/* as strace: an unsigned long, -1 allowed */
	int sig;		/* signal=, 0 for none */
	uint64_t delay_ns;	/* delay_enter= */
	uint16_t first, last, step;	/* when=FIRST..LAST+STEP; step 0: FIRST only */
};

struct inject_opts {
	struct inject_rule rule[INJ_NR_MAX];	/* the last rule naming a call wins */
	int nrules;
	struct inject_poke pokes[INJ_POKES_MAX];
	int npokes;
	/* the filter may fail calls by itself: with -f (every process is
	 * traced) and without -u (no call before the exec is its) */
	bool filter_fails;
};

struct options;

/* "inject=..." or "fault=..." (with or without "-e "): true if it is one. */
bool inject_is_expr(const char *expr);
/* Parse one -e inject=/fault= expression (or --inject=/--fault='s value
 * with `fault` saying which) into *io (allocated on first use).  Prints a
 * one-line error and returns -1 when it is wrong. */
int inject_parse_expr(struct inject_opts **io, const char *expr);
int inject_parse(struct inject_opts **io, const char *arg, bool fault);
/* The rest of the command line allows injection (a launched command, not
 * -p or -a, not -P); prints why not and returns -1. */
int inject_check(struct options *o);
/* strace's counting: whether the n-th call (from 1) of a syscall by one
 * thread is injected. */
bool inject_when(const struct inject_rule *r, uint64_t n);
/* Some rule sends a signal (the syscall probes send it). */
bool inject_has_signal(const struct inject_opts *io);
/* The filter fails the call by itself (no notification, nothing to count);
 * `allowed` is inject_opts.filter_fails. */
bool inject_in_filter(const struct inject_rule *r, bool allowed);

/* filter.c: the launched command's side, in the child between fork and
 * exec.  The key is execve's first two arguments: that one execve is sent
 * to strobe, so the child waits in it until strobe holds the listener. */
/* The calls the filter sends to strobe when the syscall probes attach at
 * the first one (session/probes.c, bpf_calls_lazy): every call they
 * would show must then reach strobe first. */
struct inject_lazy {
	bool on;
	bool clone_ptrace;	/* clone(CLONE_PTRACE): its child is announced */
	uint64_t unknown[INJ_NR_MAX / 64];	/* numbers no table names */
};
/* lazy.c: must the syscall probes see call nr (selected, or sent to
 * strobe by the filter: its marks and signal= are the probes'); do they
 * wait for the filter's first call to strobe?  lz: the calls the filter
 * must then send to strobe besides the injected ones. */
bool probes_call(const struct options *o, int nr);
bool bpf_calls_lazy(const struct options *o, struct inject_lazy *lz);
/* ...and with that, whether the filter fails the calls it can by itself
 * (filter_fails) or sends them to strobe; once the options are final */
void inject_choose_filter(struct options *o);
struct inject_child {
	const struct inject_opts *io;
	bool follow;
	const struct inject_lazy *lazy;
	uint64_t exec_path, exec_argv;
};
/* What the child reports before it installs the filter. */
enum { INJ_MSG_FD = 1, INJ_MSG_ERR = 2 };
struct inj_msg {
	int kind;		/* INJ_MSG_FD: value is the listener's fd number;
				 * INJ_MSG_ERR: value is an errno */
	int value;
};
/* Build the filter (*prog, *len instructions); returns 0 or -errno. */
int inject_build_filter(const struct inject_child *c, void **prog, int *len);
/* In the child: install the filter built beforehand; reports to strobe
 * through report_fd the fd number the listener will have (before the
 * filter exists, so that write is not subject to it).  Returns 0 or
 * -errno (the child then reports and exits). */
int inject_child_install(void *prog, int len, int report_fd);

/* notify.c: strobe's side */
struct injector;
/* Take the listener from the child (pid) whose report came through
 * report_fd; marks go to the kernel side's map mark_fd. */
int injector_new(struct injector **ip, const struct inject_opts *io, bool follow,
		 pid_t child, int report_fd, int mark_fd);
int injector_fd(const struct injector *in);
/* fn(ctx) once, at the first call the filter sends to strobe, before it is
 * answered (the syscall probes attached then: session/probes.c, bpf_calls_lazy) */
void injector_on_first_call(struct injector *in, void (*fn)(void *), void *ctx);
/* Answer what is waiting; returns how many ms until a delayed call is
 * due (-1: none). */
int injector_run(struct injector *in);
/* A thread ended: its counts go (a new thread with its tid starts at 1). */
void injector_forget(struct injector *in, pid_t tid);
/* Calls injected so far, calls still held (delays) */
uint64_t injector_count(const struct injector *in);
/* Answers what is held; the listener goes to a keeper process if some
 * process still has the filter (see notify.c). */
void injector_free(struct injector *in);
/* main(): strobe re-executed as that keeper (fd 3 is the listener). */
bool inject_is_keeper(int argc, char **argv);
int inject_keeper(void);

#endif
