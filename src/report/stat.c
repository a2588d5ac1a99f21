// SPDX-License-Identifier: GPL-2.0
/* strobe report --stat: what a recording holds. */
#include <stdlib.h>
#include <time.h>

#include "report_int.h"
#include "../syscalls/syscalls.h"

static int by_count(const void *a, const void *b, void *ctx)
{
	const uint64_t *n = ctx;
	int x = *(const int *)a, y = *(const int *)b;

	return n[x] != n[y] ? (n[x] > n[y] ? -1 : 1) : x - y;
}

void report_stat(struct report *r)
{
	static const char *const kinds[] = { "?", "syscall", "signal", "exit", "fork", "exec",
					     "tracepoint", "detach" };
	struct sbuf *b = &r->w.buf;
	int order[SYSCALL_MAX], n = 0;
	time_t start = (r->first_ts + r->clock_offset) / 1000000000;
	char when[64] = "";
	struct tm tm;

	if (r->first_ts) {
		localtime_r(&start, &tm);
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", &tm);
	}
	sbuf_printf(b, "file:        %s\n", r->o->infile);
	sbuf_printf(b, "recorded on: %s, Linux %s\n", r->host[0] ? r->host : "?",
		    r->kernel[0] ? r->kernel : "?");
	if (r->command[0])
		sbuf_printf(b, "command:     %s\n", r->command);
	sbuf_printf(b, "time span:   %s, %.6f s\n", when[0] ? when : "-",
		    r->last_ts > r->first_ts ? (r->last_ts - r->first_ts) / 1e9 : 0.0);
	sbuf_printf(b, "events:      %llu\n", (unsigned long long)r->kept);
	for (int k = 1; k < 8; k++)
		if (r->by_kind[k])
			sbuf_printf(b, "  %-10s %llu\n", kinds[k], (unsigned long long)r->by_kind[k]);
	sbuf_printf(b, "lost:        %llu%s\n", (unsigned long long)r->lost,
		    r->ended ? "" : " (the recording was cut short: more may be missing)");
	sbuf_printf(b, "fds at start: %d\n", r->fds_at_start);
	sbuf_printf(b, "processes:   %zu\n", r->pids.used);
	for (size_t i = 0; i < r->pids.cap; i++)
		if (r->pids.slot[i].tid) {
			const char *c = names_get(&r->names, r->pids.slot[i].tid);

			sbuf_printf(b, "  %-8u %s\n", r->pids.slot[i].tid, c ? c : "");
		}
	for (int i = 0; i < SYSCALL_MAX; i++)
		if (r->by_nr[i])
			order[n++] = i;
	qsort_r(order, n, sizeof(order[0]), by_count, r->by_nr);
	sbuf_printf(b, "syscalls:    %d kinds\n", n);
	for (int i = 0; i < n; i++) {
		const struct syscall_desc *d = syscall_get(order[i]);

		sbuf_printf(b, "  %-22s %llu\n", d ? d->name : "?",
			    (unsigned long long)r->by_nr[order[i]]);
	}
}
