// SPDX-License-Identifier: GPL-2.0
/* --metrics with -c: the session's summary maps served (src/metrics). */
#include <stdio.h>

#include "session.h"
#include "../metrics/metrics.h"
#include "../syscalls/syscalls.h"

static const char *syscall_text(int nr, void *ctx)
{
	const struct syscall_desc *d = syscall_get(nr);

	(void)ctx;
	return d ? d->name : NULL;
}

static void health(struct metrics_health *h, void *ctx)
{
	struct session *s = ctx;

	/* the maps stay readable until bpf_setup_destroy, after the stop */
	h->events_lost = bpf_lost_total(s);
	h->not_counted = bpf_summary_not_counted(s);
	h->samples_skipped = bpf_summary_not_in_hist(s);
	h->programs = __atomic_load_n(&s->nlinks, __ATOMIC_RELAXED) +
		      __atomic_load_n(&s->nperf, __ATOMIC_RELAXED) / 2;
}

int session_metrics_start(struct session *s)
{
	struct metrics_opts mo = {
		.listen = s->o->metrics,
		.max_series = s->o->metrics_max_series ? s->o->metrics_max_series
						       : METRICS_DEFAULT_MAX_SERIES,
	};

	if (!s->o->metrics)
		return 0;
	bpf_summary_maps(s, &s->mx_maps);
	s->mx_sum = (struct summary_metrics){
		.maps = &s->mx_maps, .by = s->o->by, .name = syscall_text,
		.row_label = "syscall", .health = health, .health_ctx = s,
	};
	s->mx = metrics_start(&mo, summary_metrics_collect, &s->mx_sum);
	return s->mx ? 0 : -1;
}

void session_metrics_stop(struct session *s)
{
	metrics_stop(s->mx);
	s->mx = NULL;
}
