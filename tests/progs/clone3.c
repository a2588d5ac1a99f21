/* SPDX-License-Identifier: GPL-2.0 */
/* clone3 with the flags above 32 bits: a child that starts with its
 * signal handlers reset (CLONE_CLEAR_SIGHAND), waited for. */
#define _GNU_SOURCE
#include <linux/sched.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	struct clone_args ca;
	long pid;

	memset(&ca, 0, sizeof(ca));
	ca.flags = CLONE_CLEAR_SIGHAND;
	ca.exit_signal = SIGCHLD;
	pid = syscall(SYS_clone3, &ca, sizeof(ca));
	if (pid == 0)
		_exit(3);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return 0;
}
