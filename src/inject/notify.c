// SPDX-License-Identifier: GPL-2.0
/*
 * strobe's side of the seccomp filter: each notification is a thread
 * stopped before a selected call.  strobe counts the call (per thread and
 * per syscall, as strace counts per tracee), decides from when= whether
 * this one is tampered with, leaves a mark for the kernel side (so the
 * traced line says "(INJECTED)"/"(DELAYED)" and signal= is sent as the
 * call enters), and answers: an error, a value, or "continue" (the call
 * then runs as usual).  A delay keeps the answer in a list until it is
 * due; other threads' notifications are answered meanwhile.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include <linux/seccomp.h>
#include <bpf/bpf.h>

#include "inject.h"
#include "../../bpf/event.h"
#include "../syscalls/syscalls.h"

#ifndef SECCOMP_USER_NOTIF_FLAG_CONTINUE
#define SECCOMP_USER_NOTIF_FLAG_CONTINUE (1UL << 0)
#endif

struct held {
	uint64_t due;		/* CLOCK_MONOTONIC ns */
	struct seccomp_notif_resp resp;
	pid_t tid;
};

struct tid_counts {
	pid_t tid;		/* 0: empty, -1: deleted */
	uint32_t *n;		/* calls so far, by syscall number */
};

struct injector {
	const struct inject_opts *io;
	bool follow;
	pid_t child;
	int listener, mark_fd;
	bool handshake;		/* the command's own execve is still to come */
	struct seccomp_notif *req;
	struct seccomp_notif_resp *resp;
	size_t req_size, resp_size;
	struct held *held;
	size_t nheld, held_cap;
	struct tid_counts *t;	/* open addressing */
	size_t tcap, tused;
	uint64_t injected;
	bool lazy;		/* mark every call answered (INJ_NOENTRY) */
	void (*first)(void *);	/* at the first call (injector_on_first_call) */
	void *first_ctx;
};

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static struct tid_counts *tid_slot(struct injector *in, pid_t tid, bool add)
{
	struct tid_counts *del = NULL;

	if (add && (in->tused + 1) * 2 > in->tcap) {
		size_t ncap = in->tcap ? in->tcap * 2 : 64;
		struct tid_counts *nt = calloc(ncap, sizeof(*nt)), *old = in->t;
		size_t ocap = in->tcap;

		if (!nt)
			return NULL;
		in->t = nt;
		in->tcap = ncap;
		in->tused = 0;
		for (size_t i = 0; i < ocap; i++)
			if (old[i].tid > 0) {
				struct tid_counts *s = tid_slot(in, old[i].tid, true);

				s->n = old[i].n;
			}
		free(old);
	}
	if (!in->tcap)
		return NULL;
	for (size_t i = (size_t)tid * 2654435761u % in->tcap;; i = (i + 1) % in->tcap) {
		struct tid_counts *s = &in->t[i];

		if (s->tid == tid)
			return s;
		if (s->tid == -1 && !del)
			del = s;
		if (s->tid == 0) {
			if (!add)
				return NULL;
			s = del ? del : s;
			s->tid = tid;
			s->n = NULL;
			in->tused++;
			return s;
		}
	}
}

void injector_forget(struct injector *in, pid_t tid)
{
	struct tid_counts *s = in ? tid_slot(in, tid, false) : NULL;

	if (s) {
		free(s->n);
		s->n = NULL;
		s->tid = -1;	/* tused still counts it: rehashing drops it */
	}
}

/* The n-th call of nr by tid, counting this one; 0 when out of memory. */
static uint64_t count_call(struct injector *in, pid_t tid, int nr)
{
	struct tid_counts *s = tid_slot(in, tid, true);

	if (!s)
		return 0;
	if (!s->n && !(s->n = calloc(INJ_NR_MAX, sizeof(*s->n))))
		return 0;
	if (s->n[nr] < UINT32_MAX)
		s->n[nr]++;
	return s->n[nr];
}

static void answer(struct injector *in, struct seccomp_notif_resp *resp, pid_t tid)
{
	if (ioctl(in->listener, SECCOMP_IOCTL_NOTIF_SEND, resp) && in->mark_fd >= 0) {
		/* the thread is gone (killed while held): its mark too */
		bpf_map_delete_elem(in->mark_fd, &tid);
	}
}

