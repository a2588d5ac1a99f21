// SPDX-License-Identifier: GPL-2.0
/* -e EXPR: trace=, status=, read=, write=, abbrev=, verbose=, signal=,
 * quiet=, decode-fds=, inject=, fault=, as strace takes them. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../../bpf/event.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"
#include "../inject/inject.h"
#include "../output/output.h"

/* -e read=SET / write=SET: [!]fd[,fd...], all or none: a bitmap of the
 * fds below DUMP_FDS, and for those above, whether they are in the set
 * (all, or a negated list) but for a few named ones (strace's tests dump
 * fd 19999). */
static int parse_fd_set(const char *what, const char *arg, struct dump_set *set, bool *any)
{
	bool neg = false, some = false, all = false;
	const char *given = arg;
	char *copy, *tok, *save = NULL;
	uint64_t bits[DUMP_FDS / 64] = { 0 };
	int32_t flip[4] = { -1, -1, -1, -1 };
	unsigned nflip = 0;

	while (*arg == '!') {	/* as strace: each '!' negates again */
		neg = !neg;
		arg++;
	}
	if (!(copy = strdup(arg)))
		return -1;
	/* as strace: all or none is the whole set, not one of a list */
	if (!strcmp(copy, "all") || !strcmp(copy, "none")) {
		if (copy[0] == 'a') {
			memset(bits, 0xff, sizeof(bits));
			all = true;
		}
		some = true;
		*copy = 0;
	}
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *end;
		long long fd;

		fd = strtoll(tok, &end, 10);
		/* strace's words for what is not an fd at all */
		if (*end || end == tok || fd < 0 || fd > 0x7fffffff || !isdigit((unsigned char)*tok)) {
			fprintf(stderr, "strobe: invalid descriptor '%s'\n", tok);
			free(copy);
			return -1;
		}
		some = true;
		if (fd < DUMP_FDS) {
			bits[fd / 64] |= 1ull << (fd % 64);
			continue;
		}
		if (nflip == sizeof(flip) / sizeof(flip[0])) {
			fprintf(stderr, "strobe: -e %s=: strobe takes at most %zu fds above %d "
				"(see strobe --help)\n", what, sizeof(flip) / sizeof(flip[0]),
				DUMP_FDS - 1);
			free(copy);
			return -1;
		}
		flip[nflip++] = (int32_t)fd;
	}
	free(copy);
	if (!some) {
		fprintf(stderr, "strobe: invalid descriptor '%s'\n", given);
		return -1;
	}
	for (int i = 0; i < DUMP_FDS / 64; i++) {
		set->bits[i] = neg ? ~bits[i] : bits[i];
		if (set->bits[i])
			*any = true;
	}
	set->high = neg != all;
	memcpy(set->flip, flip, sizeof(flip));
	if (set->high || nflip)
		*any = true;
	return 0;
}

/* -y with -e trace=: the calls that make, copy and close fds, move the
 * cwd or unlink a path are followed quietly, so fds keep their paths */
void options_quiet_fd_calls(struct options *o)
{
	for (int nr = 0; nr < SYSCALL_TABLE_SIZE && nr < SEL_WORDS_CLI * 64; nr++) {
		const struct syscall_desc *d = syscall_get(nr);

		/* (unlink: an open file's path then reads "(deleted)") */
		if (!d || (!(d->fx & (FX_NEW_FD | FX_DUP | FX_CLOSE | FX_CLOSE_RANGE | FX_CHDIR |
				      FX_FD_PAIR)) && nr != NR_unlink && nr != NR_unlinkat) ||
		    ((o->sel[nr / 64] >> (nr % 64)) & 1))
			continue;
		o->sel[nr / 64] |= 1ull << (nr % 64);
		o->quiet_sel[nr / 64] |= 1ull << (nr % 64);
		o->has_quiet = true;
	}
}

/* -e abbrev=SET: all and none for every call; another set per call */
static int parse_abbrev(struct options *o, const char *v)
{
	char err[512];
	int n = 0;

	if (filter_parse_trace(v, o->abbrev_sel, err, sizeof(err)))
		return err1("%s", err);
	for (int i = 0; i < SEL_WORDS_CLI; i++)
		n += __builtin_popcountll(o->abbrev_sel[i]);
	o->abbrev_some = n && n < SEL_WORDS_CLI * 64;
	/* all: abbreviated (the default), none: -v; a few: the kernel side
	 * captures as for -v and the formatter abbreviates those */
	o->no_abbrev = n < SEL_WORDS_CLI * 64;
	return 0;
}

/*
 * -e decode-pids=SET: pidns (pids in strace's pid namespace too, when the
 * tracee's differs), comm (-Y).  In strobe's own namespace pids print as
 * they are, as strace prints them there.
 */
static int parse_decode_pids(struct options *o, const char *v)
{
	bool neg = *v == '!';
	char copy[64], *tok, *save = NULL;
	bool comm = false, pidns = false;

	snprintf(copy, sizeof(copy), "%s", v + neg);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "comm"))
			comm = true;
		else if (!strcmp(tok, "pidns"))
			pidns = true;
		else if (!strcmp(tok, "all"))
			comm = pidns = true;
		else if (strcmp(tok, "none"))
			return err1("invalid decode-pids '%s'", v);	/* strace's words */
	}
	if (neg) {
		comm = !comm;
		pidns = !pidns;
	}
	o->decode_comm = comm;
	o->pidns = pidns;
	return 0;
}

