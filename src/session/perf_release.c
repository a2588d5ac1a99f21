// SPDX-License-Identifier: GPL-2.0
/*
 * Detaching programs from tracepoint perf events without waiting.
 *
 * Detaching a BPF program from a perf event waits for an RCU tasks-trace
 * grace period, and the event's last close unregisters it and waits for
 * more (tracepoint_synchronize_unregister), one event after the other
 * under global mutexes: measured 35-150 ms per close here, so a session on
 * a handful of per-syscall tracepoints would spend most of a second
 * exiting.  By the time this runs the programs are inert (the kernel
 * side's `stopped` flag, set first), so a child, left to init, holds the
 * last references and closes them, links first, while strobe exits at
 * once.  Until the child is done, the programs return at their first
 * instruction.  If the child cannot be made, they are closed here.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "session.h"

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* In the grandchild: keep only fds[] and the pipe's read end. */
static void close_others(int *fds, int n, int keep)
{
	int from = 0;

	fds[n] = keep;
	qsort(fds, n + 1, sizeof(*fds), cmp_int);
	for (int i = 0; i <= n; i++) {
		if (fds[i] > from)
			close_range(from, fds[i] - 1, 0);
		from = fds[i] + 1;
	}
	close_range(from, ~0u, 0);
}

void perf_release(const int *fds, int n)
{
	int *mine, gate[2];
	pid_t pid;
	char c;

	if (n <= 0)
		return;
	for (int i = 0; i < n; i++)
		ioctl(fds[i], PERF_EVENT_IOC_DISABLE, 0);
	/* twice: close_others sorts its copy, the closes keep this order */
	mine = malloc(2 * (n + 1) * sizeof(*mine));
	if (!mine || pipe2(gate, O_CLOEXEC)) {
		free(mine);
		goto here;
	}
	for (int i = 0; i < n; i++)
		mine[i] = mine[n + 1 + i] = fds[i];
	pid = fork();
	if (pid == 0) {
		/* a grandchild, so that init reaps it, not strobe */
		signal(SIGINT, SIG_IGN);
		signal(SIGHUP, SIG_IGN);
		if (fork() != 0)
			_exit(0);
		prctl(PR_SET_NAME, "strobe-release");
		close(gate[1]);
		close_others(mine + n + 1, n, gate[0]);
		/* strobe's copies first: the last close is the slow one */
		while (read(gate[0], &c, 1) < 0 && errno == EINTR)
			;
		for (int i = 0; i < n; i++)
			close(mine[i]);
		_exit(0);
	}
	free(mine);
	close(gate[0]);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	for (int i = 0; i < n; i++)
		close(fds[i]);
	close(gate[1]);		/* now the grandchild closes the last copies */
	return;
here:
	for (int i = 0; i < n; i++)
		close(fds[i]);
}
