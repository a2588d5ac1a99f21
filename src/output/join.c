// SPDX-License-Identifier: GPL-2.0
/*
 * Calls in two halves: execve's entry half kept until its exit half
 * (joined by thread, or by process when a thread's exec completes in the
 * leader), and calls in flight at attach and detach, <unfinished ...>.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"
#include "../tracepoint/tracepoint.h"

#include "formatter.h"

void put_cut_call(struct formatter *f, const struct ev_syscall *e, size_t size,
			 const char *why)
{
	struct sbuf *b = &f->w->buf;

	if (f->o.json) {
		json_syscall(f, b, e, size, true);
		end_line(f, b);
		return;
	}
	put_leader(f, b, &e->h);
	put_number(f, b, e->h.tid, e->nr);
	/* as strace: what it printed at the call's entry, up to the first
	 * argument the call writes ("nanosleep({tv_sec=2, tv_nsec=0}, ") */
	put_call_at_entry(f, b, e, size);
	sbuf_puts(b, why);
	end_line(f, b);
}

void formatter_unfinished(struct formatter *f, const struct ev_syscall *e, size_t size)
{
	put_cut_call(f, e, size, e->flags & EVF_DETACHED ? " <detached ...>" : " <unfinished ...>");
}

struct pending *pending_find(struct formatter *f, __u32 tid, __u32 pid)
{
	for (size_t i = 0; i < f->npend; i++)
		if (f->pend[i].tid == tid)
			return &f->pend[i];
	/* a thread's successful execve completes in the thread group leader */
	for (size_t i = 0; i < f->npend; i++)
		if (f->pend[i].pid == pid)
			return &f->pend[i];
	return NULL;
}

void pending_drop(struct formatter *f, struct pending *p)
{
	free(p->rec);
	*p = f->pend[--f->npend];
}

/* A string block cap: execve's entry half again, from the new image */
static bool is_block(const struct cap *c)
{
	return (c->flags & (CAP_ARGV | CAP_ELEM)) == (CAP_ARGV | CAP_ELEM);
}

/* Has the record a string block (`faulted` false), or a capture that
 * could not be read (true)? */
static bool has_cap(const struct ev_syscall *e, size_t size, bool faulted)
{
	struct capiter it;
	const struct cap *c;
	const char *data;

	cap_begin(&it, e, size);
	while (cap_next(&it, &c, &data))
		if (faulted ? (c->flags & CAP_FAULT) != 0 : is_block(c))
			return true;
	return false;
}

static void put_cap(uint8_t **w, uint8_t arg, uint8_t flags, const char *data, size_t len)
{
	struct cap c = { .len = len, .arg = arg, .flags = flags };

	memcpy(*w, &c, sizeof(c));
	memcpy(*w + sizeof(c), data, len);
	memset(*w + sizeof(c) + len, 0, CAP_SIZE(len) - sizeof(c) - len);
	*w += CAP_SIZE(len);
}

/*
 * The kernel side's second entry half of an execve (emit_exec_again) holds
 * argv (and with -v the environment) as blocks of NUL-separated strings:
 * made into the captures the first has, one CAP_ARGV per string, cut at
 * -s and counted as the kernel side's string loop does.  Returns a new
 * record (to free), NULL if it cannot be made.
 */
static struct ev_syscall *split_blocks(struct formatter *f, const struct ev_syscall *e,
				       size_t size, size_t *out_size)
{
	struct capiter it;
	const struct cap *c;
	const char *data;
	size_t strmax = formatter_strsize(f), cap = size;
	struct ev_syscall *n;
	uint8_t *w;

	cap_begin(&it, e, size);
	while (cap_next(&it, &c, &data))	/* a cap header and padding per string */
		for (size_t i = 0; i < c->len; i++)
			cap += data[i] ? 0 : 16;
	if (!(n = malloc(cap + 32)))		/* ...and a last string cut short */
		return NULL;
	memcpy(n, e, sizeof(*e));
	n->ncaps = 0;
	n->aux2 = 0;
	w = (uint8_t *)(n + 1);
	cap_begin(&it, e, size);
	while (cap_next(&it, &c, &data)) {
		unsigned max = c->arg == 1 && !decode_verbose() ? ARGV_MAX : ARGV_MAX_V, got = 0;

		if (!is_block(c)) {
			put_cap(&w, c->arg, c->flags, data, c->len);
			n->ncaps++;
			continue;
		}
		for (size_t at = 0; at < c->len && got < max; got++) {
			size_t len = strnlen(data + at, c->len - at);
			bool cut = at + len == c->len && (c->flags & CAP_TRUNC);

			put_cap(&w, c->arg, CAP_ARGV | (len > strmax || cut ? CAP_TRUNC : 0),
				data + at, len > strmax ? strmax : len);
			n->ncaps++;
			at += len + 1;
		}
		/* argv's strings not shown (argc in the kernel's aux2) */
		if (c->arg == 1 && e->aux2 > got)
			n->aux2 = e->aux2 - got;
	}
	*out_size = w - (uint8_t *)n;
	return n;
}

/* exit's capture of argument arg that was read (NULL: none) */
static const struct cap *read_cap(const struct ev_syscall *e, size_t size, int arg,
				  const char **data)
{
	struct capiter it;
	const struct cap *c;

	cap_begin(&it, e, size);
	while (cap_next(&it, &c, data))
		if (c->arg == arg && !(c->flags & (CAP_FAULT | CAP_ARGV | CAP_ELEM)))
			return c;
	return NULL;
}

/*
 * A failed execve's exit half carries its path again (the kernel side
 * reads it at exit too): it takes the place of the entry half's when that
 * one could not be read (a string literal in a page the program had not
 * touched yet).  Returns a new record (to free), or NULL: nothing to take.
 */
