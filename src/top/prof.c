// SPDX-License-Identifier: GPL-2.0
/*
 * strobe top --profile: the profiler (strobe profile's session, Python
 * frames included) hands each interval's merged stacks to this view, which
 * counts every function's own share (it is the innermost frame) and total
 * share (it is anywhere in the stack, once per stack), and forgets them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "top.h"
#include "../profile/profile.h"

struct fn {
	uint32_t id;
	uint64_t own, total;
};

struct live {
	const struct top_options *o;
	struct screen sc;
	int sort;		/* 0 own, 1 total */
	struct fn *fn;		/* the last interval's, to redraw on a key */
	size_t nfn;
	struct prof_result *r;	/* valid during a tick only */
	char **names;		/* copies of the shown names, for redraws */
	uint64_t weight;
	double secs;
	long frames;
	char what[64];
	uint64_t *prev_on, *prev_off;	/* each stack's weight at the last view */
	uint32_t nprev;
};

static int sort_own;

static int cmp_fn(const void *a, const void *b)
{
	const struct fn *x = a, *y = b;
	uint64_t kx = sort_own ? x->own : x->total, ky = sort_own ? y->own : y->total;

	if (kx != ky)
		return kx < ky ? 1 : -1;
	kx = sort_own ? x->total : x->own;	/* ties: by the other share */
	ky = sort_own ? y->total : y->own;
	return (kx < ky) - (kx > ky);
}

static void draw(struct live *lv)
{
	struct screen *sc = &lv->sc;
	char when[16];
	time_t now = time(NULL);
	int shown = 0, room;

	strftime(when, sizeof(when), "%H:%M:%S", localtime(&now));
	sort_own = lv->sort == 0;
	qsort(lv->fn, lv->nfn, sizeof(*lv->fn), cmp_fn);
	screen_begin(sc);
	screen_line(sc, false, "strobe top --profile  %s  %s  %.2f s  %llu %s  sort %s",
		    when, lv->what, lv->secs, (unsigned long long)lv->weight,
		    lv->o->off_cpu ? "us off-CPU" : "samples", lv->sort ? "total" : "own");
	screen_line(sc, true, "%7s %7s  %s", "OWN%", "TOTAL%", "FUNCTION");
	room = sc->tty ? screen_rows_left(sc, 2) : lv->o->rows;
	for (size_t i = 0; i < lv->nfn && shown < room; i++) {
		const char *name = lv->names[lv->fn[i].id];

		if (!screen_match(sc, name))
			continue;
		screen_line(sc, false, "%6.1f%% %6.1f%%  %s", 100.0 * lv->fn[i].own / (lv->weight ? lv->weight : 1),
			    100.0 * lv->fn[i].total / (lv->weight ? lv->weight : 1), name);
		shown++;
	}
	if (!shown)
		screen_line(sc, false, "(no samples%s)", sc->filter[0] ? " match" : "");
	screen_end(sc, "s own/total  / filter  space pause  q quit");
}

static void forget(struct live *lv)
{
	for (size_t i = 0; i < lv->nfn; i++)
		free(lv->names[i]);
	free(lv->names);
	free(lv->fn);
	lv->names = NULL;
	lv->fn = NULL;
	lv->nfn = 0;
}

/* "spin (app.py:18)" -> "spin (app.py)": a function's lines add up. */
static void function_of(const char *name, char *buf, size_t len)
{
	const char *open = strrchr(name, '(');
	const char *colon = open ? strrchr(open, ':') : NULL;
	size_t n = strlen(name);

	if (colon && n && name[n - 1] == ')' && strspn(colon + 1, "0123456789") == n - 2 -
	    (size_t)(colon - name))
		snprintf(buf, len, "%.*s)", (int)(colon - name), name);
	else
		snprintf(buf, len, "%s", name);
}

/* Own and total weight, in this interval, of every function but the roots
 * (process names). */
