// SPDX-License-Identifier: GPL-2.0
/*
 * Tuples: `(a, "b", c)` as values of $variables and maps, `$t.0` element
 * access, printed "(a, b, c)" as bpftrace prints them.  A tuple's layout is
 * kept once in compiler.tups (identical layouts shared); each element has
 * its 8-byte aligned slot, integers widened to 64 bits with their sign.
 * A map or variable given tuples whose strings differ in size keeps the
 * widest layout; narrower tuples are converted element by element when
 * they are stored.
 */
#include <stdlib.h>
#include <string.h>

#include "lang.h"

#define ERR(n, ...) lang_error(c->src, (n)->l, __VA_ARGS__)

static bool same_type(const struct type *a, const struct type *b)
{
	return a->kind == b->kind && a->size == b->size && a->is_signed == b->is_signed &&
	       a->tup == b->tup && a->nelem == b->nelem && a->btf_id == b->btf_id;
}

/* bpftrace's layout of the tuple, for sizeof(): C's rules, elements at
 * their natural alignment ((int8, int16, int32) is 8 bytes). */
static void c_layout(const struct compiler *c, struct tuple_def *d)
{
	uint32_t off = 0, align = 1;

	for (int i = 0; i < d->n; i++) {
		const struct type *t = &d->el[i];
		uint32_t sz = type_storage(t), al = 8;

		if (t->kind == TY_INT) {
			sz = al = d->isz[i] ? d->isz[i] : 8;
		} else if (t->kind == TY_STR) {
			sz = t->size;
			al = 1;
		} else if (t->kind == TY_TUPLE) {
			sz = c->tups[t->tup].csize;
			al = c->tups[t->tup].calign;
		} else if (t->kind == TY_RECVAL) {
			sz = t->size;
			al = btf_align((struct compiler *)c, t->btf_id);
		}
		off = (off + al - 1) / al * al + sz;
		if (al > align)
			align = al;
	}
	d->calign = align;
	d->csize = (off + align - 1) / align * align;
}

/* The index of a layout equal to d, added if new. */
static int intern(struct compiler *c, struct tuple_def *d)
{
	uint32_t off = 0;

	for (int i = 0; i < d->n; i++) {
		d->off[i] = off;
		off += type_storage(&d->el[i]);
	}
	d->size = off;
	c_layout(c, d);
	for (int i = 0; i < c->ntups; i++) {
		const struct tuple_def *e = &c->tups[i];
		bool same = e->n == d->n;

		for (int k = 0; same && k < d->n; k++)
			same = same_type(&e->el[k], &d->el[k]) && e->isz[k] == d->isz[k];
		if (same)
			return i;
	}
	c->tups = realloc(c->tups, (c->ntups + 1) * sizeof(*c->tups));
	if (!c->tups)
		abort();
	c->tups[c->ntups] = *d;
	return c->ntups++;
}

static struct type tuple_type(struct compiler *c, int id)
{
	struct type t = t_of(TY_TUPLE, c->tups[id].size);

	t.tup = id;
	return t;
}

int tuple_check(struct compiler *c, struct node *n)
{
	struct tuple_def d;

	memset(&d, 0, sizeof(d));
	if (n->nv > MAX_ARGS)
		return ERR(n, "not supported yet: tuples of more than %d elements", MAX_ARGS);
	d.n = n->nv;
	for (int i = 0; i < n->nv; i++) {
		struct type t;

		if (check_expr(c, n->v[i]))
			return -1;
		t = n->v[i]->ty;
		if (t.kind == TY_INT || t.kind == TY_PTR) {
			d.isz[i] = t.kind == TY_INT && t.size ? t.size : 8;
			t = t_int(8, t.kind == TY_INT && t.is_signed);
		} else if (t.kind == TY_RECORD || t.kind == TY_ARRAY) {
			if (type_to_value(c, n->v[i], &t))
				return -1;
		} else if (t.kind == TY_CTX || t.kind == TY_VOID || t.kind >= TY_COUNT) {
			return ERR(n->v[i], "not supported yet: a %s in a tuple", kind_name(t.kind));
		}
		d.el[i] = t;
	}
	n->ty = tuple_type(c, intern(c, &d));
	return 0;
}

