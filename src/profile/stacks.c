// SPDX-License-Identifier: GPL-2.0
/* Interned frame names and merged stacks: what every output is written from. */
#include <stdlib.h>
#include <string.h>

#include "profile.h"

static uint64_t hash_bytes(const void *p, size_t n)
{
	const unsigned char *c = p;
	uint64_t h = 1469598103934665603ull;

	while (n--)
		h = (h ^ *c++) * 1099511628211ull;
	return h;
}

static const char *const suffix[] = {
	[FK_USER] = "", [FK_KERNEL] = "_[k]", [FK_INLINE] = "_[i]", [FK_ROOT] = "",
};

static int grow_slots(uint32_t **slot, uint32_t *slots, uint32_t used,
		      uint64_t (*hash)(const void *, uint32_t), const void *ctx)
{
	uint32_t ns = 1024, *n;

	if (used * 2 < *slots)
		return 0;
	while (ns <= used * 2)
		ns *= 2;
	n = malloc(ns * sizeof(*n));
	if (!n)
		return -1;
	memset(n, 0xff, ns * sizeof(*n));
	for (uint32_t i = 0; i < used; i++) {
		uint32_t j = hash(ctx, i) & (ns - 1);

		while (n[j] != UINT32_MAX)
			j = (j + 1) & (ns - 1);
		n[j] = i;
	}
	free(*slot);
	*slot = n;
	*slots = ns;
	return 0;
}

static uint64_t name_hash(const void *ctx, uint32_t i)
{
	const struct stacks *s = ctx;

	return hash_bytes(s->names[i], strlen(s->names[i]));
}

static uint64_t stack_hash(const void *ctx, uint32_t i)
{
	const struct stacks *s = ctx;

	return hash_bytes(s->v[i].frames, s->v[i].nframes * sizeof(uint32_t));
}

uint32_t stacks_intern(struct stacks *s, const char *name, enum frame_kind k)
{
	size_t nl = strlen(name), sl = strlen(suffix[k]);
	char *full = malloc(nl + sl + 1);
	uint32_t j;

	if (!full)
		abort();	/* out of memory while building a profile */
	memcpy(full, name, nl);
	memcpy(full + nl, suffix[k], sl + 1);
	/* ';' separates frames in folded output, and a frame cannot hold a
	 * line break; names rarely have either, but never trust them */
	for (char *c = full; *c; c++)
		if (*c == ';' || *c == '\n' || *c == '\r')
			*c = ':';
	if (grow_slots(&s->name_slot, &s->name_slots, s->nnames, name_hash, s))
		abort();
	j = hash_bytes(full, nl + sl) & (s->name_slots - 1);
	while (s->name_slot[j] != UINT32_MAX) {
		if (!strcmp(s->names[s->name_slot[j]], full)) {
			free(full);
			return s->name_slot[j];
		}
		j = (j + 1) & (s->name_slots - 1);
	}
	if (s->nnames == s->cap_names) {
		s->cap_names = s->cap_names ? s->cap_names * 2 : 256;
		s->names = realloc(s->names, s->cap_names * sizeof(*s->names));
		if (!s->names)
			abort();
	}
	s->names[s->nnames] = full;
	s->name_slot[j] = s->nnames;
	return s->nnames++;
}

int stacks_add(struct stacks *s, const uint32_t *frames, uint32_t n, uint64_t on,
	       uint64_t off_ns)
{
	size_t bytes = n * sizeof(*frames);
	uint32_t j;

	if (grow_slots(&s->slot, &s->slots, s->n, stack_hash, s))
		return -1;
	j = hash_bytes(frames, bytes) & (s->slots - 1);
	while (s->slot[j] != UINT32_MAX) {
		struct stack *st = &s->v[s->slot[j]];

		if (st->nframes == n && !memcmp(st->frames, frames, bytes)) {
			st->on += on;
			st->off_ns += off_ns;
			return 0;
		}
		j = (j + 1) & (s->slots - 1);
	}
	if (s->n == s->cap) {
		struct stack *v = realloc(s->v, (s->cap ? s->cap * 2 : 256) * sizeof(*v));

		if (!v)
			return -1;
		s->v = v;
		s->cap = s->cap ? s->cap * 2 : 256;
	}
	s->v[s->n] = (struct stack){ .frames = malloc(bytes ? bytes : 1), .nframes = n,
				     .on = on, .off_ns = off_ns };
	if (!s->v[s->n].frames)
		return -1;
	if (bytes)
		memcpy(s->v[s->n].frames, frames, bytes);
	s->slot[j] = s->n++;
	return 0;
}

uint64_t stack_weight(const struct stack *st, enum prof_what w, unsigned hz)
{
	switch (w) {
	case PW_ON:
		return st->on;
	case PW_OFF:
		return st->off_ns / 1000;
	default:	/* both: off-CPU time in sample periods, comparable */
		return st->on + (st->off_ns * hz + 500000000ull) / 1000000000ull;
	}
}

static const struct stacks *sort_ctx;

static int cmp_stack(const void *a, const void *b)
{
	const struct stack *x = a, *y = b;

	for (uint32_t i = 0; i < x->nframes && i < y->nframes; i++) {
		int c = x->frames[i] == y->frames[i] ? 0 :
			strcmp(sort_ctx->names[x->frames[i]], sort_ctx->names[y->frames[i]]);

		if (c)
			return c;
	}
	return (x->nframes > y->nframes) - (x->nframes < y->nframes);
}

void stacks_sort(struct stacks *s)
{
	if (!s->n)
		return;
	sort_ctx = s;
	qsort(s->v, s->n, sizeof(*s->v), cmp_stack);
	sort_ctx = NULL;
	/* the hash slots point at old positions: rebuild them */
	free(s->slot);
	s->slot = NULL;
	s->slots = 0;
	grow_slots(&s->slot, &s->slots, s->n, stack_hash, s);
}

void stacks_free(struct stacks *s)
{
	for (uint32_t i = 0; i < s->nnames; i++)
		free(s->names[i]);
	for (uint32_t i = 0; i < s->n; i++)
		free(s->v[i].frames);
	free(s->names);
	free(s->name_slot);
	free(s->v);
	free(s->slot);
	memset(s, 0, sizeof(*s));
}
