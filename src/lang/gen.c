// SPDX-License-Identifier: GPL-2.0
/*
 * The code generator for expressions and statements.  Scalars are computed
 * in r0; the left operand of a binary operator waits in r7-r9 (which
 * helper calls preserve) or, deeper, in a stack slot.  Strings and other
 * values kept in memory live in stack slots, zeroed before they are
 * written so map keys compare equal byte for byte.  r6 holds the context.
 */
#include <errno.h>
#include <string.h>

#include "lang.h"
#include "../tracepoint/tracepoint.h"


static const int size_code[9] = { 0, BPF_B, BPF_H, 0, BPF_W, 0, 0, 0, BPF_DW };

static void extend(struct gen *g, uint32_t size, bool sign)
{
	if (size >= 8)
		return;
	emit(g, ALU64_IMM(BPF_LSH, R0, 64 - 8 * size));
	emit(g, ALU64_IMM(sign ? BPF_ARSH : BPF_RSH, R0, 64 - 8 * size));
}

void gen_read(struct gen *g, uint32_t size, bool sign, bool user)
{
	int slot = stack_alloc(g, 8);

	if (size > 8)
		size = 8;
	emit(g, ST_MEM(BPF_DW, R10, slot, 0));
	emit(g, MOV64_REG(R3, R0));
	emit(g, MOV64_REG(R1, R10));
	emit(g, ALU64_IMM(BPF_ADD, R1, slot));
	emit(g, MOV64_IMM(R2, size));
	emit(g, CALL(user ? BPF_FUNC_probe_read_user : g->read_any ? BPF_FUNC_probe_read :
		     BPF_FUNC_probe_read_kernel));
	if (g->read_at && g->c->helper_check >= 2)	/* -kk: a read that failed */
		gen_helper_check(g, g->read_at, "probe_read", false);
	emit(g, LDX_MEM(BPF_DW, R0, R10, slot));
	extend(g, size, sign);
}

/* Read a string of `size` bytes at the address in r0 into dst. */
static void read_str(struct gen *g, int dst, uint32_t size, uint32_t storage, bool user,
		     bool exact)
{
	emit(g, MOV64_REG(R3, R0));
	stack_zero(g, dst, storage);
	emit(g, MOV64_REG(R1, R10));
	emit(g, ALU64_IMM(BPF_ADD, R1, dst));
	emit(g, MOV64_IMM(R2, size));
	if (exact)
		emit(g, CALL(user ? BPF_FUNC_probe_read_user : g->read_any ? BPF_FUNC_probe_read :
			     BPF_FUNC_probe_read_kernel));
	else
		emit(g, CALL(user ? BPF_FUNC_probe_read_user_str : g->read_any ?
			     BPF_FUNC_probe_read_str : BPF_FUNC_probe_read_kernel_str));
}

void gen_lost(struct gen *g)
{
	int key = stack_alloc(g, 8), skip = label_new(g);

	emit(g, ST_MEM(BPF_DW, R10, key, 0));
	emit_map_fd(g, R1, g->c->lost_fd);
	emit(g, MOV64_REG(R2, R10));
	emit(g, ALU64_IMM(BPF_ADD, R2, key));
	emit(g, CALL(BPF_FUNC_map_lookup_elem));
	emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), skip);
	emit(g, LDX_MEM(BPF_DW, R1, R0, 0));
	emit(g, ALU64_IMM(BPF_ADD, R1, 1));
	emit(g, STX_MEM(BPF_DW, R0, R1, 0));
	label_here(g, skip);
}

/* Send `size` bytes at stack offset `off` to user space; count a loss. */
void gen_output(struct gen *g, int off, uint32_t size)
{
	int ok = label_new(g);

	emit_map_fd(g, R1, g->c->ringbuf_fd);
	emit(g, MOV64_REG(R2, R10));
	emit(g, ALU64_IMM(BPF_ADD, R2, off));
	emit(g, MOV64_IMM(BPF_REG_3, size));
	emit(g, MOV64_IMM(BPF_REG_4, 0));
	emit(g, CALL(BPF_FUNC_ringbuf_output));
	emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), ok);
	gen_lost(g);
	label_here(g, ok);
}

