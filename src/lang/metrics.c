// SPDX-License-Identifier: GPL-2.0
/*
 * strobe script --metrics: every map as a Prometheus metric family.
 *
 *   count()            counter NAME_total
 *   sum()              counter while no value was below 0, else a gauge
 *   avg(), min(), max(), plain values   gauges
 *   stats()            summary NAME (_sum, _count) and gauge NAME_avg
 *   hist(), lhist()    histogram, cumulative le buckets at the buckets'
 *                      exact integer bounds, _sum (kept in the kernel
 *                      beside each bucket's count) and _count
 *
 * A map's keys become labels, named after the builtin where the key is
 * one (@x[comm, pid] -> comm="...", pid="..."), key0, key1... otherwise.
 * A cgroup key is shown as its path.  Runs on the server's thread: maps
 * are read with maps_read (syscalls only), and keys whose text needs the
 * symbol caches (stacks, user symbols) are shown as numbers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>

#include "lang.h"
#include "../metrics/metrics.h"
#include "../util/util.h"
#include "../profile/profile.h"

/* Each map node's key expressions: a builtin gives its name to the label. */
static void walk(struct lang_metrics *lm, const struct node *n, bool *conflict)
{
	if (!n)
		return;
	if (n->kind == N_MAP && n->id >= 0 && n->id < lm->c->nmaps) {
		for (int i = 0; i < n->nv && i < MAX_KEYS; i++) {
			char want[24];
			char *have = lm->labels[n->id][i];

			if (n->v[i]->kind == N_BUILTIN && n->v[i]->str)
				mx_name(want, sizeof(want), NULL, n->v[i]->str);
			else
				snprintf(want, sizeof(want), "key%d", i);
			if (!have[0])
				snprintf(have, 24, "%s", want);
			else if (strcmp(have, want))
				conflict[n->id * MAX_KEYS + i] = true;
		}
	}
	walk(lm, n->a, conflict);
	walk(lm, n->b, conflict);
	walk(lm, n->c, conflict);
	for (int i = 0; i < n->nv; i++)
		walk(lm, n->v[i], conflict);
}

int lang_metrics_prepare(struct lang_metrics *lm, struct compiler *c, const char *prefix)
{
	int n = c->nmaps ? c->nmaps : 1;
	bool *conflict = calloc(n * MAX_KEYS, sizeof(*conflict));

	lm->c = c;
	lm->prefix = prefix ? prefix : "bpftrace_";
	lm->labels = calloc(n, sizeof(*lm->labels));
	lm->gauge = calloc(n, sizeof(*lm->gauge));
	if (!lm->labels || !lm->gauge || !conflict) {
		free(conflict);
		return -ENOMEM;
	}
	for (int p = 0; p < c->prog->nprobes; p++) {
		walk(lm, c->prog->probes[p].pred, conflict);
		walk(lm, c->prog->probes[p].body, conflict);
	}
	/* the same map keyed by different things, or a name twice: keyN */
	for (int m = 0; m < c->nmaps; m++)
		for (int i = 0; i < MAX_KEYS; i++) {
			bool dup = false;

			for (int j = 0; j < i; j++)
				dup |= !strcmp(lm->labels[m][j], lm->labels[m][i]);
			if (conflict[m * MAX_KEYS + i] || dup || !lm->labels[m][i][0] ||
			    !strcmp(lm->labels[m][i], "le") || !strcmp(lm->labels[m][i], "quantile"))
				snprintf(lm->labels[m][i], 24, "key%d", i);
		}
	free(conflict);
	/* kernel symbols for ksym/kstack keys: loaded here, not on two
	 * threads at once later */
	for (int m = 0; m < c->nmaps; m++)
		for (int i = 0; i < c->maps[m].nkeys; i++)
			if ((c->maps[m].key[i].kind == TY_KSYM || c->maps[m].key[i].kind == TY_KSTACK) &&
			    !c->ks)
				c->ks = ksyms_load();
	return 0;
}

void lang_metrics_free(struct lang_metrics *lm)
{
	free(lm->labels);
	free(lm->gauge);
}

/* A key's text for a label. */
static void key_text(struct compiler *c, const struct type *t, const uint8_t *p, bool is_cgroup,
		     char *out, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	uint64_t v;

	memcpy(&v, p, 8);
	if (is_cgroup && t->kind == TY_INT) {
		cgroup_path_of(v, out, n);
		return;
	}
	switch (t->kind) {
	case TY_USTACK:
	case TY_USYM:
		/* the user-symbol cache belongs to the event loop's thread */
		snprintf(out, n, "0x%llx", (unsigned long long)v);
		return;
	default:
		break;
	}
	f = open_memstream(&buf, &len);
	if (!f) {
		out[0] = 0;
		return;
	}
	out_value(c, f, t, p);
	fclose(f);
	snprintf(out, n, "%s", buf ? buf : "");
	free(buf);
}

/* bucket i's inclusive upper bound (values are integers) */
static double hist_bound(const struct map_def *m, int i, int nb)
{
	if (i == nb - 1)
		return 1.0 / 0.0;	/* the last bucket is open above */
	if (m->val.kind == TY_LHIST)
		return i == 0 ? (double)(m->lmin - 1) : (double)(m->lmin + i * m->lstep - 1);
	/* hist: (..., 0), [0], [1], [2, 4), [4, 8)... */
	if (i == 0)
		return -1;
	if (i == 1)
		return 0;
	return (double)((1ull << (i - 1)) - 1);
}

