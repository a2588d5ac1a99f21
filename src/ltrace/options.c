// SPDX-License-Identifier: GPL-2.0
/* strobe ltrace's command line: ltrace's options and -e filter rules. */
#include <fnmatch.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltrace.h"
#include "../cli/cli.h"

static const char usage[] =
"usage: strobe ltrace [-cfLrStttT] [-e FILTER] [-l LIB] [-x FILTER] [-n N]\n"
"                     [-o FILE] [-s N] [-w N] [-p PID | -a | COMMAND [ARG...]]\n"
"The library calls a program makes, as ltrace prints them, from uprobes at\n"
"the called functions (works with -fno-plt, -z now and IBT binaries).\n"
"  -e FILTER   which calls: [!]SYM[@LIB] rules chained with + and -\n"
"              (globs: -e 'malloc+free', -e '*@libssl.so*', -e '*-strlen')\n"
"  -l LIB      only calls to functions of libraries matching LIB\n"
"  -x FILTER   also the program's own functions matching FILTER\n"
"  -L          no library calls (with -x, or -S)\n"
"  -S          the syscalls too, in order among the calls\n"
"  -w N        the N innermost frames of the caller's stack under each call\n"
"  -c          a table: calls, errors, time, p50..max per function\n"
"  -T          time spent in each call\n"
"  -t, -tt, -ttt  time of day; with microseconds; seconds since the epoch\n"
"  -r          time since the previous line\n"
"  -f          follow child processes\n"
"  -p PID      attach to a running process\n"
"  -a          every process (strobe's own addition)\n"
"  --cgroup DIR, --container NAME|ID   every process in a cgroup (and below)\n"
"  --metrics [ADDR:]PORT   -c's counts and latencies served to Prometheus\n"
"  -n N        indent nested calls by N spaces\n"
"  -s N        print at most N bytes of each string (default 32)\n"
"  -o FILE     write to FILE instead of stderr\n";

static int bad(const char *what, const char *arg)
{
	fprintf(stderr, "strobe ltrace: %s%s%s (see strobe ltrace --help)\n", what,
		arg ? ": " : "", arg ? arg : "");
	return -1;
}

static int push(char ***v, int *n, const char *s)
{
	char **nv = realloc(*v, (*n + 1) * sizeof(**v));

	if (!nv || !(nv[*n] = strdup(s)))
		return -1;
	*v = nv;
	(*n)++;
	return 0;
}

/* "malloc+free", "*@libssl.so*", "!strlen", "*-str*" */
static int parse_rules(struct lt_opts *o, const char *expr)
{
	const char *p = expr;
	bool first = true;

	while (*p) {
		bool exclude = false;
		size_t len;
		struct lt_rule *r;
		char *tok, *at;

		if (*p == '+' || *p == '-') {
			exclude = *p == '-';
			p++;
		} else if (!first) {
			return bad("malformed -e filter", expr);
		}
		if (first && *p == '!') {
			exclude = true;
			p++;
		}
		first = false;
		len = strcspn(p, "+-");
		if (!len)
			return bad("empty rule in -e filter", expr);
		r = realloc(o->rules, (o->nrules + 1) * sizeof(*r));
		if (!r || !(tok = strndup(p, len)))
			return -1;
		o->rules = r;
		r = &o->rules[o->nrules++];
		r->exclude = exclude;
		at = strchr(tok, '@');
		r->lib = at ? strdup(at + 1) : NULL;
		if (at)
			*at = 0;
		r->sym = tok;
		if (!*tok) {
			free(tok);
			r->sym = strdup("*");
		}
		p += len;
	}
	return 0;
}

static bool lib_match(const char *pat, const char *lib)
{
	const char *base = strrchr(lib, '/');

	base = base ? base + 1 : lib;
	return !fnmatch(pat, base, 0) || !fnmatch(pat, lib, 0);
}

bool ltrace_lib_selected(const struct lt_opts *o, const char *lib)
{
	for (int i = 0; i < o->nlibs; i++)
		if (lib_match(o->libs[i], lib))
			return true;
	return false;
}

