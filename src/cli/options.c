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

static const char usage_text[] =
"usage: strobe [-fqrTtvxyzZ] [-e EXPR]... [-o FILE] [-s STRSIZE] [-m SIZE]\n"
"              { -p PID[,PID...] | -a | [--] COMMAND [ARG...] }\n"
"       strobe record [-o FILE] [options] { -p PID | -a | [--] COMMAND }\n"
"       strobe report [FILE] [-e EXPR] [-p PID] [-t -T -c --hist --json --stat]\n"
"       strobe export --format=perfetto|jsonl [FILE] -o OUT\n"
"       strobe profile [-F HZ] [-d SEC] [-o FILE] { -p PID | -a | COMMAND }\n"
"                      (see strobe profile --help)\n"
"\n"
"Trace system calls with eBPF, printing them as strace does.\n"
"\n"
"Targets:\n"
"  COMMAND              run COMMAND and trace it from its execve\n"
"  -p, --attach=PID     trace all threads of running process(es) PID[,PID...]\n"
"  -a, --all            trace every process on the system except strobe\n"
"  -f, --follow-forks   also trace children created by fork, vfork and clone\n"
"\n"
"Filters (applied in the kernel):\n"
"  -e trace=SET, --trace=SET   syscalls to show: [!]value[,value...] where a\n"
"                       value is a name, %class, /regex, all or none\n"
"  -e status=SET, --status=SET  successful, failed, unfinished, all, none\n"
"  -z, --successful-only        only calls that succeeded\n"
"  -P, --trace-path=PATH        only calls that use PATH, by name or by fd\n"
"  -Z, --failed-only            only calls that failed\n"
"  -e read=SET, -e write=SET    a hex dump of all data read from / written\n"
"                               to these fds ([!]fd[,fd...], all, none)\n"
"\n"
"Tampering (a seccomp filter in the launched command, not ptrace):\n"
"  -e inject=SET[:error=ERRNO|:retval=VALUE][:signal=SIG][:syscall=PURE]\n"
"            [:delay_enter=DELAY][:when=FIRST[..LAST][+[STEP]]]\n"
"                       fail, fake, signal or delay these calls, as strace\n"
"  -e fault=SET[:error=ERRNO][:when=EXPR]  inject=, error=ENOSYS by default\n"
"\n"
"Output:\n"
"  -o, --output=FILE    write the trace to FILE instead of stderr\n"
"  -s, --string-limit=N print at most N bytes of each string (default 32)\n"
"  -t, --absolute-timestamps  time of day; -tt with microseconds; -ttt epoch\n"
"  -r, --relative-timestamps  time since the previous line\n"
"  -T, --syscall-times  time spent in each call\n"
"  -y, --decode-fds     fds with the paths they refer to: 3</etc/passwd>\n"
"  -x, -xx              strings with non-ASCII bytes in hex; -xx: all strings\n"
"  -q, --quiet          no attach/detach messages\n"
"  -v, --no-abbrev      structs in full, execve's environment (strace's -v)\n"
"  -X, --const-print-style=raw|abbrev|verbose  constants as numbers, names\n"
"                       (the default), or both\n"
"  -d, --debug          say what strobe sets up (tracefs, probes); -dd: the\n"
"                       verifier's log when the kernel refuses a program\n"
"  -m, --buffer-size=SIZE  ring buffer size (default 4M; K, M, G suffixes)\n"
"  --event=SYS:NAME[,...]  kernel tracepoints in the trace (globs allowed)\n"
"  --no-syscalls        only the --event tracepoints\n"
"\n"
"Summaries (counted in the kernel):\n"
"  -c, --summary-only   a table per syscall: calls, errors, time, p50..max\n"
"  -C, --summary        the trace and the table\n"
"  -S, --summary-sort-by=KEY  time (default), calls, errors, name, p99, max\n"
"  --hist[=log|linear]  a latency histogram per syscall\n"
"  --by=comm|pid|tid|cgroup  one table per group\n"
"  -i, --interval=SEC   a summary every SEC seconds\n"
"  -w, --summary-wall-clock  wall-clock latency (the default; for strace habits)\n"
"  --json               JSON lines: the trace's events, or with -c the summary\n"
"\n"
"  -h, --help           this text\n"
"  -V, --version        strobe's version\n"
"\n"
"Exit status: the traced command's (128+N if killed by signal N), 127 if the\n"
"command is not found, 1 if strobe could not trace.\n";

enum {
	OPT_TRACE = 256, OPT_STATUS, OPT_PROBE, OPT_HIST, OPT_BY, OPT_JSON, OPT_STAT,
	OPT_FORMAT, OPT_EVENT, OPT_NO_SYSCALLS, OPT_HEX, OPT_INJECT, OPT_FAULT,
};

