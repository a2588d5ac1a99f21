// SPDX-License-Identifier: GPL-2.0
/*
 * --event uprobe:/uretprobe:/usdt: in a tracing session: strobe's probe
 * program (src/probe/uprog.c) loaded beside the syscall program, with the
 * same targets, its ring buffer read by the same consumer.  Records of
 * the two rings are put back in the order they happened (by completion
 * time) each time the consumer has drained both.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "session.h"
#include "../probe/probe.h"
#include "../record/record.h"
#include "../../bpf/uprobe_desc.h"

static int on_urecord(void *ctx, void *data, size_t size)
{
	return session_record(ctx, data, size, true);
}

/* One --event spec, resolved. */
struct uspec {
	const char *text;
	struct probe_spec spec;
	struct probe_set set;
	bool *taken;		/* location i went into a pair */
};

/*
 * uprobe:X:F and uretprobe:X:F on the same function become one probe
 * with both ends (UD_PAIR): its return record carries the entry's
 * arguments and the call's duration, so -c and --hist count latency,
 * and record/export show a slice.  The lines printed are the same as
 * for two probes.
 */
static int add_pairs(struct session *s, struct uspec *u, int n, const struct up_desc *tmpl,
		     pid_t filter)
{
	for (int i = 0; i < n; i++) {
		if (u[i].spec.kind != PK_UPROBE)
			continue;
		for (int j = 0; j < n; j++) {
			struct probe_set pair = { .kind = PK_UPROBE };
			size_t first = s->up->nprobes;
			int rc = 0;

			if (u[j].spec.kind != PK_URETPROBE || strcmp(u[i].set.path, u[j].set.path))
				continue;
			for (size_t a = 0; a < u[i].set.n && !rc; a++)
				for (size_t b = 0; b < u[j].set.n && !rc; b++) {
					if (u[i].taken[a] || u[j].taken[b] ||
					    u[i].set.loc[a].offset != u[j].set.loc[b].offset)
						continue;
					u[i].taken[a] = u[j].taken[b] = true;
					rc = probe_set_add(&pair, u[i].set.loc[a].name,
							   u[i].set.loc[a].addr,
							   u[i].set.loc[a].offset);
					if (!rc)
						pair.loc[pair.n - 1].bad_insn = u[i].set.loc[a].bad_insn;
				}
			if (!rc && pair.n && !(pair.path = strdup(u[i].set.path)))
				rc = -ENOMEM;
			if (!rc && pair.n)
				rc = uprog_add(s->up, &pair, tmpl, true, true, filter, NULL);
			for (size_t k = first; !rc && k < s->up->nprobes; k++)
				s->up->probes[k].paired = true;
			if (rc) {
				fprintf(stderr, "strobe: cannot attach %s with %s (%zu probes in %s): "
					"%s\n", u[i].text, u[j].text, pair.n, u[i].set.path,
					strerror(-rc));
				probe_set_free(&pair);
				return -EALREADY;
			}
			if (s->o->debug && pair.n)
				fprintf(stderr, "strobe: %s with %s: %zu functions timed in %s\n",
					u[i].text, u[j].text, pair.n, pair.path);
			probe_set_free(&pair);
		}
	}
	return 0;
}

