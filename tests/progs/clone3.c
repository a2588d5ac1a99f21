/* SPDX-License-Identifier: GPL-2.0 */
/* clone3: a child that starts with its signal handlers reset
 * (CLONE_CLEAR_SIGHAND, a flag above 32 bits) and gives a pidfd and its
 * tid back (" => {pidfd=[N], parent_tid=[N]}"), waited for; then calls
 * that fail with what strace shows of them: set_tid's pids, a cgroup
 * without its flag, an exit signal of 64 bits, unknown flags, a size
 * too small, a larger size whose tail is not zero (E2BIG) or not
 * readable (EFAULT: "???"). */
#define _GNU_SOURCE
#include <linux/sched.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	struct clone_args ca;
	int pidfd = -1, ptid = 0, tids[2] = { 1, 2 };
	long pid;
	char *page, *big;

	memset(&ca, 0, sizeof(ca));
	ca.flags = CLONE_CLEAR_SIGHAND | CLONE_PIDFD | CLONE_PARENT_SETTID;
	ca.pidfd = (unsigned long)&pidfd;
	ca.parent_tid = (unsigned long)&ptid;
	ca.exit_signal = SIGCHLD;
	pid = syscall(SYS_clone3, &ca, sizeof(ca));
	if (pid == 0)
		_exit(3);
	if (pid > 0)
		waitpid(pid, NULL, 0);

	memset(&ca, 0, sizeof(ca));
	ca.exit_signal = SIGCHLD;
	ca.set_tid = (unsigned long)tids;
	ca.set_tid_size = 2;
	syscall(SYS_clone3, &ca, sizeof(ca));		/* EINVAL: one pid namespace */
	memset(&ca, 0, sizeof(ca));
	ca.cgroup = 0xfacefeedbadc0dedull;
	ca.exit_signal = 0xdeadc0deull;
	syscall(SYS_clone3, &ca, sizeof(ca));		/* EINVAL: the signal */
	ca.cgroup = 0;
	ca.exit_signal = 250;
	ca.flags = 0xdec0deac0040007full;
	syscall(SYS_clone3, &ca, 64);			/* EINVAL */
	syscall(SYS_clone3, &ca, 56);			/* EINVAL: too small */

	/* two pages, the second unmapped: structs at the end of the first,
	 * of 96 bytes with its last 8 not zero, of 88 bytes (whose cgroup
	 * is those 8) given as 96 */
	page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	munmap(page + 4096, 4096);
	big = page + 4096 - 96;
	memcpy(big + 88, "\xde\xc0\xad\xde\xed\xfe\xce\xfa", 8);
	syscall(SYS_clone3, big, 96);			/* E2BIG: the tail */
	syscall(SYS_clone3, page + 4096 - 88, 96);	/* EFAULT: "???" */
	return 0;
}
