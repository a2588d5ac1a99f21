// SPDX-License-Identifier: GPL-2.0
/*
 * io_uring's three calls as strace decodes them: io_uring_setup's params
 * (what the process sets: each setup flag, the SQ thread's CPU, wq_fd,
 * reserved words; what the kernel fills in on success), io_uring_enter's
 * flags and signal mask, io_uring_register's opcodes (on a bad fd, so
 * that nothing is registered).  Nothing is submitted.
 */
#include <linux/io_uring.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	struct io_uring_params p;
	sigset_t s;
	long fd;

	memset(&p, 0, sizeof(p));
	fd = syscall(SYS_io_uring_setup, 8, &p);
	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_CQSIZE | IORING_SETUP_CLAMP;
	p.cq_entries = 64;
	syscall(SYS_io_uring_setup, 4, &p);
	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_ATTACH_WQ;
	p.wq_fd = fd;
	syscall(SYS_io_uring_setup, 4, &p);
	/* each flag alone (0 entries: refused), unknown ones too */
	for (int f = 0; f < 16; f++) {
		memset(&p, 0, sizeof(p));
		p.flags = 1u << f;
		p.sq_thread_cpu = f;
		p.sq_thread_idle = 100 * f;
		p.resv[2] = f == 3 ? 9 : 0;
		syscall(SYS_io_uring_setup, 0, &p);
	}
	syscall(SYS_io_uring_setup, 4, NULL);
	syscall(SYS_io_uring_setup, 4, (void *)16);

	sigemptyset(&s);
	sigaddset(&s, SIGINT);
	syscall(SYS_io_uring_enter, fd, 0, 0, IORING_ENTER_GETEVENTS, NULL, 0);
	syscall(SYS_io_uring_enter, fd, 1, 2, IORING_ENTER_GETEVENTS | IORING_ENTER_SQ_WAKEUP | 0x1000,
		&s, 8);
	syscall(SYS_io_uring_enter, fd, 0, 0, IORING_ENTER_EXT_ARG, &s, 24);
	/* ...a signal set when its size is the kernel's, whatever the flags */
	syscall(SYS_io_uring_enter, 1000, 0, 0, IORING_ENTER_EXT_ARG, &s, 8);
	syscall(SYS_io_uring_enter, 1000, 0, 0, 0, &s, 16);
	for (int f = 0; f < 8; f++)
		syscall(SYS_io_uring_enter, 1000, 0, 0, 1u << f, NULL, 0);
	for (int op = 0; op < 34; op++)
		syscall(SYS_io_uring_register, 1000, op, NULL, 0);
	syscall(SYS_io_uring_register, 1000, 0x80000000u | IORING_REGISTER_PROBE, NULL, 0);
	return 0;
}