/* What is left of a spec after pairing: the locations not taken. */
static int add_rest(struct session *s, struct uspec *u, const struct up_desc *tmpl,
		    pid_t filter)
{
	struct probe_set rest = { .kind = u->set.kind };
	int rc = 0;

	for (size_t i = 0; i < u->set.n && !rc; i++) {
		if (u->taken[i])
			continue;
		rc = probe_set_add(&rest, u->set.loc[i].name, u->set.loc[i].addr,
				   u->set.loc[i].offset);
		if (!rc) {	/* all of it: USDT arguments, semaphore, bad_insn */
			char *name = rest.loc[rest.n - 1].name;

			rest.loc[rest.n - 1] = u->set.loc[i];
			rest.loc[rest.n - 1].name = name;
		}
	}
	if (!rc && rest.n && !(rest.path = strdup(u->set.path)))
		rc = -ENOMEM;
	if (!rc && rest.n)
		rc = uprog_add(s->up, &rest, tmpl, u->spec.kind != PK_URETPROBE,
			       u->spec.kind == PK_URETPROBE, filter, NULL);
	if (rc) {
		fprintf(stderr, "strobe: cannot attach %s (%zu probes in %s): %s\n",
			u->text, rest.n, u->set.path, strerror(-rc));
		probe_set_free(&rest);
		return -EALREADY;
	}
	if (s->o->debug && rest.n)
		fprintf(stderr, "strobe: %s: %zu probes in %s%s\n", u->text, rest.n,
			u->set.path, s->up->link.multi ? " (uprobe_multi)" : " (perf events)");
	probe_set_free(&rest);
	return 0;
}

int uprobes_setup(struct session *s)
{
	const struct options *o = s->o;
	struct uprog_opts uo = {
		.all = o->all, .cgroup = o->cgroup, .follow = o->follow, .strsize = o->strsize,
		.debug = o->debug, .bufsize = o->bufsize < (64 << 10) ? 0 : o->bufsize,
		.summary = o->summary, .summary_by = o->by,
	};
	pid_t pid = o->npids == 1 ? o->pids[0] : 0;
	pid_t filter;
	struct uspec *u;
	struct up_desc d = { 0 };
	char err[512];
	int rc, n = o->nuevents;

	if (!n)
		return 0;
	if (!(s->up = calloc(1, sizeof(*s->up))))
		return -ENOMEM;
	if ((rc = uprog_load(s->up, &uo))) {
		free(s->up);
		s->up = NULL;
		return rc;
	}
	if (s->child > 0)
		rc = uprog_target(s->up, s->child, true);
	for (int i = 0; !rc && i < o->npids; i++)
		rc = uprog_target(s->up, o->pids[i], false);
	if (rc) {
		fprintf(stderr, "strobe: cannot watch the targets: %s\n", strerror(-rc));
		return -EALREADY;
	}
	filter = o->follow || o->all ? 0 : pid ? pid : s->child;
	if (filter < 0)
		filter = 0;
	if (!(u = calloc(n, sizeof(*u))))
		return -ENOMEM;
	for (int i = 0; i < n; i++) {
		u[i].text = o->uevents[i];
		if (probe_spec_parse(o->uevents[i], &u[i].spec, err, sizeof(err)) ||
		    probe_resolve(&u[i].spec, pid, &u[i].set, err, sizeof(err))) {
			fprintf(stderr, "strobe: %s\n", err);
			rc = -EALREADY;
			n = i;
			goto out;
		}
		if (!(u[i].taken = calloc(u[i].set.n + 1, sizeof(bool)))) {
			rc = -ENOMEM;
			n = i + 1;
			goto out;
		}
	}
	s->up->skip_unprobeable = true;
	/* -c alone: counted in the kernel, nothing emitted; -C: both */
	d.flags = UD_PAIR | (o->summary ? UD_COUNT : 0) |
		  (o->trace ? UD_EMIT_ENTRY | UD_EMIT_RETURN : 0);
	if ((rc = add_pairs(s, u, n, &d, filter)))
		goto out;
	for (int i = 0; i < n && !rc; i++) {
		d.flags = (o->summary ? UD_COUNT : 0) |
			  (!o->trace ? 0 : u[i].spec.kind == PK_URETPROBE ? UD_EMIT_RETURN
									 : UD_EMIT_ENTRY);
		s->up->nskipped = 0;
		s->up->skipped_names.len = 0;
		rc = add_rest(s, &u[i], &d, filter);
		if (s->up->nskipped)
			fprintf(stderr, "strobe: %s: %zu functions cannot be probed at their "
				"entry (the kernel's uprobes refuse their first instruction): "
				"%.*s\n", u[i].text, s->up->nskipped,
				(int)s->up->skipped_names.len, s->up->skipped_names.p);
	}
out:
	for (int i = 0; i < n; i++) {
		probe_set_free(&u[i].set);
		free(u[i].taken);
	}
	free(u);
	return rc;
}

