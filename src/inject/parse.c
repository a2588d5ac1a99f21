// SPDX-License-Identifier: GPL-2.0
/*
 * strace's tampering syntax:
 *   inject=SET[:error=ERRNO|:retval=VALUE][:signal=SIG][:syscall=PURE]
 *         [:delay_enter=DELAY][:delay_exit=DELAY][:when=FIRST[..LAST][+[STEP]]]
 *   fault=SET[:error=ERRNO][:when=EXPR]          (error defaults to ENOSYS)
 *   poke_enter=@argN=HEX[,@argM=HEX...]           (N 1..7, up to 1024 bytes)
 * SET is -e trace='s.  Ranges are strace's: errno 1..4095, signals
 * 1..64, FIRST and STEP 1..65535, LAST FIRST..65534; several when= in one
 * rule, the last counts; a later rule naming the same call replaces the
 * earlier one for that call, as in strace.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "inject.h"
#include "../cli/cli.h"
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"

__attribute__((format(printf, 3, 4)))
static int errf(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}
#define ERR(...) errf(err, errlen, __VA_ARGS__)

static int parse_errno(const char *v, int *out, char *err, size_t errlen)
{
	char *end;
	long n;

	if (*v >= '0' && *v <= '9') {
		errno = 0;
		n = strtol(v, &end, 10);
		if (*end || errno || n < 1 || n > 4095)
			return ERR("error %s is out of range: expected 1 to 4095 or a name", v);
		*out = n;
		return 0;
	}
	for (int e = 1; e <= 4095; e++) {
		const char *name = errno_name(e);

		if (name && !strcasecmp(name, v)) {
			*out = e;
			return 0;
		}
	}
	return ERR("unknown errno name '%s' (e.g. ENOENT, EMFILE, EPERM, or a "
		   "number from 1 to 4095)", v);
}

/* strace takes an unsigned long: -1 is 2^64-1 */
static int parse_retval(const char *v, uint64_t *out, char *err, size_t errlen)
{
	char *end;

	errno = 0;
	if (!*v || (*v != '-' && *v != '+' && (*v < '0' || *v > '9')))
		return ERR("retval '%s' is not a number", v);
	*out = strtoull(v, &end, 0);
	if (*end || errno)
		return ERR("retval '%s' is not a number that fits in 64 bits", v);
	return 0;
}

static int parse_signal(const char *v, int *out, char *err, size_t errlen)
{
	const char *name = v;
	char *end;
	long n;

	if (*v >= '0' && *v <= '9') {
		errno = 0;
		n = strtol(v, &end, 10);
		if (*end || errno || n < 1 || n > 64)
			return ERR("signal %s is out of range: expected 1 to 64 or a name", v);
		*out = n;
		return 0;
	}
	if (!strncasecmp(name, "SIG", 3))
		name += 3;
	/* the kernel's numbering, as strace's: RTMIN is 32 */
	if (!strcasecmp(name, "RTMIN")) {
		*out = 32;
		return 0;
	}
	if (!strncasecmp(name, "RT_", 3)) {
		n = strtol(name + 3, &end, 10);
		if (end != name + 3 && !*end && n >= 0 && n <= 32) {
			*out = 32 + n;
			return 0;
		}
	}
	for (int s = 1; s < 32; s++) {
		const char *a = s == SIGIO ? "IO" : sigabbrev_np(s);

		if (a && !strcasecmp(a, name)) {
			*out = s;
			return 0;
		}
	}
	if (!strcasecmp(name, "POLL")) {
		*out = SIGIO;
		return 0;
	}
	return ERR("unknown signal '%s' (e.g. USR1, SIGTERM, or a number from 1 to 64)", v);
}

/* A number with s, ms, us or ns; microseconds without a suffix (strace). */
static int parse_delay(const char *key, const char *v, uint64_t *ns, char *err, size_t errlen)
{
	static const struct { const char *sfx; double mul; } units[] = {
		{ "", 1e3 }, { "s", 1e9 }, { "ms", 1e6 }, { "us", 1e3 }, { "ns", 1 },
	};
	char *end;
	double d;

	if (!*v || *v == '-' || *v == '+' || *v == ' ')
		return ERR("malformed %s=%s: expected a delay such as 50ms, 1.5s, 200us or "
			   "200 (microseconds)", key, v);
	d = strtod(v, &end);
	for (size_t i = 0; end != v && i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].sfx))
			continue;
		d *= units[i].mul;
		if (!isfinite(d) || d < 0 || d > 9.2e18)
			return ERR("%s '%s' is too long", key, v);
		*ns = (uint64_t)d;
		return 0;
	}
	return ERR("malformed %s=%s: expected a delay such as 50ms, 1.5s, 200us or 200 "
		   "(microseconds)", key, v);
}

