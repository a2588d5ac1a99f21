// SPDX-License-Identifier: GPL-2.0
/* The language's type checker and code generator without the kernel (no
 * root, no maps, nothing loaded): programs are parsed, typed twice as
 * `strobe script` types them, and compiled to instructions, which are
 * looked at here.  The values the expectations name are bpftrace 0.17's
 * (its tests/runtime and its behaviour on this machine). */
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "lang/lang.h"

struct compiled {
	struct src s;
	struct program p;
	struct compiler c;
	struct bpf_insn *ins;	/* the last probe's program */
	int n;
	char err[4096];		/* what went to stderr */
};

/* Parse, type and generate every probe of `text` as probes of `kind`;
 * 0, or -1 with the error in x->err. */
static int compile(struct compiled *x, const char *text, enum lang_probe_kind kind)
{
	FILE *tmp = tmpfile();
	int saved = dup(2), rc = -1;
	size_t len;

	memset(x, 0, sizeof(*x));
	x->s = (struct src){ "stdin", text, strlen(text) };
	x->c.ringbuf_fd = x->c.lost_fd = x->c.stack_fd = x->c.join_fd = -1;
	fflush(stderr);
	dup2(fileno(tmp), 2);
	if (lang_parse(&x->s, &x->p))
		goto out;
	x->c.src = &x->s;
	x->c.prog = &x->p;
	for (int i = 0; i < x->p.nprobes; i++)
		add_point(&x->c, kind, i, 0, x->p.probes[i].ap[0].text, "fn");
	for (int i = 0; i < x->c.npts; i++)
		if (check_probe(&x->c, &x->c.pts[i]))
			goto out;
	x->c.final = true;
	for (int i = 0; i < x->c.npts; i++) {
		struct gen g;

		if (check_probe(&x->c, &x->c.pts[i]) || gen_probe(&x->c, &x->c.pts[i], &g)) {
			free(g.ins);
			free(g.labels);
			free(g.fix);
			goto out;
		}
		free(x->ins);
		x->ins = g.ins;
		x->n = g.n;
		free(g.labels);
		free(g.fix);
	}
	rc = 0;
out:
	fflush(stderr);
	rewind(tmp);
	len = fread(x->err, 1, sizeof(x->err) - 1, tmp);
	x->err[len] = 0;
	dup2(saved, 2);
	close(saved);
	fclose(tmp);
	return rc;
}

static void done(struct compiled *x)
{
	free(x->ins);
	if (x->c.prog)
		compiler_free(&x->c);
	program_free(&x->p);
}

/* Statement i of probe 0. */
static struct node *stmt(struct compiled *x, int i)
{
	return x->p.probes[0].body->v[i];
}

static bool has_insn(const struct compiled *x, uint8_t code, int32_t imm)
{
	for (int i = 0; i < x->n; i++)
		if (x->ins[i].code == code && x->ins[i].imm == imm)
			return true;
	return false;
}

static bool calls(const struct compiled *x, int helper)
{
	return has_insn(x, BPF_JMP | BPF_CALL, helper);
}

/* The first line of the error, without the source line and marker. */
static const char *first_line(struct compiled *x)
{
	char *nl = strchr(x->err, '\n');

	if (nl)
		*nl = 0;
	return x->err;
}

