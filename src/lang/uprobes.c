// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe:, uretprobe: and usdt: probes through the probe engine
 * (src/probe/): a spec resolves to locations in one file; one program
 * serves them all, attached by one uprobe_multi link (per-location perf
 * events where the kernel has none), each location with a BPF cookie
 * that says which one fired (the probe builtin).  A glob over a library
 * is one program, not one per function as bpftrace loads, so attaching a
 * thousand functions costs one verification.
 *
 * USDT arguments live where the compiler left them (a register, a
 * constant, memory at an offset from a register), which differs from one
 * location of a marker to the next: locations are grouped by their
 * argument specs, one program per group, so each program reads its
 * arguments with plain loads and no run-time switch.
 *
 * User addresses (func, usym(), ustack) are symbolised in user space when
 * printed, from the process's mappings then (as bpftrace does: a process
 * gone by then prints addresses).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "lang.h"
#include "../probe/internal.h"
#include "../stack/stack.h"
#include "../util/util.h"


int pname_add(struct compiler *c, const char *name)
{
	char **v = realloc(c->pnames, (c->npnames + 1) * sizeof(*v));

	if (!v)
		abort();
	c->pnames = v;
	if (!(v[c->npnames] = strdup(name)))
		abort();
	return c->npnames++;
}

int probes_count(const struct compiler *c)
{
	int n = 0;

	for (int i = 0; i < c->npts; i++) {
		bool user = provider_of(c->pts[i].kind)->offers & PV_USER;
		enum lang_probe_kind k = c->pts[i].kind;

		/* a FUNC+argN watchpoint is attached later, as bpftrace counts */
		if ((k == P_WATCHPOINT || k == P_ASYNCWATCHPOINT) && !c->pts[i].wp_addr)
			continue;
		n += user ? (int)c->pts[i].set.n : 1;
	}
	return n;
}

/* The file as users name it: /proc/PID/root/usr/lib/... (-p resolves
 * through the process's root) shows as /usr/lib/... */
static const char *display_path(const char *path)
{
	const char *p;

	if (strncmp(path, "/proc/", 6))
		return path;
	p = path + 6;
	while (*p >= '0' && *p <= '9')
		p++;
	return strncmp(p, "/root/", 6) ? path : p + 5;
}

static bool same_args(const struct probe_loc *a, const struct probe_loc *b)
{
	if (strcmp(a->name, b->name) || a->nargs != b->nargs)
		return false;
	for (int i = 0; i < a->nargs; i++)
		if (a->args[i].type != b->args[i].type || a->args[i].size != b->args[i].size ||
		    a->args[i].reg_off != b->args[i].reg_off || a->args[i].val != b->args[i].val ||
		    a->args[i].idx_off != b->args[i].idx_off || a->args[i].scale != b->args[i].scale)
			return false;
	return true;
}

static void set_take(struct probe_set *dst, const struct probe_set *src, const struct probe_loc *l)
{
	if (!dst->path) {
		dst->kind = src->kind;
		if (!(dst->path = strdup(src->path)))
			abort();
	}
	if (probe_set_add(dst, l->name, l->addr, l->offset))
		abort();
	struct probe_loc *n = &dst->loc[dst->n - 1];
	char *name = n->name;

	*n = *l;
	n->name = name;
}

static int expand_usdt(struct compiler *c, int pi, int ai, const struct probe_set *set)
{
	int first = c->npts;
	char name[4600];

	for (size_t i = 0; i < set->n; i++) {
		const struct probe_loc *l = &set->loc[i];
		struct probe_point *p = NULL;

		for (int k = first; k < c->npts && !p; k++)
			if (same_args(&c->pts[k].set.loc[0], l))
				p = &c->pts[k];
		snprintf(name, sizeof(name), "usdt:%s:%s", display_path(set->path), l->name);
		if (!p) {
			p = add_point(c, P_USDT, pi, ai, name, l->name);
			/* one marker placed where its arguments differ: two
			 * programs, one name for the probe builtin (a map
			 * keyed by probe has one element for it) */
			for (int k = 0; k < c->npts - 1; k++)
				if (c->pts[k].kind == P_USDT && !strcmp(c->pts[k].name, name)) {
					p->name_id = c->pts[k].name_id;
					break;
				}
		}
		set_take(&p->set, set, l);
	}
	return 0;
}

