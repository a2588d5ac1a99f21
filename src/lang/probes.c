// SPDX-License-Identifier: GPL-2.0
/*
 * Attach points: "tracepoint:sched:sched_*" and friends, expanded into one
 * probe_point (one BPF program) each.  Kinds this kernel cannot do fail
 * here with the reason, at the place in the source.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/perf_event.h>

#include "lang.h"
#include "../tracepoint/tracepoint.h"

static const struct { const char *name, *alias; enum lang_probe_kind k; } kinds[] = {
	{ "BEGIN", NULL, P_BEGIN }, { "END", NULL, P_END },
	{ "tracepoint", "t", P_TRACEPOINT }, { "rawtracepoint", "rt", P_RAWTP },
	{ "profile", "p", P_PROFILE }, { "interval", "i", P_INTERVAL },
	{ "software", "s", P_SOFTWARE }, { "uprobe", "u", P_UPROBE },
	{ "uretprobe", "ur", P_URETPROBE }, { "usdt", "U", P_USDT },
};

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

/* Split "a:b:c" at colons outside quotes; quotes removed. */
static int split(const char *s, char parts[4][256])
{
	int n = 0;
	size_t k = 0;
	bool q = false;

	memset(parts, 0, 4 * 256);
	for (; *s; s++) {
		if (*s == '"') {
			q = !q;
			continue;
		}
		if (*s == ':' && !q) {
			if (++n == 4)
				return -1;
			k = 0;
			continue;
		}
		if (k < 255)
			parts[n][k++] = *s;
	}
	return n + 1;
}

struct probe_point *add_point(struct compiler *c, enum lang_probe_kind k, int probe, int ap,
			      const char *name, const char *func)
{
	struct probe_point *p;

	c->pts = realloc(c->pts, (c->npts + 1) * sizeof(*c->pts));
	if (!c->pts)
		abort();
	p = &c->pts[c->npts++];
	memset(p, 0, sizeof(*p));
	p->kind = k;
	p->probe = probe;
	p->ap = ap;
	p->name = strdup(name);
	p->func = strdup(func);
	p->prog_fd = -1;
	p->name_id = pname_add(c, name);
	return p;
}

static int parse_count(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || !isdigit((unsigned char)*s))
		return -1;
	*v = strtoull(s, &end, 10);
	return *end || !*v ? -1 : 0;
}

static int expand_tracepoint(struct compiler *c, int pi, int ai, const char *cat, const char *ev,
			     struct loc l)
{
	struct tp_table t = { 0 };
	char spec[600], err[512];
	bool mounted;
	int n;

	if (!*cat || !*ev)
		return lang_error(c->src, l, "tracepoint probes are tracepoint:CATEGORY:EVENT");
	if (!tracefs_mount(false, &mounted))
		return lang_error(c->src, l, "tracefs is not mounted and cannot be (mount -t "
				  "tracefs nodev /sys/kernel/tracing)");
	snprintf(spec, sizeof(spec), "%s:%s", cat, ev);
	int dir = open("/sys/kernel/tracing", O_PATH | O_DIRECTORY | O_CLOEXEC);

	n = dir < 0 ? -1 : tp_resolve(&t, dir, spec, err, sizeof(err));
	if (dir >= 0)
		close(dir);
	if (n < 0) {
		if (!strpbrk(spec, "*?["))
			return lang_error(c->src, l, "tracepoint not found: %s", spec);
		return 0;	/* a wildcard matching nothing adds nothing */
	}
	for (int i = 0; i < t.n; i++) {
		char name[300];
		const char *colon = strchr(t.ev[i].name, ':');
		struct probe_point *p;

		snprintf(name, sizeof(name), "tracepoint:%s", t.ev[i].name);
		p = add_point(c, P_TRACEPOINT, pi, ai, name, colon ? colon + 1 : t.ev[i].name);
		p->tp = malloc(sizeof(*p->tp));
		if (!p->tp)
			abort();
		*p->tp = t.ev[i];
		p->tp->format = NULL;
	}
	tp_table_free(&t);
	return 0;
}

