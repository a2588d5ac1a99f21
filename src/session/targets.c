// SPDX-License-Identifier: GPL-2.0
/*
 * Which threads are traced.  The kernel side keeps a task_state per traced
 * thread in BPF task storage; user space creates it through a pidfd (a
 * thread's pidfd needs PIDFD_THREAD, Linux 6.9).
 *
 * A thread that is blocked in a syscall when tracing starts never passes
 * sys_enter for it: /proc/PID/task/TID/syscall tells the number and
 * arguments, strobe prints "name(args <unfinished ...>" at once and seeds
 * the task_state so the exit prints "<... name resumed>".  Only a call
 * -e trace= selects (and -e status= lets "unfinished" through) is shown or
 * seeded; one shown at attach is not shown again at detach.
 *
 * As strace, each -p process that cannot be traced (gone, or a kernel
 * thread, which makes no system calls) is one warning, and the session
 * goes on with the others; only when none is left is it an error.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>

#include "syscalls.lskel.h"
#include "session.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"

#ifndef PIDFD_THREAD
#define PIDFD_THREAD O_EXCL
#endif

/* A thread pidfd names that very thread, leader or not. */
static int pidfd_of(pid_t tid)
{
	int fd = syscall(SYS_pidfd_open, tid, PIDFD_THREAD);

	return fd < 0 ? -errno : fd;
}

static uint64_t now_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* "nr a0 a1 a2 a3 a4 a5 sp pc" while blocked in a syscall; else -1. */
static int blocked_syscall(pid_t pid, pid_t tid, __u64 args[6])
{
	char path[64], buf[256];
	int fd, n, nr;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/syscall", pid, tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	if (sscanf(buf, "%d %llx %llx %llx %llx %llx %llx", &nr, &args[0], &args[1],
		   &args[2], &args[3], &args[4], &args[5]) != 7 || nr < 0)
		return -1;
	return nr;
}

/* Read a string from another process, for lines strobe prints itself. */
static size_t read_remote_str(pid_t pid, uint64_t addr, char *dst, size_t max,
			      bool *trunc)
{
	struct iovec local = { dst, max }, remote = { (void *)addr, max };
	ssize_t n = process_vm_readv(pid, &local, 1, &remote, 1, 0);
	size_t len;

	*trunc = false;
	if (n <= 0) {
		/* the range may cross into an unmapped page: retry shorter */
		remote.iov_len = local.iov_len = 4096 - (addr & 4095);
		if (remote.iov_len > max)
			remote.iov_len = local.iov_len = max;
		n = process_vm_readv(pid, &local, 1, &remote, 1, 0);
		if (n <= 0)
			return (size_t)-1;
	}
	len = strnlen(dst, n);
	if (len == (size_t)n)
		*trunc = true;
	return len;
}

/*
 * Build a record like the kernel's for a call user space found in flight,
 * reading its string arguments from the process.  Returns its size.
 */
static size_t build_record(const struct options *o, pid_t pid, pid_t tid, int nr,
			   const __u64 args[6], uint64_t ts, uint8_t *buf, size_t cap)
{
	struct ev_syscall *e = (struct ev_syscall *)buf;
	const struct syscall_desc *d = syscall_get(nr);
	size_t off = sizeof(*e);

	memset(e, 0, sizeof(*e));
	e->h.ts = ts;
	e->h.pid = pid;
	e->h.tid = tid;
	e->h.kind = EV_SYSCALL;
	e->nr = nr;
	memcpy(e->args, args, sizeof(e->args));
	for (int i = 0; d && !(d->flags & SCF_NO_FORMAT) && i < d->nargs; i++) {
		size_t limit, len;
		struct cap *c;
		bool trunc;

		struct arg_capture ac;

		/* a struct the call reads (nanosleep's time): still there */
		if (d->args[i].dir != ARG_OUT && args[i] && arg_capture(&d->args[i], &ac) &&
		    ac.ck == CK_STRUCT_IN && ac.size && off + CAP_SIZE(ac.size) <= cap) {
			struct iovec local, remote = { (void *)(uintptr_t)args[i], ac.size };

			c = (struct cap *)(buf + off);
			local = (struct iovec){ c + 1, ac.size };
			c->arg = i;
			c->flags = 0;
			if (process_vm_readv(pid, &local, 1, &remote, 1, 0) != (ssize_t)ac.size) {
				c->flags = CAP_FAULT;
				c->len = 0;
			} else {
				c->len = ac.size;
			}
			off += CAP_SIZE(c->len);
			e->ncaps++;
			continue;
		}
		/* what the call reads: a string it writes is not there yet */
		if ((d->args[i].kind != AK_PATH && d->args[i].kind != AK_STR) ||
		    d->args[i].dir == ARG_OUT || !args[i])
			continue;
		limit = d->args[i].kind == AK_PATH ? PATH_CAP : (size_t)o->strsize + 1;
		if (off + CAP_SIZE(limit) > cap)
			break;
		c = (struct cap *)(buf + off);
		c->arg = i;
		c->flags = 0;
		len = read_remote_str(pid, args[i], (char *)(c + 1), limit, &trunc);
		if (len == (size_t)-1) {
			c->flags = CAP_FAULT;
			len = 0;
		} else if (d->args[i].kind == AK_STR && len > (size_t)o->strsize) {
			len = o->strsize;
			trunc = true;
		}
		if (trunc)
			c->flags |= CAP_TRUNC;
		c->len = len;
		off += CAP_SIZE(len);
		e->ncaps++;
	}
	e->h.size = off;
	return off;
}

