// SPDX-License-Identifier: GPL-2.0
/*
 * Emitting BPF instructions: a growing buffer, forward labels patched at
 * the end, stack slots handed out downwards from the frame pointer, and a
 * small stack of callee-saved registers (r7-r9) for temporaries that must
 * survive a helper call, spilled to stack slots when all three are busy.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lang.h"

void emit(struct gen *g, struct bpf_insn i)
{
	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 256;
		g->ins = realloc(g->ins, g->cap * sizeof(*g->ins));
		if (!g->ins)
			abort();
	}
	g->ins[g->n++] = i;
}

void emit_ld64(struct gen *g, int reg, uint64_t v)
{
	emit(g, (struct bpf_insn){ .code = BPF_LD | BPF_DW | BPF_IMM, .dst_reg = reg,
				   .imm = (int32_t)(uint32_t)v });
	emit(g, (struct bpf_insn){ .imm = (int32_t)(uint32_t)(v >> 32) });
}

void emit_map_fd(struct gen *g, int reg, int fd)
{
	emit(g, (struct bpf_insn){ .code = BPF_LD | BPF_DW | BPF_IMM, .dst_reg = reg,
				   .src_reg = BPF_PSEUDO_MAP_FD, .imm = fd });
	emit(g, (struct bpf_insn){ 0 });
}

void emit_mov_imm(struct gen *g, int reg, int64_t v)
{
	if (v >= INT32_MIN && v <= INT32_MAX)
		emit(g, MOV64_IMM(reg, v));
	else
		emit_ld64(g, reg, v);
}

int label_new(struct gen *g)
{
	g->labels = realloc(g->labels, (g->nlabels + 1) * sizeof(*g->labels));
	if (!g->labels)
		abort();
	g->labels[g->nlabels] = -1;
	return g->nlabels++;
}

void label_here(struct gen *g, int l)
{
	g->labels[l] = g->n;
}

void emit_jmp(struct gen *g, struct bpf_insn i, int label)
{
	g->fix = realloc(g->fix, (g->nfix + 1) * sizeof(*g->fix));
	if (!g->fix)
		abort();
	g->fix[g->nfix].insn = g->n;
	g->fix[g->nfix].label = label;
	g->nfix++;
	emit(g, i);
}

int labels_resolve(struct gen *g)
{
	for (int i = 0; i < g->nfix; i++) {
		int to = g->labels[g->fix[i].label], at = g->fix[i].insn;

		if (to < 0)
			return -1;
		if (to - at - 1 > INT16_MAX || to - at - 1 < INT16_MIN)
			return -2;
		g->ins[at].off = to - at - 1;
	}
	return 0;
}

int stack_alloc(struct gen *g, uint32_t size)
{
	size = (size + 7) & ~7u;
	g->stack += size;
	if (g->stack > g->max_stack)
		g->max_stack = g->stack;
	if (g->stack > 512 && !g->err)
		g->err = -E2BIG;
	return -g->stack;
}

void stack_zero(struct gen *g, int off, uint32_t size)
{
	for (uint32_t i = 0; i < size; i += 8)
		emit(g, ST_MEM(BPF_DW, BPF_REG_10, off + i, 0));
}

/* Copy `size` bytes (a multiple of 8) between stack slots. */
void stack_copy(struct gen *g, int dst, int src, uint32_t size)
{
	for (uint32_t i = 0; i < size; i += 8) {
		emit(g, LDX_MEM(BPF_DW, BPF_REG_1, BPF_REG_10, src + i));
		emit(g, STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_1, dst + i));
	}
}

/* r0 onto the temporary stack; returns where it went. */
int tmp_push(struct gen *g)
{
	int slot;

	if (g->depth < 3) {
		int reg = BPF_REG_7 + g->depth++;

		emit(g, MOV64_REG(reg, BPF_REG_0));
		return reg;
	}
	slot = stack_alloc(g, 8);
	emit(g, STX_MEM(BPF_DW, BPF_REG_10, BPF_REG_0, slot));
	g->depth++;
	return slot;
}

