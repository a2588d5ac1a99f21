// SPDX-License-Identifier: GPL-2.0
/*
 * What is traced and how it runs: -p, -f, -ff, --all, -o, -A, -u, -E, -b,
 * and strace's process-control options that change nothing for strobe
 * (-D, --seccomp-bpf) or mean something else without ptrace (-I).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/*
 * -p PID[,PID...]: appended to *pids.  Returns 0, or -1 with err saying
 * what is wrong (both strobe and strobe profile take the same list).
 */
int parse_pid_list(const char *arg, pid_t **pids, int *npids, char *err, size_t errlen)
{
	char *copy = strdup(arg), *tok, *save = NULL;

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (tok = strtok_r(copy, ", \t", &save); tok; tok = strtok_r(NULL, ", \t", &save)) {
		char *end;
		long v;
		pid_t *n;

		errno = 0;
		v = strtol(tok, &end, 10);
		if (*end || v <= 0 || v > 0x3fffffff || errno) {
			snprintf(err, errlen, "Invalid process id: '%.32s'", tok);	/* strace's */
			free(copy);
			return -1;
		}
		n = realloc(*pids, (*npids + 1) * sizeof(*n));
		if (!n) {
			snprintf(err, errlen, "out of memory");
			free(copy);
			return -1;
		}
		*pids = n;
		(*pids)[(*npids)++] = v;
	}
	free(copy);
	return 0;
}

/* -E VAR=VAL, -E VAR: applied in order to the command's environment */
static int add_env_edit(struct options *o, const char *arg)
{
	char **n;

	if (!*arg || *arg == '=')
		return err1("invalid -E '%s': expected VAR=VAL or VAR", arg);
	n = realloc(o->env_edits, (o->nenv_edits + 1) * sizeof(*n));
	if (!n)
		return -1;
	o->env_edits = n;
	o->env_edits[o->nenv_edits++] = (char *)arg;
	return 0;
}

/*
 * --tips[=[[id:]ID][,[format:]FORMAT]]: strace's tips after the trace.
 * strobe checks the argument as strace does and prints no tips.
 */
static bool tips_valid(const char *arg)
{
	char copy[128], *tok, *save = NULL;

	if (strlen(arg) >= sizeof(copy))
		return false;
	strcpy(copy, arg);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		bool id = !strncmp(tok, "id:", 3), fmt = !strncmp(tok, "format:", 7);
		const char *v = id ? tok + 3 : fmt ? tok + 7 : tok;
		char *end;
		long long n;

		if (!id && (!strcmp(v, "none") || !strcmp(v, "compact") || !strcmp(v, "full")))
			continue;
		if (fmt)
			return false;
		if (!strcmp(v, "random"))
			continue;
		n = strtoll(v, &end, 10);
		if (end == v || *end || n < 0 || n > 0x7fffffff)
			return false;
	}
	return true;
}

void note_noop(const char *opt, const char *why)
{
	fprintf(stderr, "strobe: %s changes nothing for strobe: %s\n", opt, why);
}

int opt_targets(struct options *o, struct opt_state *st, int c, const char *arg)
{
	char err[64];

	switch (c) {
	case 'f':
		o->follow = true;
		st->follow++;
		return 0;
	case 'F':
		fprintf(stderr, "strobe: option -F is deprecated, please use "
			"-f/--follow-forks instead\n");
		o->follow = true;
		st->follow++;
		return 0;
	case LONG_SEPARATELY: o->separately = true; return 0;
	case LONG_ALL: o->all = true; return 0;
	case 'p':
		/* (as strace, without a pointer to the help: the id is wrong,
		 * not the usage) */
		if (parse_pid_list(arg, &o->pids, &o->npids, err, sizeof(err))) {
			fprintf(stderr, "strobe: %s\n", err);
			return -1;
		}
		return 0;
	case 'o': o->outfile = arg; return 0;
	case 'A': o->append = true; return 0;
	case 'u': o->user = arg; return 0;
	case 'E': return add_env_edit(o, arg);
	case 'b':
		if (strcmp(arg, "execve")) {	/* strace's words: only execve */
			fprintf(stderr, "strobe: Syscall '%s' for -b isn't supported\n", arg);
			return -1;
		}
		o->detach_on_execve = true;
		return 0;
	case 'D':
	case LONG_DAEMONIZE:
		if (!st->noted_daemon)
			note_noop(c == 'D' ? "-D" : "--daemonize",
				  "it never stops or parents the traced command");
		st->noted_daemon = true;
		return 0;
	case LONG_SECCOMP:
		st->seccomp_given = true;
		return 0;
	case 'I':
		/* accepted for strace's scripts: which signals may interrupt
		 * strace while it has a tracee stopped.  strobe stops no
		 * tracee, so there is nothing to protect: it always behaves
		 * as -I 2 (docs/strace-options.md) */
		o->interruptible = parse_interruptible(arg);
		if (o->interruptible < 0)
			return err1("invalid -I argument: '%s'", arg);
		return 0;
	case LONG_TIPS:
		if (!tips_valid(arg ? arg : ""))
			return err1("invalid --tips argument: '%s'", arg);
		return 0;
	}
	return 1;
}
