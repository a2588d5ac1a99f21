// SPDX-License-Identifier: GPL-2.0
/*
 * Counting processes for "[pid N]": a new process counts once its
 * parent's clone line or its own first line is out, as strace counts it.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"
#include "../tracepoint/tracepoint.h"

#include "formatter.h"

void formatter_add_procs(struct formatter *f, int n)
{
	f->nprocs += n;
}

/* Settle pending forks that this record's thread is party to.  `after`:
 * the record has been printed (the parent's clone line). */
void settle_forks(struct formatter *f, __u32 tid, bool after)
{
	for (unsigned i = 0; i < f->nforks;) {
		if ((after && f->forks[i].parent == tid) || (!after && f->forks[i].child == tid)) {
			f->nprocs++;
			f->forks[i] = f->forks[--f->nforks];
		} else {
			i++;
		}
	}
}

void note_fork(struct formatter *f, const struct ev_fork *k)
{
	if (f->nforks == sizeof(f->forks) / sizeof(f->forks[0])) {
		f->nprocs++;
		return;
	}
	f->forks[f->nforks].parent = k->h.tid;
	f->forks[f->nforks].child = k->child_tid;
	f->nforks++;
}
