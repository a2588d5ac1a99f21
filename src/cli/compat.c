// SPDX-License-Identifier: GPL-2.0
/*
 * strace's options beyond strobe's own: the sets of -e signal= and
 * -e quiet=, strace's -S keys, -I, and the letters strobe refuses (each
 * with the reason).  docs/strace-options.md lists every option.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

/* "SIGUSR1", "usr1", "10", "SIGRTMIN", "SIGRT_3" -> number, or -1 */
static int signal_number(const char *tok)
{
	char *end;
	long v;

	if (tok[0] >= '0' && tok[0] <= '9') {
		v = strtol(tok, &end, 10);
		return *end || v < 1 || v > 64 ? -1 : (int)v;
	}
	if (!strncasecmp(tok, "SIG", 3))
		tok += 3;
	if (!strcasecmp(tok, "RTMIN"))
		return 32;
	if (!strncasecmp(tok, "RT_", 3)) {
		v = strtol(tok + 3, &end, 10);
		return *end || v < 0 || v > 32 ? -1 : 32 + (int)v;
	}
	if (!strcasecmp(tok, "IO") || !strcasecmp(tok, "POLL"))
		return SIGIO;
	for (int sig = 1; sig < 32; sig++) {
		const char *name = sigabbrev_np(sig);

		if (name && !strcasecmp(tok, name))
			return sig;
	}
	return -1;
}

int parse_signal_set(const char *arg, uint64_t set[2], char *err, size_t errlen)
{
	bool neg = *arg == '!';
	char *copy = strdup(arg + neg), *tok, *save = NULL;
	uint64_t bits[2] = { 0, 0 };

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int sig;

		if (!strcmp(tok, "all")) {
			bits[0] = ~0ull;
			continue;
		}
		if (!strcmp(tok, "none"))
			continue;
		sig = signal_number(tok);
		if (sig < 0) {
			snprintf(err, errlen, "invalid signal '%.32s' in -e signal=: expected "
				 "names (SIGCHLD or CHLD), numbers, all or none", tok);
			free(copy);
			return -1;
		}
		bits[0] |= 1ull << (sig - 1);
	}
	free(copy);
	set[0] = neg ? ~bits[0] : bits[0];
	set[1] = 0;
	return 0;
}

int parse_quiet_set(const char *arg, unsigned *mask, char *err, size_t errlen)
{
	static const struct { const char *name; unsigned bit; } names[] = {
		{ "attach", QUIET_ATTACH }, { "exit", QUIET_EXIT },
		{ "exits", QUIET_EXIT }, { "personality", QUIET_PERSONALITY },
		{ "thread-execve", QUIET_THREAD_EXECVE },
		{ "superseded", QUIET_THREAD_EXECVE },
		{ "path-resolution", QUIET_PATH_RESOLUTION },
		{ "all", QUIET_ALL }, { "none", 0 },
	};
	bool neg = *arg == '!';
	char *copy = strdup(arg + neg), *tok, *save = NULL;
	unsigned bits = 0;

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t i;

		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (!strcmp(tok, names[i].name))
				break;
		if (i == sizeof(names) / sizeof(names[0])) {
			snprintf(err, errlen, "invalid quiet '%.32s': expected attach, exit, "
				 "personality, thread-execve, path-resolution, all or none", tok);
			free(copy);
			return -1;
		}
		bits |= names[i].bit;
	}
	free(copy);
	*mask = neg ? QUIET_ALL & ~bits : bits;
	return 0;
}

int parse_sort_key(const char *arg, enum sort_by *key, char *err, size_t errlen)
{
	static const struct { const char *name; int key; } keys[] = {
		{ "time", SORT_TIME }, { "time_total", SORT_TIME }, { "total_time", SORT_TIME },
		{ "calls", SORT_CALLS }, { "count", SORT_CALLS },
		{ "errors", SORT_ERRORS }, { "error", SORT_ERRORS },
		{ "name", SORT_NAME }, { "syscall", SORT_NAME }, { "syscall_name", SORT_NAME },
		{ "nothing", SORT_NOTHING }, { "none", SORT_NOTHING },
		{ "max-time", SORT_MAX }, { "max_time", SORT_MAX }, { "longest", SORT_MAX },
		{ "max", SORT_MAX },
		{ "avg-time", SORT_AVG }, { "avg_time", SORT_AVG }, { "time_avg", SORT_AVG },
		{ "p99", SORT_P99 },
		/* strobe keeps no minimum per call (only a histogram) */
		{ "min-time", -1 }, { "min_time", -1 }, { "shortest", -1 },
	};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		if (strcmp(arg, keys[i].name))
			continue;
		if (keys[i].key < 0) {
			snprintf(err, errlen, "-S %s is not supported yet (strobe keeps no "
				 "minimum time); use time, calls, errors, name, avg-time, "
				 "max-time, p99 or nothing", arg);
			return -1;
		}
		*key = keys[i].key;
		return 0;
	}
	snprintf(err, errlen, "invalid sort key '%.32s': expected time, calls, errors, "
		 "name, avg-time, max-time, p99 or nothing", arg);
	return -1;
}

int parse_interruptible(const char *arg)
{
	static const char *const names[] = { "anywhere", "waiting", "never", "never_tstp",
					      "always" };

	if (arg[0] >= '1' && arg[0] <= '4' && !arg[1])
		return arg[0] - '0';
	for (int i = 0; i < 5; i++)
		if (!strcmp(arg, names[i]))
			return i == 4 ? 1 : i + 1;
	return -1;
}

const char *strace_option_refused(int c)
{
	switch (c) {
	case 'O':
		return "-O is not supported: strobe's times carry no tracing overhead "
		       "to subtract (it never stops the traced process)";
	case 'U':
		return "-U is not supported yet: the summary's columns are fixed";
	case 'Y':
		return "-Y (--decode-pids=comm) is not supported yet: it needs each call's "
		       "command name from the kernel, and pid arguments told from others";
	default:
		return NULL;
	}
}
