// SPDX-License-Identifier: GPL-2.0
/*
 * Which calls and lines show: -e and its long forms (--trace=, --status=,
 * --signal=, --read=, ...), -P, -z/-Z, -q.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../../bpf/event.h"

/* -P PATH: a symbolic link adds its target, the same file */
static int add_path(struct options *o, const char *arg)
{
	char real[4096];
	char **n = realloc(o->paths, (o->npaths + 2) * sizeof(*n));

	if (!n)
		return -1;
	o->paths = n;
	o->paths[o->npaths++] = strdup(arg);
	if (realpath(arg, real) && strcmp(real, arg))
		o->paths[o->npaths++] = strdup(real);
	return 0;
}

int opt_filter(struct options *o, struct opt_state *st, int c, const char *arg)
{
	char err[512];

	switch (c) {
	case 'e': return options_expr(o, arg);
	case LONG_EXPR:
		{
			char expr[4096];

			snprintf(expr, sizeof(expr), "%s=%s", st->longname, arg);
			return options_expr(o, expr);
		}
	case LONG_TRACE:
		if (filter_parse_trace(arg, o->sel, err, sizeof(err)))
			return err1("%s", err);
		o->sel_given = true;
		return 0;
	case LONG_STATUS:
		if (filter_parse_status(arg, &o->status_mask, err, sizeof(err)))
			return err1("%s", err);
		return 0;
	case LONG_SIGNAL:
		if (parse_signal_set(arg, o->signals, err, sizeof(err)))
			return err1("%s", err);
		return 0;
	case LONG_PIDNS: return options_expr(o, "decode-pids=pidns");
	case 'P': return add_path(o, arg);
	case 'z':
	case 'Z':
		if (st->zZ_given++ == 1)	/* strace's words */
			fprintf(stderr, "strobe: Only the last of -z/--successful-only/"
				"-Z/--failed-only options will take effect. See status "
				"qualifier for more complex filters.\n");
		o->status_mask = c == 'z' ? ST_SUCCESSFUL : ST_FAILED;
		return 0;
	case 'q':
		/* strace: attach,personality; -qq: and exit; -qqq: all */
		o->quiet |= QUIET_ATTACH | QUIET_PERSONALITY;
		if (++st->quiet_level >= 2)
			o->quiet |= QUIET_EXIT;
		if (st->quiet_level >= 3)
			o->quiet = QUIET_ALL;
		return 0;
	case LONG_QUIET:
		if (!arg)
			o->quiet |= QUIET_ATTACH | QUIET_PERSONALITY;
		else if (parse_quiet_set(arg, &o->quiet, err, sizeof(err)))
			return err1("%s", err);
		o->quiet_given = true;
		return 0;
	}
	return 1;
}