static int find_object(const char *path, const char *sym, uint64_t *addr, uint64_t *size,
		       bool *fixed);

static int covers(const GElf_Sym *s, const char *name, void *ctx)
{
	uint64_t addr = *(uint64_t *)ctx;

	(void)name;
	return GELF_ST_TYPE(s->st_info) == STT_FUNC && s->st_value <= addr &&
	       addr < s->st_value + (s->st_size ? s->st_size : 1);
}

static bool in_function(const char *path, uint64_t addr)
{
	struct probe_elf pe;
	bool in;

	if (probe_elf_open(path, &pe))
		return true;	/* the engine says what is wrong with the file */
	in = elf_each_sym(pe.elf, covers, &addr) == 1;
	probe_elf_close(&pe);
	return in;
}

/* uprobe:FILE:FUNC+OFFSET and uprobe:FILE:ADDRESS (decimal or 0x): the
 * spec's name becomes the address in the file ("0x..." in buf) for the
 * engine.  1 after an error (*rc set), else 0. */
static int func_offset(struct compiler *c, const struct attach *a, struct probe_spec *s,
		       char *buf, size_t len, int *rc)
{
	const char *plus = strrchr(s->name, '+');
	char func[512], *end;
	uint64_t addr, size, off;
	bool fixed;

	if (strpbrk(s->name, "*?["))
		return 0;
	if (isdigit((unsigned char)s->name[0]) && !plus) {
		/* an address: bpftrace takes decimal as well as 0x */
		addr = strtoull(s->name, &end, 0);
		if (*end)
			return 0;
		snprintf(buf, len, "0x%llx", (unsigned long long)addr);
		s->name = buf;
		/* inside no function: nothing bpftrace (or a user) can name */
		if (!in_function(s->target, addr)) {
			*rc = lang_error(c->src, a->l, "Could not resolve address: %s:%s",
					 display_path(s->target), buf);
			return 1;
		}
		return 0;
	}
	if (!plus || !isdigit((unsigned char)plus[1]))
		return 0;
	off = strtoull(plus + 1, &end, 0);
	if (*end)
		return 0;
	snprintf(func, sizeof(func), "%.*s", (int)(plus - s->name), s->name);
	if (find_object(s->target, func, &addr, &size, &fixed)) {
		*rc = lang_error(c->src, a->l, "Could not resolve symbol: %s:%s",
				 display_path(s->target), func);
		return 1;
	}
	if (off >= size) {
		/* bpftrace's words (its tests look for them) */
		*rc = lang_error(c->src, a->l, "Offset outside the function bounds ('%s' size "
				 "is %llu)", func, (unsigned long long)size);
		return 1;
	}
	snprintf(buf, len, "0x%llx", (unsigned long long)(addr + off));
	s->name = buf;
	return 0;
}

/* One file's locations: usdt markers grouped by their arguments, a
 * uprobe's functions in one program. */
static int expand_file(struct compiler *c, int pi, int ai, enum lang_probe_kind k,
		       const struct probe_spec *s, struct probe_set *set);

