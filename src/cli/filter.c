// SPDX-License-Identifier: GPL-2.0
/*
 * strace's set syntax for -e trace= and -e status=:
 *   [!]value[,value...]   where a value is a name, %class, /regex, all, none
 * A leading '!' inverts the whole set.  Each -e trace= replaces the one
 * before it, as in strace.
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

static void set_bit(uint64_t *sel, int nr)
{
	sel[nr >> 6] |= 1ull << (nr & 63);
}

static int add_regex(const char *re, uint64_t *sel, char *err, size_t errlen)
{
	regex_t rx;
	int rc = regcomp(&rx, re, REG_EXTENDED | REG_NOSUB);

	if (rc) {
		char msg[128];

		regerror(rc, &rx, msg, sizeof(msg));
		snprintf(err, errlen, "invalid regular expression '%s': %s", re, msg);
		return -1;
	}
	for (int i = 0; i < SYSCALL_TABLE_SIZE; i++)
		if (syscall_table[i].name && !regexec(&rx, syscall_table[i].name, 0, NULL, 0))
			set_bit(sel, i);
	regfree(&rx);
	return 0;
}

/* A name, or as strace a decimal number below the table's end */
int syscall_number(const char *tok)
{
	char *end;
	long v;

	if (tok[0] < '0' || tok[0] > '9')
		return syscall_lookup(tok);
	v = strtol(tok, &end, 10);
	if (*end || v < 0 || v >= SYSCALL_TABLE_SIZE || v >= SEL_WORDS_CLI * 64)
		return -1;
	return (int)v;
}

static int add_token(const char *tok, uint64_t *sel, char *err, size_t errlen)
{
	uint32_t cls;
	int nr;

	if (!strcmp(tok, "all")) {
		memset(sel, 0xff, SEL_WORDS_CLI * sizeof(*sel));
		return 0;
	}
	if (!strcmp(tok, "none"))
		return 0;
	/* strace: a leading '?' makes an unknown name harmless (not a bad
	 * regular expression) */
	bool optional = tok[0] == '?';
	if (optional)
		tok++;
	if (tok[0] == '/')
		return add_regex(tok + 1, sel, err, errlen);
	if (tok[0] == '%' || !strcmp(tok, "file") || !strcmp(tok, "process") ||
	    !strcmp(tok, "network") || !strcmp(tok, "signal") ||
	    !strcmp(tok, "ipc") || !strcmp(tok, "desc") || !strcmp(tok, "memory")) {
		cls = syscall_class_lookup(tok);
		if (!cls) {
			if (optional)
				return 0;
			snprintf(err, errlen, "invalid system call class '%s'; classes: "
				 "%%file %%desc %%process %%network %%signal %%ipc %%memory "
				 "%%creds %%clock %%stat %%lstat %%fstat %%%%stat %%statfs "
				 "%%fstatfs %%%%statfs %%pure", tok);
			return -1;
		}
		for (int i = 0; i < SYSCALL_TABLE_SIZE; i++)
			if (syscall_table[i].name && (syscall_table[i].classes & cls))
				set_bit(sel, i);
		return 0;
	}
	nr = syscall_number(tok);
	if (nr < 0) {
		char near[200];

		if (optional)
			return 0;
		syscall_suggest(tok, near, sizeof(near), 4);
		if (near[0])
			snprintf(err, errlen, "invalid system call '%s'; did you mean %s?",
				 tok, near);
		else
			snprintf(err, errlen, "invalid system call '%s'", tok);
		return -1;
	}
	set_bit(sel, nr);
	return 0;
}

int filter_parse_trace(const char *expr, uint64_t sel[SEL_WORDS_CLI],
		       char *err, size_t errlen)
{
	bool invert = false;
	char *copy, *tok, *save = NULL;
	int rc = 0;

	memset(sel, 0, SEL_WORDS_CLI * sizeof(*sel));
	if (*expr == '!') {
		invert = true;
		expr++;
	}
	if (!*expr) {
		snprintf(err, errlen, "empty system call set");
		return -1;
	}
	copy = strdup(expr);
	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		rc = add_token(tok, sel, err, errlen);
		if (rc)
			break;
	}
	free(copy);
	if (!rc && invert)
		for (int i = 0; i < SEL_WORDS_CLI; i++)
			sel[i] = ~sel[i];
	return rc;
}

int filter_parse_status(const char *expr, uint8_t *mask, char *err, size_t errlen)
{
	static const struct {
		const char *name;
		uint8_t bits;
	} names[] = {
		{ "successful", ST_SUCCESSFUL }, { "failed", ST_FAILED },
		{ "unfinished", ST_UNFINISHED }, { "unavailable", 0 },
		{ "detached", ST_UNFINISHED }, { "all", ST_ALL }, { "none", 0 },
	};
	bool invert = false;
	char *copy, *tok, *save = NULL;
	uint8_t m = 0;

	if (*expr == '!') {
		invert = true;
		expr++;
	}
	copy = strdup(expr);
	if (!copy)
		return -1;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t i;

		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (!strcmp(names[i].name, tok))
				break;
		if (i == sizeof(names) / sizeof(names[0])) {
			snprintf(err, errlen, "invalid status '%s'; expected successful, "
				 "failed, unfinished, unavailable, detached, all or none", tok);
			free(copy);
			return -1;
		}
		m |= names[i].bits;
	}
	free(copy);
	*mask = invert ? (~m & ST_ALL) : m;
	return 0;
}

long long parse_size(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 10);

	if (end == s || v <= 0)
		return -1;
	switch (*end) {
	case 'k': case 'K': v <<= 10; end++; break;
	case 'm': case 'M': v <<= 20; end++; break;
	case 'g': case 'G': v <<= 30; end++; break;
	}
	if (*end == 'B' || *end == 'b')
		end++;
	if (*end || v > (1ll << 32))
		return -1;
	return v;
}
