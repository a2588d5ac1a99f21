/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command line: strace-compatible options parsed into struct options,
 * and the -e trace=/status= set expressions.
 */
#ifndef STROBE_CLI_H
#define STROBE_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define SEL_WORDS_CLI 8		/* 512 syscall numbers, as the kernel side */

enum probe_mode { PROBE_AUTO, PROBE_RAW, PROBE_TP };
enum sort_by { SORT_TIME, SORT_CALLS, SORT_ERRORS, SORT_NAME, SORT_P99, SORT_MAX,
	       SORT_NOTHING };
enum hist_mode { HIST_NONE, HIST_LOG, HIST_LINEAR };
enum run_mode { MODE_TRACE, MODE_RECORD, MODE_REPORT, MODE_EXPORT };
enum export_format { EXPORT_PERFETTO, EXPORT_JSONL };

struct options {
	enum run_mode mode;	/* strobe, strobe record / report / export */
	const char *infile;	/* report, export: the record file */
	bool stat;		/* report --stat */
	enum export_format format;	/* export --format= */
	bool sel_given;		/* -e trace= was given (report filters by it) */
	char **cmd;		/* command and its arguments, or NULL */
	pid_t *pids;		/* -p */
	int npids;
	bool all;		/* -a: the whole system */
	bool follow;		/* -f */
	uint64_t sel[SEL_WORDS_CLI];	/* selected syscall numbers (in the kernel) */
	/* -y with -e trace=: the calls that create, copy or close fds are
	 * traced too, to keep the fd table, but not printed or counted */
	uint64_t quiet_sel[SEL_WORDS_CLI];
	bool has_quiet;
	uint8_t status_mask;	/* ST_* of bpf/event.h */
	const char *outfile;	/* -o */
	int timestamps;		/* -t: 1, -tt: 2, -ttt: 3 */
	bool relative;		/* -r */
	bool syscall_times;	/* -T */
	int hex_strings;	/* -x, -xx */
	int decode_fds;		/* -y: fds with paths (-yy: the same, for now) */
	char **paths;		/* -P: as given, and resolved when a symlink */
	int npaths;
	int strsize;		/* -s */
	size_t bufsize;		/* -m, bytes, a power of two */
	bool quiet;		/* -q */
	int debug;		/* -d: what strobe sets up; -dd: the verifier's log */
	bool no_abbrev;		/* -v, -e verbose=all: structs in full, execve's environment */
	int xlat;		/* -X: XLAT_* of src/decode/decode.h */
	/* -e read=SET, -e write=SET: fds whose data is dumped in hex */
	uint64_t dump_read[1024 / 64], dump_write[1024 / 64];
	bool dumping;
	enum probe_mode probe;	/* --probe= (for tests and benchmarks) */
	/* summaries */
	bool summary;		/* -c or -C */
	bool trace;		/* print the trace (not with -c) */
	enum sort_by sort;	/* -S */
	enum hist_mode hist;	/* --hist */
	int by;			/* --by: enum sum_by of bpf/hist.h */
	double interval;	/* -i SEC, 0 for none */
	bool json;		/* --json */
	char **events;		/* --event SYS:NAME patterns */
	int nevents;
	struct inject_opts *inject;	/* -e inject=, -e fault= (src/inject) */
};

/* Exit codes for strobe's own failures (a traced command's status otherwise). */
#define EXIT_USAGE 1		/* bad option or expression */
#define EXIT_SETUP 1		/* could not start tracing */
#define EXIT_NOTFOUND 127	/* command not found */
#define EXIT_NOEXEC 126		/* command found but could not run */

/* Returns 0 to go on, 1 when done (--help, --version), -1 after printing
 * a one-line error. */
int options_parse(struct options *o, int argc, char **argv);
void options_free(struct options *o);

/* Parse a trace= set into sel; on error fill err and return -1. */
int filter_parse_trace(const char *expr, uint64_t sel[SEL_WORDS_CLI],
		       char *err, size_t errlen);
/* Parse a status= set into a ST_* mask; on error fill err and return -1. */
int filter_parse_status(const char *expr, uint8_t *mask, char *err, size_t errlen);
/* -p PID[,PID...] appended to *pids; on error fill err and return -1. */
int parse_pid_list(const char *arg, pid_t **pids, int *npids, char *err, size_t errlen);
/* "64M" -> bytes; -1 on a malformed size. */
long long parse_size(const char *s);

#endif
