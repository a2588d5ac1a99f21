// SPDX-License-Identifier: GPL-2.0
/* The language's lexer and parser: programs back as text, and errors as
 * bpftrace prints them (file:line:col-end, the line, a marker). */
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "lang/lang.h"

static char dumped[4096];

/* Parse `text`; the probes' attach points, predicates and bodies as text. */
static const char *dump(const char *text)
{
	struct src s = { "stdin", text, strlen(text) };
	struct program p;
	FILE *f = fmemopen(dumped, sizeof(dumped), "w");

	if (lang_parse(&s, &p)) {
		fclose(f);
		return "<error>";
	}
	for (int i = 0; i < p.nprobes; i++) {
		for (int k = 0; k < p.probes[i].nap; k++)
			fprintf(f, "%s%s", k ? "," : "", p.probes[i].ap[k].text);
		if (p.probes[i].pred) {
			fputs(" /", f);
			node_dump(f, p.probes[i].pred);
			fputc('/', f);
		}
		fputc(' ', f);
		node_dump(f, p.probes[i].body);
		if (i + 1 < p.nprobes)
			fputc('\n', f);
	}
	fclose(f);
	program_free(&p);
	return dumped;
}

static char errtext[4096];

/* Parse `text` expecting an error; what went to stderr. */
static const char *error_of(const char *name, const char *text)
{
	struct src s = { name, text, strlen(text) };
	struct program p;
	FILE *tmp = tmpfile();
	int saved = dup(2);
	size_t n;

	fflush(stderr);
	dup2(fileno(tmp), 2);
	if (!lang_parse(&s, &p)) {
		program_free(&p);
		strcpy(errtext, "<no error>");
	} else {
		fflush(stderr);
		rewind(tmp);
		n = fread(errtext, 1, sizeof(errtext) - 1, tmp);
		errtext[n] = 0;
	}
	dup2(saved, 2);
	close(saved);
	fclose(tmp);
	return errtext;
}