int uprobes_expand(struct compiler *c, int pi, int ai, enum lang_probe_kind k, const char *text)
{
	const struct attach *a = &c->prog->probes[pi].ap[ai];
	struct probe_spec s;
	struct probe_set set;
	char err[4600], **paths, addr_name[64];
	size_t npaths;
	int rc = 0, before = c->npts;

	if (probe_spec_parse(text, &s, err, sizeof(err)))
		return lang_error(c->src, a->l, "%s", err);
	/* usdt:FILE*::NAME, usdt:::NAME with -p: every file matching (the
	 * process's); -p: the library the process maps; -c's command has not
	 * run yet, so its libraries are the system's */
	if (probe_targets(s.target, c->pid, &paths, &npaths, err, sizeof(err)))
		return lang_error(c->src, a->l, "%s", err);
	for (size_t i = 0; i < npaths && !rc; i++) {
		struct probe_spec one = s;

		one.target = paths[i];
		if (k != P_USDT && func_offset(c, a, &one, addr_name, sizeof(addr_name), &rc))
			break;
		if (probe_resolve(&one, c->pid, &set, err, sizeof(err))) {
			if (one.name == addr_name) {
				rc = lang_error(c->src, a->l, "Could not resolve address: %s:%s",
						display_path(paths[i]), addr_name);
				break;
			}
			/* one of several files without it: not an error */
			if (npaths > 1)
				continue;
			/* one of several attach points naming a function this
			 * build of the library lacks (sslsnoop.bt's libcrypto
			 * internals): left out, as bpftrace does, but said */
			if (c->prog->probes[pi].nap > 1) {
				if (!c->nleft_out++)
					c->left_out = strdup(err);
				break;
			}
			rc = lang_error(c->src, a->l, "%s", err);
			break;
		}
		if (one.name == addr_name && strcmp(s.name, addr_name)) {
			/* func+OFFSET: named as written, as bpftrace names it
			 * (func alone for +0) */
			const char *plus = strrchr(s.name, '+');
			bool zero = plus && strtoull(plus + 1, NULL, 0) == 0;

			free(set.loc[0].name);
			set.loc[0].name = zero ? strndup(s.name, plus - s.name) : strdup(s.name);
			one.name = s.name;
		}
		rc = expand_file(c, pi, ai, k, &one, &set);
	}
	probe_targets_free(paths, npaths);
	if (!rc && npaths > 1 && c->npts == before && c->prog->probes[pi].nap == 1)
		return lang_error(c->src, a->l, "no %s matching %s:%s in the %zu files matching "
				  "%s", k == P_USDT ? "USDT marker" : "function",
				  k == P_USDT ? s.provider : "", s.name, npaths, s.target);
	return rc;
}

static int expand_file(struct compiler *c, int pi, int ai, enum lang_probe_kind k,
		       const struct probe_spec *sp, struct probe_set *setp)
{
	const struct probe_spec s = *sp;
	struct probe_set set = *setp;
	struct probe_point *p;
	char name[4600];
	const char *path;
	int rc;

	if (k == P_USDT) {
		rc = expand_usdt(c, pi, ai, &set);
		probe_set_free(&set);
		return rc;
	}
	path = display_path(set.path);
	if (!strncmp(s.name, "0x", 2)) {
		/* an address: named in decimal, as bpftrace names it */
		char addr[32];

		snprintf(addr, sizeof(addr), "%llu", (unsigned long long)set.loc[0].addr);
		free(set.loc[0].name);
		set.loc[0].name = strdup(addr);
	}
	snprintf(name, sizeof(name), "%s:%s:%s", k == P_UPROBE ? "uprobe" : "uretprobe", path,
		 set.loc[0].name);
	p = add_point(c, k, pi, ai, name, set.loc[0].name);
	/* the names of the other locations follow the first: cookie - name_id
	 * is the location's index */
	for (size_t i = 1; i < set.n; i++) {
		snprintf(name, sizeof(name), "%s:%s:%s", k == P_UPROBE ? "uprobe" : "uretprobe",
			 path, set.loc[i].name);
		pname_add(c, name);
	}
	if (set.n > 1) {
		free(p->name);
		snprintf(name, sizeof(name), "%s:%s:%s", k == P_UPROBE ? "uprobe" : "uretprobe",
			 path, s.name);
		p->name = strdup(name);
	}
	p->set = set;
	return 0;
}

/* Locations the kernel refuses (uprobes cannot step over some first
 * instructions): left out of a glob, named in one line after attaching. */
struct skipped {
	int n;
	char names[200];
};

static void on_skip(void *ctx, const struct probe_loc *loc)
{
	struct skipped *sk = ctx;
	size_t len = strlen(sk->names);

	if (sk->n++ < 8)
		snprintf(sk->names + len, sizeof(sk->names) - len, "%s%s", len ? ", " : "",
			 loc->name);
}

