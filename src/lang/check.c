// SPDX-License-Identifier: GPL-2.0
/*
 * The type checker: every node gets a type, every builtin and function a
 * meaning, every map one key layout and one value type across all probes.
 * It runs twice: first over every probe to learn the maps' types (a map
 * may be read in one probe and written in another), then once more per
 * probe right before its code is generated.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/btf.h>

#include "lang.h"
#include "../tracepoint/tracepoint.h"

#define ERR(n, ...) lang_error(c->src, (n)->l, __VA_ARGS__)

struct map_def *map_find(struct compiler *c, const char *name)
{
	for (int i = 0; i < c->nmaps; i++)
		if (!strcmp(c->maps[i].name, name))
			return &c->maps[i];
	return NULL;
}

struct map_def *map_get(struct compiler *c, struct node *n)
{
	struct map_def *m = map_find(c, n->str);

	if (!m) {
		c->maps = realloc(c->maps, (c->nmaps + 1) * sizeof(*c->maps));
		if (!c->maps)
			abort();
		m = &c->maps[c->nmaps++];
		memset(m, 0, sizeof(*m));
		m->name = strdup(n->str);
		m->l = n->l;
		m->nkeys = -1;
		m->fd = -1;
	}
	n->id = m - c->maps;
	return m;
}



int check_keys(struct compiler *c, struct node *n, struct map_def *m)
{
	struct type kt[MAX_KEYS];
	uint32_t off = 0;

	if (n->nv > MAX_KEYS)
		return ERR(n, "not supported yet: maps with more than %d keys", MAX_KEYS);
	for (int i = 0; i < n->nv; i++) {
		if (check_expr(c, n->v[i]))
			return -1;
		kt[i] = n->v[i]->ty;
		if (kt[i].kind == TY_TUPLE)
			return ERR(n->v[i], "tuple cannot be used as a map key. Try a multi-key "
				   "associative array instead (eg `@map[$1, $2] = ...)`.");
		/* a struct or an array: its bytes are the key */
		if (type_to_value(c, n->v[i], &kt[i]))
			return -1;
		if (kt[i].kind == TY_VOID || kt[i].kind == TY_CTX)
			return ERR(n->v[i], "not supported yet: a %s as a map key",
				   kind_name(kt[i].kind));
	}
	if (m->nkeys < 0) {
		m->nkeys = n->nv;
		memcpy(m->key, kt, n->nv * sizeof(kt[0]));
	} else if (m->nkeys != n->nv) {
		return ERR(n, "Argument mismatch for %s: trying to access with %d arguments "
			   "when map expects %d arguments", m->name, n->nv, m->nkeys);
	} else {
		for (int i = 0; i < n->nv; i++)
			if (type_unify(c, n->v[i], &m->key[i], &kt[i], m->name))
				return -1;
	}
	for (int i = 0; i < m->nkeys; i++) {
		m->koff[i] = off;
		off += type_storage(&m->key[i]);
	}
	m->key_size = off ? off : 8;
	return 0;
}

int type_to_value(struct compiler *c, struct node *n, struct type *t)
{
	if (t->kind != TY_RECORD && t->kind != TY_ARRAY)
		return 0;
	if (t->btf_id <= 0)
		return ERR(n, "not supported yet: this %s as a value", kind_name(t->kind));
	if (t->size > MAX_RECVAL)
		return ERR(n, "not supported yet: a %s of %u bytes as a value (at most %d)",
			   kind_name(t->kind), t->size, MAX_RECVAL);
	t->kind = TY_RECVAL;
	return 0;
}

int check_map_value(struct compiler *c, struct node *n, struct map_def *m,
		    const struct type *t)
{
	if (m->val.kind != TY_NONE && m->val.kind >= TY_COUNT && m->val.kind != t->kind)
		return ERR(n, "Type mismatch for %s: trying to assign value of type '%s' when "
			   "map already contains a value of type '%s'", m->name,
			   kind_name(t->kind), kind_name(m->val.kind));
	if (type_unify(c, n, &m->val, t, m->name))
		return -1;
	m->percpu = m->val.kind >= TY_COUNT;
	m->val_size = type_storage(&m->val);
	return 0;
}

