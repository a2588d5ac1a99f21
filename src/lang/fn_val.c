// SPDX-License-Identifier: GPL-2.0
/*
 * Builtins that make values: str, buf, ksym, usym, kaddr, uaddr, ntop,
 * strftime, signal, reg, kstack, ustack, bswap, strncmp, macaddr,
 * cgroupid, kptr, uptr, strerror, pton, strcontains.
 * Each builtin function is one record (struct func_def in lang.h): its
 * name, its arguments, how it is typed and the code it becomes.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "lang.h"
#include "../tracepoint/tracepoint.h"

#define ERR(n, ...) lang_error(c->src, (n)->l, __VA_ARGS__)
#define UNUSED __attribute__((unused))

static const char *const regs[] = {
	"r15", "r14", "r13", "r12", "bp", "bx", "r11", "r10", "r9", "r8", "ax", "cx",
	"dx", "si", "di", "orig_ax", "ip", "cs", "flags", "sp", "ss", NULL,
};

/* cgroupid("/sys/fs/cgroup/unified/x"): the id the kernel gives the
 * cgroup, its file handle, known now; the call becomes that number. */
static int cgroupid(struct compiler *c, struct node *n)
{
	struct {
		struct file_handle fh;
		uint64_t id;
	} h = { .fh.handle_bytes = 8 };
	int mnt;
	const char *path = n->v[0]->str;

	if (name_to_handle_at(AT_FDCWD, path, &h.fh, &mnt, 0))
		return ERR(n, "Failed to get `cgroupid` for path: \"%s\": %s", path,
			   strerror(errno));
	n->kind = N_INT;
	n->ival = h.id;
	n->ty = t_int(8, false);
	return 0;
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
		gen_call_into(g, BPF_FUNC_probe_read_kernel, dst, 6);
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
	gen_call_into(g, a->ty.user ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel, dst, 6);
	return dst;
}

static int chk_str(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	struct type *a = &n->v[0]->ty;

	if (a->kind == TY_STR) {
		n->ty = *a;	/* already a string: str() keeps it */
	} else if (arg_is_int(a)) {
		n->ty = t_of(TY_STR, STR_SIZE);
	} else {
		return ERR(n->v[0], "str() expects a pointer or integer (%s provided)",
			   kind_name(a->kind));
	}
	if (n->nv == 2) {
		if (!arg_is_int(&n->v[1]->ty))
			return ERR(n->v[1], "str() length must be an integer");
		if (n->v[1]->kind == N_INT && n->v[1]->ival + 1 < STR_SIZE &&
		    n->v[1]->ival >= 0)
			n->ty.size = n->v[1]->ival + 1;
	}
	return 0;
}

static int gen_str(struct gen *g, struct node *n, int dst)
{
	uint32_t storage = type_storage(&n->ty);
	struct node *a = n->v[0];

	if (!dst)
		dst = stack_alloc(g, storage);
	if (a->ty.kind == TY_STR) {
		uint32_t as = type_storage(&a->ty);

		if (as <= storage) {
			stack_zero(g, dst, storage);
			gen_expr(g, a, dst);
		} else {	/* str("long text", 2): the first bytes */
			int tmp = stack_alloc(g, as);

			stack_zero(g, tmp, as);
			stack_copy(g, dst, gen_expr(g, a, tmp), storage);
		}
		/* str(s, n) keeps n characters, as bpftrace does */
		for (uint32_t i = n->ty.size - 1; n->nv == 2 && i < storage; i++)
			emit(g, ST_MEM(BPF_B, R10, dst + i, 0));
		return dst;
	}
	gen_expr(g, a, 0);
	read_str_into(g, dst, n->ty.size, storage, a->ty.user, false);
	return dst;
}

static int chk_buf(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	if (!arg_is_int(&n->v[0]->ty) && n->v[0]->ty.kind != TY_ARRAY &&
	    n->v[0]->ty.kind != TY_STR)
		return ERR(n->v[0], "buf() expects a pointer or array");
	if (n->nv == 1 && n->v[0]->ty.kind != TY_ARRAY && n->v[0]->ty.kind != TY_STR)
		return ERR(n, "buf() needs a length for a pointer");
	if (n->nv == 2 && !arg_is_int(&n->v[1]->ty))
		return ERR(n->v[1], "buf() length must be an integer");
	/* a length known only at run time: up to a string's size */
	n->ty = t_of(TY_BUF, n->nv == 2 && n->v[1]->kind != N_INT ? STR_SIZE :
		     n->nv == 2 ? (uint32_t)n->v[1]->ival : n->v[0]->ty.size);
	if (n->ty.size > STR_SIZE)
		n->ty.size = STR_SIZE;
	return 0;
}

