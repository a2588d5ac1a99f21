/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the batch-timed loops (syscall_loop.c, libcall_loop.c) share: a
 * clock, and the sorted batch times' summary.  The fastest batch is one
 * nothing interrupted, so its per-call figure holds on a loaded machine;
 * the median batch shows what interruptions add.
 */
#ifndef STROBE_BENCH_BATCH_H
#define STROBE_BENCH_BATCH_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* ns[] (per call, one entry a batch) sorted, then summarised on f */
static void batch_report(FILE *f, double *ns, int batches)
{
	qsort(ns, batches, sizeof(*ns), cmp_double);
	fprintf(f, "ns/call min %.1f p10 %.1f med %.1f\n", ns[0], ns[batches / 10],
		ns[batches / 2]);
}

#endif
