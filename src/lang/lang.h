/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `strobe script`: bpftrace's language compiled to BPF by strobe itself.
 *
 *   lex.c      tokens, with a small preprocessor (#include checked,
 *              #if[n]def/#else/#endif, #define of constants)
 *   parse.c    tokens -> AST (probes, predicates, statements, expressions)
 *   cdecl.c    C declarations in a program: struct/union/enum/typedef
 *              made into BTF types laid out as the C ABI does
 *   check.c    the type checker: maps, $variables, tracepoint formats,
 *              kernel BTF (btf.c) for struct member access; calls.c for
 *              builtins and calls, tuples.c for tuples, types.c for
 *              value sizes and how two types meet
 *   builtins.c builtin variables, one record each (struct builtin_def:
 *              name, what the provider must offer, type, code)
 *   fn_*.c     builtin functions, one record each (struct func_def: name,
 *              arguments, type rule, code): fn_agg.c aggregations,
 *              fn_out.c records for user space, fn_val.c values
 *   emit.c     struct bpf_insn buffers, labels, registers and stack slots
 *   gen*.c     AST -> BPF instructions, one program per probe
 *   providers.c  one record per probe kind (struct provider): reading and
 *              expanding its attach points, listing, attaching, what it
 *              offers the program; probes.c drives them
 *   attach.c   probes -> kernel (tracepoints, raw tracepoints, perf events),
 *              BEGIN/END run with BPF_PROG_TEST_RUN
 *   uprobes.c  uprobe/uretprobe/usdt through the probe engine (src/probe/):
 *              specs to locations, USDT arguments, DWARF args, user symbols
 *   watchpoints.c  hardware breakpoints (watchpoint:, asyncwatchpoint:)
 *   out*.c     user space: printf, map printing as bpftrace prints them
 *   run.c      the subcommand: options, load, event loop, teardown;
 *              info.c --info
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
#include <sys/types.h>

#include "../probe/probe.h"

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
/* An error in C declarations or #include: "error", as bpftrace shows
 * the C compiler's. */
int lang_cerror(const struct src *s, struct loc l, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The same with WARNING, to o (-k: a helper's error when the probe ran,
 * on the output as bpftrace prints it). */
void lang_warning(FILE *o, const struct src *s, struct loc l, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

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
	TY_PROBE, TY_USERNAME, TY_TUPLE, TY_VOID, TY_MACADDR,
	TY_RECVAL,		/* a struct's or an array's bytes, copied (btf_id:
				 * its type; an array's elem/nelem kept) */
	TY_ERRNO,		/* strerror(n): n, shown as the C library's text */
	TY_CGPATH,		/* cgroup_path(id): id, shown as its paths */
	/* map values made by aggregating functions */
	TY_COUNT, TY_SUM, TY_MIN, TY_MAX, TY_AVG, TY_STATS, TY_HIST, TY_LHIST,
};

struct type {
	enum ty_kind kind;
	uint32_t size;		/* bytes this value takes in a map or record */
	bool is_signed;
	bool user;		/* pointer into user memory */
	bool anyspace;		/* an address of no known space (a number cast to a
				 * pointer in a kernel probe): read with
				 * bpf_probe_read, user or kernel by the address,
				 * as bpftrace reads it */
	int btf_id;		/* TY_PTR: pointee (BTF id, 0: see below);
				 * TY_RECORD/TY_ARRAY: the BTF type */
	uint8_t ptr_level;	/* TY_PTR without BTF: stars */
	uint32_t elem;		/* ... to an int of this size; TY_ARRAY: element */
	bool elem_signed;
	uint32_t nelem;		/* TY_ARRAY */
	int tup;		/* TY_TUPLE: index in compiler.tups */
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
	const struct func_def *fn;	/* N_CALL: the builtin, once typed */
	const struct builtin_def *bi;	/* N_BUILTIN: its record, once typed */
	uint32_t scale;		/* pointer arithmetic: the integer side times this
				 * (the pointee's size), as C and bpftrace count */
	uint8_t bit_shift, bit_width;	/* N_FIELD of a bitfield: its bits */
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
	bool left_out;		/* a kind this kernel lacks, among other probes */
};

/* A C declaration at the program's top level: its text is
 * src.text[start..end), its types made by cdecl.c. */
struct cdef {
	size_t start, end;
	struct loc l;
};

struct program {
	struct src src;
	struct probe *probes;
	int nprobes;
	struct cdef *cdefs;
	int ncdefs;
	/* the program's #define NAME NUMBER, for its declarations' array sizes */
	struct { char *name; int64_t v; } defs[64];
	int ndefs;
};

/* ---- compiling */

#define MAX_KEYS 8
#define MAX_ARGS 16
#define STR_SIZE 64		/* bpftrace's default string size */
#define MAX_RECVAL 256		/* bytes of a struct copied into a map */
#define STACK_DEPTH 127		/* frames kept for kstack/ustack */
#define MAX_STACK_DEPTHS 8	/* different N of kstack(N)/ustack(N) */

struct gen;
struct btf;
struct ksyms;
struct usyms;

struct map_def {
	char *name;		/* "@x", "@" */
	struct loc l;
	int nkeys;		/* -1 until known */
	struct type key[MAX_KEYS];
	uint32_t koff[MAX_KEYS];
	uint32_t key_size;	/* the user's keys; hist/lhist add a u64 bucket */
	struct type val;	/* TY_NONE until known */
	uint32_t val_size;
	bool percpu;
	int64_t lmin, lmax, lstep;
	uint32_t ptr_scale;	/* given a pointer: += -= ++ -- step by its pointee */
	struct type ptr;	/* ...and its type, for @p->field and @p[i] */
	int fd;
};

/* A tuple's layout: each element in 8-byte aligned slots, as in a map. */
struct tuple_def {
	int n;
	struct type el[MAX_ARGS];
	uint32_t off[MAX_ARGS];
	uint32_t size;
	/* bpftrace lays tuples out as C structs (each element at its natural
	 * alignment, integers at their own size): what sizeof() says */
	uint8_t isz[MAX_ARGS];	/* an integer element's size before widening */
	uint32_t csize, calign;
};

struct var_def {
	char *name;
	struct type ty;
	int off;		/* stack slot (negative) once allocated */
};

enum rec_kind {
	REC_PRINTF = 1, REC_TIME, REC_EXIT, REC_PRINT_MAP, REC_CLEAR, REC_ZERO,
	REC_PRINT_VAL, REC_JOIN, REC_CAT, REC_SYSTEM,
	REC_HELPER_ERR,		/* -k: a helper failed (fmt: its name, loc: where) */
	REC_WATCH,		/* watchpoint setup: an address (map: the point) */
	REC_UNWATCH,		/* unwatch(addr) */
};

/* What the kernel side sends for printf/time/print..: a u64 header
 * (kind << 32 | fmt index), then the arguments at off[]. */
struct fmt_def {
	enum rec_kind kind;
	char *fmt;
	int nargs;
	struct type arg[MAX_ARGS];
	uint32_t off[MAX_ARGS];
	uint32_t size;
	int map;		/* REC_PRINT_MAP/CLEAR/ZERO */
	int64_t top, div;
	struct loc loc;		/* REC_HELPER_ERR: the call in the source */
};

enum lang_probe_kind {
	P_BEGIN, P_END, P_TRACEPOINT, P_RAWTP, P_PROFILE, P_INTERVAL, P_SOFTWARE,
	P_UPROBE, P_URETPROBE, P_USDT,
	/* read, listed, refused: this kernel cannot run them */
	P_KPROBE, P_KRETPROBE, P_KFUNC, P_KRETFUNC, P_HARDWARE, P_WATCHPOINT,
	P_ASYNCWATCHPOINT, P_ITER,
};

/* What a probe kind offers the program it runs (struct provider.offers). */
#define PV_ARGS		0x01	/* args: the tracepoint's format, a uprobe's
				 * parameters from DWARF */
#define PV_ARGN		0x02	/* arg0..arg9 */
#define PV_RETVAL	0x04	/* retval */
#define PV_SARG		0x08	/* sarg0..: the stack at a function's entry */
#define PV_REGS		0x10	/* reg("...") */
#define PV_USYM_FUNC	0x20	/* func is the user symbol of the address */
#define PV_USER		0x40	/* user-space locations: a probe_set per point,
				 * -p/-c scope, user pointers */
#define PV_REVERSED	0x80	/* the kernel runs its consumers newest first:
				 * attached last to first (program order) */

struct compiler;
struct probe_point;

/* One probe kind (providers.c): the whole of what strobe knows of it. */
struct provider {
	const char *name, *alias;	/* "uretprobe", "ur" */
	enum lang_probe_kind kind;
	int prog_type;			/* enum bpf_prog_type of its programs */
	unsigned offers;		/* PV_* */
	const char *unavailable;	/* why this kernel cannot run it */
	/* an attach point split at its colons (part[0] the kind) -> points
	 * (add_point); 0 or -1 after lang_error */
	int (*expand)(struct compiler *c, const struct provider *pv, int probe, int ap,
		      char part[4][256], int n);
	/* -l: print "kind:...:name" lines matching the glob (verbose, -lv:
	 * with their arguments); 0 or -1 */
	int (*list)(const struct provider *pv, const char *pattern, pid_t pid, bool verbose);
	/* attach a loaded point; 0 or -1 with a message */
	int (*attach)(struct compiler *c, struct probe_point *pt);
};
const struct provider *provider_of(enum lang_probe_kind k);
/* By name or alias ("ur"); NULL if none. */
const struct provider *provider_find(const char *word);
/* Every provider in turn: provider_next(NULL) is the first, NULL after the last. */
const struct provider *provider_next(const struct provider *pv);

/* One attach point after wildcards were expanded: one BPF program. */
struct probe_point {
	enum lang_probe_kind kind;
	int probe;		/* index in program.probes */
	int ap;			/* attach point index in the probe */
	char *name;		/* the full name, for the probe builtin */
	char *func;		/* the function/event part, for func */
	struct tp_event *tp;	/* P_TRACEPOINT: the format */
	uint64_t period;	/* P_PROFILE/P_INTERVAL/P_SOFTWARE */
	bool freq;
	int sw_config;
	int name_id;		/* its name in compiler.pnames (the probe builtin) */
	/* uprobe/uretprobe/usdt: the locations one program serves; location
	 * i's cookie is name_id + i, its name pnames[name_id + i] */
	struct probe_set set;
	struct probe_link link;
	bool multi;		/* loaded for uprobe_multi links */
	struct bpf_insn *ins;	/* kept to load again for perf event links */
	int nins;
	int prog_fd;
	int *fds;		/* perf events / links that attach it */
	int nfds;
	/* watchpoints (watchpoints.c): the address, its length and
	 * HW_BREAKPOINT_* type; wp_addrs[i] is what fds[i] watches */
	uint64_t wp_addr;
	uint64_t *wp_addrs;
	uint8_t wp_len, wp_type;
	/* a FUNC+argN watchpoint's uprobe: it reports argument wp_arg for
	 * point wp_point (and stops the process unless wp_async) */
	bool wp_setup, wp_async;
	int wp_point, wp_arg;
};

struct compiler {
	struct program *prog;
	const struct src *src;
	struct map_def *maps;
	int nmaps;
	struct fmt_def *fmts;
	int nfmts;
	struct tuple_def *tups;
	int ntups;
	struct var_def vars[64];
	int nvars;
	char **pos;		/* positional parameters */
	int npos;
	struct probe_point *pts;
	int npts;
	struct probe_point *cur;
	struct btf *btf;	/* the kernel's types, and the program's (cdecl.c) */
	struct btf *btf_base;	/* the kernel's, when the program made types */
	int cdecls_done;	/* 1: made, -1: failed */
	int btf_dwarf_first;	/* the first type from a binary's DWARF (0: none) */
	struct dwarf_btf_cache *dwarf_btf;	/* dwarf_btf.c's */
	bool final;		/* second pass: every map type is known */
	bool uses_kstack, uses_ustack;
	bool unsafe;		/* --unsafe: system() allowed */
	bool stopping;		/* Ctrl-C/SIGTERM came: no more system() */
	int verbose;		/* -v/-d: 1 shows instructions, 2 the verifier's log */
	int cpid;		/* -c's child, for cpid */
	const char *cmd;	/* -c's command line */
	pid_t pid;		/* -p: the process uprobes and usdt attach to */
	char **pnames;		/* what the probe builtin prints, by id */
	int npnames;
	struct usyms *us;	/* user symbols by pid, for usym/ustack/func */
	bool in_key;		/* printing a map key: stacks indent 4, not 8 */
	bool json;		/* -f json: every output a JSON object, as bpftrace's */
	int helper_check;	/* -k: warn of failed map deletes, -kk: of lookups too */
	/* stack trace maps of kstack(N)/ustack(N), one per depth N */
	struct { uint32_t depth; int fd; } depths[MAX_STACK_DEPTHS];
	int ndepths;
	int nleft_out;		/* attach points naming functions that do not exist */
	char *left_out;		/* ...why the first was left out */
	int stack_fd, ringbuf_fd, lost_fd, join_fd;
	uint64_t boot_ns;	/* ktime when the script started, for elapsed */
	int loop_depth;
	/* user space, at run time */
	FILE *out;
	struct ksyms *ks;
	int ncpus;
	int64_t real_off;	/* CLOCK_REALTIME - CLOCK_MONOTONIC, ns */
};

/* ---- user space (out.c, maps.c) */

/* One record from the ring buffer; 1 when it was exit(). */
int out_event(struct compiler *c, const void *data, size_t len);
/* A value of type t at p as bpftrace prints it (keys, print(), %s). */
void out_value(struct compiler *c, FILE *f, const struct type *t, const uint8_t *p);
void map_print(struct compiler *c, int map, int64_t top, int64_t div);
/* A map's elements, per-CPU copies combined; hist/lhist: one element per
 * key with its buckets in b, v[0] the first bucket's count, v[1] the sum
 * of all values.  Returns how many (thread-safe: --metrics reads from its
 * own thread). */
struct map_entry {
	uint8_t *key;
	int64_t v[2];		/* combined value: count/sum/min/max, or count+total */
	uint8_t *raw;		/* non-aggregated values */
	uint64_t *b;		/* hist/lhist buckets */
};
int maps_read(struct compiler *c, struct map_def *m, struct map_entry **out);
void maps_entries_free(struct map_entry *e, int n);
bool map_is_bucketed(const struct map_def *m);
int map_nbuckets(const struct map_def *m);
/* metrics.c: --metrics: every map as a metric family (src/metrics) */
struct mx;
void lang_metrics_collect(struct mx *m, void *ctx);
struct lang_metrics {
	struct compiler *c;
	const char *prefix;
	/* the label name of each map's keys: a builtin's name, or keyN */
	char (*labels)[MAX_KEYS][24];
	bool *gauge;		/* sum() maps seen below 0: gauges from then on */
};
int lang_metrics_prepare(struct lang_metrics *lm, struct compiler *c, const char *prefix);
void lang_metrics_free(struct lang_metrics *lm);
/* The events the kernel could not put in the ring buffer, all CPUs. */
uint64_t lost_events(struct compiler *c);
/* -f json: text as a JSON string; a value as JSON (numbers, tuples as
 * arrays, the rest as the string bpftrace prints). */
void json_str(FILE *f, const char *s, size_t n);
void json_value(struct compiler *c, FILE *f, const struct type *t, const uint8_t *p);
/* At exit: every map that has elements, by name. */
void maps_print_all(struct compiler *c);
void map_clear(struct compiler *c, int map, bool zero);
int maps_create(struct compiler *c);

/* ---- the kernel side (attach.c, uprobes.c) */

int prog_load(struct compiler *c, struct probe_point *pt, const struct gen *g);
int point_attach(struct compiler *c, struct probe_point *pt);
/* watchpoints.c */
int watchpoint_expand(struct compiler *c, const struct provider *pv, int probe, int ap,
		      char part[4][256], int n);
int watchpoint_gen_setup(struct compiler *c, struct probe_point *pt, struct gen *g);
int watchpoint_attach(struct compiler *c, struct probe_point *pt);
void watchpoint_on_record(struct compiler *c, const struct fmt_def *f, uint64_t addr);
void watchpoint_unwatch(struct compiler *c, uint64_t addr);
/* the providers' attach functions */
int attach_tracepoint(struct compiler *c, struct probe_point *pt);
int attach_rawtp(struct compiler *c, struct probe_point *pt);
int attach_perf_sw(struct compiler *c, struct probe_point *pt);
void point_detach(struct probe_point *pt);
int probe_run_once(struct probe_point *pt);
/* release.c: the end without waiting for the kernel's teardown.  Attached
 * programs test a stop flag first; script_detach sets it and hands the
 * perf events and links to a background child.  script_wait waits for
 * records or for the end of -c's command (its pidfd, from script_pidfd). */
struct gen;
struct ring_buffer;
void gen_stop_check(struct gen *g, const struct probe_point *pt);
void script_detach(struct compiler *c);
int script_pidfd(int pid);
int script_wait(struct ring_buffer *rb, int pidfd, int ms);
/* uprobe/uretprobe/usdt attach points -> probe points; 0 or -1. */
int uprobes_expand(struct compiler *c, int probe, int ap, enum lang_probe_kind k,
		   const char *text);
int uprobe_attach(struct compiler *c, struct probe_point *pt);
/* -l uprobe:LIB:GLOB / usdt:PATH:...: what exists, sorted; 0 or -1. */
int uprobes_list(const struct provider *pv, const char *pattern, pid_t pid, bool verbose);
/* Probes the kernel will fire: every location of a uprobe point counts. */
int probes_count(const struct compiler *c);
/* usdt argN: its value in r0, as the location's note describes it. */
int gen_usdt_arg(struct gen *g, struct node *n, int i);
/* args->NAME in a uprobe: the parameter as the file's DWARF types it,
 * then its register in r0. */
int check_uprobe_arg(struct compiler *c, struct node *n);
int gen_uprobe_arg(struct gen *g, struct node *n);
/* uaddr("sym"): typed, then its address in the process in r0. */
int check_uaddr(struct compiler *c, struct node *n);
int gen_uaddr(struct gen *g, struct node *n);
/* User addresses as bpftrace prints them: "sym" / "sym+off" / 0x... */
void usym_text(struct compiler *c, FILE *f, uint32_t pid, uint64_t addr, bool offset);
/* perf's form: "sym+off (/path)", or "0x... ([unknown])" */
void usym_text_perf(struct compiler *c, FILE *f, uint32_t pid, uint64_t addr);
void usyms_free(struct usyms *u);
/* stacks.c: kstack(N), ustack(perf, N)...: typed, their maps, code, text */
int check_stack_call(struct compiler *c, struct node *n, bool user);
/* The map of stacks of that depth (0: the default); -1 while only
 * registered, -2 when there are too many depths. */
int stack_depth_fd(struct compiler *c, uint32_t depth);
int stacks_create(struct compiler *c);
void stacks_close(struct compiler *c);
int gen_stack_call(struct gen *g, struct node *n, int dst);
/* A kstack/ustack value as bpftrace prints it (a newline, then frames). */
void stack_text(struct compiler *c, FILE *f, const struct type *t, const uint8_t *p);
/* Keep the target's mappings (-p, -c) while it lives: addresses in maps
 * printed at the end are symbolised after it has gone. */
void usyms_watch(struct compiler *c, pid_t pid);
/* A name for the probe builtin: its id. */
int pname_add(struct compiler *c, const char *name);

/* `strobe script ...`: argv[0] is "script". */
int script_main(int argc, char **argv);
/* --info (info.c): helpers, map and probe types this kernel offers. */
int script_info(void);

/* A builtin variable, all strobe knows of it in one record (builtins.c):
 * adding one is adding its record there. */
struct builtin_def {
	const char *name;	/* "arg" and "sarg" take a digit: arg0..arg9 */
	unsigned needs;		/* PV_* the probe's provider must offer */
	const char *refused;	/* the error when it does not (%s: the name) */
	enum ty_kind kind;	/* its type: kind, size, signedness */
	uint32_t size;
	bool sign;
	int arg;		/* a value of the record's own (the helper it calls) */
	/* More of its type than kind and size, or an error; NULL if none */
	int (*check)(struct compiler *c, struct node *n);
	/* Its code: a scalar in r0 (returns 0), or a value in memory at dst
	 * (allocated when 0; returns its offset).  NULL: not supported yet. */
	int (*gen)(struct gen *g, struct node *n, int dst);
};

/* The record of a builtin variable's name, with the digit of argN/sargN
 * in *index; NULL if the name is none. */
const struct builtin_def *builtin_lookup(const char *name, int *index);
/* Types n (an N_BUILTIN) by its record b. */
int check_builtin_var(struct compiler *c, struct node *n, const struct builtin_def *b);

/* A builtin function, all strobe knows of it in one record (fn_agg.c,
 * fn_out.c, fn_val.c): adding one is adding its record and its two
 * functions there. */
struct func_def {
	const char *name;
	int min, max;		/* how many arguments */
	unsigned flags;		/* FN_* */
	int arg;		/* a value of the record's own (a kind, a record kind) */
	/* Types the call; its arguments are typed already (but see the
	 * flags).  assign_to: the map it is assigned to, or NULL. */
	int (*check)(struct compiler *c, struct node *n, struct node *assign_to);
	/* Its code: a scalar in r0 (returns 0), or a value kept in memory
	 * written at dst (allocated when 0; returns its offset).  NULL for
	 * aggregations (gen_aggregate) and calls typed into constants. */
	int (*gen)(struct gen *g, struct node *n, int dst);
};

#define FN_AGG		1	/* an aggregation: only assigned to a map */
#define FN_MAP_ARG	2	/* the first argument names a map, not read */
#define FN_MODE_ARG	4	/* a builtin argument is a mode: kstack(perf) */
#define FN_ENDS		8	/* ends the action: exit() */
#define FN_POS_TEXT	16	/* str($1): a positional parameter is its text */

extern const struct func_def fn_agg[], fn_out[], fn_val[];
const struct func_def *func_lookup(const char *name);
/* Shared by the builtins' records: */
bool arg_is_int(const struct type *t);	/* an integer or a pointer */
/* Argument i must be an integer literal: 0, or -1 after the error. */
int arg_literal(struct compiler *c, struct node *call, int i);
/* A record kind for user space (printf's format...): its index. */
int fmt_add(struct compiler *c, enum rec_kind k, const char *fmt);

struct type t_int(uint32_t size, bool sign);
struct type t_of(enum ty_kind k, uint32_t size);
const char *kind_name(enum ty_kind k);
/* Bytes a value of this type takes in a map, a record or on the stack. */
uint32_t type_storage(const struct type *t);
/* Values kept in memory (strings, buffers...) rather than in a register. */
bool type_is_agg(const struct type *t);
int type_deref(struct compiler *c, const struct type *p, struct type *out);
/* The size of what a pointer points to: the step of pointer arithmetic. */
uint32_t ptr_scale(struct compiler *c, const struct type *p);
struct map_def *map_get(struct compiler *c, struct node *n);
int check_keys(struct compiler *c, struct node *n, struct map_def *m);
int check_map_value(struct compiler *c, struct node *n, struct map_def *m,
		    const struct type *t);
/* A struct or array where it lies (TY_RECORD, TY_ARRAY: its address) as
 * the bytes a map, a key, a tuple or print() keeps (TY_RECVAL). */
int type_to_value(struct compiler *c, struct node *n, struct type *t);
int check_expr(struct compiler *c, struct node *n);
/* Two types that may share a map slot or a variable: the wider one in *have. */
int type_unify(struct compiler *c, struct node *n, struct type *have, const struct type *t,
	       const char *what);

/* Tuples (tuples.c): (a, "b", c) values, $t.0, printing "(a, b, c)". */
int tuple_check(struct compiler *c, struct node *n);
int tuple_elem_check(struct compiler *c, struct node *n);
int tuple_unify(struct compiler *c, struct node *n, struct type *have, const struct type *t,
		const char *what);
void tuple_text(struct compiler *c, FILE *f, const struct type *t, const uint8_t *p);
/* A call; assign_to is the map it is assigned to (count() and friends). */
int check_call(struct compiler *c, struct node *n, struct node *assign_to);
/* printf's conversions: how many, or -1 with *bad set to the culprit;
 * spec (or NULL) gets the first MAX_ARGS as length modifier + conversion
 * ("lu", "s", "rx"). */
int fmt_count(const char *fmt, const char **bad, char (*spec)[4]);
/* A kernel symbol's address from /proc/kallsyms, 0 if none. */
uint64_t kallsyms_addr(const char *name);

/* A probe point for attach point `ap` of probe `probe` (name: the probe
 * builtin's, func: the func builtin's where it is static). */
struct probe_point *add_point(struct compiler *c, enum lang_probe_kind k, int probe, int ap,
			      const char *name, const char *func);
/* Expand every attach point (wildcards, tracepoint formats); 0 or -1. */
int probes_expand(struct compiler *c);
/* -l [PATTERN] [-p PID]: every provider's probes matching it. */
int probes_list(const char *pattern, pid_t pid, bool verbose);
/* Check one probe for one attach point: types on every node. */
int check_probe(struct compiler *c, struct probe_point *pt);
void compiler_free(struct compiler *c);
struct map_def *map_find(struct compiler *c, const char *name);

/* BTF (btf.c): the kernel's types by name, members by name. */
int btf_open(struct compiler *c);
int btf_struct(struct compiler *c, const char *name);
/* Member `name` of the struct/union `id` (anonymous members searched):
 * its byte offset and type; -1 if none, -2 if it is a bitfield. */
int btf_member(struct compiler *c, int id, const char *name, uint32_t *off, int *type_id);
/* A BTF type as a value type (int, pointer, array, record). */
int btf_to_type(struct compiler *c, int id, struct type *t);
const char *btf_name_of(struct compiler *c, int id);
bool btf_is_union_id(struct compiler *c, int id);
/* Bytes of the BTF type `id` (typedefs and qualifiers resolved); 0 if unknown. */
uint32_t btf_size(struct compiler *c, int id);
/* The element type of the BTF array `id`. */
int btf_array_elem(struct compiler *c, int id, struct type *t);
/* The same with a bitfield's place: offset and size in bits (size 0: not
 * a bitfield). */
int btf_member_bits(struct compiler *c, int id, const char *name, uint32_t *bit_off,
		    uint32_t *bit_size, int *type_id);
/* A plain char (char arrays are strings; uint8_t arrays are arrays). */
bool btf_is_char(struct compiler *c, int id);
/* A struct's or array's bytes as bpftrace prints them; mode 0 a value
 * ({ .a = 1, .b = [1,2] }), 1 a map key ({.a=1,.b=[1,2]}), 2 JSON
 * ({ "a": 1, "b": [1,2] }). */
void btf_value_text(struct compiler *c, FILE *f, int id, const uint8_t *p, int mode);
/* cdecl.c: the program's C declarations made into BTF types over the
 * kernel's (once; 0 or -1 after the error); the program's type of that
 * name and BTF kind, -1 if none. */
int cdecls_build(struct compiler *c);
int cdecl_find(struct compiler *c, const char *name, int kind);
/* dwarf_btf.c: a uprobe's binary's types from its DWARF, made into BTF
 * types after the program's: a function parameter's type, a struct,
 * union or typedef by name (BTF id; -1 if the binary has none). */
int dwarf_param_btf(struct compiler *c, const char *path, const char *func, const char *param);
int dwarf_struct_btf(struct compiler *c, const char *path, const char *name);
void dwarf_btf_free(struct compiler *c);
/* A BTF type's alignment as the C ABI lays it out (x86_64). */
uint32_t btf_align(struct compiler *c, int id);
/* A constant by name: a kernel #define tools use, or a BTF enumerator. */
int kernel_const(struct compiler *c, const char *name, int64_t *v);

/* ---- code generation (emit.c, gen*.c) */

#include <linux/bpf.h>

/* the registers code generation names, short */
#define R0 BPF_REG_0
#define R1 BPF_REG_1
#define R2 BPF_REG_2
#define R3 BPF_REG_3
#define R4 BPF_REG_4
#define R6 BPF_REG_6
#define R10 BPF_REG_10

#define ALU64_REG(op, d, s) ((struct bpf_insn){ .code = BPF_ALU64 | (op) | BPF_X, \
	.dst_reg = (d), .src_reg = (s) })