int uprobe_attach(struct compiler *c, struct probe_point *pt)
{
	struct skipped skipped = { 0 };
	struct probe_attach_opts o = {
		/* -p's process or -c's command (attached before it runs) */
		.pid = c->pid > 0 ? c->pid : c->cpid > 0 ? c->cpid : 0,
		.retprobe = pt->kind == P_URETPROBE,
		.cookie = pt->name_id,
		.cookie_per_loc = pt->kind != P_USDT,
		.skip_unprobeable = pt->set.n > 1,
		.on_skip = on_skip,
		.skip_ctx = &skipped,
	};
	struct probe_prog pp = {
		.multi_fd = pt->multi ? pt->prog_fd : -1,
		.perf_fd = pt->multi ? -1 : pt->prog_fd,
	};
	int rc = probe_attach(&pp, &pt->set, &o, &pt->link);

	if (rc && pt->multi && rc != -ENOENT && rc != -ESRCH && rc != -EACCES && rc != -EPERM) {
		/* no uprobe_multi here: the same instructions as a plain
		 * program, one perf event per location */
		struct gen g = { .c = c, .ins = pt->ins, .n = pt->nins };
		int verbose = c->verbose;

		close(pt->prog_fd);
		pt->prog_fd = -1;
		pt->multi = false;
		skipped = (struct skipped){ 0 };
		c->verbose = 0;
		rc = prog_load(c, pt, &g) ? -EINVAL : 0;
		c->verbose = verbose;
		if (!rc) {
			pp = (struct probe_prog){ .multi_fd = -1, .perf_fd = pt->prog_fd };
			rc = probe_attach(&pp, &pt->set, &o, &pt->link);
		}
	}
	if (!rc && skipped.n)
		fprintf(stderr, "strobe script: %s: %d function%s cannot be probed at %s entry (the "
			"kernel's uprobes refuse the first instruction), left out: %s%s\n", pt->name,
			skipped.n, skipped.n == 1 ? "" : "s", skipped.n == 1 ? "its" : "their",
			skipped.names, skipped.n > 8 ? "..." : "");
	if (rc == -ESRCH)
		fprintf(stderr, "strobe script: cannot attach %s: process %d is gone\n", pt->name,
			o.pid);
	else if (rc)
		fprintf(stderr, "strobe script: cannot attach %s: %s\n", pt->name, strerror(-rc));
	return rc ? -1 : 0;
}

/* ---- -l */

struct lines {
	char **v;
	size_t n;
};

static void keep_line(void *ctx, const char *line)
{
	struct lines *l = ctx;
	char **v = realloc(l->v, (l->n + 1) * sizeof(*v));

	if (!v || !(v[l->n] = strdup(line)))
		abort();
	l->v = v;
	l->n++;
}

static int by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* -lv: a function's parameters from DWARF, one a line, as bpftrace */
static void list_params(const char *line)
{
	const char *first = strchr(line, ':'), *last = strrchr(line, ':');
	struct probe_param prm[16];
	char path[4200];
	int n;

	if (!first || last == first)
		return;
	snprintf(path, sizeof(path), "%.*s", (int)(last - first - 1), first + 1);
	n = probe_dwarf_params(path, last + 1, prm, 16);
	for (int i = 0; i < n && i < 16; i++)
		printf("    %s %s\n", prm[i].type, prm[i].name);
}

int uprobes_list(const struct provider *pv, const char *pattern, pid_t pid, bool verbose)
{
	struct lines l = { 0 };
	char err[4600], full[1100];
	size_t k = strcspn(pattern, ":");
	int rc;

	/* "*:FILE:*", "*" with -p: this kind's part of it (bpftrace lists
	 * uprobes and usdt markers there, not uretprobes) */
	if (strncmp(pattern, pv->name, k) || pv->name[k]) {
		if (pv->kind == P_URETPROBE)
			return 0;
		snprintf(full, sizeof(full), "%s:%s", pv->name, pattern[k] ? pattern + k + 1 : "*");
		pattern = full;
	}
	rc = probe_list(pattern, pid, keep_line, &l, err, sizeof(err));
	/* "*:FILE:*": a file without markers is no error for usdt */
	if (rc && pattern == full && strstr(err, "no USDT markers"))
		rc = 0;
	else if (rc)
		fprintf(stderr, "strobe script: %s\n", err);
	/* sorted, and a marker placed twice listed once, as bpftrace does */
	qsort(l.v, l.n, sizeof(*l.v), by_text);
	for (size_t i = 0; i < l.n; i++) {
		if (i && !strcmp(l.v[i], l.v[i - 1]))
			continue;
		printf("%s\n", l.v[i]);
		if (verbose && pv->kind == P_UPROBE)
			list_params(l.v[i]);
	}
	for (size_t i = 0; i < l.n; i++)
		free(l.v[i]);
	free(l.v);
	return rc ? -1 : 0;
}