static int var_find(struct compiler *c, const char *name)
{
	for (int i = 0; i < c->nvars; i++)
		if (!strcmp(c->vars[i].name, name))
			return i;
	return -1;
}

static int tp_field_type(struct compiler *c, const struct tp_field *f, struct type *t)
{
	char base[64];
	const char *tt = f->type;
	int stars = 0;

	memset(t, 0, sizeof(*t));
	if (f->is_string || f->is_dataloc) {
		t->kind = TY_STR;
		t->size = f->is_dataloc ? STR_SIZE : f->size;
		return 0;
	}
	if (!f->is_pointer) {
		if (f->size > 8 || (f->size & (f->size - 1))) {
			t->kind = TY_ARRAY;
			t->size = f->size;
			return 0;
		}
		*t = t_int(f->size, f->is_signed);
		return 0;
	}
	t->kind = TY_PTR;
	t->size = 8;
	for (const char *s = tt; *s; s++)
		stars += *s == '*';
	/* "const struct __kernel_timespec *": the struct from BTF */
	if (!strncmp(tt, "const ", 6))
		tt += 6;
	if (!strncmp(tt, "struct ", 7) && sscanf(tt + 7, "%63[A-Za-z0-9_]", base) == 1) {
		int id = btf_struct(c, base);

		if (id > 0 && stars == 1) {
			t->btf_id = id;
			return 0;
		}
	}
	t->ptr_level = stars;
	t->elem = strstr(tt, "char") ? 1 : strstr(tt, "short") ? 2 :
		  strstr(tt, "long") || strstr(tt, "64") ? 8 : 4;
	return 0;
}

static bool is_syscall_tp(const struct compiler *c)
{
	return c->cur->kind == P_TRACEPOINT && !strncmp(c->cur->name, "tracepoint:syscalls:", 20);
}

static int check_builtin(struct compiler *c, struct node *n)
{
	const struct builtin_def *b = builtin_lookup(n->str, &n->id);
	int64_t v;

	if (b)
		return check_builtin_var(c, n, b);
	/* a kernel constant: what the headers a tool includes would define */
	if (!kernel_const(c, n->str, &v)) {
		n->kind = N_INT;
		n->ival = v;
		n->ty = t_int(8, true);
		return 0;
	}
	return ERR(n, "Unknown identifier: '%s'", n->str);
}

static bool is_bytes(const struct type *t)
{
	return (t->kind == TY_RECORD || t->kind == TY_ARRAY || t->kind == TY_RECVAL) &&
	       t->btf_id > 0;
}

static bool is_int_array(struct compiler *c, const struct type *t)
{
	struct type et;

	return (t->kind == TY_ARRAY || t->kind == TY_RECVAL) && t->btf_id > 0 && t->nelem &&
	       !btf_array_elem(c, t->btf_id, &et) && et.kind == TY_INT;
}

/* The type a cast names: "uint64", "int8", "struct task_struct" + stars. */
static int cast_type(struct compiler *c, struct node *n, const char *text, int stars,
		     struct type *t)
{
	static const struct { const char *name; int size; bool sign; } ints[] = {
		{ "int8", 1, 1 }, { "int16", 2, 1 }, { "int32", 4, 1 }, { "int64", 8, 1 },
		{ "uint8", 1, 0 }, { "uint16", 2, 0 }, { "uint32", 4, 0 }, { "uint64", 8, 0 },
		{ "s8", 1, 1 }, { "s16", 2, 1 }, { "s32", 4, 1 }, { "s64", 8, 1 },
		{ "u8", 1, 0 }, { "u16", 2, 0 }, { "u32", 4, 0 }, { "u64", 8, 0 },
		{ "char", 1, 1 }, { "unsigned char", 1, 0 }, { "signed char", 1, 1 },
		{ "short", 2, 1 }, { "unsigned short", 2, 0 }, { "int", 4, 1 },
		{ "unsigned int", 4, 0 }, { "unsigned", 4, 0 }, { "long", 8, 1 },
		{ "unsigned long", 8, 0 }, { "long long", 8, 1 }, { "unsigned long long", 8, 0 },
		{ "size_t", 8, 0 }, { "pid_t", 4, 1 }, { "uid_t", 4, 0 }, { "gid_t", 4, 0 },
		{ "bool", 1, 0 }, { "void", 8, 0 },
		{ "int8_t", 1, 1 }, { "int16_t", 2, 1 }, { "int32_t", 4, 1 }, { "int64_t", 8, 1 },
		{ "uint8_t", 1, 0 }, { "uint16_t", 2, 0 }, { "uint32_t", 4, 0 },
		{ "uint64_t", 8, 0 },
	};

