// SPDX-License-Identifier: GPL-2.0
/* Reading the kernel's per-CPU summary map, and interval differences. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "summary.h"

struct sum_row *summary_add_row(struct summary *s)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct sum_row *r = realloc(s->rows, cap * sizeof(*r));

		if (!r)
			return NULL;
		s->rows = r;
		s->cap = cap;
	}
	memset(&s->rows[s->n], 0, sizeof(s->rows[0]));
	return &s->rows[s->n++];
}

int summary_collect(int map_fd, struct summary *s)
{
	int ncpu = libbpf_num_possible_cpus();
	struct sum_key key, next, *prev = NULL;
	struct sum_val *vals;

	s->n = 0;
	if (ncpu <= 0)
		return -EINVAL;
	/* per-CPU values are 8-byte aligned, one after the other */
	size_t stride = (sizeof(struct sum_val) + 7) & ~7ul;
	vals = malloc(stride * ncpu);
	if (!vals)
		return -ENOMEM;
	while (!bpf_map_get_next_key(map_fd, prev, &next)) {
		struct sum_row *r;

		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(map_fd, &key, vals))
			continue;	/* deleted meanwhile */
		r = summary_add_row(s);
		if (!r) {
			free(vals);
			return -ENOMEM;
		}
		r->nr = key.nr;
		r->group = key.group;
		for (int c = 0; c < ncpu; c++) {
			const struct sum_val *v = (const void *)((char *)vals + c * stride);

			r->calls += v->calls;
			r->errors += v->errors;
			r->total_ns += v->total_ns;
			if (v->max_ns > r->max_ns)
				r->max_ns = v->max_ns;
			if (!r->comm[0] && v->comm[0])
				memcpy(r->comm, v->comm, sizeof(r->comm));
			for (int b = 0; b < HIST_BUCKETS; b++)
				r->hist[b] += v->hist[b];
		}
		if (key.comm[0]) {
			memcpy(r->comm, key.comm, sizeof(r->comm));
			memcpy(r->key_comm, key.comm, sizeof(r->key_comm));
		}
	}
	free(vals);
	return 0;
}

static const struct sum_row *find(const struct summary *s, const struct sum_row *r)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->rows[i].nr == r->nr && s->rows[i].group == r->group &&
		    !memcmp(s->rows[i].key_comm, r->key_comm, sizeof(r->key_comm)))
			return &s->rows[i];
	return NULL;
}

int summary_diff(const struct summary *cur, const struct summary *prev, struct summary *out)
{
	out->n = 0;
	for (size_t i = 0; i < cur->n; i++) {
		const struct sum_row *c = &cur->rows[i], *p = find(prev, c);
		struct sum_row *r;

		if (p && p->calls == c->calls)
			continue;	/* nothing new in this interval */
		r = summary_add_row(out);
		if (!r)
			return -ENOMEM;
		*r = *c;
		if (!p)
			continue;
		r->calls -= p->calls;
		r->errors -= p->errors;
		r->total_ns -= p->total_ns;
		for (int b = 0; b < HIST_BUCKETS; b++)
			r->hist[b] -= p->hist[b];
		/* the running max may be older than this interval */
		r->max_ns = c->max_ns == p->max_ns ? hist_top(r->hist) : c->max_ns;
	}
	return 0;
}

void summary_free(struct summary *s)
{
	free(s->rows);
	s->rows = NULL;
	s->n = s->cap = 0;
}
