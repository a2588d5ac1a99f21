/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `strobe script`: bpftrace's language compiled to BPF by strobe itself.
 *
 *   lex.c      tokens, with a small preprocessor (#include ignored,
 *              #if[n]def/#else/#endif, #define of constants)
 *   parse.c    tokens -> AST (probes, predicates, statements, expressions)
 *   types.c    names and types: builtins, maps, $variables, tracepoint
 *              formats, kernel BTF (btf.c) for struct member access
 *   emit.c     struct bpf_insn buffers, labels, registers and stack slots
 *   gen*.c     AST -> BPF instructions, one program per probe
 *   attach.c   probes -> kernel (tracepoints, raw tracepoints, perf events,
 *              uprobes), BEGIN/END run with BPF_PROG_TEST_RUN
 *   out*.c     user space: printf, map printing as bpftrace prints them
 *   run.c      the subcommand: options, load, event loop, teardown
 *
 * Every error carries its place in the source; lang_error() prints it as
 * bpftrace does (file:line:col, the line, a marker under the construct).
 */
#ifndef STROBE_LANG_H
#define STROBE_LANG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- source and errors */

struct src {
	const char *name;	/* "stdin" for -e, the file name otherwise */
	const char *text;
	size_t len;
};

struct loc {
	int line, col, end;	/* 1-based; end is the column after the last */
};

/* Print "name:line:col-end: ERROR: msg", the line and a marker; -1. */
int lang_error(const struct src *s, struct loc l, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ---- tokens */

enum tok {
	T_EOF, T_INT, T_STR, T_IDENT, T_VAR, T_MAP, T_POS, T_POSCOUNT,
	T_PROBE_WORD,		/* a piece of an attach point: kept raw */
	T_LBRACE, T_RBRACE, T_LPAREN, T_RPAREN, T_LBRACK, T_RBRACK,
	T_SEMI, T_COMMA, T_COLON, T_QUESTION, T_DOT, T_ARROW,
	T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT,
	T_AMP, T_PIPE, T_CARET, T_TILDE, T_NOT,
	T_SHL, T_SHR, T_LT, T_GT, T_LE, T_GE, T_EQ, T_NE,
	T_LAND, T_LOR, T_INC, T_DEC,
	T_ASSIGN, T_ADD_ASSIGN, T_SUB_ASSIGN, T_MUL_ASSIGN, T_DIV_ASSIGN,
	T_MOD_ASSIGN, T_AND_ASSIGN, T_OR_ASSIGN, T_XOR_ASSIGN, T_SHL_ASSIGN,
	T_SHR_ASSIGN,
	/* keywords */
	T_IF, T_ELSE, T_WHILE, T_UNROLL, T_RETURN, T_BREAK, T_CONTINUE,
	T_STRUCT, T_UNION, T_ENUM, T_SIZEOF, T_OFFSETOF,
};

struct token {
	enum tok t;
	struct loc l;
	const char *p;		/* start in the source (for identifiers) */
	size_t n;
	int64_t ival;
	char *s;		/* decoded string literal / identifier (owned) */
	size_t slen;
};

struct lexer {
	const struct src *src;
	size_t pos;
	int line, col;
	bool at_line_start;
	int skip_depth;		/* inside #ifndef X (X defined) ... #endif */
	int if_depth;
	bool skipping[16];
	struct { char *name; int64_t v; } defs[64];
	int ndefs;
};

void lex_init(struct lexer *lx, const struct src *s);
/* Next token; probe-context lexing keeps attach points whole. -1 on error. */
int lex_next(struct lexer *lx, struct token *t, bool probe_ctx);
const char *tok_name(enum tok t);

/* ---- types */

enum ty_kind {
	TY_NONE, TY_INT, TY_STR, TY_PTR, TY_RECORD, TY_ARRAY, TY_CTX,
	TY_KSTACK, TY_USTACK, TY_KSYM, TY_USYM, TY_INET, TY_BUF, TY_TSTAMP,
	TY_PROBE, TY_USERNAME, TY_TUPLE, TY_VOID,
	/* map values made by aggregating functions */
	TY_COUNT, TY_SUM, TY_MIN, TY_MAX, TY_AVG, TY_STATS, TY_HIST, TY_LHIST,
};

struct type {
	enum ty_kind kind;
	uint32_t size;		/* bytes this value takes in a map or record */
	bool is_signed;
	bool user;		/* pointer into user memory */
	int btf_id;		/* TY_PTR: pointee; TY_RECORD/TY_ARRAY: the type */
	uint32_t elem;		/* TY_PTR to int / TY_ARRAY: element size */
	bool elem_signed;
	bool ctx_string;	/* tracepoint __data_loc or char[] field */
};

/* ---- AST */

enum node_kind {
	N_INT, N_STR, N_BUILTIN, N_VAR, N_MAP, N_POS, N_POSCOUNT, N_CALL,
	N_BINOP, N_UNOP, N_TERNARY, N_FIELD, N_INDEX, N_CAST, N_ASSIGN,
	N_INCDEC, N_TUPLE, N_SIZEOF,
	N_EXPR_STMT, N_IF, N_WHILE, N_UNROLL, N_BLOCK, N_RETURN, N_BREAK,
	N_CONTINUE,
};

struct node {
	enum node_kind kind;
	int op;			/* token of the operator; N_INCDEC: 1 if prefix */
	struct loc l;
	int64_t ival;
	char *str;		/* name, string literal, cast type text */
	size_t slen;
	struct node *a, *b, *c;
	struct node **v;	/* call arguments, map keys, block statements */
	int nv;
	struct type ty;		/* set by the type checker */
	int id;			/* map index, variable index, builtin id, fmt id */
	bool arrow;		/* N_FIELD: -> rather than . */
	int ptr_depth;		/* N_CAST: stars */
};

struct attach {
	char *text;		/* as written, "tracepoint:syscalls:sys_enter_kill" */
	struct loc l;
};

struct probe {
	struct attach *ap;
	int nap;
	struct node *pred;	/* or NULL */
	struct node *body;	/* N_BLOCK */
	struct loc l;
};

struct program {
	struct src src;
	struct probe *probes;
	int nprobes;
};

/* Parse the whole source; 0, or -1 after printing the error. */
int lang_parse(const struct src *s, struct program *p);
void program_free(struct program *p);
struct node *node_new(enum node_kind k, struct loc l);
void node_free(struct node *n);
/* The AST back as text (tests, -d). */
void node_dump(FILE *f, const struct node *n);

#endif