	memset(t, 0, sizeof(*t));
	if (!strncmp(text, "struct ", 7) || !strncmp(text, "union ", 6)) {
		const char *name = strchr(text, ' ') + 1;
		int id = btf_struct(c, name);

		if (id <= 0)
			return ERR(n, "Unknown struct/union: '%s' (not in the kernel's BTF)", text);
		if (!stars)
			return ERR(n, "Cannot cast to \"%s\"", text);
		t->kind = TY_PTR;
		t->size = 8;
		t->btf_id = id;
		if (stars > 1)	/* (struct Foo **): ptr_level counts the stars */
			t->ptr_level = stars;
		return 0;
	}
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		if (strcmp(text, ints[i].name))
			continue;
		if (!stars) {
			if (!strcmp(text, "void"))
				return ERR(n, "Cannot cast to \"void\"");
			*t = t_int(ints[i].size, ints[i].sign);
			return 0;
		}
		t->kind = TY_PTR;
		t->size = 8;
		t->ptr_level = stars;
		t->elem = ints[i].size;
		t->elem_signed = ints[i].sign;
		return 0;
	}
	if (!strncmp(text, "enum ", 5)) {
		*t = t_int(4, true);
		return 0;
	}
	/* a typedef: the program's (typedef struct {...} foo_t), the kernel's */
	if (!strchr(text, ' ')) {
		int id = btf_struct(c, text);
		struct type vt;

		if (id > 0 && !btf_to_type(c, id, &vt)) {
			if (stars) {
				t->kind = TY_PTR;
				t->size = 8;
				t->btf_id = id;
				t->ptr_level = stars > 1 ? stars : 0;
				return 0;
			}
			if (vt.kind == TY_INT || vt.kind == TY_PTR) {
				*t = vt;
				return 0;
			}
			return ERR(n, "Cannot cast to \"%s\"", text);
		}
	}
	return ERR(n, "Unknown type: '%s'", text);
}

/* What a pointer points to, as a value type. */
int type_deref(struct compiler *c, const struct type *p, struct type *out)
{
	if (p->btf_id > 0 && p->ptr_level > 1) {
		*out = *p;
		out->ptr_level--;
		return 0;
	}
	if (p->btf_id > 0) {
		if (btf_to_type(c, p->btf_id, out))
			return -1;
		out->user = p->user;	/* a struct in user memory: its members too */
		out->anyspace = p->anyspace;
		return 0;
	}
	memset(out, 0, sizeof(*out));
	if (p->ptr_level > 1) {
		*out = *p;
		out->ptr_level--;
		return 0;
	}
	*out = t_int(p->elem ? p->elem : 8, p->elem_signed);
	out->user = p->user;
	out->anyspace = p->anyspace;
	return 0;
}

uint32_t ptr_scale(struct compiler *c, const struct type *p)
{
	uint32_t sz;

	if (p->btf_id > 0 && p->ptr_level > 1)
		return 8;
	if (p->btf_id > 0) {
		sz = btf_size(c, p->btf_id);
		return sz ? sz : 1;
	}
	if (p->ptr_level > 1)
		return 8;
	return p->elem ? p->elem : 1;
}

