// SPDX-License-Identifier: GPL-2.0
/* File system calls beyond open/read/write: links, renames, modes, owners,
 * times, locks, allocation, copies, notifications, event and memory fds,
 * with failures, for comparison with strace.  Works in a directory it
 * makes under /tmp and removes. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	char dir[] = "/tmp/strobe-files-XXXXXX", a[64], b[64], c[64], buf[64];
	struct timespec ts[2] = { { 1, 0 }, { 0, UTIME_OMIT } };
	struct open_how how = { .flags = O_RDONLY | O_CLOEXEC, .resolve = RESOLVE_NO_SYMLINKS };
	int fd, fd2, in, ev, mfd;

	if (!mkdtemp(dir) || chdir(dir))
		return 1;
	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(b, sizeof(b), "%s/b", dir);
	snprintf(c, sizeof(c), "%s/c", dir);
	fd = open(a, O_CREAT | O_RDWR | O_TRUNC, 0640);
	if (write(fd, "0123456789", 10) != 10)
		return 1;
	fchmod(fd, 0600);
	chmod(a, 0644);
	fchown(fd, 0, 0);
	fchownat(AT_FDCWD, "a", 0, 0, AT_SYMLINK_NOFOLLOW);
	ftruncate(fd, 5);
	fallocate(fd, 0, 0, 4096);
	fsync(fd);
	fdatasync(fd);
	flock(fd, LOCK_EX | LOCK_NB);
	flock(fd, LOCK_UN);
	utimensat(AT_FDCWD, "a", ts, 0);
	link(a, b);
	symlink("a", c);
	readlink(c, buf, sizeof(buf));
	rename(b, "d");
	renameat2(AT_FDCWD, "d", AT_FDCWD, "e", RENAME_NOREPLACE);
	unlink("e");
	mkdir("sub", 0755);
	rmdir("sub");
	unlinkat(AT_FDCWD, "nothing", AT_REMOVEDIR);
	fd2 = syscall(SYS_openat2, AT_FDCWD, "a", &how, sizeof(how));
	lseek(fd, 0, SEEK_SET);
	sendfile(fd2 >= 0 ? fd2 : fd, fd, NULL, 0);
	copy_file_range(fd, NULL, fd, NULL, 0, 0);
	setxattr(a, "user.x", "1", 1, XATTR_CREATE);
	getxattr(a, "user.x", buf, sizeof(buf));
	in = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	inotify_add_watch(in, dir, IN_CREATE | IN_DELETE);
	ev = eventfd(3, EFD_CLOEXEC | EFD_NONBLOCK);
	mfd = memfd_create("strobe", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	fcntl(mfd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW);
	dup3(ev, 20, O_CLOEXEC);
	faccessat(AT_FDCWD, "a", R_OK | W_OK, AT_EACCESS);
	mknodat(AT_FDCWD, "fifo", S_IFIFO | 0600, 0);
	unlink("fifo");
	truncate("nothing", 0);
	unlink(c);
	unlink(a);
	chdir("/");
	rmdir(dir);
	return 0;
}
