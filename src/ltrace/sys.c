// SPDX-License-Identifier: GPL-2.0
/*
 * strobe ltrace -S: the syscalls of the traced processes among their
 * library calls.  They come from strobe's own syscall tracer (the session
 * layer's BPF side, bpf/syscalls.bpf.c) loaded beside the probe program,
 * targeting the same processes; its ring buffer is read by the same
 * consumer.  The two rings are put back in the order things happened (by
 * completion time, as --event does with uprobes: docs/design.md,
 * "Ordering") each time both have been drained.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <bpf/libbpf.h>

#include "ltrace.h"
#include "../session/session.h"
#include "../syscalls/nr_x86_64.h"
#include "../syscalls/syscalls.h"

/*
 * What happened in the last HOLD_NS is kept for the next drain: a record
 * the other ring has not delivered yet may still belong before it, and a
 * call's return (with the strings its entry could not read) usually
 * follows its entry within that time.
 */
#define HOLD_NS 30000000ull

struct lt_held {
	void *data;
	size_t size;
	uint64_t when;
	size_t seq;
};

struct lt_sys {
	struct options so;	/* what the syscall side is told */
	struct session s;
	struct lt_held *held;
	size_t nheld, cap;
};

/* When a record happened, for ordering: the end of a completed call. */
static uint64_t when(const void *data, size_t size)
{
	const struct ev_header *h = data;

	if (size < sizeof(*h))
		return 0;
	if (h->kind == EV_SYSCALL && size >= sizeof(struct ev_syscall))
		return h->ts + ((const struct ev_syscall *)data)->dur;
	if (h->kind == EV_UPROBE && size >= sizeof(struct ev_uprobe))
		return h->ts + ((const struct ev_uprobe *)data)->dur;
	return h->ts;
}

int lt_sys_hold(struct lt_sys *y, const void *data, size_t size)
{
	struct lt_held *h;

	if (y->nheld == y->cap) {
		size_t cap = y->cap ? y->cap * 2 : 256;

		if (!(h = realloc(y->held, cap * sizeof(*h))))
			return -ENOMEM;
		y->held = h;
		y->cap = cap;
	}
	h = &y->held[y->nheld];
	if (!(h->data = malloc(size)))
		return -ENOMEM;
	memcpy(h->data, data, size);
	h->size = size;
	h->when = when(data, size);
	h->seq = y->nheld++;
	return 0;
}