/* The temporary back into `reg`. */
void tmp_pop(struct gen *g, int where, int reg)
{
	g->depth--;
	if (where > 0)
		emit(g, MOV64_REG(reg, where));
	else
		emit(g, LDX_MEM(BPF_DW, reg, BPF_REG_10, where));
}

static const char *const alu_names[16] = {
	"add", "sub", "mul", "div", "or", "and", "lsh", "rsh", "neg", "mod", "xor", "mov",
	"arsh", "end", "?", "?",
};
static const char *const jmp_names[16] = {
	"ja", "jeq", "jgt", "jge", "jset", "jne", "jsgt", "jsge", "call", "exit", "jlt",
	"jle", "jslt", "jsle", "?", "?",
};
static const char *const size_names[4] = { "u32", "u16", "u8", "u64" };

void insns_dump(FILE *f, const struct bpf_insn *ins, int n)
{
	for (int i = 0; i < n; i++) {
		const struct bpf_insn *x = &ins[i];
		int cls = BPF_CLASS(x->code);

		fprintf(f, "%4d: ", i);
		if (cls == BPF_ALU64 || cls == BPF_ALU) {
			const char *op = alu_names[BPF_OP(x->code) >> 4];

			if (BPF_SRC(x->code) == BPF_X)
				fprintf(f, "r%d %s= r%d%s\n", x->dst_reg, op, x->src_reg,
					cls == BPF_ALU ? " (32)" : "");
			else
				fprintf(f, "r%d %s= %d%s\n", x->dst_reg, op, x->imm,
					cls == BPF_ALU ? " (32)" : "");
		} else if (cls == BPF_JMP) {
			int op = BPF_OP(x->code) >> 4;

			if (op == 8)
				fprintf(f, "call %d\n", x->imm);
			else if (op == 9)
				fprintf(f, "exit\n");
			else if (op == 0)
				fprintf(f, "goto %+d\n", x->off);
			else if (BPF_SRC(x->code) == BPF_X)
				fprintf(f, "if r%d %s r%d goto %+d\n", x->dst_reg, jmp_names[op],
					x->src_reg, x->off);
			else
				fprintf(f, "if r%d %s %d goto %+d\n", x->dst_reg, jmp_names[op], x->imm,
					x->off);
		} else if (cls == BPF_LDX) {
			fprintf(f, "r%d = *(%s *)(r%d %+d)\n", x->dst_reg,
				size_names[BPF_SIZE(x->code) >> 3], x->src_reg, x->off);
		} else if (cls == BPF_STX) {
			if (BPF_MODE(x->code) == BPF_ATOMIC)
				fprintf(f, "lock *(%s *)(r%d %+d) += r%d\n",
					size_names[BPF_SIZE(x->code) >> 3], x->dst_reg, x->off,
					x->src_reg);
			else
				fprintf(f, "*(%s *)(r%d %+d) = r%d\n",
					size_names[BPF_SIZE(x->code) >> 3], x->dst_reg, x->off,
					x->src_reg);
		} else if (cls == BPF_ST) {
			fprintf(f, "*(%s *)(r%d %+d) = %d\n", size_names[BPF_SIZE(x->code) >> 3],
				x->dst_reg, x->off, x->imm);
		} else if (x->code == (BPF_LD | BPF_DW | BPF_IMM) && i + 1 < n) {
			uint64_t v = (uint32_t)x->imm | (uint64_t)(uint32_t)x[1].imm << 32;

			if (x->src_reg == BPF_PSEUDO_MAP_FD)
				fprintf(f, "r%d = map[fd %d]\n", x->dst_reg, x->imm);
			else
				fprintf(f, "r%d = 0x%llx ll\n", x->dst_reg, (unsigned long long)v);
			i++;
		} else {
			fprintf(f, "(%02x)\n", x->code);
		}
	}
}