void gen_helper_check(struct gen *g, struct node *n, const char *name, bool null_fails)
{
	struct compiler *c = g->c;
	int ok = label_new(g), rec = stack_alloc(g, 16), fi = fmt_add(c, REC_HELPER_ERR, name);

	c->fmts[fi].loc = n->l;
	c->fmts[fi].size = 16;
	emit_jmp(g, JMP_IMM(null_fails ? BPF_JNE : BPF_JSGE, R0, 0), ok);
	emit(g, STX_MEM(BPF_DW, R10, R0, rec + 8));	/* the code (NULL: 0) */
	emit_ld64(g, R1, (uint64_t)REC_HELPER_ERR << 32 | (uint32_t)fi);
	emit(g, STX_MEM(BPF_DW, R10, R1, rec));
	gen_output(g, rec, 16);
	emit(g, LDX_MEM(BPF_DW, R0, R10, rec + 8));	/* what the helper gave */
	label_here(g, ok);
}

int gen_key(struct gen *g, struct node *map, bool bucket)
{
	struct map_def *m = &g->c->maps[map->id];
	uint32_t size = m->key_size + (bucket ? 8 : 0);
	int key = stack_alloc(g, size);

	stack_zero(g, key, size);
	for (int i = 0; i < map->nv; i++) {
		struct node *k = map->v[i];

		if (m->key[i].kind == TY_RECVAL) {
			gen_recval(g, k, key + m->koff[i], type_storage(&m->key[i]));
		} else if (type_is_agg(&k->ty)) {
			gen_expr(g, k, key + m->koff[i]);
		} else {
			gen_expr(g, k, 0);
			emit(g, STX_MEM(BPF_DW, R10, R0, key + m->koff[i]));
		}
	}
	return key;
}

/* Look the map element up: r0 = value pointer or 0. */
static void lookup(struct gen *g, struct map_def *m, int key)
{
	emit_map_fd(g, R1, m->fd);
	emit(g, MOV64_REG(R2, R10));
	emit(g, ALU64_IMM(BPF_ADD, R2, key));
	emit(g, CALL(BPF_FUNC_map_lookup_elem));
}

static int gen_map_read(struct gen *g, struct node *n, int dst)
{
	struct map_def *m = &g->c->maps[n->id];
	int key = gen_key(g, n, false), done = label_new(g), null = label_new(g);

	lookup(g, m, key);
	if (g->c->helper_check >= 2)	/* -kk: a key that is not there */
		gen_helper_check(g, n, "map_lookup_elem", true);
	if (type_is_agg(&n->ty)) {
		uint32_t size = type_storage(&n->ty);

		if (!dst)
			dst = stack_alloc(g, size);
		emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), null);
		for (uint32_t i = 0; i < size; i += 8) {
			emit(g, LDX_MEM(BPF_DW, R1, R0, i));
			emit(g, STX_MEM(BPF_DW, R10, R1, dst + i));
		}
		emit_jmp(g, JA(), done);
		label_here(g, null);
		stack_zero(g, dst, size);
		label_here(g, done);
		return dst;
	}
	emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), done);
	emit(g, LDX_MEM(BPF_DW, R0, R0, 0));
	label_here(g, done);
	return 0;
}

static int gen_string_lit(struct gen *g, struct node *n, int dst)
{
	uint32_t size = type_storage(&n->ty);

	if (!dst)
		dst = stack_alloc(g, size);
	for (uint32_t i = 0; i < size; i += 4) {
		int32_t w = 0;

		for (uint32_t k = 0; k < 4; k++)
			if (i + k < n->slen)
				w |= (int32_t)((uint32_t)(unsigned char)n->str[i + k] << (8 * k));
		emit(g, ST_MEM(BPF_W, R10, dst + i, w));
	}
	return dst;
}

