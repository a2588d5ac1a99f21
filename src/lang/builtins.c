// SPDX-License-Identifier: GPL-2.0
/*
 * Builtin variables (pid, comm, retval, arg0...), one record each
 * (struct builtin_def in lang.h): the name, what the probe's provider
 * must offer for it and the error when it does not, the type it has and
 * the code that reads it.  Adding one is adding its record and, where
 * the table's shared rules do not do, its two functions here; nothing
 * else names it.  argN and sargN are one record each, the digit kept in
 * the node's id.
 */
#include <string.h>

#include "lang.h"
#include "../tracepoint/tracepoint.h"

#define ERR(n, ...) lang_error(c->src, (n)->l, __VA_ARGS__)

/* x86-64 pt_regs offsets of the argument registers, the return value,
 * the stack pointer and (for uprobes) the instruction pointer */
static const int arg_regs[] = { 112, 104, 96, 88, 72, 64 };
#define PT_AX	80
#define PT_IP	128
#define PT_SP	152

static void low32(struct gen *g)
{
	emit(g, ALU64_IMM(BPF_LSH, R0, 32));
	emit(g, ALU64_IMM(BPF_RSH, R0, 32));
}

/* A helper that takes no argument and returns the value in r0, with
 * the high or the low half kept (shift 32: the high, -32: the low). */
static void helper(struct gen *g, int fn, int shift)
{
	emit(g, CALL(fn));
	if (shift > 0)
		emit(g, ALU64_IMM(BPF_RSH, R0, shift));
	else if (shift < 0)
		low32(g);
}

static int gen_pid(struct gen *g, struct node *n, int dst)
{
	(void)n, (void)dst;
	helper(g, BPF_FUNC_get_current_pid_tgid, 32);
	return 0;
}

static int gen_tid(struct gen *g, struct node *n, int dst)
{
	(void)n, (void)dst;
	helper(g, BPF_FUNC_get_current_pid_tgid, -32);
	return 0;
}

/* uid, and username: the uid, which user space names */
static int gen_uid(struct gen *g, struct node *n, int dst)
{
	(void)n, (void)dst;
	helper(g, BPF_FUNC_get_current_uid_gid, -32);
	return 0;
}

static int gen_gid(struct gen *g, struct node *n, int dst)
{
	(void)n, (void)dst;
	helper(g, BPF_FUNC_get_current_uid_gid, 32);
	return 0;
}

/* the builtins that are one helper call: the helper is the record's arg */
static int gen_helper(struct gen *g, struct node *n, int dst)
{
	(void)dst;
	helper(g, n->bi->arg, 0);
	return 0;
}

static int gen_elapsed(struct gen *g, struct node *n, int dst)
{
	(void)n, (void)dst;
	emit(g, CALL(BPF_FUNC_ktime_get_ns));
	emit_ld64(g, R1, g->c->boot_ns);
	emit(g, ALU64_REG(BPF_SUB, R0, R1));
	return 0;
}

static int gen_cpid(struct gen *g, struct node *n, int dst)
{
	(void)n, (void)dst;
	emit_mov_imm(g, R0, g->c->cpid);
	return 0;
}

static int gen_comm(struct gen *g, struct node *n, int dst)
{
	(void)n;
	if (!dst)
		dst = stack_alloc(g, 16);
	gen_call_into(g, BPF_FUNC_get_current_comm, dst, 16);
	return dst;
}

static int gen_kstack(struct gen *g, struct node *n, int dst)
{
	(void)n, (void)dst;
	emit(g, MOV64_REG(R1, R6));
	emit_map_fd(g, R2, g->c->stack_fd);
	emit(g, MOV64_IMM(R3, 0));
	emit(g, CALL(BPF_FUNC_get_stackid));
	return 0;
}

/* A user-space value kept with its process: the 8 bytes r0 holds at
 * dst, the pid at dst + 8 (user space symbolises in that process). */
static int with_pid(struct gen *g, int dst)
{
	emit(g, STX_MEM(BPF_DW, R10, R0, dst));
	helper(g, BPF_FUNC_get_current_pid_tgid, 32);
	emit(g, STX_MEM(BPF_DW, R10, R0, dst + 8));
	return dst;
}

static int gen_ustack(struct gen *g, struct node *n, int dst)
{
	(void)n;
	if (!dst)
		dst = stack_alloc(g, 16);
	emit(g, MOV64_REG(R1, R6));
	emit_map_fd(g, R2, g->c->stack_fd);
	emit(g, MOV64_IMM(R3, BPF_F_USER_STACK));
	emit(g, CALL(BPF_FUNC_get_stackid));
	return with_pid(g, dst);
}

