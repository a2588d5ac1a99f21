// SPDX-License-Identifier: GPL-2.0
/*
 * strobe record: the metadata a recording carries so that it can be read
 * on another machine (of the same architecture) and shown exactly as the
 * live trace would have been, and the end block with the run's totals.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "session.h"
#include "../record/record.h"
#include "../syscalls/syscalls.h"

/* Which syscall table decoded this: a hash of its names and arguments. */
static unsigned long long table_id(void)
{
	unsigned long long h = 1469598103934665603ull;

	for (int nr = 0; nr < SYSCALL_TABLE_SIZE; nr++) {
		const struct syscall_desc *d = syscall_get(nr);

		if (!d)
			continue;
		for (const char *c = d->name; *c; c++)
			h = (h ^ (unsigned char)*c) * 1099511628211ull;
		h = (h ^ (nr << 8 | d->nargs)) * 1099511628211ull;
	}
	return h;
}

struct fd_meta {
	struct session *s;
	int as_pid;
};

static void record_fd(void *ctx, int fd, const char *path)
{
	struct fd_meta *m = ctx;

	rec_writer_meta(m->s->rec, "fd", "%d %d %s", m->as_pid, fd, path);
}

/* "fd=PID FD PATH" for each open fd of pid, and its working directory as
 * fd -100 (what -y needs for fds opened before the recording began). */
static void record_fds(struct session *s, int pid, int as_pid)
{
	struct fd_meta m = { s, as_pid };
	char cwd[4096];

	/* the working directory first, as fd AT_FDCWD (proc_fds reads it
	 * before the fds, and reports them after) */
	proc_fds(pid, cwd, sizeof(cwd), NULL, NULL);
	if (cwd[0])
		rec_writer_meta(s->rec, "fd", "%d -100 %s", as_pid, cwd);
	proc_fds(pid, NULL, 0, record_fd, &m);
}

int record_start(struct session *s)
{
	const struct options *o = s->o;
	struct timespec rt, mt;
	struct utsname u;
	char host[256] = "";
	int err;

	s->rec = rec_writer_create(o->outfile, &err);
	if (!s->rec) {
		fprintf(stderr, "strobe: cannot create '%s': %s\n", o->outfile, strerror(-err));
		return err;
	}
	uname(&u);
	gethostname(host, sizeof(host) - 1);
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &mt);
	rec_writer_meta(s->rec, "strobe", "%s", STROBE_VERSION);
	rec_writer_meta(s->rec, "kernel", "%s", u.release);
	rec_writer_meta(s->rec, "arch", "%s", u.machine);
	rec_writer_meta(s->rec, "hostname", "%s", host);
	/* event times are CLOCK_MONOTONIC; this turns them into wall time */
	rec_writer_meta(s->rec, "clock_offset_ns", "%lld",
			(rt.tv_sec - mt.tv_sec) * 1000000000ll + (rt.tv_nsec - mt.tv_nsec));
	rec_writer_meta(s->rec, "start_ns", "%lld", mt.tv_sec * 1000000000ll + mt.tv_nsec);
	rec_writer_meta(s->rec, "syscall_table", "%s-%llx", u.machine, table_id());
	rec_writer_meta(s->rec, "string_limit", "%d", o->strsize);
	rec_writer_meta(s->rec, "follow", "%d", o->follow);
	rec_writer_meta(s->rec, "all", "%d", o->all);
	if (o->cmd) {
		struct sbuf b;

		sbuf_init(&b, 128);
		for (char **a = o->cmd; *a; a++)
			sbuf_printf(&b, "%s%s", a == o->cmd ? "" : " ", *a);
		sbuf_putc(&b, 0);
		rec_writer_meta(s->rec, "command", "%s", b.p);
		sbuf_free(&b);
	}
	for (int i = 0; i < o->npids; i++) {
		char path[64], comm[32] = "";
		FILE *f;

		snprintf(path, sizeof(path), "/proc/%d/comm", o->pids[i]);
		f = fopen(path, "re");
		if (f) {
			if (fgets(comm, sizeof(comm), f))
				comm[strcspn(comm, "\n")] = 0;
			fclose(f);
		}
		rec_writer_meta(s->rec, "attach", "%d %s", o->pids[i], comm);
		record_fds(s, o->pids[i], o->pids[i]);
	}
	return 0;
}

int record_finish(struct session *s, int status)
{
	char end[512];
	int err;

	snprintf(end, sizeof(end),
		 "lost=%llu\nmissed=%llu\nfollow_failed=%llu\nevents=%llu\nstatus=%d\n",
		 (unsigned long long)bpf_lost_total(s), (unsigned long long)bpf_missed_total(s),
		 (unsigned long long)bpf_follow_failed(s),
		 (unsigned long long)rec_writer_events(s->rec), status);
	uint64_t events = rec_writer_events(s->rec), bytes;
	err = rec_writer_close(s->rec, end);
	bytes = 0;
	{
		FILE *f = fopen(s->o->outfile, "re");

		if (f) {
			fseek(f, 0, SEEK_END);
			bytes = ftell(f);
			fclose(f);
		}
	}
	s->rec = NULL;
	if (err) {
		fprintf(stderr, "strobe: cannot write '%s': %s\n", s->o->outfile, strerror(-err));
		return err;
	}
	if (!s->o->quiet)
		fprintf(stderr, "strobe: recorded %llu events in %s (%llu bytes)\n",
			(unsigned long long)events, s->o->outfile, (unsigned long long)bytes);
	return 0;
}
