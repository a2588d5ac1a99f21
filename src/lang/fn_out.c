// SPDX-License-Identifier: GPL-2.0
/*
 * Builtins that send records to user space: printf, cat, system, time,
 * exit, print, clear, zero, delete, join.
 * Each builtin function is one record (struct func_def in lang.h): its
 * name, its arguments, how it is typed and the code it becomes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang.h"

#define ERR(n, ...) lang_error(c->src, (n)->l, __VA_ARGS__)
#define UNUSED __attribute__((unused))

int fmt_count(const char *fmt, const char **bad, char (*spec)[4])
{
	int n = 0;

	for (const char *p = fmt; *p; p++) {
		const char *m;

		if (*p != '%')
			continue;
		if (p[1] == '%') {
			p++;
			continue;
		}
		p++;
		p += strspn(p, "-+ #0");
		p += strspn(p, "0123456789");
		if (*p == '.') {
			p++;
			p += strspn(p, "0123456789");
		}
		m = p;
		p += strspn(p, "hlzjt");
		if (!*p || !strchr("diuxXocspr", *p)) {
			*bad = p;
			return -1;
		}
		/* %rx: a buffer's bytes as \xNN each, %rh: as hex pairs */
		if (*p == 'r' && (p[1] == 'x' || p[1] == 'h'))
			p++;
		if (spec && n < MAX_ARGS)
			snprintf(spec[n], sizeof(spec[n]), "%.*s", (int)(p - m + 1), m);
		n++;
	}
	return n;
}

/* What bpftrace calls a printf argument's type in its errors. */
static const char *fmt_type_name(const struct type *t)
{
	switch (t->kind) {
	case TY_INT: case TY_PTR:
		return "integer";
	case TY_STR: case TY_KSTACK: case TY_USTACK: case TY_KSYM: case TY_USYM:
	case TY_INET: case TY_TSTAMP: case TY_PROBE: case TY_USERNAME: case TY_MACADDR:
	case TY_ERRNO: case TY_CGPATH:
		return "string";
	case TY_BUF:
		return "buffer";
	case TY_RECORD: case TY_RECVAL:
		return "record";
	default:
		return kind_name(t->kind);
	}
}

/* Does a conversion take this argument?  %s strings and what prints as
 * text, %r/%rx/%rh buffers, the others integers (and map aggregates,
 * which bpftrace refuses). */
static bool fmt_accepts(const char *spec, const struct type *t)
{
	const char *name = fmt_type_name(t);
	char conv = spec[strspn(spec, "hlzjt")];

	if (conv == 's')
		return !strcmp(name, "string");
	if (conv == 'r')
		return t->kind == TY_BUF;
	return !strcmp(name, "integer") || t->kind >= TY_COUNT;
}

static void fmt_arg(struct compiler *c, int fi, const struct type *t)
{
	struct fmt_def *f = &c->fmts[fi];

	f->arg[f->nargs] = *t;
	f->off[f->nargs++] = f->size;
	f->size += type_storage(t);
}

/* kstack(N), kstack(perf), kstack(bpftrace, N): the builtin, with a mode
 * (elem 1: perf) and a limit (nelem) kept in the type for printing. */
static int check_map_arg(struct compiler *c, struct node *n, bool keys_ok)
{
	struct node *a = n->v[0];

	if (a->kind != N_MAP)
		return ERR(a, "%s() expects a map to be provided", n->str);
	if (!keys_ok && a->nv)
		return ERR(a, "The map passed to %s() should not be indexed by a key", n->str);
	return 0;
}

static void header(struct gen *g, int rec, enum rec_kind k, int id)
{
	emit_ld64(g, R1, (uint64_t)k << 32 | (uint32_t)id);
	emit(g, STX_MEM(BPF_DW, R10, R1, rec));
}

static void event_only(struct gen *g, enum rec_kind k, int id)
{
	int rec = stack_alloc(g, 8);

	header(g, rec, k, id);
	gen_output(g, rec, 8);
}

