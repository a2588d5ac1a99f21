// SPDX-License-Identifier: GPL-2.0
/* The subcommands' option errors, one line each with where to look. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

int opt_bad(const char *cmd, const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", cmd);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see %s --help)\n", cmd);
	return -1;
}

int opt_unknown(const char *cmd, const char *takes_arg, char *const *argv)
{
	char letter[2] = { (char)optopt, 0 };

	if (optopt && strchr(takes_arg, optopt))
		return opt_bad(cmd, "option -%s needs an argument", letter);
	if (optopt)
		return opt_bad(cmd, "unknown option -%s", letter);
	return opt_bad(cmd, "unknown option '%s'", argv[optind - 1]);
}
