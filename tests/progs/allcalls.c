// SPDX-License-Identifier: GPL-2.0
/*
 * Make every system call number once, none of them for real: a seccomp
 * filter fails each call whose first argument is MAGIC with ENOSYS before
 * the kernel runs it.  A tracer that stops at syscall entry (strace) still
 * sees each one, so `strace -e trace=%CLASS allcalls` lists the calls
 * strace puts in %CLASS (scripts/strace-classes.py, tests/e2e_cli.py).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAGIC 0x5eccfa11u
#define LAST_NR 470

int main(void)
{
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, MAGIC, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(filter) / sizeof(filter[0]), filter };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		perror("allcalls: seccomp");
		return 1;
	}
	for (long nr = 0; nr <= LAST_NR; nr++) {
		/* uretprobe and uprobe: seccomp lets them through, and outside
		 * a probe's trampoline they kill with SIGILL */
		if (nr == 335 || nr == 336)
			continue;
		syscall(nr, MAGIC, MAGIC, MAGIC, MAGIC, MAGIC, MAGIC);
	}
	return 0;
}