static int chk_printf(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	int fi;
	const char *fmt = n->fn->arg == REC_TIME ? "%H:%M:%S\n" : NULL, *bad = NULL;
	char spec[MAX_ARGS][4];
	int want;

	if (n->fn->arg == REC_SYSTEM && !c->unsafe)
		return ERR(n, "system() is an unsafe function being used in safe mode");

	if (n->nv && n->v[0]->kind != N_STR)
		return ERR(n->v[0], "%s() expects a string literal as its first argument",
			   n->str);
	if (n->nv)
		fmt = n->v[0]->str;
	if (n->fn->arg == REC_TIME) {
		if (n->nv > 1)
			return ERR(n, "time() takes at most one argument");
		n->ival = fmt_add(c, REC_TIME, fmt);
		return 0;
	}
	want = fmt_count(fmt, &bad, spec);
	if (want < 0)
		return ERR(n->v[0], "%s: Unknown conversion specifier '%.1s' in format "
			   "string", n->str, bad && *bad ? bad : "%");
	if (want > n->nv - 1)
		return ERR(n, "%s: Not enough arguments for format string (%d "
			   "supplied, %d expected)", n->str, n->nv - 1, want);
	if (want < n->nv - 1)
		return ERR(n, "%s: Too many arguments for format string (%d supplied, "
			   "%d expected)", n->str, n->nv - 1, want);
	fi = fmt_add(c, n->fn->arg, fmt);
	for (int i = 1; i < n->nv; i++) {
		struct type t = n->v[i]->ty;

		if (i - 1 < MAX_ARGS && !fmt_accepts(spec[i - 1], &t)) {
			char conv = spec[i - 1][strspn(spec[i - 1], "hlzjt")];

			return ERR(n, "%s: %%%s specifier expects a value of type %s (%s "
				   "supplied)", n->str, spec[i - 1], conv == 's' ? "string" :
				   conv == 'r' ? "buffer" : "integer", fmt_type_name(&t));
		}
		if (t.kind == TY_RECORD || t.kind == TY_CTX || t.kind == TY_ARRAY ||
		    t.kind == TY_VOID || t.kind == TY_TUPLE)
			return ERR(n->v[i], "%s: cannot print a %s", n->str,
				   kind_name(t.kind));
		fmt_arg(c, fi, &t);
	}
	if (c->fmts[fi].size > 400)
		return ERR(n, "not supported yet: printf arguments over 400 bytes");
	n->ival = fi;
	return 0;
}

static int gen_printf(struct gen *g, struct node *n, int dst UNUSED)
{
	struct compiler *c = g->c;
	struct fmt_def f;
	int rec;

	if (n->fn->arg == REC_PRINT_VAL && n->v[0]->kind == N_MAP) {
		event_only(g, REC_PRINT_MAP, n->ival);
		return 0;
	}
	/* a copy: the arguments' code may add formats (-k), moving c->fmts */
	f = c->fmts[n->ival];
	rec = stack_alloc(g, f.size);
	header(g, rec, f.kind, n->ival);
	for (int i = 0; i < f.nargs; i++) {
		struct node *a = n->v[i + (n->fn->arg != REC_PRINT_VAL)];

		if (f.arg[i].kind == TY_RECVAL) {
			gen_recval(g, a, rec + f.off[i], type_storage(&f.arg[i]));
		} else if (type_is_agg(&f.arg[i])) {
			stack_zero(g, rec + f.off[i], type_storage(&f.arg[i]));
			gen_expr(g, a, rec + f.off[i]);
		} else {
			gen_expr(g, a, 0);
			emit(g, STX_MEM(BPF_DW, R10, R0, rec + f.off[i]));
		}
	}
	gen_output(g, rec, f.size);
	return 0;
}

static int gen_time(struct gen *g, struct node *n, int dst UNUSED)
{
	event_only(g, REC_TIME, n->ival);
	return 0;
}

static int chk_exit(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	n->ival = fmt_add(c, REC_EXIT, NULL);
	return 0;
}

static int gen_exit(struct gen *g, struct node *n, int dst UNUSED)
{
	event_only(g, REC_EXIT, n->ival);
	emit_jmp(g, JA(), g->exit_label);	/* nothing after exit() runs */
	return 0;
}