static int check_field(struct compiler *c, struct node *n)
{
	struct type *bt = &n->a->ty;
	uint32_t off, bsz;
	int tid, r;

	if (n->op)
		return tuple_elem_check(c, n);
	if (bt->kind == TY_CTX && c->cur->kind == P_UPROBE)
		return check_uprobe_arg(c, n);	/* DWARF (uprobes.c) */
	if (bt->kind == TY_CTX) {
		const struct tp_event *ev = c->cur->tp;

		for (int i = 0; ev && i < ev->nfields; i++) {
			if (strcmp(ev->field[i].name, n->str))
				continue;
			n->id = i;
			tp_field_type(c, &ev->field[i], &n->ty);
			n->ty.user = is_syscall_tp(c);
			return 0;
		}
		return ERR(n, "Struct/union of type 'struct %s_args' does not contain a field "
			   "named '%s'", c->cur->func, n->str);
	}
	if (bt->kind == TY_PTR && !n->arrow)
		return ERR(n, "Can not access field '%s' on type '%s *'. Try dereferencing it "
			   "first, or using '->'", n->str, btf_name_of(c, bt->btf_id));
	if ((bt->kind == TY_RECORD || bt->kind == TY_RECVAL) && n->arrow)
		return ERR(n, "Can not access field '%s' on a struct with '->': use '.'", n->str);
	if ((bt->kind != TY_PTR && bt->kind != TY_RECORD && bt->kind != TY_RECVAL) ||
	    bt->btf_id <= 0 || (bt->kind == TY_PTR && bt->ptr_level > 1))
		return ERR(n, "Can not access field '%s' on expression of type '%s'", n->str,
			   kind_name(bt->kind));
	r = btf_member_bits(c, bt->btf_id, n->str, &off, &bsz, &tid);
	if (r)
		return ERR(n, "Struct/union of type '%s %s' does not contain a field named '%s'",
			   btf_is_union_id(c, bt->btf_id) ? "union" : "struct",
			   btf_name_of(c, bt->btf_id), n->str);
	n->ival = off / 8;
	if (btf_to_type(c, tid, &n->ty))
		return ERR(n, "not supported yet: the type of member '%s'", n->str);
	if (bsz || off % 8) {
		/* a bitfield: the bytes that hold it, shifted and masked;
		 * bpftrace shows its bits unsigned */
		if (n->ty.kind != TY_INT || bsz > 56)
			return ERR(n, "not supported yet: bitfield member '%s'", n->str);
		n->bit_shift = off % 8;
		n->bit_width = bsz;
		n->ty = t_int(n->ty.size, false);
	}
	/* a struct copied to the stack (a map's or a variable's) is read there */
	n->ty.user = bt->kind == TY_RECVAL ? false : bt->user;
	n->ty.anyspace = bt->kind == TY_RECVAL ? false : bt->anyspace;
	return 0;
}