/* strobe record: the probes by cookie, so report names and decodes their
 * records (docs/file-format.md, PROBES) */
int uprobes_record(struct session *s)
{
	struct sbuf b;
	int err;

	if (!s->rec || !s->up)
		return 0;
	if ((err = rec_writer_version(s->rec, REC_VERSION_PROBES)))
		return err;
	sbuf_init(&b, 4096);
	for (size_t i = 0; i < s->up->nprobes; i++) {
		const struct up_probe *p = &s->up->probes[i];

		sbuf_printf(&b, "%zu %s %s %d %s %s\n", i, p->kind == PK_USDT ? "usdt" :
			    p->kind == PK_URETPROBE ? "uretprobe" : "uprobe",
			    p->paired ? "paired" : "-", p->nargs, p->func, p->lib);
	}
	err = rec_writer_block(s->rec, RB_PROBES, b.p, b.len);
	sbuf_free(&b);
	return err;
}

int uprobes_ring(struct session *s)
{
	if (!s->up)
		return 0;
	formatter_set_uprobes(s->fmt, s->up);
	if (ring_add(s->rb, uprog_ringbuf_fd(s->up), on_urecord, s))
		return -errno;
	return 0;
}

/* When a record happened, for ordering: the end of a completed call. */
static uint64_t when(const void *data)
{
	const struct ev_header *h = data;

	if (h->kind == EV_SYSCALL)
		return h->ts + ((const struct ev_syscall *)data)->dur;
	if (h->kind == EV_UPROBE)
		return h->ts + ((const struct ev_uprobe *)data)->dur;
	return h->ts;
}

int uprobes_hold(struct session *s, const void *data, size_t size)
{
	struct held *h;

	if (s->nheld == s->held_cap) {
		size_t cap = s->held_cap ? s->held_cap * 2 : 256;

		if (!(h = realloc(s->held, cap * sizeof(*h))))
			return -ENOMEM;
		s->held = h;
		s->held_cap = cap;
	}
	h = &s->held[s->nheld];
	if (!(h->data = malloc(size)))
		return -ENOMEM;
	memcpy(h->data, data, size);
	h->size = size;
	h->when = size >= sizeof(struct ev_header) ? when(data) : 0;
	h->seq = s->nheld++;
	return 0;
}

static int cmp_held(const void *a, const void *b)
{
	const struct held *x = a, *y = b;

	if (x->when != y->when)
		return x->when < y->when ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * What was held, in time order, up to `upto`; the rest stays held.  The
 * two rings are read one after the other, so a record of the first that
 * happened before the second's newest may come only with the next read:
 * the caller passes when its read began, less a margin, and all (~0)
 * at the end.
 */
void uprobes_release(struct session *s, uint64_t upto)
{
	size_t i, kept = 0;

	if (!s->nheld)
		return;		/* (qsort's array must not be NULL) */
	qsort(s->held, s->nheld, sizeof(*s->held), cmp_held);
	for (i = 0; i < s->nheld && s->held[i].when <= upto; i++) {
		session_record(s, s->held[i].data, s->held[i].size, false);
		free(s->held[i].data);
	}
	for (; i < s->nheld; i++) {
		s->held[kept] = s->held[i];
		s->held[kept].seq = kept;	/* arrival order among the kept */
		kept++;
	}
	s->nheld = kept;
}

void uprobes_stop(struct session *s)
{
	if (s->up)
		uprog_detach(s->up);
}

void uprobes_free(struct session *s)
{
	for (size_t i = 0; i < s->nheld; i++)
		free(s->held[i].data);
	free(s->held);
	s->held = NULL;
	s->nheld = s->held_cap = 0;
	if (s->up) {
		uprog_destroy(s->up);
		free(s->up);
		s->up = NULL;
	}
}
