// SPDX-License-Identifier: GPL-2.0
/*
 * Flag arguments with a bit no flag table knows (tests/e2e.py,
 * test_unknown_flag_bits_like_strace): strace shows such a value alone
 * with the family's "???" in a comment ("0x40000000 /\* EFD_??? *\/"), and
 * after known flags bare ("EFD_CLOEXEC|0x40000000").  Every call fails.
 * Then values strace 6.1 decodes its own way: the *at calls' flag tables,
 * NUMA modes, 64-bit protections and pkey rights, MAP_TYPE, Landlock's.
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

	syscall(SYS_faccessat, -1, 0, 8);
	syscall(SYS_faccessat2, -1, 0, 0, 1);
	syscall(SYS_faccessat2, -1, 0, 0, ~0U);
	syscall(SYS_linkat, -1, 0, -1, 0, ~0U);
	syscall(SYS_unlinkat, -1, 0, ~0U);
	syscall(SYS_utimensat, -1, 0, 0, 0x200);
	syscall(SYS_statx, -1, 0, ~0U, 0, 0);
	syscall(SYS_fanotify_init, 0xeface004, 0);
	syscall(SYS_fanotify_mark, -1, 0, 0, -1, 0);
	syscall(SYS_mbind, 0, 0, 0xe003UL, 0, 0, ~0U);
	syscall(SYS_mbind, 0, 0, ~0UL, 0, 0, 0);
	syscall(SYS_set_mempolicy, 0xffff1fffU, 0, 0);
	syscall(SYS_get_mempolicy, 0, 0, 0, 0, ~7UL);
	syscall(SYS_pkey_alloc, 0, 0xdec0dedUL);
	syscall(SYS_pkey_alloc, 0xbadc0ded00000000UL, 0xbadc0ded00000002UL);
	syscall(SYS_pkey_mprotect, 0, 0, 0xdeadfeed00ca7500UL, -1);
	syscall(SYS_remap_file_pages, 0, 0, 0xdefaced00000000UL, 0, 0x5404401fUL);
	syscall(SYS_memfd_create, 0, ~0U);
	syscall(SYS_landlock_create_ruleset, 0, 0, 0xbadcaffeU);
	syscall(SYS_landlock_add_rule, -1, 2, 0, 1);
	syscall(SYS_landlock_restrict_self, -1, ~0U);
	syscall(SYS_io_destroy, 0xface1e55deadbeefUL);
	syscall(SYS_mount, 0, 0, 0, 0x4000200UL, 0);
	syscall(SYS_mount, 0, 0, 0, 0x200UL, 0);
	syscall(SYS_mount, 0, 0, 0, 0xc0ed000fUL, 0);
	syscall(SYS_swapon, 0, 0x8000 | 42);
	syscall(SYS_swapon, 0, ~0U);
	syscall(SYS_mknod, 0, 0177777, 0);
	syscall(SYS_mknod, 0, 040006, 0);
	syscall(SYS_ustat, ~0U, 0);
	syscall(SYS_statx, -1, 0, 0x2000, 0xffffc000U, 0);
	syscall(SYS_openat, -1, 0, 0x100000);
	syscall(SYS_lookup_dcookie, 0, 0, 0);
	return 0;
}
