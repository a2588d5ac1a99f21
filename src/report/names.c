// SPDX-License-Identifier: GPL-2.0
/*
 * Thread names seen in a recording (fork, exec and attach records), and
 * per-(group, syscall) summary rows built from the recorded calls: small
 * open-addressing tables, grown at half full, bounded by what the file
 * holds.
 */
#include <stdlib.h>
#include <string.h>

#include "report_int.h"

static uint32_t mix(uint64_t v)
{
	v ^= v >> 33;
	v *= 0xff51afd7ed558ccdull;
	v ^= v >> 33;
	return (uint32_t)v;
}

static int names_grow(struct names *n)
{
	size_t cap = n->cap ? n->cap * 2 : 256;
	struct name_slot *old = n->slot, *s = calloc(cap, sizeof(*s));
	size_t oldcap = n->cap;

	if (!s)
		return -1;
	n->slot = s;
	n->cap = cap;
	n->used = 0;
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].tid)
			names_set(n, old[i].tid, old[i].pid, old[i].comm);
	free(old);
	return 0;
}

void names_set(struct names *n, uint32_t tid, uint32_t pid, const char *comm)
{
	size_t i;

	if (!tid || ((n->used + 1) * 2 > n->cap && names_grow(n)))
		return;
	for (i = mix(tid) & (n->cap - 1); n->slot[i].tid && n->slot[i].tid != tid;
	     i = (i + 1) & (n->cap - 1))
		;
	if (!n->slot[i].tid)
		n->used++;
	n->slot[i].tid = tid;
	if (pid)
		n->slot[i].pid = pid;
	/* comm may be a short string or a 16-byte field without a NUL */
	memset(n->slot[i].comm, 0, sizeof(n->slot[i].comm));
	memcpy(n->slot[i].comm, comm, strnlen(comm, sizeof(n->slot[i].comm) - 1));
}

const char *names_get(const struct names *n, uint32_t tid)
{
	if (!n->cap)
		return NULL;
	for (size_t i = mix(tid) & (n->cap - 1); n->slot[i].tid; i = (i + 1) & (n->cap - 1))
		if (n->slot[i].tid == tid)
			return n->slot[i].comm;
	return NULL;
}

void names_free(struct names *n)
{
	free(n->slot);
	memset(n, 0, sizeof(*n));
}

/* ---- summary rows keyed by (group, syscall, comm) */

static uint32_t row_hash(uint64_t group, int nr, const char *comm)
{
	uint64_t h = group * 31 + nr;

	for (int i = 0; i < 16 && comm[i]; i++)
		h = h * 131 + (unsigned char)comm[i];
	return mix(h);
}

static int index_grow(struct rowindex *x, struct summary *s)
{
	size_t cap = x->cap ? x->cap * 2 : 256;
	int32_t *slot = malloc(cap * sizeof(*slot));

	if (!slot)
		return -1;
	memset(slot, 0xff, cap * sizeof(*slot));
	free(x->slot);
	x->slot = slot;
	x->cap = cap;
	for (size_t r = 0; r < s->n; r++) {
		const struct sum_row *row = &s->rows[r];
		size_t i = row_hash(row->group, row->nr, row->key_comm) & (cap - 1);

		while (slot[i] >= 0)
			i = (i + 1) & (cap - 1);
		slot[i] = r;
	}
	return 0;
}

struct sum_row *rows_get(struct rowindex *x, struct summary *s, uint64_t group, int nr,
			 const char *key_comm)
{
	size_t i;

	if ((s->n + 1) * 2 > x->cap && index_grow(x, s))
		return NULL;
	for (i = row_hash(group, nr, key_comm) & (x->cap - 1); x->slot[i] >= 0;
	     i = (i + 1) & (x->cap - 1)) {
		struct sum_row *r = &s->rows[x->slot[i]];

		if (r->group == group && r->nr == nr && !memcmp(r->key_comm, key_comm, 16))
			return r;
	}
	struct sum_row *r = summary_add_row(s);

	if (!r)
		return NULL;
	r->group = group;
	r->nr = nr;
	memcpy(r->key_comm, key_comm, 16);
	x->slot[i] = s->n - 1;
	return r;
}

void rows_free(struct rowindex *x)
{
	free(x->slot);
	memset(x, 0, sizeof(*x));
}
