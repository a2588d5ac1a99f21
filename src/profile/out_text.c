// SPDX-License-Identifier: GPL-2.0
/* Folded stacks, and the text summary: top functions by self and total. */
#include <stdlib.h>
#include <string.h>

#include "profile.h"

int out_folded(FILE *f, const struct prof_result *r)
{
	const struct stacks *s = &r->st;

	for (uint32_t i = 0; i < s->n; i++) {
		const struct stack *st = &s->v[i];
		uint64_t w = stack_weight(st, r->o->what, r->o->hz);

		if (!w)
			continue;
		for (uint32_t j = 0; j < st->nframes; j++) {
			fputs(s->names[st->frames[j]], f);
			fputc(j + 1 < st->nframes ? ';' : ' ', f);
		}
		if (!st->nframes)
			fputs("[unknown] ", f);
		fprintf(f, "%llu\n", (unsigned long long)w);
	}
	return ferror(f) ? -1 : 0;
}

struct row {
	uint32_t name;
	uint64_t self, total;
};

static int by_self(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (x->self != y->self)
		return x->self < y->self ? 1 : -1;
	return (x->total < y->total) - (x->total > y->total);
}

static int by_total(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (x->total != y->total)
		return x->total < y->total ? 1 : -1;
	return (x->self < y->self) - (x->self > y->self);
}

/* The unit a weight is in, as the header says it. */
static const char *unit(const struct prof_options *o)
{
	return o->what == PW_OFF ? "us blocked" : "samples";
}

static void table(FILE *f, const struct prof_result *r, struct row *rows, uint32_t n,
		  uint64_t sum, bool self)
{
	int top = r->o->top;

	qsort(rows, n, sizeof(*rows), self ? by_self : by_total);
	fprintf(f, "\n%s:\n%10s %7s %10s %7s  %s\n", self ? "Top functions by self time" :
		"Top functions by total time (self and callees)", "self", "%", "total", "%",
		"function");
	for (uint32_t i = 0; i < n && top > 0; i++) {
		if (!(self ? rows[i].self : rows[i].total))
			break;
		fprintf(f, "%10llu %6.2f%% %10llu %6.2f%%  %s\n",
			(unsigned long long)rows[i].self, 100.0 * rows[i].self / sum,
			(unsigned long long)rows[i].total, 100.0 * rows[i].total / sum,
			r->st.names[rows[i].name]);
		top--;
	}
}

int out_text(FILE *f, const struct prof_result *r)
{
	const struct stacks *s = &r->st;
	struct row *rows = calloc(s->nnames ? s->nnames : 1, sizeof(*rows));
	uint32_t *seen = calloc(s->nnames ? s->nnames : 1, sizeof(*seen));
	uint64_t sum = 0;
	uint32_t skip = r->o->per_thread ? 2 : 1;	/* the root, and the thread frame */

	if (!rows || !seen) {
		free(rows);
		free(seen);
		return -1;
	}
	for (uint32_t i = 0; i < s->nnames; i++)
		rows[i].name = i;
	for (uint32_t i = 0; i < s->n; i++) {
		const struct stack *st = &s->v[i];
		uint64_t w = stack_weight(st, r->o->what, r->o->hz);

		if (!w || !st->nframes)
			continue;
		sum += w;
		/* the root alone is no function: the tables leave it out, and
		 * --per-thread's frame under it */
		if (st->nframes > skip)
			rows[st->frames[st->nframes - 1]].self += w;
		/* a recursive function counts once per stack in its total;
		 * the root (the process name) is left out of the tables */
		for (uint32_t j = skip; j < st->nframes; j++) {
			uint32_t id = st->frames[j];

			if (seen[id] == i + 1)
				continue;
			seen[id] = i + 1;
			rows[id].total += w;
		}
	}
	fprintf(f, "strobe profile: %llu %s", (unsigned long long)sum, unit(r->o));
	if (r->o->what != PW_OFF)
		fprintf(f, " at %u Hz", r->o->hz);
	fprintf(f, " over %.2f s", r->duration_ns / 1e9);
	if (r->off_events)
		fprintf(f, ", %llu blocking events", (unsigned long long)r->off_events);
	if (r->user_samples)
		fprintf(f, "; user stacks fully unwound: %.1f%%",
			100.0 * r->user_full / r->user_samples);
	if (r->lost)
		fprintf(f, "; %llu lost", (unsigned long long)r->lost);
	if (r->o->gil && r->o->what != PW_OFF)
		fprintf(f, "; %llu samples without the GIL left out",
			(unsigned long long)r->gil_cpu_left);
	if (r->o->gil && r->o->what != PW_ON)
		fprintf(f, "; %llu blocks without the GIL left out",
			(unsigned long long)r->gil_off_left);
	fputc('\n', f);
	if (sum) {
		table(f, r, rows, s->nnames, sum, true);
		table(f, r, rows, s->nnames, sum, false);
	}
	free(rows);
	free(seen);
	return ferror(f) ? -1 : 0;
}