static void pointer_arithmetic(void)
{
	struct compiled x;

	/* (int16 *)32 + 3: the integer side times 2 (tests/runtime/pointers) */
	CHECK(!compile(&x, "BEGIN { $p = (int16 *)32; @a = $p + 3; @b = 3 + $p; "
		       "@c = $p - 1; }", P_BEGIN));
	CHECK(stmt(&x, 1)->b->kind == N_BINOP && stmt(&x, 1)->b->scale == 2);
	CHECK(stmt(&x, 2)->b->scale == 2 && stmt(&x, 3)->b->scale == 2);
	CHECK(has_insn(&x, BPF_ALU64 | BPF_MUL | BPF_K, 2));
	done(&x);
	/* a map given a pointer steps by its pointee: += ++ -- */
	CHECK(!compile(&x, "BEGIN { @ = (int32 *)32; @ += 2; @++; $q = (int64 *)8; $q--; "
		       "$q -= 1; }", P_BEGIN));
	CHECK(stmt(&x, 1)->scale == 4 && stmt(&x, 2)->a->scale == 4);
	CHECK(stmt(&x, 4)->a->scale == 8 && stmt(&x, 5)->scale == 8);
	CHECK(has_insn(&x, BPF_ALU64 | BPF_MUL | BPF_K, 4));
	done(&x);
	/* pointers to pointers step by 8; integers are not scaled */
	CHECK(!compile(&x, "BEGIN { $p = (int8 **)32; @a = $p + 1; @b = 5 + 1; }", P_BEGIN));
	CHECK(stmt(&x, 1)->b->scale == 8 && stmt(&x, 2)->b->scale == 0);
	done(&x);
	/* a struct from BTF: its size */
	if (!access("/sys/kernel/btf/vmlinux", R_OK)) {
		CHECK(!compile(&x, "BEGIN { @ = (struct task_struct *)0 + 1; "
			       "@s = sizeof(struct task_struct); }", P_BEGIN));
		CHECK(stmt(&x, 0)->b->scale > 1000 &&
		      (int64_t)stmt(&x, 0)->b->scale == stmt(&x, 1)->b->ival);
		done(&x);
	}
}

static void tuples_sizeof(void)
{
	struct compiled x;

	/* C's layout, as bpftrace's tests/runtime/tuples say: 8, 8, 32, 48 */
	CHECK(!compile(&x, "BEGIN { @a = sizeof(((int8)1, (int16)1, (int32)1)); "
		       "@b = sizeof(((int32)1, (int16)1, (int8)1)); "
		       "$t = ((int8)1, (int64)1, (int8)1, (int64)1); @c = sizeof($t); "
		       "@d = sizeof(((int8)-100, (int8)100, \"abcdef\", 3, (int32)1, (int64)-10, "
		       "(int8)10, (int16)-555, \"abc\")); }", P_BEGIN));
	CHECK(stmt(&x, 0)->b->kind == N_INT && stmt(&x, 0)->b->ival == 8);
	CHECK(stmt(&x, 1)->b->ival == 8);
	CHECK(stmt(&x, 3)->b->ival == 32);
	CHECK(stmt(&x, 4)->b->ival == 48);
	done(&x);
}

static void exit_ends_the_action(void)
{
	struct compiled a, b;

	/* nothing after exit() is emitted: the same code as without it */
	CHECK(!compile(&a, "BEGIN { @x = 1; exit(); @x = 2; @y = 3; }", P_BEGIN));
	CHECK(!compile(&b, "BEGIN { @x = 1; exit(); }", P_BEGIN));
	CHECK(a.n == b.n && a.n > 0);
	done(&a);
	done(&b);
	/* but it is still typed, as bpftrace types it */
	CHECK(compile(&a, "BEGIN { exit(); @x = \"a\" + 1; }", P_BEGIN) == -1);
	done(&a);
}

static void printf_types(void)
{
	static const struct { const char *prog, *err; } bad[] = {
		{ "BEGIN { printf(\"%d\\n\", comm); }",
		  "stdin:1:9-29: ERROR: printf: %d specifier expects a value of type integer "
		  "(string supplied)" },
		{ "BEGIN { printf(\"%5s\\n\", 3); }",
		  "stdin:1:9-27: ERROR: printf: %s specifier expects a value of type string "
		  "(integer supplied)" },
		{ "BEGIN { printf(\"%-5lu\\n\", comm); }",
		  "stdin:1:9-32: ERROR: printf: %lu specifier expects a value of type integer "
		  "(string supplied)" },
		{ "BEGIN { printf(\"%rx\\n\", comm); }",
		  "stdin:1:9-30: ERROR: printf: %rx specifier expects a value of type buffer "
		  "(string supplied)" },
		{ "BEGIN { printf(\"%s\\n\", (1, 2)); }",
		  "stdin:1:9-31: ERROR: printf: %s specifier expects a value of type string "
		  "(tuple supplied)" },
	};
	struct compiled x;
	char spec[MAX_ARGS][4];
	const char *b = NULL;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK(compile(&x, bad[i].prog, P_BEGIN) == -1);
		CHECK_STR(first_line(&x), bad[i].err);
		done(&x);
	}
	CHECK(!compile(&x, "BEGIN { printf(\"%s %s %d %p %rx %rh %r\\n\", comm, kstack, 1, "
		       "(int8 *)0, buf(\"ab\", 2), buf(\"ab\", 2), buf(\"ab\", 2)); }", P_BEGIN));
	done(&x);
	/* buffers compare (variable.buf_equality) */
	CHECK(!compile(&x, "BEGIN { $a = buf(\"hi\", 2); $b = buf(\"bye\", 3); "
		       "printf(\"%d %d\\n\", $a == $a, $a != $b); }", P_BEGIN));
	done(&x);
	CHECK(fmt_count("%rx|%rh|%-4lu|%%|%s", &b, spec) == 4);
	CHECK_STR(spec[0], "rx");
	CHECK_STR(spec[1], "rh");
	CHECK_STR(spec[2], "lu");
	CHECK_STR(spec[3], "s");
}