static int expand_one(struct compiler *c, int pi, int ai)
{
	const struct attach *a = &c->prog->probes[pi].ap[ai];
	char part[4][256], name[1100];
	int n = split(a->text, part);
	enum lang_probe_kind k = (enum lang_probe_kind)-1;
	struct probe_point *p;
	uint64_t v;

	if (n < 0)
		return lang_error(c->src, a->l, "invalid attach point: %s", a->text);
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(part[0], kinds[i].name) ||
		    (kinds[i].alias && !strcmp(part[0], kinds[i].alias)))
			k = kinds[i].k;
	if ((int)k == -1) {
		if (!strcmp(part[0], "kprobe") || !strcmp(part[0], "k") ||
		    !strcmp(part[0], "kretprobe") || !strcmp(part[0], "kr"))
			return lang_error(c->src, a->l, "kprobes are not available: this kernel "
					  "was built without CONFIG_KPROBES (use a tracepoint)");
		if (!strcmp(part[0], "kfunc") || !strcmp(part[0], "kretfunc") ||
		    !strcmp(part[0], "f") || !strcmp(part[0], "fr"))
			return lang_error(c->src, a->l, "kfunc probes are not available: this "
					  "kernel refuses fentry/fexit programs (use a tracepoint)");
		if (!strcmp(part[0], "hardware") || !strcmp(part[0], "h"))
			return lang_error(c->src, a->l, "hardware probes are not available: "
					  "this machine has no hardware PMU (use software:)");
		if (!strcmp(part[0], "watchpoint") || !strcmp(part[0], "w") ||
		    !strcmp(part[0], "asyncwatchpoint") || !strcmp(part[0], "iter"))
			return lang_error(c->src, a->l, "not supported yet: %s probes", part[0]);
		return lang_error(c->src, a->l, "Invalid probe type: %s", part[0]);
	}
	switch (k) {
	case P_BEGIN:
	case P_END:
		if (n != 1)
			return lang_error(c->src, a->l, "%s takes no arguments", part[0]);
		add_point(c, k, pi, ai, part[0], "");
		return 0;
	case P_TRACEPOINT:
		if (n != 3)
			return lang_error(c->src, a->l, "tracepoint probes are "
					  "tracepoint:CATEGORY:EVENT");
		return expand_tracepoint(c, pi, ai, part[1], part[2], a->l);
	case P_RAWTP:
		if (n != 2 || strpbrk(part[1], "*?["))
			return lang_error(c->src, a->l, "rawtracepoint probes are "
					  "rawtracepoint:EVENT (no wildcards)");
		snprintf(name, sizeof(name), "rawtracepoint:%s", part[1]);
		add_point(c, k, pi, ai, name, part[1]);
		return 0;
	case P_PROFILE:
	case P_INTERVAL: {
		uint64_t mult;
		bool freq = false;

		if (n != 3 || parse_count(part[2], &v))
			return lang_error(c->src, a->l, "%s probes are %s:UNIT:N (hz, s, ms, us)",
					  part[0], part[0]);
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
			return lang_error(c->src, a->l, "invalid unit '%s' (hz, s, ms, us)", part[1]);
		snprintf(name, sizeof(name), "%s:%s:%s", kinds[k].name, part[1], part[2]);
		p = add_point(c, k, pi, ai, name, part[2]);
		p->freq = freq;
		p->period = freq ? v : v * mult;
		if (freq && k == P_INTERVAL) {
			p->freq = false;
			p->period = 1000000000ULL / v;
		}
		return 0;
	}
	case P_SOFTWARE:
		if (n < 2 || n > 3)
			return lang_error(c->src, a->l, "software probes are software:EVENT[:COUNT]");
		for (size_t i = 0; i < sizeof(sw_events) / sizeof(sw_events[0]); i++) {
			if (strcmp(part[1], sw_events[i].name) &&
			    (!sw_events[i].alias || strcmp(part[1], sw_events[i].alias)))
				continue;
			v = sw_events[i].period;
			if (n == 3 && parse_count(part[2], &v))
				return lang_error(c->src, a->l, "invalid count '%s'", part[2]);
			snprintf(name, sizeof(name), "software:%s:%s", part[1], n == 3 ? part[2] : "");
			p = add_point(c, k, pi, ai, name, part[1]);
			p->sw_config = sw_events[i].config;
			p->period = v;
			return 0;
		}
		return lang_error(c->src, a->l, "unknown software event '%s'", part[1]);
	case P_UPROBE:
	case P_URETPROBE:
	case P_USDT:
		/* the engine takes the spec as written, quotes removed */
		snprintf(name, sizeof(name), "%s:%s:%s%s%s", kinds[k].name, part[1], part[2],
			 n == 4 ? ":" : "", n == 4 ? part[3] : "");
		if (n < 3 || (n == 4 && k != P_USDT))
			return lang_error(c->src, a->l, "%s probes are %s", kinds[k].name,
					  k == P_USDT ? "usdt:PATH:[PROVIDER:]NAME" :
					  "uprobe:LIB:FUNC (LIB a path or a library name)");
		return uprobes_expand(c, pi, ai, k, name);
	}
	return 0;
}

/* "i:ms:$1", "BEG$1": positional parameters in an attach point are
 * replaced by their text before it is read, as bpftrace does. */