static void hold(struct injector *in, uint64_t due, pid_t tid)
{
	if (in->nheld == in->held_cap) {
		size_t ncap = in->held_cap ? in->held_cap * 2 : 16;
		struct held *nh = realloc(in->held, ncap * sizeof(*nh));

		if (!nh) {
			answer(in, in->resp, tid);	/* no memory: no delay */
			return;
		}
		in->held = nh;
		in->held_cap = ncap;
	}
	in->held[in->nheld].due = due;
	in->held[in->nheld].tid = tid;
	memcpy(&in->held[in->nheld].resp, in->resp, sizeof(in->held[0].resp));
	in->nheld++;
}

/*
 * poke_enter=: the thread waits before its call, so its memory can be
 * written now, through /proc/TID/mem as a debugger would (read-only pages
 * too, as strace's ptrace pokes).  Returns whether any went in.
 */
static bool poke(struct injector *in, const struct inject_rule *rule, pid_t tid, int nr)
{
	const struct syscall_desc *d = syscall_get(nr);
	char path[64];
	bool any = false;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/mem", tid);
	fd = open(path, O_RDWR | O_CLOEXEC);
	for (int i = 0; i < rule->poke_n; i++) {
		const struct inject_poke *k = &in->io->pokes[rule->poke_first + i];
		uint64_t where = k->arg <= 6 ? in->req->data.args[k->arg - 1] : 0;

		if (d && k->arg > d->nargs) {
			fprintf(stderr, "strobe: cannot poke argument %d of %s: it has %d\n",
				k->arg, d->name, d->nargs);
		} else if (fd < 0 || !where ||
			   pwrite(fd, k->data, k->len, (off_t)where) != k->len) {
			fprintf(stderr, "strobe: cannot poke argument %d of %s in thread %d: %s\n",
				k->arg, d ? d->name : "?", tid,
				fd < 0 || where ? strerror(errno) : "null pointer");
		} else {
			any = true;
		}
	}
	if (fd >= 0)
		close(fd);
	return any;
}

/*
 * A call strobe answers in place of the kernel never runs, so the pages
 * its strings are in may never be faulted in, and the tracepoint program
 * (which cannot fault) would print a pointer (3 runs in 8 of cat's
 * locale-archive openat).  Reading them here, while the thread waits
 * before its call, faults them in as strace's process_vm_readv does; the
 * sys_enter program, which runs after seccomp, then reads them.
 */
static void fault_in_strings(pid_t tid, int nr, const __u64 *args)
{
	const struct syscall_desc *d = syscall_get(nr);
	char buf[4096];

	for (int i = 0; d && i < d->nargs && i < 6; i++) {
		struct arg_capture c;
		struct iovec l = { buf, sizeof(buf) }, r;

		if (!arg_capture(&d->args[i], &c) || (c.ck != CK_PATH && c.ck != CK_STR))
			continue;
		/* up to the end of the page, then the next one if no NUL */
		r.iov_base = (void *)(uintptr_t)args[i];
		r.iov_len = l.iov_len = 4096 - (args[i] & 4095);
		if (process_vm_readv(tid, &l, 1, &r, 1, 0) == (ssize_t)r.iov_len &&
		    !memchr(buf, 0, r.iov_len)) {
			r.iov_base = (char *)r.iov_base + r.iov_len;
			l.iov_len = r.iov_len = sizeof(buf);
			process_vm_readv(tid, &l, 1, &r, 1, 0);
		}
	}
}