/* Strings equal up to their NUL: r0 = 1 or 0. */
static void gen_str_eq(struct gen *g, struct node *n)
{
	uint32_t sa = type_storage(&n->a->ty), sb = type_storage(&n->b->ty);
	uint32_t len = n->a->ty.size < n->b->ty.size ? n->a->ty.size : n->b->ty.size;
	int a = gen_expr(g, n->a, 0), b = gen_expr(g, n->b, 0);
	int ne = label_new(g), eq = label_new(g), done = label_new(g);

	(void)sa;
	(void)sb;
	for (uint32_t i = 0; i < len; i++) {
		emit(g, LDX_MEM(BPF_B, R1, R10, a + i));
		emit(g, LDX_MEM(BPF_B, R2, R10, b + i));
		emit_jmp(g, JMP_REG(BPF_JNE, R1, R2), ne);
		emit_jmp(g, JMP_IMM(BPF_JEQ, R1, 0), eq);
	}
	label_here(g, eq);
	emit(g, MOV64_IMM(R0, n->op == T_EQ));
	emit_jmp(g, JA(), done);
	label_here(g, ne);
	emit(g, MOV64_IMM(R0, n->op != T_EQ));
	label_here(g, done);
}

/* buf() values equal when their lengths (the first 8 bytes, known only
 * at run time for buf(p, $n)) and that many bytes are: r0 = 1 or 0. */
static void gen_buf_eq(struct gen *g, struct node *n)
{
	uint32_t len = n->a->ty.size < n->b->ty.size ? n->a->ty.size : n->b->ty.size;
	int a = gen_expr(g, n->a, 0), b = gen_expr(g, n->b, 0);
	int ne = label_new(g), eq = label_new(g), done = label_new(g);

	emit(g, LDX_MEM(BPF_DW, R3, R10, a));
	emit(g, LDX_MEM(BPF_DW, R1, R10, b));
	emit_jmp(g, JMP_REG(BPF_JNE, R3, R1), ne);
	for (uint32_t i = 0; i < len; i++) {
		emit_jmp(g, JMP_IMM(BPF_JLE, R3, i), eq);
		emit(g, LDX_MEM(BPF_B, R1, R10, a + 8 + i));
		emit(g, LDX_MEM(BPF_B, R2, R10, b + 8 + i));
		emit_jmp(g, JMP_REG(BPF_JNE, R1, R2), ne);
	}
	label_here(g, eq);
	emit(g, MOV64_IMM(R0, n->op == T_EQ));
	emit_jmp(g, JA(), done);
	label_here(g, ne);
	emit(g, MOV64_IMM(R0, n->op != T_EQ));
	label_here(g, done);
}

/* Arrays or structs equal byte for byte: both copied to the stack
 * (padding zeroed), compared 8 bytes at a time; r0 = 1 or 0. */
static void gen_bytes_eq(struct gen *g, struct node *n)
{
	struct type va = n->a->ty, vb = n->b->ty;
	uint32_t size;
	int a, b, ne = label_new(g), done = label_new(g);

	va.kind = vb.kind = TY_RECVAL;
	size = type_storage(&va);
	a = stack_alloc(g, size);
	b = stack_alloc(g, size);
	gen_recval(g, n->a, a, size);
	gen_recval(g, n->b, b, size);
	for (uint32_t i = 0; i < size; i += 8) {
		emit(g, LDX_MEM(BPF_DW, R1, R10, a + i));
		emit(g, LDX_MEM(BPF_DW, R2, R10, b + i));
		emit_jmp(g, JMP_REG(BPF_JNE, R1, R2), ne);
	}
	emit(g, MOV64_IMM(R0, n->op == T_EQ));
	emit_jmp(g, JA(), done);
	label_here(g, ne);
	emit(g, MOV64_IMM(R0, n->op != T_EQ));
	label_here(g, done);
}

