// SPDX-License-Identifier: GPL-2.0
/*
 * Small habits of strace's that everyday programs meet: a signal handler
 * with SA_INTERRUPT and no restorer, SIG_IGN and SIG_DFL; epoll_ctl's
 * EPOLL_CTL_DEL (its event is ignored: an address); setgroups with no
 * groups; libcap's capget probe (version 0, which the kernel rewrites);
 * close_range's fds; F_GETFD's answer; socket addresses, for -xx.
 * Then flags strace names: fanotify_mark's, the new mount API's (on an
 * fd that does not exist: nothing is mounted), FUTEX_WAKE_OP's
 * operation, mmap's huge page size, a scheduling policy with
 * SCHED_RESET_ON_FORK (this process's own), semop's flags; waitid's
 * siginfo whose times the kernel leaves as they were (all ones).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <linux/futex.h>
#include <linux/mount.h>
#include <linux/prctl.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/fanotify.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <signal.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

struct ksa {
	unsigned long handler, flags, restorer, mask;
};

static void on_usr1(int sig)
{
	(void)sig;
}

static void more_flags(void)
{
	/* strings in writable arrays: pages the process has touched */
	char tmp[] = "/tmp", empty[] = "", key[] = "source", val[] = "/dev/x", blob[] = "abc";
	struct mount_attr ma = { .attr_clr = MOUNT_ATTR__ATIME, .propagation = MS_SLAVE };
	struct sched_param sp = { 0 };
	struct sembuf sb = { 0, 1, IPC_NOWAIT | SEM_UNDO };
	siginfo_t si;
	int u = 0, id;
	pid_t c;

	syscall(SYS_fanotify_mark, 1000, FAN_MARK_ADD | FAN_MARK_MOUNT,
		FAN_CLOSE_WRITE | FAN_OPEN | FAN_ONDIR, AT_FDCWD, tmp);
	syscall(SYS_fanotify_mark, 1000, FAN_MARK_REMOVE | FAN_MARK_FILESYSTEM | 0x8000,
		0x1ffffffffull, 5, NULL);
	syscall(SYS_fsconfig, 1000, FSCONFIG_SET_STRING, key, val, 0);
	syscall(SYS_fsconfig, 1000, FSCONFIG_SET_PATH, key, val, AT_FDCWD);
	syscall(SYS_fsconfig, 1000, FSCONFIG_SET_BINARY, key, blob, 3);
	/* bytes, not a string: a NUL first; a size out of range */
	syscall(SYS_fsconfig, 1000, FSCONFIG_SET_BINARY, key, "\0\1\2", 3);
	syscall(SYS_fsconfig, 1000, FSCONFIG_SET_BINARY, key, blob, -1);
	syscall(SYS_fsconfig, 1000, FSCONFIG_CMD_CREATE, NULL, NULL, 0);
	syscall(SYS_fsconfig, 1000, 77, NULL, NULL, 0);
	syscall(SYS_fsmount, 1000, FSMOUNT_CLOEXEC, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID);
	syscall(SYS_fsmount, 1000, 2, MOUNT_ATTR_NOATIME | 0x1300000);
	syscall(SYS_fspick, AT_FDCWD, tmp, FSPICK_CLOEXEC | FSPICK_EMPTY_PATH | 0x40);
	syscall(SYS_move_mount, 1000, empty, AT_FDCWD, tmp,
		MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_SET_GROUP | 0x1000);
	syscall(SYS_mount_setattr, 1000, empty, AT_EMPTY_PATH | AT_RECURSIVE, &ma, sizeof(ma));
	syscall(SYS_mount_setattr, 1000, empty, 0, &ma, 24);
	/* a larger struct than the kernel's: its tail, zero and not */
	struct { struct mount_attr a; uint64_t more; } big = { .a = ma };

	syscall(SYS_mount_setattr, 1000, empty, 0, &big, sizeof(big));
	big.more = 0x8081828384858687ull;
	syscall(SYS_mount_setattr, 1000, empty, 0, &big, sizeof(big));
	syscall(SYS_futex, &u, FUTEX_WAKE_OP_PRIVATE, 1, 0, &u,
		FUTEX_OP(FUTEX_OP_ADD, 1, FUTEX_OP_CMP_GT, 0));
	syscall(SYS_futex, &u, FUTEX_WAKE_OP, 1, 2, &u, (9u << 28) | (7 << 24));
	syscall(SYS_pkey_mprotect, (void *)0x10000, 4096, PROT_READ, 0);
	mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | 0x800000 | (30u << 26), -1, 0);
	sched_setscheduler(0, SCHED_BATCH | SCHED_RESET_ON_FORK, &sp);
	sched_getscheduler(0);
	sched_setscheduler(0, SCHED_OTHER, &sp);
	sched_getscheduler(0);
	id = semget(IPC_PRIVATE, 1, 0600);
	semop(id, &sb, 1);
	semctl(id, 0, IPC_RMID);
	/* prctl options with arguments of their own (none changes anything
	 * that matters here: the machine-check policy is this process's) */
	prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
	prctl(PR_SET_PTRACER, 1234, 0, 0, 0);
	prctl(PR_MCE_KILL, PR_MCE_KILL_SET, PR_MCE_KILL_EARLY, 0, 0);
	prctl(PR_MCE_KILL, PR_MCE_KILL_CLEAR, 0, 0, 0);
	prctl(PR_MCE_KILL, 7, 7, 0, 0);
	prctl(PR_MCE_KILL_GET, 0, 0, 0, 0);
	prctl(PR_SET_MM, PR_SET_MM_START_CODE, 0, 0, 0);
	prctl(PR_SET_MM, 99, 0, 0, 0);
	prctl(PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS, 0, 0, 0);
	prctl(PR_GET_SPECULATION_CTRL, 7, 0, 0, 0);
	prctl(PR_SET_SECCOMP, SECCOMP_MODE_DISABLED, 0, 0x1234, 0);
	prctl(PR_GET_IO_FLUSHER, 0, 0, 0, 0);
	/* clone writes a pidfd or the child's tid through parent_tid */
	c = syscall(SYS_clone, CLONE_PIDFD | SIGCHLD, NULL, &u, NULL, 0);
	if (!c)
		_exit(0);
	waitpid(c, NULL, 0);
	c = syscall(SYS_clone, CLONE_PARENT_SETTID | SIGCHLD, NULL, &u, NULL, 0);
	if (!c)
		_exit(0);
	waitpid(c, NULL, 0);
	syscall(SYS_clone, CLONE_PIDFD | 0x400000 | SIGCHLD, NULL, (void *)8, NULL, 0);
	c = fork();
	if (!c)
		_exit(3);
	memset(&si, 0xff, sizeof(si));
	waitid(P_PID, c, &si, WEXITED);
}

