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
	       SORT_NOTHING, SORT_AVG };
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
	int timestamps;		/* -t: 1, -tt: 2, -ttt: 3 (since the epoch) */
	/* enum time_prec of src/output/output.h: --absolute-timestamps=,
	 * --relative-timestamps=, --syscall-times= PRECISION */
	int ts_prec, rel_prec, times_prec;
	bool relative;		/* -r */
	bool syscall_times;	/* -T */
	int hex_strings;	/* -x: 1, -xx: 2, --strings-in-hex=non-ascii-chars: 3 */
	int decode_fds;		/* -y: fds with paths (-yy: the same, for now) */
	unsigned decode_fd_set;	/* -e decode-fds=SET: DFD_* of src/output; 0: by -y/-yy */
	char **paths;		/* -P: as given, and resolved when a symlink */
	int npaths;
	int strsize;		/* -s */
	size_t bufsize;		/* -m, bytes, a power of two */
	unsigned quiet;		/* QUIET_*: -q, -qq, -qqq, -e quiet= */
	bool quiet_given;	/* --quiet=SET, -e quiet=SET: no -q implied by -o */
	int debug;		/* -d: what strobe sets up; -dd: the verifier's log */
	bool no_abbrev;		/* -v, -e verbose=all: structs in full, execve's environment */
	/* -e abbrev=SET other than all or none: the calls abbreviated (the
	 * kernel side then captures as for -v, the formatter chooses) */
	uint64_t abbrev_sel[SEL_WORDS_CLI];
	bool abbrev_some;
	uint64_t raw_sel[SEL_WORDS_CLI];	/* -e raw=SET: arguments in hex */
	bool raw_some;
	bool pidns;		/* --decode-pids=pidns, --pidns-translation */
	bool decode_comm;	/* -Y, --decode-pids=comm */
	uint64_t verbose_sel[SEL_WORDS_CLI];	/* -e verbose=SET */
	bool verbose_given;
	int xlat;		/* -X: XLAT_* of src/decode/decode.h */
	/* -e read=SET, -e write=SET: fds whose data is dumped in hex */
	struct dump_set {
		uint64_t bits[1024 / 64];	/* fds 0 to 1023 */
		bool high;			/* the fds from 1024 on... */
		int32_t flip[4];		/* ...but these (-1: none) */
	} dump_read, dump_write;
	bool dumping;
	enum probe_mode probe;	/* --probe= (for tests and benchmarks) */
	/* summaries */
	bool summary;		/* -c or -C */
	bool trace;		/* print the trace (not with -c) */
	enum sort_by sort;	/* -S */
	enum hist_mode hist;	/* --hist */
	int by;			/* --by: enum sum_by of bpf/hist.h */
	double interval;	/* --interval=SEC, 0 for none */
	bool json;		/* --json */
	char **events;		/* --event SYS:NAME patterns */
	int nevents;
	/* strace's other options (docs/strace-options.md) */
	bool print_ip;		/* -i: the instruction pointer of each call */
	int stack_trace;	/* -k: 1, -kk: 2 (with source lines) */
	unsigned stack_bytes;	/* --stack-size: user stack copied per call for -k */
	int columns;		/* -a COLUMN: where results align (default 40) */
	bool append;		/* -A: -o FILE is appended to */
	bool separately;	/* -ff: -o FILE.TID per thread */
	bool detach_on_execve;	/* -b execve */
	bool syscall_numbers;	/* -n: "[  59] " before each call */
	uint64_t signals[2];	/* -e signal=: bit N-1 for signal N shows */
	const char *user;	/* -u USER: run the command as USER */
	char **env_edits;	/* -E VAR=VAL sets, -E VAR removes */
	int nenv_edits;
	int interruptible;	/* -I: 1, 2 (default), 3 (default with -o FILE), 4 */
	char **uevents;		/* --event uprobe:, uretprobe:, usdt: specs */
	int nuevents;
	const char *list;	/* --list PATTERN: print the probes, trace nothing */
	struct inject_opts *inject;	/* -e inject=, -e fault= (src/inject) */
	const char *metrics;	/* --metrics [ADDR:]PORT (src/metrics) */
	uint64_t metrics_max_series;	/* --metrics-max-series, 0: the default */
	const char *cgroup;	/* --cgroup DIR (or --container's cgroup), NULL: none */
	uint64_t cgroup_id;	/* ...its id: the kernel's filter */
};

/* What -q and -e quiet= silence, as strace names it. */
#define QUIET_ATTACH		0x01	/* "Process N attached/detached" */
#define QUIET_EXIT		0x02	/* "+++ exited with N +++", "+++ killed by +++" */
#define QUIET_PERSONALITY	0x04	/* (strobe traces one personality) */
#define QUIET_THREAD_EXECVE	0x08	/* "+++ superseded by execve +++" */
#define QUIET_PATH_RESOLUTION	0x10	/* -P: "Requested path resolved into" */
#define QUIET_ALL		0x1f

/* Exit codes for strobe's own failures (a traced command's status
 * otherwise), as strace's: 1 for all of them. */
#define EXIT_USAGE 1		/* bad option or expression */
#define EXIT_SETUP 1		/* could not start tracing */
#define EXIT_NOTFOUND 1		/* command not found ("Can't stat") */
#define EXIT_NOEXEC 1		/* command found but could not run */
/* Die of signal N, as the traced command did (strace's habit). */
#define EXIT_SIGNAL(n) (0x100 | (n))