static void gen_binop(struct gen *g, struct node *n)
{
	bool sign = n->a->ty.is_signed && n->b->ty.is_signed;
	int op = n->op, t;

	if (n->a->ty.kind == TY_STR) {
		gen_str_eq(g, n);
		return;
	}
	if (n->a->ty.kind == TY_BUF) {
		gen_buf_eq(g, n);
		return;
	}
	if (n->a->ty.kind == TY_RECORD || n->a->ty.kind == TY_ARRAY ||
	    n->a->ty.kind == TY_RECVAL) {
		gen_bytes_eq(g, n);
		return;
	}
	if (op == T_LAND || op == T_LOR) {
		int out = label_new(g), done = label_new(g);

		gen_expr(g, n->a, 0);
		emit_jmp(g, JMP_IMM(op == T_LAND ? BPF_JEQ : BPF_JNE, R0, 0), out);
		gen_expr(g, n->b, 0);
		emit_jmp(g, JMP_IMM(op == T_LAND ? BPF_JEQ : BPF_JNE, R0, 0), out);
		emit(g, MOV64_IMM(R0, op == T_LAND));
		emit_jmp(g, JA(), done);
		label_here(g, out);
		emit(g, MOV64_IMM(R0, op != T_LAND));
		label_here(g, done);
		return;
	}
	gen_expr(g, n->a, 0);
	t = tmp_push(g);
	gen_expr(g, n->b, 0);
	emit(g, MOV64_REG(R2, R0));
	tmp_pop(g, t, R1);
	/* r1 = left, r2 = right; a pointer's integer side counts pointees */
	if (n->scale > 1)
		emit(g, ALU64_IMM(BPF_MUL, n->a->ty.kind == TY_PTR ? R2 : R1, n->scale));
	switch (op) {
	case T_PLUS: emit(g, ALU64_REG(BPF_ADD, R1, R2)); break;
	case T_MINUS: emit(g, ALU64_REG(BPF_SUB, R1, R2)); break;
	case T_STAR: emit(g, ALU64_REG(BPF_MUL, R1, R2)); break;
	case T_SLASH: emit(g, ALU64_REG(BPF_DIV, R1, R2)); break;
	case T_PERCENT: emit(g, ALU64_REG(BPF_MOD, R1, R2)); break;
	case T_AMP: emit(g, ALU64_REG(BPF_AND, R1, R2)); break;
	case T_PIPE: emit(g, ALU64_REG(BPF_OR, R1, R2)); break;
	case T_CARET: emit(g, ALU64_REG(BPF_XOR, R1, R2)); break;
	case T_SHL: emit(g, ALU64_REG(BPF_LSH, R1, R2)); break;
	case T_SHR: emit(g, ALU64_REG(n->a->ty.is_signed ? BPF_ARSH : BPF_RSH, R1, R2)); break;
	default: {
		int jop = 0, yes = label_new(g), done = label_new(g);

		switch (op) {
		case T_EQ: jop = BPF_JEQ; break;
		case T_NE: jop = BPF_JNE; break;
		case T_LT: jop = sign ? BPF_JSLT : BPF_JLT; break;
		case T_LE: jop = sign ? BPF_JSLE : BPF_JLE; break;
		case T_GT: jop = sign ? BPF_JSGT : BPF_JGT; break;
		case T_GE: jop = sign ? BPF_JSGE : BPF_JGE; break;
		}
		emit_jmp(g, JMP_REG(jop, R1, R2), yes);
		emit(g, MOV64_IMM(R0, 0));
		emit_jmp(g, JA(), done);
		label_here(g, yes);
		emit(g, MOV64_IMM(R0, 1));
		label_here(g, done);
		return;
	}
	}
	emit(g, MOV64_REG(R0, R1));
}

