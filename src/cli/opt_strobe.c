// SPDX-License-Identifier: GPL-2.0
/* strobe's own options: -d, -m, --probe, --event, --list, --no-syscalls,
 * and report/export's --stat and --format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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

/* --event SPEC[,SPEC...]: user probes and tracepoints in their own lists */
static void add_events(struct options *o, const char *arg)
{
	char *copy = strdup(arg), *tok, *save = NULL;

	if (!copy)
		return;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
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

int opt_strobe(struct options *o, struct opt_state *st, int c, const char *arg)
{
	long long v;

	switch (c) {
	case 'd': o->debug++; return 0;
	case 'm':
		v = parse_size(arg);
		if (v < 4096)
			return err1("invalid buffer size '%s': expected e.g. 64K, 8M, 1G", arg);
		/* the kernel wants a power-of-two number of pages */
		o->bufsize = 4096;
		while ((long long)o->bufsize < v)
			o->bufsize <<= 1;
		st->bufsize_given = true;
		return 0;
	case LONG_PROBE:
		if (!strcmp(arg, "auto")) o->probe = PROBE_AUTO;
		else if (!strcmp(arg, "raw")) o->probe = PROBE_RAW;
		else if (!strcmp(arg, "tp")) o->probe = PROBE_TP;
		else return err1("invalid --probe '%s': expected auto, raw or tp", arg);
		return 0;
	case LONG_EVENT: add_events(o, arg); return 0;
	case LONG_LIST: o->list = arg; return 0;
	case LONG_METRICS: o->metrics = arg; return 0;
	case LONG_METRICS_MAX: {
		char *end;

		o->metrics_max_series = strtoull(arg, &end, 10);
		if (*end || !*arg || arg[0] == '-')
			return err1("invalid --metrics-max-series '%s': expected a number (0: no cap)",
				    arg);
		return 0;
	}
	case LONG_CGROUP: return cgroup_option(o, arg, false) ? -1 : 0;
	case LONG_CONTAINER: return cgroup_option(o, arg, true) ? -1 : 0;
	case LONG_NO_SYSCALLS:
		memset(o->sel, 0, sizeof(o->sel));
		o->sel_given = true;
		return 0;
	case LONG_STAT: o->stat = true; return 0;
	case LONG_FORMAT:
		if (!strcmp(arg, "perfetto") || !strcmp(arg, "chrome"))
			o->format = EXPORT_PERFETTO;
		else if (!strcmp(arg, "jsonl"))
			o->format = EXPORT_JSONL;
		else
			return err1("invalid --format '%s': expected perfetto or jsonl", arg);
		return 0;
	}
	return 1;
}