static bool in_sel(const uint64_t *sel, int nr)
{
	return nr >= 0 && nr < SEL_WORDS_CLI * 64 && ((sel[nr / 64] >> (nr % 64)) & 1);
}

/* Is the call a thread was found blocked in shown as unfinished? */
static bool show_blocked(const struct options *o, int nr)
{
	return in_sel(o->sel, nr) && !(o->has_quiet && in_sel(o->quiet_sel, nr)) &&
	       (o->status_mask & ST_UNFINISHED);
}

int target_track(struct session *s, pid_t pid, pid_t tid, uint32_t flags,
		 bool check_blocked)
{
	struct task_state ts = { .flags = flags, .id = (uint64_t)pid << 32 | (uint32_t)tid };
	int fd = pidfd_of(tid), nr = -1, err = 0;

	if (fd < 0)
		return fd;
	if (check_blocked)
		nr = blocked_syscall(pid, tid, ts.args);
	/* an unselected call's completion is not shown either */
	if (nr >= 0 && !in_sel(s->o->sel, nr))
		nr = -1;
	if (nr >= 0) {
		ts.nr = nr;
		ts.ts = now_mono_ns();
		ts.flags |= TS_IN_CALL | TS_RESUMED;
	}
	/* BPF_NOEXIST: a thread seen twice (rescans) keeps what it has.
	 * EAGAIN: the storage was busy with a BPF program on this CPU (on a
	 * loaded machine, seen about once in 50 launches); it passes. */
	for (int tries = 0; tries < 100; tries++) {
		err = bpf_map_update_elem(s->skel->maps.tstate.map_fd, &fd, &ts, BPF_NOEXIST);
		if (!err || (errno != EAGAIN && errno != EBUSY))
			break;
		usleep(1000);
	}
	if (err) {
		err = errno == EEXIST ? 1 : -errno;
	} else {
		__atomic_add_fetch(&s->skel->bss->live, 1, __ATOMIC_RELEASE);
		tidset_add(&s->tids, tid);
		if (nr >= 0 && show_blocked(s->o, nr)) {
			static uint8_t buf[sizeof(struct ev_syscall) + 6 * CAP_SIZE(PATH_CAP)];
			size_t size = build_record(s->o, pid, tid, nr, ts.args, ts.ts,
						   buf, sizeof(buf));

			session_unfinished(s, (struct ev_syscall *)buf, size);
		}
	}
	close(fd);
	return err;
}

/* A kernel thread (PF_KTHREAD in /proc/PID/stat's flags) makes no calls. */
static bool is_kernel_thread(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long flags = 0;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = 0;
	/* after "(comm) ": state ppid pgrp session tty_nr tpgid flags */
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %lu", &flags) != 1)
		return false;
	return flags & 0x00200000;	/* PF_KTHREAD */
}

/* The thread group (process) a thread id belongs to, 0 if it is gone. */
static pid_t tgid_of(pid_t tid)
{
	char v[16];

	return proc_status(tid, "Tgid", v, sizeof(v)) ? (pid_t)atoi(v) : 0;
}

/* -p TID: as strace, the one thread TID; with -f every thread of its
 * process, rescanning until no new thread shows up.
 * Returns how many threads, 0 if the process is gone, or -errno. */