/* ---- code */

int gen_usdt_arg(struct gen *g, struct node *n, int i)
{
	const struct probe_loc *l = &g->c->cur->set.loc[0];
	const struct usdt_arg *a;
	int size;

	if (l->nargs < 0)
		return ERR_NS(g, n, "%s: the arguments of %s are not understood (its note "
			      "says where they are in a form strobe cannot read)", n->str,
			      g->c->cur->name);
	if (i >= l->nargs)
		return ERR_NS(g, n, "%s: %s has %d argument%s", n->str, g->c->cur->name,
			      l->nargs, l->nargs == 1 ? "" : "s");
	a = &l->args[i];
	size = a->size < 0 ? -a->size : a->size;
	switch (a->type) {
	case USDT_CONST: {
		/* the note has the constant as a signed number ("4@$-202182160"
		 * for 0xf3f3f3f0); its size's sign says how to extend it */
		uint64_t v = a->val;

		if (size < 8) {
			uint64_t mask = (1ULL << (8 * size)) - 1;

			v &= mask;
			if (a->size < 0 && (v >> (8 * size - 1)) & 1)
				v |= ~mask;
		}
		emit_ld64(g, R0, v);
		return 0;
	}
	case USDT_REG:
		emit(g, LDX_MEM(BPF_DW, R0, R6, a->reg_off));
		if (size < 8) {
			emit(g, ALU64_IMM(BPF_LSH, R0, 64 - 8 * size));
			emit(g, ALU64_IMM(a->size < 0 ? BPF_ARSH : BPF_RSH, R0, 64 - 8 * size));
		}
		return 0;
	case USDT_DEREF:
		emit(g, LDX_MEM(BPF_DW, R0, R6, a->reg_off));
		if (a->idx_off >= 0) {
			int shift = a->scale == 8 ? 3 : a->scale == 4 ? 2 : a->scale == 2 ? 1 : 0;

			emit(g, LDX_MEM(BPF_DW, R1, R6, a->idx_off));
			if (shift)
				emit(g, ALU64_IMM(BPF_LSH, R1, shift));
			emit(g, ALU64_REG(BPF_ADD, R0, R1));
		}
		emit(g, ALU64_IMM(BPF_ADD, R0, (int32_t)a->val));
		gen_read(g, size, a->size < 0, true);
		return 0;
	}
	return 0;
}

int check_uprobe_arg(struct compiler *c, struct node *n)
{
	struct probe_point *pt = c->cur;
	struct probe_param prm[8];
	int np = probe_dwarf_params(pt->set.path, pt->set.loc[0].name, prm, 8);

	if (np < 0)
		return lang_error(c->src, n->l, "args->%s: %s has no DWARF description of %s "
				  "(build it with -g)", n->str, display_path(pt->set.path),
				  pt->set.loc[0].name);
	for (int i = 0; i < np && i < 8; i++) {
		if (strcmp(prm[i].name, n->str))
			continue;
		if (i > 5)
			return lang_error(c->src, n->l, "not supported yet: args->%s, a parameter "
					  "passed on the stack", n->str);
		n->id = i;
		if (prm[i].ptr_level && !prm[i].elem_size) {
			/* struct Foo *foo1: the binary's struct, from its DWARF */
			int id = dwarf_param_btf(c, pt->set.path, pt->set.loc[0].name, n->str);
			struct type ty;

			if (id > 0 && !btf_to_type(c, id, &ty) && ty.kind == TY_PTR) {
				n->ty = ty;
				n->ty.user = true;
				return 0;
			}
		}
		if (!prm[i].size)
			return lang_error(c->src, n->l, "not supported yet: args->%s of type %s",
					  n->str, prm[i].type);
		n->ty = t_int(prm[i].size, prm[i].is_signed);
		if (prm[i].ptr_level) {
			/* a pointer into the process: *(args->n) reads its int */
			n->ty.kind = TY_PTR;
			n->ty.ptr_level = 1;
			n->ty.elem = prm[i].elem_size ? prm[i].elem_size : 1;
			n->ty.elem_signed = prm[i].elem_signed;
		}
		n->ty.user = true;
		return 0;
	}
	return lang_error(c->src, n->l, "Can't find function parameter %s", n->str);
}

