// SPDX-License-Identifier: GPL-2.0
/* strobe profile's command line. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "../cli/cli.h"
#include "../../bpf/profile_event.h"

static const char usage_text[] =
"usage: strobe profile [-F HZ] [-d SEC] [-o FILE] [--format=FMT] [--off-cpu|--both] [--gil]\n"
"                      { -p PID[,PID...] | -a | [--] COMMAND [ARG...] }\n"
"       strobe profile --dump -p PID[,PID...]\n"
"\n"
"Sample where threads spend CPU time (and, with --off-cpu, where they wait),\n"
"with kernel and user stacks, unwound with DWARF CFI where frame pointers are\n"
"missing.\n"
"\n"
"  COMMAND              run COMMAND and profile it and its children\n"
"  -p, --attach=PID     profile running process(es)\n"
"  -a, --all            profile every process but strobe\n"
"  --cgroup=DIR         every process in a cgroup v2 directory (and below)\n"
"  --container=NAME|ID  ...in a container's or systemd unit's cgroup\n"
"  -F, --freq=HZ        samples per second per CPU (default 99)\n"
"  -d, --duration=SEC   stop after SEC seconds (default: when the command\n"
"                       ends, or Ctrl-C)\n"
"  -o, --output=FILE    write the profile to FILE; its extension picks the\n"
"                       format: .folded .svg .pb.gz/.pprof .json (speedscope)\n"
"                       .txt; give -o several times for several outputs\n"
"  --format=FMT         text (default), folded, svg, pprof, speedscope\n"
"  --off-cpu            where threads block, weighted by the time blocked\n"
"  --both               on-CPU and off-CPU in one profile (off-CPU in sample\n"
"                       periods, marked [off-cpu])\n"
"  --min-block=USEC     ignore blocks shorter than USEC (default 1)\n"
"  --call-graph=MODE    auto (default), dwarf or fp: how user stacks unwind\n"
"  --stack-size=BYTES   user stack copied per sample for DWARF (default 8192)\n"
"  --no-kernel, --no-user  leave out kernel or user frames\n"
"  --no-python          show CPython's own frames, not the Python functions\n"
"                       it runs (3.6 to 3.13)\n"
"  --per-pid            the root frame names the process id too\n"
"  --per-thread         a frame under the root names each thread: its tid and\n"
"                       its name (a Python thread's from its threading module)\n"
"  --idle               py-spy's name: waiting threads too (as --both)\n"
"  --gil                only threads holding a Python GIL at the sample (and,\n"
"                       with --off-cpu/--both, blocks that keep it)\n"
"  --subprocesses       with -p, the processes' children too (existing and new)\n"
"  --dump               print every thread's stack now (Python and native,\n"
"                       with thread names and states) and exit; needs -p\n"
"  --top=N              rows of the text summary (default 20)\n"
"  -v, --verbose        say what is set up\n"
"  -h, --help           this text\n";

enum { OPT_FORMAT = 256, OPT_OFF, OPT_BOTH, OPT_MIN_BLOCK, OPT_CALL_GRAPH, OPT_STACK,
       OPT_NO_KERNEL, OPT_NO_USER, OPT_PER_PID, OPT_TOP, OPT_NO_PYTHON, OPT_DUMP,
       OPT_CGROUP, OPT_CONTAINER, OPT_IDLE, OPT_SUBPROCESSES, OPT_GIL, OPT_PER_THREAD };

static const struct option long_opts[] = {
	{ "freq", required_argument, 0, 'F' },
	{ "duration", required_argument, 0, 'd' },
	{ "output", required_argument, 0, 'o' },
	{ "attach", required_argument, 0, 'p' },
	{ "all", no_argument, 0, 'a' },
	{ "cgroup", required_argument, 0, OPT_CGROUP },
	{ "container", required_argument, 0, OPT_CONTAINER },
	{ "format", required_argument, 0, OPT_FORMAT },
	{ "off-cpu", no_argument, 0, OPT_OFF },
	{ "both", no_argument, 0, OPT_BOTH },
	{ "min-block", required_argument, 0, OPT_MIN_BLOCK },
	{ "call-graph", required_argument, 0, OPT_CALL_GRAPH },
	{ "stack-size", required_argument, 0, OPT_STACK },
	{ "no-kernel", no_argument, 0, OPT_NO_KERNEL },
	{ "no-user", no_argument, 0, OPT_NO_USER },
	{ "no-python", no_argument, 0, OPT_NO_PYTHON },
	{ "dump", no_argument, 0, OPT_DUMP },
	{ "idle", no_argument, 0, OPT_IDLE },
	{ "gil", no_argument, 0, OPT_GIL },
	{ "subprocesses", no_argument, 0, OPT_SUBPROCESSES },
	{ "per-pid", no_argument, 0, OPT_PER_PID },
	{ "per-thread", no_argument, 0, OPT_PER_THREAD },
	{ "top", required_argument, 0, OPT_TOP },
	{ "verbose", no_argument, 0, 'v' },
	{ "help", no_argument, 0, 'h' },
	{ 0, 0, 0, 0 },
};

static int bad(const char *fmt, const char *arg)
{
	return opt_bad("strobe profile", fmt, arg);
}

static bool ends_with(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);

	return a >= b && !strcmp(s + a - b, suf);
}

static int parse_format(const char *s, enum prof_format *f)
{
	static const char *const names[] = { "text", "folded", "svg", "pprof", "speedscope" };

	for (int i = 0; i < 5; i++)
		if (!strcmp(s, names[i])) {
			*f = i;
			return 0;
		}
	return -1;
}

/* Returns 0 to go on, 1 after --help, -1 after a one-line error. */
int prof_options_parse(struct prof_options *o, int argc, char **argv)
{
	bool format_given = false, idle = false;
	static const char *const fmt_names[] = { "text", "folded", "svg", "pprof", "speedscope" };
	char *end;
	double d;
	int c;

	memset(o, 0, sizeof(*o));
	o->hz = 99;
	o->min_block_ns = 1000;
	o->stack_bytes = 8192;
	o->top = 20;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+F:d:o:p:avh", long_opts, NULL)) != -1) {
		switch (c) {
		case 'F':
			d = strtod(optarg, &end);
			if (*end || !(d >= 1) || d > 100000)
				return bad("invalid frequency '%s': expected 1 to 100000 Hz", optarg);
			o->hz = d;
			break;
		case 'd':
			d = strtod(optarg, &end);
			if (*end || !(d > 0) || d > 86400 * 365)
				return bad("invalid duration '%s': expected seconds, e.g. 10", optarg);
			o->duration = d;
			break;
		case 'o':
			if (o->nout == 8)
				return bad("%s", "at most 8 -o outputs");
			o->outfile[o->nout++] = optarg;
			break;
		case 'p':
			{
				char err[64];

				if (parse_pid_list(optarg, &o->pids, &o->npids, err, sizeof(err)))
					return bad("%s", err);
			}
			break;
		case 'a': o->all = true; break;
		case OPT_CGROUP:
		case OPT_CONTAINER: {
			uint64_t id;

			if (cgroup_resolve(optarg, c == OPT_CONTAINER, &o->cgroup, &id))
				return -1;
			break;
		}
		case 'v': o->verbose++; break;
		case OPT_FORMAT:
			if (parse_format(optarg, &o->format))
				return bad("invalid --format '%s': expected text, folded, svg, "
					   "pprof or speedscope", optarg);
			format_given = true;
			break;
		case OPT_OFF: o->what = PW_OFF; break;
		case OPT_BOTH: o->what = PW_BOTH; break;
		case OPT_IDLE: idle = true; break;
		case OPT_SUBPROCESSES: o->subprocesses = true; break;
		case OPT_GIL: o->gil = true; break;
		case OPT_MIN_BLOCK:
			d = strtod(optarg, &end);
			if (*end || !(d >= 0) || d > 1e12)
				return bad("invalid --min-block '%s': expected microseconds", optarg);
			o->min_block_ns = d * 1000;
			break;
		case OPT_CALL_GRAPH:
			if (!strcmp(optarg, "auto")) o->unwind = PU_AUTO;
			else if (!strcmp(optarg, "dwarf")) o->unwind = PU_DWARF;
			else if (!strcmp(optarg, "fp")) o->unwind = PU_FP;
			else return bad("invalid --call-graph '%s': expected auto, dwarf or fp",
					optarg);
			break;
		case OPT_STACK:
			d = strtod(optarg, &end);
			if (*end || d < 0 || d > PROF_STACK_MAX)
				return bad("invalid --stack-size '%s': expected 0 to 16384", optarg);
			o->stack_bytes = d;
			break;
		case OPT_NO_KERNEL: o->no_kernel = true; break;
		case OPT_NO_USER: o->no_user = true; break;
		case OPT_NO_PYTHON: o->no_python = true; break;
		case OPT_DUMP: o->dump = true; break;
		case OPT_PER_PID: o->per_pid = true; break;
		case OPT_PER_THREAD: o->per_thread = true; break;
		case OPT_TOP:
			o->top = strtol(optarg, &end, 10);
			if (*end || o->top < 1)
				return bad("invalid --top '%s': expected a positive number", optarg);
			break;
		case 'h': fputs(usage_text, stdout); return 1;
		default:
			return opt_unknown("strobe profile", "Fdop", argv);
		}
	}
	/* py-spy's --idle: the stacks of threads that wait, with the ones
	 * that run; here their off-CPU time, in sample periods */
	if (idle && o->what == PW_ON)
		o->what = PW_BOTH;
	if (optind < argc)
		o->cmd = argv + optind;
	if (o->cgroup && (o->cmd || o->npids))
		return bad("%s", "--cgroup and --container select processes: give no COMMAND or -p");
	if (o->cgroup)
		o->all = true;
	if (o->dump && (o->cmd || o->all || !o->npids))
		return bad("%s", "--dump needs -p PID (a running process), and no COMMAND or -a");
	if (!!o->cmd + !!o->npids + o->all == 0)
		return bad("%s", "nothing to profile: give a COMMAND, -p PID or -a");
	if (!!o->cmd + !!o->npids + o->all > 1)
		return bad("%s", "give only one of COMMAND, -p PID and -a");
	if (o->gil && (o->no_python || o->dump))
		return bad("%s", o->dump ? "--dump shows every thread: --gil is for sampling" :
			   "--gil needs the Python threads --no-python leaves out");
	if (o->no_kernel && o->no_user)
		return bad("%s", "--no-kernel and --no-user leave no frames");
	for (int i = 0; i < o->nout; i++) {
		const char *f = o->outfile[i];

		o->fmt[i] = o->format;
		if (format_given && o->nout == 1)
			break;
		if (ends_with(f, ".svg"))
			o->fmt[i] = PF_SVG;
		else if (ends_with(f, ".folded"))
			o->fmt[i] = PF_FOLDED;
		else if (ends_with(f, ".pb.gz") || ends_with(f, ".pprof") || ends_with(f, ".pb"))
			o->fmt[i] = PF_PPROF;
		else if (ends_with(f, ".json"))
			o->fmt[i] = PF_SPEEDSCOPE;
		else if (ends_with(f, ".txt"))
			o->fmt[i] = PF_TEXT;
		else if (!format_given && strncmp(f, "/dev/", 5))
			/* say what the file will hold, rather than leave a text
			 * summary where a flame graph was wanted */
			fprintf(stderr, "strobe profile: %s: no known extension (.txt .folded .svg "
				".pb.gz .pprof .json): writing %s; --format=FMT writes another\n",
				f, fmt_names[o->fmt[i]]);
	}
	return 0;
}
