/*
 * fsconfig and -P: the calls that name /dev/full through their value's
 * path or their aux fd, and one whose context fd is /dev/full, which
 * strace's -P does not count.  Each call fails.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/mount.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	int fd = open("/dev/full", O_WRONLY);

	syscall(SYS_fsconfig, fd, FSCONFIG_SET_FLAG, "ro", NULL, 0);
	syscall(SYS_fsconfig, -1, FSCONFIG_SET_PATH, "source", "/dev/full", AT_FDCWD);
	syscall(SYS_fsconfig, -1, FSCONFIG_SET_PATH_EMPTY, "source", "/dev/null", fd);
	syscall(SYS_fsconfig, -1, FSCONFIG_SET_FD, "source", NULL, fd);
	syscall(SYS_fsconfig, -1, FSCONFIG_SET_FD, "source", NULL, 0);
	return 0;
}
