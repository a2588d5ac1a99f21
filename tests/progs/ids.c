// SPDX-License-Identifier: GPL-2.0
/*
 * Calls whose results are ids, and an exit_group that -e inject= may make
 * fail (tests/e2e.py, test_injected_results_like_strace): raw syscalls,
 * so that libc's caches do not hide them.
 */
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	syscall(SYS_getpid);
	syscall(SYS_getppid);
	syscall(SYS_gettid);
	syscall(SYS_getpgrp);
	syscall(SYS_getpgid, 0);
	syscall(SYS_getsid, 0);
	syscall(SYS_getuid);
	syscall(SYS_getegid);
	syscall(SYS_setfsuid, -1);
	/* returns only when made to fail */
	syscall(SYS_exit_group, 42);
	return 0;
}
