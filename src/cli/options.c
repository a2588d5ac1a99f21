// SPDX-License-Identifier: GPL-2.0
/* strace-compatible option parsing. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../../bpf/event.h"
#include "../../bpf/hist.h"
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"
#include "../inject/inject.h"

#ifndef STROBE_VERSION
#define STROBE_VERSION "0.1"
#endif

enum {
	OPT_TRACE = 256, OPT_STATUS, OPT_PROBE, OPT_HIST, OPT_BY, OPT_JSON, OPT_STAT,
	OPT_FORMAT, OPT_EVENT, OPT_NO_SYSCALLS, OPT_HEX, OPT_ALL, OPT_INTERVAL,
	OPT_SEPARATELY, OPT_DAEMONIZE, OPT_SECCOMP, OPT_QUIET, OPT_SIGNAL, OPT_EXPR,
	OPT_DECODE_FDS, OPT_ABS_TS, OPT_REL_TS, OPT_SYSCALL_TIMES, OPT_REFUSED,
	OPT_STACK_SIZE, OPT_STACK_SOURCE, OPT_LIST,
};

/* strace 6.1's letters, and strobe's -m */
#define OPTSTRING "fFo:e:s:p:P:a:Ab:DE:u:I:iknO:U:YtrTxyzZqvdX:m:cCS:whV"

static const struct option long_opts[] = {
	{ "follow-forks", no_argument, 0, 'f' },
	{ "output", required_argument, 0, 'o' },
	{ "trace", required_argument, 0, OPT_TRACE },
	{ "status", required_argument, 0, OPT_STATUS },
	{ "string-limit", required_argument, 0, 's' },
	{ "attach", required_argument, 0, 'p' },
	{ "all", no_argument, 0, OPT_ALL },
	{ "absolute-timestamps", optional_argument, 0, OPT_ABS_TS },
	{ "timestamps", optional_argument, 0, OPT_ABS_TS },
	{ "relative-timestamps", optional_argument, 0, OPT_REL_TS },
	{ "syscall-times", optional_argument, 0, OPT_SYSCALL_TIMES },
	{ "decode-fds", optional_argument, 0, OPT_DECODE_FDS },
	{ "trace-path", required_argument, 0, 'P' },
	{ "strings-in-hex", optional_argument, 0, OPT_HEX },
	{ "successful-only", no_argument, 0, 'z' },
	{ "failed-only", no_argument, 0, 'Z' },
	{ "quiet", optional_argument, 0, OPT_QUIET },
	{ "no-abbrev", no_argument, 0, 'v' },
	{ "const-print-style", required_argument, 0, 'X' },
	{ "debug", no_argument, 0, 'd' },
	{ "buffer-size", required_argument, 0, 'm' },
	{ "probe", required_argument, 0, OPT_PROBE },
	{ "summary-only", no_argument, 0, 'c' },
	{ "summary", no_argument, 0, 'C' },
	{ "summary-sort-by", required_argument, 0, 'S' },
	{ "hist", optional_argument, 0, OPT_HIST },
	{ "by", required_argument, 0, OPT_BY },
	{ "interval", required_argument, 0, OPT_INTERVAL },
	{ "instruction-pointer", no_argument, 0, 'i' },
	{ "stack-traces", optional_argument, 0, OPT_STACK_SOURCE },
	{ "stack-trace", optional_argument, 0, OPT_STACK_SOURCE },
	{ "stack-size", required_argument, 0, OPT_STACK_SIZE },
	{ "summary-wall-clock", no_argument, 0, 'w' },
	{ "json", no_argument, 0, OPT_JSON },
	{ "stat", no_argument, 0, OPT_STAT },
	{ "format", required_argument, 0, OPT_FORMAT },
	{ "event", required_argument, 0, OPT_EVENT },
	{ "no-syscalls", no_argument, 0, OPT_NO_SYSCALLS },
	{ "list", required_argument, 0, OPT_LIST },
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, 'V' },
	/* strace's, besides */
	{ "columns", required_argument, 0, 'a' },
	{ "output-append-mode", no_argument, 0, 'A' },
	{ "output-separately", no_argument, 0, OPT_SEPARATELY },
	{ "detach-on", required_argument, 0, 'b' },
	{ "daemonize", optional_argument, 0, OPT_DAEMONIZE },
	{ "env", required_argument, 0, 'E' },
	{ "user", required_argument, 0, 'u' },
	{ "interruptible", required_argument, 0, 'I' },
	{ "instruction-pointer", no_argument, 0, 'i' },
	{ "stack-traces", no_argument, 0, 'k' },
	{ "syscall-number", no_argument, 0, 'n' },
	{ "seccomp-bpf", no_argument, 0, OPT_SECCOMP },
	{ "signal", required_argument, 0, OPT_SIGNAL },
	{ "signals", required_argument, 0, OPT_SIGNAL },
	{ "abbrev", required_argument, 0, OPT_EXPR },
	{ "verbose", required_argument, 0, OPT_EXPR },
	{ "raw", required_argument, 0, OPT_EXPR },
	{ "read", required_argument, 0, OPT_EXPR },
	{ "write", required_argument, 0, OPT_EXPR },
	{ "inject", required_argument, 0, OPT_EXPR },
	{ "fault", required_argument, 0, OPT_EXPR },
	{ "kvm", required_argument, 0, OPT_EXPR },
	{ "summary-syscall-overhead", required_argument, 0, 'O' },
	{ "summary-columns", required_argument, 0, 'U' },
	{ "decode-pids", required_argument, 0, OPT_REFUSED },
	{ "tips", optional_argument, 0, OPT_REFUSED },
	{ 0, 0, 0, 0 },
};

