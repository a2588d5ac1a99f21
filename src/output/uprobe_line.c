// SPDX-License-Identifier: GPL-2.0
/*
 * User-space probe records (EV_UPROBE): --event lines in the strace
 * stream, and the pieces strobe ltrace and sslsniff print calls with.
 * Library arguments are decoded by their AK_ kinds through the syscall
 * decoders: one adapter (as_syscall) makes a syscall record of the
 * probe's, so `open`'s flags print as openat's.
 */
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "internal.h"
#include "formatter.h"
#include "../decode/decode.h"
#include "../probe/probe.h"

/* The adapter: the probe's arguments, result and captures (struct cap,
 * the same layout) as a syscall record with no number.  When the
 * argument-kind table is reshaped, this is the one place to re-point. */
static struct ev_syscall *as_syscall(const struct ev_uprobe *e, size_t size, size_t *out)
{
	size_t caps = size - sizeof(*e);
	struct ev_syscall *s = calloc(1, sizeof(*s) + caps);

	if (!s)
		return NULL;
	s->h = e->h;
	s->h.kind = EV_SYSCALL;
	s->h.size = sizeof(*s) + caps;
	s->h.lost = 0;
	s->dur = e->dur;
	s->ret = e->ret;
	memcpy(s->args, e->args, sizeof(s->args));
	s->nr = -1;
	s->ncaps = e->ncaps;
	memcpy(s + 1, e + 1, caps);
	*out = sizeof(*s) + caps;
	return s;
}

/* A value without a type: hex, 0 as ltrace prints it */
static void put_raw(struct sbuf *b, uint64_t v)
{
	if (v)
		sbuf_hex(b, v);
	else
		sbuf_putc(b, '0');
}

void put_lib_args(struct formatter *f, struct sbuf *b, const struct lib_proto *p,
		  const struct ev_uprobe *e, size_t size, bool named)
{
	size_t ssize;
	struct ev_syscall *s;

	if (!p) {
		for (int i = 0; i < 6; i++) {
			if (i)
				sbuf_puts(b, ", ");
			if (named)
				sbuf_printf(b, "arg%d=", i);
			put_raw(b, e->args[i]);
		}
		return;
	}
	if (!(s = as_syscall(e, size, &ssize)))
		return;
	for (int i = 0, n = shown_args(&p->d, s); i < n; i++) {
		if (i)
			sbuf_puts(b, ", ");
		if (named)
			sbuf_printf(b, "%s=", p->d.args[i].name);
		put_arg(f, b, &p->d, s, ssize, i);
	}
	free(s);
}

/* What the result points to, if the kernel side read it */
static bool ret_cap(const struct ev_uprobe *e, size_t size, const struct cap **c,
		    const char **data)
{
	const uint8_t *p = (const uint8_t *)(e + 1), *end = (const uint8_t *)e + size;

	for (unsigned i = 0; i < e->ncaps && p + sizeof(struct cap) <= end; i++) {
		const struct cap *k = (const void *)p;

		if (p + CAP_SIZE(k->len) > end)
			return false;
		if (k->arg == UP_CAP_RET) {
			*c = k;
			*data = (const char *)(k + 1);
			return true;
		}
		p += CAP_SIZE(k->len);
	}
	return false;
}

void put_lib_result(struct formatter *f, struct sbuf *b, const struct lib_proto *p,
		    const struct ev_uprobe *e, size_t size)
{
	const struct cap *c;
	const char *data;
	uint64_t v = e->ret;

	if (!p) {	/* no prototype: raw, as the arguments (not a pointer) */
		put_raw(b, v);
		return;
	}
	switch (p->ret) {
	case LR_INT: sbuf_s64(b, (int32_t)v); break;
	case LR_LONG: sbuf_s64(b, (int64_t)v); break;
	case LR_UINT: sbuf_u64(b, (uint32_t)v); break;
	case LR_ULONG: sbuf_u64(b, v); break;
	case LR_VOID: sbuf_putc(b, '?'); break;	/* nothing, as ltrace's <void> */
	case LR_STR:
		if (!v) {
			sbuf_puts(b, "NULL");
			break;
		}
		if (ret_cap(e, size, &c, &data) && !(c->flags & CAP_FAULT)) {
			decode_string(b, data, c->len, c->flags & CAP_TRUNC);
			break;
		}
		/* fall through */
	default:
		put_ptr(b, v);
		break;
	}
}

