// SPDX-License-Identifier: GPL-2.0
/* A child blocked in pause() while its parent prints: strace splits the
 * child's call (<unfinished ...>, <... pause resumed>); for
 * tests/unit/test_format_procs.c. */
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void on_usr1(int s) { (void)s; }

int main(void)
{
	struct timespec ts = { 0, 100000000 };
	int pid, st;

	signal(SIGUSR1, on_usr1);
	pid = fork();
	if (pid == 0) {
		syscall(SYS_pause);
		_exit(0);
	}
	nanosleep(&ts, NULL);
	kill(pid, SIGUSR1);
	waitpid(pid, &st, 0);
	return 0;
}
