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

int opt_format(struct options *o, struct opt_state *st, int c, const char *arg)
{
	long long v;
	char *end;

	(void)st;
	switch (c) {
	case 't': o->timestamps++; return 0;
	case LONG_ABS_TS:
		if (!arg)
			o->timestamps = 1;
		else if (parse_abs_ts(o, arg))
			return -1;
		return 0;
	case 'r': o->relative = true; return 0;
	case LONG_REL_TS:
		if (check_precision("--relative-timestamps", arg))
			return -1;
		o->relative = true;
		return 0;
	case 'T': o->syscall_times = true; return 0;
	case LONG_SYSCALL_TIMES:
		if (check_precision("--syscall-times", arg))
			return -1;
		o->syscall_times = true;
		return 0;
	case 'y': o->decode_fds++; return 0;
	case LONG_DECODE_FDS:
		{
			char expr[128];

			snprintf(expr, sizeof(expr), "decode-fds=%s", arg ? arg : "path");
			return options_expr(o, expr);
		}
	case 'x': o->hex_strings++; return 0;
	case LONG_HEX:
		if (!arg || !strcmp(arg, "all"))
			o->hex_strings = 2;
		else if (!strcmp(arg, "non-ascii"))
			o->hex_strings = 1;
		else if (!strcmp(arg, "none"))
			o->hex_strings = 0;
		else
			return err1("invalid --strings-in-hex '%s': expected all, non-ascii "
				    "or none", arg);
		return 0;
	case 's':
		v = strtoll(arg, &end, 10);
		if (*end || v < 0 || v > STR_CAP_MAX)
			return err1("invalid string limit '%s': expected 0 to 4096", arg);
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
	case 'O':
	case 'U':
	case 'Y':
		return err1("%s", strace_option_refused(c));
	}
	return 1;
}