static int parse_u16(const char **p, long max, long *out)
{
	char *end;

	if (**p < '0' || **p > '9')
		return -1;
	errno = 0;
	*out = strtol(*p, &end, 10);
	if (errno || *out < 1 || *out > max)
		return -1;
	*p = end;
	return 0;
}

/* @argN=HEX[,@argM=HEX...] into the pool; the rule points at them */
static int parse_pokes(struct inject_opts *io, const char *v, struct inject_rule *r,
		       char *err, size_t errlen)
{
	const char *p = v;

	r->poke_first = io->npokes;
	r->poke_n = 0;
	while (*p) {
		struct inject_poke *k = &io->pokes[io->npokes];
		size_t n = 0;

		if (io->npokes == INJ_POKES_MAX)
			return ERR("too many poke_enter= arguments (at most %d in all)",
				   INJ_POKES_MAX);
		if (strncmp(p, "@arg", 4) || p[4] < '1' || p[4] > '7' || p[5] != '=')
			return ERR("malformed poke_enter=%s: expected @argN=HEX[,@argM=HEX...], "
				   "N from 1 to 7", v);
		k->arg = p[4] - '0';
		for (int j = r->poke_first; j < io->npokes; j++)
			if (io->pokes[j].arg == k->arg)	/* as strace */
				return ERR("poke_enter=: @arg%d given twice", k->arg);
		for (p += 6; *p && *p != ','; p += 2) {
			unsigned int byte;

			if (!p[1] || p[1] == ',' || sscanf(p, "%2x", &byte) != 1 ||
			    !strchr("0123456789abcdefABCDEF", p[0]) ||
			    !strchr("0123456789abcdefABCDEF", p[1]))
				return ERR("malformed poke_enter=%s: the data is pairs of hex "
					   "digits", v);
			if (n == INJ_POKE_LEN)
				return ERR("poke_enter=: at most %d bytes for one argument",
					   INJ_POKE_LEN);
			k->data[n++] = byte;
		}
		if (!n)
			return ERR("malformed poke_enter=%s: no data for @arg%d", v, k->arg);
		k->len = n;
		io->npokes++;
		r->poke_n++;
		if (*p == ',')
			p++;
	}
	return 0;
}

/* FIRST[..LAST][+[STEP]] */
static int parse_when(const char *v, struct inject_rule *r, char *err, size_t errlen)
{
	const char *p = v;
	long first, last = INJ_LAST_INF, step = 0;

	if (parse_u16(&p, 65535, &first))
		goto bad;
	if (p[0] == '.') {
		if (p[1] != '.')
			goto bad;
		p += 2;
		if (parse_u16(&p, 65534, &last) || last < first)
			goto bad;
		step = 1;
	}
	if (*p == '+') {
		p++;
		step = 1;
		if (*p && parse_u16(&p, 65535, &step))
			goto bad;
	}
	if (*p)
		goto bad;
	r->first = first;
	r->last = last;
	r->step = step;
	return 0;
bad:
	return ERR("malformed when=%s: expected FIRST[..LAST][+[STEP]], FIRST and STEP from 1 to "
		   "65535, LAST from FIRST to 65534 (e.g. when=3, when=2+, when=2..4, "
		   "when=3+2)", v);
}