/* "uprobe:/usr/lib/x86_64-linux-gnu/libc.so.6:malloc(size=16)",
 * "uretprobe:...:malloc(retval=0x55d0c8a2b2a0)", USDT markers with their
 * named arguments, or arg0... raw. */
void format_uprobe(struct formatter *f, const struct ev_uprobe *e, size_t size)
{
	const struct uprog *u = formatter_uprobes(f);
	const struct up_probe *p = u ? uprog_probe(u, e->cookie) : NULL;
	struct sbuf *b = formatter_buf(f);
	struct ev_header h;
	/* a paired probe's return: named as the uretprobe it was asked as */
	bool ret_of_pair = p && p->paired && (e->flags & UPF_RETURN) &&
			   !strncmp(p->name, "uprobe:", 7);

	if (size < sizeof(*e)) {
		formatter_count_malformed(f);
		return;
	}
	/* a paired return carries its entry's time: the line shows its own */
	h = e->h;
	if (e->flags & UPF_PAIRED)
		h.ts += e->dur;
	if (formatter_json(f)) {
		json_head(f, b, "uprobe", &h);
		sbuf_puts(b, ",\"name\":");
		if (ret_of_pair) {
			struct sbuf n;

			sbuf_init(&n, 64);
			sbuf_printf(&n, "uret%s", p->name + 1);
			json_string(b, n.p, n.len);
			sbuf_free(&n);
		} else if (p)
			json_string(b, p->name, strlen(p->name));
		else
			sbuf_printf(b, "\"uprobe_%u\"", e->cookie);
		sbuf_puts(b, ",\"args\":[");
		for (int i = 0; i < (p && p->kind == PK_USDT ? p->nargs : 6); i++)
			sbuf_printf(b, "%s%llu", i ? "," : "", (unsigned long long)e->args[i]);
		sbuf_puts(b, "]");
		if (e->flags & UPF_RETURN)
			sbuf_printf(b, ",\"retval\":%lld", (long long)e->ret);
		if (e->flags & UPF_PAIRED)
			sbuf_printf(b, ",\"dur_ns\":%llu", (unsigned long long)e->dur);
		sbuf_puts(b, "}");
		end_line(f, b);
		return;
	}
	put_leader(f, b, &h);
	if (!p) {
		sbuf_printf(b, "uprobe_%u(", e->cookie);
		put_lib_args(f, b, NULL, e, size, true);
		sbuf_putc(b, ')');
		end_line(f, b);
		return;
	}
	if (ret_of_pair)
		sbuf_puts(b, "uret");
	sbuf_puts(b, ret_of_pair ? p->name + 1 : p->name);
	sbuf_putc(b, '(');
	if (e->flags & UPF_RETURN) {
		sbuf_puts(b, "retval=");
		put_lib_result(f, b, p->proto, e, size);
	} else if (p->kind == PK_USDT && !p->proto) {
		for (int i = 0; i < p->nargs && i < UP_ARGS; i++)
			sbuf_printf(b, "%sarg%d=%lld", i ? ", " : "", i, (long long)e->args[i]);
	} else {
		put_lib_args(f, b, p->proto, e, size, true);
	}
	sbuf_putc(b, ')');
	/* -T: a timed call's duration, as a syscall's */
	if ((e->flags & UPF_PAIRED) && f->o.syscall_times) {
		sbuf_puts(b, " <");
		put_secs(b, e->dur, false, f->o.times_prec);
		sbuf_putc(b, '>');
	}
	end_line(f, b);
}

/* For exports: "func(args)" of a probe record (its arguments as the line
 * shows them), or with result its return value. */
void formatter_uprobe_text(struct formatter *f, struct sbuf *b, const struct ev_uprobe *e,
			   size_t size, bool result)
{
	const struct uprog *u = formatter_uprobes(f);
	const struct up_probe *p = u ? uprog_probe(u, e->cookie) : NULL;

	if (size < sizeof(*e))
		return;
	if (result) {
		put_lib_result(f, b, p ? p->proto : NULL, e, size);
		return;
	}
	sbuf_puts(b, p ? p->func : "?");
	sbuf_putc(b, '(');
	if (p && p->kind == PK_USDT && !p->proto)
		for (int i = 0; i < p->nargs && i < UP_ARGS; i++)
			sbuf_printf(b, "%sarg%d=%lld", i ? ", " : "", i, (long long)e->args[i]);
	else if (!(e->flags & UPF_RETURN) || (e->flags & UPF_PAIRED))
		put_lib_args(f, b, p ? p->proto : NULL, e, size, true);
	sbuf_putc(b, ')');
}
