// SPDX-License-Identifier: GPL-2.0
/*
 * strtol() in batches, each batch timed: the per-call cost of a probe on
 * strtol from the fastest batch (one nothing interrupted) and the median
 * one, as syscall_loop.c does for syscalls.  bench/run.py builds and runs
 * it under strobe ltrace -c and bpftrace.
 *
 *   cc -O1 -o /tmp/libcall_loop bench/libcall_loop.c
 *   strobe ltrace -c -e strtol -- /tmp/libcall_loop 300
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "batch.h"

#define CALLS 500		/* calls per batch */

int main(int argc, char **argv)
{
	int batches = argc > 1 ? atoi(argv[1]) : 300;
	double *ns;
	volatile long sum = 0;

	if (batches < 1 || !(ns = malloc(batches * sizeof(*ns))))
		return 1;
	for (int b = 0; b < batches; b++) {
		double t0 = now_ns();

		for (int i = 0; i < CALLS; i++)
			sum += strtol("12345", NULL, 10);
		ns[b] = (now_ns() - t0) / CALLS;
	}
	batch_report(stdout, ns, batches);
	free(ns);
	return 0;
}
