// SPDX-License-Identifier: GPL-2.0
/*
 * Probe kinds as providers: one record per kind (struct provider in
 * lang.h) says how its attach points are read and expanded, how -l lists
 * them, how a point is attached, which program type runs it and what the
 * program may use there (args, argN, retval...).  Adding a kind is adding
 * a row here, not a case in six files.
 *
 * Kinds this kernel cannot run (kprobes, kfunc, hardware counters) are
 * rows too: their attach points are read as bpftrace reads them (so its
 * errors about a malformed one come first), then refused with the reason,
 * or, for a kprobe among other probes, left out with a warning, as
 * bpftrace leaves out a kprobe it cannot attach.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>

#include <linux/bpf.h>
#include <linux/perf_event.h>

#include "lang.h"
#include "../tracepoint/tracepoint.h"

static const struct { const char *name, *alias; int config; uint64_t period; } sw_events[] = {
	{ "cpu-clock", "cpu", PERF_COUNT_SW_CPU_CLOCK, 1000000 },
	{ "task-clock", NULL, PERF_COUNT_SW_TASK_CLOCK, 1000000 },
	{ "page-faults", "faults", PERF_COUNT_SW_PAGE_FAULTS, 100 },
	{ "context-switches", "cs", PERF_COUNT_SW_CONTEXT_SWITCHES, 1000 },
	{ "cpu-migrations", NULL, PERF_COUNT_SW_CPU_MIGRATIONS, 1 },
	{ "minor-faults", NULL, PERF_COUNT_SW_PAGE_FAULTS_MIN, 100 },
	{ "major-faults", NULL, PERF_COUNT_SW_PAGE_FAULTS_MAJ, 1 },
	{ "alignment-faults", NULL, PERF_COUNT_SW_ALIGNMENT_FAULTS, 1 },
	{ "emulation-faults", NULL, PERF_COUNT_SW_EMULATION_FAULTS, 1 },
	{ "dummy", NULL, PERF_COUNT_SW_DUMMY, 1 },
	{ "bpf-output", NULL, PERF_COUNT_SW_BPF_OUTPUT, 1 },
};

/* The generic hardware events perf defines (listed; this machine has no
 * PMU to count them) */
static const char *const hw_events[] = {
	"backend-stalls", "branch-instructions", "branch-misses", "bus-cycles",
	"cache-misses", "cache-references", "cpu-cycles", "frontend-stalls",
	"instructions", "ref-cycles",
};

/* Kernel functions bpftrace refuses to put a kretprobe on (they may lock
 * the machine up); its message is kept, it is what users search for. */
static const char *const banned_kret[] = {
	"_raw_spin_lock", "_raw_spin_lock_irqsave", "_raw_spin_unlock_irqrestore",
	"queued_spin_lock_slowpath",
};

static int parse_count(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || !isdigit((unsigned char)*s))
		return -1;
	*v = strtoull(s, &end, 10);
	return *end || !*v ? -1 : 0;
}

static const struct attach *ap_of(struct compiler *c, int pi, int ai)
{
	return &c->prog->probes[pi].ap[ai];
}

/* ---- BEGIN, END */

static int expand_special(struct compiler *c, const struct provider *pv, int pi, int ai,
			  char part[4][256], int n)
{
	if (n != 1)
		return lang_error(c->src, ap_of(c, pi, ai)->l, "%s takes no arguments", part[0]);
	add_point(c, pv->kind, pi, ai, pv->name, "");
	return 0;
}

/* ---- tracepoint, rawtracepoint */

static int expand_tracepoint(struct compiler *c, const struct provider *pv, int pi, int ai,
			     char part[4][256], int n)
{
	struct loc l = ap_of(c, pi, ai)->l;
	struct tp_table t = { 0 };
	char spec[600], err[512];
	bool mounted;
	int dir, got;

	if (n != 3 || !*part[1] || !*part[2])
		return lang_error(c->src, l, "tracepoint probes are tracepoint:CATEGORY:EVENT");
	if (!tracefs_mount(false, &mounted))
		return lang_error(c->src, l, "tracefs is not mounted and cannot be (mount -t "
				  "tracefs nodev /sys/kernel/tracing)");
	snprintf(spec, sizeof(spec), "%s:%s", part[1], part[2]);
	dir = open("/sys/kernel/tracing", O_PATH | O_DIRECTORY | O_CLOEXEC);
	got = dir < 0 ? -1 : tp_resolve(&t, dir, spec, err, sizeof(err));
	if (dir >= 0)
		close(dir);
	if (got < 0) {
		if (!strpbrk(spec, "*?["))
			return lang_error(c->src, l, "tracepoint not found: %s", spec);
		return 0;	/* a wildcard matching nothing adds nothing */
	}
	for (int i = 0; i < t.n; i++) {
		char name[300];
		const char *colon = strchr(t.ev[i].name, ':');
		struct probe_point *p;

		snprintf(name, sizeof(name), "tracepoint:%s", t.ev[i].name);
		p = add_point(c, pv->kind, pi, ai, name, colon ? colon + 1 : t.ev[i].name);
		p->tp = malloc(sizeof(*p->tp));
		if (!p->tp)
			abort();
		*p->tp = t.ev[i];
		p->tp->format = NULL;
	}
	tp_table_free(&t);
	return 0;
}