static int gen_probe_id(struct gen *g, struct node *n, int dst)
{
	struct compiler *c = g->c;

	(void)n, (void)dst;
	if (c->cur->kind != P_USDT && c->cur->set.n > 1) {
		/* one program, many functions: the cookie says which */
		emit(g, MOV64_REG(R1, R6));
		emit(g, CALL(BPF_FUNC_get_attach_cookie));
		return 0;
	}
	emit(g, MOV64_IMM(R0, c->cur->name_id));
	return 0;
}

/* func where the provider has no user symbol: the event's name */
static int gen_probe_func(struct gen *g, struct node *n, int dst)
{
	struct node lit = { .kind = N_STR, .str = g->c->cur->func,
			    .slen = strlen(g->c->cur->func) };

	lit.ty = n->ty;
	return gen_expr(g, &lit, dst);
}

/* func at a user address: the instruction pointer and the process */
static int gen_ufunc(struct gen *g, struct node *n, int dst)
{
	(void)n;
	if (!dst)
		dst = stack_alloc(g, 16);
	emit(g, LDX_MEM(BPF_DW, R0, R6, PT_IP));
	return with_pid(g, dst);
}

static int gen_retval(struct gen *g, struct node *n, int dst)
{
	(void)n, (void)dst;
	emit(g, LDX_MEM(BPF_DW, R0, R6, PT_AX));
	return 0;
}

static int gen_ctx(struct gen *g, struct node *n, int dst)
{
	(void)n, (void)dst;
	emit(g, MOV64_REG(R0, R6));
	return 0;
}

/* the 8-byte slot `slot` above the return address, at a function's entry */
static void stack_slot(struct gen *g, int slot)
{
	emit(g, LDX_MEM(BPF_DW, R0, R6, PT_SP));
	emit(g, ALU64_IMM(BPF_ADD, R0, 8 * slot));
	gen_read(g, 8, false, true);
}

static int gen_arg(struct gen *g, struct node *n, int dst)
{
	int i = n->id;

	(void)dst;
	if (g->c->cur->kind == P_RAWTP) {
		emit(g, LDX_MEM(BPF_DW, R0, R6, 8 * i));
		return 0;
	}
	if (g->c->cur->kind == P_USDT)
		return gen_usdt_arg(g, n, i);
	if (i > 5)	/* on the stack, above the return address */
		stack_slot(g, i - 5);
	else
		emit(g, LDX_MEM(BPF_DW, R0, R6, arg_regs[i]));
	return 0;
}

static int gen_sarg(struct gen *g, struct node *n, int dst)
{
	(void)dst;
	stack_slot(g, n->id + 1);
	return 0;
}

/* Type rules beyond the table's fixed type */

static int check_stack(struct compiler *c, struct node *n)
{
	if (n->ty.kind == TY_KSTACK)
		c->uses_kstack = true;
	else
		c->uses_ustack = true;
	return 0;
}

static const struct builtin_def probe_func = {
	"func", 0, NULL, TY_STR, STR_SIZE, false, 0, NULL, gen_probe_func,
};

static int check_func(struct compiler *c, struct node *n)
{
	if (c->cur->kind == P_USDT)
		return ERR(n, "The func builtin can not be used with 'usdt' probes");
	if (!(provider_of(c->cur->kind)->offers & PV_USYM_FUNC)) {
		n->bi = &probe_func;	/* the event's name */
		n->ty = t_of(TY_STR, STR_SIZE);
	}
	return 0;
}

static int check_curtask(struct compiler *c, struct node *n)
{
	int id = btf_struct(c, "task_struct");

	if (id > 0)
		n->ty.btf_id = id;
	else
		n->ty.elem = 8, n->ty.ptr_level = 1;
	return 0;
}

static int check_user(struct compiler *c, struct node *n)
{
	/* a pointer returned or passed in a user function is a user pointer */
	n->ty.user = provider_of(c->cur->kind)->offers & PV_USER;
	return 0;
}

static int check_retval(struct compiler *c, struct node *n)
{
	(void)c;
	n->ty.user = true;	/* a pointer returned is a user pointer */
	return 0;
}

static const char no_retval[] = "The retval builtin can only be used with 'kretprobe' and "
				"'uretprobe' and 'kfunc' probes";
static const char no_args[] = "The args builtin can only be used with tracepoint/kfunc/"
			      "uprobe probes (here: %s)";
static const char no_argn[] = "The %s builtin can only be used with 'kprobes', "
			      "'uprobes' and 'usdt' probes";