static int parse_rule(struct inject_opts *io, const char *arg, bool fault,
		      char *err, size_t errlen)
{
	struct inject_rule r = { .on = true, .first = 1, .last = INJ_LAST_INF, .step = 1 };
	uint64_t set[SEL_WORDS_CLI];
	char *copy = strdup(arg), *tok, *save = NULL, *colon;
	int pure = -1, rc = -1;
	bool delay_exit = false;

	if (!copy)
		return ERR("out of memory");
	colon = strchr(copy, ':');
	if (colon)
		*colon = 0;
	if (filter_parse_trace(copy, set, err, errlen))
		goto out;
	for (tok = colon ? strtok_r(colon + 1, ":", &save) : NULL; tok;
	     tok = strtok_r(NULL, ":", &save)) {
		char *eq = strchr(tok, '='), *v = eq ? eq + 1 : tok;
		size_t klen = eq ? (size_t)(eq - tok) : strlen(tok);

#define KEY(k) (klen == strlen(k) && !strncmp(tok, k, klen))
		if (KEY("when") && eq) {
			if (parse_when(v, &r, err, errlen))
				goto out;
		} else if (KEY("error") && eq) {
			if (r.has_error || r.has_retval) {
				ERR("give one of error= and retval=, once");
				goto out;
			}
			if (parse_errno(v, &r.error, err, errlen))
				goto out;
			r.has_error = true;
		} else if (fault) {
			ERR("fault= takes only error= and when=; use -e inject= for '%s'", tok);
			goto out;
		} else if (KEY("retval") && eq) {
			if (r.has_error || r.has_retval) {
				ERR("give one of error= and retval=, once");
				goto out;
			}
			if (parse_retval(v, &r.retval, err, errlen))
				goto out;
			r.has_retval = true;
		} else if (KEY("signal") && eq) {
			if (r.sig) {
				ERR("give signal= once");
				goto out;
			}
			if (parse_signal(v, &r.sig, err, errlen))
				goto out;
		} else if (KEY("syscall") && eq) {
			const struct syscall_desc *d;

			pure = syscall_number(v);
			d = pure >= 0 ? syscall_get(pure) : NULL;
			if (!d || !(d->classes & SC_PURE)) {
				ERR("syscall=%s is not a call without side effects (%%pure: getpid, "
				    "gettid, getuid, ...)", v);
				goto out;
			}
		} else if (KEY("delay_enter") && eq) {
			if (r.has_delay) {
				ERR("give delay_enter= once");
				goto out;
			}
			if (parse_delay("delay_enter", v, &r.delay_ns, err, errlen))
				goto out;
			r.has_delay = true;
		} else if (KEY("delay_exit") && eq) {
			uint64_t ns;

			if (parse_delay("delay_exit", v, &ns, err, errlen))
				goto out;
			delay_exit = true;
		} else if (KEY("poke_enter") && eq) {
			if (r.poke_n) {
				ERR("give poke_enter= once");
				goto out;
			}
			if (parse_pokes(io, v, &r, err, errlen))
				goto out;
		} else if (KEY("poke_exit")) {
			ERR("poke_exit= cannot work without ptrace: seccomp stops a call only "
			    "before it runs (use poke_enter=)");
			goto out;
		} else {
			ERR("unknown '%s': expected error=, retval=, signal=, syscall=, "
			    "delay_enter=, poke_enter= or when=", tok);
			goto out;
		}
#undef KEY
	}
	if (fault && !r.has_error) {
		r.has_error = true;
		r.error = ENOSYS;
	}
	/* A seccomp notification comes before the call runs, and strobe
	 * cannot hold the thread again after it: nothing stops it at exit. */
	if (delay_exit) {
		ERR("delay_exit= cannot work without ptrace: seccomp stops a call only "
		    "before it runs (use delay_enter=)");
		goto out;
	}
	if (!r.has_error && !r.has_retval && !r.sig && !r.has_delay && !r.poke_n) {
		ERR("nothing to inject: give error=, retval=, signal=, delay_enter= or "
		    "poke_enter=");
		goto out;
	}
	/* strobe does not run a substitute call: with an answer given, the
	 * pure call would change nothing.  Without one, strace 6.1 does not
	 * substitute either (signal=USR1:syscall=gettid runs the call itself
	 * and sends the signal): syscall= is accepted and changes nothing. */
	if (r.has_retval && (int64_t)r.retval < 0 && (int64_t)r.retval >= -4095)
		fprintf(stderr, "strobe: warning: retval=%lld looks like error %lld to the "
			"program (errno is set)\n", (long long)(int64_t)r.retval,
			-(long long)(int64_t)r.retval);
	for (int nr = 0; nr < INJ_NR_MAX && nr < SEL_WORDS_CLI * 64; nr++)
		if ((set[nr / 64] >> (nr % 64)) & 1)
			io->rule[nr] = r;
	io->nrules++;
	rc = 0;
out:
	free(copy);
	return rc;
}