static int expand_rawtp(struct compiler *c, const struct provider *pv, int pi, int ai,
			char part[4][256], int n)
{
	char name[300];

	if (n != 2 || strpbrk(part[1], "*?["))
		return lang_error(c->src, ap_of(c, pi, ai)->l, "rawtracepoint probes are "
				  "rawtracepoint:EVENT (no wildcards)");
	snprintf(name, sizeof(name), "rawtracepoint:%s", part[1]);
	add_point(c, pv->kind, pi, ai, name, part[1]);
	return 0;
}

/* Every tracepoint of tracefs whose "tracepoint:CAT:EVENT" matches. */
static int list_tracepoint(const struct provider *pv, const char *pattern, pid_t pid,
			   bool verbose)
{
	bool mounted;
	DIR *d;
	struct dirent *de;

	(void)pv;
	(void)pid;
	(void)verbose;
	if (!tracefs_mount(false, &mounted))
		return -1;
	d = opendir("/sys/kernel/tracing/events");
	if (!d)
		return -1;
	while ((de = readdir(d))) {
		char path[600];
		DIR *e;
		struct dirent *ee;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/tracing/events/%s", de->d_name);
		if (!(e = opendir(path)))
			continue;
		while ((ee = readdir(e))) {
			char f[1200], name[600];

			if (ee->d_name[0] == '.')
				continue;
			snprintf(name, sizeof(name), "tracepoint:%s:%s", de->d_name, ee->d_name);
			if (fnmatch(pattern, name, 0))
				continue;
			snprintf(f, sizeof(f), "%s/%s/id", path, ee->d_name);
			if (!access(f, R_OK))
				printf("%s\n", name);
		}
		closedir(e);
	}
	closedir(d);
	return 0;
}

/* ---- profile, interval, software, hardware */

static int expand_timer(struct compiler *c, const struct provider *pv, int pi, int ai,
			char part[4][256], int n)
{
	struct loc l = ap_of(c, pi, ai)->l;
	uint64_t mult, v;
	bool freq = false;
	char name[600];
	struct probe_point *p;

	if (n != 3 || parse_count(part[2], &v))
		return lang_error(c->src, l, "%s probes are %s:UNIT:N (hz, s, ms, us)", part[0],
				  part[0]);
	if (!strcmp(part[1], "hz"))
		freq = true, mult = 1;
	else if (!strcmp(part[1], "s"))
		mult = 1000000000;
	else if (!strcmp(part[1], "ms"))
		mult = 1000000;
	else if (!strcmp(part[1], "us"))
		mult = 1000;
	else if (!strcmp(part[1], "ns"))
		mult = 1;
	else
		return lang_error(c->src, l, "invalid unit '%s' (hz, s, ms, us)", part[1]);
	snprintf(name, sizeof(name), "%s:%s:%s", pv->name, part[1], part[2]);
	p = add_point(c, pv->kind, pi, ai, name, part[2]);
	p->freq = freq;
	p->period = freq ? v : v * mult;
	if (freq && pv->kind == P_INTERVAL) {
		p->freq = false;
		p->period = 1000000000ULL / v;
	}
	return 0;
}