/* uprobe:, uretprobe:, usdt: (and bpftrace's u:, ur:, U:) */
static bool is_user_probe(const char *spec)
{
	static const char *const kinds[] = { "uprobe:", "uretprobe:", "usdt:", "u:", "ur:",
					     "U:" };

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strncmp(spec, kinds[i], strlen(kinds[i])))
			return true;
	return false;
}

int err1(const char *fmt, const char *arg)
{
	fprintf(stderr, "strobe: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see strobe --help)\n");
	return -1;
}

/*
 * -p PID[,PID...]: appended to *pids.  Returns 0, or -1 with err saying
 * what is wrong (both strobe and strobe profile take the same list).
 */
int parse_pid_list(const char *arg, pid_t **pids, int *npids, char *err, size_t errlen)
{
	char *copy = strdup(arg), *tok, *save = NULL;

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (tok = strtok_r(copy, ", \t", &save); tok; tok = strtok_r(NULL, ", \t", &save)) {
		char *end;
		long v;
		pid_t *n;

		errno = 0;
		v = strtol(tok, &end, 10);
		if (*end || v <= 0 || v > 0x3fffffff || errno) {
			snprintf(err, errlen, "invalid process id '%.32s'", tok);
			free(copy);
			return -1;
		}
		n = realloc(*pids, (*npids + 1) * sizeof(*n));
		if (!n) {
			snprintf(err, errlen, "out of memory");
			free(copy);
			return -1;
		}
		*pids = n;
		(*pids)[(*npids)++] = v;
	}
	free(copy);
	return 0;
}

/* --absolute-timestamps=[[format:]FORMAT][,[precision:]PRECISION] */
static int parse_abs_ts(struct options *o, const char *arg)
{
	char copy[64], *tok, *save = NULL;
	int fmt = 1, prec = 0;

	snprintf(copy, sizeof(copy), "%s", arg);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strncmp(tok, "format:", 7))
			tok += 7;
		else if (!strncmp(tok, "precision:", 10))
			tok += 10;
		if (!strcmp(tok, "time"))
			fmt = 1;
		else if (!strcmp(tok, "unix"))
			fmt = 3;
		else if (!strcmp(tok, "none"))
			fmt = 0;
		else if (!strcmp(tok, "s"))
			prec = 0;
		else if (!strcmp(tok, "us"))
			prec = 1;
		else if (!strcmp(tok, "ms") || !strcmp(tok, "ns"))
			return err1("--absolute-timestamps precision %s is not supported yet: "
				    "s or us", tok);
		else
			return err1("invalid --absolute-timestamps '%s': expected time, unix or "
				    "none, and s or us", arg);
	}
	/* -t: time, -tt: time,us, -ttt: unix,us; unix alone counts as -ttt */
	o->timestamps = fmt == 0 ? 0 : fmt == 3 ? 3 : 1 + prec;
	return 0;
}

