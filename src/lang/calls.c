// SPDX-License-Identifier: GPL-2.0
/* The type checker's half for builtins and function calls. */
#include <fcntl.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lang.h"

#define ERR(n, ...) lang_error(c->src, (n)->l, __VA_ARGS__)

static const char *const builtin_names[] = {
	[B_PID] = "pid", [B_TID] = "tid", [B_UID] = "uid", [B_GID] = "gid",
	[B_CPU] = "cpu", [B_NSECS] = "nsecs", [B_ELAPSED] = "elapsed",
	[B_CGROUP] = "cgroup", [B_RAND] = "rand", [B_CPID] = "cpid",
	[B_COMM] = "comm", [B_KSTACK] = "kstack", [B_USTACK] = "ustack",
	[B_PROBE] = "probe", [B_FUNC] = "func", [B_CURTASK] = "curtask",
	[B_RETVAL] = "retval", [B_ARGS] = "args", [B_USERNAME] = "username",
};

int builtin_lookup(const char *name)
{
	for (int i = 0; i < (int)(sizeof(builtin_names) / sizeof(builtin_names[0])); i++)
		if (builtin_names[i] && !strcmp(name, builtin_names[i]))
			return i;
	if (!strncmp(name, "arg", 3) && name[3] >= '0' && name[3] <= '9' && !name[4])
		return B_ARG0 + name[3] - '0';
	if (!strncmp(name, "sarg", 4) && name[4] >= '0' && name[4] <= '9' && !name[5])
		return B_SARG0 + name[4] - '0';
	if (!strcmp(name, "ctx") || !strcmp(name, "cgroup_path") || !strcmp(name, "jiffies"))
		return -2;
	return -1;
}

static const struct { const char *name; enum func f; int min, max; } funcs[] = {
	{ "count", F_COUNT, 0, 0 }, { "sum", F_SUM, 1, 1 }, { "min", F_MIN, 1, 1 },
	{ "max", F_MAX, 1, 1 }, { "avg", F_AVG, 1, 1 }, { "stats", F_STATS, 1, 1 },
	{ "hist", F_HIST, 1, 1 }, { "lhist", F_LHIST, 4, 4 }, { "printf", F_PRINTF, 1, 17 },
	{ "time", F_TIME, 0, 1 }, { "exit", F_EXIT, 0, 0 }, { "print", F_PRINT, 1, 3 },
	{ "clear", F_CLEAR, 1, 1 }, { "zero", F_ZERO, 1, 1 }, { "delete", F_DELETE, 1, 1 },
	{ "str", F_STR, 1, 2 }, { "buf", F_BUF, 1, 2 }, { "join", F_JOIN, 1, 2 },
	{ "ksym", F_KSYM, 1, 1 }, { "usym", F_USYM, 1, 1 }, { "kaddr", F_KADDR, 1, 1 },
	{ "uaddr", F_UADDR, 1, 1 }, { "ntop", F_NTOP, 1, 2 }, { "strftime", F_STRFTIME, 2, 2 },
	{ "signal", F_SIGNAL, 1, 1 }, { "reg", F_REG, 1, 1 }, { "kstack", F_KSTACK, 0, 2 },
	{ "ustack", F_USTACK, 0, 2 }, { "bswap", F_BSWAP, 1, 1 }, { "strncmp", F_STRNCMP, 3, 3 },
	{ "macaddr", F_MACADDR, 1, 1 }, { "cgroupid", F_CGROUPID, 1, 1 }, { "cat", F_CAT, 1, 17 },
	{ "system", F_SYSTEM, 1, 17 }, { "kptr", F_KPTR, 1, 1 }, { "uptr", F_UPTR, 1, 1 },
	{ "strerror", F_STRERROR, 1, 1 },
};

static const char *const unsupported[] = {
	"override", "sizeof", "skboutput", "pton", "offsetof", "percpu_kaddr",
	"strcontains", "has_key", "len", "unwatch", "debugf", NULL,
};

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
	case TY_ERRNO:
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

