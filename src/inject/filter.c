// SPDX-License-Identifier: GPL-2.0
/*
 * The seccomp filter strobe builds for -e inject=, in classic BPF:
 *
 *   not x86_64                          -> allow
 *   the command's own execve            -> notify (the hand-over, below)
 *   clone(CLONE_PTRACE), when asked      -> notify (strobe's probes attach
 *                                           at the first call it hears of)
 *   for each injected call: nr == N     -> errno (unconditional) or notify
 *   anything else                       -> allow
 *
 * An unselected call costs the arch test and one compare per injected
 * call.  Installing it needs CAP_SYS_ADMIN or no_new_privs; strobe sets
 * no_new_privs only when it lacks the capability, so setuid programs keep
 * working under a root strobe (strace --seccomp-bpf sets it always).
 *
 * The hand-over: the listener fd exists only in the process that installs
 * the filter, and is closed at its exec.  Every call the child makes after
 * installing it is subject to the user's rules (a write could be failed or
 * held), so the child says which fd number the listener will get before
 * installing it (the lowest free one: nothing else opens between), and
 * then execs.  That execve, recognised by its two pointer arguments, goes
 * to strobe: the child waits in it until strobe has taken the listener
 * with pidfd_getfd and answers "continue".  The same pointers in a later
 * execve of another image only cost a round trip to strobe.
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/sched.h>
#include <linux/seccomp.h>

#include "inject.h"

#ifndef SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV
#define SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (1UL << 5)
#endif

#define X32_SYSCALL_BIT 0x40000000
#define INJ_RULE_INSNS (2 * INJ_NR_MAX + 1)
#define OFF_NR offsetof(struct seccomp_data, nr)
#define OFF_ARCH offsetof(struct seccomp_data, arch)
#define OFF_ARG(i, hi) (offsetof(struct seccomp_data, args) + 8 * (i) + 4 * (hi))

#define LD(off) (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (off))
#define JEQ(k, t, f) (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (k), (t), (f))
#define JSET(k, t, f) (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, (k), (t), (f))
#define JGE(k, t, f) (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, (k), (t), (f))
#define RET(k) (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, (k))

int inject_build_filter(const struct inject_child *c, void **prog, int *len)
{
	/* the fixed part, then at most 3 per range of unnamed numbers (one
	 * per two numbers at worst), then 2 per injected call and the end */
	int cap = 40 + 3 * (INJ_NR_MAX / 2 + 1) + INJ_RULE_INSNS;
	struct sock_filter *f = calloc(cap, sizeof(*f));
	int n = 0;

	if (!f)
		return -ENOMEM;
	f[n++] = LD(OFF_ARCH);
	f[n++] = JEQ(AUDIT_ARCH_X86_64, 1, 0);
	f[n++] = RET(SECCOMP_RET_ALLOW);
	f[n++] = LD(OFF_NR);
	f[n++] = JEQ(__NR_execve, 0, 9);
	f[n++] = LD(OFF_ARG(0, 0));
	f[n++] = JEQ((uint32_t)c->exec_path, 0, 7);
	f[n++] = LD(OFF_ARG(0, 1));
	f[n++] = JEQ((uint32_t)(c->exec_path >> 32), 0, 5);
	f[n++] = LD(OFF_ARG(1, 0));
	f[n++] = JEQ((uint32_t)c->exec_argv, 0, 3);
	f[n++] = LD(OFF_ARG(1, 1));
	f[n++] = JEQ((uint32_t)(c->exec_argv >> 32), 0, 1);
	f[n++] = RET(SECCOMP_RET_USER_NOTIF);
	f[n++] = LD(OFF_NR);
	/* x32 calls are neither traced nor injected */
	f[n++] = JGE(X32_SYSCALL_BIT, 0, 1);
	f[n++] = RET(SECCOMP_RET_ALLOW);
	if (c->lazy && c->lazy->clone_ptrace && !c->io->rule[__NR_clone].on) {
		f[n++] = JEQ(__NR_clone, 0, 4);
		f[n++] = LD(OFF_ARG(0, 0));
		f[n++] = JSET(CLONE_PTRACE, 0, 1);
		f[n++] = RET(SECCOMP_RET_USER_NOTIF);
		f[n++] = RET(SECCOMP_RET_ALLOW);
	}
	/* ...and the unnamed numbers, by ranges: nr in [a, b] */
	for (int a = 0; c->lazy && a < INJ_NR_MAX; a++) {
		int b = a;

		if (!((c->lazy->unknown[a / 64] >> (a % 64)) & 1))
			continue;
		while (b + 1 < INJ_NR_MAX && ((c->lazy->unknown[(b + 1) / 64] >> ((b + 1) % 64)) & 1))
			b++;
		if (n + 3 > cap - INJ_RULE_INSNS)
			break;	/* not reached: the bound counts every range */
		f[n++] = JGE(a, 0, 2);
		f[n++] = JGE(b + 1, 1, 0);
		f[n++] = RET(SECCOMP_RET_USER_NOTIF);
		a = b;
	}
	for (int nr = 0; nr < INJ_NR_MAX; nr++) {
		const struct inject_rule *r = &c->io->rule[nr];

		if (!r->on)
			continue;
		f[n++] = JEQ(nr, 0, 1);
		if (inject_in_filter(r, c->io->filter_fails))
			f[n++] = RET(SECCOMP_RET_ERRNO |
				     (r->has_error ? (r->error & SECCOMP_RET_DATA) : 0));
		else
			f[n++] = RET(SECCOMP_RET_USER_NOTIF);
	}
	f[n++] = RET(SECCOMP_RET_ALLOW);
	*prog = f;
	*len = n;
	return 0;
}

static bool has_sys_admin(void)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d))
		return false;
	return d[CAP_SYS_ADMIN / 32].effective & (1u << (CAP_SYS_ADMIN % 32));
}

static void report(int fd, int kind, int value)
{
	struct inj_msg m = { .kind = kind, .value = value };

	if (write(fd, &m, sizeof(m)) != sizeof(m))
		_exit(127);
}

int inject_child_install(void *prog, int len, int report_fd)
{
	struct sock_fprog fp = { .len = len, .filter = prog };
	int next, fd;

	next = fcntl(report_fd, F_DUPFD_CLOEXEC, 0);
	if (next < 0) {
		report(report_fd, INJ_MSG_ERR, errno);
		return -1;
	}
	close(next);
	report(report_fd, INJ_MSG_FD, next);
	if (!has_sys_admin() && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) {
		report(report_fd, INJ_MSG_ERR, errno);
		return -1;
	}
	fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
		     SECCOMP_FILTER_FLAG_NEW_LISTENER | SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV,
		     &fp);
	if (fd < 0) {
		/* no filter: this write is not subject to one */
		report(report_fd, INJ_MSG_ERR, errno);
		return -1;
	}
	return 0;
}
