// SPDX-License-Identifier: GPL-2.0
/*
 * strobe export --format=perfetto: Chrome trace-event JSON, which the
 * Perfetto UI and chrome://tracing open.  One track per thread named after
 * it; each syscall a complete slice ("X": ts and dur in microseconds) with
 * its decoded arguments and result; signals and exits instant events;
 * process and thread names as metadata at the end.
 */
#include <string.h>

#include "report_int.h"
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"

static void sep(struct report *r)
{
	if (!r->perfetto_first)
		sbuf_puts(&r->w.buf, ",\n");
	r->perfetto_first = false;
}

static void us(struct sbuf *b, const char *key, uint64_t ns)
{
	sbuf_printf(b, ",\"%s\":%llu.%03llu", key, (unsigned long long)(ns / 1000),
		    (unsigned long long)(ns % 1000));
}

void perfetto_begin(struct report *r)
{
	sbuf_puts(&r->w.buf, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
	r->perfetto_first = true;
}

static void slice(struct report *r, const struct ev_syscall *e, size_t size)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	struct sbuf *b = &r->w.buf, t;
	int n = formatter_nargs(e);
	char name[32];

	if (d)
		snprintf(name, sizeof(name), "%s", d->name);
	else
		snprintf(name, sizeof(name), "syscall_%#x", e->nr);
	sep(r);
	sbuf_printf(b, "{\"ph\":\"X\",\"cat\":\"syscall\",\"name\":\"%s\",\"pid\":%u,\"tid\":%u",
		    name, e->h.pid, e->h.tid);
	us(b, "ts", e->h.ts);
	us(b, "dur", e->dur);
	sbuf_init(&t, 256);
	sbuf_puts(&t, name);
	sbuf_putc(&t, '(');
	for (int i = 0; i < n; i++) {
		if (i)
			sbuf_puts(&t, ", ");
		formatter_arg_text(r->fmt, &t, e, size, i);
	}
	sbuf_putc(&t, ')');
	sbuf_puts(b, ",\"args\":{\"call\":");
	json_string(b, t.p, t.len);
	t.len = 0;
	formatter_result_text(&t, e);
	sbuf_puts(b, ",\"result\":");
	json_string(b, t.p, t.len);
	sbuf_puts(b, "}}");
	sbuf_free(&t);
}

static void instant(struct report *r, const struct ev_header *h, const char *cat,
		    const char *name, const char *detail)
{
	struct sbuf *b = &r->w.buf;

	sep(r);
	sbuf_printf(b, "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"%s\",\"name\":", cat);
	json_string(b, name, strlen(name));
	sbuf_printf(b, ",\"pid\":%u,\"tid\":%u", h->pid, h->tid);
	us(b, "ts", h->ts);
	sbuf_puts(b, ",\"args\":{\"detail\":");
	json_string(b, detail, strlen(detail));
	sbuf_puts(b, "}}");
}

void perfetto_event(struct report *r, const struct ev_header *h, size_t size)
{
	struct sbuf t;

	if (!r->first_ts || h->ts < r->first_ts)
		r->first_ts = h->ts;
	if (h->ts > r->last_ts)
		r->last_ts = h->ts;
	names_set(&r->pids, h->tid, h->pid, names_get(&r->names, h->tid) ?
		  names_get(&r->names, h->tid) : "");
	sbuf_init(&t, 128);
	switch (h->kind) {
	case EV_SYSCALL: {
		const struct ev_syscall *e = (const void *)h;

		size_t jsize;

		if (size < sizeof(*e) || (e->flags & EVF_UNFINISHED))
			break;	/* calls in flight have no end */
		/* a split execve becomes one slice */
		e = formatter_join(r->fmt, e, size, &jsize);
		if (e)
			slice(r, e, jsize);
		break;
	}
	case EV_SIGNAL: {
		const struct ev_signal *s = (const void *)h;

		if (size < sizeof(*s))
			break;
		decode_signal(&t, s->sig);
		sbuf_putc(&t, 0);
		{
			struct sbuf d;

			sbuf_init(&d, 128);
			decode_siginfo(&d, s->sig, s->info);
			sbuf_putc(&d, 0);
			instant(r, h, "signal", t.p, d.p);
			sbuf_free(&d);
		}
		break;
	}
	case EV_TRACEPOINT: {
		const struct ev_tp *e = (const void *)h;
		const struct tp_event *ev;

		if (size < sizeof(*e) || e->len > size - sizeof(*e))
			break;
		ev = tp_find(&r->tps, e->id);
		if (!ev)
			break;
		tp_print(&t, ev, (const uint8_t *)(e + 1), e->len);
		sbuf_putc(&t, 0);
		instant(r, h, "tracepoint", ev->name, t.p);
		break;
	}
	case EV_UPROBE:
		perfetto_uprobe(r, (const void *)h, size);
		break;
	case EV_EXIT:
		if (size < sizeof(struct ev_exit))
			break;
		decode_exit_status(&t, ((const struct ev_exit *)h)->code);
		sbuf_putc(&t, 0);
		instant(r, h, "exit", "exit", t.p);
		break;
	}
	sbuf_free(&t);
}

void perfetto_end(struct report *r)
{
	struct sbuf *b = &r->w.buf;

	/* names last: they are only all known once the file has been read */
	for (size_t i = 0; i < r->pids.cap; i++) {
		const struct name_slot *s = &r->pids.slot[i];
		const char *c;

		if (!s->tid)
			continue;
		c = names_get(&r->names, s->tid);
		if (!c || !c[0])
			c = names_get(&r->names, s->pid);
		if (!c)
			c = "";
		sep(r);
		sbuf_printf(b, "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%u,\"tid\":%u,"
			    "\"args\":{\"name\":", s->pid, s->tid);
		json_string(b, c, strlen(c));
		sbuf_puts(b, "}}");
		if (s->tid == s->pid) {
			sep(r);
			sbuf_printf(b, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%u,"
				    "\"args\":{\"name\":", s->pid);
			json_string(b, c, strlen(c));
			sbuf_puts(b, "}}");
		}
	}
	sbuf_puts(b, "\n]}\n");
}
