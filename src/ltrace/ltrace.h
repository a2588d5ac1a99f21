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
	int debug;
};

int ltrace_parse(struct lt_opts *o, int argc, char **argv);
/* Whether a -e rule set selects symbol `sym` of library `lib`. */
bool ltrace_selected(const struct lt_opts *o, const char *sym, const char *lib);
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

int sslsniff_main(int argc, char **argv);

#endif