static void user_reads_in_uprobes(void)
{
	struct compiled x;

	/* str(retval) of a uretprobe and *(reg("sp") + 8) read user memory */
	CHECK(!compile(&x, "uretprobe:libc:getenv { printf(\"%s\\n\", str(retval)); }",
		       P_URETPROBE));
	CHECK(calls(&x, BPF_FUNC_probe_read_user_str));
	CHECK(!calls(&x, BPF_FUNC_probe_read_kernel_str));
	done(&x);
	CHECK(!compile(&x, "uprobe:libc:getenv { @ = *(uint16 *)(reg(\"sp\") + 8); }",
		       P_UPROBE));
	CHECK(calls(&x, BPF_FUNC_probe_read_user));
	CHECK(!calls(&x, BPF_FUNC_probe_read_kernel));
	done(&x);
	/* a kernel pointer stays one */
	if (!access("/sys/kernel/btf/vmlinux", R_OK)) {
		CHECK(!compile(&x, "uprobe:libc:getenv { @ = curtask->pid; }", P_UPROBE));
		CHECK(calls(&x, BPF_FUNC_probe_read_kernel));
		CHECK(!calls(&x, BPF_FUNC_probe_read_user));
		done(&x);
	}
}

static void str_of_positional(void)
{
	struct compiled x;
	char *pos[] = { "1" };

	memset(&x, 0, sizeof(x));
	/* str($1) is the text "1", not the number */
	x.s = (struct src){ "stdin", "BEGIN { @ = str($1); @n = $1; }", 31 };
	CHECK(!lang_parse(&x.s, &x.p));
	x.c.src = &x.s;
	x.c.prog = &x.p;
	x.c.pos = pos;
	x.c.npos = 1;
	add_point(&x.c, P_BEGIN, 0, 0, "BEGIN", "BEGIN");
	CHECK(!check_probe(&x.c, &x.c.pts[0]));
	CHECK(stmt(&x, 0)->b->v[0]->kind == N_STR && !strcmp(stmt(&x, 0)->b->v[0]->str, "1"));
	CHECK(stmt(&x, 1)->b->kind == N_INT && stmt(&x, 1)->b->ival == 1);
	done(&x);
}

static void folded_calls(void)
{
	struct compiled x;

	/* strcontains of literals is a number; pton the address's bytes */
	CHECK(!compile(&x, "BEGIN { @a = strcontains(\"abc\", \"bc\"); "
		       "@b = strcontains(\"abc\", \"x\"); @c = ntop(pton(\"::1\")); "
		       "@d = ntop(pton(\"127.0.0.1\")); }", P_BEGIN));
	CHECK(stmt(&x, 0)->b->kind == N_INT && stmt(&x, 0)->b->ival == 1);
	CHECK(stmt(&x, 1)->b->kind == N_INT && stmt(&x, 1)->b->ival == 0);
	CHECK(stmt(&x, 2)->b->v[0]->ty.kind == TY_STR && stmt(&x, 2)->b->v[0]->ty.size == 16);
	CHECK(stmt(&x, 3)->b->v[0]->ty.size == 4);
	done(&x);
	CHECK(compile(&x, "BEGIN { @ = pton(\"1.2.3\"); }", P_BEGIN) == -1);
	CHECK(strstr(x.err, "pton() expects a valid IPv4 or IPv6 address") != NULL);
	done(&x);
	CHECK(compile(&x, "BEGIN { @ = sarg0; }", P_BEGIN) == -1);
	CHECK_STR(first_line(&x), "stdin:1:13-18: ERROR: The sarg0 builtin can only be used "
		  "with 'kprobes' and 'uprobes' probes");
	done(&x);
}