static int chk_print(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	int fi;

	if (n->v[0]->kind == N_MAP) {
		if (n->v[0]->nv)	/* bpftrace 0.17 refuses it too */
			return ERR(n, "The map passed to print() should not be indexed by "
				   "a key");
		fi = fmt_add(c, REC_PRINT_MAP, NULL);
		c->fmts[fi].map = n->v[0]->id;
		for (int i = 1; i < n->nv; i++) {
			if (check_expr(c, n->v[i]) || arg_literal(c, n, i))
				return -1;
			if (i == 1)
				c->fmts[fi].top = n->v[i]->ival;
			else
				c->fmts[fi].div = n->v[i]->ival;
		}
		n->ival = fi;
		return 0;
	}
	if (n->nv > 1)
		return ERR(n, "Non-map print() only takes 1 argument, %d found", n->nv);
	if (n->v[0]->ty.kind == TY_CTX)
		return ERR(n, "not supported yet: print() of args");
	fi = fmt_add(c, REC_PRINT_VAL, NULL);
	if (n->v[0]->ty.kind == TY_RECORD || n->v[0]->ty.kind == TY_ARRAY) {
		/* the struct's or array's bytes, printed from BTF */
		struct type rt = n->v[0]->ty;

		if (type_to_value(c, n, &rt))
			return -1;
		fmt_arg(c, fi, &rt);
	} else {
		fmt_arg(c, fi, &n->v[0]->ty);
	}
	n->ival = fi;
	return 0;
}

static int chk_clear(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	int fi;

	if (check_map_arg(c, n, false))
		return -1;
	fi = fmt_add(c, n->fn->arg, NULL);
	c->fmts[fi].map = n->v[0]->id;
	n->ival = fi;
	return 0;
}

static int gen_clear(struct gen *g, struct node *n, int dst UNUSED)
{
	struct compiler *c = g->c;

	event_only(g, c->fmts[n->ival].kind, n->ival);
	return 0;
}

static int chk_delete(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	struct map_def *m;

	if (check_map_arg(c, n, true))
		return -1;
	m = &c->maps[n->v[0]->id];
	if (m->nkeys < 0 || (m->nkeys > 0 && !n->v[0]->nv))
		return ERR(n->v[0], "delete() expects a map element, %s[key]", m->name);
	return 0;
}

static int gen_delete(struct gen *g, struct node *n, int dst UNUSED)
{
	struct compiler *c = g->c;
	struct map_def *m = &c->maps[n->v[0]->id];
	int key;

	if (m->val.kind == TY_HIST || m->val.kind == TY_LHIST)
		return ERR_NS(g, n, "not supported yet: delete() on a hist map");
	key = gen_key(g, n->v[0], false);
	emit_map_fd(g, R1, m->fd);
	emit(g, MOV64_REG(R2, R10));
	emit(g, ALU64_IMM(BPF_ADD, R2, key));
	emit(g, CALL(BPF_FUNC_map_delete_elem));
	if (c->helper_check)	/* -k: a key that was not there */
		gen_helper_check(g, n, "map_delete_elem", false);
	if (m->nkeys == 0 && m->val.kind == TY_COUNT) {
		/* bpftrace keeps a keyless count() (an array there):
		 * deleted, it reads 0 and is printed "@: 0" */
		int zero = stack_alloc(g, 8);

		emit(g, ST_MEM(BPF_DW, R10, zero, 0));
		gen_map_update(g, m, key, zero, BPF_ANY);
	}
	return 0;
}

