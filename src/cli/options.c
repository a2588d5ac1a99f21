// SPDX-License-Identifier: GPL-2.0
/*
 * strace-compatible option parsing: the option table and the loop; each
 * family of options is parsed in its own opt_*.c, the checks that need
 * them all in opt_finish.c.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../../bpf/event.h"
#include "../inject/inject.h"

#ifndef STROBE_VERSION
#define STROBE_VERSION "0.1"
#endif

/* strace 6.1's letters, and strobe's -m */
#define OPTSTRING "fFo:e:s:p:P:a:Ab:DE:u:I:iknO:U:YtrTxyzZqvdX:m:cCS:whV"

static const struct option long_opts[] = {
	{ "follow-forks", no_argument, 0, 'f' },
	{ "output", required_argument, 0, 'o' },
	{ "trace", required_argument, 0, LONG_TRACE },
	{ "status", required_argument, 0, LONG_STATUS },
	{ "string-limit", required_argument, 0, 's' },
	{ "attach", required_argument, 0, 'p' },
	{ "all", no_argument, 0, LONG_ALL },
	{ "absolute-timestamps", optional_argument, 0, LONG_ABS_TS },
	{ "timestamps", optional_argument, 0, LONG_ABS_TS },
	{ "relative-timestamps", optional_argument, 0, LONG_REL_TS },
	{ "syscall-times", optional_argument, 0, LONG_SYSCALL_TIMES },
	{ "decode-fds", optional_argument, 0, LONG_DECODE_FDS },
	{ "trace-path", required_argument, 0, 'P' },
	{ "strings-in-hex", optional_argument, 0, LONG_HEX },
	{ "successful-only", no_argument, 0, 'z' },
	{ "failed-only", no_argument, 0, 'Z' },
	{ "quiet", optional_argument, 0, LONG_QUIET },
	{ "no-abbrev", no_argument, 0, 'v' },
	{ "const-print-style", required_argument, 0, 'X' },
	{ "debug", no_argument, 0, 'd' },
	{ "buffer-size", required_argument, 0, 'm' },
	{ "probe", required_argument, 0, LONG_PROBE },
	{ "summary-only", no_argument, 0, 'c' },
	{ "summary", no_argument, 0, 'C' },
	{ "summary-sort-by", required_argument, 0, 'S' },
	{ "hist", optional_argument, 0, LONG_HIST },
	{ "by", required_argument, 0, LONG_BY },
	{ "interval", required_argument, 0, LONG_INTERVAL },
	{ "instruction-pointer", no_argument, 0, 'i' },
	{ "stack-traces", optional_argument, 0, LONG_STACK_SOURCE },
	{ "stack-trace", optional_argument, 0, LONG_STACK_SOURCE },
	{ "stack-size", required_argument, 0, LONG_STACK_SIZE },
	{ "summary-wall-clock", no_argument, 0, 'w' },
	{ "json", no_argument, 0, LONG_JSON },
	{ "stat", no_argument, 0, LONG_STAT },
	{ "format", required_argument, 0, LONG_FORMAT },
	{ "event", required_argument, 0, LONG_EVENT },
	{ "no-syscalls", no_argument, 0, LONG_NO_SYSCALLS },
	{ "list", required_argument, 0, LONG_LIST },
	{ "metrics", required_argument, 0, LONG_METRICS },
	{ "metrics-max-series", required_argument, 0, LONG_METRICS_MAX },
	{ "cgroup", required_argument, 0, LONG_CGROUP },
	{ "container", required_argument, 0, LONG_CONTAINER },
	{ "help", no_argument, 0, 'h' },
	{ "version", no_argument, 0, 'V' },
	/* strace's, besides */
	{ "columns", required_argument, 0, 'a' },
	{ "output-append-mode", no_argument, 0, 'A' },
	{ "output-separately", no_argument, 0, LONG_SEPARATELY },
	{ "detach-on", required_argument, 0, 'b' },
	{ "daemonize", optional_argument, 0, LONG_DAEMONIZE },
	{ "env", required_argument, 0, 'E' },
	{ "user", required_argument, 0, 'u' },
	{ "interruptible", required_argument, 0, 'I' },
	{ "instruction-pointer", no_argument, 0, 'i' },
	{ "stack-traces", no_argument, 0, 'k' },
	{ "syscall-number", no_argument, 0, 'n' },
	{ "seccomp-bpf", no_argument, 0, LONG_SECCOMP },
	{ "signal", required_argument, 0, LONG_SIGNAL },
	{ "signals", required_argument, 0, LONG_SIGNAL },
	{ "abbrev", required_argument, 0, LONG_EXPR },
	{ "verbose", required_argument, 0, LONG_EXPR },
	{ "raw", required_argument, 0, LONG_EXPR },
	{ "read", required_argument, 0, LONG_EXPR },
	{ "write", required_argument, 0, LONG_EXPR },
	{ "inject", required_argument, 0, LONG_EXPR },
	{ "fault", required_argument, 0, LONG_EXPR },
	{ "kvm", required_argument, 0, LONG_EXPR },
	{ "summary-syscall-overhead", required_argument, 0, 'O' },
	{ "summary-columns", required_argument, 0, 'U' },
	{ "decode-pids", required_argument, 0, LONG_EXPR },
	{ "pidns-translation", no_argument, 0, LONG_PIDNS },
	{ "tips", optional_argument, 0, LONG_TIPS },
	{ "silent", optional_argument, 0, LONG_QUIET },
	{ "silence", optional_argument, 0, LONG_QUIET },
	{ 0, 0, 0, 0 },
};