/* Every builtin function is one record; names are unique. */
static void records(void)
{
	const struct func_def *const fam[] = { fn_agg, fn_out, fn_val };
	int n = 0, bad = 0;

	for (int k = 0; k < 3; k++)
		for (const struct func_def *f = fam[k]; f->name; f++) {
			n++;
			if (!f->check || f->min > f->max || func_lookup(f->name) != f)
				bad++;
			/* code comes from the record, except aggregations
			 * (gen_aggregate) and calls typed into constants */
			if (!f->gen && !(f->flags & FN_AGG) && strcmp(f->name, "cgroupid") &&
			    strcmp(f->name, "strcontains"))
				bad++;
		}
	CHECK(n >= 37 && bad == 0);
	CHECK(func_lookup("exit") && (func_lookup("exit")->flags & FN_ENDS));
	CHECK(func_lookup("count") && (func_lookup("count")->flags & FN_AGG));
	CHECK(!func_lookup("nosuchfunction"));
}

/* Every builtin variable is one record: found by its name (argN and
 * sargN by one record and the digit), typed as bpftrace types it, refused
 * with bpftrace's words where the probe's kind does not offer it. */
static void builtin_records(void)
{
	static const char *const names[] = {
		"pid", "tid", "uid", "gid", "cpu", "numaid", "nsecs", "elapsed", "cgroup",
		"rand", "cpid", "comm", "kstack", "ustack", "probe", "func", "curtask",
		"retval", "args", "username", "ctx",
	};
	struct compiled x;
	int idx;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const struct builtin_def *b = builtin_lookup(names[i], &idx);

		CHECK(b && !strcmp(b->name, names[i]) && idx == 0);
	}
	CHECK(builtin_lookup("arg7", &idx) && idx == 7 &&
	      !strcmp(builtin_lookup("arg7", &idx)->name, "arg"));
	CHECK(builtin_lookup("sarg0", &idx) && idx == 0);
	CHECK(!builtin_lookup("arg", &idx) && !builtin_lookup("arg10", &idx) &&
	      !builtin_lookup("sargx", &idx) && !builtin_lookup("pids", &idx));
	CHECK(compile(&x, "BEGIN { @a = pid; @b = comm; @c = nsecs; @d = cgroup; }", P_BEGIN) == 0);
	CHECK(stmt(&x, 0)->b->ty.kind == TY_INT && stmt(&x, 0)->b->ty.size == 4 &&
	      !stmt(&x, 0)->b->ty.is_signed);
	CHECK(stmt(&x, 1)->b->ty.kind == TY_STR && stmt(&x, 1)->b->ty.size == 16);
	CHECK(stmt(&x, 2)->b->ty.size == 8 && stmt(&x, 3)->b->ty.size == 8);
	done(&x);
	CHECK(compile(&x, "BEGIN { @ = retval; }", P_BEGIN) == -1);
	CHECK_STR(first_line(&x), "stdin:1:13-19: ERROR: The retval builtin can only be used "
		  "with 'kretprobe' and 'uretprobe' and 'kfunc' probes");
	done(&x);
	CHECK(compile(&x, "BEGIN { @ = arg2; }", P_BEGIN) == -1);
	CHECK_STR(first_line(&x), "stdin:1:13-17: ERROR: The arg2 builtin can only be used "
		  "with 'kprobes', 'uprobes' and 'usdt' probes");
	done(&x);
	CHECK(compile(&x, "BEGIN { @ = jiffies; }", P_BEGIN) == -1);
	CHECK(strstr(x.err, "not supported yet: jiffies") != NULL);
	done(&x);
}

