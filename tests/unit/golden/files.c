// SPDX-License-Identifier: GPL-2.0
/* The file-family calls whose strace lines tests/unit/test_format_files.c
 * holds: run it under strace 6.1 (see README in this folder). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#define BAD ((void *)0x1000)

int main(void)
{
	char buf[256];
	struct stat st;
	struct statfs sfs;
	struct timespec ts[2] = { { 1, 0 }, { 0, UTIME_OMIT } };
	struct open_how how = { .flags = O_RDONLY | O_CLOEXEC, .resolve = RESOLVE_NO_SYMLINKS };
	int fd, p[2];

	fd = syscall(SYS_openat, AT_FDCWD, "/etc/hostname", O_RDONLY | O_CLOEXEC);
	syscall(SYS_read, fd, buf, 4);
	syscall(SYS_pread64, fd, buf, 3, 2);
	syscall(SYS_fstat, fd, &st);
	syscall(SYS_lseek, fd, -2, SEEK_END);
	syscall(SYS_close, fd);
	syscall(SYS_read, fd, buf, 4);
	syscall(SYS_open, "/nonexistent/file", O_WRONLY | O_CREAT | O_TRUNC, 0640);
	syscall(SYS_open, NULL, O_RDONLY);
	syscall(SYS_open, BAD, O_RDONLY);
	syscall(SYS_write, -1, "hello\n\tworld\1\377", 14);
	syscall(SYS_write, -1, "0123456789abcdefghijklmnopqrstuvwxyzABCDEF", 42);
	syscall(SYS_write, -1, BAD, 5);
	syscall(SYS_stat, "/", &st);
	syscall(SYS_stat, "/nonexistent", &st);
	syscall(SYS_newfstatat, AT_FDCWD, "/dev/null", &st, AT_SYMLINK_NOFOLLOW);
	syscall(SYS_statx, AT_FDCWD, "/", AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, BAD);
	syscall(SYS_statfs, "/nonexistent", &sfs);
	syscall(SYS_access, "/etc/passwd", R_OK | W_OK);
	syscall(SYS_faccessat2, AT_FDCWD, "x", F_OK, AT_EACCESS | AT_SYMLINK_NOFOLLOW);
	syscall(SYS_fcntl, -1, F_SETFD, FD_CLOEXEC);
	syscall(SYS_fcntl, -1, F_GETFL);
	syscall(SYS_fcntl, -1, F_DUPFD_CLOEXEC, 10);
	syscall(SYS_fcntl, -1, F_SETFL, O_RDWR | O_NONBLOCK | O_APPEND);
	syscall(SYS_dup3, -1, 5, O_CLOEXEC);
	syscall(SYS_pipe2, p, O_CLOEXEC | O_NONBLOCK);
	syscall(SYS_write, p[1], "x", 1);
	syscall(SYS_ioctl, -1, 0x5401, BAD);
	syscall(SYS_ioctl, -1, 0x5413, BAD);
	syscall(SYS_flock, -1, LOCK_EX | LOCK_NB);
	syscall(SYS_renameat2, AT_FDCWD, "a", -1, "b", RENAME_NOREPLACE | RENAME_WHITEOUT);
	syscall(SYS_setxattr, "/nonexistent", "user.x", "12", 2, XATTR_CREATE);
	syscall(SYS_inotify_init1, IN_NONBLOCK | IN_CLOEXEC);
	syscall(SYS_inotify_add_watch, -1, "/tmp", IN_CREATE | IN_DELETE | IN_ONLYDIR);
	syscall(SYS_eventfd2, 3, EFD_CLOEXEC | EFD_SEMAPHORE);
	syscall(SYS_memfd_create, "strobe", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	syscall(SYS_openat2, -1, "a", &how, sizeof(how));
	syscall(SYS_utimensat, -1, "a", ts, AT_SYMLINK_NOFOLLOW);
	syscall(SYS_mknodat, AT_FDCWD, "/nonexistent/dev", S_IFCHR | 0600, makedev(1, 3));
	syscall(SYS_mknod, "/nonexistent/fifo", S_IFIFO | 0644, 0);
	syscall(SYS_mkdir, "/nonexistent/d", 0755);
	syscall(SYS_umask, 022);
	syscall(SYS_truncate, "/nonexistent", 4096);
	syscall(SYS_getcwd, buf, sizeof(buf));
	syscall(SYS_getdents64, -1, buf, sizeof(buf));
	syscall(SYS_sync_file_range, -1, 0, 4096, SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE);
	syscall(SYS_splice, -1, NULL, -1, NULL, 4096, SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
	syscall(SYS_fadvise64, -1, 0, 0, POSIX_FADV_SEQUENTIAL);
	syscall(SYS_mount, "none", "/nonexistent", "tmpfs", MS_RDONLY | MS_NOSUID, "size=1m");
	syscall(SYS_umount2, "/nonexistent", MNT_DETACH | UMOUNT_NOFOLLOW);
	return 0;
}
