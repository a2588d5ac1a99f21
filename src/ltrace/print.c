// SPDX-License-Identifier: GPL-2.0
/*
 * ltrace's lines: "func(args) = result" when nothing came between a call
 * and its return, else "func(args <unfinished ...>" and later
 * "<... func resumed> ) = result"; "[pid N] " with -f; "+++ exited
 * (status N) +++".  The kernel sends an entry record and a return record
 * (with the arguments again, and what the call wrote); an entry is held
 * until its return or until another line must be printed.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ltrace.h"
#include "../decode/decode.h"
#include "../output/output.h"
#include "../output/internal.h"

#define RESULT_COL 48	/* ltrace pads the call to here, then " = " */

struct pending {
	struct ev_uprobe *e;	/* the entry record, copied */
	size_t size;
	bool printed;		/* shown as <unfinished ...> */
};

struct lt_thread {
	uint32_t tid;
	struct pending *stack;
	int depth, cap;
};

struct lt_printer {
	const struct lt_opts *o;
	struct writer *w;
	struct formatter *f;
	const struct uprog *u;
	struct lt_thread *th;
	size_t nth, capth;
	int64_t real_offset;	/* CLOCK_REALTIME - CLOCK_MONOTONIC */
	uint64_t last_ts;	/* -r */
};

struct lt_printer *lt_printer_new(const struct lt_opts *o, struct writer *w,
				  struct formatter *f, const struct uprog *u)
{
	struct lt_printer *p = calloc(1, sizeof(*p));
	struct timespec rt, mt;

	if (!p)
		return NULL;
	p->o = o;
	p->w = w;
	p->f = f;
	p->u = u;
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &mt);
	p->real_offset = (rt.tv_sec - mt.tv_sec) * 1000000000ll + (rt.tv_nsec - mt.tv_nsec);
	return p;
}

static struct lt_thread *thread_of(struct lt_printer *p, uint32_t tid)
{
	struct lt_thread *t;

	for (size_t i = 0; i < p->nth; i++)
		if (p->th[i].tid == tid)
			return &p->th[i];
	if (p->nth == p->capth) {
		size_t cap = p->capth ? p->capth * 2 : 16;

		if (!(t = realloc(p->th, cap * sizeof(*t))))
			return NULL;
		p->th = t;
		p->capth = cap;
	}
	t = &p->th[p->nth++];
	memset(t, 0, sizeof(*t));
	t->tid = tid;
	return t;
}

static void leader(struct lt_printer *p, struct sbuf *b, const struct ev_header *h, int depth)
{
	if (p->o->follow || p->o->npids > 1 || p->o->all)
		sbuf_printf(b, "[pid %u] ", h->tid);
	if (p->o->timestamps) {
		int64_t real = (int64_t)h->ts + p->real_offset;
		time_t sec = real / 1000000000;
		struct tm tm;

		if (p->o->timestamps >= 3) {
			sbuf_printf(b, "%lld.%06lld ", (long long)sec,
				    (long long)(real % 1000000000) / 1000);
		} else {
			localtime_r(&sec, &tm);
			sbuf_printf(b, "%02d:%02d:%02d", tm.tm_hour, tm.tm_min, tm.tm_sec);
			if (p->o->timestamps == 2)
				sbuf_printf(b, ".%06lld", (long long)(real % 1000000000) / 1000);
			sbuf_putc(b, ' ');
		}
	}
	if (p->o->relative) {
		uint64_t d = p->last_ts && h->ts > p->last_ts ? h->ts - p->last_ts : 0;

		sbuf_printf(b, "%3llu.%06llu ", (unsigned long long)(d / 1000000000),
			    (unsigned long long)(d % 1000000000) / 1000);
		p->last_ts = h->ts;
	}
	for (int i = 0; i < depth * p->o->indent; i++)
		sbuf_putc(b, ' ');
}

static const char *name_of(struct lt_printer *p, uint32_t cookie)
{
	const struct up_probe *pr = uprog_probe(p->u, cookie);

	return pr ? pr->func : "?";
}

static void lt_put_call(struct lt_printer *p, struct sbuf *b, const struct ev_uprobe *e,
		     size_t size)
{
	const struct up_probe *pr = uprog_probe(p->u, e->cookie);

	sbuf_puts(b, pr ? pr->func : "?");
	sbuf_putc(b, '(');
	put_lib_args(p->f, b, pr ? pr->proto : NULL, e, size, false);
}

static void put_result(struct lt_printer *p, struct sbuf *b, size_t start,
		       const struct ev_uprobe *e, size_t size)
{
	const struct up_probe *pr = uprog_probe(p->u, e->cookie);

	sbuf_pad_to(b, start, RESULT_COL);
	sbuf_puts(b, " = ");
	if (pr && pr->proto && pr->proto->ret == LR_VOID)
		sbuf_puts(b, "<void>");
	else
		put_lib_result(p->f, b, pr ? pr->proto : NULL, e, size);
	if (p->o->times)
		sbuf_printf(b, " <%llu.%06llu>", (unsigned long long)(e->dur / 1000000000),
			    (unsigned long long)(e->dur % 1000000000) / 1000);
	sbuf_putc(b, '\n');
}