int gen_uprobe_arg(struct gen *g, struct node *n)
{
	static const int regs[] = { 112, 104, 96, 88, 72, 64 };	/* di si dx cx r8 r9 */
	int size = n->ty.kind == TY_PTR ? 8 : n->ty.size;

	emit(g, LDX_MEM(BPF_DW, R0, R6, regs[n->id]));
	if (size < 8) {
		emit(g, ALU64_IMM(BPF_LSH, R0, 64 - 8 * size));
		emit(g, ALU64_IMM(n->ty.is_signed ? BPF_ARSH : BPF_RSH, R0, 64 - 8 * size));
	}
	return 0;
}

struct object_want {
	const char *name;
	uint64_t addr, size;
};

static int match_object(const GElf_Sym *s, const char *name, void *ctx)
{
	struct object_want *w = ctx;

	if ((GELF_ST_TYPE(s->st_info) != STT_OBJECT && GELF_ST_TYPE(s->st_info) != STT_FUNC) ||
	    strcmp(name, w->name))
		return 0;
	w->addr = s->st_value;
	w->size = s->st_size;
	return 1;
}

/* A data symbol of the probe's file: its address in the file, its size,
 * and whether the file is loaded where it says (ET_EXEC) or anywhere
 * (ET_DYN: PIE programs, libraries). */
static int find_object(const char *path, const char *sym, uint64_t *addr, uint64_t *size,
		       bool *fixed)
{
	struct object_want w = { sym, 0, 0 };
	struct probe_elf pe;
	GElf_Ehdr eh;
	int rc;

	if (probe_elf_open(path, &pe))
		return -EIO;
	*fixed = gelf_getehdr(pe.elf, &eh) && eh.e_type == ET_EXEC;
	rc = elf_each_sym(pe.elf, match_object, &w) == 1 ? 0 : -ENOENT;
	*addr = w.addr;
	*size = w.size;
	probe_elf_close(&pe);
	return rc;
}

int check_uaddr(struct compiler *c, struct node *n)
{
	struct probe_point *pt = c->cur;
	uint64_t addr, size;
	bool fixed;

	if (n->v[0]->kind != N_STR)
		return lang_error(c->src, n->v[0]->l, "uaddr() expects a string literal");
	if (pt->kind != P_UPROBE && pt->kind != P_URETPROBE && pt->kind != P_USDT)
		return lang_error(c->src, n->l, "uaddr can only be used with uprobes and usdt "
				  "probes (here: %s)", pt->name);
	if (find_object(pt->set.path, n->v[0]->str, &addr, &size, &fixed))
		return lang_error(c->src, n->v[0]->l, "Could not resolve symbol: %s:%s",
				  display_path(pt->set.path), n->v[0]->str);
	/* a file loaded anywhere: the address is found from where the probe
	 * fired, which is known at a function's entry or a marker */
	if (!fixed && (pt->kind == P_URETPROBE || pt->set.n != 1))
		return lang_error(c->src, n->l, "not supported yet: uaddr() of a position-"
				  "independent file in %s (it needs a uprobe or usdt probe at "
				  "one place)", pt->kind == P_URETPROBE ? "a uretprobe" :
				  "a probe at several places");
	/* a pointer to an integer of the symbol's size, as bpftrace types it */
	n->ty = t_int(8, false);
	n->ty.kind = TY_PTR;
	n->ty.user = true;
	n->ty.ptr_level = 1;
	n->ty.elem = size == 1 || size == 2 || size == 4 ? size : 8;
	n->ty.elem_signed = true;
	return 0;
}

