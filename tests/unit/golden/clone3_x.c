// SPDX-License-Identifier: GPL-2.0
/* clone3 calls whose strace lines, under -e inject=clone3:retval=42 (no
 * child: the result is strace's) default, -X raw and -X verbose,
 * tests/unit/test_format_procs.c holds (clone3_rows). */
#define _GNU_SOURCE
#include <linux/sched.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	struct clone_args ca;
	int pidfd = 0xbadc0ded, ptid = 0xfeedbeef, tids[2] = { 7, 8 };
	char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (page == MAP_FAILED)
		return 1;
	munmap(page + 4096, 4096);
	/* touched: the kernel side cannot fault a page in, and the call
	 * injected does not */
	memset(page, 0, 4096);
	/* 88 bytes readable of 96 */
	syscall(SYS_clone3, page + 4096 - 88, 96);
	memset(&ca, 0, sizeof(ca));
	ca.flags = CLONE_PIDFD | CLONE_PARENT_SETTID;
	ca.pidfd = (unsigned long)&pidfd;
	ca.parent_tid = (unsigned long)&ptid;
	ca.exit_signal = SIGCHLD;
	ca.set_tid = (unsigned long)tids;
	ca.set_tid_size = 2;
	syscall(SYS_clone3, &ca, sizeof(ca));
	return 0;
}