/* --relative-timestamps= and --syscall-times= take a precision: strobe
 * prints microseconds, strace's default. */
static int check_precision(const char *opt, const char *arg)
{
	if (!arg || !strcmp(arg, "us"))
		return 0;
	if (!strcmp(arg, "s") || !strcmp(arg, "ms") || !strcmp(arg, "ns"))
		return err1("%s precision other than us is not supported yet", opt);
	return err1("invalid precision for %s: expected s, ms, us or ns", opt);
}

/* -E VAR=VAL, -E VAR: applied in order to the command's environment */
static int add_env_edit(struct options *o, const char *arg)
{
	char **n;

	if (!*arg || *arg == '=')
		return err1("invalid -E '%s': expected VAR=VAL or VAR", arg);
	n = realloc(o->env_edits, (o->nenv_edits + 1) * sizeof(*n));
	if (!n)
		return -1;
	o->env_edits = n;
	o->env_edits[o->nenv_edits++] = (char *)arg;
	return 0;
}

/* -P: paths[i + 1] is what paths[i], a symbolic link, resolves to */
static bool path_resolved(const struct options *o, int i)
{
	char real[4096];

	return realpath(o->paths[i], real) && strcmp(real, o->paths[i]) &&
	       !strcmp(real, o->paths[i + 1]);
}

/* A note for options that change nothing for strobe, once each. */
static void note_noop(const char *opt, const char *why)
{
	fprintf(stderr, "strobe: %s changes nothing for strobe: %s\n", opt, why);
}