#define ALU64_IMM(op, d, i) ((struct bpf_insn){ .code = BPF_ALU64 | (op) | BPF_K, \
	.dst_reg = (d), .imm = (i) })
#define MOV64_REG(d, s) ALU64_REG(BPF_MOV, d, s)
#define MOV64_IMM(d, i) ALU64_IMM(BPF_MOV, d, i)
#define LDX_MEM(sz, d, s, o) ((struct bpf_insn){ .code = BPF_LDX | (sz) | BPF_MEM, \
	.dst_reg = (d), .src_reg = (s), .off = (o) })
#define STX_MEM(sz, d, s, o) ((struct bpf_insn){ .code = BPF_STX | (sz) | BPF_MEM, \
	.dst_reg = (d), .src_reg = (s), .off = (o) })
#define ST_MEM(sz, d, o, i) ((struct bpf_insn){ .code = BPF_ST | (sz) | BPF_MEM, \
	.dst_reg = (d), .off = (o), .imm = (i) })
#define JMP_IMM(op, d, i) ((struct bpf_insn){ .code = BPF_JMP | (op) | BPF_K, \
	.dst_reg = (d), .imm = (i) })
#define JMP_REG(op, d, s) ((struct bpf_insn){ .code = BPF_JMP | (op) | BPF_X, \
	.dst_reg = (d), .src_reg = (s) })