static int expand_software(struct compiler *c, const struct provider *pv, int pi, int ai,
			   char part[4][256], int n)
{
	struct loc l = ap_of(c, pi, ai)->l;
	char name[600];
	uint64_t v;

	if (n < 2 || n > 3)
		return lang_error(c->src, l, "software probes are software:EVENT[:COUNT]");
	for (size_t i = 0; i < sizeof(sw_events) / sizeof(sw_events[0]); i++) {
		struct probe_point *p;

		if (strcmp(part[1], sw_events[i].name) &&
		    (!sw_events[i].alias || strcmp(part[1], sw_events[i].alias)))
			continue;
		v = sw_events[i].period;
		if (n == 3 && parse_count(part[2], &v))
			return lang_error(c->src, l, "invalid count '%s'", part[2]);
		snprintf(name, sizeof(name), "software:%s:%s", part[1], n == 3 ? part[2] : "");
		p = add_point(c, pv->kind, pi, ai, name, part[1]);
		p->sw_config = sw_events[i].config;
		p->period = v;
		return 0;
	}
	return lang_error(c->src, l, "unknown software event '%s'", part[1]);
}

static int list_table(const struct provider *pv, const char *pattern, const char *const *names,
		      size_t stride, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char name[128];

		snprintf(name, sizeof(name), "%s:%s:", pv->name,
			 *(const char *const *)((const char *)names + i * stride));
		if (!fnmatch(pattern, name, 0))
			printf("%s\n", name);
	}
	return 0;
}

static int list_software(const struct provider *pv, const char *pattern, pid_t pid,
			 bool verbose)
{
	(void)pid;
	(void)verbose;
	return list_table(pv, pattern, &sw_events[0].name, sizeof(sw_events[0]),
			  sizeof(sw_events) / sizeof(sw_events[0]));
}

static int list_hardware(const struct provider *pv, const char *pattern, pid_t pid,
			 bool verbose)
{
	(void)pid;
	(void)verbose;
	return list_table(pv, pattern, hw_events, sizeof(hw_events[0]),
			  sizeof(hw_events) / sizeof(hw_events[0]));
}

/* ---- uprobe, uretprobe, usdt (uprobes.c) */

static int expand_user(struct compiler *c, const struct provider *pv, int pi, int ai,
		       char part[4][256], int n)
{
	char name[1100];

	/* the engine takes the spec as written, quotes removed */
	snprintf(name, sizeof(name), "%s:%s:%s%s%s", pv->name, part[1], part[2],
		 n == 4 ? ":" : "", n == 4 ? part[3] : "");
	if (n < 3 || (n == 4 && pv->kind != P_USDT))
		return lang_error(c->src, ap_of(c, pi, ai)->l, "%s probes are %s", pv->name,
				  pv->kind == P_USDT ? "usdt:PATH:[PROVIDER:]NAME" :
				  "uprobe:LIB:FUNC (LIB a path or a library name)");
	return uprobes_expand(c, pi, ai, pv->kind, name);
}

static int list_user(const struct provider *pv, const char *pattern, pid_t pid,
			bool verbose)
{
	return uprobes_list(pv, pattern, pid, verbose);
}

/* ---- what this kernel lacks */

static int expand_kprobe(struct compiler *c, const struct provider *pv, int pi, int ai,
			 char part[4][256], int n)
{
	struct loc l = ap_of(c, pi, ai)->l;

	/* bpftrace's checks of the text first: its tests look for these */
	if (n != 2)
		return lang_error(c->src, l, "%s probe type requires 1 argument", pv->name);
	if (pv->kind == P_KRETPROBE)
		for (size_t i = 0; i < sizeof(banned_kret) / sizeof(banned_kret[0]); i++)
			if (!strcmp(part[1], banned_kret[i]))
				return lang_error(c->src, l, "error: kretprobe:%s can't be used "
						  "as it might lock up your system.", part[1]);
	if (c->prog->nprobes > 1) {
		/* among other probes: left out, as bpftrace leaves out a
		 * kprobe it cannot attach */
		lang_warning(stderr, c->src, l, "%s", pv->unavailable);
		c->prog->probes[pi].left_out = true;
		return 0;
	}
	return lang_error(c->src, l, "%s", pv->unavailable);
}

static int expand_unavailable(struct compiler *c, const struct provider *pv, int pi, int ai,
			      char part[4][256], int n)
{
	(void)part;
	(void)n;
	return lang_error(c->src, ap_of(c, pi, ai)->l, "%s", pv->unavailable);
}

