// SPDX-License-Identifier: GPL-2.0
/*
 * strobe profile --dump -p PID: every thread's stack now, Python and native,
 * like py-spy dump and eu-stack, without ptrace: a sleepable BPF task
 * iterator (bpf/profile_dump.bpf.inc) reads each thread's registers, kernel stack,
 * user stack and Python frames, and the records go through the profiler's
 * own unwinding and Python merging.  Innermost frame first.
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profile.h"
#include "profile.lskel.h"
#include "../python/python.h"
#include "../../bpf/profile_event.h"

struct dump {
	void **rec;
	size_t n, cap;
};

static int on_dump(void *ctx, void *data, size_t size)
{
	struct dump *d = ctx;
	const struct prof_sample *s = data;
	void *copy;

	if (size < sizeof(*s) || s->kind != PK_DUMP ||
	    sizeof(*s) + (size_t)s->kstack_len + s->ustack_len + s->stack_len + s->py_len > size)
		return 0;
	if (d->n == d->cap) {
		size_t nc = d->cap ? d->cap * 2 : 64;
		void **r = realloc(d->rec, nc * sizeof(*r));

		if (!r)
			return -ENOMEM;
		d->rec = r;
		d->cap = nc;
	}
	copy = malloc(size);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, data, size);
	d->rec[d->n++] = copy;
	return 0;
}

static int by_tid(const void *a, const void *b)
{
	const struct prof_sample *x = *(void *const *)a, *y = *(void *const *)b;

	return (x->tid > y->tid) - (x->tid < y->tid);
}

/* The state as ps shows it, from task->__state and on_cpu. */
static const char *state_name(uint64_t w)
{
	uint32_t st = (uint32_t)w;

	if (w >> 32)
		return "running";
	if (st == 0)
		return "runnable";
	if (st & 0x400)
		return "idle";
	if (st & 1)
		return "sleeping";
	if (st & 2)
		return "disk sleep";
	if (st & 4)
		return "stopped";
	if (st & 8)
		return "tracing stop";
	return "dead";
}

static void cmdline(pid_t pid, pid_t tid, char *buf, size_t len)
{
	char path[80];
	FILE *f;
	size_t n = 0;

	snprintf(path, sizeof(path), "/proc/%d/cmdline", pid);
	f = fopen(path, "re");
	if (f) {
		n = fread(buf, 1, len - 1, f);
		fclose(f);
	}
	/* the main thread has exited: another thread still has the memory */
	if (!n && tid && tid != pid) {
		snprintf(path, sizeof(path), "/proc/%d/task/%d/cmdline", pid, tid);
		f = fopen(path, "re");
		if (f) {
			n = fread(buf, 1, len - 1, f);
			fclose(f);
		}
	}
	for (size_t i = 0; i + 1 < n; i++)
		if (!buf[i])
			buf[i] = ' ';
	buf[n] = 0;
}

int profile_snapshot(struct profile_bpf *skel, pid_t pid)
{
	union bpf_iter_link_info info = { .task.pid = pid };
	LIBBPF_OPTS(bpf_link_create_opts, opts, .iter_info = &info,
		    .iter_info_len = sizeof(info));
	char buf[256];
	int link, it, err = 0;

	link = bpf_link_create(skel->progs.dump_task.prog_fd, 0, BPF_TRACE_ITER, &opts);
	if (link < 0) {
		err = -errno;
		fprintf(stderr, "strobe profile: cannot iterate the threads of %d: %s (--dump "
			"needs Linux 6.1 or later)\n", pid, strerror(errno));
		return err;
	}
	it = bpf_iter_create(link);
	if (it < 0) {
		err = -errno;
		fprintf(stderr, "strobe profile: cannot iterate the threads of %d: %s\n", pid,
			strerror(errno));
	} else {
		while (read(it, buf, sizeof(buf)) > 0)
			;
		close(it);
	}
	close(link);
	return err;
}

static void print_thread(FILE *f, const struct prof_sample *s, const struct stacks *st,
			 const uint32_t *frames, uint32_t n, const char *pyname)
{
	/* a Python thread by its threading name, as py-spy dump shows it */
	if (pyname)
		fprintf(f, "\nThread %u \"%s\" (%s):\n", s->tid, pyname, state_name(s->weight));
	else
		fprintf(f, "\nThread %u \"%.16s\" (%s):\n", s->tid, s->comm,
			state_name(s->weight));
	/* frames[0] is the process name (the profile's root) */
	for (uint32_t i = n; i-- > 1;)
		fprintf(f, "    %s\n", st->names[frames[i]]);
	if (s->weight >> 32)
		fprintf(f, "    (on a CPU: its user stack is as of its last entry to the "
			"kernel)\n");
}

int profile_dump(struct profile_bpf *skel, const struct prof_options *o, struct pyinfo *py)
{
	struct dump d = { 0 };
	struct ring_buffer *rb = ring_buffer__new(skel->maps.rb.map_fd, on_dump, &d, NULL);
	struct procs *ps = procs_new();
	struct stacks st = { 0 };
	FILE *f = o->nout ? fopen(o->outfile[0], "we") : stdout;
	uint32_t *frames = NULL, cap = 0;
	int err = 0;

	if (!rb || !ps || !f) {
		fprintf(stderr, "strobe profile: %s: %s\n", !f ? o->outfile[0] : "--dump",
			strerror(errno));
		err = -1;
		goto out;
	}
	for (int i = 0; i < o->npids && !err; i++) {
		char cmd[512];
		size_t first = d.n;
		bool names_read = false;

		err = profile_snapshot(skel, o->pids[i]);
		if (err || ring_buffer__consume(rb) < 0) {
			err = -1;
			break;
		}
		cmdline(o->pids[i], d.n > first ? ((struct prof_sample *)d.rec[d.n - 1])->tid : 0,
			cmd, sizeof(cmd));
		fprintf(f, "%sProcess %d: %s\n", i ? "\n" : "", o->pids[i], cmd);
		qsort(d.rec + first, d.n - first, sizeof(*d.rec), by_tid);
		for (size_t j = first; j < d.n; j++) {
			const struct prof_sample *s = d.rec[j];
			struct proc *p = procs_note(ps, s);
			uint32_t n = 0;
			bool full;

			if (py)
				pyinfo_sample(py, s, s + 1);
			procs_unwind(ps, p, s, s + 1, o->unwind, &st, &frames, &n, &cap, &full);
			if (py)
				pyinfo_merge(py, s, s + 1, &st, &frames, &n, &cap, 0);
			/* the names now, once the process's interpreter is known */
			if (py && !names_read) {
				pyinfo_read_names(py, o->pids[i]);
				names_read = true;
			}
			print_thread(f, s, &st, frames, n,
				     py ? pyinfo_thread_name(py, s->pid, s->tid, s->ts) : NULL);
		}
		if (d.n == first)
			fprintf(f, "(no threads: the process has exited or is a kernel thread)\n");
	}
	if (skel->bss->lost_total)
		fprintf(stderr, "strobe profile: %llu threads lost (ring buffer full)\n",
			(unsigned long long)skel->bss->lost_total);
	if (fflush(f) || ferror(f)) {
		fprintf(stderr, "strobe profile: cannot write the dump: %s\n", strerror(errno));
		err = -1;
	}
out:
	if (f && f != stdout)
		fclose(f);
	for (size_t i = 0; i < d.n; i++)
		free(d.rec[i]);
	free(d.rec);
	free(frames);
	stacks_free(&st);
	procs_free(ps);
	if (rb)
		ring_buffer__free(rb);
	return err;
}
