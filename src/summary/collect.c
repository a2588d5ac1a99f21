// SPDX-License-Identifier: GPL-2.0
/* Reading the kernel's per-CPU summary map, and interval differences. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
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

/* The CPUs' values of one key, side by side (each rounded up to 8 bytes). */
#define STRIDE(t) ((sizeof(t) + 7) & ~7ul)

int summary_collect(const struct sum_maps *m, struct summary *s)
{
	int ncpu = libbpf_num_possible_cpus(), err = -ENOMEM;
	struct sum_key key, next;
	void *prev = NULL;
	uint32_t used_max = 0, *used = NULL, nrkey, nrnext;
	uint64_t *raw = NULL;
	struct sum_val *vals = NULL;
	struct sum_hist *hists = NULL;
	size_t *owner = NULL;

	s->n = 0;
	if (ncpu <= 0)
		return -EINVAL;
	vals = malloc(STRIDE(struct sum_val) * ncpu);
	hists = malloc(STRIDE(struct sum_hist) * ncpu);
	used = calloc(ncpu, sizeof(*used));
	raw = calloc(ncpu, 8);	/* per-CPU u32 values come 8 bytes apart */
	if (!vals || !hists || !used || !raw)
		goto out;
	/* how many histogram slots each CPU has handed out: read first, so a
	 * slot handed out meanwhile is ignored rather than read half-made */
	nrkey = 0;
	if (bpf_map_lookup_elem(m->next, &nrkey, raw))
		memset(raw, 0, ncpu * 8);
	for (int c = 0; c < ncpu; c++) {
		memcpy(&used[c], (char *)&raw[c], sizeof(used[c]));
		if (used[c] > m->nslots)
			used[c] = m->nslots;
		if (used[c] > used_max)
			used_max = used[c];
	}
	owner = malloc((size_t)ncpu * (used_max ? used_max : 1) * sizeof(*owner));
	if (!owner)
		goto out;
	for (size_t i = 0; i < (size_t)ncpu * used_max; i++)
		owner[i] = SIZE_MAX;
	for (;;) {
		struct sum_row *r;

		if (m->by == BY_NONE) {
			if (bpf_map_get_next_key(m->counts, prev, &nrnext))
				break;
			nrkey = nrnext;
			prev = &nrkey;
			memset(&key, 0, sizeof(key));
			key.nr = nrkey;
		} else {
			if (bpf_map_get_next_key(m->counts, prev, &next))
				break;
			key = next;
			prev = &key;
		}
		if (bpf_map_lookup_elem(m->counts, prev, vals))
			continue;	/* deleted meanwhile */
		uint64_t calls = 0;

		for (int c = 0; c < ncpu; c++)
			calls += ((const struct sum_val *)((char *)vals +
							   c * STRIDE(struct sum_val)))->calls;
		if (!calls)
			continue;	/* an array's unused syscall */
		r = summary_add_row(s);
		if (!r)
			goto out;
		r->nr = key.nr;
		r->group = key.group;
		for (int c = 0; c < ncpu; c++) {
			const struct sum_val *v = (const void *)((char *)vals +
								 c * STRIDE(struct sum_val));

			r->calls += v->calls;
			r->errors += v->errors;
			r->total_ns += v->total_ns;
			if (v->max_ns > r->max_ns)
				r->max_ns = v->max_ns;
			if (!r->comm[0] && v->comm[0])
				memcpy(r->comm, v->comm, sizeof(r->comm));
			if (v->hslot && v->hslot <= used[c])
				owner[(size_t)c * used_max + v->hslot - 1] = s->n - 1;
		}
		if (key.comm[0]) {
			memcpy(r->comm, key.comm, sizeof(r->comm));
			memcpy(r->key_comm, key.comm, sizeof(r->key_comm));
		}
	}
	/* each slot holds one key's histogram on each CPU that handed it out */
	for (uint32_t slot = 0; slot < used_max; slot++) {
		if (bpf_map_lookup_elem(m->hists, &slot, hists))
			continue;
		for (int c = 0; c < ncpu; c++) {
			size_t row = owner[(size_t)c * used_max + slot];
			const struct sum_hist *h;

			if (row == SIZE_MAX)
				continue;
			h = (const void *)((char *)hists + c * STRIDE(struct sum_hist));
			for (int b = 0; b < HIST_BUCKETS; b++)
				s->rows[row].hist[b] += h->b[b];
		}
	}
	err = 0;
out:
	free(owner);
	free(raw);
	free(used);
	free(hists);
	free(vals);
	return err;
}

static uint64_t row_hash(const struct sum_row *r)
{
	uint64_t h = (r->group * 0x9e3779b97f4a7c15ull) ^ (uint32_t)r->nr;

	for (size_t i = 0; i < sizeof(r->key_comm); i++)
		h = (h ^ (unsigned char)r->key_comm[i]) * 1099511628211ull;
	return h;
}

static bool same_key(const struct sum_row *a, const struct sum_row *b)
{
	return a->nr == b->nr && a->group == b->group &&
	       !memcmp(a->key_comm, b->key_comm, sizeof(a->key_comm));
}

/* prev's rows by key, open addressing over 2^k >= 2n slots: strobe top
 * -a diffs thousands of (process, syscall) rows a second, and a search
 * per row made that quadratic. */
static const struct sum_row *find(const struct summary *s, const uint32_t *slot, size_t mask,
				  const struct sum_row *r)
{
	for (size_t j = row_hash(r) & mask; slot[j]; j = (j + 1) & mask)
		if (same_key(&s->rows[slot[j] - 1], r))
			return &s->rows[slot[j] - 1];
	return NULL;
}

int summary_diff(const struct summary *cur, const struct summary *prev, struct summary *out)
{
	size_t nslots = 16;
	uint32_t *slot;

	out->n = 0;
	while (nslots < 2 * prev->n)
		nslots *= 2;
	slot = calloc(nslots, sizeof(*slot));	/* row index + 1, 0: empty */
	if (!slot)
		return -ENOMEM;
	for (size_t i = 0; i < prev->n; i++) {
		size_t j = row_hash(&prev->rows[i]) & (nslots - 1);

		while (slot[j])
			j = (j + 1) & (nslots - 1);
		slot[j] = i + 1;
	}
	for (size_t i = 0; i < cur->n; i++) {
		const struct sum_row *c = &cur->rows[i], *p = find(prev, slot, nslots - 1, c);
		struct sum_row *r;

		if (p && p->calls == c->calls)
			continue;	/* nothing new in this interval */
		r = summary_add_row(out);
		if (!r) {
			free(slot);
			return -ENOMEM;
		}
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
	free(slot);
	return 0;
}

void summary_free(struct summary *s)
{
	free(s->rows);
	s->rows = NULL;
	s->n = s->cap = 0;
}