#define JA() ((struct bpf_insn){ .code = BPF_JMP | BPF_JA })
#define CALL(fn) ((struct bpf_insn){ .code = BPF_JMP | BPF_CALL, .imm = (fn) })
#define EXIT() ((struct bpf_insn){ .code = BPF_JMP | BPF_EXIT })

struct gen {
	struct compiler *c;
	struct bpf_insn *ins;
	int n, cap;
	int stack, max_stack;	/* bytes of the 512-byte frame in use */
	int depth;		/* temporaries pushed (r7, r8, r9, then slots) */
	int *labels;
	int nlabels;
	struct { int insn, label; } *fix;
	int nfix;
	int exit_label, brk_label, cont_label;
	int err;
	struct node *read_at;	/* -kk: the field/index/deref gen_read serves */
	bool read_any;		/* ...and its address has no known space */
};

void emit(struct gen *g, struct bpf_insn i);
void emit_ld64(struct gen *g, int reg, uint64_t v);
void emit_map_fd(struct gen *g, int reg, int fd);
void emit_mov_imm(struct gen *g, int reg, int64_t v);
int label_new(struct gen *g);
void label_here(struct gen *g, int l);
void emit_jmp(struct gen *g, struct bpf_insn i, int label);
int labels_resolve(struct gen *g);
int stack_alloc(struct gen *g, uint32_t size);
void stack_zero(struct gen *g, int off, uint32_t size);
void stack_copy(struct gen *g, int dst, int src, uint32_t size);
int tmp_push(struct gen *g);
void tmp_pop(struct gen *g, int where, int reg);
void insns_dump(FILE *f, const struct bpf_insn *ins, int n);

