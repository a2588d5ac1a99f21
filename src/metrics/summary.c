// SPDX-License-Identifier: GPL-2.0
/*
 * -c's aggregates as metrics: per (group, syscall) a call counter, an
 * error counter and a latency histogram.  The kernel's histogram is
 * log-linear (32 sub-buckets per power of two, bpf/hist.h); Prometheus
 * gets one bucket per power of two, whose bounds are exact: every value
 * in [2^j, 2^(j+1)) ns is at most 2^(j+1)-1 ns, the bucket's `le`, and
 * every fine bucket lies inside one power of two.  1184 buckets a series
 * would be too many for a time-series database; 41 are not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "../summary/summary.h"

#define POW_BUCKETS (HIST_MAX_EXP + 1)	/* j = 0..40; the last is +Inf */

int metrics_pow_bucket(int fine)
{
	uint64_t low = hist_bucket_low(fine);

	return low ? (int)hist_ilog2(low) : 0;
}

static void labels_of(const struct summary_metrics *sm, const struct sum_row *r,
		      struct mx_label *l, int *nl, char *name, char *group, char *comm)
{
	const char *nm = sm->name ? sm->name(r->nr, sm->name_ctx) : NULL;

	if (!nm) {
		snprintf(name, 32, "syscall_%d", r->nr);
		nm = name;
	}
	*nl = 0;
	l[(*nl)++] = (struct mx_label){ sm->row_label, nm };
	snprintf(comm, 17, "%.16s", r->comm);
	switch (sm->by) {
	case BY_PID:
	case BY_TID:
		snprintf(group, 256, "%llu", (unsigned long long)r->group);
		l[(*nl)++] = (struct mx_label){ sm->by == BY_PID ? "pid" : "tid", group };
		l[(*nl)++] = (struct mx_label){ "comm", comm };
		break;
	case BY_COMM:
		l[(*nl)++] = (struct mx_label){ "comm", comm };
		break;
	case BY_CGROUP:
		cgroup_path_of(r->group, group, 256);
		l[(*nl)++] = (struct mx_label){ "cgroup", group };
		break;
	default:
		break;
	}
}

uint64_t summary_metrics_rows(struct mx *m, const struct summary_metrics *sm)
{
	struct summary s = { 0 };
	uint64_t n;
	static double bounds[POW_BUCKETS];
	bool *keep = NULL;
	int err;

	for (int j = 0; j < POW_BUCKETS; j++)
		bounds[j] = ((2ull << j) - 1) / 1e9;
	/* one read of the kernel's maps; the families below are views of it */
	err = summary_collect(sm->maps, &s);
	if (!err)
		keep = calloc(s.n ? s.n : 1, sizeof(*keep));
	for (size_t i = 0; keep && i < s.n; i++)
		keep[i] = mx_series(m);
	for (int fam = 0; keep && fam < 3; fam++) {
		static const char *const names[] = { "strobe_syscalls", "strobe_syscall_errors",
						     "strobe_syscall_duration_seconds" };
		static const char *const help[] = {
			"Calls completed, counted in the kernel.",
			"Calls that returned an error.",
			"Time from a call's entry to its exit, in seconds.",
		};
		char fname[64];

		snprintf(fname, sizeof(fname), "%s", names[fam]);
		if (!strcmp(sm->row_label, "function"))	/* strobe ltrace -c, --event pairs */
			snprintf(fname, sizeof(fname), "%s", fam == 0 ? "strobe_calls" :
					fam == 1 ? "strobe_call_errors" : "strobe_call_duration_seconds");
		mx_family(m, fname, fam == 2 ? MX_HISTOGRAM : MX_COUNTER, help[fam]);
		for (size_t i = 0; i < s.n; i++) {
			const struct sum_row *r = &s.rows[i];
			struct mx_label l[4];
			char name[32], group[256], comm[17];
			uint64_t counts[POW_BUCKETS] = { 0 };
			int nl;

			if (!keep[i])
				continue;
			labels_of(sm, r, l, &nl, name, group, comm);
			if (fam == 0) {
				mx_sample_u64(m, "", l, nl, NULL, r->calls);
				continue;
			}
			if (fam == 1) {
				mx_sample_u64(m, "", l, nl, NULL, r->errors);
				continue;
			}
			for (int b = 0; b < HIST_BUCKETS; b++)
				counts[metrics_pow_bucket(b)] += r->hist[b];
			mx_histogram(m, l, nl, bounds, counts, POW_BUCKETS, true, r->total_ns / 1e9);
		}
	}
	n = s.n;
	free(keep);
	summary_free(&s);
	return n;
}

void summary_metrics_collect(struct mx *m, void *ctx)
{
	const struct summary_metrics *sm = ctx;
	struct metrics_health h = { 0 };
	uint64_t n = summary_metrics_rows(m, sm);

	if (sm->health)
		sm->health(&h, sm->health_ctx);
	h.map_entries += n;
	mx_health(m, &h);
}