static const struct option long_opts[] = {
	{ "follow-forks", no_argument, 0, 'f' },
	{ "output", required_argument, 0, 'o' },
	{ "trace", required_argument, 0, OPT_TRACE },
	{ "status", required_argument, 0, OPT_STATUS },
	{ "string-limit", required_argument, 0, 's' },
	{ "attach", required_argument, 0, 'p' },
	{ "all", no_argument, 0, 'a' },
	{ "absolute-timestamps", no_argument, 0, 't' },
	{ "timestamps", no_argument, 0, 't' },
	{ "relative-timestamps", no_argument, 0, 'r' },
	{ "syscall-times", no_argument, 0, 'T' },
	{ "decode-fds", no_argument, 0, 'y' },
	{ "trace-path", required_argument, 0, 'P' },
	{ "strings-in-hex", optional_argument, 0, OPT_HEX },
	{ "successful-only", no_argument, 0, 'z' },
	{ "failed-only", no_argument, 0, 'Z' },
	{ "quiet", no_argument, 0, 'q' },
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
	{ "interval", required_argument, 0, 'i' },
	{ "summary-wall-clock", no_argument, 0, 'w' },
	{ "json", no_argument, 0, OPT_JSON },
	{ "stat", no_argument, 0, OPT_STAT },
	{ "format", required_argument, 0, OPT_FORMAT },
	{ "event", required_argument, 0, OPT_EVENT },
	{ "no-syscalls", no_argument, 0, OPT_NO_SYSCALLS },
	{ "inject", required_argument, 0, OPT_INJECT },
	{ "fault", required_argument, 0, OPT_FAULT },
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, 'V' },
	{ 0, 0, 0, 0 },
};

static int err1(const char *fmt, const char *arg)
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

/* -e read=SET / write=SET: [!]fd[,fd...], all or none, into a bitmap. */
static int parse_fd_set(const char *what, const char *arg, uint64_t *set, bool *any)
{
	bool neg = *arg == '!';
	char *copy = strdup(arg + neg), *tok, *save = NULL;
	uint64_t bits[DUMP_FDS / 64] = { 0 };

	if (!copy)
		return -1;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *end;
		long fd;

		if (!strcmp(tok, "all")) {
			memset(bits, 0xff, sizeof(bits));
			continue;
		}
		if (!strcmp(tok, "none"))
			continue;
		fd = strtol(tok, &end, 10);
		if (*end || end == tok || fd < 0 || fd >= DUMP_FDS) {
			fprintf(stderr, "strobe: invalid fd '%s' in -e %s=: expected 0 to %d, all "
				"or none (see strobe --help)\n", tok, what, DUMP_FDS - 1);
			free(copy);
			return -1;
		}
		bits[fd / 64] |= 1ull << (fd % 64);
	}
	free(copy);
	for (int i = 0; i < DUMP_FDS / 64; i++) {
		set[i] = neg ? ~bits[i] : bits[i];
		if (set[i])
			*any = true;
	}
	return 0;
}

static void add_quiet_fd_calls(struct options *o)
{
	static const char *const names[] = {
		"dup", "dup2", "dup3", "fcntl", "close", "close_range", "chdir", "fchdir",
		"pipe", "pipe2", "socketpair",
	};

	for (int nr = 0; nr < SYSCALL_TABLE_SIZE && nr < SEL_WORDS_CLI * 64; nr++) {
		const struct syscall_desc *d = syscall_get(nr);
		bool fdcall = d && d->ret == RK_FD;

		for (size_t i = 0; d && !fdcall && i < sizeof(names) / sizeof(names[0]); i++)
			fdcall = !strcmp(d->name, names[i]);
		if (!fdcall || ((o->sel[nr / 64] >> (nr % 64)) & 1))
			continue;
		o->sel[nr / 64] |= 1ull << (nr % 64);
		o->quiet_sel[nr / 64] |= 1ull << (nr % 64);
		o->has_quiet = true;
	}
}

/* -e EXPR: "trace=SET", "status=SET", or a bare SET meaning trace=SET. */
static int parse_expr(struct options *o, const char *expr)
{
	char err[512];
	const char *eq = strchr(expr, '=');

	if (eq && !strncmp(expr, "trace=", 6))
		expr += 6;
	else if (eq && (!strncmp(expr, "t=", 2)))
		expr += 2;
	else if (eq && !strncmp(expr, "status=", 7)) {
		if (filter_parse_status(expr + 7, &o->status_mask, err, sizeof(err)))
			return err1("%s", err);
		return 0;
	} else if (eq && (!strncmp(expr, "read=", 5) || !strncmp(expr, "r=", 2))) {
		return parse_fd_set("read", eq + 1, o->dump_read, &o->dumping);
	} else if (eq && (!strncmp(expr, "write=", 6) || !strncmp(expr, "w=", 2))) {
		return parse_fd_set("write", eq + 1, o->dump_write, &o->dumping);
	} else if (eq && (!strncmp(expr, "abbrev=", 7) || !strncmp(expr, "a=", 2))) {
		/* strace: which calls print structs abbreviated; -v is
		 * abbrev=none.  strobe: all or none */
		const char *v = eq + 1;

		if (strcmp(v, "all") && strcmp(v, "none") && strcmp(v, "!all"))
			return err1("-e abbrev=%s: strobe takes all or none", v);
		o->no_abbrev = strcmp(v, "all") != 0;
		return 0;
	} else if (eq && (!strncmp(expr, "verbose=", 8) || !strncmp(expr, "v=", 2))) {
		/* strace: which calls have their structs decoded at all */
		if (strcmp(eq + 1, "all"))
			return err1("-e verbose=%s: strobe always decodes structs (all)", eq + 1);
		return 0;
	} else if (eq && inject_is_expr(expr)) {
		return inject_parse_expr(&o->inject, expr);
	} else if (eq) {
		char q[32];

		snprintf(q, sizeof(q), "%.*s", (int)(eq - expr), expr);
		return err1("-e %s= is not supported yet", q);
	}
	if (filter_parse_trace(expr, o->sel, err, sizeof(err)))
		return err1("%s", err);
	o->sel_given = true;
	return 0;
}

