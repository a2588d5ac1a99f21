// SPDX-License-Identifier: GPL-2.0
/*
 * The code generator for builtins, functions and map updates.  Events for
 * user space (printf, time, print, clear, exit...) are records built on the
 * stack and sent through one ring buffer, so they arrive in the order the
 * probes ran; a record the ring buffer refuses is counted as lost.
 * Aggregations (count, sum, hist...) update per-CPU maps without locks.
 */
#include <string.h>

#include "lang.h"
#include "../tracepoint/tracepoint.h"


void gen_call_into(struct gen *g, int fn, int dst, uint32_t size)
{
	emit(g, MOV64_REG(R1, R10));
	emit(g, ALU64_IMM(BPF_ADD, R1, dst));
	emit(g, MOV64_IMM(R2, size));
	emit(g, CALL(fn));
}

void gen_tmp_get(struct gen *g, int where, int reg)
{
	if (where > 0)
		emit(g, MOV64_REG(reg, where));
	else
		emit(g, LDX_MEM(BPF_DW, reg, R10, where));
}


/* A struct's bytes (the expression gives its address) copied to dst. */
void gen_recval(struct gen *g, struct node *v, int dst, uint32_t storage)
{
	stack_zero(g, dst, storage);
	if (v->ty.kind == TY_RECVAL) {	/* bytes already: a map's, a variable's */
		gen_expr(g, v, dst);
		return;
	}
	gen_expr(g, v, 0);
	emit(g, MOV64_REG(R3, R0));
	gen_call_into(g, v->ty.user ? BPF_FUNC_probe_read_user : v->ty.anyspace ?
		      BPF_FUNC_probe_read : BPF_FUNC_probe_read_kernel, dst, v->ty.size);
}





int gen_call(struct gen *g, struct node *n, int dst)
{
	if (!n->fn || !n->fn->gen)
		return ERR_NS(g, n, "not supported yet: %s()", n->str);
	return n->fn->gen(g, n, dst);
}

/* r0 = the hist bucket of the value in r1. */
static void hist_bucket(struct gen *g)
{
	int neg = label_new(g), zero = label_new(g), done = label_new(g);

	emit_jmp(g, JMP_IMM(BPF_JSLT, R1, 0), neg);
	emit_jmp(g, JMP_IMM(BPF_JEQ, R1, 0), zero);
	emit(g, MOV64_IMM(R0, 2));
	for (int sh = 32; sh; sh /= 2) {
		emit(g, MOV64_REG(R2, R1));
		emit(g, ALU64_IMM(BPF_RSH, R2, sh));
		emit(g, JMP_IMM(BPF_JEQ, R2, 0));
		g->ins[g->n - 1].off = 2;
		emit(g, ALU64_IMM(BPF_ADD, R0, sh));
		emit(g, MOV64_REG(R1, R2));
	}
	emit_jmp(g, JA(), done);
	label_here(g, neg);
	emit(g, MOV64_IMM(R0, 0));
	emit_jmp(g, JA(), done);
	label_here(g, zero);
	emit(g, MOV64_IMM(R0, 1));
	label_here(g, done);
}

/* r0 = the lhist bucket of the value in r1. */
static void lhist_bucket(struct gen *g, const struct map_def *m)
{
	int low = label_new(g), high = label_new(g), done = label_new(g);

	emit_mov_imm(g, R2, m->lmin);
	emit_jmp(g, JMP_REG(BPF_JSLT, R1, R2), low);
	emit_mov_imm(g, R2, m->lmax);
	emit_jmp(g, JMP_REG(BPF_JSGE, R1, R2), high);
	emit(g, MOV64_REG(R0, R1));
	emit_mov_imm(g, R2, m->lmin);
	emit(g, ALU64_REG(BPF_SUB, R0, R2));
	emit_mov_imm(g, R2, m->lstep);
	emit(g, ALU64_REG(BPF_DIV, R0, R2));
	emit(g, ALU64_IMM(BPF_ADD, R0, 1));
	emit_jmp(g, JA(), done);
	label_here(g, low);
	emit(g, MOV64_IMM(R0, 0));
	emit_jmp(g, JA(), done);
	label_here(g, high);
	emit_mov_imm(g, R0, (m->lmax - m->lmin) / m->lstep + 1);
	label_here(g, done);
}

