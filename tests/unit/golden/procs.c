// SPDX-License-Identifier: GPL-2.0
/* Process, signal, memory and time calls whose strace lines
 * tests/unit/test_format_procs.c and test_format_mem_time.c hold.  With an
 * argument: exec'd by itself, exits with that code. */
#define _GNU_SOURCE
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/timerfd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BAD ((void *)0x1000)
#define SA_RESTORER 0x04000000

struct ksigaction { void *handler; unsigned long flags; void *restorer; unsigned long mask; };

static void on_usr1(int s) { (void)s; }

int main(int argc, char **argv)
{
	char *args[] = { argv[0], "7", NULL }, *env[] = { "A=1", "HOME=/root", NULL };
	struct ksigaction sa = { on_usr1, SA_RESTORER | SA_RESTART, (void *)0x7f0000001000, 1ul << (SIGUSR2 - 1) };
	unsigned long set = 1ul << (SIGINT - 1) | 1ul << (SIGTERM - 1), old;
	struct timespec ts = { 0, 1000000 }, r;
	struct rlimit64 { unsigned long cur, max; } rl = { 1024, 4096 }, orl;
	struct rusage ru;
	struct tms tms;
	struct utsname un;
	struct itimerval itv = { { 0, 0 }, { 0, 500000 } };
	struct timeval tv;
	int st, pid;

	if (argc > 1)
		return atoi(argv[1]);
	syscall(SYS_rt_sigaction, SIGUSR1, &sa, NULL, 8);
	syscall(SYS_rt_sigaction, SIGUSR1, NULL, &sa, 8);
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, &set, &old, 8);
	syscall(SYS_rt_sigprocmask, SIG_SETMASK, &old, NULL, 8);
	signal(SIGUSR1, on_usr1);
	syscall(SYS_kill, getpid(), SIGUSR1);
	syscall(SYS_tgkill, getpid(), getpid(), 0);
	syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, NULL, &orl);
	syscall(SYS_prlimit64, 0, RLIMIT_CORE, &rl, NULL);
	syscall(SYS_getpriority, PRIO_PROCESS, 0);
	syscall(SYS_sched_getscheduler, 0);
	syscall(SYS_personality, 0xffffffff);
	syscall(SYS_arch_prctl, 0x1001, BAD);
	syscall(SYS_mmap, NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	syscall(SYS_mmap, BAD, 4096, PROT_NONE, MAP_SHARED | MAP_FIXED, 5, 0x2000);
	syscall(SYS_mprotect, BAD, 4096, PROT_READ | PROT_EXEC);
	syscall(SYS_munmap, BAD, 4096);
	syscall(SYS_madvise, BAD, 4096, MADV_DONTNEED);
	syscall(SYS_msync, BAD, 4096, MS_SYNC | MS_INVALIDATE);
	syscall(SYS_mremap, BAD, 4096, 8192, MREMAP_MAYMOVE);
	syscall(SYS_mlockall, MCL_CURRENT | MCL_FUTURE);
	syscall(SYS_brk, NULL);
	syscall(SYS_nanosleep, &ts, NULL);
	syscall(SYS_nanosleep, BAD, NULL);
	syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	syscall(SYS_clock_getres, CLOCK_REALTIME, &r);
	syscall(SYS_getrusage, RUSAGE_SELF, BAD);
	syscall(SYS_times, BAD);
	syscall(SYS_uname, BAD);
	syscall(SYS_setitimer, ITIMER_REAL, &itv, NULL);
	syscall(SYS_setitimer, ITIMER_REAL, NULL, NULL);
	syscall(SYS_getitimer, ITIMER_PROF, BAD);
	syscall(SYS_gettimeofday, BAD, NULL);
	syscall(SYS_timerfd_create, CLOCK_BOOTTIME, TFD_NONBLOCK | TFD_CLOEXEC);
	syscall(SYS_getrandom, BAD, 16, GRND_NONBLOCK | GRND_RANDOM);
	(void)ru; (void)tms; (void)un; (void)tv;
	pid = fork();
	if (pid == 0) {
		syscall(SYS_execve, argv[0], args, env);
		_exit(1);
	}
	syscall(SYS_wait4, pid, &st, 0, NULL);
	pid = fork();
	if (pid == 0) {
		raise(SIGTERM);
		_exit(1);
	}
	syscall(SYS_wait4, -1, &st, WNOHANG | __WALL, NULL);
	syscall(SYS_wait4, -1, &st, 0, NULL);
	syscall(SYS_execve, "/nonexistent", args, env);
	syscall(SYS_exit_group, 3);
	return 0;
}