static int cmp_held(const void *a, const void *b)
{
	const struct lt_held *x = a, *y = b;

	if (x->when != y->when)
		return x->when < y->when ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static bool has_fault(const struct ev_uprobe *e, size_t size)
{
	const uint8_t *q = (const uint8_t *)(e + 1), *end = (const uint8_t *)e + size;

	for (unsigned i = 0; i < e->ncaps && q + sizeof(struct cap) <= end; i++) {
		const struct cap *c = (const void *)q;

		if (c->flags & CAP_FAULT)
			return true;
		q += CAP_SIZE(c->len);
	}
	return false;
}

/* A call's entry whose string could not be read yet (the return reads it
 * again) will likely print "<unfinished ...>" before a syscall it makes:
 * take the string from its return, when that is in the same batch. */
static void patch_entry(struct lt_sys *y, size_t i)
{
	struct lt_held *h = &y->held[i];
	const struct ev_uprobe *e = h->data;
	struct ev_uprobe *n;
	size_t nsize;

	if (h->size < sizeof(*e) || e->h.kind != EV_UPROBE || !(e->flags & UPF_ENTRY) ||
	    !has_fault(e, h->size))
		return;
	for (size_t j = i + 1; j < y->nheld; j++) {
		const struct ev_uprobe *r = y->held[j].data;

		if (y->held[j].size < sizeof(*r) || r->h.kind != EV_UPROBE ||
		    !(r->flags & UPF_PAIRED) || r->h.tid != e->h.tid ||
		    r->cookie != e->cookie || r->h.ts != e->h.ts)
			continue;
		if ((n = lt_entry_patch(e, h->size, r, y->held[j].size, &nsize))) {
			free(h->data);
			h->data = n;
			h->size = nsize;
		}
		return;
	}
}

void lt_sys_release(struct lt_sys *y, struct lt_printer *p, bool all)
{
	struct timespec ts;
	uint64_t horizon = 0;
	size_t n = 0;

	clock_gettime(CLOCK_MONOTONIC, &ts);	/* the clock of bpf_ktime_get_ns */
	if (!all)
		horizon = ts.tv_sec * 1000000000ull + ts.tv_nsec - HOLD_NS;
	qsort(y->held, y->nheld, sizeof(*y->held), cmp_held);
	for (size_t i = 0; i < y->nheld; i++)
		patch_entry(y, i);
	for (; n < y->nheld && (all || y->held[n].when < horizon); n++) {
		lt_printer_event(p, y->held[n].data, y->held[n].size);
		free(y->held[n].data);
	}
	/* the rest waits for the next drain, in order */
	memmove(y->held, y->held + n, (y->nheld - n) * sizeof(*y->held));
	y->nheld -= n;
	for (size_t i = 0; i < y->nheld; i++)
		y->held[i].seq = i;
}

/* Every thread of a -p process, from /proc; -errno if none. */
static int track_pid(struct lt_sys *y, pid_t pid)
{
	char path[64];
	DIR *dir;
	struct dirent *de;
	int n = 0, rc;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	if (!(dir = opendir(path)))
		return -errno;
	while ((de = readdir(dir))) {
		pid_t tid = atoi(de->d_name);

		if (tid > 0 && (rc = target_track(&y->s, pid, tid, TS_TRACED, false)) >= 0)
			n++;
	}
	closedir(dir);
	return n ? 0 : -ESRCH;
}

int lt_sys_start(struct lt_sys **out, const struct lt_opts *o, pid_t child,
		 struct formatter *fmt)
{
	struct lt_sys *y = calloc(1, sizeof(*y));
	struct options *so;
	int err;

	*out = y;
	if (!y)
		return -ENOMEM;
	so = &y->so;
	/* every syscall, as ltrace -S shows them all */
	memset(so->sel, 0xff, sizeof(so->sel));
	/* ...but the uprobes' own trampolines: strobe's doing, not the program's */
	so->sel[NR_uretprobe >> 6] &= ~(1ull << (NR_uretprobe & 63));
	so->sel[NR_uprobe >> 6] &= ~(1ull << (NR_uprobe & 63));
	memset(so->signals, 0xff, sizeof(so->signals));
	so->status_mask = ST_ALL;
	so->strsize = o->strsize;
	so->bufsize = o->stack_depth ? 32 << 20 : 4 << 20;
	so->trace = true;
	so->columns = 40;
	so->follow = o->follow;
	so->all = o->all;
	so->cmd = o->cmd;
	so->pids = o->pids;
	so->npids = o->npids;
	so->stack_trace = o->stack_depth ? 1 : 0;
	if (o->count) {
		/* counted in the kernel, as strobe -c does; nothing to print */
		so->summary = true;
		so->trace = false;
		so->stack_trace = 0;
		so->bufsize = 64 << 10;
	}
	so->stack_bytes = 8192;
	so->debug = o->debug;
	y->s.o = so;
	y->s.child = child;
	y->s.gate_fd = y->s.exec_err_fd = -1;
	y->s.tracefs = -1;
	y->s.fmt = fmt;
	if ((err = bpf_setup_load(&y->s))) {
		hint_load_failure(err);
		return -EALREADY;
	}
	if (child > 0)
		err = target_track(&y->s, child, child, TS_TRACED | TS_PENDING_EXEC, false);
	for (int i = 0; i < o->npids && !err; i++)
		err = track_pid(y, o->pids[i]);
	if (err < 0) {
		fprintf(stderr, "strobe ltrace: cannot trace the syscalls of the process: %s\n",
			strerror(-err));
		return -EALREADY;
	}
	if ((err = bpf_setup_attach(&y->s))) {
		if (err != -EALREADY)
			fprintf(stderr, "strobe ltrace: cannot attach the syscall probes: %s\n",
				strerror(-err));
		return -EALREADY;
	}
	return 0;
}

int lt_sys_summary(struct lt_sys *y, struct summary *out)
{
	struct summary sum = { 0 };
	struct sum_maps m;
	int err;

	bpf_summary_maps(&y->s, &m);
	if ((err = summary_collect(&m, &sum)))
		return err;
	for (size_t i = 0; i < sum.n; i++) {
		struct sum_row *r = summary_add_row(out);

		if (!r) {
			err = -ENOMEM;
			break;
		}
		*r = sum.rows[i];
		r->nr += LT_SYS_BASE;
	}
	summary_free(&sum);
	return err;
}

const char *lt_sys_name(int nr)
{
	static char *names[SYSCALL_TABLE_SIZE];
	const struct syscall_desc *d;

	nr -= LT_SYS_BASE;
	if (nr < 0 || nr >= SYSCALL_TABLE_SIZE || !(d = syscall_get(nr)))
		return NULL;
	if (!names[nr] && asprintf(&names[nr], "SYS_%s", d->name) < 0)
		names[nr] = NULL;
	return names[nr];
}

uint64_t lt_sys_not_counted(struct lt_sys *y)
{
	return y ? bpf_summary_not_counted(&y->s) : 0;
}

int lt_sys_ringbuf_fd(struct lt_sys *y)
{
	return bpf_ringbuf_fd(&y->s);
}

void lt_sys_stop(struct lt_sys *y)
{
	if (y && y->s.skel)
		bpf_setup_detach(&y->s);
}

uint64_t lt_sys_lost(struct lt_sys *y)
{
	return y && y->s.skel ? bpf_lost_total(&y->s) : 0;
}

void lt_sys_free(struct lt_sys *y)
{
	if (!y)
		return;
	for (size_t i = 0; i < y->nheld; i++)
		free(y->held[i].data);
	free(y->held);
	bpf_setup_destroy(&y->s);
	tidset_free(&y->s.tids);
	free(y);
}
