// SPDX-License-Identifier: GPL-2.0
/*
 * kstack/ustack and their call forms, kstack(N), ustack(perf),
 * ustack(perf, N): the kernel keeps a stack trace map per depth, since a
 * stack id names the frames it kept (two stacks that differ below the
 * first N frames are one key of @[ustack(N)], as in bpftrace); user space
 * prints them in bpftrace's modes:
 *
 *   bpftrace  "        func+off"       (4 spaces inside a map key)
 *   perf      "\t7f3a1c2b9189 func+off (/path/of/the/file)" (no file for
 *             the kernel's frames)
 *
 * A stack's type carries its depth (nelem, 0: the default) and its mode
 * (elem: 0 bpftrace, 1 perf).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "lang.h"
#include "../profile/profile.h"
#include "../stack/stack.h"


enum { MODE_BPFTRACE, MODE_PERF };

int check_stack_call(struct compiler *c, struct node *n, bool user)
{
	struct type t = t_of(user ? TY_USTACK : TY_KSTACK, user ? 16 : 8);

	for (int i = 0; i < n->nv; i++) {
		struct node *a = n->v[i];

		if (i == 0 && a->kind == N_BUILTIN) {
			if (!strcmp(a->str, "perf"))
				t.elem = MODE_PERF;
			else if (strcmp(a->str, "bpftrace"))
				return lang_error(c->src, a->l, "%s() mode '%s' is not supported yet "
						  "(bpftrace, perf)", n->str, a->str);
			continue;
		}
		if (a->kind != N_INT)
			return lang_error(c->src, a->l, "%s: invalid limit value", n->str);
		if (a->ival < 1 || a->ival > STACK_DEPTH)
			return lang_error(c->src, a->l, "%s([int limit]): limit should be in the "
					  "range [1, %d] (%lld provided)", n->str, STACK_DEPTH,
					  (long long)a->ival);
		t.nelem = a->ival == STACK_DEPTH ? 0 : a->ival;
	}
	if (t.nelem && stack_depth_fd(c, t.nelem) == -2)
		return lang_error(c->src, n->l, "not supported yet: more than %d stack depths "
				  "in one program", MAX_STACK_DEPTHS);
	if (user)
		c->uses_ustack = true;
	else
		c->uses_kstack = true;
	n->ty = t;
	return 0;
}

int stack_depth_fd(struct compiler *c, uint32_t depth)
{
	if (!depth || depth >= STACK_DEPTH)
		return c->stack_fd;
	for (int i = 0; i < c->ndepths; i++)
		if (c->depths[i].depth == depth)
			return c->depths[i].fd;
	if (c->ndepths == MAX_STACK_DEPTHS)
		return -2;
	c->depths[c->ndepths].depth = depth;
	c->depths[c->ndepths++].fd = -1;
	return -1;
}

int stacks_create(struct compiler *c)
{
	for (int i = 0; i < c->ndepths; i++) {
		char name[16];

		snprintf(name, sizeof(name), "stacks%u", c->depths[i].depth);
		c->depths[i].fd = bpf_map_create(BPF_MAP_TYPE_STACK_TRACE, name, 4,
						 c->depths[i].depth * 8, 4096, NULL);
		if (c->depths[i].fd < 0)
			return -errno;
	}
	return 0;
}

void stacks_close(struct compiler *c)
{
	for (int i = 0; i < c->ndepths; i++)
		if (c->depths[i].fd >= 0)
			close(c->depths[i].fd);
	c->ndepths = 0;
}

int gen_stack_call(struct gen *g, struct node *n, int dst)
{
	bool user = n->ty.kind == TY_USTACK;

	if (user && !dst)
		dst = stack_alloc(g, 16);
	emit(g, MOV64_REG(R1, R6));
	emit_map_fd(g, R2, stack_depth_fd(g->c, n->ty.nelem));
	emit(g, MOV64_IMM(R3, user ? BPF_F_USER_STACK : 0));
	emit(g, CALL(BPF_FUNC_get_stackid));
	if (!user)
		return 0;
	emit(g, STX_MEM(BPF_DW, R10, R0, dst));
	emit(g, CALL(BPF_FUNC_get_current_pid_tgid));
	emit(g, ALU64_IMM(BPF_RSH, R0, 32));
	emit(g, STX_MEM(BPF_DW, R10, R0, dst + 8));
	return dst;
}

static void kframe(struct compiler *c, FILE *f, uint64_t ip, int mode, const char *indent)
{
	uint64_t off;
	const char *name;

	if (!c->ks)
		c->ks = ksyms_load();
	name = ksyms_find_off(c->ks, ip, &off);
	if (mode == MODE_PERF) {
		fprintf(f, "\t%llx ", (unsigned long long)ip);
		/* bpftrace 0.17 names no module for the kernel's frames */
		if (name)
			fprintf(f, "%s+%llu\n", name, (unsigned long long)off);
		else
			fprintf(f, "0x%llx\n", (unsigned long long)ip);
	} else if (name) {
		fprintf(f, "%s%s+%llu\n", indent, name, (unsigned long long)off);
	} else {
		fprintf(f, "%s0x%llx\n", indent, (unsigned long long)ip);
	}
}

void stack_text(struct compiler *c, FILE *f, const struct type *t, const uint8_t *p)
{
	uint64_t ips[STACK_DEPTH] = { 0 };
	uint32_t depth = t->nelem ? t->nelem : STACK_DEPTH, pid = 0, key;
	const char *indent = c->in_key ? "    " : "        ";
	int64_t id;

	memcpy(&id, p, 8);
	if (t->kind == TY_USTACK)
		memcpy(&pid, p + 8, 4);
	key = id;
	/* no stack (a uprobe has no kernel one): nothing, as bpftrace */
	if (id < 0)
		return;
	fputc('\n', f);
	if (bpf_map_lookup_elem(stack_depth_fd(c, t->nelem), &key, ips))
		return;
	for (uint32_t i = 0; i < depth && ips[i]; i++) {
		if (t->kind == TY_KSTACK) {
			kframe(c, f, ips[i], t->elem, indent);
		} else if (t->elem == MODE_PERF) {
			fprintf(f, "\t%llx ", (unsigned long long)ips[i]);
			usym_text_perf(c, f, pid, ips[i]);
			fputc('\n', f);
		} else {
			fputs(indent, f);
			usym_text(c, f, pid, ips[i], true);
			fputc('\n', f);
		}
	}
}
