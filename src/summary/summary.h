/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Summaries (-c, -C, --hist, --by, -i, --json): read the per-CPU counts
 * and histograms the kernel kept, add the CPUs up, compute percentiles,
 * and print strace's -c table with percentile columns, bar histograms or
 * JSON lines.
 */
#ifndef STROBE_SUMMARY_H
#define STROBE_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "../util/util.h"
#include "../cli/cli.h"
#include "../../bpf/hist.h"

struct sum_row {
	int nr;
	uint64_t group;		/* pid, tid or cgroup id, as --by says */
	char comm[16];		/* the group's command (for display) */
	char key_comm[16];	/* BY_COMM: the group itself */
	uint64_t calls, errors, total_ns, max_ns;
	uint32_t hist[HIST_BUCKETS];
};

struct summary {
	struct sum_row *rows;
	size_t n, cap;
};

/* A new zeroed row at the end, or NULL when out of memory. */
struct sum_row *summary_add_row(struct summary *s);
/* The kernel's summary maps (bpf/summary.bpf.inc): the counts (an array by
 * syscall number, or with --by a hash), the per-CPU histogram slots, and
 * how many slots each CPU has handed out. */
struct sum_maps {
	int counts, hists, next;
	int by;			/* enum sum_by: which kind `counts` is */
	uint32_t nslots;	/* histogram slots per CPU */
};
/* Read and add up the kernel's per-CPU maps; -errno on failure. */
int summary_collect(const struct sum_maps *m, struct summary *s);
/* out = cur - prev, row by row (an interval's counts); max from the histogram. */
int summary_diff(const struct summary *cur, const struct summary *prev, struct summary *out);
void summary_free(struct summary *s);

/* The q-quantile (0 < q <= 1) in ns from a histogram of `count` values,
 * interpolated inside its bucket and never above `max`. */
uint64_t hist_quantile(const uint32_t *hist, uint64_t count, double q, uint64_t max);
/* The upper end of the highest non-empty bucket. */
uint64_t hist_top(const uint32_t *hist);

struct summary_fmt {
	enum sort_by sort;
	int by;			/* enum sum_by */
	enum hist_mode hist;
	bool json;
	bool interval;		/* an interval's table, not the final one */
	double seconds;		/* the span the counts cover */
	time_t when;		/* end of that span */
	uint64_t not_counted;	/* calls the kernel could not count */
	uint64_t not_in_hist;	/* calls counted outside any histogram */
	uint64_t trace_lost;	/* -C: trace records lost (counts are whole) */
};

void summary_print(struct sbuf *b, struct summary *s, const struct summary_fmt *f);
/* Rows named by fn (library functions for strobe ltrace), not syscalls. */
void summary_set_namer(const char *(*fn)(int nr, void *ctx), void *ctx);

#endif