static void handle(struct injector *in)
{
	struct seccomp_notif *q = in->req;
	struct seccomp_notif_resp *r = in->resp;
	const struct inject_rule *rule;
	struct inj_mark mark = { 0 };
	int nr = q->data.nr;
	pid_t tid = q->pid;
	uint64_t n;

	memset(r, 0, in->resp_size);
	r->id = q->id;
	r->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	if (in->handshake && tid == in->child && nr == __NR_execve) {
		/* the command's own execve: strace does not count it either */
		in->handshake = false;
		answer(in, r, tid);
		return;
	}
	if (in->first) {
		void (*fn)(void *) = in->first;

		in->first = NULL;
		fn(in->first_ctx);
	}
	/* the probes attached at the first call: a call that entered before
	 * may have its entry unseen, and its exit then makes its line */
	if (in->lazy) {
		mark.flags = INJ_NOENTRY;
		mark.ts = mono_ns();
	}
	rule = nr >= 0 && nr < INJ_NR_MAX ? &in->io->rule[nr] : NULL;
	/* without -f only the command's first thread is traced (strace too);
	 * calls before the command's exec (-u's) are strobe's, not counted */
	if (!rule || !rule->on || (!in->follow && tid != in->child) || in->handshake ||
	    !(n = count_call(in, tid, nr)) || !inject_when(rule, n)) {
		if (in->lazy && in->mark_fd >= 0)
			bpf_map_update_elem(in->mark_fd, &tid, &mark, BPF_ANY);
		answer(in, r, tid);
		return;
	}
	if (rule->has_error || rule->has_retval) {
		r->flags = 0;
		r->error = rule->has_error ? -rule->error : 0;
		r->val = rule->has_error ? 0 : (int64_t)rule->retval;
		mark.flags |= INJ_INJECTED | (rule->has_retval ? INJ_RETVAL : 0);
		fault_in_strings(tid, nr, q->data.args);
	}
	if (rule->poke_n && poke(in, rule, tid, nr))
		mark.flags |= INJ_ARGS;
	if (rule->has_delay) {
		mark.flags |= INJ_DELAYED;
		mark.ts = mono_ns();
	}
	mark.sig = rule->sig;
	in->injected++;
	if (in->mark_fd >= 0 && (mark.flags || mark.sig))
		bpf_map_update_elem(in->mark_fd, &tid, &mark, BPF_ANY);
	if (rule->has_delay && rule->delay_ns)
		hold(in, mono_ns() + rule->delay_ns, tid);
	else
		answer(in, r, tid);
}

int injector_run(struct injector *in)
{
	struct pollfd p = { .fd = in->listener, .events = POLLIN };
	uint64_t now = mono_ns(), next = UINT64_MAX;

	/* due answers first: the longer a held thread waits, the later */
	for (size_t i = 0; i < in->nheld;) {
		if (in->held[i].due <= now) {
			answer(in, &in->held[i].resp, in->held[i].tid);
			in->held[i] = in->held[--in->nheld];
		} else {
			i++;
		}
	}
	while (poll(&p, 1, 0) == 1 && (p.revents & POLLIN)) {
		memset(in->req, 0, in->req_size);
		if (ioctl(in->listener, SECCOMP_IOCTL_NOTIF_RECV, in->req))
			continue;	/* ENOENT: the thread went away meanwhile */
		handle(in);
	}
	now = mono_ns();
	for (size_t i = 0; i < in->nheld; i++)
		if (in->held[i].due < next)
			next = in->held[i].due;
	if (next == UINT64_MAX)
		return -1;
	return next <= now ? 0 : (int)((next - now + 999999) / 1000000);
}

/* The listener is at fd `remote` in the child; take it once it is there
 * (the child reported the number just before installing the filter). */
static int take_listener(pid_t child, int remote)
{
	int pidfd = syscall(SYS_pidfd_open, child, 0), fd = -1;

	if (pidfd < 0)
		return -errno;
	for (int tries = 0; tries < 50000; tries++) {
		char link[64], what[64];
		ssize_t n;

		fd = syscall(SYS_pidfd_getfd, pidfd, remote, 0);
		if (fd >= 0) {
			snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
			n = readlink(link, what, sizeof(what) - 1);
			if (n > 0 && (what[n] = 0, !strcmp(what, "anon_inode:seccomp notify")))
				break;
			close(fd);
			fd = -1;
		} else if (errno != EBADF) {
			fd = -errno;
			break;
		}
		/* the child is between its report and seccomp() returning */
		usleep(100);
	}
	close(pidfd);
	if (fd == -1)
		return -ETIMEDOUT;
	if (fd >= 0)
		fcntl(fd, F_SETFD, FD_CLOEXEC);
	return fd;
}

