// SPDX-License-Identifier: GPL-2.0
/*
 * One-byte reads and writes in batches, timed per batch: the fastest
 * batch is one nothing interrupted, so the per-call figure holds on a
 * loaded machine where dd's own clock does not (bench/README.md).
 *
 *   cc -O2 -o /tmp/syscall_loop bench/syscall_loop.c
 *   strobe record -o /tmp/x.data -- /tmp/syscall_loop 600
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"

#define PAIRS 1000		/* read + write pairs per batch */

int main(int argc, char **argv)
{
	int nb = argc > 1 ? atoi(argv[1]) : 200;
	int in = open("/dev/zero", O_RDONLY), out = open("/dev/null", O_WRONLY);
	double *t;
	char c;

	if (nb < 1 || in < 0 || out < 0 || !(t = malloc(nb * sizeof(*t))))
		return 1;
	for (int b = 0; b < nb; b++) {
		double t0 = now_ns();

		for (int i = 0; i < PAIRS; i++)
			if (read(in, &c, 1) != 1 || write(out, &c, 1) != 1)
				return 1;
		t[b] = (now_ns() - t0) / PAIRS / 2;
	}
	batch_report(stderr, t, nb);
	return 0;
}
