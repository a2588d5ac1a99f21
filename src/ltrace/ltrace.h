/* SPDX-License-Identifier: GPL-2.0 */
/*
 * strobe ltrace: the library calls a program makes, with ltrace's command
 * line and output, traced at the called function's entry (uprobes) with a
 * check that the caller is the program itself; and strobe sslsniff, the
 * plaintext of OpenSSL's SSL_read/SSL_write.  Both on the probe engine.
 */
#ifndef STROBE_LTRACE_H
#define STROBE_LTRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "../util/util.h"
#include "../probe/probe.h"

/* -e's rules: [!][+-]SYMBOL[@LIB], chained with + and - */
struct lt_rule {
	bool exclude;
	char *sym;		/* glob */
	char *lib;		/* glob on the library's file name, or NULL */
};

struct lt_opts {
	char **cmd;
	pid_t *pids;
	int npids;
	bool follow;		/* -f */
	bool count;		/* -c */
	const char *metrics;	/* --metrics [ADDR:]PORT: -c served to Prometheus */
	bool no_libs;		/* -L */
	bool times;		/* -T */
	int timestamps;		/* -t, -tt, -ttt */
	bool relative;		/* -r */
	int strsize;		/* -s (32) */
	int indent;		/* -n */
	const char *outfile;	/* -o */
	struct lt_rule *rules;	/* -e */
	int nrules;
	char **libs;		/* -l */
	int nlibs;
	char **xsyms;		/* -x */
	int nxsyms;
	bool all;		/* -a (not ltrace's): every process */
	const char *cgroup;	/* --cgroup/--container: -a inside this cgroup v2 dir */
	int debug;
	bool syscalls;		/* -S */
	int stack_depth;	/* -w N: frames under each call */
};

int ltrace_parse(struct lt_opts *o, int argc, char **argv);
/* Whether a -e rule set selects symbol `sym` of library `lib`. */
bool ltrace_selected(const struct lt_opts *o, const char *sym, const char *lib);
/* Whether -l names library lib */
bool ltrace_lib_selected(const struct lt_opts *o, const char *lib);
void ltrace_opts_free(struct lt_opts *o);
int ltrace_main(int argc, char **argv);
int ltrace_run(const struct lt_opts *o);

/* print.c: ltrace's lines from EV_UPROBE, EV_EXIT records */
struct lt_printer;
struct writer;
struct formatter;
struct lt_printer *lt_printer_new(const struct lt_opts *o, struct writer *w,
				  struct formatter *f, const struct uprog *u);
void lt_printer_event(struct lt_printer *p, const void *rec, size_t size);
void lt_printer_finish(struct lt_printer *p);
void lt_printer_free(struct lt_printer *p);
/* An entry record with the strings it could not read taken from its
 * return record (read again there); NULL when that adds nothing. */
struct ev_uprobe;
struct ev_uprobe *lt_entry_patch(const struct ev_uprobe *e, size_t size,
				 const struct ev_uprobe *ret, size_t rsize, size_t *out);
/* The launched command: its own execve is not shown (-S) */
void lt_printer_set_child(struct lt_printer *p, pid_t child);

/* sys.c: -S, strobe's syscall tracer beside the probes, and the two ring
 * buffers' records put in order (held, then released sorted) */
struct lt_sys;
int lt_sys_start(struct lt_sys **y, const struct lt_opts *o, pid_t child,
		 struct formatter *fmt);
int lt_sys_ringbuf_fd(struct lt_sys *y);
/* -S -c: the syscalls' rows appended to a summary, numbered from
 * LT_SYS_BASE (below it: the probes' cookies), and their names */
#define LT_SYS_BASE (1 << 20)
struct summary;
int lt_sys_summary(struct lt_sys *y, struct summary *out);
const char *lt_sys_name(int nr);
uint64_t lt_sys_not_counted(struct lt_sys *y);
int lt_sys_hold(struct lt_sys *y, const void *data, size_t size);
/* what is older than a few ms, or everything (all: at the end) */
void lt_sys_release(struct lt_sys *y, struct lt_printer *p, bool all);
void lt_sys_stop(struct lt_sys *y);
uint64_t lt_sys_lost(struct lt_sys *y);
void lt_sys_free(struct lt_sys *y);

int sslsniff_main(int argc, char **argv);

/* forms.c: ltrace's forms over what the shared decoders wrote (from
 * `from` on in b): NULL as nil (a string) or 0, ltrace's escapes in
 * strings; a value of a function with no prototype as ltrace shows it */
struct lib_proto;
void lt_replace_null(struct sbuf *b, size_t at, const char *with);
void lt_nulls(struct sbuf *b, size_t from, const struct lib_proto *pr);
void lt_escapes(struct sbuf *b, size_t from);
void lt_put_guess(struct sbuf *b, uint64_t v);

#endif