/* usage.c: the text of strobe --help */
extern const char strobe_usage_text[];

/* Returns 0 to go on, 1 when done (--help, --version), -1 after printing
 * a one-line error. */
int options_parse(struct options *o, int argc, char **argv);
void options_free(struct options *o);

/* Parse a trace= set into sel; on error fill err and return -1. */
int filter_parse_trace(const char *expr, uint64_t sel[SEL_WORDS_CLI],
		       char *err, size_t errlen);
/* A call's name or number (as strace: decimal, below the table's end), or -1 */
int syscall_number(const char *tok);
/* Parse a status= set into a ST_* mask; on error fill err and return -1. */
int filter_parse_status(const char *expr, uint8_t *mask, char *err, size_t errlen);
/* -p PID[,PID...] appended to *pids; on error fill err and return -1. */
int parse_pid_list(const char *arg, pid_t **pids, int *npids, char *err, size_t errlen);
/* "64M" -> bytes; -1 on a malformed size. */
long long parse_size(const char *s);

struct fmt_opts;
/* fmtopts.c: the formatter's options the command line sets */
void options_fmt(const struct options *o, struct fmt_opts *fo);
/* compat.c: strace's options that are not strobe's own */
/* -e signal=SET into a bitmap (bit N-1: signal N); -1 with err on error. */
int parse_signal_set(const char *arg, uint64_t set[2], char *err, size_t errlen);
/* -e quiet=SET into QUIET_* bits; -1 with err on error. */
int parse_quiet_set(const char *arg, unsigned *mask, char *err, size_t errlen);
/* -S KEY, strace's names and strobe's; -1 with err on error. */
int parse_sort_key(const char *arg, enum sort_by *key, char *err, size_t errlen);
/* -I 1..4 or anywhere, waiting, never, never_tstp; -1 on error. */
int parse_interruptible(const char *arg);
/* The letters of strace 6.1 strobe refuses: a one-line reason, or NULL. */
const char *strace_option_refused(int c);

/* Inside src/cli: "strobe: MSG (see strobe --help)" with fmt's one %s as
 * arg; returns -1 */
int err1(const char *fmt, const char *arg);
/* options_parse's long options without a letter of their own */
enum {
	LONG_TRACE = 256, LONG_STATUS, LONG_PROBE, LONG_HIST, LONG_BY, LONG_JSON, LONG_STAT,
	LONG_FORMAT, LONG_EVENT, LONG_NO_SYSCALLS, LONG_HEX, LONG_ALL, LONG_INTERVAL,
	LONG_SEPARATELY, LONG_DAEMONIZE, LONG_SECCOMP, LONG_QUIET, LONG_SIGNAL, LONG_EXPR,
	LONG_DECODE_FDS, LONG_ABS_TS, LONG_REL_TS, LONG_SYSCALL_TIMES, LONG_REFUSED,
	LONG_STACK_SIZE, LONG_STACK_SOURCE, LONG_LIST, LONG_TIPS, LONG_PIDNS,
	LONG_METRICS, LONG_METRICS_MAX, LONG_CGROUP, LONG_CONTAINER,
};

/* What options_parse remembers between options, for the checks at the end. */
struct opt_state {
	const char *longname;	/* the long option's name, when one was given */
	bool bufsize_given, noted_daemon, sort_given, wall_clock;
	int follow, quiet_level, zZ_given;
	int t_count;		/* -t letters */
	bool abs_given;		/* --absolute-timestamps */
	bool x_given, hex_given;	/* -x, --strings-in-hex */
	bool seccomp_given;	/* --seccomp-bpf: said at the end, knowing -b */
};

/* One family of options each (opt_*.c): option c (a letter or LONG_*) with
 * its argument into o; 0 when handled, 1 when not the family's, -1 after a
 * one-line error. */
int opt_targets(struct options *o, struct opt_state *st, int c, const char *arg);
int opt_format(struct options *o, struct opt_state *st, int c, const char *arg);
int opt_filter(struct options *o, struct opt_state *st, int c, const char *arg);
int opt_summary(struct options *o, struct opt_state *st, int c, const char *arg);
int opt_strobe(struct options *o, struct opt_state *st, int c, const char *arg);
/* opt_finish.c: the checks and defaults that need every option; 0 or -1 */
int options_finish(struct options *o, struct opt_state *st, int argc, char **argv);
/* A note for options that change nothing for strobe. */
void note_noop(const char *opt, const char *why);

/* cgroup.c: --cgroup DIR (container false) or --container NAME|ID into
 * o->cgroup and o->cgroup_id; -1 with a one-line error */
int cgroup_option(struct options *o, const char *arg, bool container);
/* ...the same for any front end: the directory and its id */
int cgroup_resolve(const char *arg, bool container, const char **dir, uint64_t *id);
/* expr.c: one -e EXPR into o; -1 after a one-line error */
int options_expr(struct options *o, const char *expr);
/* -y with -e trace=: the calls that change fds or the cwd, followed quietly */
void options_quiet_fd_calls(struct options *o);

/* opterr.c: a subcommand's bad option as one line on stderr, "CMD: ...
 * (see CMD --help)"; -1.  opt_unknown reads getopt's '?' (optopt,
 * optind): a letter of takes_arg without its argument, or an unknown one. */
int opt_bad(const char *cmd, const char *fmt, const char *arg);
int opt_unknown(const char *cmd, const char *takes_arg, char *const *argv);

#endif