static int attach_one(struct session *s, pid_t pid)
{
	pid_t tgid = tgid_of(pid);
	char path[64];
	int added, threads = 0, rc;

	if (!tgid)
		return 0;
	if (!s->o->follow) {
		rc = target_track(s, tgid, pid, TS_TRACED, true);
		return rc >= 0 ? 1 : rc == -ESRCH ? 0 : rc;
	}
	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	for (int pass = 0; pass < 10; pass++) {
		DIR *dir = opendir(path);
		struct dirent *de;

		if (!dir)
			return errno == ENOENT || errno == ESRCH ? threads : -errno;
		added = 0;
		while ((de = readdir(dir))) {
			pid_t tid = atoi(de->d_name);

			if (tid <= 0)
				continue;
			rc = target_track(s, tgid, tid, TS_TRACED, true);
			if (rc == 0) {
				added++;
				threads++;
			} else if (rc < 0 && rc != -ESRCH) {
				closedir(dir);
				return rc;
			}
		}
		closedir(dir);
		if (!added)
			break;
	}
	return threads;
}

/* Attach to each -p process; a process that cannot be traced is a warning
 * (strace's "attach: ...: reason"), unless none can. */
int target_attach_pids(struct session *s)
{
	const struct options *o = s->o;

	s->attached = calloc(o->npids, sizeof(*s->attached));
	if (!s->attached)
		return -ENOMEM;
	for (int i = 0; i < o->npids; i++) {
		pid_t pid = o->pids[i];
		int j, rc;

		for (j = 0; j < s->nattached && s->attached[j] != pid; j++)
			;
		if (j < s->nattached)
			continue;	/* -p X -p X: once */
		if (is_kernel_thread(pid)) {
			fprintf(stderr, "strobe: attach: process %d: %s (a kernel thread makes "
				"no system calls)\n", pid, strerror(EPERM));
			continue;
		}
		rc = attach_one(s, pid);
		if (rc <= 0) {
			fprintf(stderr, "strobe: attach: process %d: %s\n", pid,
				strerror(rc ? -rc : ESRCH));
			continue;
		}
		s->attached[s->nattached++] = pid;
		if (o->quiet & QUIET_ATTACH)
			continue;
		if (rc > 1)
			fprintf(stderr, "strobe: Process %d attached with %d threads\n", pid, rc);
		else
			fprintf(stderr, "strobe: Process %d attached\n", pid);
	}
	if (!s->nattached)
		return -ESRCH;
	formatter_add_procs(s->fmt, (int)s->tids.used - 1);
	return 0;
}

static int cmp_tid(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;

	return (x > y) - (x < y);
}

static bool was_attached(const struct session *s, pid_t tid)
{
	for (int i = 0; i < s->nattached; i++)
		if (s->attached[i] == tid)
			return true;
	return false;
}

/* As strace: "Process N detached" for each thread still traced, the -p
 * ones first, then the others (their threads, -f's children) by id. */
void target_report_detached(struct session *s)
{
	pid_t *rest;
	size_t n = 0;

	if (s->o->quiet & QUIET_ATTACH)
		return;
	for (int i = 0; i < s->nattached; i++)
		if (tidset_has(&s->tids, s->attached[i]))
			fprintf(stderr, "strobe: Process %d detached\n", s->attached[i]);
	rest = calloc(s->tids.cap ? s->tids.cap : 1, sizeof(*rest));
	if (!rest)
		return;
	for (size_t i = 0; i < s->tids.cap; i++)
		if (s->tids.slot[i] > 0 && !was_attached(s, s->tids.slot[i]))
			rest[n++] = s->tids.slot[i];
	qsort(rest, n, sizeof(*rest), cmp_tid);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, "strobe: Process %d detached\n", rest[i]);
	free(rest);
}

/* At stop: each traced thread still inside a call gets an unfinished line. */
void target_report_unfinished(struct session *s, bool detached)
{
	static uint8_t buf[sizeof(struct ev_syscall) + 6 * CAP_SIZE(PATH_CAP)];

	for (size_t i = 0; i < s->tids.cap; i++) {
		pid_t tid = s->tids.slot[i];
		struct task_state ts;
		int fd, pid = 0;

		if (tid <= 0)
			continue;
		fd = syscall(SYS_pidfd_open, tid, PIDFD_THREAD);
		if (fd < 0)
			continue;
		/* an execve in flight is the formatter's: it holds the entry half;
		 * a call found at attach and still blocked was shown then */
		if (bpf_map_lookup_elem(s->skel->maps.tstate.map_fd, &fd, &ts) ||
		    !(ts.flags & TS_IN_CALL) || (ts.flags & TS_RESUMED) ||
		    ts.nr == NR_execve || ts.nr == NR_execveat || !show_blocked(s->o, ts.nr)) {
			close(fd);
			continue;
		}
		close(fd);
		pid = tgid_of(tid);
		size_t size = build_record(s->o, pid ? pid : tid, tid, ts.nr, ts.args,
					   ts.ts, buf, sizeof(buf));

		if (detached)
			((struct ev_syscall *)buf)->flags |= EVF_DETACHED;
		session_unfinished(s, (struct ev_syscall *)buf, size);
	}
}