static int add_fmt(struct compiler *c, enum rec_kind k, const char *fmt)
{
	struct fmt_def *f;

	c->fmts = realloc(c->fmts, (c->nfmts + 1) * sizeof(*c->fmts));
	if (!c->fmts)
		abort();
	f = &c->fmts[c->nfmts];
	memset(f, 0, sizeof(*f));
	f->kind = k;
	f->fmt = fmt ? strdup(fmt) : NULL;
	f->size = 8;
	f->map = -1;
	return c->nfmts++;
}

static void fmt_arg(struct compiler *c, int fi, const struct type *t)
{
	struct fmt_def *f = &c->fmts[fi];

	f->arg[f->nargs] = *t;
	f->off[f->nargs++] = f->size;
	f->size += type_storage(t);
}

uint64_t kallsyms_addr(const char *name)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[512], sym[256], type;
	unsigned long long addr;
	uint64_t found = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %255s", &addr, &type, sym) == 3 && !strcmp(sym, name)) {
			found = addr;
			break;
		}
	fclose(f);
	return found;
}

static bool is_int(const struct type *t)
{
	return t->kind == TY_INT || t->kind == TY_PTR;
}

static int need_literal(struct compiler *c, struct node *call, int i)
{
	if (call->v[i]->kind != N_INT)
		return ERR(call->v[i], "%s: argument %d must be an integer literal", call->str,
			   i + 1);
	return 0;
}

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

static const char *const regs[] = {
	"r15", "r14", "r13", "r12", "bp", "bx", "r11", "r10", "r9", "r8", "ax", "cx",
	"dx", "si", "di", "orig_ax", "ip", "cs", "flags", "sp", "ss", NULL,
};