static const char no_sarg[] = "The %s builtin can only be used with 'kprobes' "
			      "and 'uprobes' probes";

/* name, provider must offer, error otherwise, type kind, size, signed,
 * rule's value, type rule, code */
static const struct builtin_def builtins[] = {
	{ "pid", 0, NULL, TY_INT, 4, false, 0, NULL, gen_pid },
	{ "tid", 0, NULL, TY_INT, 4, false, 0, NULL, gen_tid },
	{ "uid", 0, NULL, TY_INT, 4, false, 0, NULL, gen_uid },
	{ "gid", 0, NULL, TY_INT, 4, false, 0, NULL, gen_gid },
	{ "cpu", 0, NULL, TY_INT, 4, false, BPF_FUNC_get_smp_processor_id, NULL, gen_helper },
	{ "numaid", 0, NULL, TY_INT, 4, false, BPF_FUNC_get_numa_node_id, NULL, gen_helper },
	{ "nsecs", 0, NULL, TY_INT, 8, false, BPF_FUNC_ktime_get_ns, NULL, gen_helper },
	{ "elapsed", 0, NULL, TY_INT, 8, false, 0, NULL, gen_elapsed },
	{ "cgroup", 0, NULL, TY_INT, 8, false, BPF_FUNC_get_current_cgroup_id, NULL, gen_helper },
	{ "rand", 0, NULL, TY_INT, 8, false, BPF_FUNC_get_prandom_u32, NULL, gen_helper },
	{ "cpid", 0, NULL, TY_INT, 8, false, 0, NULL, gen_cpid },
	{ "comm", 0, NULL, TY_STR, 16, false, 0, NULL, gen_comm },
	{ "kstack", 0, NULL, TY_KSTACK, 8, false, 0, check_stack, gen_kstack },
	{ "ustack", 0, NULL, TY_USTACK, 16, false, 0, check_stack, gen_ustack },
	{ "probe", 0, NULL, TY_PROBE, 8, false, 0, NULL, gen_probe_id },
	{ "func", 0, NULL, TY_USYM, 16, false, 0, check_func, gen_ufunc },
	{ "curtask", 0, NULL, TY_PTR, 8, false, BPF_FUNC_get_current_task, check_curtask,
	  gen_helper },
	{ "retval", PV_RETVAL, no_retval, TY_INT, 8, true, 0, check_retval, gen_retval },
	{ "args", PV_ARGS, no_args, TY_CTX, 8, false, 0, NULL, NULL },
	{ "username", 0, NULL, TY_USERNAME, 8, false, 0, NULL, gen_uid },
	{ "ctx", 0, NULL, TY_INT, 8, false, 0, NULL, gen_ctx },	/* an address to cast */
	{ "arg", PV_ARGN, no_argn, TY_INT, 8, false, 0, check_user, gen_arg },
	{ "sarg", PV_SARG, no_sarg, TY_INT, 8, false, 0, NULL, gen_sarg },
	{ "jiffies", 0, NULL, TY_NONE, 0, false, 0, NULL, NULL },	/* not yet */
	{ 0 },
};

/* "arg3" -> the "arg" record and 3; plain "arg" is no builtin */
const struct builtin_def *builtin_lookup(const char *name, int *index)
{
	size_t len = strlen(name);
	bool numbered = len >= 4 && len <= 5 && name[len - 1] >= '0' && name[len - 1] <= '9';

	*index = numbered ? name[len - 1] - '0' : 0;
	for (const struct builtin_def *b = builtins; b->name; b++) {
		bool takes = b->gen == gen_arg || b->gen == gen_sarg;

		if (takes ? numbered && strlen(b->name) == len - 1 && !strncmp(b->name, name, len - 1)
			  : !strcmp(b->name, name))
			return b;
	}
	return NULL;
}

int check_builtin_var(struct compiler *c, struct node *n, const struct builtin_def *b)
{
	const char *here = b->needs == PV_ARGS ? c->cur->name : n->str;

	if (b->kind == TY_NONE)
		return ERR(n, "not supported yet: %s", n->str);
	if (b->needs && !(provider_of(c->cur->kind)->offers & b->needs))
		return ERR(n, b->refused, here);
	n->bi = b;
	n->ty = b->kind == TY_INT ? t_int(b->size, b->sign) : t_of(b->kind, b->size);
	return b->check ? b->check(c, n) : 0;
}

int gen_builtin(struct gen *g, struct node *n, int dst)
{
	if (!n->bi || !n->bi->gen)
		return ERR_NS(g, n, "not supported yet: %s", n->str);
	return n->bi->gen(g, n, dst);
}
