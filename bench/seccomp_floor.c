// SPDX-License-Identifier: GPL-2.0
/*
 * The least any seccomp-based tracer or injector costs a command: a
 * one-rule filter (accept fails with EPERM, everything else is allowed,
 * a result the kernel caches per syscall number), then exec the command.
 * bench/run.py's inject rows put it beside strobe's and strace's: the
 * rest of a tool's cost is its own.  Not a test.
 *
 *   cc -O2 -o /tmp/seccomp_floor bench/seccomp_floor.c
 *   /tmp/seccomp_floor dd if=/dev/zero of=/dev/null bs=1 count=1000k
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_accept, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };

	if (argc < 2) {
		fprintf(stderr, "usage: %s COMMAND [ARG...]\n", argv[0]);
		return 2;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		perror("seccomp_floor: seccomp");
		return 1;
	}
	execvp(argv[1], argv + 1);
	perror("seccomp_floor: exec");
	return 127;
}