int check_expr(struct compiler *c, struct node *n)
{
	struct type *t = &n->ty;

	switch (n->kind) {
	case N_INT:
		*t = t_int(8, true);
		return 0;
	case N_STR:
		*t = t_of(TY_STR, n->slen + 1);
		return 0;
	case N_POS:
		if (n->ival <= c->npos && n->ival > 0) {
			const char *s = c->pos[n->ival - 1];
			char *end;
			long long v = strtoll(s, &end, 0);

			if (*s && !*end) {
				n->kind = N_INT;
				n->ival = v;
				*t = t_int(8, true);
				return 0;
			}
			n->kind = N_STR;
			n->str = strdup(s);
			n->slen = strlen(s);
			*t = t_of(TY_STR, n->slen + 1);
			return 0;
		}
		n->kind = N_INT;
		n->ival = 0;
		*t = t_int(8, true);
		return 0;
	case N_POSCOUNT:
		n->kind = N_INT;
		n->ival = c->npos;
		*t = t_int(8, true);
		return 0;
	case N_BUILTIN:
		return check_builtin(c, n);
	case N_VAR: {
		int v = var_find(c, n->str);

		if (v < 0 || c->vars[v].ty.kind == TY_NONE)
			return ERR(n, "Undefined or undeclared variable: %s", n->str);
		n->id = v;
		*t = c->vars[v].ty;
		return 0;
	}
	case N_MAP: {
		struct map_def *m = map_get(c, n);

		if (check_keys(c, n, m))
			return -1;
		if (m->val.kind == TY_NONE) {
			if (c->final)
				return ERR(n, "Undefined map: %s", n->str);
			*t = t_int(8, true);
			return 0;
		}
		*t = m->val;
		if (t->kind == TY_COUNT || t->kind == TY_SUM || t->kind == TY_MIN ||
		    t->kind == TY_MAX || t->kind == TY_AVG)
			*t = t_int(8, t->kind != TY_COUNT);
		else if (t->kind == TY_INT && m->ptr.kind == TY_PTR)
			*t = m->ptr;	/* a pointer kept in a map: its pointee still known */
		else if (t->kind == TY_STATS || t->kind == TY_HIST || t->kind == TY_LHIST)
			return ERR(n, "not supported yet: reading a %s map in a probe",
				   kind_name(t->kind));
		return 0;
	}
	case N_CALL:
		return check_call(c, n, NULL);
	case N_TUPLE:
		return tuple_check(c, n);
	case N_SIZEOF:
		if (n->a) {
			if (check_expr(c, n->a))
				return -1;
			n->kind = N_INT;
			n->ival = n->a->ty.kind == TY_RECORD || n->a->ty.kind == TY_STR ?
				  n->a->ty.size : n->a->ty.size ? n->a->ty.size : 8;
			if (n->a->ty.kind == TY_TUPLE)
				n->ival = c->tups[n->a->ty.tup].csize;
		} else if (!n->ptr_depth && cdecl_find(c, n->str, BTF_KIND_TYPEDEF) > 0) {
			/* a typedef of the program's */
			n->ival = btf_size(c, cdecl_find(c, n->str, BTF_KIND_TYPEDEF));
			n->kind = N_INT;
		} else if (!n->ptr_depth && (!strncmp(n->str, "struct ", 7) ||
					     !strncmp(n->str, "union ", 6))) {
			/* the kernel's struct: its size from BTF */
			int id = btf_struct(c, strchr(n->str, ' ') + 1);
			struct type st;

			if (id <= 0 || btf_to_type(c, id, &st))
				return ERR(n, "Unknown struct/union: '%s' (not in the kernel's BTF)",
					   n->str);
			n->ival = st.size;
			n->kind = N_INT;
		} else {
			struct type ct;

			if (cast_type(c, n, n->str, n->ptr_depth, &ct))
				return -1;
			n->ival = ct.size;
			n->kind = N_INT;
		}
		*t = t_int(8, false);
		return 0;
	case N_UNOP:
		if (check_expr(c, n->a))
			return -1;
		if (n->op == T_STAR) {
			if (n->a->ty.kind == TY_INT) {
				/* bpftrace reads 8 bytes through an integer address */
				*t = t_int(8, true);
				return 0;
			}
			if (n->a->ty.kind != TY_PTR)
				return ERR(n, "Can not dereference type '%s'", kind_name(n->a->ty.kind));
			return type_deref(c, &n->a->ty, t);
		}
		if (n->a->ty.kind != TY_INT && n->a->ty.kind != TY_PTR)
			return ERR(n, "The %s operator can not be used on expressions of type '%s'",
				   tok_name(n->op), kind_name(n->a->ty.kind));
		*t = t_int(8, n->op == T_NOT ? false : n->op == T_MINUS ? true : n->a->ty.is_signed);
		return 0;
	case N_BINOP: {
		struct type *a = &n->a->ty, *b = &n->b->ty;

		if (check_expr(c, n->a) || check_expr(c, n->b))
			return -1;
		if (a->kind == TY_STR && b->kind == TY_STR) {
			if (n->op != T_EQ && n->op != T_NE)
				return ERR(n, "The %s operator can not be used on expressions of "
					   "types string[%u], string[%u]", tok_name(n->op), a->size,
					   b->size);
			*t = t_int(8, false);
			return 0;
		}
		if ((n->op == T_EQ || n->op == T_NE) && a->kind == TY_BUF && b->kind == TY_BUF) {
			/* buffers equal in length and bytes (gen_buf_eq) */
			*t = t_int(8, false);
			return 0;
		}
		if ((n->op == T_EQ || n->op == T_NE) && is_int_array(c, a) &&
		    is_int_array(c, b)) {
			/* arrays of integers equal byte for byte */
			if (a->size != b->size || a->elem != b->elem)
				return ERR(n, "Only arrays of same sized integer support comparison "
					   "operators.");
			*t = t_int(8, false);
			return 0;
		}
		if (is_int_array(c, a) || is_int_array(c, b) || is_bytes(a) || is_bytes(b))
			return ERR(n, "Only arrays of same sized integer support comparison "
				   "operators.");
		if ((a->kind != TY_INT && a->kind != TY_PTR) ||
		    (b->kind != TY_INT && b->kind != TY_PTR))
			return ERR(n, "Type mismatch for '%s': comparing '%s' with '%s'",
				   tok_name(n->op), kind_name(a->kind), kind_name(b->kind));
		/* pointer arithmetic counts pointees, as in C: (int16 *)32 + 1 is 34 */
		if (a->kind == TY_PTR && (n->op == T_PLUS || n->op == T_MINUS) &&
		    b->kind == TY_INT) {
			*t = *a;
			n->scale = ptr_scale(c, a);
			return 0;
		}
		if (b->kind == TY_PTR && n->op == T_PLUS && a->kind == TY_INT) {
			*t = *b;
			n->scale = ptr_scale(c, b);
			return 0;
		}
		*t = t_int(8, a->is_signed && b->is_signed);
		t->user = a->user || b->user;	/* reg("sp") + 8 is still user memory */
		return 0;
	}
	case N_TERNARY:
		if (check_expr(c, n->a) || check_expr(c, n->b) || check_expr(c, n->c))
			return -1;
		if (n->b->ty.kind != n->c->ty.kind &&
		    !((n->b->ty.kind == TY_INT || n->b->ty.kind == TY_PTR) &&
		      (n->c->ty.kind == TY_INT || n->c->ty.kind == TY_PTR)))
			return ERR(n, "Ternary operator must return the same type: have '%s' and "
				   "'%s'", kind_name(n->b->ty.kind), kind_name(n->c->ty.kind));
		*t = n->b->ty;
		if (t->kind == TY_INT)
			*t = t_int(8, n->b->ty.is_signed && n->c->ty.is_signed);
		if (t->kind == TY_STR && n->c->ty.size > t->size)
			t->size = n->c->ty.size;
		if (type_is_agg(t) && t->kind != TY_STR)
			return ERR(n, "not supported yet: a ternary of %s", kind_name(t->kind));
		return 0;
	case N_FIELD:
		if (check_expr(c, n->a))
			return -1;
		return check_field(c, n);
	case N_INDEX:
		if (check_expr(c, n->a) || check_expr(c, n->b))
			return -1;
		if (n->b->ty.kind != TY_INT)
			return ERR(n->b, "The array index must be an integer");
		if (n->a->ty.kind == TY_PTR)
			return type_deref(c, &n->a->ty, t);
		if ((n->a->ty.kind == TY_ARRAY || n->a->ty.kind == TY_RECVAL) &&
		    n->a->ty.btf_id > 0 && n->a->ty.nelem) {
			const struct type *at = &n->a->ty;

			/* a constant index is checked as bpftrace checks it */
			if (n->b->kind == N_INT && (n->b->ival < 0 || n->b->ival >= at->nelem))
				return ERR(n, "the index %lld is out of bounds for array of size %u",
					   (long long)n->b->ival, at->nelem);
			if (!btf_array_elem(c, at->btf_id, t) &&
			    (t->kind == TY_RECORD || t->kind == TY_ARRAY || t->kind == TY_STR ||
			     t->kind == TY_PTR)) {
				t->user = at->kind == TY_RECVAL ? false : at->user;
				t->anyspace = at->kind == TY_RECVAL ? false : at->anyspace;
				return 0;
			}
			*t = t_int(at->elem > 8 ? 8 : at->elem, at->elem_signed);
			t->user = at->kind == TY_RECVAL ? false : at->user;
			t->anyspace = at->kind == TY_RECVAL ? false : at->anyspace;
			return 0;
		}
		return ERR(n, "The array index operator [] can not be used on expressions of "
			   "type '%s'", kind_name(n->a->ty.kind));
	case N_CAST: {
		struct type ct;

		if (check_expr(c, n->a) || cast_type(c, n, n->str, n->ptr_depth, &ct))
			return -1;
		if (n->a->ty.kind != TY_INT && n->a->ty.kind != TY_PTR)
			return ERR(n, "Cannot cast from \"%s\" to \"%s\"", kind_name(n->a->ty.kind),
				   n->str);
		/* in a uprobe an address made from a number is the process's,
		 * as bpftrace reads it there */
		ct.user = n->a->ty.user || (n->a->ty.kind == TY_INT &&
					    (provider_of(c->cur->kind)->offers & PV_USER));
		/* elsewhere a number's space is unknown: bpftrace reads it with
		 * bpf_probe_read, which picks by the address (its "Addrspace is
		 * not set"); a kernel address reads as before */
		ct.anyspace = ct.kind == TY_PTR && !ct.user &&
			      (n->a->ty.kind == TY_INT || n->a->ty.anyspace);
		*t = ct;
		return 0;
	}
	case N_INCDEC:
		if (n->a->kind != N_VAR && n->a->kind != N_MAP)
			return ERR(n, "The %s operator must be applied to a map or variable",
				   n->op == '+' ? "++" : "--");
		if (n->a->kind == N_MAP) {
			struct map_def *m = map_get(c, n->a);
			struct type it = t_int(8, true);

			if (check_keys(c, n->a, m) || check_map_value(c, n->a, m, &it))
				return -1;
			n->a->ty = m->val;
			n->scale = m->ptr_scale;
		} else if (check_expr(c, n->a)) {
			return -1;
		}
		if (n->a->ty.kind == TY_PTR) {
			n->scale = ptr_scale(c, &n->a->ty);
			*t = n->a->ty;
			return 0;
		}
		if (n->a->ty.kind != TY_INT)
			return ERR(n, "The %s operator can only be used on integers",
				   n->op == '+' ? "++" : "--");
		*t = t_int(8, true);
		return 0;
	case N_ASSIGN:
		return ERR(n, "Assignments are statements, not expressions");
	default:
		return ERR(n, "not supported yet: this expression");
	}
}

