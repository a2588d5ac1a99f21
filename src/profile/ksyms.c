// SPDX-License-Identifier: GPL-2.0
/* Kernel symbols from /proc/kallsyms, sorted for binary search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"

struct ksym {
	uint64_t addr;
	char *name;
	size_t seq;		/* place in kallsyms: aliases keep their order */
};

struct ksyms {
	struct ksym *v;
	size_t n;
};

static int cmp_ksym(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	if (x->addr != y->addr)
		return (x->addr > y->addr) - (x->addr < y->addr);
	return (x->seq > y->seq) - (x->seq < y->seq);
}

struct ksyms *ksyms_load(void)
{
	struct ksyms *k = calloc(1, sizeof(*k));
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[512], name[256], type;
	unsigned long long addr;
	size_t cap = 0;

	if (!k || !f) {
		free(k);
		if (f)
			fclose(f);
		return NULL;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3 || !addr)
			continue;
		/* functions only: text symbols, local or global or weak */
		if (type != 't' && type != 'T' && type != 'w' && type != 'W')
			continue;
		if (k->n == cap) {
			struct ksym *v = realloc(k->v, (cap ? cap * 2 : 65536) * sizeof(*v));

			if (!v)
				break;
			k->v = v;
			cap = cap ? cap * 2 : 65536;
		}
		k->v[k->n].addr = addr;
		k->v[k->n].name = strdup(name);
		k->v[k->n].seq = k->n;
		if (k->v[k->n].name)
			k->n++;
	}
	fclose(f);
	if (k->n)
		qsort(k->v, k->n, sizeof(*k->v), cmp_ksym);
	return k;
}

const char *ksyms_find(const struct ksyms *k, uint64_t addr)
{
	uint64_t off;

	return ksyms_find_off(k, addr, &off);
}

const char *ksyms_find_off(const struct ksyms *k, uint64_t addr, uint64_t *off)
{
	size_t lo = 0, hi;

	if (!k || !k->n || addr < k->v[0].addr)
		return NULL;
	hi = k->n;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (k->v[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* aliases at one address: the first kallsyms lists */
	while (lo > 0 && k->v[lo - 1].addr == k->v[lo].addr)
		lo--;
	*off = addr - k->v[lo].addr;
	return k->v[lo].name;
}

void ksyms_free(struct ksyms *k)
{
	if (!k)
		return;
	for (size_t i = 0; i < k->n; i++)
		free(k->v[i].name);
	free(k->v);
	free(k);
}