static void gen_join(struct gen *g, struct node *n)
{
	struct compiler *c = g->c;
	int key = stack_alloc(g, 8), slot = stack_alloc(g, 8), done = label_new(g);
	int base, scratch;

	/* argv in a temporary, the per-CPU scratch record in another */
	gen_expr(g, n->v[0], 0);
	base = tmp_push(g);
	emit(g, ST_MEM(BPF_DW, R10, key, 0));
	emit_map_fd(g, R1, c->join_fd);
	emit(g, MOV64_REG(R2, R10));
	emit(g, ALU64_IMM(BPF_ADD, R2, key));
	emit(g, CALL(BPF_FUNC_map_lookup_elem));
	emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), done);
	scratch = tmp_push(g);
	emit_ld64(g, R1, (uint64_t)REC_JOIN << 32 | (uint32_t)n->ival);
	emit(g, STX_MEM(BPF_DW, R0, R1, 0));
	for (int i = 0; i < 16; i++)
		emit(g, ST_MEM(BPF_B, R0, 8 + i * STR_SIZE, 0));
	for (int i = 0; i < 16; i++) {
		/* the i-th pointer, then its string */
		gen_tmp_get(g, base, R3);
		emit(g, ALU64_IMM(BPF_ADD, R3, 8 * i));
		emit(g, MOV64_REG(R1, R10));
		emit(g, ALU64_IMM(BPF_ADD, R1, slot));
		emit(g, MOV64_IMM(R2, 8));
		emit(g, CALL(BPF_FUNC_probe_read_user));
		emit(g, LDX_MEM(BPF_DW, R3, R10, slot));
		emit_jmp(g, JMP_IMM(BPF_JEQ, R3, 0), done);
		gen_tmp_get(g, scratch, R1);
		emit(g, ALU64_IMM(BPF_ADD, R1, 8 + i * STR_SIZE));
		emit(g, MOV64_IMM(R2, STR_SIZE));
		emit(g, CALL(BPF_FUNC_probe_read_user_str));
	}
	label_here(g, done);
	/* send what was gathered, even when argv ended early */
	{
		int skip = label_new(g), ok = label_new(g);

		emit(g, ST_MEM(BPF_DW, R10, key, 0));
		emit_map_fd(g, R1, c->join_fd);
		emit(g, MOV64_REG(R2, R10));
		emit(g, ALU64_IMM(BPF_ADD, R2, key));
		emit(g, CALL(BPF_FUNC_map_lookup_elem));
		emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), skip);
		emit(g, MOV64_REG(R2, R0));
		emit_map_fd(g, R1, c->ringbuf_fd);
		emit(g, MOV64_IMM(R3, c->fmts[n->ival].size));
		emit(g, MOV64_IMM(R4, 0));
		emit(g, CALL(BPF_FUNC_ringbuf_output));
		emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), ok);
		gen_lost(g);
		label_here(g, ok);
		label_here(g, skip);
	}
	g->depth -= 2;
}

static int chk_join(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	int fi;

	if (!arg_is_int(&n->v[0]->ty))
		return ERR(n->v[0], "join() expects an array of strings (char **)");
	if (n->nv == 2 && n->v[1]->kind != N_STR)
		return ERR(n->v[1], "join() delimiter must be a string literal");
	fi = fmt_add(c, REC_JOIN, n->nv == 2 ? n->v[1]->str : " ");
	c->fmts[fi].size = 8 + 16 * STR_SIZE;
	n->ival = fi;
	return 0;
}

static int gen_join_call(struct gen *g, struct node *n, int dst UNUSED)
{
	gen_join(g, n);
	return 0;
}

/* unwatch(ADDR): user space closes the watchpoints on ADDR */
static int chk_unwatch(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	if (n->v[0]->ty.kind != TY_INT && n->v[0]->ty.kind != TY_PTR)
		return lang_error(c->src, n->v[0]->l, "unwatch() expects an integer address");
	n->ival = fmt_add(c, REC_UNWATCH, NULL);
	c->fmts[n->ival].size = 16;
	return 0;
}

static int gen_unwatch(struct gen *g, struct node *n, int dst UNUSED)
{
	int rec = stack_alloc(g, 16);

	gen_expr(g, n->v[0], 0);
	emit(g, STX_MEM(BPF_DW, R10, R0, rec + 8));
	header(g, rec, REC_UNWATCH, n->ival);
	gen_output(g, rec, 16);
	return 0;
}

/* name, arguments (least, most), FN_ flags, the record's value, type rule, code */
const struct func_def fn_out[] = {
	{ "printf", 1, 17, 0, REC_PRINTF, chk_printf, gen_printf },
	{ "cat", 1, 17, 0, REC_CAT, chk_printf, gen_printf },
	{ "system", 1, 17, 0, REC_SYSTEM, chk_printf, gen_printf },
	{ "time", 0, 1, 0, REC_TIME, chk_printf, gen_time },
	{ "exit", 0, 0, FN_ENDS, 0, chk_exit, gen_exit },
	{ "print", 1, 3, FN_MAP_ARG, REC_PRINT_VAL, chk_print, gen_printf },
	{ "clear", 1, 1, FN_MAP_ARG, REC_CLEAR, chk_clear, gen_clear },
	{ "zero", 1, 1, FN_MAP_ARG, REC_ZERO, chk_clear, gen_clear },
	{ "delete", 1, 1, FN_MAP_ARG, 0, chk_delete, gen_delete },
	{ "join", 1, 2, 0, 0, chk_join, gen_join_call },
	{ "unwatch", 1, 1, 0, REC_UNWATCH, chk_unwatch, gen_unwatch },
	{ NULL },
};
