// SPDX-License-Identifier: GPL-2.0
/*
 * Counting processes for "[pid N]": a new process counts once its
 * parent's clone line or its own first line is out, as strace counts it.
 * And threads per process: a leader's exit line waits for its threads'.
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

/* Settle pending forks that this record's thread is party to.  Before the
 * record is printed (`after` false): the child's own first line, or any
 * line of the parent's but a clone (the clone that made the child is not
 * shown, and strace counts a child from its attach on).  After: the
 * parent's clone line is out. */
void settle_forks(struct formatter *f, __u32 tid, bool after, bool clone_line)
{
	for (unsigned i = 0; i < f->nforks;) {
		if ((after && f->forks[i].parent == tid) ||
		    (!after && (f->forks[i].child == tid ||
				(f->forks[i].parent == tid && !clone_line)))) {
			f->nprocs++;
			f->forks[i] = f->forks[--f->nforks];
		} else {
			i++;
		}
	}
}

static struct group *group_of(struct formatter *f, __u32 pid, bool add)
{
	struct group *free_slot = NULL;

	for (unsigned i = 0; i < sizeof(f->groups) / sizeof(f->groups[0]); i++) {
		if (f->groups[i].pid == pid)
			return &f->groups[i];
		if (!f->groups[i].pid && !free_slot)
			free_slot = &f->groups[i];
	}
	if (add && free_slot)
		*free_slot = (struct group){ .pid = pid };
	return add ? free_slot : NULL;
}

bool hold_leader_exit(struct formatter *f, const struct ev_exit *x)
{
	struct group *g = x->h.tid == x->h.pid ? group_of(f, x->h.pid, false) : NULL;

	if (!g || g->threads <= 0 || g->exit || !(g->exit = malloc(sizeof(*x))))
		return false;
	memcpy(g->exit, x, sizeof(*x));
	return true;
}

struct ev_exit *thread_exited(struct formatter *f, const struct ev_exit *x)
{
	struct group *g = x->h.tid != x->h.pid ? group_of(f, x->h.pid, false) : NULL;
	struct ev_exit *held;

	if (!g || --g->threads > 0)
		return NULL;
	held = g->exit;
	*g = (struct group){ 0 };
	return held;
}

struct ev_exit *leader_superseded(struct formatter *f, __u32 pid)
{
	struct group *g = group_of(f, pid, false);
	struct ev_exit *held;

	if (!g)
		return NULL;
	held = g->exit;
	*g = (struct group){ 0 };
	return held;
}

struct ev_exit *held_exit_next(struct formatter *f)
{
	for (unsigned i = 0; i < sizeof(f->groups) / sizeof(f->groups[0]); i++) {
		struct ev_exit *held = f->groups[i].exit;

		if (held) {
			f->groups[i] = (struct group){ 0 };
			return held;
		}
	}
	return NULL;
}

void note_fork(struct formatter *f, const struct ev_fork *k)
{
	struct group *g;

	/* a thread of the process that made it */
	if (k->child_pid == k->h.pid && k->child_tid != k->child_pid &&
	    (g = group_of(f, k->h.pid, true)))
		g->threads++;
	if (f->nforks == sizeof(f->forks) / sizeof(f->forks[0])) {
		f->nprocs++;
		return;
	}
	f->forks[f->nforks].parent = k->h.tid;
	f->forks[f->nforks].child = k->child_tid;
	f->nforks++;
}