/* $t.N */
int tuple_elem_check(struct compiler *c, struct node *n)
{
	const struct tuple_def *d;

	if (n->a->ty.kind != TY_TUPLE)
		return ERR(n, "Can not access index '%lld' on expression of type '%s'",
			   (long long)n->ival, kind_name(n->a->ty.kind));
	d = &c->tups[n->a->ty.tup];
	if (n->ival < 0 || n->ival >= d->n)
		return ERR(n, "Invalid tuple index: %lld. Found %d elements in tuple.",
			   (long long)n->ival, d->n);
	n->ty = d->el[n->ival];
	return 0;
}

int tuple_unify(struct compiler *c, struct node *n, struct type *have, const struct type *t,
		const char *what)
{
	struct tuple_def d;

	if (have->tup == t->tup)
		return 0;
	d = c->tups[have->tup];
	if (d.n != c->tups[t->tup].n)
		return ERR(n, "Type mismatch for %s: trying to assign a tuple of %d elements "
			   "when %s already contains a tuple of %d elements", what,
			   c->tups[t->tup].n, what, d.n);
	for (int i = 0; i < d.n; i++)
		if (type_unify(c, n, &d.el[i], &c->tups[t->tup].el[i], what))
			return -1;
	*have = tuple_type(c, intern(c, &d));
	return 0;
}

void tuple_text(struct compiler *c, FILE *f, const struct type *t, const uint8_t *p)
{
	const struct tuple_def *d = &c->tups[t->tup];

	fputc('(', f);
	for (int i = 0; i < d->n; i++) {
		if (i)
			fputs(", ", f);
		out_value(c, f, &d->el[i], p + d->off[i]);
	}
	fputc(')', f);
}

/* ---- code */

/* The tuple at src (layout have) rewritten at dst (layout want). */
static void convert(struct gen *g, int dst, const struct type *want, int src,
		    const struct type *have)
{
	const struct tuple_def *w = &g->c->tups[want->tup], *h = &g->c->tups[have->tup];

	stack_zero(g, dst, w->size);
	for (int i = 0; i < w->n; i++) {
		const struct type *we = &w->el[i], *he = &h->el[i];
		uint32_t ws = type_storage(we), hs = type_storage(he);

		if (we->kind == TY_TUPLE && we->tup != he->tup)
			convert(g, dst + w->off[i], we, src + h->off[i], he);
		else
			stack_copy(g, dst + w->off[i], src + h->off[i], ws < hs ? ws : hs);
	}
}

static int gen_literal(struct gen *g, struct node *n, int dst, const struct type *want)
{
	const struct tuple_def *d = &g->c->tups[want->tup];

	if (!dst)
		dst = stack_alloc(g, d->size);
	stack_zero(g, dst, d->size);
	for (int i = 0; i < d->n; i++) {
		struct node *e = n->v[i];

		if (type_is_agg(&d->el[i])) {
			gen_value_to(g, e, dst + d->off[i], &d->el[i]);
		} else {
			gen_expr(g, e, 0);
			emit(g, STX_MEM(BPF_DW, R10, R0, dst + d->off[i]));
		}
	}
	return dst;
}

int gen_value_to(struct gen *g, struct node *n, int dst, const struct type *want)
{
	int src;

	if (n->kind == N_TUPLE)
		return gen_literal(g, n, dst, want->kind == TY_TUPLE ? want : &n->ty);
	if (want->kind == TY_RECVAL) {	/* a struct's or an array's bytes */
		if (!dst)
			dst = stack_alloc(g, type_storage(want));
		gen_recval(g, n, dst, type_storage(want));
		return dst;
	}
	if (want->kind != TY_TUPLE || n->ty.kind != TY_TUPLE || want->tup == n->ty.tup)
		return gen_expr(g, n, dst);
	src = gen_expr(g, n, 0);
	if (!dst)
		dst = stack_alloc(g, want->size);
	convert(g, dst, want, src, &n->ty);
	return dst;
}

int gen_tuple_elem(struct gen *g, struct node *n, int dst)
{
	const struct tuple_def *d = &g->c->tups[n->a->ty.tup];
	int base = gen_expr(g, n->a, 0), at = base + d->off[n->ival];

	if (!type_is_agg(&n->ty)) {
		emit(g, LDX_MEM(BPF_DW, R0, R10, at));
		return 0;
	}
	if (!dst)
		return at;
	stack_copy(g, dst, at, type_storage(&n->ty));
	return dst;
}