static int ctx_field(struct gen *g, struct node *n, int dst)
{
	const struct tp_field *f;
	int off, size;
	bool dataloc, str, sign;

	if (g->c->cur->kind == P_UPROBE)
		return gen_uprobe_arg(g, n);	/* DWARF (uprobes.c) */
	f = &g->c->cur->tp->field[n->id];
	off = f->offset, size = f->size;
	dataloc = f->is_dataloc, str = f->is_string, sign = f->is_signed;
	if (dataloc) {
		uint32_t storage = type_storage(&n->ty);

		if (!dst)
			dst = stack_alloc(g, storage);
		emit(g, LDX_MEM(BPF_W, R0, R6, off));
		emit(g, ALU64_IMM(BPF_AND, R0, 0xffff));
		emit(g, ALU64_REG(BPF_ADD, R0, R6));
		read_str(g, dst, STR_SIZE, storage, false, false);
		return dst;
	}
	if (str || n->ty.kind == TY_ARRAY) {
		uint32_t storage = type_storage(&n->ty);

		if (n->ty.kind == TY_ARRAY)
			return ERR_NS(g, n, "not supported yet: reading the array field '%s'", n->str);
		if (!dst)
			dst = stack_alloc(g, storage);
		emit(g, MOV64_REG(R0, R6));
		emit(g, ALU64_IMM(BPF_ADD, R0, off));
		read_str(g, dst, size, storage, false, true);
		return dst;
	}
	if (size != 1 && size != 2 && size != 4 && size != 8)
		return ERR_NS(g, n, "not supported yet: a %d-byte field", size);
	emit(g, LDX_MEM(size_code[size], R0, R6, off));
	extend(g, size, sign);
	return 0;
}

/* A pointer, a record's address, or a copy's on the stack, in r0. */
static void gen_base(struct gen *g, struct node *a)
{
	if (a->ty.kind == TY_RECVAL) {
		int off = gen_expr(g, a, 0);

		emit(g, MOV64_REG(R0, R10));
		emit(g, ALU64_IMM(BPF_ADD, R0, off));
		return;
	}
	gen_expr(g, a, 0);
}

/* The address a field, index or deref reads from, in r0. */
static void gen_addr(struct gen *g, struct node *n)
{
	if (n->kind == N_FIELD) {
		gen_base(g, n->a);
		if (n->ival)
			emit(g, ALU64_IMM(BPF_ADD, R0, n->ival));
		return;
	}
	if (n->kind == N_INDEX) {
		struct type et;
		uint32_t esz;
		int t;

		if (n->a->ty.kind == TY_ARRAY || n->a->ty.kind == TY_RECVAL) {
			esz = n->a->ty.elem;
		} else {
			type_deref(g->c, &n->a->ty, &et);
			esz = et.kind == TY_RECORD || et.kind == TY_STR ? et.size : type_storage(&et);
			if (et.kind == TY_INT)
				esz = et.size;
		}
		gen_base(g, n->a);
		t = tmp_push(g);
		gen_expr(g, n->b, 0);
		emit(g, ALU64_IMM(BPF_MUL, R0, esz));
		tmp_pop(g, t, R1);
		emit(g, ALU64_REG(BPF_ADD, R0, R1));
		return;
	}
	gen_expr(g, n->a, 0);	/* *ptr */
}