int main(void)
{
	CHECK_STR(dump("BEGIN { printf(\"hi\\n\"); exit(); }"),
		  "BEGIN { printf(\"hi\n\"); exit(); }");
	/* C precedence and associativity */
	CHECK_STR(dump("BEGIN { $x = 1 + 2 * 3 - 4 / 2 % 3; }"),
		  "BEGIN { $x = ((1 + (2 * 3)) - ((4 / 2) % 3)); }");
	CHECK_STR(dump("BEGIN { $x = 1 << 2 + 1 < 3 == 1 & 7 ^ 2 | 8 && 1 || 0; }"),
		  "BEGIN { $x = ((((((((1 << (2 + 1)) < 3) == 1) & 7) ^ 2) | 8) && 1) || 0); }");
	CHECK_STR(dump("BEGIN { $x = -$a + !$b * ~$c; }"),
		  "BEGIN { $x = ((-$a) + ((!$b) * (~$c))); }");
	CHECK_STR(dump("BEGIN { $x = $a ? $b : $c ? 1 : 2; }"),
		  "BEGIN { $x = ($a ? $b : ($c ? 1 : 2)); }");
	/* several attach points, wildcards, predicate, maps with keys */
	CHECK_STR(dump("tracepoint:syscalls:sys_enter_open,\ntracepoint:syscalls:sys_enter_exec*\n"
		       "/pid == 1 && @x[tid]/ { @m[comm, pid] = count(); @n++; @s += args->ret; }"),
		  "tracepoint:syscalls:sys_enter_open,tracepoint:syscalls:sys_enter_exec* "
		  "/((pid == 1) && @x[tid])/ { @m[comm, pid] = count(); @n++; @s += args->ret; }");
	CHECK_STR(dump("uprobe:/bin/bash:readline { @ = 1 }"),
		  "uprobe:/bin/bash:readline { @ = 1; }");
	CHECK_STR(dump("kprobe:f /arg0/ { }"), "kprobe:f /arg0/ { }");
	/* casts, member access, deref, index */
	CHECK_STR(dump("BEGIN { $t = (struct task_struct *)curtask; $p = $t->real_parent->pid;"
		       " $v = *($a + 8); $c = (uint64)args->argv[1]; $i = (int8)-1; }"),
		  "BEGIN { $t = ((struct task_struct *)curtask); $p = $t->real_parent->pid; "
		  "$v = (*($a + 8)); $c = ((uint64)args->argv[1]); $i = ((int8)(-1)); }");
	/* statements: if/else if/else, while, unroll; comments; 1e6 */
	CHECK_STR(dump("// c\nBEGIN /* x */ { if ($a) { $b = 1 } else if ($c) { $b = 2 } "
		       "else { $b = 3 } while ($i < 3) { $i++; } unroll(2) { @x = 1e6; } }"),
		  "BEGIN { if $a { $b = 1; } else { if $c { $b = 2; } else { $b = 3; }; }; "
		  "while ($i < 3) { $i++; }; unroll 2 { @x = 1000000; }; }");
	/* strings with escapes; positional parameters; tuples */
	CHECK_STR(dump("BEGIN { printf(\"%s\\t\\x41\\101\\\"\", $1); @[$#] = (1, \"a\"); }"),
		  "BEGIN { printf(\"%s\tAA\"\", $1); @[$#] = (1, \"a\"); }");
	/* the preprocessor: includes ignored, BTF always there, defines */
	CHECK_STR(dump("#!/usr/bin/env bpftrace\n#include <linux/sched.h>\n#ifndef BPFTRACE_HAVE_BTF\n"
		       "struct x { int a; };\n#else\n#define FOO 42\n#endif\n"
		       "struct cfs_rq { int n; };\nBEGIN { @ = FOO; }"),
		  "BEGIN { @ = 42; }");
	CHECK_STR(dump("BEGIN { @x = 1; }\nEND { print(@x); clear(@x); }"),
		  "BEGIN { @x = 1; }\nEND { print(@x); clear(@x); }");

	/* errors: place, line, marker */
	CHECK_STR(error_of("stdin", "BEGIN { @x = 1 +; }"),
		  "stdin:1:17-18: ERROR: syntax error, unexpected ;\n"
		  "BEGIN { @x = 1 +; }\n"
		  "                ~\n");
	CHECK_STR(error_of("t.bt", "BEGIN {\n\tprintf(\"x\" }\n"),
		  "t.bt:2:13-14: ERROR: syntax error, unexpected }, expecting )\n"
		  "\tprintf(\"x\" }\n"
		  "\t           ~\n");
	CHECK_STR(error_of("stdin", "BEGIN { $x = \"abc; }"),
		  "stdin:1:14-21: ERROR: unterminated string\n"
		  "BEGIN { $x = \"abc; }\n"
		  "             ~~~~~~~\n");
	CHECK_STR(error_of("stdin", "BEGIN { @x = 1 "),
		  "stdin:1:16-17: ERROR: syntax error, unexpected end of file\n"
		  "BEGIN { @x = 1 \n"
		  "               ~\n");
	CHECK_STR(error_of("stdin", "#if 1\nBEGIN {}\n#endif"),
		  "stdin:1:1-2: ERROR: not supported yet: #if (use #ifdef)\n#if 1\n~\n");
	CHECK_STR(error_of("stdin", "BEGIN { $x = 99999999999999999999999; }"),
		  "stdin:1:14-37: ERROR: integer literal too large\n"
		  "BEGIN { $x = 99999999999999999999999; }\n"
		  "             ~~~~~~~~~~~~~~~~~~~~~~~\n");
	/* bpftrace 0.17's grammar has no address-of: the same error */
	CHECK_STR(error_of("stdin", "BEGIN { $x = &curtask->pid; }"),
		  "stdin:1:14-15: ERROR: syntax error, unexpected &\n"
		  "BEGIN { $x = &curtask->pid; }\n"
		  "             ~\n");
	/* tuple elements: $t.0, nested */
	CHECK_STR(dump("BEGIN { $t = (1, (2, \"x\")); @ = $t.1.0; }"),
		  "BEGIN { $t = (1, (2, \"x\")); @ = $t.1.0; }");
	return CHECK_REPORT();
}