static void ap_positional(struct compiler *c, struct attach *a)
{
	char *out, *o;
	size_t need = strlen(a->text) + 1;

	if (!strchr(a->text, '$'))
		return;
	for (int i = 0; i < c->npos; i++)
		need += strlen(c->pos[i]);
	out = o = malloc(need);
	if (!out)
		abort();
	for (const char *p = a->text; *p; ) {
		char *end;
		long k;

		if (*p == '$' && isdigit((unsigned char)p[1])) {
			k = strtol(p + 1, &end, 10);
			if (k >= 1 && k <= c->npos)
				o = stpcpy(o, c->pos[k - 1]);
			p = end;
			continue;
		}
		*o++ = *p++;
	}
	*o = 0;
	free(a->text);
	a->text = out;
}

int probes_expand(struct compiler *c)
{
	for (int i = 0; i < c->prog->nprobes; i++) {
		int before = c->npts;

		for (int k = 0; k < c->prog->probes[i].nap; k++)
			ap_positional(c, &c->prog->probes[i].ap[k]);

		for (int k = 0; k < c->prog->probes[i].nap; k++)
			if (expand_one(c, i, k))
				return -1;
		if (c->npts == before)
			return lang_error(c->src, c->prog->probes[i].ap[0].l,
					  "No probes to attach: %s matches nothing",
					  c->prog->probes[i].ap[0].text);
	}
	if (c->nleft_out)
		fprintf(stderr, "%s: WARNING: %d attach point%s left out, as bpftrace does (%s%s)\n",
			c->src->name, c->nleft_out, c->nleft_out == 1 ? "" : "s", c->left_out,
			c->nleft_out > 1 ? "; and others" : "");
	return 0;
}

/* -l: the probes a pattern matches, one a line, as bpftrace lists them. */
int probes_list(const char *pattern)
{
	char cat_pat[256], ev_pat[256];
	const char *p = pattern && *pattern ? pattern : "*";
	bool mounted;
	DIR *d;
	struct dirent *de;
	int shown = 0;

	/* what an attach point cannot hold: bpftrace's lexer error */
	for (const char *q = p; *q; q++)
		if (!isalnum((unsigned char)*q) && !strchr("_-:*?./[]!,+", *q)) {
			struct src s = { "stdin", p, strlen(p) };
			struct loc l = { 1, (int)(q - p) + 1, (int)(q - p) + 2 };

			return lang_error(&s, l, "invalid character '%c'", *q);
		}
	if (!strncmp(p, "uprobe:", 7) || !strncmp(p, "uretprobe:", 10) || !strncmp(p, "usdt:", 5) ||
	    !strncmp(p, "u:", 2) || !strncmp(p, "ur:", 3) || !strncmp(p, "U:", 2))
		return uprobes_list(p, 0);
	if (!strncmp(p, "t:", 2))
		p += 2;
	else if (!strncmp(p, "tracepoint:", 11))
		p += 11;
	else if (strcmp(p, "*") && strncmp(p, "software:", 9) && strncmp(p, "s:", 2))
		p = NULL;
	if (!p || !strncmp(pattern ? pattern : "", "s", 1) || !strcmp(p, "*")) {
		const char *sp = pattern && *pattern ? pattern : "*";

		for (size_t i = 0; i < sizeof(sw_events) / sizeof(sw_events[0]); i++) {
			char name[128];

			snprintf(name, sizeof(name), "software:%s:", sw_events[i].name);
			if (!fnmatch(sp, name, 0)) {
				printf("%s\n", name);
				shown++;
			}
		}
		if (!p || strcmp(p, "*"))
			return shown ? 0 : 0;
	}
	if (sscanf(p, "%255[^:]:%255s", cat_pat, ev_pat) != 2) {
		snprintf(cat_pat, sizeof(cat_pat), "%s", p);
		snprintf(ev_pat, sizeof(ev_pat), "*");
	}
	if (!tracefs_mount(false, &mounted))
		return -1;
	d = opendir("/sys/kernel/tracing/events");
	if (!d)
		return -1;
	while ((de = readdir(d))) {
		char path[600];
		DIR *e;
		struct dirent *ee;

		if (de->d_name[0] == '.' || fnmatch(cat_pat, de->d_name, 0))
			continue;
		snprintf(path, sizeof(path), "/sys/kernel/tracing/events/%s", de->d_name);
		e = opendir(path);
		if (!e)
			continue;
		while ((ee = readdir(e))) {
			char f[1200];

			if (ee->d_name[0] == '.' || fnmatch(ev_pat, ee->d_name, 0))
				continue;
			snprintf(f, sizeof(f), "%s/%s/id", path, ee->d_name);
			if (access(f, R_OK))
				continue;
			printf("tracepoint:%s:%s\n", de->d_name, ee->d_name);
			shown++;
		}
		closedir(e);
	}
	closedir(d);
	return 0;
}
