// SPDX-License-Identifier: GPL-2.0
/* Process and signal calls with their structs and flags: alternate signal
 * stacks, waiting for signals, signalfd, queued signals, process groups,
 * priorities, ids, scheduling, waitid (of a child that exits, and of one
 * that stops), for comparison with strace. */
#define _GNU_SOURCE
#include <linux/capability.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void on_usr1(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
}

int main(void)
{
	static char altstack[16384];
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) }, old;
	struct sigaction sa = { .sa_sigaction = on_usr1,
				.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART | SA_NODEFER };
	struct timespec ts = { 0, 1000000 };
	struct sched_param sp;
	struct __user_cap_header_struct ch = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct cd[2];
	siginfo_t si;
	sigset_t set;
	uid_t r, e, s;
	gid_t groups[8];
	pid_t child;
	int fd;

	sigaltstack(&ss, &old);
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigtimedwait(&set, &si, &ts);			/* EAGAIN */
	fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
	syscall(SYS_tgkill, getpid(), gettid(), SIGUSR1);
	kill(getpid(), 0);
	memset(&si, 0, sizeof(si));
	si.si_code = SI_QUEUE;
	si.si_pid = getpid();
	syscall(SYS_rt_sigqueueinfo, getpid(), SIGUSR2, &si);
	sigtimedwait(&set, &si, &ts);
	close(fd);
	setpgid(0, 0);
	getpgid(0);
	getsid(0);
	setpriority(PRIO_PROCESS, 0, 5);
	getpriority(PRIO_PROCESS, 0);
	getresuid(&r, &e, &s);
	getgroups(8, groups);
	syscall(SYS_capget, &ch, cd);
	sched_getscheduler(0);
	sched_getparam(0, &sp);
	setrlimit(RLIMIT_NOFILE, &(struct rlimit){ 1024, 4096 });
	child = fork();
	if (child == 0)
		_exit(3);
	waitid(P_PID, child, &si, WEXITED);
	/* a child that stops: -Y names it in waitid's siginfo too */
	child = fork();
	if (child == 0) {
		raise(SIGSTOP);
		_exit(0);
	}
	waitid(P_PID, child, &si, WSTOPPED);
	kill(child, SIGKILL);
	waitid(P_PID, child, &si, WEXITED);
	return 0;
}