/* C declarations in programs, laid out as the C ABI does on x86_64: the
 * sizes and offsets expected are gcc 12's (sizeof/offsetof of the same
 * declarations), the messages bpftrace 0.17's or clang's. */
static void c_declarations(void)
{
	static const struct { const char *decl, *name; int64_t size; } sizes[] = {
		{ "struct Foo { int x; char c; }", "struct Foo", 8 },
		{ "struct Bar { short a:4, b:8, c:3, d:1; int e:9, f:15, g:1, h:2, i:5 }",
		  "struct Bar", 8 },
		{ "struct A {int32_t a; int32_t b; char c[28] };", "struct A", 36 },
		{ "struct S { char c; long l; short s; }", "struct S", 24 },
		{ "struct P { char a; int b:3; char c; }", "struct P", 4 },
		{ "struct N { char a; struct { short x; int y; } in; char z; "
		  "union { char u1; long u2; }; int arr[2][3]; }", "struct N", 48 },
		{ "union U { char a[5]; int b; }", "union U", 8 },
		{ "struct Z { char a; int :0; char b; }", "struct Z", 5 },
		{ "struct Q { unsigned char a:7, b:7; unsigned long long c:40, d:30; }",
		  "struct Q", 16 },
		{ "typedef struct { uint16_t a; void *p; } pair_t; struct T { pair_t x[3]; }",
		  "struct T", 48 },
		{ "enum E { A, B = 5 }; struct W { enum E e; char c; }", "struct W", 8 },
		{ "#define N 3\nstruct D { int a[N]; }", "struct D", 12 },
		/* the program's definition hides the kernel's */
		{ "struct task_struct { int x; }", "struct task_struct", 4 },
	};
	struct compiled x;
	char prog[512];

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		snprintf(prog, sizeof(prog), "%s BEGIN { @ = sizeof(%s); }", sizes[i].decl,
			 sizes[i].name);
		CHECK(!compile(&x, prog, P_BEGIN));
		CHECK(stmt(&x, 0)->b->kind == N_INT && stmt(&x, 0)->b->ival == sizes[i].size);
		if (stmt(&x, 0)->b->ival != sizes[i].size)
			fprintf(stderr, "%s: %lld\n", sizes[i].decl, (long long)stmt(&x, 0)->b->ival);
		done(&x);
	}
	/* a struct of the program's own takes the kernel's types (bpftrace: 24) */
	if (!access("/sys/kernel/btf/vmlinux", R_OK)) {
		CHECK(!compile(&x, "struct Foo { struct list_head l; int x; } "
			       "BEGIN { @ = sizeof(struct Foo); }", P_BEGIN));
		CHECK(stmt(&x, 0)->b->ival == 24);
		done(&x);
	}
	/* members' offsets (gcc's offsetof), a bitfield's bits */
	CHECK(!compile(&x, "struct N { char a; struct { short x; int y; } in; char z; "
		       "union { char u1; long u2; }; int arr[2][3]; } "
		       "struct Bar { short a:4, b:8, c:3, d:1; int e:9, f:15, g:1, h:2, i:5 } "
		       "BEGIN { $n = (struct N *)0; @a = $n->z; @b = $n->u2; @c = $n->arr[1][2]; "
		       "@d = $n->in.y; $b = (struct Bar *)0; @e = $b->f; @f = $b->g; }", P_BEGIN));
	CHECK(stmt(&x, 1)->b->ival == 12 && stmt(&x, 2)->b->ival == 16);
	CHECK(stmt(&x, 3)->b->kind == N_INDEX && stmt(&x, 3)->b->a->a->ival == 24);
	CHECK(stmt(&x, 4)->b->ival == 4 && stmt(&x, 4)->b->a->ival == 4);
	/* f: bits 32..46 (it would straddle the first int); g: bit 47 */
	CHECK(stmt(&x, 6)->b->ival == 4 && stmt(&x, 6)->b->bit_shift == 0 &&
	      stmt(&x, 6)->b->bit_width == 15);
	CHECK(stmt(&x, 7)->b->ival == 5 && stmt(&x, 7)->b->bit_shift == 7 &&
	      stmt(&x, 7)->b->bit_width == 1);
	done(&x);
	/* tuples holding a struct or an array: bpftrace's sizes (tests/runtime/tuples) */
	CHECK(!compile(&x, "struct Foo { int m; int n; } struct A { int x[4]; } "
		       "BEGIN { $t = ((int32)1, *((struct Foo *)0)); @a = sizeof($t); "
		       "$u = ((int32)1, ((struct A *)0)->x); @b = sizeof($u); }", P_BEGIN));
	CHECK(stmt(&x, 1)->b->ival == 12 && stmt(&x, 3)->b->ival == 20);
	done(&x);
	/* a typedef of the program's in casts and sizeof (a strobe extension:
	 * bpftrace 0.17 refuses typedefs at the top level) */
	CHECK(!compile(&x, "typedef struct { int a; long b; } pair_t; typedef unsigned int u_t; "
		       "BEGIN { $p = (pair_t *)0; @a = $p + 1; @b = sizeof(pair_t); "
		       "@c = (u_t)-1; @d = (uint32_t)-1; }", P_BEGIN));
	CHECK(stmt(&x, 1)->b->scale == 16 && stmt(&x, 2)->b->ival == 16);
	CHECK(stmt(&x, 3)->b->ty.kind == TY_INT && stmt(&x, 3)->b->ty.size == 4 &&
	      !stmt(&x, 3)->b->ty.is_signed && stmt(&x, 4)->b->ty.size == 4);
	done(&x);
	/* uint8_t arrays are arrays, char arrays strings */
	CHECK(!compile(&x, "struct F { uint8_t b[10]; char s[8]; } BEGIN { $f = (struct F *)0; "
		       "@a = $f->b[1]; @s = $f->s; }", P_BEGIN));
	CHECK(stmt(&x, 1)->b->ty.kind == TY_INT && stmt(&x, 1)->b->ty.size == 1);
	CHECK(stmt(&x, 2)->b->ty.kind == TY_STR && stmt(&x, 2)->b->ty.size == 8);
	done(&x);
	/* a number cast to a pointer outside a uprobe has no known space: read
	 * with bpf_probe_read as bpftrace does (-kk: -14 at address 0); its
	 * place is the first '(' (json-output.helper_error's col 37) */
	CHECK(!compile(&x, "struct foo {int a;}; BEGIN { $tmp = ((struct foo*) 0)->a; }",
		       P_BEGIN));
	CHECK(calls(&x, BPF_FUNC_probe_read) && !calls(&x, BPF_FUNC_probe_read_kernel));
	CHECK(stmt(&x, 0)->b->l.col == 37);
	done(&x);
	CHECK(!compile(&x, "struct foo {int a;}; BEGIN { @ = curtask->pid; }", P_BEGIN));
	CHECK(calls(&x, BPF_FUNC_probe_read_kernel) && !calls(&x, BPF_FUNC_probe_read));
	done(&x);
	/* errors */
	CHECK(compile(&x, "struct A { int x[4]; } BEGIN { @ = ((struct A *)0)->x[5]; }",
		      P_BEGIN) == -1);
	CHECK(strstr(first_line(&x), "ERROR: the index 5 is out of bounds for array of size 4"));
	done(&x);
	CHECK(compile(&x, "struct A { foo_t x; } BEGIN { @ = 1; }", P_BEGIN) == -1);
	CHECK_STR(first_line(&x), "stdin:1:12-17: error: unknown type name 'foo_t'");
	done(&x);
	CHECK(compile(&x, "struct A { struct nosuch_t x; } BEGIN { @ = 1; }", P_BEGIN) == -1);
	CHECK(strstr(first_line(&x), "error: field has incomplete type 'struct nosuch_t'"));
	done(&x);
	/* no kernel type inside a redefinition of a kernel struct, as
	 * bpftrace 0.17 (tests/runtime/btf: redefine_btf_type_missing_def) */
	CHECK(compile(&x, "struct task_struct { struct thread_info x; } BEGIN { @ = 1; }",
		      P_BEGIN) == -1);
	CHECK(strstr(first_line(&x), "error: field has incomplete type 'struct thread_info'"));
	done(&x);
	CHECK(compile(&x, "struct Foo { void x; } BEGIN { @ = 1; }", P_BEGIN) == -1);
	CHECK(strstr(first_line(&x), "error: field has incomplete type 'void'"));
	done(&x);
	CHECK(compile(&x, "#include <lol/no.h>\nBEGIN { @ = 1; }", P_BEGIN) == -1);
	CHECK_STR(first_line(&x), "stdin:1:10-20: error: 'lol/no.h' file not found");
	done(&x);
	/* the kernel's headers: types from BTF */
	CHECK(!compile(&x, "#include <net/sock.h>\n#include <stdint.h>\nBEGIN { @ = 1; }",
		       P_BEGIN));
	done(&x);
}