/* -e EXPR: "trace=SET", "status=SET", or a bare SET meaning trace=SET. */
int options_expr(struct options *o, const char *expr)
{
	char err[512];
	const char *eq = strchr(expr, '=');

	if (eq && !strncmp(expr, "trace=", 6))
		expr += 6;
	else if (eq && (!strncmp(expr, "t=", 2)))
		expr += 2;
	else if (eq && !strncmp(expr, "status=", 7)) {
		if (filter_parse_status(expr + 7, &o->status_mask, err, sizeof(err)))
			return err1("%s", err);
		return 0;
	} else if (eq && (!strncmp(expr, "read=", 5) || !strncmp(expr, "r=", 2))) {
		return parse_fd_set("read", eq + 1, &o->dump_read, &o->dumping);
	} else if (eq && (!strncmp(expr, "write=", 6) || !strncmp(expr, "w=", 2))) {
		return parse_fd_set("write", eq + 1, &o->dump_write, &o->dumping);
	} else if (eq && (!strncmp(expr, "abbrev=", 7) || !strncmp(expr, "a=", 2))) {
		/* strace: which calls print structs abbreviated; -v is
		 * abbrev=none */
		return parse_abbrev(o, eq + 1);
	} else if (eq && (!strncmp(expr, "raw=", 4) || !strncmp(expr, "x=", 2))) {
		/* strace: these calls' arguments undecoded, in hex */
		if (filter_parse_trace(eq + 1, o->raw_sel, err, sizeof(err)))
			return err1("%s", err);
		o->raw_some = false;
		for (int i = 0; i < SEL_WORDS_CLI; i++)
			o->raw_some |= o->raw_sel[i] != 0;
		return 0;
	} else if (eq && (!strncmp(expr, "kvm=", 4))) {
		if (strcmp(eq + 1, "vcpu"))
			return err1("invalid -e kvm= argument: '%s'", eq + 1);
		return err1("%s", "-e kvm=vcpu is not supported: the exit reason lives in the "
			    "vcpu's kvm_run page, which strace reads while the tracee is "
			    "stopped after KVM_RUN");
	} else if (eq && (!strncmp(expr, "decode-pids=", 12) || !strncmp(expr, "decode-pid=", 11))) {
		return parse_decode_pids(o, eq + 1);
	} else if (eq && (!strncmp(expr, "verbose=", 8) || !strncmp(expr, "v=", 2))) {
		/* strace: which calls have their structs decoded at all */
		if (filter_parse_trace(eq + 1, o->verbose_sel, err, sizeof(err)))
			return err1("%s", err);
		o->verbose_given = true;
		return 0;
	} else if (eq && inject_is_expr(expr)) {
		return inject_parse_expr(&o->inject, expr);
	} else if (eq && (!strncmp(expr, "signal=", 7) || !strncmp(expr, "signals=", 8) ||
			  !strncmp(expr, "s=", 2))) {
		if (parse_signal_set(eq + 1, o->signals, err, sizeof(err)))
			return err1("%s", err);
		return 0;
	} else if (eq && (!strncmp(expr, "quiet=", 6) || !strncmp(expr, "q=", 2) ||
			  !strncmp(expr, "silent=", 7) || !strncmp(expr, "silence=", 8))) {
		if (parse_quiet_set(eq + 1, &o->quiet, err, sizeof(err)))
			return err1("%s", err);
		o->quiet_given = true;
		return 0;
	} else if (eq && (!strncmp(expr, "decode-fds=", 11) || !strncmp(expr, "decode-fd=", 10))) {
		/* what to show of each fd (DFD_*); decode_fds: what the kernel
		 * side reads, paths (-y) or what each fd is (-yy) */
		char copy[128], *tok, *save = NULL;

		o->decode_fds = 0;
		o->decode_fd_set = 0;
		snprintf(copy, sizeof(copy), "%s", eq + 1);
		for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			/* the kernel side reads what each fd is for all but path */
			if (!strcmp(tok, "path"))
				o->decode_fds = o->decode_fds ? o->decode_fds : 1;
			else if (!strcmp(tok, "socket") || !strcmp(tok, "dev") ||
				 !strcmp(tok, "pidfd") || !strcmp(tok, "all"))
				o->decode_fds = 2;
			unsigned bit = !strcmp(tok, "path") ? DFD_PATH :
				       !strcmp(tok, "socket") ? DFD_SOCKET :
				       !strcmp(tok, "dev") ? DFD_DEV :
				       !strcmp(tok, "pidfd") ? DFD_PIDFD :
				       !strcmp(tok, "all") ? DFD_ALL : 0;

			o->decode_fd_set |= bit;
			if (!bit && strcmp(tok, "none"))
				return err1("invalid -e decode-fds=%s: expected path, socket, dev, "
					    "pidfd, all or none", eq + 1);
		}
		return 0;
	} else if (eq) {
		char q[32];

		snprintf(q, sizeof(q), "%.*s", (int)(eq - expr), expr);
		return err1("-e %s= is not supported yet", q);
	}
	if (filter_parse_trace(expr, o->sel, err, sizeof(err)))
		return err1("%s", err);
	o->sel_given = true;
	return 0;
}