int check_call(struct compiler *c, struct node *n, struct node *assign_to)
{
	int f = -1, fi;

	for (size_t i = 0; i < sizeof(funcs) / sizeof(funcs[0]); i++)
		if (!strcmp(n->str, funcs[i].name)) {
			f = i;
			break;
		}
	if (f < 0 && !strcmp(n->str, "path"))
		return ERR(n, "The path function can only be used with 'kfunc', 'kretfunc', "
			   "'iter' probes (the kernel allows its d_path helper only there), "
			   "which this kernel does not offer");
	if (f < 0) {
		for (int i = 0; unsupported[i]; i++)
			if (!strcmp(n->str, unsupported[i]))
				return ERR(n, "not supported yet: %s()", n->str);
		return ERR(n, "Unknown function: %s", n->str);
	}
	if (n->nv < funcs[f].min || n->nv > funcs[f].max) {
		if (funcs[f].min == funcs[f].max)
			return ERR(n, "%s() requires %d argument%s (%d provided)", n->str,
				   funcs[f].min, funcs[f].min == 1 ? "" : "s", n->nv);
		return ERR(n, "%s() takes %d to %d arguments (%d provided)", n->str,
			   funcs[f].min, funcs[f].max, n->nv);
	}
	n->op = funcs[f].f;
	/* str($1) is the parameter's text, even when it reads as a number
	 * ("1"), and empty when there is no such parameter */
	if (n->op == F_STR && n->v[0]->kind == N_POS) {
		struct node *a = n->v[0];
		const char *s = a->ival > 0 && a->ival <= c->npos ? c->pos[a->ival - 1] : "";

		a->kind = N_STR;
		a->str = strdup(s);
		a->slen = strlen(s);
	}
	/* arguments first (maps named by print/clear/zero/delete are not read) */
	for (int i = 0; i < n->nv; i++) {
		if (i == 0 && (n->op == F_PRINT || n->op == F_CLEAR || n->op == F_ZERO ||
			       n->op == F_DELETE) && n->v[0]->kind == N_MAP) {
			struct map_def *m = map_get(c, n->v[0]);

			if (n->v[0]->nv && check_keys(c, n->v[0], m))
				return -1;
			continue;
		}
		/* kstack(perf): a mode, not a value */
		if ((n->op == F_KSTACK || n->op == F_USTACK) && n->v[i]->kind == N_BUILTIN)
			continue;
		if (check_expr(c, n->v[i]))
			return -1;
	}
	n->ty = t_of(TY_VOID, 0);
	if (n->op <= F_LHIST && !assign_to)
		return ERR(n, "%s() should be directly assigned to a map", n->str);
	switch (n->op) {
	case F_COUNT:
		n->ty = t_of(TY_COUNT, 8);
		return 0;
	case F_SUM: case F_MIN: case F_MAX: case F_AVG: case F_STATS: case F_HIST:
		if (!is_int(&n->v[0]->ty))
			return ERR(n->v[0], "%s() only supports integer arguments (%s provided)",
				   n->str, kind_name(n->v[0]->ty.kind));
		n->ty = t_of(n->op - F_SUM + TY_SUM, 8);
		n->ty.is_signed = true;
		return 0;
	case F_LHIST: {
		struct map_def *m = &c->maps[assign_to->id];

		if (!is_int(&n->v[0]->ty))
			return ERR(n->v[0], "lhist() only supports integer arguments");
		for (int i = 1; i < 4; i++)
			if (need_literal(c, n, i))
				return -1;
		if (n->v[3]->ival <= 0)
			return ERR(n->v[3], "lhist() step must be >= 1 (%lld provided)",
				   (long long)n->v[3]->ival);
		if (n->v[2]->ival <= n->v[1]->ival)
			return ERR(n, "lhist() max must be greater than min");
		if ((n->v[2]->ival - n->v[1]->ival) / n->v[3]->ival > 1000)
			return ERR(n, "lhist() too many buckets, maximum is 1000");
		if (m->val.kind == TY_LHIST && (m->lmin != n->v[1]->ival ||
						m->lmax != n->v[2]->ival || m->lstep != n->v[3]->ival))
			return ERR(n, "Different lhist bounds in a single map unsupported");
		m->lmin = n->v[1]->ival;
		m->lmax = n->v[2]->ival;
		m->lstep = n->v[3]->ival;
		n->ty = t_of(TY_LHIST, 8);
		return 0;
	}
	case F_PRINTF:
	case F_CAT:
	case F_SYSTEM:
	case F_TIME: {
		const char *fmt = n->op == F_TIME ? "%H:%M:%S\n" : NULL, *bad = NULL;
		char spec[MAX_ARGS][4];
		int want;

		if (n->op == F_SYSTEM && !c->unsafe)
			return ERR(n, "system() is an unsafe function being used in safe mode");

		if (n->nv && n->v[0]->kind != N_STR)
			return ERR(n->v[0], "%s() expects a string literal as its first argument",
				   n->str);
		if (n->nv)
			fmt = n->v[0]->str;
		if (n->op == F_TIME) {
			if (n->nv > 1)
				return ERR(n, "time() takes at most one argument");
			n->ival = add_fmt(c, REC_TIME, fmt);
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
		fi = add_fmt(c, n->op == F_CAT ? REC_CAT : n->op == F_SYSTEM ? REC_SYSTEM :
			     REC_PRINTF, fmt);
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
	case F_EXIT:
		n->ival = add_fmt(c, REC_EXIT, NULL);
		return 0;
	case F_PRINT:
		if (n->v[0]->kind == N_MAP) {
			if (n->v[0]->nv)	/* bpftrace 0.17 refuses it too */
				return ERR(n, "The map passed to print() should not be indexed by "
					   "a key");
			fi = add_fmt(c, REC_PRINT_MAP, NULL);
			c->fmts[fi].map = n->v[0]->id;
			for (int i = 1; i < n->nv; i++) {
				if (check_expr(c, n->v[i]) || need_literal(c, n, i))
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
		fi = add_fmt(c, REC_PRINT_VAL, NULL);
		if (n->v[0]->ty.kind == TY_RECORD) {
			/* the struct's bytes, printed from BTF */
			struct type rt = n->v[0]->ty;

			if (rt.size > MAX_RECVAL)
				return ERR(n, "not supported yet: print() of a struct of %u bytes "
					   "(at most %d)", rt.size, MAX_RECVAL);
			rt.kind = TY_RECVAL;
			fmt_arg(c, fi, &rt);
		} else {
			fmt_arg(c, fi, &n->v[0]->ty);
		}
		n->ival = fi;
		return 0;
	case F_CLEAR:
	case F_ZERO:
		if (check_map_arg(c, n, false))
			return -1;
		fi = add_fmt(c, n->op == F_CLEAR ? REC_CLEAR : REC_ZERO, NULL);
		c->fmts[fi].map = n->v[0]->id;
		n->ival = fi;
		return 0;
	case F_DELETE: {
		struct map_def *m;

		if (check_map_arg(c, n, true))
			return -1;
		m = &c->maps[n->v[0]->id];
		if (m->nkeys < 0 || (m->nkeys > 0 && !n->v[0]->nv))
			return ERR(n->v[0], "delete() expects a map element, %s[key]", m->name);
		return 0;
	}
	case F_STR: {
		struct type *a = &n->v[0]->ty;

		if (a->kind == TY_STR) {
			n->ty = *a;	/* already a string: str() keeps it */
		} else if (is_int(a)) {
			n->ty = t_of(TY_STR, STR_SIZE);
		} else {
			return ERR(n->v[0], "str() expects a pointer or integer (%s provided)",
				   kind_name(a->kind));
		}
		if (n->nv == 2) {
			if (!is_int(&n->v[1]->ty))
				return ERR(n->v[1], "str() length must be an integer");
			if (n->v[1]->kind == N_INT && n->v[1]->ival + 1 < STR_SIZE &&
			    n->v[1]->ival >= 0)
				n->ty.size = n->v[1]->ival + 1;
		}
		return 0;
	}
	case F_BUF:
		if (!is_int(&n->v[0]->ty) && n->v[0]->ty.kind != TY_ARRAY &&
		    n->v[0]->ty.kind != TY_STR)
			return ERR(n->v[0], "buf() expects a pointer or array");
		if (n->nv == 1 && n->v[0]->ty.kind != TY_ARRAY && n->v[0]->ty.kind != TY_STR)
			return ERR(n, "buf() needs a length for a pointer");
		if (n->nv == 2 && !is_int(&n->v[1]->ty))
			return ERR(n->v[1], "buf() length must be an integer");
		/* a length known only at run time: up to a string's size */
		n->ty = t_of(TY_BUF, n->nv == 2 && n->v[1]->kind != N_INT ? STR_SIZE :
			     n->nv == 2 ? (uint32_t)n->v[1]->ival : n->v[0]->ty.size);
		if (n->ty.size > STR_SIZE)
			n->ty.size = STR_SIZE;
		return 0;
	case F_JOIN:
		if (!is_int(&n->v[0]->ty))
			return ERR(n->v[0], "join() expects an array of strings (char **)");
		if (n->nv == 2 && n->v[1]->kind != N_STR)
			return ERR(n->v[1], "join() delimiter must be a string literal");
		fi = add_fmt(c, REC_JOIN, n->nv == 2 ? n->v[1]->str : " ");
		c->fmts[fi].size = 8 + 16 * STR_SIZE;
		n->ival = fi;
		return 0;
	case F_KSYM:
	case F_USYM:
		if (!is_int(&n->v[0]->ty))
			return ERR(n->v[0], "%s() expects an integer", n->str);
		n->ty = n->op == F_KSYM ? t_of(TY_KSYM, 8) : t_of(TY_USYM, 16);
		return 0;
	case F_KADDR:
		if (n->v[0]->kind != N_STR)
			return ERR(n->v[0], "kaddr() expects a string literal");
		n->ival = kallsyms_addr(n->v[0]->str);
		if (!n->ival)
			return ERR(n->v[0], "Failed to resolve kernel symbol: %s", n->v[0]->str);
		n->ty = t_int(8, false);
		n->ty.kind = TY_PTR;
		n->ty.ptr_level = 1;
		n->ty.elem = 8;
		n->ty.elem_signed = true;
		return 0;
	case F_UADDR:
		return check_uaddr(c, n);
	case F_NTOP: {
		struct type *a = &n->v[n->nv - 1]->ty;

		if (n->nv == 2 && !is_int(&n->v[0]->ty))
			return ERR(n->v[0], "ntop() address family must be an integer");
		if (!is_int(a) && !(a->kind == TY_ARRAY && (a->size == 4 || a->size == 16)) &&
		    !(a->kind == TY_STR && (a->size == 4 || a->size == 16)))
			return ERR(n->v[n->nv - 1], "ntop() expects an integer or an array of 4 "
				   "or 16 bytes");
		n->ty = t_of(TY_INET, 24);
		return 0;
	}
	case F_STRFTIME:
		if (n->v[0]->kind != N_STR)
			return ERR(n->v[0], "strftime() expects a string literal format");
		if (!is_int(&n->v[1]->ty))
			return ERR(n->v[1], "strftime() expects an integer time");
		n->ty = t_of(TY_TSTAMP, 8);
		n->ty.nelem = add_fmt(c, REC_TIME, n->v[0]->str);
		return 0;
	case F_SIGNAL:
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
		if (!is_int(&n->v[0]->ty))
			return ERR(n->v[0], "signal() expects a signal number or name");
		if (n->v[0]->kind == N_INT && (n->v[0]->ival < 1 || n->v[0]->ival > 64))
			return ERR(n->v[0], "%lld is not a valid signal", (long long)n->v[0]->ival);
		return 0;
	case F_REG:
		if (n->v[0]->kind != N_STR)
			return ERR(n->v[0], "reg() expects a string literal");
		if (c->cur->kind != P_UPROBE && c->cur->kind != P_URETPROBE &&
		    c->cur->kind != P_PROFILE)
			return ERR(n, "reg() can not be used with \"%s\" probes", c->cur->name);
		for (int i = 0; regs[i]; i++)
			if (!strcmp(n->v[0]->str, regs[i])) {
				n->ival = i * 8;
				n->ty = t_int(8, false);
				n->ty.user = c->cur->kind != P_PROFILE;	/* a uprobe's registers */
				return 0;
			}
		return ERR(n->v[0], "'%s' is not a valid register", n->v[0]->str);
	case F_KSTACK:
	case F_USTACK:
		return check_stack_call(c, n, n->op == F_USTACK);
	case F_BSWAP: {
		struct type *a = &n->v[0]->ty;

		if (a->kind != TY_INT)
			return ERR(n->v[0], "bswap() only supports integer arguments (%s provided)",
				   kind_name(a->kind));
		n->ty = t_int(a->size, false);
		return 0;
	}
	case F_STRNCMP:
		for (int i = 0; i < 2; i++)
			if (n->v[i]->ty.kind != TY_STR)
				return ERR(n, "strncmp() expects a string for argument %d (%s "
					   "provided)", i + 1, kind_name(n->v[i]->ty.kind));
		if (n->v[2]->kind != N_INT || n->v[2]->ival < 0)
			return ERR(n, "Builtin strncmp requires a non-negative integer literal "
				   "as its third argument");
		n->ty = t_int(8, false);
		return 0;
	case F_MACADDR: {
		struct type *a = &n->v[0]->ty;

		if (n->v[0]->kind == N_STR)
			return ERR(n, "macaddr() does not support literal string arguments");
		if (!is_int(a) && (a->kind != TY_ARRAY && a->kind != TY_STR))
			return ERR(n, "macaddr() only supports array or pointer arguments");
		if (!is_int(a) && a->size != 6)
			return ERR(n, "macaddr() argument must be 6 bytes in size");
		n->ty = t_of(TY_MACADDR, 8);
		return 0;
	}
	case F_KPTR:
	case F_UPTR:	/* the same address, read from kernel or user memory */
		if (!is_int(&n->v[0]->ty))
			return ERR(n->v[0], "%s() expects an integer or a pointer", n->str);
		n->ty = n->v[0]->ty;
		n->ty.user = n->op == F_UPTR;
		return 0;
	case F_STRERROR:
		if (!is_int(&n->v[0]->ty))
			return ERR(n->v[0], "strerror() expects an integer");
		n->ty = t_of(TY_ERRNO, 8);
		return 0;
	case F_CGROUPID:
		if (n->v[0]->kind != N_STR)
			return ERR(n->v[0], "cgroupid() expects a string literal");
		return cgroupid(c, n);
	}
	return ERR(n, "not supported yet: %s()", n->str);
}