static struct ev_syscall *path_again(const struct ev_syscall *entry, size_t esize,
				     const struct ev_syscall *exit, size_t xsize, size_t *out_size)
{
	struct capiter it;
	const struct cap *c, *again = NULL;
	const char *data, *xdata = NULL;
	struct ev_syscall *n;
	size_t grow = 0;
	uint8_t *w;

	cap_begin(&it, entry, esize);
	while (cap_next(&it, &c, &data))
		if ((c->flags & CAP_FAULT) && !(c->flags & CAP_ARGV) &&
		    (again = read_cap(exit, xsize, c->arg, &xdata)))
			grow += CAP_SIZE(again->len);
	if (!grow || !(n = malloc(esize + grow)))
		return NULL;
	memcpy(n, entry, sizeof(*n));
	w = (uint8_t *)(n + 1);
	cap_begin(&it, entry, esize);
	while (cap_next(&it, &c, &data)) {
		if ((c->flags & CAP_FAULT) && !(c->flags & CAP_ARGV) &&
		    (again = read_cap(exit, xsize, c->arg, &xdata)))
			put_cap(&w, again->arg, again->flags, xdata, again->len);
		else
			put_cap(&w, c->arg, c->flags, data, c->len);
	}
	*out_size = w - (uint8_t *)n;
	return n;
}

/* The entry half of a split call: keep it until its exit half arrives. */
static void split_entry(struct formatter *f, const struct ev_syscall *e, size_t size)
{
	struct pending *p = pending_find(f, e->h.tid, e->h.pid);

	/* execve's entry half again: taken when the first missed a string */
	if (has_cap(e, size, false)) {
		struct ev_syscall *n;
		size_t nsize;

		if (p && p->tid == e->h.tid && p->rec->nr == e->nr && !p->shown &&
		    has_cap(p->rec, p->size, true) && (n = split_blocks(f, e, size, &nsize))) {
			free(p->rec);
			p->rec = n;
			p->size = nsize;
		}
		return;
	}
	if (p && p->tid == e->h.tid)
		pending_drop(f, p);
	if (f->npend == f->cappend) {
		size_t cap = f->cappend ? f->cappend * 2 : 8;
		struct pending *n = realloc(f->pend, cap * sizeof(*n));

		if (!n)
			return;
		f->pend = n;
		f->cappend = cap;
	}
	p = &f->pend[f->npend];
	p->rec = malloc(size);
	if (!p->rec)
		return;
	memcpy(p->rec, e, size);
	p->tid = e->h.tid;
	p->pid = e->h.pid;
	p->size = size;
	p->shown = false;
	f->npend++;
}

const struct ev_syscall *formatter_join(struct formatter *f, const struct ev_syscall *e,
					size_t size, size_t *out_size)
{
	struct pending *p;

	*out_size = size;
	if (e->flags & EVF_ENTRY) {
		split_entry(f, e, size);
		return NULL;
	}
	if (!(e->flags & EVF_EXIT))
		return e;
	p = pending_find(f, e->h.tid, e->h.pid);
	if (e->flags & EVF_DROPPED) {
		if (p && p->rec->nr == e->nr)
			pending_drop(f, p);
		return NULL;
	}
	if (!p || p->rec->nr != e->nr)
		return e;	/* the entry half was lost: pointers only */
	if (size > sizeof(*e)) {
		size_t nsize;
		struct ev_syscall *n = path_again(p->rec, p->size, e, size, &nsize);

		if (n) {
			free(p->rec);
			p->rec = n;
			p->size = nsize;
		}
	}
	free(f->joined);
	f->joined = p->rec;
	f->joined->ret = e->ret;
	f->joined->dur = e->dur;
	f->joined->h.tid = e->h.tid;	/* the pid it completed in, as strace shows */
	f->joined->h.lost = 0;
	if (p->shown)
		f->joined->flags |= EVF_RESUMED;
	*out_size = p->size;
	p->rec = NULL;
	*p = f->pend[--f->npend];
	return f->joined;
}

/*
 * A thread other than the leader exec'd (it now has the leader's id, `tid`;
 * `old` was its own): as strace, its execve so far, cut with "<pid
 * changed to N ...>", then the leader's end, "+++ superseded by execve in
 * pid OLD +++", in place of the exit line it had; the execve's result
 * follows as a resumed line.
 */
void thread_execed(struct formatter *f, __u32 pid, __u32 old, __u32 tid)
{
	struct pending *p = NULL;
	struct ev_exit *held;
	char why[64];

	for (size_t i = 0; i < f->npend; i++)
		if (f->pend[i].tid == old)
			p = &f->pend[i];
	if (p && !f->o.json) {
		snprintf(why, sizeof(why), " <pid changed to %u ...>", tid);
		if (!f->o.status_filtered)
			put_cut_call(f, p->rec, p->size, why);
		p->shown = true;
	}
	held = leader_superseded(f, pid);
	if (!held)
		return;
	if (f->nprocs > 0)	/* the thread that exec'd is the leader now */
		f->nprocs--;
	if (!f->o.quiet_superseded && !f->o.json) {
		struct sbuf *b = &f->w->buf;

		put_leader(f, b, &held->h);
		sbuf_printf(b, "+++ superseded by execve in pid %u +++", old);
		end_line(f, b);
	}
	free(held);
}

void formatter_finish(struct formatter *f)
{
	while (f->npend) {
		struct pending *p = &f->pend[f->npend - 1];

		formatter_unfinished(f, p->rec, p->size);
		pending_drop(f, p);
	}
	/* a leader whose threads' exits were not seen (lost, or detached) */
	for (struct ev_exit *x; (x = held_exit_next(f));) {
		put_exit(f, x);
		free(x);
	}
}
