// SPDX-License-Identifier: GPL-2.0
/*
 * User-space probes in a recording (--event uprobe:, uretprobe:, usdt:):
 * the PROBES block names each cookie, so the records print as they did
 * live (the same formatter, given the same table), count in -c, and
 * export as slices (a paired return carries its entry's time and the
 * call's duration) or instants.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_int.h"
#include "../probe/probe.h"
#include "../../bpf/uprobe_desc.h"

/* "COOKIE KIND PAIRED NARGS FUNC PATH\n" per probe, cookies in order */
int probes_block(struct report *r, const struct rec_block *b, char *err, size_t errlen)
{
	const char *t = (const char *)b->data, *end = t + b->len;

	if (!r->up && !(r->up = calloc(1, sizeof(*r->up))))
		goto bad;
	while (t < end) {
		const char *nl = memchr(t, '\n', end - t);
		size_t l = (nl ? nl : end) - t;
		char line[4200], kind[16], paired[16], func[512];
		unsigned cookie;
		int nargs, at = 0;
		enum probe_kind k;

		if (!nl || l >= sizeof(line))
			goto bad;
		memcpy(line, t, l);
		line[l] = 0;
		if (sscanf(line, "%u %15s %15s %d %511s %n", &cookie, kind, paired, &nargs, func,
			   &at) != 5 || !at || !line[at])
			goto bad;
		k = !strcmp(kind, "usdt") ? PK_USDT : !strcmp(kind, "uretprobe") ? PK_URETPROBE
		  : !strcmp(kind, "uprobe") ? PK_UPROBE : 0;
		if (!k || cookie != r->up->nprobes || cookie >= UP_DESC_MAX ||
		    nargs < -1 || nargs > UP_ARGS)
			goto bad;
		if (uprog_add_info(r->up, k, func, line + at, nargs, !strcmp(paired, "paired")))
			goto bad;
		t = nl + 1;
	}
	return 0;
bad:
	snprintf(err, errlen, "%s: bad probes block at offset %llu", r->o->infile,
		 (unsigned long long)b->offset);
	return -1;
}

static bool is_error(int err, int64_t ret)
{
	switch (err) {
	case UE_NEG: return ret < 0;
	case UE_NULL: return ret == 0;
	case UE_NONZERO: return ret != 0;
	case UE_LE0: return ret <= 0;
	case UE_NEG1: return ret == -1;
	}
	return false;
}

/* -c: as live, a paired probe counts at its return with its duration;
 * an unpaired one counts each hit */
void probes_account(struct report *r, const struct ev_uprobe *e, size_t size)
{
	const struct up_probe *p = r->up ? uprog_probe(r->up, e->cookie) : NULL;
	const char *comm = names_get(&r->names, e->h.tid);
	char key_comm[16] = "";
	uint64_t group = 0, dur = 0;
	struct sum_row *row;
	uint32_t b;

	if (size < sizeof(*e) || !p || (p->paired && !(e->flags & UPF_PAIRED)))
		return;
	switch (r->o->by) {
	case BY_PID: group = e->h.pid; break;
	case BY_TID: group = e->h.tid; break;
	case BY_COMM: if (comm) strncpy(key_comm, comm, 15); break;
	}
	if (!(row = rows_get(&r->uindex, &r->usum, group, e->cookie, key_comm)))
		return;
	if (!row->comm[0] && comm)
		strncpy(row->comm, comm, 15);
	if (e->flags & UPF_PAIRED)
		dur = e->dur;
	row->calls++;
	if ((e->flags & UPF_RETURN) && p->proto && is_error(p->proto->err, e->ret))
		row->errors++;
	row->total_ns += dur;
	if (dur > row->max_ns)
		row->max_ns = dur;
	b = hist_bucket(dur);
	row->hist[b < HIST_BUCKETS ? b : HIST_BUCKETS - 1]++;
}

static const char *probe_func(int nr, void *ctx)
{
	const struct up_probe *p = uprog_probe(ctx, nr);

	return p ? p->func : NULL;
}

/* After the syscalls' table, as live: a library call's time includes its
 * syscalls', so the two are not added up. */
