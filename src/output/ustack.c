// SPDX-License-Identifier: GPL-2.0
/*
 * -i and -k in the trace: each call's struct ev_ustack record arrives just
 * before the call's own record (same thread, same entry time); it is kept
 * per thread until that line is printed, then gives the line its
 * "[instruction pointer] " and the stack printed under it.
 *
 * Where strace puts them: a split execve's line shows the pointer of its
 * entry (the old image) and the stack at its exit (the new image's entry
 * point); a call that never returns (exit_group) has its stack printed
 * after the thread's "+++ exited" line.
 */
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "internal.h"
#include "../stack/stack.h"

struct ustk_slot {
	uint32_t tid;
	struct ev_ustack *rec;	/* the last one, until its call's line */
	size_t size, cap;
	bool has_entry;		/* a split call's entry half went by: */
	uint64_t entry_ts, entry_ip;
	struct ev_ustack *deferred;	/* a call without return: after "+++" */
	size_t dsize;
};

struct fmt_ustacks {
	struct ustacks *u;	/* -k: images and symbols */
	bool source;		/* -kk */
	struct ustk_slot *v;
	size_t n, cap;
	/* the line being printed */
	bool line_ok;
	uint32_t line_tid;
	uint64_t line_ts, line_ip;
	struct ustk_slot *cur;	/* its stack, when there is one */
	bool seen;		/* any record at all */
};

struct fmt_ustacks *fus_new(bool stacks, bool source, bool live)
{
	struct fmt_ustacks *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->source = source;
	if (stacks && !(f->u = ustacks_new(source, live))) {
		free(f);
		return NULL;
	}
	return f;
}

void fus_free(struct fmt_ustacks *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].rec);
		free(f->v[i].deferred);
	}
	free(f->v);
	ustacks_free(f->u);
	free(f);
}

static struct ustk_slot *slot(struct fmt_ustacks *f, uint32_t tid, bool create)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->v[i].tid == tid)
			return &f->v[i];
	if (!create)
		return NULL;
	if (f->n == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 16;
		struct ustk_slot *nv = realloc(f->v, cap * sizeof(*nv));

		if (!nv)
			return NULL;
		f->v = nv;
		f->cap = cap;
	}
	memset(&f->v[f->n], 0, sizeof(f->v[0]));
	f->v[f->n].tid = tid;
	return &f->v[f->n++];
}

void fus_record(struct fmt_ustacks *f, const struct ev_ustack *e, size_t size)
{
	struct ustk_slot *s;

	if (size < sizeof(*e) || sizeof(*e) + e->stack_len > size) {
		return;
	}
	f->seen = true;
	s = slot(f, e->h.tid, true);
	if (!s)
		return;
	if (size > s->cap) {
		struct ev_ustack *r = realloc(s->rec, size);

		if (!r)
			return;
		s->rec = r;
		s->cap = size;
	}
	memcpy(s->rec, e, size);
	s->size = size;
}

void fus_maps(struct fmt_ustacks *f, const struct ev_maps *m, size_t size)
{
	if (f->u)
		ustacks_maps(f->u, m, size);
}

/* Before a record's line: which pointer and stack are its. */
void fus_begin(struct fmt_ustacks *f, const struct ev_header *h, uint8_t sc_flags)
{
	struct ustk_slot *s = slot(f, h->tid, false);
	bool mine = s && s->size && s->rec->h.ts == h->ts;

	f->line_ok = false;
	f->cur = NULL;
	if (!s)
		return;
	if (sc_flags & EVF_ENTRY) {
		/* the line waits for the exit half; its pointer is this one */
		s->has_entry = mine;
		s->entry_ts = h->ts;
		s->entry_ip = mine ? s->rec->regs[UREG_IP] : 0;
		s->size = 0;
		return;
	}
	f->line_tid = h->tid;
	f->line_ts = h->ts;
	if ((sc_flags & EVF_EXIT) && s->has_entry && s->entry_ts == h->ts) {
		f->line_ok = true;
		f->line_ip = s->entry_ip;
	} else if (mine) {
		f->line_ok = true;
		f->line_ip = s->rec->regs[UREG_IP];
	}
	s->has_entry = false;
	if (mine)
		f->cur = s;
}

void fus_put_ip(struct fmt_ustacks *f, struct sbuf *b, const struct ev_header *h)
{
	static const char hex[] = "0123456789abcdef";

	if (!f->line_ok || h->tid != f->line_tid || h->ts != f->line_ts) {
		sbuf_puts(b, "[????????????????] ");
		return;
	}
	sbuf_putc(b, '[');
	for (int i = 60; i >= 0; i -= 4)
		sbuf_putc(b, hex[(f->line_ip >> i) & 15]);
	sbuf_puts(b, "] ");
}

/* After the line: its stack, or (a call that never returns) later. */
void fus_put_stack(struct fmt_ustacks *f, struct sbuf *b, bool noreturn)
{
	struct ustk_slot *s = f->cur;

	if (!f->u || !s || !s->size)
		return;
	if (noreturn) {
		free(s->deferred);
		s->deferred = s->rec;
		s->dsize = s->size;
		s->rec = NULL;
		s->cap = 0;
	} else {
		ustacks_print(f->u, b, s->rec, s->size, f->source);
	}
	s->size = 0;
}

void fus_end(struct fmt_ustacks *f)
{
	if (f->cur)
		f->cur->size = 0;
	f->cur = NULL;
	f->line_ok = false;
}

/* After a thread's "+++ exited" line: the stack of its exit_group. */
void fus_exit(struct fmt_ustacks *f, struct sbuf *b, const struct ev_exit *x)
{
	struct ustk_slot *s = slot(f, x->h.tid, false);

	if (s) {
		if (s->deferred && f->u)
			ustacks_print(f->u, b, s->deferred, s->dsize, f->source);
		free(s->rec);
		free(s->deferred);
		*s = f->v[--f->n];
	}
	if (x->group_dead && f->u)
		ustacks_forget(f->u, x->h.pid);
}

uint64_t fus_unmapped(const struct fmt_ustacks *f)
{
	return f->u ? ustacks_unmapped(f->u) : 0;
}

uint64_t fus_cut(const struct fmt_ustacks *f)
{
	return f->u ? ustacks_cut(f->u) : 0;
}

bool fus_seen(const struct fmt_ustacks *f)
{
	return f->seen;
}
