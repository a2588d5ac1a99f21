// SPDX-License-Identifier: GPL-2.0
/*
 * Value types: how many bytes each takes in a map, a record or on the
 * stack, their names in errors, and how two types meet when one map or
 * variable is given both (the wider wins).
 */
#include <string.h>

#include "lang.h"

#define ERR(n, ...) lang_error(c->src, (n)->l, __VA_ARGS__)

struct type t_int(uint32_t size, bool sign)
{
	struct type t = { .kind = TY_INT, .size = size, .is_signed = sign };

	return t;
}

struct type t_of(enum ty_kind k, uint32_t size)
{
	struct type t = { .kind = k, .size = size };

	return t;
}

uint32_t type_storage(const struct type *t)
{
	switch (t->kind) {
	case TY_STR:
		return (t->size + 7) & ~7u;
	case TY_INET:
		return 24;
	case TY_USTACK:
	case TY_USYM:
		return 16;
	case TY_MACADDR:
		return 8;
	case TY_RECVAL:
		return (t->size + 7) & ~7u;
	case TY_BUF:
		return 8 + ((t->size + 7) & ~7u);
	case TY_AVG:
	case TY_STATS:
	case TY_MIN:
	case TY_MAX:
	case TY_HIST:	/* a bucket's count, and the sum of its values (--metrics' _sum) */
	case TY_LHIST:
		return 16;
	case TY_TUPLE:
		return t->size;
	default:
		return 8;
	}
}

bool type_is_agg(const struct type *t)
{
	return t->kind == TY_STR || t->kind == TY_INET || t->kind == TY_USTACK ||
	       t->kind == TY_USYM || t->kind == TY_BUF || t->kind == TY_TUPLE ||
	       t->kind == TY_MACADDR || t->kind == TY_RECVAL;
}

const char *kind_name(enum ty_kind k)
{
	static const char *const names[] = {
		"none", "integer", "string", "pointer", "struct", "array", "args", "kstack",
		"ustack", "ksym", "usym", "inet", "buffer", "timestamp", "probe", "username",
		"tuple", "void", "macaddr", "struct", "strerror", "cgroup_path", "count", "sum", "min", "max", "avg", "stats", "hist", "lhist",
	};

	return names[k];
}

int type_unify(struct compiler *c, struct node *n, struct type *have, const struct type *t,
	       const char *what)
{
	if (have->kind == TY_NONE) {
		*have = *t;
		return 0;
	}
	if (have->kind != t->kind) {
		bool ints = (have->kind == TY_INT || have->kind == TY_PTR) &&
			    (t->kind == TY_INT || t->kind == TY_PTR);

		if (ints) {
			if (t->size > have->size)
				have->size = t->size;
			return 0;
		}
		return ERR(n, "Type mismatch for %s: trying to assign value of type '%s' "
			   "when %s already contains a value of type '%s'", what,
			   kind_name(t->kind), what, kind_name(have->kind));
	}
	have->user |= t->user;
	if (have->kind == TY_STR || have->kind == TY_BUF) {
		if (t->size > have->size)
			have->size = t->size;
	}
	if (have->kind == TY_INT && t->size > have->size)
		have->size = t->size;
	if (have->kind == TY_TUPLE)
		return tuple_unify(c, n, have, t, what);
	if (have->kind == TY_RECVAL && have->btf_id != t->btf_id)
		return ERR(n, "Type mismatch for %s: trying to assign value of type 'struct %s' "
			   "when %s already contains a value of type 'struct %s'", what,
			   btf_name_of(c, t->btf_id), what, btf_name_of(c, have->btf_id));
	return 0;
}