static int gen_buf(struct gen *g, struct node *n, int dst)
{
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

static int chk_ksym(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	if (!arg_is_int(&n->v[0]->ty))
		return ERR(n->v[0], "%s() expects an integer", n->str);
	n->ty = t_of(n->fn->arg, n->fn->arg == TY_KSYM ? 8 : 16);
	return 0;
}

static int gen_ksym(struct gen *g, struct node *n, int dst UNUSED)
{
	gen_expr(g, n->v[n->fn->arg == TY_TSTAMP], 0);
	return 0;
}

static int gen_usym(struct gen *g, struct node *n, int dst)
{
	if (!dst)
		dst = stack_alloc(g, 16);
	gen_expr(g, n->v[0], 0);
	emit(g, STX_MEM(BPF_DW, R10, R0, dst));
	emit(g, CALL(BPF_FUNC_get_current_pid_tgid));
	emit(g, ALU64_IMM(BPF_RSH, R0, 32));
	emit(g, STX_MEM(BPF_DW, R10, R0, dst + 8));
	return dst;
}

static int chk_kaddr(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	struct node *a = n->v[0];

	/* kaddr(str($1)): the parameter's text is a literal too */
	if (a->kind == N_CALL && a->fn && (a->fn->flags & FN_POS_TEXT) && a->nv == 1 &&
	    a->v[0]->kind == N_STR)
		a = a->v[0];
	if (a->kind != N_STR)
		return ERR(n->v[0], "kaddr() expects a string literal");
	n->ival = kallsyms_addr(a->str);
	if (!n->ival)
		return ERR(n->v[0], "Failed to resolve kernel symbol: %s", a->str);
	n->ty = t_int(8, false);
	n->ty.kind = TY_PTR;
	n->ty.ptr_level = 1;
	n->ty.elem = 8;
	n->ty.elem_signed = true;
	return 0;
}

static int gen_kaddr(struct gen *g, struct node *n, int dst UNUSED)
{
	emit_mov_imm(g, R0, n->ival);
	return 0;
}

static int chk_uaddr(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	return check_uaddr(c, n);
}

static int gen_uaddr_call(struct gen *g, struct node *n, int dst UNUSED)
{
	gen_uaddr(g, n);
	return 0;
}

static int chk_ntop(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	struct type *a = &n->v[n->nv - 1]->ty;

	if (n->nv == 2 && !arg_is_int(&n->v[0]->ty))
		return ERR(n->v[0], "ntop() address family must be an integer");
	if (!arg_is_int(a) && !(a->kind == TY_ARRAY && (a->size == 4 || a->size == 16)) &&
	    !(a->kind == TY_STR && (a->size == 4 || a->size == 16)))
		return ERR(n->v[n->nv - 1], "ntop() expects an integer or an array of 4 "
			   "or 16 bytes");
	n->ty = t_of(TY_INET, 24);
	return 0;
}

static int gen_ntop(struct gen *g, struct node *n, int dst)
{
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
		gen_call_into(g, a->ty.user ? BPF_FUNC_probe_read_user :
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

static int chk_strftime(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	if (n->v[0]->kind != N_STR)
		return ERR(n->v[0], "strftime() expects a string literal format");
	if (!arg_is_int(&n->v[1]->ty))
		return ERR(n->v[1], "strftime() expects an integer time");
	n->ty = t_of(TY_TSTAMP, 8);
	n->ty.nelem = fmt_add(c, REC_TIME, n->v[0]->str);
	return 0;
}

static int chk_signal(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	if (n->v[0]->kind == N_STR) {
		static const char *const sigs[] = {
			"", "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT",
			"SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1", "SIGSEGV", "SIGUSR2",
			"SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGCHLD", "SIGCONT",
			"SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGXCPU",
			"SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH", "SIGIO", "SIGPWR",
			"SIGSYS",
		};
		const char *s = n->v[0]->str;

		for (int i = 1; i < 32; i++)
			if (!strcmp(s, sigs[i]) || !strcmp(s, sigs[i] + 3)) {
				n->v[0]->kind = N_INT;
				n->v[0]->ival = i;
				n->v[0]->ty = t_int(8, true);
				return 0;
			}
		return ERR(n->v[0], "%s is not a valid signal", s);
	}
	if (!arg_is_int(&n->v[0]->ty))
		return ERR(n->v[0], "signal() expects a signal number or name");
	if (n->v[0]->kind == N_INT && (n->v[0]->ival < 1 || n->v[0]->ival > 64))
		return ERR(n->v[0], "%lld is not a valid signal", (long long)n->v[0]->ival);
	return 0;
}

static int gen_signal(struct gen *g, struct node *n, int dst UNUSED)
{
	gen_expr(g, n->v[0], 0);
	emit(g, MOV64_REG(R1, R0));
	emit(g, CALL(BPF_FUNC_send_signal));
	return 0;
}

static int chk_reg(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	if (n->v[0]->kind != N_STR)
		return ERR(n->v[0], "reg() expects a string literal");
	if (!(provider_of(c->cur->kind)->offers & PV_REGS))
		return ERR(n, "reg() can not be used with \"%s\" probes", c->cur->name);
	for (int i = 0; regs[i]; i++)
		if (!strcmp(n->v[0]->str, regs[i])) {
			n->ival = i * 8;
			n->ty = t_int(8, false);
			/* a uprobe's registers */
			n->ty.user = provider_of(c->cur->kind)->offers & PV_USER;
			return 0;
		}
	return ERR(n->v[0], "'%s' is not a valid register", n->v[0]->str);
}

static int gen_reg(struct gen *g, struct node *n, int dst UNUSED)
{
	emit(g, LDX_MEM(BPF_DW, R0, R6, n->ival));
	return 0;
}

static int chk_stack(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	return check_stack_call(c, n, n->fn->arg);
}

static int gen_stack(struct gen *g, struct node *n, int dst)
{
	return gen_stack_call(g, n, dst);
}

static int chk_bswap(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	struct type *a = &n->v[0]->ty;

	if (a->kind != TY_INT)
		return ERR(n->v[0], "bswap() only supports integer arguments (%s provided)",
			   kind_name(a->kind));
	n->ty = t_int(a->size, false);
	return 0;
}

static int gen_bswap(struct gen *g, struct node *n, int dst UNUSED)
{
	uint32_t size = n->v[0]->ty.size;

	gen_expr(g, n->v[0], 0);
	if (size > 1)	/* to big endian on this little-endian machine: a swap */
		emit(g, ((struct bpf_insn){ .code = BPF_ALU | BPF_END | BPF_TO_BE,
					    .dst_reg = R0, .imm = 8 * size }));
	return 0;
}

static int chk_strncmp(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	for (int i = 0; i < 2; i++)
		if (n->v[i]->ty.kind != TY_STR)
			return ERR(n, "strncmp() expects a string for argument %d (%s "
				   "provided)", i + 1, kind_name(n->v[i]->ty.kind));
	if (n->v[2]->kind != N_INT || n->v[2]->ival < 0)
		return ERR(n, "Builtin strncmp requires a non-negative integer literal "
			   "as its third argument");
	n->ty = t_int(8, false);
	return 0;
}

static int gen_strncmp_call(struct gen *g, struct node *n, int dst UNUSED)
{
	gen_strncmp(g, n);
	return 0;
}

static int chk_macaddr(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	struct type *a = &n->v[0]->ty;

	if (n->v[0]->kind == N_STR)
		return ERR(n, "macaddr() does not support literal string arguments");
	if (!arg_is_int(a) && (a->kind != TY_ARRAY && a->kind != TY_STR))
		return ERR(n, "macaddr() only supports array or pointer arguments");
	if (!arg_is_int(a) && a->size != 6)
		return ERR(n, "macaddr() argument must be 6 bytes in size");
	n->ty = t_of(TY_MACADDR, 8);
	return 0;
}

static int gen_macaddr_call(struct gen *g, struct node *n, int dst)
{
	return gen_macaddr(g, n, dst);
}

static int chk_cgroupid_call(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	if (n->v[0]->kind != N_STR)
		return ERR(n->v[0], "cgroupid() expects a string literal");
	return cgroupid(c, n);
}

static int chk_ptr(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	/* the same address, read from kernel or user memory */
	if (!arg_is_int(&n->v[0]->ty))
		return ERR(n->v[0], "%s() expects an integer or a pointer", n->str);
	n->ty = n->v[0]->ty;
	n->ty.user = n->fn->arg;
	return 0;
}

static int gen_number(struct gen *g, struct node *n, int dst UNUSED)
{
	/* the number; user space shows its text */
	gen_expr(g, n->v[0], 0);
	return 0;
}

static int chk_strerror(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	if (!arg_is_int(&n->v[0]->ty))
		return ERR(n->v[0], "strerror() expects an integer");
	n->ty = t_of(TY_ERRNO, 8);
	return 0;
}

/* pton("127.0.0.1"): the address's 4 or 16 bytes, known now (kept in
 * n->c, a literal of those bytes), for ntop() as bpftrace has them */
static int chk_pton(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	unsigned char addr[16];
	int len;

	if (n->c)	/* the second pass */
		goto typed;
	if (n->v[0]->kind != N_STR)
		return ERR(n->v[0], "pton() expects a string literal");
	if (inet_pton(AF_INET, n->v[0]->str, addr) == 1)
		len = 4;
	else if (inet_pton(AF_INET6, n->v[0]->str, addr) == 1)
		len = 16;
	else
		return ERR(n->v[0], "pton() expects a valid IPv4 or IPv6 address (%s provided)",
			   n->v[0]->str);
	n->c = node_new(N_STR, n->l);
	n->c->str = malloc(len);
	if (!n->c->str)
		abort();
	memcpy(n->c->str, addr, len);
	n->c->slen = len;
typed:
	n->ty = t_of(TY_STR, n->c->slen);
	n->c->ty = n->ty;
	return 0;
}

static int gen_pton(struct gen *g, struct node *n, int dst)
{
	return gen_expr(g, n->c, dst);
}

/* strcontains(a, b) of two literals: known now, as bpftrace folds it */
static int chk_strcontains(struct compiler *c, struct node *n,
			   struct node *assign_to UNUSED)
{
	for (int i = 0; i < 2; i++)
		if (n->v[i]->ty.kind != TY_STR)
			return ERR(n, "strcontains() expects a string for argument %d (%s "
				   "provided)", i + 1, kind_name(n->v[i]->ty.kind));
	if (n->v[0]->kind != N_STR || n->v[1]->kind != N_STR)
		return ERR(n, "not supported yet: strcontains() of strings known only when "
			   "the probe runs");
	n->ival = strstr(n->v[0]->str, n->v[1]->str) != NULL;
	n->kind = N_INT;
	n->ty = t_int(8, false);
	return 0;
}

/* cgroup_path(id): the id; user space finds its paths when printing */
static int chk_cgroup_path(struct compiler *c, struct node *n, struct node *assign_to UNUSED)
{
	if (!arg_is_int(&n->v[0]->ty))
		return ERR(n->v[0], "cgroup_path() expects an integer (%s provided)",
			   kind_name(n->v[0]->ty.kind));
	n->ty = t_of(TY_CGPATH, 8);
	return 0;
}

/* name, arguments (least, most), FN_ flags, the record's value, type rule, code */
const struct func_def fn_val[] = {
	{ "str", 1, 2, FN_POS_TEXT, 0, chk_str, gen_str },
	{ "buf", 1, 2, 0, 0, chk_buf, gen_buf },
	{ "ksym", 1, 1, 0, TY_KSYM, chk_ksym, gen_ksym },
	{ "usym", 1, 1, 0, TY_USYM, chk_ksym, gen_usym },
	{ "kaddr", 1, 1, 0, 0, chk_kaddr, gen_kaddr },
	{ "uaddr", 1, 1, 0, 0, chk_uaddr, gen_uaddr_call },
	{ "ntop", 1, 2, 0, 0, chk_ntop, gen_ntop },
	{ "strftime", 2, 2, 0, TY_TSTAMP, chk_strftime, gen_ksym },
	{ "signal", 1, 1, 0, 0, chk_signal, gen_signal },
	{ "reg", 1, 1, 0, 0, chk_reg, gen_reg },
	{ "kstack", 0, 2, FN_MODE_ARG, 0, chk_stack, gen_stack },
	{ "ustack", 0, 2, FN_MODE_ARG, 1, chk_stack, gen_stack },
	{ "bswap", 1, 1, 0, 0, chk_bswap, gen_bswap },
	{ "strncmp", 3, 3, 0, 0, chk_strncmp, gen_strncmp_call },
	{ "macaddr", 1, 1, 0, 0, chk_macaddr, gen_macaddr_call },
	{ "cgroupid", 1, 1, 0, 0, chk_cgroupid_call, NULL },	/* a number once typed */
	{ "kptr", 1, 1, 0, 0, chk_ptr, gen_number },
	{ "uptr", 1, 1, 0, 1, chk_ptr, gen_number },
	{ "strerror", 1, 1, 0, 0, chk_strerror, gen_number },
	{ "pton", 1, 1, 0, 0, chk_pton, gen_pton },
	{ "cgroup_path", 1, 1, 0, 0, chk_cgroup_path, gen_number },
	{ "strcontains", 2, 2, 0, 0, chk_strcontains, NULL },	/* a number once typed */
	{ NULL },
};