static void count(struct live *lv, struct prof_result *r)
{
	const struct stacks *st = &r->st;
	struct stacks fnames = { 0 };
	uint32_t *fid = calloc(st->nnames + 1, sizeof(*fid)), *seen = NULL;
	uint64_t *own = NULL, *total = NULL;

	forget(lv);
	lv->weight = 0;
	if (!fid)
		return;
	for (uint32_t id = 0; id < st->nnames; id++) {
		char buf[512];

		function_of(st->names[id], buf, sizeof(buf));
		fid[id] = stacks_intern(&fnames, buf, FK_ROOT);
	}
	own = calloc(fnames.nnames + 1, sizeof(*own));
	total = calloc(fnames.nnames + 1, sizeof(*total));
	seen = calloc(fnames.nnames + 1, sizeof(*seen));
	if (st->n > lv->nprev) {
		uint64_t *a = realloc(lv->prev_on, st->n * sizeof(*a));
		uint64_t *b = a ? realloc(lv->prev_off, st->n * sizeof(*b)) : NULL;

		if (a)
			lv->prev_on = a;
		if (b) {
			lv->prev_off = b;
			memset(a + lv->nprev, 0, (st->n - lv->nprev) * sizeof(*a));
			memset(b + lv->nprev, 0, (st->n - lv->nprev) * sizeof(*b));
			lv->nprev = st->n;
		}
	}
	if (!own || !total || !seen || st->n > lv->nprev)
		goto out;
	for (uint32_t i = 0; i < st->n; i++) {
		const struct stack *s = &st->v[i];
		struct stack d = *s;
		uint64_t w;

		d.on -= lv->prev_on[i];
		d.off_ns -= lv->prev_off[i];
		lv->prev_on[i] = s->on;
		lv->prev_off[i] = s->off_ns;
		w = stack_weight(&d, r->o->what, r->o->hz);
		if (!w || s->nframes < 2)
			continue;
		lv->weight += w;
		own[fid[s->frames[s->nframes - 1]]] += w;
		for (uint32_t j = 1; j < s->nframes; j++) {
			uint32_t f = fid[s->frames[j]];

			if (seen[f] != i + 1) {	/* once per stack: recursion */
				seen[f] = i + 1;
				total[f] += w;
			}
		}
	}
	lv->fn = calloc(fnames.nnames + 1, sizeof(*lv->fn));
	lv->names = calloc(fnames.nnames + 1, sizeof(*lv->names));
	if (!lv->fn || !lv->names)
		goto out;
	for (uint32_t f = 0; f < fnames.nnames; f++) {
		if (!total[f])
			continue;
		lv->names[lv->nfn] = strdup(fnames.names[f]);
		lv->fn[lv->nfn] = (struct fn){ (uint32_t)lv->nfn, own[f], total[f] };
		lv->nfn++;
	}
out:
	stacks_free(&fnames);
	free(fid);
	free(own);
	free(total);
	free(seen);
}

static bool tick(void *arg, struct prof_result *r, double secs)
{
	struct live *lv = arg;
	enum top_key k;

	while ((k = screen_key(&lv->sc)) != TK_NONE) {
		if (k == TK_QUIT)
			return true;
		if (k == TK_SORT || k == TK_BY)
			lv->sort = !lv->sort;
		if (lv->frames)
			draw(lv);
		else if (k == TK_REDRAW)
			screen_end(&lv->sc, "");
	}
	if (!r || lv->sc.paused)
		return false;
	lv->secs = secs;
	count(lv, r);
	draw(lv);
	return lv->o->count && ++lv->frames >= lv->o->count;
}

int top_profile(const struct top_options *o)
{
	struct live lv = { .o = o, .sort = o->sort };
	struct prof_live pl = { .interval = o->interval, .tick = tick, .arg = &lv };
	struct prof_options po;
	int rc;

	memset(&po, 0, sizeof(po));
	po.hz = o->hz;
	po.min_block_ns = 1000;
	po.stack_bytes = 8192;
	po.what = o->off_cpu ? PW_OFF : PW_ON;
	po.gil = o->gil;
	po.all = o->all;
	po.cgroup = o->cgroup;
	po.cmd = o->cmd;
	po.live = &pl;
	if (o->npids) {	/* profile_run frees its pids */
		po.pids = malloc(o->npids * sizeof(*po.pids));
		if (!po.pids)
			return 1;
		memcpy(po.pids, o->pids, o->npids * sizeof(*po.pids));
		po.npids = o->npids;
	}
	if (o->cgroup)
		snprintf(lv.what, sizeof(lv.what), "cgroup %s", o->cgroup);
	else if (o->all)
		snprintf(lv.what, sizeof(lv.what), "all processes");
	else if (o->npids)
		snprintf(lv.what, sizeof(lv.what), "process %d%s", o->pids[0],
			 o->npids > 1 ? " and more" : "");
	else
		snprintf(lv.what, sizeof(lv.what), "%.24s", strrchr(o->cmd[0], '/') ?
			 strrchr(o->cmd[0], '/') + 1 : o->cmd[0]);
	screen_open(&lv.sc, o->batch);
	if (lv.sc.tty) {
		screen_begin(&lv.sc);
		screen_line(&lv.sc, false, "strobe top --profile  %s  first figures in %.1f s",
			    lv.what, o->interval);
		screen_end(&lv.sc, "q quit");
	}
	rc = profile_run(&po);
	screen_close(&lv.sc);
	forget(&lv);
	free(lv.prev_on);
	free(lv.prev_off);
	return rc;
}