int options_parse(struct options *o, int argc, char **argv)
{
	bool bufsize_given = false, noted_daemon = false, sort_given = false, wall_clock = false;
	int follow = 0, quiet_level = 0, zZ_given = 0;
	long long v;
	char *end;
	int c, longindex;

	memset(o, 0, sizeof(*o));
	memset(o->sel, 0xff, sizeof(o->sel));
	if (argc > 1 && !strcmp(argv[1], "record"))
		o->mode = MODE_RECORD;
	else if (argc > 1 && !strcmp(argv[1], "report"))
		o->mode = MODE_REPORT;
	else if (argc > 1 && !strcmp(argv[1], "export"))
		o->mode = MODE_EXPORT;
	if (o->mode != MODE_TRACE) {
		argc--;
		argv++;
	}
	o->status_mask = ST_ALL;
	o->strsize = 32;
	o->bufsize = 4 << 20;
	o->trace = true;
	o->columns = 40;
	memset(o->signals, 0xff, sizeof(o->signals));
	opterr = 0;
	/* Reading a file, options may follow its name; tracing, everything
	 * after the command is the command's. */
	const char *optstring = o->mode == MODE_REPORT || o->mode == MODE_EXPORT ?
		OPTSTRING : "+" OPTSTRING;

	optind = 1;
	while ((c = getopt_long(argc, argv, optstring, long_opts, &longindex)) != -1) {
		switch (c) {
		case 'f': o->follow = true; follow++; break;
		case 'F':
			fprintf(stderr, "strobe: option -F is deprecated, please use "
				"-f/--follow-forks instead\n");
			o->follow = true;
			follow++;
			break;
		case OPT_SEPARATELY: o->separately = true; break;
		case OPT_ALL: o->all = true; break;
		case 'a':
			v = strtoll(optarg, &end, 10);
			if (*end || end == optarg || v < 0 || v > 1000)
				return err1("invalid -a argument '%s': -a sets the results' COLUMN, "
					    "as in strace; the whole system is --all", optarg);
			o->columns = v;
			break;
		case 'A': o->append = true; break;
		case 'b':
			if (strcmp(optarg, "execve"))
				return err1("-b %s: only -b execve is supported, as in strace",
					    optarg);
			o->detach_on_execve = true;
			break;
		case 'D':
		case OPT_DAEMONIZE:
			if (!noted_daemon)
				note_noop(c == 'D' ? "-D" : "--daemonize",
					  "it never stops or parents the traced command");
			noted_daemon = true;
			break;
		case OPT_SECCOMP:
			note_noop("--seccomp-bpf", "its filters run in the kernel already");
			break;
		case 'E': if (add_env_edit(o, optarg)) return -1; break;
		case 'u': o->user = optarg; break;
		case 'I':
			return err1("%s", "-I is not supported: strobe never stops the traced "
				    "processes, and detaches at SIGINT, SIGTERM or SIGHUP");
		case 'i': o->print_ip = true; break;
		case 'k': o->stack_trace++; break;
		case 'n': o->syscall_numbers = true; break;
		case 'O':
		case 'U':
		case 'Y':
			return err1("%s", strace_option_refused(c));
		case OPT_REFUSED:
			return err1("--%s is not supported yet", long_opts[longindex].name);
		case OPT_SIGNAL:
			{
				char err[256];

				if (parse_signal_set(optarg, o->signals, err, sizeof(err)))
					return err1("%s", err);
			}
			break;
		case OPT_EXPR:
			{
				char expr[4096];

				snprintf(expr, sizeof(expr), "%s=%s", long_opts[longindex].name,
					 optarg);
				if (options_expr(o, expr))
					return -1;
			}
			break;
		case 'o': o->outfile = optarg; break;
		case 'e': if (options_expr(o, optarg)) return -1; break;
		case OPT_TRACE:
			{
				char err[512];

				if (filter_parse_trace(optarg, o->sel, err, sizeof(err)))
					return err1("%s", err);
				o->sel_given = true;
			}
			break;
		case OPT_STATUS:
			{
				char err[256];

				if (filter_parse_status(optarg, &o->status_mask, err, sizeof(err)))
					return err1("%s", err);
			}
			break;
		case 's':
			v = strtoll(optarg, &end, 10);
			if (*end || v < 0 || v > STR_CAP_MAX)
				return err1("invalid string limit '%s': expected 0 to 4096", optarg);
			o->strsize = v;
			break;
		case 'p':
			{
				char err[64];

				if (parse_pid_list(optarg, &o->pids, &o->npids, err, sizeof(err)))
					return err1("%s", err);
			}
			break;
		case 't': o->timestamps++; break;
		case OPT_ABS_TS:
			if (!optarg)
				o->timestamps = 1;
			else if (parse_abs_ts(o, optarg))
				return -1;
			break;
		case 'r': o->relative = true; break;
		case OPT_REL_TS:
			if (check_precision("--relative-timestamps", optarg))
				return -1;
			o->relative = true;
			break;
		case 'T': o->syscall_times = true; break;
		case OPT_SYSCALL_TIMES:
			if (check_precision("--syscall-times", optarg))
				return -1;
			o->syscall_times = true;
			break;
		case 'y': o->decode_fds++; break;
		case OPT_DECODE_FDS:
			{
				char expr[128];

				snprintf(expr, sizeof(expr), "decode-fds=%s", optarg ? optarg : "path");
				if (options_expr(o, expr))
					return -1;
			}
			break;
		case 'x': o->hex_strings++; break;
		case OPT_HEX:
			if (!optarg || !strcmp(optarg, "all"))
				o->hex_strings = 2;
			else if (!strcmp(optarg, "non-ascii"))
				o->hex_strings = 1;
			else if (!strcmp(optarg, "none"))
				o->hex_strings = 0;
			else
				return err1("invalid --strings-in-hex '%s': expected all, non-ascii "
					    "or none", optarg);
			break;
		case 'P':
			{
				char real[4096];
				char **n = realloc(o->paths, (o->npaths + 2) * sizeof(*n));

				if (!n)
					return -1;
				o->paths = n;
				o->paths[o->npaths++] = strdup(optarg);
				/* a symbolic link: its target is the same file */
				if (realpath(optarg, real) && strcmp(real, optarg))
					o->paths[o->npaths++] = strdup(real);
			}
			break;
		case 'z':
		case 'Z':
			if (zZ_given++ == 1)	/* strace's words */
				fprintf(stderr, "strobe: Only the last of -z/--successful-only/"
					"-Z/--failed-only options will take effect. See status "
					"qualifier for more complex filters.\n");
			o->status_mask = c == 'z' ? ST_SUCCESSFUL : ST_FAILED;
			break;
		case 'q':
			/* strace: attach,personality; -qq: and exit; -qqq: all */
			o->quiet |= QUIET_ATTACH | QUIET_PERSONALITY;
			if (++quiet_level >= 2)
				o->quiet |= QUIET_EXIT;
			if (quiet_level >= 3)
				o->quiet = QUIET_ALL;
			break;
		case OPT_QUIET:
			{
				char err[256];

				if (!optarg)
					o->quiet |= QUIET_ATTACH | QUIET_PERSONALITY;
				else if (parse_quiet_set(optarg, &o->quiet, err, sizeof(err)))
					return err1("%s", err);
			}
			break;
		case 'v': o->no_abbrev = true; break;
		case 'd': o->debug++; break;
		case 'X':
			if (!strcmp(optarg, "raw"))
				o->xlat = XLAT_RAW;
			else if (!strcmp(optarg, "abbrev"))
				o->xlat = XLAT_ABBREV;
			else if (!strcmp(optarg, "verbose"))
				o->xlat = XLAT_VERBOSE;
			else
				return err1("invalid -X '%s': expected raw, abbrev or verbose", optarg);
			break;
		case 'm':
			v = parse_size(optarg);
			if (v < 4096)
				return err1("invalid buffer size '%s': expected e.g. 64K, 8M, 1G", optarg);
			/* the kernel wants a power-of-two number of pages */
			o->bufsize = 4096;
			while ((long long)o->bufsize < v)
				o->bufsize <<= 1;
			bufsize_given = true;
			break;
		case OPT_PROBE:
			if (!strcmp(optarg, "auto")) o->probe = PROBE_AUTO;
			else if (!strcmp(optarg, "raw")) o->probe = PROBE_RAW;
			else if (!strcmp(optarg, "tp")) o->probe = PROBE_TP;
			else return err1("invalid --probe '%s': expected auto, raw or tp", optarg);
			break;
		case 'c': o->summary = true; o->trace = false; break;
		case 'C': o->summary = true; o->trace = true; break;
		case 'w': wall_clock = true; break;	/* what strobe measures anyway */
		case 'S':
			{
				char err[256];

				if (parse_sort_key(optarg, &o->sort, err, sizeof(err)))
					return err1("%s", err);
				sort_given = true;
			}
			break;
		case OPT_HIST:
			if (!optarg || !strcmp(optarg, "log"))
				o->hist = HIST_LOG;
			else if (!strcmp(optarg, "linear"))
				o->hist = HIST_LINEAR;
			else
				return err1("invalid --hist '%s': expected log or linear", optarg);
			break;
		case OPT_BY:
			if (!strcmp(optarg, "pid")) o->by = BY_PID;
			else if (!strcmp(optarg, "tid")) o->by = BY_TID;
			else if (!strcmp(optarg, "comm")) o->by = BY_COMM;
			else if (!strcmp(optarg, "cgroup")) o->by = BY_CGROUP;
			else return err1("invalid --by '%s': expected comm, pid, tid or cgroup",
					 optarg);
			break;
		case OPT_STACK_SOURCE:
			/* strace: --stack-traces[=symbol|source] */
			if (!optarg || !strcmp(optarg, "symbol"))
				o->stack_trace = o->stack_trace > 1 ? o->stack_trace : 1;
			else if (!strcmp(optarg, "source"))
				o->stack_trace = 2;
			else
				return err1("invalid --stack-traces '%s': expected symbol or source",
					    optarg);
			break;
		case OPT_STACK_SIZE: {
			long long sz = parse_size(optarg);

			if (sz < 512 || sz > USTACK_MAX)
				return err1("invalid --stack-size '%s': expected 512 to 16K bytes",
					    optarg);
			o->stack_bytes = sz;
			break;
		}
		case OPT_INTERVAL:
			o->interval = strtod(optarg, &end);
			if (*end || !(o->interval >= 0.01) || o->interval > 86400)
				return err1("invalid interval '%s': expected seconds, e.g. 1 or 0.5",
					    optarg);
			break;
		case OPT_JSON: o->json = true; break;
		case OPT_STAT: o->stat = true; break;
		case OPT_EVENT:
			{
				char *copy = strdup(optarg), *tok, *save = NULL;

				for (tok = strtok_r(copy, ",", &save); tok;
				     tok = strtok_r(NULL, ",", &save)) {
					bool user = is_user_probe(tok);
					char ***vec = user ? &o->uevents : &o->events;
					int *nv = user ? &o->nuevents : &o->nevents;
					char **n = realloc(*vec, (*nv + 1) * sizeof(*n));

					if (!n)
						break;
					*vec = n;
					n[(*nv)++] = strdup(tok);
				}
				free(copy);
			}
			break;
		case OPT_LIST: o->list = optarg; break;
		case OPT_NO_SYSCALLS:
			memset(o->sel, 0, sizeof(o->sel));
			o->sel_given = true;
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "perfetto") || !strcmp(optarg, "chrome"))
				o->format = EXPORT_PERFETTO;
			else if (!strcmp(optarg, "jsonl"))
				o->format = EXPORT_JSONL;
			else
				return err1("invalid --format '%s': expected perfetto or jsonl", optarg);
			break;
		case 'h': fputs(strobe_usage_text, stdout); return 1;
		case 'V': printf("strobe version %s\n", STROBE_VERSION); return 1;
		case '?':
		default:
			if (optopt && strchr("oespPmSaEbuIOUX", optopt))
				return err1("option -%s needs an argument",
					    (char[]){ (char)optopt, 0 });
			if (optopt)
				return err1("unknown option -%s", (char[]){ (char)optopt, 0 });
			return err1("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (inject_check(o))
		return -1;
	if (o->json && o->trace && !o->summary && (o->stack_trace || o->print_ip))
		return err1("%s", "-k and -i print strace's text lines, not JSON: drop --json");
	if (o->mode == MODE_REPORT || o->mode == MODE_EXPORT) {
		if (optind + 1 < argc)
			return err1("unexpected argument '%s': give one record file",
				    argv[optind + 1]);
		o->infile = optind < argc ? argv[optind] : "strobe.data";
		if (o->mode == MODE_EXPORT && !o->outfile)
			return err1("%s", "export needs -o OUT");
		if (o->all)
			return err1("%s", "--all is for tracing, not reading a record file");
		if (o->timestamps > 3)
			o->timestamps = 3;
		if (!o->summary && (o->hist || o->by)) {
			o->summary = true;
			o->trace = false;
		}
		if (o->summary && o->interval)
			return err1("%s", "--interval is for live summaries");
		return 0;
	}
	if (optind < argc)
		o->cmd = argv + optind;
	if (follow >= 2)
		o->separately = true;
	if (o->separately && o->summary)
		return err1("%s", "(-c/--summary-only or -C/--summary) and -ff/--output-separately "
			    "are mutually exclusive, as in strace");
	if (o->separately && o->outfile && (o->outfile[0] == '|' || o->outfile[0] == '!'))
		return err1("%s", "piping the output and -ff/--output-separately are mutually "
			    "exclusive, as in strace");
	if (o->separately && o->mode == MODE_RECORD)
		return err1("%s", "-ff is for the trace; a recording is one file");
	if (o->separately && !o->outfile)
		o->separately = false;		/* strace: then it is -f */
	if (o->append && !o->outfile)
		fprintf(stderr, "strobe: -A/--output-append-mode has no effect without "
			"-o/--output\n");
	if ((o->user || o->nenv_edits) && !o->cmd)
		return err1("%s", "-u and -E apply to a COMMAND strobe starts, not to -p or --all");
	for (int i = 0; i + 1 < o->npaths && !(o->quiet & QUIET_PATH_RESOLUTION); i++)
		if (o->paths[i + 1] && path_resolved(o, i))
			fprintf(stderr, "strobe: Requested path \"%s\" resolved into \"%s\"\n",
				o->paths[i], o->paths[i + 1]);
	if (o->mode == MODE_RECORD) {
		if (!o->outfile)
			o->outfile = "strobe.data";
		if (o->summary || o->json || o->hist)
			return err1("%s", "record writes raw events; ask for summaries with "
				    "strobe report -c");
	}
	if (o->timestamps > 3)
		o->timestamps = 3;
	/* the summary options imply a summary, as strace's -S does */
	if (!o->summary && (o->hist || o->by || o->interval)) {
		o->summary = true;
		o->trace = false;
	}
	/* as strace: said, and the summary goes on without them */
	if (!o->trace && o->stack_trace) {
		fprintf(stderr, "strobe: -k/--stack-traces has no effect with -c/--summary-only\n");
		o->stack_trace = 0;
	}
	if (!o->trace && o->print_ip) {
		fprintf(stderr, "strobe: -i/--instruction-pointer has no effect with "
			"-c/--summary-only\n");
		o->print_ip = false;
	}
	if (!o->stack_bytes)
		o->stack_bytes = 8192;
	/* strace's words for summary options without a summary */
	if (wall_clock && !o->summary)
		return err1("%s", "-w/--summary-wall-clock must be given with (-c/--summary-only "
			    "or -C/--summary)");
	if (sort_given && !o->summary)
		fprintf(stderr, "strobe: -S/--summary-sort-by has no effect without "
			"(-c/--summary-only or -C/--summary)\n");
	/* only signals, exits and forks would go through the ring buffer */
	if (!o->trace && !bufsize_given)
		o->bufsize = 64 << 10;
	/* as strace: -q is implied when the output goes to a file or a pipe
	 * and the command is run (not attached to) */
	if (o->outfile && o->cmd && !quiet_level)
		o->quiet |= QUIET_ATTACH | QUIET_PERSONALITY;
	/* -k: every call carries a copy of its stack */
	if (o->stack_trace && !bufsize_given)
		o->bufsize = 32 << 20;
	/* -s: room for 32768 calls carrying a whole string each (128 MiB for
	 * -s4096, the most), the burst a program making nothing but such
	 * calls (strace's printstrn tests: 33,000 of them in 0.1 s) puts
	 * ahead of the consumer; 64 MiB lost none with build/strobe, 44 of
	 * them with the slower sanitized build.  The default's 4 MiB hold
	 * -s128 */
	if (o->trace && !bufsize_given)
		while (o->bufsize < ((size_t)32768 * (size_t)o->strsize) && o->bufsize < (128 << 20))
			o->bufsize <<= 1;
	/* -y with a filter: what the fds are comes from the calls that made
	 * them, so those are traced quietly (strace reads /proc instead,
	 * while the process is stopped; strobe prints later) */
	if (o->mode == MODE_TRACE && o->trace && o->decode_fds && o->sel_given)
		options_quiet_fd_calls(o);
	if (o->list)
		return 0;
	if (!!o->cmd + !!o->npids + o->all == 0)
		return err1("%s", "nothing to trace: give a COMMAND, -p PID or --all");
	if (!!o->cmd + !!o->npids + o->all > 1)
		return err1("%s", "give only one of COMMAND, -p PID and --all");
	return 0;
}

void options_free(struct options *o)
{
	for (int i = 0; i < o->npaths; i++)
		free(o->paths[i]);
	free(o->paths);
	o->paths = NULL;
	free(o->pids);
	o->pids = NULL;
	for (int i = 0; i < o->nevents; i++)
		free(o->events[i]);
	free(o->events);
	o->events = NULL;
	free(o->inject);
	o->inject = NULL;
	free(o->env_edits);
	o->env_edits = NULL;
	for (int i = 0; i < o->nuevents; i++)
		free(o->uevents[i]);
	free(o->uevents);
	o->uevents = NULL;
}
