// SPDX-License-Identifier: GPL-2.0
/* The type checker's half for builtins and function calls: builtin
 * variables, the records of builtin functions (fn_*.c) and what they share. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang.h"

#define ERR(n, ...) lang_error(c->src, (n)->l, __VA_ARGS__)

static const char *const unsupported[] = {
	"override", "sizeof", "skboutput", "offsetof", "percpu_kaddr",
	"has_key", "len", "unwatch", "debugf", NULL,
};




int fmt_add(struct compiler *c, enum rec_kind k, const char *fmt)
{
	struct fmt_def *f;

	c->fmts = realloc(c->fmts, (c->nfmts + 1) * sizeof(*c->fmts));
	if (!c->fmts)
		abort();
	f = &c->fmts[c->nfmts];
	memset(f, 0, sizeof(*f));
	f->kind = k;
	f->fmt = fmt ? strdup(fmt) : NULL;
	f->size = 8;
	f->map = -1;
	return c->nfmts++;
}


uint64_t kallsyms_addr(const char *name)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[512], sym[256], type;
	unsigned long long addr;
	uint64_t found = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %255s", &addr, &type, sym) == 3 && !strcmp(sym, name)) {
			found = addr;
			break;
		}
	fclose(f);
	return found;
}

bool arg_is_int(const struct type *t)
{
	return t->kind == TY_INT || t->kind == TY_PTR;
}

int arg_literal(struct compiler *c, struct node *call, int i)
{
	if (call->v[i]->kind != N_INT)
		return ERR(call->v[i], "%s: argument %d must be an integer literal", call->str,
			   i + 1);
	return 0;
}




/* The record of a builtin function, or NULL. */
const struct func_def *func_lookup(const char *name)
{
	static const struct func_def *const families[] = { fn_agg, fn_out, fn_val };

	for (size_t k = 0; k < sizeof(families) / sizeof(families[0]); k++)
		for (const struct func_def *f = families[k]; f->name; f++)
			if (!strcmp(f->name, name))
				return f;
	return NULL;
}

int check_call(struct compiler *c, struct node *n, struct node *assign_to)
{
	const struct func_def *f = func_lookup(n->str);

	if (!f && !strcmp(n->str, "path"))
		return ERR(n, "The path function can only be used with 'kfunc', 'kretfunc', "
			   "'iter' probes (the kernel allows its d_path helper only there), "
			   "which this kernel does not offer");
	if (!f) {
		for (int i = 0; unsupported[i]; i++)
			if (!strcmp(n->str, unsupported[i]))
				return ERR(n, "not supported yet: %s()", n->str);
		return ERR(n, "Unknown function: %s", n->str);
	}
	if (n->nv < f->min || n->nv > f->max) {
		if (f->min == f->max)
			return ERR(n, "%s() requires %d argument%s (%d provided)", n->str,
				   f->min, f->min == 1 ? "" : "s", n->nv);
		return ERR(n, "%s() takes %d to %d arguments (%d provided)", n->str,
			   f->min, f->max, n->nv);
	}
	n->fn = f;
	/* str($1) is the parameter's text, even when it reads as a number
	 * ("1"), and empty when there is no such parameter */
	if ((f->flags & FN_POS_TEXT) && n->v[0]->kind == N_POS) {
		struct node *a = n->v[0];
		const char *s = a->ival > 0 && a->ival <= c->npos ? c->pos[a->ival - 1] : "";

		a->kind = N_STR;
		a->str = strdup(s);
		a->slen = strlen(s);
	}
	/* str($1 + 2): the text from its third character */
	if ((f->flags & FN_POS_TEXT) && n->v[0]->kind == N_BINOP && n->v[0]->op == T_PLUS &&
	    n->v[0]->a->kind == N_POS && n->v[0]->b->kind == N_INT) {
		struct node *a = n->v[0];
		const char *s = a->a->ival > 0 && a->a->ival <= c->npos ? c->pos[a->a->ival - 1] : "";
		size_t skip = a->b->ival < 0 ? 0 : (size_t)a->b->ival;

		if (a->b->ival < 0 || skip > strlen(s)) {
			/* bpftrace marks "+ 9": from the operator */
			struct node at = { .l = { a->l.line, a->a->l.end, a->b->l.end } };
			const char *t = c->src->text;

			for (int ln = 1; ln < at.l.line && (t = strchr(t, '\n')); ln++)
				t++;
			while (t && t[at.l.col - 1] == ' ')
				at.l.col++;
			a = &at;
			return ERR(a, "only addition of a single constant less or equal to the "
				   "length of $%lld (which is %zu) is allowed inside str()",
				   (long long)n->v[0]->a->ival, strlen(s));
		}
		n->v[0] = node_new(N_STR, a->l);
		n->v[0]->str = strdup(s + skip);
		n->v[0]->slen = strlen(s + skip);
		node_free(a);
	}
	/* arguments first (maps named by print/clear/zero/delete are not read) */
	for (int i = 0; i < n->nv; i++) {
		if (i == 0 && (f->flags & FN_MAP_ARG) && n->v[0]->kind == N_MAP) {
			struct map_def *m = map_get(c, n->v[0]);

			if (n->v[0]->nv && check_keys(c, n->v[0], m))
				return -1;
			continue;
		}
		/* kstack(perf): a mode, not a value */
		if ((f->flags & FN_MODE_ARG) && n->v[i]->kind == N_BUILTIN)
			continue;
		if (check_expr(c, n->v[i]))
			return -1;
	}
	n->ty = t_of(TY_VOID, 0);
	if ((f->flags & FN_AGG) && !assign_to)
		return ERR(n, "%s() should be directly assigned to a map", n->str);
	return f->check(c, n, assign_to);
}
