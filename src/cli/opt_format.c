// SPDX-License-Identifier: GPL-2.0
/*
 * How each line looks: -t/-tt/-ttt, -r, -T and their precisions, -x, -y,
 * -s, -a, -v, -X, -i, -k, -n.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../../bpf/event.h"
#include "../decode/decode.h"
#include "../output/output.h"

/* strace's words for a long option's bad argument; -1 */
static int bad_arg(const char *name, const char *arg)
{
	fprintf(stderr, "strobe: invalid --%s argument: '%s' (see strobe --help)\n", name, arg);
	return -1;
}

/* s, ms, us, ns: enum time_prec, or -1 */
static int precision(const char *s)
{
	static const char *const names[] = { "s", "ms", "us", "ns" };

	for (int i = 0; i < 4; i++)
		if (!strcmp(s, names[i]))
			return PREC_S + i;
	return -1;
}

/*
 * --absolute-timestamps=[[format:]FORMAT][,[precision:]PRECISION], where
 * FORMAT is none, time or unix: each given part replaces the one before,
 * as strace takes them (--timestamps=unix --timestamps=ms is unix,ms).
 */
static int parse_abs_ts(struct options *o, struct opt_state *st, const char *arg)
{
	char copy[128], *tok, *save = NULL;

	if (!st->abs_given) {	/* time, s unless said otherwise */
		o->timestamps = 1;
		o->ts_prec = PREC_S;
	}
	st->abs_given = true;
	if (!arg)
		return 0;
	if (strlen(arg) >= sizeof(copy))
		goto bad;
	strcpy(copy, arg);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		bool fmt_only = !strncmp(tok, "format:", 7), prec_only = !strncmp(tok, "precision:", 10);
		const char *v = fmt_only ? tok + 7 : prec_only ? tok + 10 : tok;
		int p = precision(v);

		if (!prec_only && !strcmp(v, "none"))
			o->timestamps = 0;
		else if (!prec_only && !strcmp(v, "time"))
			o->timestamps = 1;
		else if (!prec_only && !strcmp(v, "unix"))
			o->timestamps = 3;
		else if (!fmt_only && p >= 0)
			o->ts_prec = p;
		else
			goto bad;
	}
	return 0;
bad:
	return bad_arg(st->longname, arg);
}

/* --relative-timestamps=, --syscall-times=: s, ms, us or ns */
static int parse_precision(struct opt_state *st, const char *arg, int *prec)
{
	int p = arg ? precision(arg) : PREC_DEFAULT;

	if (p < 0)
		return bad_arg(st->longname, arg);
	*prec = p;
	return 0;
}

int opt_format(struct options *o, struct opt_state *st, int c, const char *arg)
{
	long long v;
	char *end;

	switch (c) {
	case 't':
		/* -t: time of day in seconds, -tt: in microseconds, -ttt:
		 * since the epoch in microseconds */
		st->t_count++;
		o->timestamps = st->t_count > 3 ? 3 : st->t_count;
		return 0;
	case LONG_ABS_TS: return parse_abs_ts(o, st, arg);
	case 'r':
		o->relative = true;
		o->rel_prec = PREC_DEFAULT;
		return 0;
	case LONG_REL_TS:
		o->relative = true;
		return parse_precision(st, arg, &o->rel_prec);
	case 'T':
		o->syscall_times = true;
		o->times_prec = PREC_DEFAULT;
		return 0;
	case LONG_SYSCALL_TIMES:
		o->syscall_times = true;
		return parse_precision(st, arg, &o->times_prec);
	case 'y': o->decode_fds++; return 0;
	case LONG_DECODE_FDS:
		{
			char expr[128];

			snprintf(expr, sizeof(expr), "decode-fds=%s", arg ? arg : "path");
			return options_expr(o, expr);
		}
	case 'x':
		st->x_given = true;
		o->hex_strings = o->hex_strings ? 2 : 1;
		return 0;
	case LONG_HEX:
		st->hex_given = true;
		/* non-ascii-chars: escapes as usual, \xNN where octal would be */
		if (!arg || !strcmp(arg, "all"))
			o->hex_strings = 2;
		else if (!strcmp(arg, "non-ascii"))
			o->hex_strings = 1;
		else if (!strcmp(arg, "non-ascii-chars"))
			o->hex_strings = 3;
		else if (!strcmp(arg, "none"))
			o->hex_strings = 0;
		else
			return bad_arg("strings-in-hex", arg);
		return 0;
	case 's':
		/* strace's limit; the kernel side captures STR_CAP_MAX bytes at
		 * most (opt_finish.c says so when -s asks for more) */
		v = strtoll(arg, &end, 10);
		if (*end || end == arg || v < 0 || v >= 1 << 30) {
			if (st->longname)
				return bad_arg(st->longname, arg);
			return err1("invalid -s argument: '%s'", arg);
		}
		o->strsize = v;
		return 0;
	case 'a':
		v = strtoll(arg, &end, 10);
		if (*end || end == arg || v < 0 || v > 1000)
			return err1("invalid -a argument '%s': -a sets the results' COLUMN, "
				    "as in strace; the whole system is --all", arg);
		o->columns = v;
		return 0;
	case 'v': o->no_abbrev = true; return 0;
	case 'X':
		if (!strcmp(arg, "raw"))
			o->xlat = XLAT_RAW;
		else if (!strcmp(arg, "abbrev"))
			o->xlat = XLAT_ABBREV;
		else if (!strcmp(arg, "verbose"))
			o->xlat = XLAT_VERBOSE;
		else
			return err1("invalid -X '%s': expected raw, abbrev or verbose", arg);
		return 0;
	case 'i': o->print_ip = true; return 0;
	case 'k': o->stack_trace++; return 0;
	case LONG_STACK_SOURCE:
		/* strace: --stack-traces[=symbol|source] */
		if (!arg || !strcmp(arg, "symbol"))
			o->stack_trace = o->stack_trace > 1 ? o->stack_trace : 1;
		else if (!strcmp(arg, "source"))
			o->stack_trace = 2;
		else
			return err1("invalid --stack-traces '%s': expected symbol or source", arg);
		return 0;
	case LONG_STACK_SIZE:
		v = parse_size(arg);
		if (v < 512 || v > USTACK_MAX)
			return err1("invalid --stack-size '%s': expected 512 to 16K bytes", arg);
		o->stack_bytes = v;
		return 0;
	case 'n': o->syscall_numbers = true; return 0;
	case 'Y':
		/* as strace: -Y, --pidns-translation and --decode-pids= each
		 * replace the set */
		o->decode_comm = true;
		o->pidns = false;
		return 0;
	case 'O':
	case 'U':
		return err1("%s", strace_option_refused(c));
	}
	return 1;
}
