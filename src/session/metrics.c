// SPDX-License-Identifier: GPL-2.0
/* --metrics with -c: the session's summary maps served (src/metrics). */
#include <stdio.h>

#include "session.h"
#include "../metrics/metrics.h"
#include "../syscalls/syscalls.h"
#include "../probe/probe.h"

static const char *syscall_text(int nr, void *ctx)
{
	const struct syscall_desc *d = syscall_get(nr);

	(void)ctx;
	return d ? d->name : NULL;
}


/* the syscalls' families, then --event uprobes' (strobe_calls_*), then health */
static void collect(struct mx *m, void *ctx)
{
	struct session *s = ctx;
	struct metrics_health h = { 0 };

	if (!s->up || session_any_syscall(s->o))
		h.map_entries += summary_metrics_rows(m, &s->mx_sum);
	if (s->up) {
		h.map_entries += summary_metrics_rows(m, &s->mx_usum);
		h.events_lost += uprog_lost_total(s->up);
		h.not_counted += uprog_not_counted(s->up);
		h.samples_skipped += uprog_not_in_hist(s->up);
	}
	h.events_lost += bpf_lost_total(s);
	h.not_counted += bpf_summary_not_counted(s);
	h.samples_skipped += bpf_summary_not_in_hist(s);
	h.programs = __atomic_load_n(&s->nlinks, __ATOMIC_RELAXED) +
		     __atomic_load_n(&s->nperf, __ATOMIC_RELAXED) / 2;
	mx_health(m, &h);
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
		.maps = &s->mx_maps, .by = s->o->by, .name = syscall_text, .row_label = "syscall",
	};
	if (s->up) {
		uprog_summary_maps(s->up, &s->mx_umaps);
		s->mx_usum = (struct summary_metrics){
			.maps = &s->mx_umaps, .by = s->o->by, .name = session_probe_func,
			.name_ctx = s->up, .row_label = "function",
		};
	}
	s->mx = metrics_start(&mo, collect, s);
	return s->mx ? 0 : -1;
}

void session_metrics_stop(struct session *s)
{
	metrics_stop(s->mx);
	s->mx = NULL;
}
