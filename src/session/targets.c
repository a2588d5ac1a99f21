// SPDX-License-Identifier: GPL-2.0
/*
 * Which threads are traced.  The kernel side keeps a task_state per traced
 * thread in BPF task storage; user space creates it through a pidfd (a
 * thread's pidfd needs PIDFD_THREAD, Linux 6.9).
 *
 * A thread that is blocked in a syscall when tracing starts never passes
 * sys_enter for it: /proc/PID/task/TID/syscall tells the number and
 * arguments, strobe prints "name(args <unfinished ...>" at once and seeds
 * the task_state so the exit prints "<... name resumed>".
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

		if ((d->args[i].kind != AK_PATH && d->args[i].kind != AK_STR) || !args[i])
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

int target_track(struct session *s, pid_t pid, pid_t tid, uint32_t flags,
		 bool check_blocked)
{
	struct task_state ts = { .flags = flags };
	int fd = pidfd_of(tid), nr = -1, err = 0;

	if (fd < 0)
		return fd;
	if (check_blocked)
		nr = blocked_syscall(pid, tid, ts.args);
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
		if (nr >= 0) {
			static uint8_t buf[sizeof(struct ev_syscall) + 6 * CAP_SIZE(PATH_CAP)];
			size_t size = build_record(s->o, pid, tid, nr, ts.args, ts.ts,
						   buf, sizeof(buf));

			session_unfinished(s, (struct ev_syscall *)buf, size);
		}
	}
	close(fd);
	return err;
}

/* Attach to every thread of each -p process; rescan until no new thread. */
int target_attach_pids(struct session *s)
{
	const struct options *o = s->o;

	for (int i = 0; i < o->npids; i++) {
		pid_t pid = o->pids[i];
		char path[64];
		int added, threads = 0;

		snprintf(path, sizeof(path), "/proc/%d/task", pid);
		for (int pass = 0; pass < 10; pass++) {
			DIR *dir = opendir(path);
			struct dirent *de;

			if (!dir) {
				if (errno == ENOENT || errno == ESRCH) {
					fprintf(stderr, "strobe: attach: process %d does not exist\n", pid);
					return -ESRCH;
				}
				fprintf(stderr, "strobe: attach: cannot read %s: %s\n", path,
					strerror(errno));
				return -errno;
			}
			added = 0;
			while ((de = readdir(dir))) {
				pid_t tid = atoi(de->d_name);
				int rc;

				if (tid <= 0)
					continue;
				rc = target_track(s, pid, tid, TS_TRACED, true);
				if (rc == 0) {
					added++;
					threads++;
				} else if (rc < 0 && rc != -ESRCH) {
					closedir(dir);
					fprintf(stderr, "strobe: attach: cannot trace thread %d of "
						"process %d: %s\n", tid, pid, strerror(-rc));
					return rc;
				}
			}
			closedir(dir);
			if (!added)
				break;
		}
		if (!threads) {
			fprintf(stderr, "strobe: attach: process %d does not exist\n", pid);
			return -ESRCH;
		}
		if (!o->quiet)
			fprintf(stderr, "strobe: Process %d attached\n", pid);
	}
	formatter_add_procs(s->fmt, (int)s->tids.used - 1);
	return 0;
}

/* At stop: each traced thread still inside a call gets an unfinished line. */
void target_report_unfinished(struct session *s)
{
	static uint8_t buf[sizeof(struct ev_syscall) + 6 * CAP_SIZE(PATH_CAP)];

	for (size_t i = 0; i < s->tids.cap; i++) {
		pid_t tid = s->tids.slot[i];
		struct task_state ts;
		char path[64];
		int fd, pid = 0;
		FILE *f;

		if (tid <= 0)
			continue;
		fd = syscall(SYS_pidfd_open, tid, PIDFD_THREAD);
		if (fd < 0)
			continue;
		/* an execve in flight is the formatter's: it holds the entry half */
		if (bpf_map_lookup_elem(s->skel->maps.tstate.map_fd, &fd, &ts) ||
		    !(ts.flags & TS_IN_CALL) || ts.nr == 59 || ts.nr == 322) {
			close(fd);
			continue;
		}
		close(fd);
		snprintf(path, sizeof(path), "/proc/%d/status", tid);
		f = fopen(path, "re");
		if (f) {
			char line[128];

			while (fgets(line, sizeof(line), f))
				if (sscanf(line, "Tgid: %d", &pid) == 1)
					break;
			fclose(f);
		}
		size_t size = build_record(s->o, pid ? pid : tid, tid, ts.nr, ts.args,
					   ts.ts, buf, sizeof(buf));
		session_unfinished(s, (struct ev_syscall *)buf, size);
	}
}