void probes_summary(struct report *r, const struct summary_fmt *f, bool after_syscalls)
{
	if (!r->up || !r->usum.n)
		return;
	if (after_syscalls && !f->json)
		sbuf_putc(&r->w.buf, '\n');
	summary_set_namer(probe_func, r->up);
	summary_print(&r->w.buf, &r->usum, f);
	summary_set_namer(NULL, NULL);
}

static void us(struct sbuf *b, const char *key, uint64_t ns)
{
	sbuf_printf(b, ",\"%s\":%llu.%03llu", key, (unsigned long long)(ns / 1000),
		    (unsigned long long)(ns % 1000));
}

/* Entries of paired probes wait here for their return, which names them
 * by thread and entry time: the entry holds the strings read at entry. */
#define PENDING 256
struct pending_entry {
	uint32_t tid;
	uint64_t ts;
	char *text;
};

static void pending_put(struct report *r, const struct ev_uprobe *e, size_t size)
{
	struct pending_entry *p;
	struct sbuf t;

	if (!r->upending && !(r->upending = calloc(PENDING, sizeof(*r->upending))))
		return;
	p = &r->upending[(e->h.tid ^ e->h.ts) % PENDING];
	free(p->text);
	sbuf_init(&t, 256);
	formatter_uprobe_text(r->fmt, &t, e, size, false);
	sbuf_putc(&t, 0);
	p->tid = e->h.tid;
	p->ts = e->h.ts;
	p->text = t.p;
}

static char *pending_take(struct report *r, const struct ev_uprobe *e)
{
	struct pending_entry *p;
	char *text;

	if (!r->upending)
		return NULL;
	p = &r->upending[(e->h.tid ^ e->h.ts) % PENDING];
	if (p->tid != e->h.tid || p->ts != e->h.ts || !p->text)
		return NULL;
	text = p->text;
	p->text = NULL;
	return text;
}

/* A paired return: a slice from the entry; the entry record itself is
 * then left out (the slice shows it).  Anything else: an instant. */
void perfetto_uprobe(struct report *r, const struct ev_uprobe *e, size_t size)
{
	const struct up_probe *p = r->up ? uprog_probe(r->up, e->cookie) : NULL;
	bool slice = e->flags & UPF_PAIRED;
	struct sbuf *b = &r->w.buf, t;
	const char *cat;

	char *entry;

	if (size < sizeof(*e) || !p)
		return;
	if (p->paired && (e->flags & UPF_ENTRY)) {
		pending_put(r, e, size);
		return;
	}
	cat = p->kind == PK_USDT ? "usdt" : (e->flags & UPF_RETURN) ? "uretprobe" : "uprobe";
	if (!r->perfetto_first)
		sbuf_puts(b, ",\n");
	r->perfetto_first = false;
	sbuf_printf(b, "{\"ph\":\"%s\",\"cat\":\"%s\",\"name\":", slice ? "X" : "i",
		    slice ? "uprobe" : cat);
	json_string(b, p->func, strlen(p->func));
	sbuf_printf(b, "%s,\"pid\":%u,\"tid\":%u", slice ? "" : ",\"s\":\"t\"", e->h.pid,
		    e->h.tid);
	us(b, "ts", e->h.ts);
	if (slice)
		us(b, "dur", e->dur);
	sbuf_init(&t, 256);
	formatter_uprobe_text(r->fmt, &t, e, size, false);
	sbuf_puts(b, ",\"args\":{\"call\":");
	if (slice && (entry = pending_take(r, e))) {
		json_string(b, entry, strlen(entry));
		free(entry);
	} else {
		json_string(b, t.p, t.len);
	}
	if (e->flags & UPF_RETURN) {
		t.len = 0;
		formatter_uprobe_text(r->fmt, &t, e, size, true);
		sbuf_puts(b, ",\"result\":");
		json_string(b, t.p, t.len);
	}
	sbuf_puts(b, ",\"probe\":");
	json_string(b, p->name, strlen(p->name));
	sbuf_puts(b, "}}");
	sbuf_free(&t);
}

void probes_free(struct report *r)
{
	for (int i = 0; r->upending && i < PENDING; i++)
		free(r->upending[i].text);
	free(r->upending);
	r->upending = NULL;
	summary_free(&r->usum);
	rows_free(&r->uindex);
	if (r->up) {
		uprog_destroy(r->up);
		free(r->up);
		r->up = NULL;
	}
}
