// SPDX-License-Identifier: GPL-2.0
/* strobe top's command line. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "top.h"
#include "../cli/cli.h"

static const char usage_text[] =
"usage: strobe top [-e trace=SET] [--by=syscall|process] [--interval=SEC] [-n N]\n"
"                  [--profile [--off-cpu] [--gil] [-F HZ]] [-b]\n"
"                  [ -p PID[,PID...] | -a | [--] COMMAND [ARG...] ]\n"
"\n"
"A live view refreshed every second: system calls by rate, errors and\n"
"latency (p50, p99, max from the kernel's histograms), or with --profile the\n"
"functions taking CPU time by their own and total share.  Whole system by\n"
"default.\n"
"\n"
"  COMMAND              run COMMAND and watch it and its children\n"
"  -p, --attach=PID     watch running process(es)\n"
"  -a, --all            watch every process (the default)\n"
"  --cgroup=DIR         ...every process in a cgroup v2 directory (and below)\n"
"  --container=NAME|ID  ...in a container's or systemd unit's cgroup\n"
"  -e EXPR              syscalls to count, as strobe -e trace=SET\n"
"  --by=syscall|process one row per syscall (default) or per process\n"
"  -s, --sort=KEY       calls (default), errors, p99, max, total; with\n"
"                       --profile: own (default), total\n"
"  --interval=SEC, -d SEC  seconds between refreshes (default 1)\n"
"  -n, --iterations=N   stop after N refreshes\n"
"  --profile            functions by own and total share of CPU samples\n"
"  --off-cpu            with --profile: of the time threads were blocked\n"
"  --gil                with --profile: only threads holding a Python GIL\n"
"  -F, --freq=HZ        with --profile: samples per second per CPU (99)\n"
"  -b, --batch          tables one after another, even on a terminal (the\n"
"                       default when stdout is not one)\n"
"  --rows=N             rows of each table in batch mode (default 20)\n"
"  -h, --help           this text\n"
"\n"
"Keys: s sort, b by syscall/process, / filter (Enter, Esc), space pause, q quit.\n"
"NO_COLOR set: no reverse video.\n";

enum { OPT_BY = 256, OPT_INTERVAL, OPT_PROFILE, OPT_OFF, OPT_ROWS, OPT_CGROUP, OPT_CONTAINER,
       OPT_GIL };

static const struct option long_opts[] = {
	{ "attach", required_argument, 0, 'p' },
	{ "all", no_argument, 0, 'a' },
	{ "cgroup", required_argument, 0, OPT_CGROUP },
	{ "container", required_argument, 0, OPT_CONTAINER },
	{ "by", required_argument, 0, OPT_BY },
	{ "sort", required_argument, 0, 's' },
	{ "interval", required_argument, 0, OPT_INTERVAL },
	{ "iterations", required_argument, 0, 'n' },
	{ "profile", no_argument, 0, OPT_PROFILE },
	{ "off-cpu", no_argument, 0, OPT_OFF },
	{ "gil", no_argument, 0, OPT_GIL },
	{ "freq", required_argument, 0, 'F' },
	{ "batch", no_argument, 0, 'b' },
	{ "rows", required_argument, 0, OPT_ROWS },
	{ "help", no_argument, 0, 'h' },
	{ 0, 0, 0, 0 },
};

static int bad(const char *fmt, const char *arg)
{
	return opt_bad("strobe top", fmt, arg);
}

static const char *const sys_sorts[] = { "calls", "errors", "p99", "max", "total" };
static const char *const prof_sorts[] = { "own", "total" };

/* Returns 0 to go on, 1 after --help, -1 after a one-line error. */
int top_options_parse(struct top_options *o, int argc, char **argv)
{
	const char *sort = NULL;
	char *end;
	double d;
	int c;

	memset(o, 0, sizeof(*o));
	o->interval = 1;
	o->hz = 99;
	o->rows = 20;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+p:ae:s:d:n:F:bh", long_opts, NULL)) != -1) {
		switch (c) {
		case 'p': {
			char err[64];

			if (parse_pid_list(optarg, &o->pids, &o->npids, err, sizeof(err)))
				return bad("%s", err);
			break;
		}
		case 'a': o->all = true; break;
		case 'e':
			if (strncmp(optarg, "trace=", 6) && strchr(optarg, '='))
				return bad("-e '%s': strobe top takes only trace=SET", optarg);
			o->trace = optarg;
			break;
		case OPT_BY:
			if (!strcmp(optarg, "process") || !strcmp(optarg, "pid"))
				o->by_process = true;
			else if (strcmp(optarg, "syscall"))
				return bad("invalid --by '%s': expected syscall or process", optarg);
			break;
		case 's': sort = optarg; break;
		case 'd':
		case OPT_INTERVAL:
			d = strtod(optarg, &end);
			if (*end || !(d >= 0.1) || d > 3600)
				return bad("invalid interval '%s': expected 0.1 to 3600 seconds",
					   optarg);
			o->interval = d;
			break;
		case 'n':
			o->count = strtol(optarg, &end, 10);
			if (*end || o->count < 1)
				return bad("invalid -n '%s': expected a positive number", optarg);
			break;
		case OPT_PROFILE: o->profile = true; break;
		case OPT_OFF: o->off_cpu = true; break;
		case OPT_GIL: o->gil = true; break;
		case 'F':
			d = strtod(optarg, &end);
			if (*end || !(d >= 1) || d > 100000)
				return bad("invalid frequency '%s': expected 1 to 100000 Hz", optarg);
			o->hz = d;
			break;
		case 'b': o->batch = true; break;
		case OPT_ROWS:
			o->rows = strtol(optarg, &end, 10);
			if (*end || o->rows < 1)
				return bad("invalid --rows '%s': expected a positive number", optarg);
			break;
		case OPT_CGROUP:
		case OPT_CONTAINER: {
			uint64_t id;

			if (cgroup_resolve(optarg, c == OPT_CONTAINER, &o->cgroup, &id))
				return -1;
			break;
		}
		case 'h': fputs(usage_text, stdout); return 1;
		default:
			return opt_unknown("strobe top", "pesdnF", argv);
		}
	}
	if (optind < argc)
		o->cmd = argv + optind;
	if (o->cgroup && (o->cmd || o->npids))
		return bad("%s", "--cgroup and --container select processes: give no COMMAND or -p");
	if (!!o->cmd + !!o->npids + o->all > 1)
		return bad("%s", "give only one of COMMAND, -p PID and -a");
	if (!o->cmd && !o->npids)
		o->all = true;
	if (o->off_cpu && !o->profile)
		return bad("%s", "--off-cpu goes with --profile");
	if (o->gil && !o->profile)
		return bad("%s", "--gil goes with --profile");
	if (o->profile && o->trace)
		return bad("%s", "-e selects syscalls; --profile shows functions");
	if (sort) {
		const char *const *names = o->profile ? prof_sorts : sys_sorts;
		int n = o->profile ? 2 : 5;

		o->sort = -1;
		for (int i = 0; i < n; i++)
			if (!strcmp(sort, names[i]))
				o->sort = i;
		if (o->sort < 0)
			return bad(o->profile ? "invalid --sort '%s': expected own or total" :
				   "invalid --sort '%s': expected calls, errors, p99, max or total",
				   sort);
	}
	return 0;
}

int top_main(int argc, char **argv)
{
	struct top_options o;
	int rc = top_options_parse(&o, argc, argv);

	if (rc) {
		free(o.pids);	/* -p given before the bad option */
		return rc > 0 ? 0 : 1;
	}
	rc = o.profile ? top_profile(&o) : top_syscalls(&o);
	free(o.pids);
	return rc;
}