static void one_map(struct lang_metrics *lm, struct mx *x, int mi, uint64_t *entries)
{
	struct compiler *c = lm->c;
	struct map_def *m = &c->maps[mi];
	enum ty_kind k = m->val.kind;
	struct map_entry *e = NULL;
	char name[128], labels[MAX_KEYS][256];
	struct mx_label l[MAX_KEYS];
	double *bounds = NULL;
	bool *keep;
	int n, nb = map_is_bucketed(m) ? map_nbuckets(m) : 0;
	enum mx_type type;

	switch (k) {
	case TY_COUNT: type = MX_COUNTER; break;
	case TY_SUM: type = lm->gauge[mi] ? MX_GAUGE : MX_COUNTER; break;
	case TY_HIST: case TY_LHIST: type = MX_HISTOGRAM; break;
	case TY_STATS: type = MX_SUMMARY; break;
	case TY_AVG: case TY_MIN: case TY_MAX: case TY_INT: type = MX_GAUGE; break;
	default: return;	/* strings, stacks, tuples as values: not numbers */
	}
	n = maps_read(c, m, &e);
	*entries += n;
	/* sum(): once below 0, a gauge for the rest of the run (a counter
	 * that goes down would read as resets) */
	if (k == TY_SUM && type == MX_COUNTER)
		for (int i = 0; i < n; i++)
			if (e[i].v[0] < 0) {
				lm->gauge[mi] = true;
				type = MX_GAUGE;
			}
	mx_name(name, sizeof(name), lm->prefix, m->name[1] ? m->name + 1 : "map");
	if (nb) {
		bounds = calloc(nb, sizeof(*bounds));
		for (int i = 0; bounds && i < nb; i++)
			bounds[i] = hist_bound(m, i, nb);
	}
	mx_family(x, name, type, m->name);
	for (int i = 0; i < m->nkeys; i++)
		l[i].name = lm->labels[mi][i];
	keep = calloc(n ? n : 1, sizeof(*keep));
	for (int i = 0; keep && i < n; i++) {
		const struct map_entry *en = &e[i];

		if (!(keep[i] = mx_series(x)))
			continue;
		for (int j = 0; j < m->nkeys; j++) {
			key_text(c, &m->key[j], en->key + m->koff[j],
				 !strcmp(lm->labels[mi][j], "cgroup"), labels[j], sizeof(labels[j]));
			l[j].value = labels[j];
		}
		switch (k) {
		case TY_HIST:
		case TY_LHIST:
			if (bounds)
				mx_histogram(x, l, m->nkeys, bounds, en->b, nb, true, (double)en->v[1]);
			break;
		case TY_STATS:
			mx_sample(x, "_sum", l, m->nkeys, NULL, (double)en->v[1]);
			mx_sample(x, "_count", l, m->nkeys, NULL, (double)en->v[0]);
			break;
		case TY_AVG:
			mx_sample(x, "", l, m->nkeys, NULL,
				  en->v[0] ? (double)en->v[1] / en->v[0] : 0);
			break;
		case TY_COUNT:
			mx_sample_u64(x, "", l, m->nkeys, NULL, (uint64_t)en->v[0]);
			break;
		case TY_INT:
			if (en->raw) {
				int64_t v;

				memcpy(&v, en->raw, 8);
				if (m->val.size < 8) {	/* a narrower int: its own bytes */
					uint64_t u = 0;

					memcpy(&u, en->raw, m->val.size);
					v = (int64_t)u;
				}
				mx_sample(x, "", l, m->nkeys, NULL,
					  m->val.is_signed ? (double)v : (double)(uint64_t)v);
			}
			break;
		default:
			mx_sample(x, "", l, m->nkeys, NULL, (double)en->v[0]);
			break;
		}
	}
	/* stats(): the average as a gauge family of its own */
	if (k == TY_STATS && keep) {
		char avg[160];

		snprintf(avg, sizeof(avg), "%s_avg", name);
		mx_family(x, avg, MX_GAUGE, m->name);
		for (int i = 0; i < n; i++) {
			if (!keep[i])
				continue;
			for (int j = 0; j < m->nkeys; j++) {
				key_text(c, &m->key[j], e[i].key + m->koff[j],
					 !strcmp(lm->labels[mi][j], "cgroup"), labels[j],
					 sizeof(labels[j]));
				l[j].value = labels[j];
			}
			mx_sample(x, "", l, m->nkeys, NULL,
				  e[i].v[0] ? (double)e[i].v[1] / e[i].v[0] : 0);
		}
	}
	free(keep);
	free(bounds);
	maps_entries_free(e, n);
}

/* events the ring buffer had no room for (shared with run.c) */
uint64_t lost_events(struct compiler *c)
{
	uint32_t key = 0;
	uint64_t *v = calloc(c->ncpus, 8), sum = 0;

	if (v && !bpf_map_lookup_elem(c->lost_fd, &key, v))
		for (int i = 0; i < c->ncpus; i++)
			sum += v[i];
	free(v);
	return sum;
}

void lang_metrics_collect(struct mx *x, void *ctx)
{
	struct lang_metrics *lm = ctx;
	struct metrics_health h = { 0 };

	for (int i = 0; i < lm->c->nmaps; i++)
		one_map(lm, x, i, &h.map_entries);
	h.events_lost = lost_events(lm->c);
	h.programs = lm->c->npts;
	mx_health(x, &h);
}