void gen_map_update(struct gen *g, struct map_def *m, int key, int val, int flags)
{
	emit_map_fd(g, R1, m->fd);
	emit(g, MOV64_REG(R2, R10));
	emit(g, ALU64_IMM(BPF_ADD, R2, key));
	emit(g, MOV64_REG(R3, R10));
	emit(g, ALU64_IMM(BPF_ADD, R3, val));
	emit(g, MOV64_IMM(R4, flags));
	emit(g, CALL(BPF_FUNC_map_update_elem));
}

void gen_aggregate(struct gen *g, struct node *map, struct node *call)
{
	struct map_def *m = &g->c->maps[map->id];
	enum ty_kind k = m->val.kind;
	bool bucket = k == TY_HIST || k == TY_LHIST;
	int x = 0, key, val, null = label_new(g), done = label_new(g);
	bool have_x = call->nv > 0;

	if (have_x) {
		gen_expr(g, call->v[0], 0);
		x = tmp_push(g);
	}
	key = gen_key(g, map, bucket);
	if (bucket) {
		gen_tmp_get(g, x, R1);
		if (k == TY_HIST)
			hist_bucket(g);
		else
			lhist_bucket(g, m);
		emit(g, STX_MEM(BPF_DW, R10, R0, key + m->key_size));
	}
	val = stack_alloc(g, 16);
	emit_map_fd(g, R1, m->fd);
	emit(g, MOV64_REG(R2, R10));
	emit(g, ALU64_IMM(BPF_ADD, R2, key));
	emit(g, CALL(BPF_FUNC_map_lookup_elem));
	emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), null);
	/* the element exists: update this CPU's copy in place */
	switch (k) {
	case TY_COUNT:
		emit(g, LDX_MEM(BPF_DW, R1, R0, 0));
		emit(g, ALU64_IMM(BPF_ADD, R1, 1));
		emit(g, STX_MEM(BPF_DW, R0, R1, 0));
		break;
	case TY_SUM:
		gen_tmp_get(g, x, R2);
		emit(g, LDX_MEM(BPF_DW, R1, R0, 0));
		emit(g, ALU64_REG(BPF_ADD, R1, R2));
		emit(g, STX_MEM(BPF_DW, R0, R1, 0));
		break;
	case TY_HIST:
	case TY_LHIST:
	case TY_AVG:
	case TY_STATS:
		/* a hist bucket keeps its values' sum too, as avg does (the
		 * _sum of --metrics' histograms) */
		gen_tmp_get(g, x, R2);
		emit(g, LDX_MEM(BPF_DW, R1, R0, 0));
		emit(g, ALU64_IMM(BPF_ADD, R1, 1));
		emit(g, STX_MEM(BPF_DW, R0, R1, 0));
		emit(g, LDX_MEM(BPF_DW, R1, R0, 8));
		emit(g, ALU64_REG(BPF_ADD, R1, R2));
		emit(g, STX_MEM(BPF_DW, R0, R1, 8));
		break;
	case TY_MIN:
	case TY_MAX: {
		int store = label_new(g);

		gen_tmp_get(g, x, R2);
		emit(g, LDX_MEM(BPF_DW, R1, R0, 8));
		emit_jmp(g, JMP_IMM(BPF_JEQ, R1, 0), store);
		emit(g, LDX_MEM(BPF_DW, R1, R0, 0));
		emit_jmp(g, JMP_REG(k == TY_MIN ? BPF_JSLT : BPF_JSGT, R2, R1), store);
		emit_jmp(g, JA(), done);
		label_here(g, store);
		emit(g, STX_MEM(BPF_DW, R0, R2, 0));
		emit(g, ST_MEM(BPF_DW, R0, 8, 1));
		break;
	}
	default:
		break;
	}
	emit_jmp(g, JA(), done);
	/* a new element: its first value */
	label_here(g, null);
	switch (k) {
	case TY_COUNT:
		emit(g, ST_MEM(BPF_DW, R10, val, 1));
		emit(g, ST_MEM(BPF_DW, R10, val + 8, 0));
		break;
	case TY_SUM:
		gen_tmp_get(g, x, R2);
		emit(g, STX_MEM(BPF_DW, R10, R2, val));
		emit(g, ST_MEM(BPF_DW, R10, val + 8, 0));
		break;
	case TY_HIST:
	case TY_LHIST:
	case TY_AVG:
	case TY_STATS:
		gen_tmp_get(g, x, R2);
		emit(g, ST_MEM(BPF_DW, R10, val, 1));
		emit(g, STX_MEM(BPF_DW, R10, R2, val + 8));
		break;
	default:
		gen_tmp_get(g, x, R2);
		emit(g, STX_MEM(BPF_DW, R10, R2, val));
		emit(g, ST_MEM(BPF_DW, R10, val + 8, 1));
		break;
	}
	gen_map_update(g, m, key, val, BPF_ANY);
	label_here(g, done);
	if (have_x)
		g->depth--;
}

