// SPDX-License-Identifier: GPL-2.0
/*
 * Flag arguments with a bit no flag table knows (tests/e2e.py,
 * test_unknown_flag_bits_like_strace): strace shows such a value alone
 * with the family's "???" in a comment ("0x40000000 /\* EFD_??? *\/"), and
 * after known flags bare ("EFD_CLOEXEC|0x40000000").  Every call fails.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define U 0x40000000UL

int main(void)
{
	syscall(SYS_fcntl, -1, F_NOTIFY, U);
	syscall(SYS_userfaultfd, U);
	syscall(SYS_fsopen, 0, U);
	syscall(SYS_open_tree, -1, 0, U);
	syscall(SYS_flock, -1, U);
	syscall(SYS_renameat2, -1, 0, -1, 0, U);
	syscall(SYS_setxattr, 0, 0, 0, 0, U);
	syscall(SYS_inotify_init1, U);
	syscall(SYS_inotify_add_watch, -1, 0, 0x10000000);
	syscall(SYS_eventfd2, 0, U);
	syscall(SYS_fcntl, -1, F_ADD_SEALS, U);
	syscall(SYS_mlock2, 0, 0, U);
	syscall(SYS_mlockall, U);
	syscall(SYS_pidfd_open, 0, U);
	syscall(SYS_umount2, 0, U);
	syscall(SYS_sync_file_range, -1, 0, 0, U);
	syscall(SYS_epoll_create1, U);
	syscall(SYS_pipe2, 0, U);
	syscall(SYS_dup3, -1, -1, U);
	syscall(SYS_fcntl, -1, F_NOTIFY, U|1);
	syscall(SYS_eventfd2, 0, U|O_CLOEXEC);
	return 0;
}