static int check_assign(struct compiler *c, struct node *n)
{
	struct node *l = n->a, *r = n->b;

	if (l->kind == N_MAP) {
		struct map_def *m = map_get(c, l);
		struct type vt;

		if (check_keys(c, l, m))
			return -1;
		if (r->kind == N_CALL && n->op == T_ASSIGN) {
			if (check_call(c, r, l))
				return -1;
		} else if (check_expr(c, r)) {
			return -1;
		}
		vt = r->ty;
		if (vt.kind == TY_VOID)
			return ERR(r, "%s() does not return a value", r->str);
		/* a struct's or an array's bytes, read when stored, as bpftrace
		 * copies them */
		if (type_to_value(c, r, &vt))
			return -1;
		if (vt.kind == TY_CTX)
			return ERR(r, "not supported yet: storing a %s in a map", kind_name(vt.kind));
		if (vt.kind == TY_PTR && n->op == T_ASSIGN) {
			m->ptr_scale = ptr_scale(c, &vt);
			m->ptr = vt;
			m->ptr.user = vt.user;
		}
		if (n->op == T_ADD_ASSIGN || n->op == T_SUB_ASSIGN)
			n->scale = m->ptr_scale;
		if (vt.kind == TY_INT || vt.kind == TY_PTR) {
			bool user = vt.user;

			vt = t_int(8, vt.kind == TY_INT ? vt.is_signed : false);
			vt.user = user;	/* str(@map[k]) reads where the pointer points */
		}
		if (n->op != T_ASSIGN) {
			if (vt.kind != TY_INT)
				return ERR(n, "%s needs an integer", tok_name(n->op));
			vt.is_signed = true;
		}
		if (check_map_value(c, l, m, &vt))
			return -1;
		l->ty = m->val;
		return 0;
	}
	if (l->kind == N_VAR) {
		int v;

		if (check_expr(c, r))
			return -1;
		if (r->ty.kind == TY_VOID)
			return ERR(r, "%s() does not return a value", r->str);
		if (r->ty.kind >= TY_COUNT)
			return ERR(r, "%s() can only be assigned to a map", r->str);
		if (r->ty.kind == TY_CTX)
			return ERR(r, "not supported yet: args in a variable");
		v = var_find(c, l->str);
		if (v < 0) {
			if (c->nvars == 64)
				return ERR(l, "too many variables");
			v = c->nvars++;
			c->vars[v].name = strdup(l->str);
			c->vars[v].ty.kind = TY_NONE;
			c->vars[v].off = 0;
		}
		if (n->op != T_ASSIGN) {
			bool ptr = c->vars[v].ty.kind == TY_PTR &&
				   (n->op == T_ADD_ASSIGN || n->op == T_SUB_ASSIGN);

			if ((c->vars[v].ty.kind != TY_INT && !ptr) || r->ty.kind != TY_INT)
				return ERR(n, "%s needs an integer variable", tok_name(n->op));
			if (ptr)
				n->scale = ptr_scale(c, &c->vars[v].ty);
		} else {
			struct type vt = r->ty;

			if (type_unify(c, l, &c->vars[v].ty, &vt, l->str))
				return -1;
			/* a pointer kept in a variable keeps its type */
			if (c->vars[v].ty.kind == TY_INT && vt.kind == TY_PTR)
				c->vars[v].ty = vt;
		}
		l->id = v;
		l->ty = c->vars[v].ty;
		return 0;
	}
	return ERR(l, "not supported yet: assigning to this (only maps and $variables)");
}