/* A value in memory at the address gen_addr() computes. */
static int gen_mem(struct gen *g, struct node *n, int dst)
{
	struct type *t = &n->ty;

	if (n->kind == N_FIELD && n->a->ty.kind == TY_CTX)
		return ctx_field(g, n, dst);
	gen_addr(g, n);
	if (t->kind == TY_RECORD || t->kind == TY_ARRAY)
		return 0;	/* its address stands for it */
	if (t->kind == TY_STR) {
		uint32_t storage = type_storage(t);

		if (!dst)
			dst = stack_alloc(g, storage);
		g->read_any = t->anyspace;
		read_str(g, dst, t->size, storage, t->user, true);
		g->read_any = false;
		return dst;
	}
	g->read_at = n;
	g->read_any = t->anyspace;
	if (n->kind == N_FIELD && n->bit_width) {
		/* a bitfield: the fewest of 1, 2, 4, 8 bytes that hold it */
		uint32_t need = (n->bit_shift + n->bit_width + 7) / 8;
		uint32_t sz = need <= 1 ? 1 : need <= 2 ? 2 : need <= 4 ? 4 : 8;

		gen_read(g, sz, false, t->user);
		g->read_at = NULL;
		g->read_any = false;
		if (n->bit_shift)
			emit(g, ALU64_IMM(BPF_RSH, R0, n->bit_shift));
		if (n->bit_width < 32) {
			emit(g, ALU64_IMM(BPF_AND, R0, (int32_t)((1u << n->bit_width) - 1)));
		} else if (n->bit_width < 64) {
			emit_ld64(g, R1, (1ULL << n->bit_width) - 1);
			emit(g, ALU64_REG(BPF_AND, R0, R1));
		}
		return 0;
	}
	gen_read(g, t->kind == TY_PTR ? 8 : t->size, t->is_signed, t->user);
	g->read_at = NULL;
	g->read_any = false;
	return 0;
}

static void var_store(struct gen *g, struct node *v, int src_agg)
{
	struct var_def *d = &g->c->vars[v->id];

	if (type_is_agg(&d->ty)) {
		stack_copy(g, d->off, src_agg, type_storage(&v->ty) < type_storage(&d->ty) ?
			   type_storage(&v->ty) : type_storage(&d->ty));
		return;
	}
	emit(g, STX_MEM(BPF_DW, R10, R0, d->off));
}

int gen_expr(struct gen *g, struct node *n, int dst)
{
	switch (n->kind) {
	case N_INT:
		emit_mov_imm(g, R0, n->ival);
		return 0;
	case N_STR:
		return gen_string_lit(g, n, dst);
	case N_BUILTIN:
		return gen_builtin(g, n, dst);
	case N_VAR: {
		struct var_def *d = &g->c->vars[n->id];

		if (type_is_agg(&n->ty)) {
			if (!dst)
				return d->off;
			stack_copy(g, dst, d->off, type_storage(&n->ty));
			return dst;
		}
		emit(g, LDX_MEM(BPF_DW, R0, R10, d->off));
		return 0;
	}
	case N_MAP:
		return gen_map_read(g, n, dst);
	case N_CALL:
		return gen_call(g, n, dst);
	case N_BINOP:
		gen_binop(g, n);
		return 0;
	case N_UNOP:
		if (n->op == T_STAR)
			return gen_mem(g, n, dst);
		gen_expr(g, n->a, 0);
		if (n->op == T_MINUS)
			emit(g, ALU64_IMM(BPF_NEG, R0, 0));
		else if (n->op == T_TILDE)
			emit(g, ALU64_IMM(BPF_XOR, R0, -1));
		else if (n->op == T_NOT) {
			int z = label_new(g), done = label_new(g);

			emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), z);
			emit(g, MOV64_IMM(R0, 0));
			emit_jmp(g, JA(), done);
			label_here(g, z);
			emit(g, MOV64_IMM(R0, 1));
			label_here(g, done);
		}
		return 0;
	case N_TERNARY: {
		int els = label_new(g), done = label_new(g);

		if (type_is_agg(&n->ty) && !dst)
			dst = stack_alloc(g, type_storage(&n->ty));
		gen_expr(g, n->a, 0);
		emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), els);
		if (dst)
			stack_zero(g, dst, type_storage(&n->ty));
		gen_expr(g, n->b, dst);
		emit_jmp(g, JA(), done);
		label_here(g, els);
		if (dst)
			stack_zero(g, dst, type_storage(&n->ty));
		gen_expr(g, n->c, dst);
		label_here(g, done);
		return dst;
	}
	case N_FIELD:
		if (n->op)
			return gen_tuple_elem(g, n, dst);
		return gen_mem(g, n, dst);
	case N_INDEX:
		return gen_mem(g, n, dst);
	case N_TUPLE:
		return gen_value_to(g, n, dst, &n->ty);
	case N_CAST:
		gen_expr(g, n->a, 0);
		if (n->ty.kind == TY_INT)
			extend(g, n->ty.size, n->ty.is_signed);
		return 0;
	case N_INCDEC:
		return gen_incdec(g, n);
	default:
		return ERR_NS(g, n, "not supported yet: this expression");
	}
}

