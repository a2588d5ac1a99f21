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
#include "../../bpf/uprobe_desc.h"

static int on_urecord(void *ctx, void *data, size_t size)
{
	return session_record(ctx, data, size, true);
}

int uprobes_setup(struct session *s)
{
	const struct options *o = s->o;
	struct uprog_opts uo = {
		.all = o->all, .follow = o->follow, .strsize = o->strsize,
		.debug = o->debug, .bufsize = o->bufsize < (64 << 10) ? 0 : o->bufsize,
	};
	pid_t pid = o->npids == 1 ? o->pids[0] : 0;
	char err[512];
	int rc;

	if (!o->nuevents)
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
	for (int i = 0; i < o->nuevents; i++) {
		struct probe_spec spec;
		struct probe_set set;
		struct up_desc d = { 0 };
		pid_t filter = o->follow || o->all ? 0 : pid ? pid : s->child;

		if (probe_spec_parse(o->uevents[i], &spec, err, sizeof(err)) ||
		    probe_resolve(&spec, pid, &set, err, sizeof(err))) {
			fprintf(stderr, "strobe: %s\n", err);
			return -EALREADY;
		}
		d.flags = spec.kind == PK_URETPROBE ? UD_EMIT_RETURN : UD_EMIT_ENTRY;
		s->up->skip_unprobeable = true;
		s->up->nskipped = 0;
		s->up->skipped_names.len = 0;
		rc = uprog_add(s->up, &set, &d, spec.kind != PK_URETPROBE,
			       spec.kind == PK_URETPROBE, filter > 0 ? filter : 0, NULL);
		if (rc) {
			fprintf(stderr, "strobe: cannot attach %s (%zu probes in %s): %s\n",
				o->uevents[i], set.n, set.path, strerror(-rc));
			probe_set_free(&set);
			return -EALREADY;
		}
		if (s->up->nskipped)
			fprintf(stderr, "strobe: %s: %zu functions cannot be probed at their "
				"entry (the kernel's uprobes refuse their first instruction): "
				"%.*s\n", o->uevents[i], s->up->nskipped,
				(int)s->up->skipped_names.len, s->up->skipped_names.p);
		if (o->debug)
			fprintf(stderr, "strobe: %s: %zu probes in %s%s\n", o->uevents[i], set.n,
				set.path, s->up->link.multi ? " (uprobe_multi)" : " (perf events)");
		probe_set_free(&set);
	}
	return 0;
}

int uprobes_ring(struct session *s)
{
	if (!s->up)
		return 0;
	formatter_set_uprobes(s->fmt, s->up);
	if (ring_buffer__add(s->rb, uprog_ringbuf_fd(s->up), on_urecord, s))
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

void uprobes_release(struct session *s)
{
	qsort(s->held, s->nheld, sizeof(*s->held), cmp_held);
	for (size_t i = 0; i < s->nheld; i++) {
		session_record(s, s->held[i].data, s->held[i].size, false);
		free(s->held[i].data);
	}
	s->nheld = 0;
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
