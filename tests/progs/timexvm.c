// SPDX-License-Identifier: GPL-2.0
/*
 * adjtimex and clock_adjtime that read the clock's state and change
 * nothing (modes 0 and ADJ_OFFSET_SS_READ; the others are refused: no
 * adjustment for CLOCK_MONOTONIC, an unknown clock); process_vm_readv and
 * process_vm_writev on this process's own memory, and refused ones.
 */
#define _GNU_SOURCE
#include <string.h>
#include <sys/syscall.h>
#include <sys/timex.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	char a[8] = "abcdefg", b[8] = "1234567";
	struct iovec l = { b, 4 }, r = { a, 4 }, l2[2] = { { b, 2 }, { b + 2, 3 } };
	struct iovec many[24];
	struct timex t;

	memset(&t, 0, sizeof(t));
	syscall(SYS_adjtimex, &t);
	t.modes = ADJ_OFFSET_SS_READ;
	syscall(SYS_adjtimex, &t);
	memset(&t, 0, sizeof(t));
	syscall(SYS_clock_adjtime, CLOCK_REALTIME, &t);
	t.modes = ADJ_OFFSET | ADJ_FREQUENCY;
	syscall(SYS_clock_adjtime, CLOCK_MONOTONIC, &t);
	syscall(SYS_clock_adjtime, 77, &t);
	syscall(SYS_adjtimex, NULL);

	syscall(SYS_process_vm_readv, getpid(), &l, 1, &r, 1, 0);
	syscall(SYS_process_vm_writev, getpid(), l2, 2, &r, 1, 0);
	syscall(SYS_process_vm_readv, 999999, &l, 1, &r, 1, 0);
	syscall(SYS_process_vm_readv, getpid(), &l, 1, &r, 1, 5);
	for (int i = 0; i < 24; i++)
		many[i] = (struct iovec){ a + i % 8, 1 };
	syscall(SYS_process_vm_writev, getpid(), l2, 2, many, 24, 0);
	syscall(SYS_process_vm_readv, getpid(), &l, 1, NULL, 1, 0);
	return 0;
}