int gen_uaddr(struct gen *g, struct node *n)
{
	struct probe_point *pt = g->c->cur;
	uint64_t addr, size;
	bool fixed;

	if (find_object(pt->set.path, n->v[0]->str, &addr, &size, &fixed))
		return ERR_NS(g, n, "Could not resolve symbol: %s", n->v[0]->str);
	if (fixed) {
		emit_ld64(g, R0, addr);
		return 0;
	}
	/* load bias = where the probe fired - its address in the file */
	emit(g, LDX_MEM(BPF_DW, R0, R6, 128));
	emit_ld64(g, R1, addr - pt->set.loc[0].addr);
	emit(g, ALU64_REG(BPF_ADD, R0, R1));
	return 0;
}

/* ---- user symbols */

/* The images of the processes whose addresses were printed, kept while
 * strobe runs: a process's libraries do not move. */
struct usyms {
	pid_t pid[64];
	struct uimage *im[64];
	int n;
};

/* The image of pid; with fresh maps text (taken over) when it changed. */
static struct uimage *image_put(struct compiler *c, pid_t pid, char *maps)
{
	struct usyms *u = c->us;

	if (maps && !*maps) {
		/* exiting: its mappings are gone, the ones kept still hold */
		free(maps);
		maps = NULL;
	}
	if (!u && !(u = c->us = calloc(1, sizeof(*u)))) {
		free(maps);
		return NULL;
	}
	for (int i = 0; i < u->n; i++) {
		if (u->pid[i] != pid)
			continue;
		if (!maps || !strcmp(maps, uimage_maps(u->im[i]))) {
			free(maps);
			return u->im[i];
		}
		uimage_free(u->im[i]);
		u->im[i] = uimage_new(pid, maps);
		return u->im[i];
	}
	if (!maps)
		return NULL;	/* gone: addresses only */
	if (u->n == 64) {
		uimage_free(u->im[0]);
		memmove(u->im, u->im + 1, 63 * sizeof(u->im[0]));
		memmove(u->pid, u->pid + 1, 63 * sizeof(u->pid[0]));
		u->n--;
	}
	u->pid[u->n] = pid;
	u->im[u->n] = uimage_new(pid, maps);
	return u->im[u->n++];
}

static struct uimage *image_of(struct compiler *c, pid_t pid, uint64_t addr)
{
	struct uimage *im = image_put(c, pid, NULL);

	/* not known yet, or mapped since (dlopen): the maps as they are now */
	if (!im || !uimage_knows(im, addr))
		im = image_put(c, pid, uimage_read_maps(pid));
	return im;
}

void usyms_watch(struct compiler *c, pid_t pid)
{
	image_put(c, pid, uimage_read_maps(pid));
}

void usym_text(struct compiler *c, FILE *f, uint32_t pid, uint64_t addr, bool offset)
{
	struct uimage *im = image_of(c, pid, addr);
	struct usym s;

	if (im && uimage_symbol(im, addr, 0, &s) && s.name && *s.name && s.name_covers) {
		fprintf(f, "%.*s", (int)strcspn(s.name, "@"), s.name);
		if (offset)
			fprintf(f, "+%llu", (unsigned long long)s.name_off);
		return;
	}
	fprintf(f, "0x%llx", (unsigned long long)addr);
}

void usym_text_perf(struct compiler *c, FILE *f, uint32_t pid, uint64_t addr)
{
	struct uimage *im = image_of(c, pid, addr);
	struct usym s;

	if (im && uimage_symbol(im, addr, 0, &s) && s.name && *s.name && s.name_covers) {
		fprintf(f, "%.*s+%llu (%s)", (int)strcspn(s.name, "@"), s.name,
			(unsigned long long)s.name_off, s.path ? s.path : "[unknown]");
		return;
	}
	fprintf(f, "0x%llx ([unknown])", (unsigned long long)addr);
}

void usyms_free(struct usyms *u)
{
	if (!u)
		return;
	for (int i = 0; i < u->n; i++)
		uimage_free(u->im[i]);
	free(u);
}