/* Show every held entry as unfinished: another line comes before its end. */
static void flush_unfinished(struct lt_printer *p, const struct pending *except)
{
	struct sbuf *b = &p->w->buf;

	for (size_t i = 0; i < p->nth; i++)
		for (int k = 0; k < p->th[i].depth; k++) {
			struct pending *pe = &p->th[i].stack[k];

			if (pe->printed || pe == except)
				continue;
			leader(p, b, &pe->e->h, pe->e->depth);
			lt_put_call(p, b, pe->e, pe->size);
			sbuf_puts(b, " <unfinished ...>\n");
			pe->printed = true;
		}
}

static void on_entry(struct lt_printer *p, const struct ev_uprobe *e, size_t size)
{
	struct lt_thread *t = thread_of(p, e->h.tid);
	struct pending *pe;

	if (!t)
		return;
	if (t->depth == t->cap) {
		int cap = t->cap ? t->cap * 2 : 8;

		if (!(pe = realloc(t->stack, cap * sizeof(*pe))))
			return;
		t->stack = pe;
		t->cap = cap;
	}
	pe = &t->stack[t->depth];
	if (!(pe->e = malloc(size)))
		return;
	memcpy(pe->e, e, size);
	pe->size = size;
	pe->printed = false;
	t->depth++;
}

/* The return record with the entry's captures added: one record to print
 * the whole call from (strings read at entry, buffers at return). */
static struct ev_uprobe *merge(const struct ev_uprobe *entry, size_t esize,
			       const struct ev_uprobe *ret, size_t rsize, size_t *out)
{
	size_t ecaps = esize - sizeof(*entry), rcaps = rsize - sizeof(*ret);
	struct ev_uprobe *m = malloc(sizeof(*m) + ecaps + rcaps);

	if (!m)
		return NULL;
	/* the return's first: a string the entry could not read (a page
	 * not touched yet) was read again there, and the first capture of
	 * an argument is the one shown */
	*m = *ret;
	memcpy(m + 1, ret + 1, rcaps);
	memcpy((char *)(m + 1) + rcaps, entry + 1, ecaps);
	m->ncaps = entry->ncaps + ret->ncaps;
	*out = sizeof(*m) + ecaps + rcaps;
	m->h.size = *out;
	return m;
}

static void on_return(struct lt_printer *p, const struct ev_uprobe *e, size_t size)
{
	struct lt_thread *t = thread_of(p, e->h.tid);
	struct sbuf *b = &p->w->buf;
	struct pending *pe = NULL;
	size_t start;

	if (t && t->depth && t->stack[t->depth - 1].e->cookie == e->cookie)
		pe = &t->stack[t->depth - 1];
	flush_unfinished(p, pe);
	if (pe && !pe->printed) {
		size_t msize;
		struct ev_uprobe *m = merge(pe->e, pe->size, e, size, &msize);

		if (m) {
			leader(p, b, &pe->e->h, e->depth);
			start = b->len;
			lt_put_call(p, b, m, msize);
			sbuf_putc(b, ')');
			put_result(p, b, start, m, msize);
			free(m);
		}
	} else {
		struct ev_header h = e->h;

		h.ts += e->dur;		/* the resumption is when it returned */
		leader(p, b, &h, e->depth);
		start = b->len;
		sbuf_printf(b, "<... %s resumed> )", name_of(p, e->cookie));
		put_result(p, b, start, e, size);
	}
	if (pe) {
		free(pe->e);
		t->depth--;
	}
}

static void on_exit_rec(struct lt_printer *p, const struct ev_exit *x)
{
	struct sbuf *b = &p->w->buf;
	int sig = x->code & 0x7f;

	flush_unfinished(p, NULL);
	if (!x->group_dead)
		return;
	leader(p, b, &x->h, 0);
	if (sig) {
		sbuf_puts(b, "+++ killed by ");
		decode_signal(b, sig);
		sbuf_puts(b, " +++\n");
	} else {
		sbuf_printf(b, "+++ exited (status %d) +++\n", (x->code >> 8) & 0xff);
	}
}

void lt_printer_event(struct lt_printer *p, const void *rec, size_t size)
{
	const struct ev_header *h = rec;

	if (size < sizeof(*h) || h->size > size)
		return;
	if (h->lost) {
		flush_unfinished(p, NULL);
		sbuf_printf(&p->w->buf, "strobe: %u events lost here (ring buffer full)\n",
			    h->lost);
	}
	if (h->kind == EV_UPROBE && size >= sizeof(struct ev_uprobe)) {
		const struct ev_uprobe *e = rec;

		if (e->flags & UPF_ENTRY)
			on_entry(p, e, h->size);
		else if (e->flags & UPF_PAIRED)
			on_return(p, e, h->size);
	} else if (h->kind == EV_EXIT && size >= sizeof(struct ev_exit)) {
		on_exit_rec(p, rec);
	}
}

void lt_printer_finish(struct lt_printer *p)
{
	flush_unfinished(p, NULL);
	writer_flush(p->w);
}

void lt_printer_free(struct lt_printer *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nth; i++) {
		for (int k = 0; k < p->th[i].depth; k++)
			free(p->th[i].stack[k].e);
		free(p->th[i].stack);
	}
	free(p->th);
	free(p);
}
