// SPDX-License-Identifier: GPL-2.0
/* A set of thread ids: open addressing with tombstones, grown at 1/2 full. */
#include <stdlib.h>

#include "session.h"

static size_t slot_of(const struct tidset *t, pid_t tid)
{
	return ((uint32_t)tid * 2654435761u) & (t->cap - 1);
}

static void rehash(struct tidset *t, size_t cap)
{
	pid_t *old = t->slot;
	size_t oldcap = t->cap;

	t->slot = calloc(cap, sizeof(*t->slot));
	if (!t->slot) {
		t->slot = old;
		return;
	}
	t->cap = cap;
	t->used = 0;
	for (size_t i = 0; i < oldcap; i++)
		if (old[i] > 0)
			tidset_add(t, old[i]);
	free(old);
}

void tidset_add(struct tidset *t, pid_t tid)
{
	size_t i;

	if (tid <= 0)
		return;
	if ((t->used + 1) * 2 > t->cap)
		rehash(t, t->cap ? t->cap * 2 : 64);
	if (!t->cap)
		return;
	for (i = slot_of(t, tid);; i = (i + 1) & (t->cap - 1)) {
		if (t->slot[i] == tid)
			return;
		if (t->slot[i] <= 0)
			break;
	}
	if (!t->slot[i])
		t->used++;
	t->slot[i] = tid;
}

void tidset_del(struct tidset *t, pid_t tid)
{
	if (!t->cap)
		return;
	for (size_t i = slot_of(t, tid);; i = (i + 1) & (t->cap - 1)) {
		if (!t->slot[i])
			return;
		if (t->slot[i] == tid) {
			t->slot[i] = -1;
			return;
		}
	}
}

bool tidset_has(const struct tidset *t, pid_t tid)
{
	if (!t->cap || tid <= 0)
		return false;
	for (size_t i = slot_of(t, tid);; i = (i + 1) & (t->cap - 1)) {
		if (!t->slot[i])
			return false;
		if (t->slot[i] == tid)
			return true;
	}
}

void tidset_free(struct tidset *t)
{
	free(t->slot);
	t->slot = NULL;
	t->cap = t->used = 0;
}
