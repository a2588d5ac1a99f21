// SPDX-License-Identifier: GPL-2.0
/*
 * --decode-pids=pidns: a pid a call takes or returns, seen from another
 * pid namespace than strobe's, is followed by "/ * N in strace's PID NS * /"
 * (strace's words, kept for its scripts) with the pid in strobe's
 * namespace.  Which namespace a thread is in, and which process has a
 * given pid in it, come from /proc: the thread's ns/pid link, and each
 * process's NSpid line (its pids from strobe's namespace down to its own).
 * Live, the BPF side's map says first (bpf/pidns.bpf.inc: each traced
 * thread's ids as they were at its calls, which a process gone by the time
 * the line prints still has there); /proc is read when it does not know.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/bpf.h>

#include "formatter.h"
#include "../syscalls/nr_x86_64.h"

/* the inode of a thread's pid namespace, or 0 */
static unsigned long ns_ino(const char *tid)
{
	char path[300];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/%s/ns/pid", tid);
	return stat(path, &st) ? 0 : (unsigned long)st.st_ino;
}

/* the last pid of a process's NSpid line (its pid in its own namespace) */
static long nspid_last(const char *pid)
{
	char path[300], line[256];
	long last = -1;
	FILE *fp;

	snprintf(path, sizeof(path), "/proc/%s/status", pid);
	if (!(fp = fopen(path, "r")))
		return -1;
	while (fgets(line, sizeof(line), fp)) {
		if (strncmp(line, "NSpid:", 6))
			continue;
		for (char *p = line + 6, *end; ; p = end) {
			long v = strtol(p, &end, 10);

			if (end == p)
				break;
			last = v;
		}
		break;
	}
	fclose(fp);
	return last;
}

/* pid, as thread `tid` sees it, in strobe's namespace; pid itself when
 * the namespace is strobe's (or the thread is gone), 0 when not found */
static long translate(uint32_t tid, long pid)
{
	static unsigned long own;
	char t[16];
	unsigned long ns;
	DIR *d;
	struct dirent *de;
	long found = 0;

	if (!own)
		own = ns_ino("self");
	snprintf(t, sizeof(t), "%u", tid);
	ns = ns_ino(t);
	if (!ns || ns == own)
		return pid;
	if (!(d = opendir("/proc")))
		return 0;
	while (!found && (de = readdir(d))) {
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		if (nspid_last(de->d_name) == pid && ns_ino(de->d_name) == ns)
			found = atol(de->d_name);
	}
	closedir(d);
	return found;
}

void formatter_set_pidns_map(struct formatter *f, int fd)
{
	f->pidns_map = fd + 1;
}

static int map_lookup(int fd, const struct pidns_key *k, __u64 *v)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.map_fd = (__u32)fd;
	a.key = (__u64)(uintptr_t)k;
	a.value = (__u64)(uintptr_t)v;
	return (int)syscall(__NR_bpf, BPF_MAP_LOOKUP_ELEM, &a, sizeof(a));
}

/* pid, as thread tid uses it, in strobe's namespace from the BPF map:
 * 0 when the map does not know the thread or the number */
static long map_translate(const struct formatter *f, uint32_t tid, long pid)
{
	struct pidns_key k = { .ns = 0, .nr = tid };
	__u64 ns = 0, global = 0;

	if (!f->pidns_map || map_lookup(f->pidns_map - 1, &k, &ns) || !ns)
		return 0;
	k.ns = ns;
	k.nr = (__u32)pid;
	if (map_lookup(f->pidns_map - 1, &k, &global))
		return 0;
	return (long)global;
}

void note_own_pid(struct formatter *f, const struct ev_syscall *e)
{
	unsigned slot = e->h.tid % (sizeof(f->selves) / sizeof(f->selves[0]));

	if (f->selves[slot].tid != e->h.tid) {
		memset(&f->selves[slot], 0, sizeof(f->selves[slot]));
		f->selves[slot].tid = e->h.tid;
		f->selves[slot].pid = e->h.pid;
	}
	if (e->nr == NR_getpid)
		f->selves[slot].local_pid = (uint32_t)e->ret;
	else
		f->selves[slot].local_tid = (uint32_t)e->ret;
}

/* the caller's own ids, as it learnt them */
static long own_id(const struct formatter *f, uint32_t tid, long pid)
{
	unsigned slot = tid % (sizeof(f->selves) / sizeof(f->selves[0]));

	if (f->selves[slot].tid != tid)
		return 0;
	if (f->selves[slot].local_pid == pid)
		return f->selves[slot].pid;
	if (f->selves[slot].local_tid == pid)
		return tid;
	return 0;
}

void put_pid_decor(struct formatter *f, struct sbuf *b, uint32_t tid, long pid, long global)
{
	if ((!f->o.pidns && !f->o.comm) || pid <= 0)
		return;
	if (!global && f->o.live) {
		global = map_translate(f, tid, pid);
		if (!global)
			global = own_id(f, tid, pid);
		if (!global)
			global = translate(tid, pid);
	}
	if (!global && !f->o.live)
		global = pid;	/* (a recording: as it was) */
	/* as strace: the name of the process the pid is in strobe's
	 * namespace, then where it is there */
	if (f->o.comm && global)
		put_comm(f, b, (uint32_t)global);
	if (f->o.pidns && global && global != pid)
		sbuf_printf(b, " /* %ld in strace's PID NS */", global);
}