int gen_incdec(struct gen *g, struct node *n)
{
	struct node *v = n->a;
	int delta = (n->op == '+' ? 1 : -1) * (int)(n->scale > 1 ? n->scale : 1);

	if (v->kind == N_VAR) {
		struct var_def *d = &g->c->vars[v->id];

		emit(g, LDX_MEM(BPF_DW, R0, R10, d->off));
		emit(g, ALU64_IMM(BPF_ADD, R0, delta));
		emit(g, STX_MEM(BPF_DW, R10, R0, d->off));
		if (!n->ival)
			emit(g, ALU64_IMM(BPF_ADD, R0, -delta));
		return 0;
	}
	return gen_map_rmw(g, v, BPF_ADD, NULL, delta, n->ival != 0);
}

static void gen_stmts(struct gen *g, struct node *n);
static bool jumps_away(const struct node *n);

static void gen_assign(struct gen *g, struct node *n)
{
	struct node *l = n->a, *r = n->b;
	static const int alu[] = {
		[T_ADD_ASSIGN] = BPF_ADD, [T_SUB_ASSIGN] = BPF_SUB, [T_MUL_ASSIGN] = BPF_MUL,
		[T_DIV_ASSIGN] = BPF_DIV, [T_MOD_ASSIGN] = BPF_MOD, [T_AND_ASSIGN] = BPF_AND,
		[T_OR_ASSIGN] = BPF_OR, [T_XOR_ASSIGN] = BPF_XOR, [T_SHL_ASSIGN] = BPF_LSH,
		[T_SHR_ASSIGN] = BPF_RSH,
	};

	if (l->kind == N_VAR) {
		struct var_def *d = &g->c->vars[l->id];

		if (n->op != T_ASSIGN) {
			gen_expr(g, r, 0);
			if (n->scale > 1)
				emit(g, ALU64_IMM(BPF_MUL, R0, n->scale));
			emit(g, MOV64_REG(R1, R0));
			emit(g, LDX_MEM(BPF_DW, R0, R10, d->off));
			emit(g, ALU64_REG(alu[n->op], R0, R1));
			emit(g, STX_MEM(BPF_DW, R10, R0, d->off));
			return;
		}
		if (type_is_agg(&d->ty)) {
			int tmp = stack_alloc(g, type_storage(&d->ty));

			stack_zero(g, tmp, type_storage(&d->ty));
			gen_value_to(g, r, tmp, &d->ty);
			stack_copy(g, d->off, tmp, type_storage(&d->ty));
			return;
		}
		gen_expr(g, r, 0);
		var_store(g, l, 0);
		return;
	}
	/* a map */
	if (r->kind == N_CALL && (r->fn->flags & FN_AGG) && n->op == T_ASSIGN) {
		gen_aggregate(g, l, r);
		return;
	}
	if (n->op != T_ASSIGN) {
		gen_expr(g, r, 0);
		if (n->scale > 1)
			emit(g, ALU64_IMM(BPF_MUL, R0, n->scale));
		gen_map_rmw(g, l, alu[n->op], r, 0, true);
		return;
	}
	gen_map_store(g, l, r);
}