void gen_map_store(struct gen *g, struct node *map, struct node *v)
{
	struct map_def *m = &g->c->maps[map->id];
	int val = stack_alloc(g, m->val_size), key;

	if (m->val.kind == TY_RECVAL) {
		gen_recval(g, v, val, m->val_size);
	} else if (type_is_agg(&m->val)) {
		stack_zero(g, val, m->val_size);
		gen_value_to(g, v, val, &m->val);
	} else {
		gen_expr(g, v, 0);
		emit(g, STX_MEM(BPF_DW, R10, R0, val));
	}
	key = gen_key(g, map, false);
	gen_map_update(g, m, key, val, BPF_ANY);
}

int gen_map_rmw(struct gen *g, struct node *map, int op, struct node *rhs, int delta,
		bool want_new)
{
	struct map_def *m = &g->c->maps[map->id];
	int t = 0, key, val = stack_alloc(g, 8), null = label_new(g), done = label_new(g);

	if (rhs)
		t = tmp_push(g);
	key = gen_key(g, map, false);
	emit_map_fd(g, R1, m->fd);
	emit(g, MOV64_REG(R2, R10));
	emit(g, ALU64_IMM(BPF_ADD, R2, key));
	emit(g, CALL(BPF_FUNC_map_lookup_elem));
	emit_jmp(g, JMP_IMM(BPF_JEQ, R0, 0), null);
	emit(g, MOV64_REG(R3, R0));
	emit(g, LDX_MEM(BPF_DW, R1, R3, 0));
	emit(g, MOV64_REG(R4, R1));
	if (rhs)
		gen_tmp_get(g, t, R2);
	else
		emit(g, MOV64_IMM(R2, delta));
	emit(g, ALU64_REG(op, R1, R2));
	emit(g, STX_MEM(BPF_DW, R3, R1, 0));
	emit(g, MOV64_REG(R0, want_new ? R1 : R4));
	emit_jmp(g, JA(), done);
	label_here(g, null);
	emit(g, MOV64_IMM(R1, 0));
	if (rhs)
		gen_tmp_get(g, t, R2);
	else
		emit(g, MOV64_IMM(R2, delta));
	emit(g, ALU64_REG(op, R1, R2));
	emit(g, STX_MEM(BPF_DW, R10, R1, val));
	gen_map_update(g, m, key, val, BPF_ANY);
	emit(g, LDX_MEM(BPF_DW, R0, R10, val));
	if (!want_new)
		emit(g, MOV64_IMM(R0, 0));
	label_here(g, done);
	if (rhs)
		g->depth--;
	return 0;
}
