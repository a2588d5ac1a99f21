// SPDX-License-Identifier: GPL-2.0
/*
 * Numbers as the kernel reads them (tests/e2e.py, test_numbers_like_strace):
 * int arguments passed with garbage in the register's upper half (strace's
 * own tests do this on purpose: "0xfacefeed00000000 | fd"), unsigned
 * fields that hold "negative" values, prctl options that read an int.
 * Every call here fails harmlessly or changes nothing.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/prctl.h>
#include <linux/seccomp.h>
#include <linux/futex.h>
#include <linux/module.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define HI 0xfacefeed00000000ULL

int main(void)
{
	uint64_t cookie = 0xdeadc0debadc0dedULL;
	struct sigevent sev;
	struct timespec ts = { 1, (long)0xbadc0dedfacefeedULL }, two[2] = { { 1, -5 }, { 2, -7 } };
	struct timeval tv = { 1, (long)0xbadc0dedfacefeedULL };
	struct itimerval it = { { 1, -5 }, { 2, -7 } };
	int tid;
	long long off;

	/* int arguments: the low 32 bits; modes: the low 16 */
	syscall(SYS_close, HI | 0xffffffffu);
	syscall(SYS_dup3, HI | 0xffffffffu, HI | 300, HI | O_CLOEXEC);
	syscall(SYS_umask, 0xffff0000u | 022);
	syscall(SYS_umask, 022);
	syscall(SYS_fchmod, HI | 0xffffffffu, 0xdead0000u | 0644);
	syscall(SYS_mkdirat, HI | 0xffffffffu, "/nonexistent/x", HI | 0755);
	syscall(SYS_openat, HI | (unsigned)AT_FDCWD, "/nonexistent/x", HI | O_RDONLY);
	syscall(SYS_faccessat, HI | (unsigned)AT_FDCWD, "/nonexistent/x", HI | R_OK);
	syscall(SYS_getpriority, HI | 0, HI | 0);
	syscall(SYS_flock, HI | 0xffffffffu, HI | 1);
	syscall(SYS_lseek, HI | 0xffffffffu, 5, HI | SEEK_END);
	syscall(SYS_fcntl, HI | 0xffffffffu, HI | F_GETFD);
	syscall(SYS_setns, HI | 0xffffffffu, HI | 0x40000000);
	syscall(SYS_clock_gettime, HI | 0x1234, 0);
	syscall(SYS_kill, HI | (unsigned)getpid(), HI | 0);
	/* delete_module's flags by name, unknown ones with strace's comment */
	syscall(SYS_delete_module, 0, HI | O_NONBLOCK);
	syscall(SYS_delete_module, 0, 0xfacef157u & ~(O_NONBLOCK | O_TRUNC));
	syscall(SYS_delete_module, 0, -1L);
	/* seccomp's op and flags are unsigned ints */
	syscall(SYS_seccomp, -1L, -1L, 0xfacefeeddeadbeefULL);
	syscall(SYS_seccomp, HI | SECCOMP_GET_NOTIF_SIZES, 0xdeadbeef00000000ULL | 0xdeadbeef, 0);
	/* prctl: the options that read an int */
	syscall(SYS_prctl, PR_SET_TSC, 0xdeadc0defacebeefULL);
	syscall(SYS_prctl, PR_SET_PTRACER, 0xffffffffULL);
	syscall(SYS_prctl, PR_SET_PTRACER, HI | 5);
	syscall(SYS_prctl, PR_SET_TIMERSLACK, -5L);
	syscall(SYS_prctl, PR_SET_MM, HI | 1, 2, 3, 4);
	/* prctl options strace shows one argument of, or all in hex */
	syscall(SYS_prctl, PR_SET_UNALIGN, 3, -128L, 0xfffffffbUL, 0);
	syscall(SYS_prctl, PR_SET_FP_MODE, 0, 0xdecafeedbeefda7eULL, 1, 2);
	syscall(SYS_prctl, PR_SET_ENDIAN, 7, 1, 2, 3);
	syscall(SYS_prctl, PR_GET_ENDIAN, NULL, 0xdeadbeefbadc0dedULL, 0, 0x73);
	syscall(SYS_prctl, PR_MCE_KILL_GET, 0xaaaa, 0xbbbb, 0xcccc, 0xdddd);
	syscall(SYS_prctl, PR_CAP_AMBIENT, 0xff, 0xaaaa, 0, 0);
	syscall(SYS_prctl, PR_SET_PDEATHSIG, 0xbadc0dedfacefeedULL);
	syscall(SYS_prctl, PR_SET_SECCOMP, -1L, 1, 2, 3);
	syscall(SYS_prctl, PR_SET_PTRACER, 0xbadc0dedffffffffULL);
	/* clock ids, pidfd flags strace 6.1 names */
	syscall(SYS_clock_settime, HI | CLOCK_MONOTONIC, NULL);
	syscall(SYS_pidfd_getfd, 0, 0, 0xbadc0ded);
	syscall(SYS_pidfd_open, 0, 0xffffffffu);
	/* flag tables of their own: waitid's WSTOPPED, finit_module's,
	 * memfd_secret's; futex_waitv's clock; sendfile's offset unsigned */
	syscall(SYS_waitid, P_PID, 0x7fffffff, NULL, WNOHANG | WEXITED | WSTOPPED, NULL);
	syscall(SYS_wait4, 0x7fffffff, NULL, WNOHANG | WSTOPPED, NULL);
	syscall(SYS_finit_module, -1, "", MODULE_INIT_IGNORE_VERMAGIC);
	syscall(SYS_memfd_secret, 0xde97faceu);
	syscall(SYS_futex_waitv, NULL, 1, 0xffffffffu, NULL, CLOCK_MONOTONIC);
	off = (long long)0xcafef00dbadc0dedULL;
	syscall(SYS_sendfile, -1, -1, &off, 1);
	syscall(SYS_clock_settime, CLOCK_THREAD_CPUTIME_ID, &ts);
	for (unsigned op = 0; op < 5; op++)
		for (unsigned t = 0; t < 5; t++)
			syscall(SYS_prctl, 62 /* PR_SCHED_CORE */, HI | op, HI | (unsigned)getpid(),
				HI | t, op & 1 ? NULL : &cookie);
	/* unsigned fields: nanoseconds and microseconds, a signal number a
	 * sigevent does not send */
	memset(&sev, 0, sizeof(sev));
	sev.sigev_signo = (int)0xfacefeedu;
	for (int n = 0; n < 5; n++) {
		sev.sigev_notify = n;
		syscall(SYS_timer_create, CLOCK_MONOTONIC, &sev, &tid);
	}
	sev.sigev_signo = SIGUSR1;
	sev.sigev_notify = 3;
	syscall(SYS_timer_create, CLOCK_MONOTONIC, &sev, &tid);
	syscall(SYS_nanosleep, &ts, NULL);
	syscall(SYS_select, 0, 0, 0, 0, &tv);
	syscall(SYS_settimeofday, &tv, 0);
	syscall(SYS_setitimer, ITIMER_REAL, &it, 0);
	syscall(SYS_utimensat, AT_FDCWD, "/nonexistent", two, 0);
	syscall(SYS_ppoll, 0, 0, two, 0, 8);
	return 0;
}