int options_parse(struct options *o, int argc, char **argv)
{
	bool bufsize_given = false;
	long long v;
	char *end;
	int c;

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
	opterr = 0;
	/* Reading a file, options may follow its name; tracing, everything
	 * after the command is the command's. */
	const char *optstring = o->mode == MODE_REPORT || o->mode == MODE_EXPORT ?
		"fo:e:s:p:P:atrTxyzZqvdX:m:cCS:i:whV" : "+fo:e:s:p:P:atrTxyzZqvdX:m:cCS:i:whV";

	optind = 1;
	while ((c = getopt_long(argc, argv, optstring, long_opts, NULL)) != -1) {
		switch (c) {
		case 'f': o->follow = true; break;
		case 'o': o->outfile = optarg; break;
		case 'e': if (parse_expr(o, optarg)) return -1; break;
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
		case 'a': o->all = true; break;
		case 't': o->timestamps++; break;
		case 'r': o->relative = true; break;
		case 'T': o->syscall_times = true; break;
		case 'y': o->decode_fds++; break;
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
		case 'z': o->status_mask = ST_SUCCESSFUL; break;
		case 'Z': o->status_mask = ST_FAILED; break;
		case 'q': o->quiet = true; break;
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
		case 'w': break;	/* wall-clock latency is what strobe measures */
		case 'S':
			{
				static const char *const keys[] = { "time", "calls", "errors",
					"name", "p99", "max", "nothing" };
				size_t k;

				for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
					if (!strcmp(optarg, keys[k]))
						break;
				if (k == sizeof(keys) / sizeof(keys[0]))
					return err1("invalid sort key '%s': expected time, calls, "
						    "errors, name, p99, max or nothing", optarg);
				o->sort = k;
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
		case 'i':
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
					char **n = realloc(o->events, (o->nevents + 1) * sizeof(*n));

					if (!n)
						break;
					o->events = n;
					o->events[o->nevents++] = strdup(tok);
				}
				free(copy);
			}
			break;
		case OPT_INJECT:
		case OPT_FAULT:
			if (inject_parse(&o->inject, optarg, c == OPT_FAULT))
				return -1;
			break;
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
		case 'h': fputs(usage_text, stdout); return 1;
		case 'V': printf("strobe version %s\n", STROBE_VERSION); return 1;
		case '?':
		default:
			if (optopt && strchr("oespPmSi", optopt))
				return err1("option -%s needs an argument",
					    (char[]){ (char)optopt, 0 });
			if (optopt)
				return err1("unknown option -%s", (char[]){ (char)optopt, 0 });
			return err1("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (inject_check(o))
		return -1;
	if (o->mode == MODE_REPORT || o->mode == MODE_EXPORT) {
		if (optind + 1 < argc)
			return err1("unexpected argument '%s': give one record file",
				    argv[optind + 1]);
		o->infile = optind < argc ? argv[optind] : "strobe.data";
		if (o->mode == MODE_EXPORT && !o->outfile)
			return err1("%s", "export needs -o OUT");
		if (o->all)
			return err1("%s", "-a is for tracing, not reading a record file");
		if (o->timestamps > 3)
			o->timestamps = 3;
		if (!o->summary && (o->hist || o->by)) {
			o->summary = true;
			o->trace = false;
		}
		if (o->summary && o->interval)
			return err1("%s", "-i is for live summaries");
		return 0;
	}
	if (optind < argc)
		o->cmd = argv + optind;
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
	/* only signals, exits and forks would go through the ring buffer */
	if (!o->trace && !bufsize_given)
		o->bufsize = 64 << 10;
	/* -y with a filter: what the fds are comes from the calls that made
	 * them, so those are traced quietly (strace reads /proc instead,
	 * while the process is stopped; strobe prints later) */
	if (o->mode == MODE_TRACE && o->trace && o->decode_fds && o->sel_given)
		add_quiet_fd_calls(o);
	if (!!o->cmd + !!o->npids + o->all == 0)
		return err1("%s", "nothing to trace: give a COMMAND, -p PID or -a");
	if (!!o->cmd + !!o->npids + o->all > 1)
		return err1("%s", "give only one of COMMAND, -p PID and -a");
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
}