/* Attach points expanded by their providers, without the kernel: the
 * kinds this kernel lacks are read as bpftrace reads them, then refused
 * or (a kprobe among other probes) left out. */
static int expand(struct compiled *x, const char *text)
{
	FILE *tmp = tmpfile();
	int saved = dup(2), rc = -1;
	size_t len;

	memset(x, 0, sizeof(*x));
	x->s = (struct src){ "stdin", text, strlen(text) };
	fflush(stderr);
	dup2(fileno(tmp), 2);
	if (!lang_parse(&x->s, &x->p)) {
		x->c.src = &x->s;
		x->c.prog = &x->p;
		rc = probes_expand(&x->c);
	}
	fflush(stderr);
	rewind(tmp);
	len = fread(x->err, 1, sizeof(x->err) - 1, tmp);
	x->err[len] = 0;
	dup2(saved, 2);
	close(saved);
	fclose(tmp);
	return rc;
}

static void providers(void)
{
	struct compiled x;

	CHECK(provider_find("ur") && provider_find("ur")->kind == P_URETPROBE);
	CHECK(provider_find("t") == provider_of(P_TRACEPOINT));
	CHECK(!provider_find("nosuch"));
	CHECK(provider_of(P_URETPROBE)->offers & PV_RETVAL);
	CHECK(!(provider_of(P_UPROBE)->offers & PV_RETVAL));
	CHECK(provider_of(P_UPROBE)->offers & PV_ARGS);
	CHECK(!(provider_of(P_RAWTP)->offers & PV_ARGS));
	/* every kind has its name and a way to expand it */
	for (const struct provider *pv = provider_next(NULL); pv; pv = provider_next(pv))
		CHECK(pv->name && pv->expand && provider_of(pv->kind) == pv);
	/* bpftrace's words for what it refuses by the text alone */
	CHECK(expand(&x, "kprobe:syscalls:sys_exit_nanosleep { }") == -1);
	CHECK(strstr(x.err, "ERROR: kprobe probe type requires 1 argument") != NULL);
	done(&x);
	CHECK(expand(&x, "kretprobe:_raw_spin_lock_irqsave { }") == -1);
	CHECK(strstr(x.err, "error: kretprobe:_raw_spin_lock_irqsave can't be used as it might "
		     "lock up your system.") != NULL);
	done(&x);
	/* alone, a kprobe is an error; among other probes it is left out */
	CHECK(expand(&x, "kprobe:zzzzz { }") == -1 && strstr(x.err, "CONFIG_KPROBES"));
	done(&x);
	CHECK(expand(&x, "kprobe:zzzzz { } BEGIN { }") == 0 && x.c.npts == 1 &&
	      x.c.pts[0].kind == P_BEGIN && strstr(x.err, "WARNING"));
	done(&x);
	CHECK(expand(&x, "nosuch:x { }") == -1 && strstr(x.err, "Invalid probe type: nosuch"));
	done(&x);
	/* a watchpoint checks its length before it needs a process */
	CHECK(expand(&x, "watchpoint:0x10:3:w { }") == -1 &&
	      strstr(x.err, "length must be 1, 2, 4 or 8"));
	done(&x);
}

int main(void)
{
	providers();
	pointer_arithmetic();
	tuples_sizeof();
	exit_ends_the_action();
	printf_types();
	user_reads_in_uprobes();
	str_of_positional();
	folded_calls();
	records();
	builtin_records();
	c_declarations();
	return CHECK_REPORT();
}