int err1(const char *fmt, const char *arg)
{
	fprintf(stderr, "strobe: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see strobe --help)\n");
	return -1;
}

/* Each option goes to the first family that takes it (opt_*.c). */
static int option_one(struct options *o, struct opt_state *st, int c, const char *arg)
{
	static int (*const families[])(struct options *, struct opt_state *, int,
				       const char *) = {
		opt_targets, opt_format, opt_filter, opt_summary, opt_strobe,
	};

	for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
		int rc = families[i](o, st, c, arg);

		if (rc <= 0)
			return rc;
	}
	return 1;
}

/* getopt's '?': a letter without its argument, or an unknown option */
static int option_unknown(char **argv)
{
	if (optopt && strchr("oespPmSaEbuIOUX", optopt))
		return err1("option -%s needs an argument", (char[]){ (char)optopt, 0 });
	if (optopt)
		return err1("unknown option -%s", (char[]){ (char)optopt, 0 });
	return err1("unknown option '%s'", argv[optind - 1]);
}

/* strobe, strobe record / report / export: the defaults before any option */
static void options_init(struct options *o)
{
	memset(o, 0, sizeof(*o));
	memset(o->sel, 0xff, sizeof(o->sel));
	o->status_mask = ST_ALL;
	o->strsize = 32;
	o->bufsize = 4 << 20;
	o->trace = true;
	o->columns = 40;
	memset(o->signals, 0xff, sizeof(o->signals));
}

int options_parse(struct options *o, int argc, char **argv)
{
	struct opt_state st = { 0 };
	enum run_mode mode = MODE_TRACE;
	int c, longindex;

	if (argc > 1 && !strcmp(argv[1], "record"))
		mode = MODE_RECORD;
	else if (argc > 1 && !strcmp(argv[1], "report"))
		mode = MODE_REPORT;
	else if (argc > 1 && !strcmp(argv[1], "export"))
		mode = MODE_EXPORT;
	if (mode != MODE_TRACE) {
		argc--;
		argv++;
	}
	options_init(o);
	o->mode = mode;
	opterr = 0;
	/* Reading a file, options may follow its name; tracing, everything
	 * after the command is the command's. */
	const char *optstring = o->mode == MODE_REPORT || o->mode == MODE_EXPORT ?
		OPTSTRING : "+" OPTSTRING;

	optind = 1;
	longindex = -1;
	while ((c = getopt_long(argc, argv, optstring, long_opts, &longindex)) != -1) {
		int rc;

		st.longname = longindex >= 0 ? long_opts[longindex].name : NULL;
		longindex = -1;
		switch (c) {
		case 'h': fputs(strobe_usage_text, stdout); return 1;
		case 'V': printf("strobe version %s\n", STROBE_VERSION); return 1;
		case LONG_REFUSED:
			return err1("--%s is not supported yet", st.longname);
		case '?':
			return option_unknown(argv);
		}
		rc = option_one(o, &st, c, optarg);
		if (rc < 0)
			return -1;
		if (rc > 0)
			return option_unknown(argv);
	}
	return options_finish(o, &st, argc, argv);
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