bool ltrace_selected(const struct lt_opts *o, const char *sym, const char *lib)
{
	bool sel = !o->nrules || o->rules[0].exclude;

	for (int i = 0; i < o->nlibs; i++)
		if (lib_match(o->libs[i], lib))
			break;
		else if (i == o->nlibs - 1)
			return false;
	for (int i = 0; i < o->nrules; i++) {
		const struct lt_rule *r = &o->rules[i];

		if (fnmatch(r->sym, sym, 0) || (r->lib && !lib_match(r->lib, lib)))
			continue;
		sel = !r->exclude;
	}
	return sel;
}

int ltrace_parse(struct lt_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "output", required_argument, 0, 'o' },
		{ "library", required_argument, 0, 'l' },
		{ "indent", required_argument, 0, 'n' },
		{ "where", required_argument, 0, 'w' },
		{ "cgroup", required_argument, 0, 256 },
		{ "container", required_argument, 0, 257 },
		{ "metrics", required_argument, 0, 258 },
		{ "help", no_argument, 0, 'h' },
		{ 0, 0, 0, 0 },
	};
	char err[256];
	int c;

	memset(o, 0, sizeof(*o));
	o->strsize = 32;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+ce:fhl:Ln:o:p:rs:tTw:x:adS", longopts, NULL)) != -1) {
		switch (c) {
		case 'c': o->count = true; break;
		case 'e': if (parse_rules(o, optarg)) return -1; break;
		case 'f': o->follow = true; break;
		case 'h': fputs(usage, stdout); return 1;
		case 'l': if (push(&o->libs, &o->nlibs, optarg)) return -1; break;
		case 'L': o->no_libs = true; break;
		case 'n': o->indent = atoi(optarg); break;
		case 'o': o->outfile = optarg; break;
		case 'p':
			if (parse_pid_list(optarg, &o->pids, &o->npids, err, sizeof(err)))
				return bad(err, NULL);
			break;
		case 'r': o->relative = true; break;
		case 's':
			o->strsize = atoi(optarg);
			if (o->strsize < 0)
				return bad("bad -s", optarg);
			break;
		case 't': o->timestamps++; break;
		case 'T': o->times = true; break;
		case 'x': if (push(&o->xsyms, &o->nxsyms, optarg)) return -1; break;
		case 'a': o->all = true; break;
		case 256:
		case 257: {
			uint64_t id;

			if (cgroup_resolve(optarg, c == 257, &o->cgroup, &id))
				return -1;
			o->all = true;
			break;
		}
		case 258: o->metrics = optarg; o->count = true; break;
		case 'd': o->debug++; break;
		case 'S': o->syscalls = true; break;
		case 'w':
			o->stack_depth = atoi(optarg);
			if (o->stack_depth <= 0)
				return bad("-w needs a number of frames above 0", optarg);
			break;
		default: return bad("unknown option", NULL);
		}
	}
	if (optind < argc)
		o->cmd = argv + optind;
	if (o->timestamps > 3)
		o->timestamps = 3;
	if (o->cgroup && (o->cmd || o->npids))
		return bad("--cgroup and --container select processes: give no COMMAND or -p", NULL);
	if (!!o->cmd + !!o->npids + o->all != 1)
		return bad("give one of COMMAND, -p PID or -a", NULL);
	if (o->all && !o->nrules && !o->nlibs)
		return bad("-a needs -e or -l: which functions, of which library", NULL);
	return 0;
}

void ltrace_opts_free(struct lt_opts *o)
{
	for (int i = 0; i < o->nrules; i++) {
		free(o->rules[i].sym);
		free(o->rules[i].lib);
	}
	free(o->rules);
	for (int i = 0; i < o->nlibs; i++)
		free(o->libs[i]);
	free(o->libs);
	for (int i = 0; i < o->nxsyms; i++)
		free(o->xsyms[i]);
	free(o->xsyms);
	free(o->pids);
}
