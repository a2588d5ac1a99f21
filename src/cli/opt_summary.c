// SPDX-License-Identifier: GPL-2.0
/* The summaries: -c, -C, -S, -w, and strobe's --hist, --by, --interval,
 * --json. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../../bpf/hist.h"

int opt_summary(struct options *o, struct opt_state *st, int c, const char *arg)
{
	char err[256], *end;

	switch (c) {
	case 'c': o->summary = true; o->trace = false; return 0;
	case 'C': o->summary = true; o->trace = true; return 0;
	case 'w': st->wall_clock = true; return 0;	/* what strobe measures anyway */
	case 'S':
		if (parse_sort_key(arg, &o->sort, err, sizeof(err)))
			return err1("%s", err);
		st->sort_given = true;
		return 0;
	case LONG_HIST:
		if (!arg || !strcmp(arg, "log"))
			o->hist = HIST_LOG;
		else if (!strcmp(arg, "linear"))
			o->hist = HIST_LINEAR;
		else
			return err1("invalid --hist '%s': expected log or linear", arg);
		return 0;
	case LONG_BY:
		if (!strcmp(arg, "pid")) o->by = BY_PID;
		else if (!strcmp(arg, "tid")) o->by = BY_TID;
		else if (!strcmp(arg, "comm")) o->by = BY_COMM;
		else if (!strcmp(arg, "cgroup")) o->by = BY_CGROUP;
		else return err1("invalid --by '%s': expected comm, pid, tid or cgroup", arg);
		return 0;
	case LONG_INTERVAL:
		o->interval = strtod(arg, &end);
		if (*end || !(o->interval >= 0.01) || o->interval > 86400)
			return err1("invalid interval '%s': expected seconds, e.g. 1 or 0.5", arg);
		return 0;
	case LONG_JSON: o->json = true; return 0;
	}
	return 1;
}