int injector_new(struct injector **ip, const struct inject_opts *io, bool follow,
		 pid_t child, int report_fd, int mark_fd)
{
	struct seccomp_notif_sizes sz;
	struct injector *in;
	struct inj_msg m;
	ssize_t got;

	do
		got = read(report_fd, &m, sizeof(m));
	while (got < 0 && errno == EINTR);
	if (got != sizeof(m))
		return -ECHILD;
	if (m.kind == INJ_MSG_ERR)
		return -m.value;
	in = calloc(1, sizeof(*in));
	if (!in)
		return -ENOMEM;
	in->io = io;
	in->follow = follow;
	in->child = child;
	in->mark_fd = mark_fd;
	in->handshake = true;
	in->listener = take_listener(child, m.value);
	if (in->listener < 0) {
		int err = in->listener;

		free(in);
		return err;
	}
	if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sz)) {
		sz.seccomp_notif = sizeof(struct seccomp_notif);
		sz.seccomp_notif_resp = sizeof(struct seccomp_notif_resp);
	}
	/* the kernel's structs may be larger than ours; never smaller */
	in->req_size = sz.seccomp_notif > sizeof(*in->req) ? sz.seccomp_notif : sizeof(*in->req);
	in->resp_size = sz.seccomp_notif_resp > sizeof(*in->resp) ?
			sz.seccomp_notif_resp : sizeof(*in->resp);
	in->req = calloc(1, in->req_size);
	in->resp = calloc(1, in->resp_size);
	if (!in->req || !in->resp) {
		injector_free(in);
		return -ENOMEM;
	}
	*ip = in;
	return 0;
}

void injector_on_first_call(struct injector *in, void (*fn)(void *), void *ctx)
{
	in->first = fn;
	in->first_ctx = ctx;
	in->lazy = true;
}

int injector_fd(const struct injector *in)
{
	return in->listener;
}

uint64_t injector_count(const struct injector *in)
{
	return in->injected;
}

/*
 * The filter outlives strobe in every process that has it, and with no
 * listener left the kernel fails the calls it would send with ENOSYS.  So
 * when strobe ends while some still run (the command's children without
 * -f, or strobe interrupted), the listener goes to a small process of its
 * own (strobe itself, re-executed) that lets every call through until the
 * last of them is gone.
 */
#define KEEPER_ARG "--inject-keeper"

bool inject_is_keeper(int argc, char **argv)
{
	return argc == 2 && !strcmp(argv[1], KEEPER_ARG);
}

int inject_keeper(void)
{
	struct pollfd p = { .fd = 3, .events = POLLIN };
	struct seccomp_notif_sizes sz = {
		.seccomp_notif = sizeof(struct seccomp_notif),
		.seccomp_notif_resp = sizeof(struct seccomp_notif_resp),
	};
	struct seccomp_notif *q;
	struct seccomp_notif_resp *r;

	syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sz);
	q = calloc(1, sz.seccomp_notif > sizeof(*q) ? sz.seccomp_notif : sizeof(*q));
	r = calloc(1, sz.seccomp_notif_resp > sizeof(*r) ? sz.seccomp_notif_resp : sizeof(*r));
	if (!q || !r)
		return 1;
	while (poll(&p, 1, -1) >= 0 && !(p.revents & (POLLHUP | POLLERR | POLLNVAL))) {
		memset(q, 0, sizeof(*q));
		if (ioctl(3, SECCOMP_IOCTL_NOTIF_RECV, q))
			continue;
		memset(r, 0, sizeof(*r));
		r->id = q->id;
		r->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		ioctl(3, SECCOMP_IOCTL_NOTIF_SEND, r);
	}
	free(q);
	free(r);
	return 0;
}

static void hand_off(struct injector *in)
{
	struct pollfd p = { .fd = in->listener, .events = POLLIN };
	char *const argv[] = { "strobe", KEEPER_ARG, NULL };
	sigset_t none;
	pid_t pid;
	int null;

	/* POLLHUP: no process has the filter any more */
	if (poll(&p, 1, 0) < 0 || (p.revents & POLLHUP))
		return;
	pid = fork();
	if (pid)
		return;
	/* only the listener goes along: no probe, map or pipe of strobe's */
	if (dup2(in->listener, 3) < 0)
		_exit(1);
	null = open("/dev/null", O_RDWR);
	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
	}
	syscall(SYS_close_range, 4, ~0U, 0);
	fcntl(3, F_SETFD, 0);
	setsid();
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	execv("/proc/self/exe", argv);
	_exit(1);
}

void injector_free(struct injector *in)
{
	if (!in)
		return;
	/* held calls go on now rather than fail when the listener closes */
	for (size_t i = 0; i < in->nheld; i++)
		answer(in, &in->held[i].resp, in->held[i].tid);
	if (in->listener >= 0) {
		hand_off(in);
		close(in->listener);
	}
	for (size_t i = 0; i < in->tcap; i++)
		free(in->t[i].n);
	free(in->t);
	free(in->held);
	free(in->req);
	free(in->resp);
	free(in);
}