static void gen_stmt(struct gen *g, struct node *n)
{
	int mark = g->stack;

	switch (n->kind) {
	case N_EXPR_STMT:
		if (n->a->kind == N_CALL)
			gen_call(g, n->a, 0);
		else
			gen_expr(g, n->a, 0);
		break;
	case N_ASSIGN:
		gen_assign(g, n);
		break;
	case N_IF: {
		int els = label_new(g), done = label_new(g);

		gen_expr(g, n->a, 0);
		g->stack = mark;
		emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), els);
		gen_stmts(g, n->b);
		if (!jumps_away(n->b))
			emit_jmp(g, JA(), done);
		label_here(g, els);
		if (n->c)
			gen_stmts(g, n->c);
		label_here(g, done);
		break;
	}
	case N_WHILE: {
		int top = label_new(g), out = label_new(g);
		int ob = g->brk_label, oc = g->cont_label;

		label_here(g, top);
		gen_expr(g, n->a, 0);
		g->stack = mark;
		emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), out);
		g->brk_label = out;
		g->cont_label = top;
		gen_stmts(g, n->b);
		if (!jumps_away(n->b))
			emit_jmp(g, JA(), top);
		label_here(g, out);
		g->brk_label = ob;
		g->cont_label = oc;
		break;
	}
	case N_UNROLL:
		for (int i = 0; i < n->a->ival; i++)
			gen_stmts(g, n->b);
		break;
	case N_BLOCK:
		gen_stmts(g, n);
		break;
	case N_RETURN:
		emit_jmp(g, JA(), g->exit_label);
		break;
	case N_BREAK:
		emit_jmp(g, JA(), g->brk_label);
		break;
	case N_CONTINUE:
		emit_jmp(g, JA(), g->cont_label);
		break;
	default:
		break;
	}
	g->stack = mark;
}

/* A block that always jumps away: what follows it is unreachable, and
 * the verifier refuses unreachable instructions. */
static bool jumps_away(const struct node *n)
{
	if (n->kind == N_RETURN || n->kind == N_BREAK || n->kind == N_CONTINUE)
		return true;
	/* exit() ends the action too, as in bpftrace */
	if (n->kind == N_EXPR_STMT && n->a->kind == N_CALL && n->a->fn &&
	    (n->a->fn->flags & FN_ENDS))
		return true;
	if (n->kind == N_BLOCK)
		for (int i = 0; i < n->nv; i++)
			if (jumps_away(n->v[i]))
				return true;
	if (n->kind == N_IF && n->c)
		return jumps_away(n->b) && jumps_away(n->c);
	return false;
}

static void gen_stmts(struct gen *g, struct node *n)
{
	if (n->kind != N_BLOCK) {
		gen_stmt(g, n);
		return;
	}
	for (int i = 0; i < n->nv && !g->err; i++) {
		gen_stmt(g, n->v[i]);
		if (jumps_away(n->v[i]))
			break;
	}
}

int gen_probe(struct compiler *c, struct probe_point *pt, struct gen *g)
{
	struct probe *p = &c->prog->probes[pt->probe];

	memset(g, 0, sizeof(*g));
	g->c = c;
	g->exit_label = label_new(g);
	emit(g, MOV64_REG(R6, BPF_REG_1));
	gen_stop_check(g, pt);	/* inert once the script ends (release.c) */
	/* every variable has its slot for the whole program, zeroed */
	for (int i = 0; i < c->nvars; i++) {
		uint32_t size = type_storage(&c->vars[i].ty);

		c->vars[i].off = stack_alloc(g, size);
		stack_zero(g, c->vars[i].off, size);
	}
	if (p->pred) {
		int mark = g->stack;

		gen_expr(g, p->pred, 0);
		g->stack = mark;
		emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), g->exit_label);
	}
	gen_stmts(g, p->body);
	label_here(g, g->exit_label);
	emit(g, MOV64_IMM(R0, 0));
	emit(g, EXIT());
	if (g->err == -E2BIG)
		return lang_error(c->src, p->l, "not supported yet: this probe needs more than "
				  "512 bytes of BPF stack");
	if (g->err)
		return -1;
	if (labels_resolve(g))
		return lang_error(c->src, p->l, "not supported yet: a jump this far");
	return 0;
}