int inject_parse(struct inject_opts **io, const char *arg, bool fault)
{
	char err[512];

	if (!*io && !(*io = calloc(1, sizeof(**io)))) {
		fprintf(stderr, "strobe: out of memory\n");
		return -1;
	}
	if (parse_rule(*io, arg, fault, err, sizeof(err))) {
		/* strace's words, then why */
		fprintf(stderr, "strobe: invalid %s argument '%s': %s\n",
			fault ? "fault" : "inject", arg, err);
		return -1;
	}
	return 0;
}

bool inject_is_expr(const char *expr)
{
	return !strncmp(expr, "inject=", 7) || !strncmp(expr, "fault=", 6);
}

int inject_parse_expr(struct inject_opts **io, const char *expr)
{
	bool fault = expr[0] == 'f';

	return inject_parse(io, strchr(expr, '=') + 1, fault);
}

int inject_check(struct options *o)
{
	bool any = false;

	if (!o->inject)
		return 0;
	if (o->mode == MODE_REPORT || o->mode == MODE_EXPORT) {
		fprintf(stderr, "strobe: -e inject= changes a running program; it has no "
			"meaning when reading a recording\n");
		return -1;
	}
	if (o->npids) {
		fprintf(stderr, "strobe: cannot inject into a running process (-p): a "
			"seccomp filter can only be installed by the process itself; launch "
			"the command under strobe instead: strobe -e inject=... -- COMMAND\n");
		return -1;
	}
	if (o->all) {
		fprintf(stderr, "strobe: cannot inject into every process (--all): launch "
			"the command under strobe instead: strobe -e inject=... -- COMMAND\n");
		return -1;
	}
	if (o->probe == PROBE_TP) {
		fprintf(stderr, "strobe: -e inject= needs the raw syscall probes; drop "
			"--probe=tp\n");
		return -1;
	}
	if (o->npaths) {
		fprintf(stderr, "strobe: -P with -e inject= is not supported: the filter "
			"cannot tell which calls use PATH; narrow the set with -e trace=\n");
		return -1;
	}
	/* strace tampers only with the calls it traces (-e trace=): a rule
	 * for a call the filter leaves out is dropped (-e trace=exit_group
	 * -e fault=all must not fail the loader's mmap).  strobe's one
	 * departure: -e trace=none keeps every rule, so one can inject
	 * without the cost of tracing (docs/design.md, "Injection") */
	bool none = true;

	for (int w = 0; w < SEL_WORDS_CLI; w++)
		none &= !o->sel[w];
	for (int nr = 0; nr < INJ_NR_MAX; nr++) {
		if (o->sel_given && !none && nr < SEL_WORDS_CLI * 64 &&
		    !(o->sel[nr / 64] & (1ull << (nr % 64))))
			o->inject->rule[nr].on = false;
		any |= o->inject->rule[nr].on;
	}
	/* with -u the child's own calls before its exec (initgroups' name
	 * lookups, setuid) pass the filter too: strobe lets those through */
	o->inject->filter_fails = o->follow && !o->user;
	if (!any) {
		free(o->inject);
		o->inject = NULL;
	}
	return 0;
}

bool inject_when(const struct inject_rule *r, uint64_t n)
{
	if (n < r->first || (r->last != INJ_LAST_INF && n > r->last))
		return false;
	if (!r->step)
		return n == r->first;
	return (n - r->first) % r->step == 0;
}

/*
 * Every call fails the same way and nothing is counted, delayed or sent:
 * the filter's own SECCOMP_RET_ERRNO does it (its 0 is a success, so
 * retval=0 too).  Without -f only the command's first thread is traced,
 * as under strace, and the filter cannot tell threads apart: strobe
 * decides for each call then.
 */
bool inject_in_filter(const struct inject_rule *r, bool allowed)
{
	return allowed && r->on && !r->sig && !r->has_delay && !r->poke_n && r->first == 1 &&
	       r->step == 1 && r->last == INJ_LAST_INF &&
	       (r->has_error || (r->has_retval && r->retval == 0));
}

bool inject_has_signal(const struct inject_opts *io)
{
	for (int nr = 0; io && nr < INJ_NR_MAX; nr++)
		if (io->rule[nr].on && io->rule[nr].sig)
			return true;
	return false;
}
