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

#define R0 BPF_REG_0
#define R1 BPF_REG_1
#define R2 BPF_REG_2
#define R3 BPF_REG_3
#define R4 BPF_REG_4
#define R6 BPF_REG_6
#define R10 BPF_REG_10

/* x86-64 pt_regs offsets of the argument registers */
static const int arg_regs[] = { 112, 104, 96, 88, 72, 64 };

static void low32(struct gen *g)
{
	emit(g, ALU64_IMM(BPF_LSH, R0, 32));
	emit(g, ALU64_IMM(BPF_RSH, R0, 32));
}

static void call_into(struct gen *g, int fn, int dst, uint32_t size)
{
	emit(g, MOV64_REG(R1, R10));
	emit(g, ALU64_IMM(BPF_ADD, R1, dst));
	emit(g, MOV64_IMM(R2, size));
	emit(g, CALL(fn));
}

int gen_builtin(struct gen *g, struct node *n, int dst)
{
	struct compiler *c = g->c;

	switch (n->id) {
	case B_PID:
		emit(g, CALL(BPF_FUNC_get_current_pid_tgid));
		emit(g, ALU64_IMM(BPF_RSH, R0, 32));
		return 0;
	case B_TID:
		emit(g, CALL(BPF_FUNC_get_current_pid_tgid));
		low32(g);
		return 0;
	case B_UID:
		emit(g, CALL(BPF_FUNC_get_current_uid_gid));
		low32(g);
		return 0;
	case B_GID:
		emit(g, CALL(BPF_FUNC_get_current_uid_gid));
		emit(g, ALU64_IMM(BPF_RSH, R0, 32));
		return 0;
	case B_CPU:
		emit(g, CALL(BPF_FUNC_get_smp_processor_id));
		return 0;
	case B_NSECS:
		emit(g, CALL(BPF_FUNC_ktime_get_ns));
		return 0;
	case B_ELAPSED:
		emit(g, CALL(BPF_FUNC_ktime_get_ns));
		emit_ld64(g, R1, c->boot_ns);
		emit(g, ALU64_REG(BPF_SUB, R0, R1));
		return 0;
	case B_CGROUP:
		emit(g, CALL(BPF_FUNC_get_current_cgroup_id));
		return 0;
	case B_RAND:
		emit(g, CALL(BPF_FUNC_get_prandom_u32));
		return 0;
	case B_CPID:
		emit_mov_imm(g, R0, c->cpid);
		return 0;
	case B_COMM:
		if (!dst)
			dst = stack_alloc(g, 16);
		call_into(g, BPF_FUNC_get_current_comm, dst, 16);
		return dst;
	case B_KSTACK:
		emit(g, MOV64_REG(R1, R6));
		emit_map_fd(g, R2, c->stack_fd);
		emit(g, MOV64_IMM(R3, 0));
		emit(g, CALL(BPF_FUNC_get_stackid));
		return 0;
	case B_USTACK:
		if (!dst)
			dst = stack_alloc(g, 16);
		emit(g, MOV64_REG(R1, R6));
		emit_map_fd(g, R2, c->stack_fd);
		emit(g, MOV64_IMM(R3, BPF_F_USER_STACK));
		emit(g, CALL(BPF_FUNC_get_stackid));
		emit(g, STX_MEM(BPF_DW, R10, R0, dst));
		emit(g, CALL(BPF_FUNC_get_current_pid_tgid));
		emit(g, ALU64_IMM(BPF_RSH, R0, 32));
		emit(g, STX_MEM(BPF_DW, R10, R0, dst + 8));
		return dst;
	case B_PROBE:
		if (c->cur->kind != P_USDT && c->cur->set.n > 1) {
			/* one program, many functions: the cookie says which */
			emit(g, MOV64_REG(R1, R6));
			emit(g, CALL(BPF_FUNC_get_attach_cookie));
			return 0;
		}
		emit(g, MOV64_IMM(R0, c->cur->name_id));
		return 0;
	case B_PROBE_FUNC: {
		struct node lit = { .kind = N_STR, .str = c->cur->func,
				    .slen = strlen(c->cur->func) };

		lit.ty = n->ty;
		return gen_expr(g, &lit, dst);
	}
	case B_FUNC:
		if (!dst)
			dst = stack_alloc(g, 16);
		emit(g, LDX_MEM(BPF_DW, R0, R6, 128));
		emit(g, STX_MEM(BPF_DW, R10, R0, dst));
		emit(g, CALL(BPF_FUNC_get_current_pid_tgid));
		emit(g, ALU64_IMM(BPF_RSH, R0, 32));
		emit(g, STX_MEM(BPF_DW, R10, R0, dst + 8));
		return dst;
	case B_CURTASK:
		emit(g, CALL(BPF_FUNC_get_current_task));
		return 0;
	case B_RETVAL:
		emit(g, LDX_MEM(BPF_DW, R0, R6, 80));
		return 0;
	default:
		if (n->id >= B_ARG0 && n->id <= B_ARG9) {
			int i = n->id - B_ARG0;

			if (c->cur->kind == P_RAWTP) {
				emit(g, LDX_MEM(BPF_DW, R0, R6, 8 * i));
				return 0;
			}
			if (c->cur->kind == P_USDT)
				return gen_usdt_arg(g, n, i);
			if (i > 5) {
				/* on the stack, above the return address: valid at
				 * the function's entry */
				emit(g, LDX_MEM(BPF_DW, R0, R6, 152));
				emit(g, ALU64_IMM(BPF_ADD, R0, 8 * (i - 5)));
				gen_read(g, 8, false, true);
				return 0;
			}
			emit(g, LDX_MEM(BPF_DW, R0, R6, arg_regs[i]));
			return 0;
		}
		return ERR_NS(g, n, "not supported yet: %s", n->str);
	}
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

static void read_str_into(struct gen *g, int dst, uint32_t size, uint32_t storage, bool user,
			  bool exact)
{
	emit(g, MOV64_REG(R3, R0));
	stack_zero(g, dst, storage);
	emit(g, MOV64_REG(R1, R10));
	emit(g, ALU64_IMM(BPF_ADD, R1, dst));
	emit(g, MOV64_IMM(R2, size));
	emit(g, CALL(exact ? (user ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel) :
		     (user ? BPF_FUNC_probe_read_user_str : BPF_FUNC_probe_read_kernel_str)));
}

static void tmp_get(struct gen *g, int where, int reg)
{
	if (where > 0)
		emit(g, MOV64_REG(reg, where));
	else
		emit(g, LDX_MEM(BPF_DW, reg, R10, where));
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
		tmp_get(g, base, R3);
		emit(g, ALU64_IMM(BPF_ADD, R3, 8 * i));
		emit(g, MOV64_REG(R1, R10));
		emit(g, ALU64_IMM(BPF_ADD, R1, slot));
		emit(g, MOV64_IMM(R2, 8));
		emit(g, CALL(BPF_FUNC_probe_read_user));
		emit(g, LDX_MEM(BPF_DW, R3, R10, slot));
		emit_jmp(g, JMP_IMM(BPF_JEQ, R3, 0), done);
		tmp_get(g, scratch, R1);
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

/* A struct's bytes (the expression gives its address) copied to dst. */
static void gen_recval(struct gen *g, struct node *v, int dst, uint32_t storage)
{
	stack_zero(g, dst, storage);
	gen_expr(g, v, 0);
	emit(g, MOV64_REG(R3, R0));
	call_into(g, v->ty.user ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel,
		  dst, v->ty.size);
}

/* strncmp(a, b, n): 0 when the first n bytes match (or both end
 * before), 1 otherwise, as bpftrace returns. */
static void gen_strncmp(struct gen *g, struct node *n)
{
	struct node *x = n->v[0], *y = n->v[1];
	uint32_t len = x->ty.size < y->ty.size ? x->ty.size : y->ty.size;
	int a = gen_expr(g, x, 0), b = gen_expr(g, y, 0);
	int ne = label_new(g), eq = label_new(g), done = label_new(g);

	if ((uint64_t)n->v[2]->ival < len)
		len = n->v[2]->ival;
	for (uint32_t i = 0; i < len; i++) {
		emit(g, LDX_MEM(BPF_B, R1, R10, a + i));
		emit(g, LDX_MEM(BPF_B, R2, R10, b + i));
		emit_jmp(g, JMP_REG(BPF_JNE, R1, R2), ne);
		emit_jmp(g, JMP_IMM(BPF_JEQ, R1, 0), eq);
	}
	label_here(g, eq);
	emit(g, MOV64_IMM(R0, 0));
	emit_jmp(g, JA(), done);
	label_here(g, ne);
	emit(g, MOV64_IMM(R0, 1));
	label_here(g, done);
}

static bool is_scalar(const struct type *t)
{
	return t->kind == TY_INT || t->kind == TY_PTR;
}

/* macaddr(): six bytes from an array, or read where a pointer points. */
static int gen_macaddr(struct gen *g, struct node *n, int dst)
{
	struct node *a = n->v[0];

	if (!dst)
		dst = stack_alloc(g, 8);
	if (a->kind == N_FIELD && a->a->ty.kind == TY_CTX && !is_scalar(&a->ty)) {
		/* a tracepoint's array field: in the context */
		stack_zero(g, dst, 8);
		emit(g, MOV64_REG(R3, R6));
		emit(g, ALU64_IMM(BPF_ADD, R3, g->c->cur->tp->field[a->id].offset));
		call_into(g, BPF_FUNC_probe_read_kernel, dst, 6);
		return dst;
	}
	if (a->ty.kind == TY_STR) {	/* char[6] read as a string */
		int s = gen_expr(g, a, 0);

		stack_copy(g, dst, s, 8);
		return dst;
	}
	stack_zero(g, dst, 8);
	gen_expr(g, a, 0);	/* a pointer, or the address of an array */
	emit(g, MOV64_REG(R3, R0));
	call_into(g, a->ty.user ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel, dst, 6);
	return dst;
}

/* buf(p, len) with len known only when the probe runs: at most the
 * buffer's size is read, and the length kept beside the bytes. */
static int gen_buf_var(struct gen *g, struct node *n, int dst)
{
	struct node *a = n->v[0];
	uint32_t storage = type_storage(&n->ty), cap = n->ty.size;
	int len = stack_alloc(g, 8), from = 0, big = label_new(g), ok = label_new(g);
	int t = 0;

	stack_zero(g, dst, storage);
	if (a->ty.kind == TY_STR) {
		from = gen_expr(g, a, 0);
		if (type_storage(&a->ty) < cap)
			cap = type_storage(&a->ty);
	} else {
		gen_expr(g, a, 0);
		t = tmp_push(g);
	}
	gen_expr(g, n->v[1], 0);
	/* as an unsigned number: a negative length reads the whole buffer */
	emit_jmp(g, JMP_IMM(BPF_JGT, R0, cap), big);
	emit_jmp(g, JA(), ok);
	label_here(g, big);
	emit(g, MOV64_IMM(R0, cap));
	label_here(g, ok);
	emit(g, STX_MEM(BPF_DW, R10, R0, dst));
	if (a->ty.kind == TY_STR) {
		stack_copy(g, dst + 8, from, (cap + 7) & ~7u);
		return dst;
	}
	emit(g, STX_MEM(BPF_DW, R10, R0, len));
	tmp_pop(g, t, R3);
	emit(g, LDX_MEM(BPF_DW, R2, R10, len));
	emit(g, MOV64_REG(R1, R10));
	emit(g, ALU64_IMM(BPF_ADD, R1, dst + 8));
	emit(g, CALL(a->ty.user ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel));
	return dst;
}

int gen_call(struct gen *g, struct node *n, int dst)
{
	struct compiler *c = g->c;
	struct fmt_def *f;
	int rec;

	switch (n->op) {
	case F_PRINTF:
	case F_CAT:
	case F_SYSTEM:
	case F_PRINT:
		if (n->op == F_PRINT && n->v[0]->kind == N_MAP) {
			event_only(g, REC_PRINT_MAP, n->ival);
			return 0;
		}
		f = &c->fmts[n->ival];
		rec = stack_alloc(g, f->size);
		header(g, rec, f->kind, n->ival);
		for (int i = 0; i < f->nargs; i++) {
			struct node *a = n->v[i + (n->op != F_PRINT)];

			if (f->arg[i].kind == TY_RECVAL) {
				gen_recval(g, a, rec + f->off[i], type_storage(&f->arg[i]));
			} else if (type_is_agg(&f->arg[i])) {
				stack_zero(g, rec + f->off[i], type_storage(&f->arg[i]));
				gen_expr(g, a, rec + f->off[i]);
			} else {
				gen_expr(g, a, 0);
				emit(g, STX_MEM(BPF_DW, R10, R0, rec + f->off[i]));
			}
		}
		gen_output(g, rec, f->size);
		return 0;
	case F_TIME:
		event_only(g, REC_TIME, n->ival);
		return 0;
	case F_EXIT:
		event_only(g, REC_EXIT, n->ival);
		return 0;
	case F_CLEAR:
	case F_ZERO:
		event_only(g, c->fmts[n->ival].kind, n->ival);
		return 0;
	case F_DELETE: {
		struct map_def *m = &c->maps[n->v[0]->id];
		int key;

		if (m->val.kind == TY_HIST || m->val.kind == TY_LHIST)
			return ERR_NS(g, n, "not supported yet: delete() on a hist map");
		key = gen_key(g, n->v[0], false);
		emit_map_fd(g, R1, m->fd);
		emit(g, MOV64_REG(R2, R10));
		emit(g, ALU64_IMM(BPF_ADD, R2, key));
		emit(g, CALL(BPF_FUNC_map_delete_elem));
		return 0;
	}
	case F_STR: {
		uint32_t storage = type_storage(&n->ty);
		struct node *a = n->v[0];

		if (!dst)
			dst = stack_alloc(g, storage);
		if (a->ty.kind == TY_STR) {
			stack_zero(g, dst, storage);
			gen_expr(g, a, dst);
			return dst;
		}
		gen_expr(g, a, 0);
		read_str_into(g, dst, n->ty.size, storage, a->ty.user, false);
		return dst;
	}
	case F_BUF: {
		uint32_t storage = type_storage(&n->ty);
		struct node *a = n->v[0];

		if (!dst)
			dst = stack_alloc(g, storage);
		if (n->nv == 2 && n->v[1]->kind != N_INT)
			return gen_buf_var(g, n, dst);
		if (a->ty.kind == TY_STR) {
			int s = gen_expr(g, a, 0);

			stack_zero(g, dst, storage);
			stack_copy(g, dst + 8, s, storage - 8 < type_storage(&a->ty) ?
				   storage - 8 : type_storage(&a->ty));
		} else {
			gen_expr(g, a, 0);
			read_str_into(g, dst + 8, n->ty.size, storage - 8, a->ty.user, true);
			emit(g, ST_MEM(BPF_DW, R10, dst, 0));
		}
		emit(g, ST_MEM(BPF_DW, R10, dst, n->ty.size));
		return dst;
	}
	case F_JOIN:
		gen_join(g, n);
		return 0;
	case F_KSYM:
	case F_STRFTIME:
		gen_expr(g, n->v[n->op == F_STRFTIME], 0);
		return 0;
	case F_USYM:
		if (!dst)
			dst = stack_alloc(g, 16);
		gen_expr(g, n->v[0], 0);
		emit(g, STX_MEM(BPF_DW, R10, R0, dst));
		emit(g, CALL(BPF_FUNC_get_current_pid_tgid));
		emit(g, ALU64_IMM(BPF_RSH, R0, 32));
		emit(g, STX_MEM(BPF_DW, R10, R0, dst + 8));
		return dst;
	case F_NTOP: {
		struct node *a = n->v[n->nv - 1];
		bool v6 = a->ty.kind != TY_INT && a->ty.kind != TY_PTR && a->ty.size == 16;

		if (!dst)
			dst = stack_alloc(g, 24);
		stack_zero(g, dst, 24);
		if (a->ty.kind == TY_INT || a->ty.kind == TY_PTR) {
			gen_expr(g, a, 0);
			emit(g, STX_MEM(BPF_W, R10, R0, dst + 8));
		} else if (a->ty.kind == TY_ARRAY) {
			gen_expr(g, a, 0);	/* its address */
			emit(g, MOV64_REG(R3, R0));
			call_into(g, a->ty.user ? BPF_FUNC_probe_read_user :
				  BPF_FUNC_probe_read_kernel, dst + 8, a->ty.size);
		} else {
			int s = gen_expr(g, a, 0);

			stack_copy(g, dst + 8, s, 16 < type_storage(&a->ty) ? 16 :
				   type_storage(&a->ty));
		}
		if (n->nv == 2) {
			gen_expr(g, n->v[0], 0);
			emit(g, STX_MEM(BPF_DW, R10, R0, dst));
		} else {
			emit(g, ST_MEM(BPF_DW, R10, dst, v6 ? 10 : 2));
		}
		return dst;
	}
	case F_SIGNAL:
		gen_expr(g, n->v[0], 0);
		emit(g, MOV64_REG(R1, R0));
		emit(g, CALL(BPF_FUNC_send_signal));
		return 0;
	case F_REG:
		emit(g, LDX_MEM(BPF_DW, R0, R6, n->ival));
		return 0;
	case F_KADDR:
		emit_mov_imm(g, R0, n->ival);
		return 0;
	case F_UADDR:
		gen_uaddr(g, n);
		return 0;
	case F_KSTACK:
	case F_USTACK:
		return gen_stack_call(g, n, dst);
	case F_BSWAP: {
		uint32_t size = n->v[0]->ty.size;

		gen_expr(g, n->v[0], 0);
		if (size > 1)	/* to big endian on this little-endian machine: a swap */
			emit(g, ((struct bpf_insn){ .code = BPF_ALU | BPF_END | BPF_TO_BE,
						    .dst_reg = R0, .imm = 8 * size }));
		return 0;
	}
	case F_KPTR:
	case F_UPTR:
	case F_STRERROR:	/* the number; user space shows its text */
		gen_expr(g, n->v[0], 0);
		return 0;
	case F_STRNCMP:
		gen_strncmp(g, n);
		return 0;
	case F_MACADDR:
		return gen_macaddr(g, n, dst);
	default:
		return ERR_NS(g, n, "not supported yet: %s()", n->str);
	}
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

static void update(struct gen *g, struct map_def *m, int key, int val, int flags)
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
		tmp_get(g, x, R1);
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
		tmp_get(g, x, R2);
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
		tmp_get(g, x, R2);
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

		tmp_get(g, x, R2);
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
		tmp_get(g, x, R2);
		emit(g, STX_MEM(BPF_DW, R10, R2, val));
		emit(g, ST_MEM(BPF_DW, R10, val + 8, 0));
		break;
	case TY_HIST:
	case TY_LHIST:
	case TY_AVG:
	case TY_STATS:
		tmp_get(g, x, R2);
		emit(g, ST_MEM(BPF_DW, R10, val, 1));
		emit(g, STX_MEM(BPF_DW, R10, R2, val + 8));
		break;
	default:
		tmp_get(g, x, R2);
		emit(g, STX_MEM(BPF_DW, R10, R2, val));
		emit(g, ST_MEM(BPF_DW, R10, val + 8, 1));
		break;
	}
	update(g, m, key, val, BPF_ANY);
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
	update(g, m, key, val, BPF_ANY);
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
		tmp_get(g, t, R2);
	else
		emit(g, MOV64_IMM(R2, delta));
	emit(g, ALU64_REG(op, R1, R2));
	emit(g, STX_MEM(BPF_DW, R3, R1, 0));
	emit(g, MOV64_REG(R0, want_new ? R1 : R4));
	emit_jmp(g, JA(), done);
	label_here(g, null);
	emit(g, MOV64_IMM(R1, 0));
	if (rhs)
		tmp_get(g, t, R2);
	else
		emit(g, MOV64_IMM(R2, delta));
	emit(g, ALU64_REG(op, R1, R2));
	emit(g, STX_MEM(BPF_DW, R10, R1, val));
	update(g, m, key, val, BPF_ANY);
	emit(g, LDX_MEM(BPF_DW, R0, R10, val));
	if (!want_new)
		emit(g, MOV64_IMM(R0, 0));
	label_here(g, done);
	if (rhs)
		g->depth--;
	return 0;
}
