// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregations: count, sum, min, max, avg, stats, hist, lhist.  They are
 * typed here; their code is the map update gen_aggregate() emits where
 * they are assigned.
 * Each builtin function is one record (struct func_def in lang.h): its
 * name, its arguments, how it is typed and the code it becomes.
 */

#include "lang.h"

#define ERR(n, ...) lang_error(c->src, (n)->l, __VA_ARGS__)
#define UNUSED __attribute__((unused))

static int chk_count(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	n->ty = t_of(TY_COUNT, 8);
	return 0;
}

static int chk_sum(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	if (!arg_is_int(&n->v[0]->ty))
		return ERR(n->v[0], "%s() only supports integer arguments (%s provided)",
			   n->str, kind_name(n->v[0]->ty.kind));
	n->ty = t_of(n->fn->arg, 8);
	n->ty.is_signed = true;
	return 0;
}

static int chk_lhist(struct compiler *c, struct node *n, struct node *assign_to)
{
	struct map_def *m = &c->maps[assign_to->id];

	if (!arg_is_int(&n->v[0]->ty))
		return ERR(n->v[0], "lhist() only supports integer arguments");
	for (int i = 1; i < 4; i++)
		if (arg_literal(c, n, i))
			return -1;
	if (n->v[3]->ival <= 0)
		return ERR(n->v[3], "lhist() step must be >= 1 (%lld provided)",
			   (long long)n->v[3]->ival);
	if (n->v[2]->ival <= n->v[1]->ival)
		return ERR(n, "lhist() max must be greater than min");
	if ((n->v[2]->ival - n->v[1]->ival) / n->v[3]->ival > 1000)
		return ERR(n, "lhist() too many buckets, maximum is 1000");
	if (m->val.kind == TY_LHIST && (m->lmin != n->v[1]->ival ||
					m->lmax != n->v[2]->ival || m->lstep != n->v[3]->ival))
		return ERR(n, "Different lhist bounds in a single map unsupported");
	m->lmin = n->v[1]->ival;
	m->lmax = n->v[2]->ival;
	m->lstep = n->v[3]->ival;
	n->ty = t_of(TY_LHIST, 8);
	return 0;
}

/* name, arguments (least, most), FN_ flags, the record's value, type rule, code */
const struct func_def fn_agg[] = {
	{ "count", 0, 0, FN_AGG, TY_COUNT, chk_count, NULL },
	{ "sum", 1, 1, FN_AGG, TY_SUM, chk_sum, NULL },
	{ "min", 1, 1, FN_AGG, TY_MIN, chk_sum, NULL },
	{ "max", 1, 1, FN_AGG, TY_MAX, chk_sum, NULL },
	{ "avg", 1, 1, FN_AGG, TY_AVG, chk_sum, NULL },
	{ "stats", 1, 1, FN_AGG, TY_STATS, chk_sum, NULL },
	{ "hist", 1, 1, FN_AGG, TY_HIST, chk_sum, NULL },
	{ "lhist", 4, 4, FN_AGG, TY_LHIST, chk_lhist, NULL },
	{ NULL },
};
