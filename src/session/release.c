// SPDX-License-Identifier: GPL-2.0
/*
 * Detaching programs from tracepoints without waiting.
 *
 * The last close of a BPF link on a tracepoint unregisters the program,
 * which rewrites the tracepoint's static call (text patching, with an IPI
 * to every CPU): 0.1-1.5 ms per link here, 1-4 ms for a syscall trace's
 * six.  Closing a perf event waits for an RCU tasks-trace grace period
 * and more (tracepoint_synchronize_unregister), one event after the
 * other under global mutexes: 35-150 ms per close.  A short `strobe --
 * CMD` would spend its last milliseconds, and a session on a handful of
 * per-syscall tracepoints most of a second, exiting.
 *
 * By the time these run the programs are inert (the kernel side's
 * `stopped` flag, set first), so a child holds the last references and
 * closes them once strobe has exited, while strobe goes at once.  Until
 * then the programs return at their first instruction.  The child shares
 * strobe's memory (CLONE_VM: nothing is copied, which a fork of strobe's
 * page tables would cost) but has a copy of its fd table, of which it
 * keeps only the fds handed over and the read end of a pipe.  strobe
 * holds the pipe's write end until it exits: the child's read then ends
 * and it closes the rest.  The child does nothing but system calls that
 * cannot fail (errno, in strobe's thread-local storage, stays strobe's),
 * with every signal blocked (a Ctrl-C to the terminal's group does not
 * stop it half-way).  Its exit signal is none; once strobe has gone it
 * is init's to reap.  If the child cannot be made, the fds are closed
 * here.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "session.h"

#define STACK_SIZE (64 << 10)

struct releaser {
	int gate;	/* the pipe's read end */
	int n;
	int fds[];	/* n to close, in order; then n + 1 sorted, with the gate */
};

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static int releaser_main(void *arg)
{
	struct releaser *r = arg;
	const int *keep = r->fds + r->n;
	unsigned from = 0;
	char c;

	syscall(SYS_prctl, PR_SET_NAME, "strobe-release", 0, 0, 0);
	for (int i = 0; i <= r->n; i++) {
		if ((unsigned)keep[i] > from)
			syscall(SYS_close_range, from, keep[i] - 1, 0);
		from = keep[i] + 1;
	}
	syscall(SYS_close_range, from, ~0u, 0);
	/* 0 at EOF: strobe has exited (no signal can interrupt it) */
	while (syscall(SYS_read, r->gate, &c, 1) > 0)
		;
	for (int i = 0; i < r->n; i++)
		syscall(SYS_close, r->fds[i]);
	return 0;
}

void release_at_exit(const int *fds, int n)
{
	size_t need = sizeof(struct releaser) + (2 * n + 1) * sizeof(int);
	struct releaser *r;
	sigset_t all, old;
	int gate[2];
	char *mem;
	pid_t pid;

	if (n <= 0)
		return;
	if (need > STACK_SIZE / 2)
		goto here;
	mem = mmap(NULL, STACK_SIZE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (mem == MAP_FAILED)
		goto here;
	if (pipe2(gate, O_CLOEXEC)) {
		munmap(mem, STACK_SIZE);
		goto here;
	}
	/* the releaser's data at the bottom of its stack's mapping */
	r = (struct releaser *)mem;
	r->gate = gate[0];
	r->n = n;
	memcpy(r->fds, fds, n * sizeof(int));
	memcpy(r->fds + n, fds, n * sizeof(int));
	r->fds[2 * n] = gate[0];
	qsort(r->fds + n, n + 1, sizeof(int), cmp_int);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pid = clone(releaser_main, mem + STACK_SIZE, CLONE_VM, r);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	close(gate[0]);
	if (pid < 0) {
		close(gate[1]);
		munmap(mem, STACK_SIZE);
		goto here;
	}
	/* strobe's copies are not the last: these closes are quick.  The
	 * mapping and gate[1] stay until strobe exits. */
here:
	for (int i = 0; i < n; i++)
		close(fds[i]);
}

void perf_release(const int *fds, int n)
{
	for (int i = 0; i < n; i++)
		ioctl(fds[i], PERF_EVENT_IOC_DISABLE, 0);
	release_at_exit(fds, n);
}