/* One probe point's program; 0 or -1 after an error at its place. */
int gen_probe(struct compiler *c, struct probe_point *pt, struct gen *g);
/* An expression: scalars end in r0 (returns 0), values kept in memory
 * are written at `dst` (allocated when 0) and their offset returned. */
int gen_expr(struct gen *g, struct node *n, int dst);
int gen_call(struct gen *g, struct node *n, int dst);
int gen_builtin(struct gen *g, struct node *n, int dst);
int gen_incdec(struct gen *g, struct node *n);
/* map[key] op= value (value in r0, or delta when rhs is NULL); the new
 * value in r0, or the old one when !want_new. */
int gen_map_rmw(struct gen *g, struct node *map, int op, struct node *rhs, int delta,
		bool want_new);
void gen_map_store(struct gen *g, struct node *map, struct node *val);
/* A value kept in memory written at dst in the layout `want` (a tuple
 * stored in a wider map or variable). */
int gen_value_to(struct gen *g, struct node *n, int dst, const struct type *want);
int gen_tuple_elem(struct gen *g, struct node *n, int dst);
void gen_aggregate(struct gen *g, struct node *map, struct node *call);
/* Shared by the builtins' code: a helper fn(stack + dst, size, r3) */
void gen_call_into(struct gen *g, int fn, int dst, uint32_t size);
/* A temporary pushed by tmp_push() into reg, leaving it pushed. */
void gen_tmp_get(struct gen *g, int where, int reg);
/* bpf_map_update_elem(map, stack + key, stack + val, flags) */
void gen_map_update(struct gen *g, struct map_def *m, int key, int val, int flags);
/* A struct's bytes (the expression gives its address) copied to dst. */
void gen_recval(struct gen *g, struct node *v, int dst, uint32_t storage);
#define ERR_NS(g, n, ...) (lang_error((g)->c->src, (n)->l, __VA_ARGS__), (g)->err = -1, 0)
/* Build a map's key on the stack (+8 bytes for a hist bucket). */
int gen_key(struct gen *g, struct node *map, bool bucket);
/* Read `size` bytes at the address in r0 into r0 (sign-extended). */
void gen_read(struct gen *g, uint32_t size, bool sign, bool user);
void gen_lost(struct gen *g);
void gen_output(struct gen *g, int off, uint32_t size);
/* -k: when r0 says the helper `name` failed at n (delete: negative,
 * lookup: NULL), a record for user space to warn with; r0 kept. */
void gen_helper_check(struct gen *g, struct node *n, const char *name, bool null_fails);

/* Parse the whole source; 0, or -1 after printing the error. */
int lang_parse(const struct src *s, struct program *p);
void program_free(struct program *p);
struct node *node_new(enum node_kind k, struct loc l);
void node_free(struct node *n);
/* The AST back as text (tests, -d). */
void node_dump(FILE *f, const struct node *n);

#endif
