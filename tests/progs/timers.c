// SPDX-License-Identifier: GPL-2.0
/* Clocks, timers, sleeps, resource usage and memory calls, with their
 * structs and flags, for comparison with strace. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct itimerspec its = { { 0, 0 }, { 5, 0 } }, old;
	struct itimerval itv = { { 0, 0 }, { 3, 500 } }, oitv;
	struct timespec ts;
	struct timeval tv;
	struct rusage ru;
	struct tms tm;
	timer_t tid;
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	cpu_set_t set;
	char *p;
	int fd;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	clock_getres(CLOCK_REALTIME, &ts);
	syscall(SYS_gettimeofday, &tv, NULL);
	fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	timerfd_settime(fd, 0, &its, &old);
	timerfd_gettime(fd, &old);
	setitimer(ITIMER_REAL, &itv, &oitv);
	getitimer(ITIMER_REAL, &oitv);
	setitimer(ITIMER_REAL, &(struct itimerval){ 0 }, NULL);
	syscall(SYS_timer_create, CLOCK_MONOTONIC, &sev, &tid);
	/* time() with its date; membarrier's commands, QUERY's answer */
	syscall(SYS_time, NULL);
	syscall(SYS_time, &tv.tv_sec);
	syscall(SYS_membarrier, 0, 0, 0);
	syscall(SYS_membarrier, 16, 0, 0);	/* REGISTER_PRIVATE_EXPEDITED */
	syscall(SYS_membarrier, 1 << 20, 0, 0);	/* EINVAL */
	/* sigev_value shown only when not 0, whatever the notification */
	sev = (struct sigevent){ .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGALRM };
	syscall(SYS_timer_create, CLOCK_REALTIME, &sev, &tid);
	sev = (struct sigevent){ .sigev_notify = SIGEV_NONE, .sigev_value.sival_int = 7 };
	syscall(SYS_timer_create, CLOCK_MONOTONIC, &sev, &tid);
	ts = (struct timespec){ 0, 1000 };
	nanosleep(&ts, NULL);
	clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
	getrusage(RUSAGE_SELF, &ru);
	times(&tm);
	sched_getaffinity(0, sizeof(set), &set);
	sched_yield();
	p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	msync(p, 4096, MS_ASYNC | MS_INVALIDATE);
	mlock(p, 4096);
	munlock(p, 4096);
	madvise(p, 4096, MADV_DONTNEED);
	mprotect(p, 4096, PROT_READ);
	p = mremap(p, 8192, 16384, MREMAP_MAYMOVE);
	munmap(p, 16384);
	umask(022);
	alarm(0);
	return 0;
}
