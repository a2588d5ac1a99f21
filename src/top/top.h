/* SPDX-License-Identifier: GPL-2.0 */
/*
 * strobe top: a live view, refreshed every --interval seconds, of system
 * calls (rates, errors and latency percentiles from the kernel's
 * histograms, by syscall or by process) or, with --profile, of functions
 * by their own and total share of samples.  On a terminal: a full screen
 * (plain ANSI sequences; NO_COLOR honoured) with keys to sort, regroup,
 * filter, pause and quit; otherwise one table per interval.
 *
 * options.c parses; screen.c owns the terminal; sys.c and prof.c gather
 * and draw their views.
 */
#ifndef STROBE_TOP_H
#define STROBE_TOP_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "../util/util.h"

struct top_options {
	char **cmd;		/* -- COMMAND */
	pid_t *pids;		/* -p */
	int npids;
	bool all;		/* -a, and the default */
	const char *cgroup;	/* --cgroup/--container: -a inside this cgroup v2 dir */
	const char *trace;	/* -e EXPR, as strobe -e */
	bool by_process;	/* --by=process */
	int sort;		/* a column of the view */
	double interval;	/* --interval, -d */
	long count;		/* -n: stop after this many refreshes, 0: never */
	bool profile;		/* --profile */
	bool off_cpu;		/* --off-cpu */
	bool gil;		/* --gil: only threads holding a GIL */
	unsigned hz;		/* -F */
	int rows;		/* --rows: table rows when not a terminal */
	bool batch;		/* -b, or stdout not a terminal */
};

int top_main(int argc, char **argv);
int top_options_parse(struct top_options *o, int argc, char **argv);

/* ---- screen.c ---- */
enum top_key { TK_NONE, TK_QUIT, TK_PAUSE, TK_SORT, TK_BY, TK_FILTER_DONE, TK_REDRAW };

struct screen {
	bool tty;		/* full screen, keys */
	bool color;		/* not NO_COLOR */
	int rows, cols;
	bool paused;
	bool filtering;		/* typing a filter after '/' */
	char filter[64];	/* rows shown contain this; empty: all */
	char typed[64];
	struct sbuf out;	/* one frame, written at once */
	long frames;		/* begun so far */
};

int screen_open(struct screen *sc, bool batch);
void screen_close(struct screen *sc);
/* Keys waiting on stdin, one at a time; TK_NONE when none is. */
enum top_key screen_key(struct screen *sc);
/* Start a frame (clears the screen on a terminal). */
void screen_begin(struct screen *sc);
/* A header (reverse video on a colour terminal) or a plain line; lines
 * are cut to the screen's width. */
void screen_line(struct screen *sc, bool header, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* End the frame: the key help and status on a terminal; write it out. */
int screen_end(struct screen *sc, const char *help);
/* Rows left for the table (all of --rows when not a terminal). */
int screen_rows_left(const struct screen *sc, int used);
/* Does name pass the filter? */
bool screen_match(const struct screen *sc, const char *name);
/* "1.2us", "340ms": a duration in 7 columns. */
void fmt_ns(char *buf, size_t len, double ns);

/* ---- sys.c, prof.c: the views; return strobe's exit status ---- */
int top_syscalls(const struct top_options *o);
int top_profile(const struct top_options *o);

#endif