static int check_stmt(struct compiler *c, struct node *n)
{
	switch (n->kind) {
	case N_EXPR_STMT:
		if (n->a->kind == N_CALL)
			return check_call(c, n->a, NULL);
		if (n->a->kind == N_INCDEC)
			return check_expr(c, n->a);
		if (check_expr(c, n->a))
			return -1;
		return 0;
	case N_ASSIGN:
		return check_assign(c, n);
	case N_IF:
		if (check_expr(c, n->a) || check_stmt(c, n->b) || (n->c && check_stmt(c, n->c)))
			return -1;
		if (n->a->ty.kind != TY_INT && n->a->ty.kind != TY_PTR)
			return ERR(n->a, "Invalid condition in if(): %s", kind_name(n->a->ty.kind));
		return 0;
	case N_WHILE: {
		int r;

		if (check_expr(c, n->a))
			return -1;
		c->loop_depth++;
		r = check_stmt(c, n->b);
		c->loop_depth--;
		return r;
	}
	case N_UNROLL:
		if (check_expr(c, n->a))
			return -1;
		if (n->a->kind != N_INT)
			return ERR(n->a, "unroll needs an integer literal");
		if (n->a->ival < 1 || n->a->ival > 100) {
			/* bpftrace marks "unroll (N)" */
			struct loc l = { n->l.line, n->l.col, n->a->l.end + 1 };

			return lang_error(c->src, l, "unroll %s", n->a->ival < 1 ?
					  "minimum value is 1" : "maximum value is 100");
		}
		return check_stmt(c, n->b);
	case N_BLOCK:
		for (int i = 0; i < n->nv; i++)
			if (check_stmt(c, n->v[i]))
				return -1;
		return 0;
	case N_RETURN:
		return 0;
	case N_BREAK:
	case N_CONTINUE:
		if (!c->loop_depth)
			return ERR(n, "%s used outside of a loop",
				   n->kind == N_BREAK ? "break" : "continue");
		return 0;
	default:
		return ERR(n, "not supported yet: this statement");
	}
}

int check_probe(struct compiler *c, struct probe_point *pt)
{
	struct probe *p = &c->prog->probes[pt->probe];

	if (cdecls_build(c))
		return -1;
	c->cur = pt;
	for (int i = 0; i < c->nvars; i++)
		free(c->vars[i].name);
	c->nvars = 0;
	if (p->pred && check_expr(c, p->pred))
		return -1;
	if (p->pred && p->pred->ty.kind != TY_INT && p->pred->ty.kind != TY_PTR)
		return ERR(p->pred, "Invalid type for predicate: %s", kind_name(p->pred->ty.kind));
	return check_stmt(c, p->body);
}