int main(void)
{
	struct ksa a = { (unsigned long)on_usr1, 0x20000000 | 0x04000000 | 0x80000000ul, 0, 0 };
	struct __user_cap_header_struct hd = { 0, 0 };
	struct epoll_event ev = { EPOLLIN, { .u64 = 7 } };
	struct sockaddr_in sin = { .sin_family = AF_INET };
	struct sockaddr_in6 sin6 = { .sin6_family = AF_INET6 };
	gid_t none[1];
	int e, p[2], fd, s;

	syscall(SYS_rt_sigaction, SIGUSR1, &a, NULL, 8);
	a.handler = 1;		/* SIG_IGN */
	syscall(SYS_rt_sigaction, SIGUSR2, &a, NULL, 8);
	a.handler = 0;		/* SIG_DFL */
	syscall(SYS_rt_sigaction, SIGUSR2, &a, NULL, 8);
	syscall(SYS_capget, &hd, NULL);
	e = epoll_create1(0);
	pipe(p);
	epoll_ctl(e, EPOLL_CTL_ADD, p[0], &ev);
	epoll_ctl(e, EPOLL_CTL_DEL, p[0], &ev);
	setgroups(0, none);
	fd = open("/dev/null", O_RDONLY);
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	fcntl(fd, F_GETFD);
	fcntl(fd, F_SETFD, 0);
	fcntl(fd, F_GETFD);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	inet_pton(AF_INET, "127.0.0.1", &sin.sin_addr);
	bind(s, (struct sockaddr *)&sin, sizeof(sin));
	s = socket(AF_INET6, SOCK_DGRAM, 0);
	inet_pton(AF_INET6, "::1", &sin6.sin6_addr);
	bind(s, (struct sockaddr *)&sin6, sizeof(sin6));
	syscall(SYS_close_range, fd, fd + 10, 0);
	more_flags();
	return 0;
}