#define PT(t) BPF_PROG_TYPE_##t
static const struct provider providers[] = {
	[P_BEGIN] = { "BEGIN", NULL, P_BEGIN, PT(RAW_TRACEPOINT), 0, NULL,
		      expand_special, NULL, NULL },
	[P_END] = { "END", NULL, P_END, PT(RAW_TRACEPOINT), 0, NULL, expand_special, NULL,
		    NULL },
	[P_TRACEPOINT] = { "tracepoint", "t", P_TRACEPOINT, PT(TRACEPOINT), PV_ARGS, NULL,
			   expand_tracepoint, list_tracepoint, attach_tracepoint },
	[P_RAWTP] = { "rawtracepoint", "rt", P_RAWTP, PT(RAW_TRACEPOINT), PV_ARGN, NULL,
		      expand_rawtp, NULL, attach_rawtp },
	[P_PROFILE] = { "profile", "p", P_PROFILE, PT(PERF_EVENT), PV_REGS | PV_REVERSED,
			NULL, expand_timer, NULL, attach_perf_sw },
	[P_INTERVAL] = { "interval", "i", P_INTERVAL, PT(PERF_EVENT), PV_REVERSED, NULL,
			 expand_timer, NULL, attach_perf_sw },
	[P_SOFTWARE] = { "software", "s", P_SOFTWARE, PT(PERF_EVENT), PV_REVERSED, NULL,
			 expand_software, list_software, attach_perf_sw },
	[P_UPROBE] = { "uprobe", "u", P_UPROBE, PT(KPROBE),
		       PV_ARGS | PV_USER | PV_ARGN | PV_SARG | PV_REGS | PV_USYM_FUNC | PV_REVERSED, NULL,
		       expand_user, list_user, uprobe_attach },
	[P_URETPROBE] = { "uretprobe", "ur", P_URETPROBE, PT(KPROBE),
			  PV_USER | PV_ARGN | PV_SARG | PV_REGS | PV_USYM_FUNC | PV_RETVAL |
			  PV_REVERSED, NULL, expand_user, list_user, uprobe_attach },
	[P_USDT] = { "usdt", "U", P_USDT, PT(KPROBE), PV_USER | PV_ARGN | PV_REVERSED, NULL,
		     expand_user, list_user, uprobe_attach },
	[P_KPROBE] = { "kprobe", "k", P_KPROBE, PT(KPROBE), 0,
		       "kprobes are not available: this kernel was built without "
		       "CONFIG_KPROBES (use a tracepoint)", expand_kprobe, NULL, NULL },
	[P_KRETPROBE] = { "kretprobe", "kr", P_KRETPROBE, PT(KPROBE), 0,
			  "kprobes are not available: this kernel was built without "
			  "CONFIG_KPROBES (use a tracepoint)", expand_kprobe, NULL, NULL },
	[P_KFUNC] = { "kfunc", "f", P_KFUNC, PT(TRACING), 0,
		      "kfunc probes are not available: this kernel refuses fentry/fexit "
		      "programs (use a tracepoint)", expand_unavailable, NULL, NULL },
	[P_KRETFUNC] = { "kretfunc", "fr", P_KRETFUNC, PT(TRACING), 0,
			 "kfunc probes are not available: this kernel refuses fentry/fexit "
			 "programs (use a tracepoint)", expand_unavailable, NULL, NULL },
	[P_HARDWARE] = { "hardware", "h", P_HARDWARE, PT(PERF_EVENT), 0,
			 "hardware probes are not available: this machine has no hardware "
			 "PMU (use software:)", expand_unavailable, list_hardware, NULL },
	[P_WATCHPOINT] = { "watchpoint", "w", P_WATCHPOINT, PT(PERF_EVENT), PV_REGS, NULL,
			   watchpoint_expand, NULL, watchpoint_attach },
	[P_ASYNCWATCHPOINT] = { "asyncwatchpoint", "aw", P_ASYNCWATCHPOINT, PT(PERF_EVENT),
				PV_REGS, NULL, watchpoint_expand, NULL, watchpoint_attach },
	[P_ITER] = { "iter", "it", P_ITER, PT(TRACING), 0,
		     "not supported yet: iter probes", expand_unavailable, NULL, NULL },
};
#undef PT

const struct provider *provider_of(enum lang_probe_kind k)
{
	return &providers[k];
}

const struct provider *provider_find(const char *word)
{
	for (size_t i = 0; i < sizeof(providers) / sizeof(providers[0]); i++)
		if (!strcmp(word, providers[i].name) ||
		    (providers[i].alias && !strcmp(word, providers[i].alias)))
			return &providers[i];
	return NULL;
}

const struct provider *provider_next(const struct provider *pv)
{
	pv = pv ? pv + 1 : providers;
	return pv < providers + sizeof(providers) / sizeof(providers[0]) ? pv : NULL;
}
