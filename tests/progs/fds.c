/* Fds and what they refer to, for -y: a relative open after chdir, an
 * openat relative to a directory fd, dup2, F_DUPFD_CLOEXEC, open_tree of
 * a directory fd itself (AT_EMPTY_PATH: the new fd is the same
 * directory's), pidfd_getfd of a child's stdout (a device: the child is
 * gone by the time the line is printed), and writes to the inherited
 * stdout.  Everything stays open long enough to be read. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_open_tree
#define SYS_open_tree 428
#endif
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef SYS_pidfd_getfd
#define SYS_pidfd_getfd 438
#endif

int main(void)
{
	char buf[64];
	int fd, dir, d2, d3, t, pfd[2], pidfd;
	pid_t child;

	if (chdir("/etc"))
		return 1;
	fd = open("hostname", O_RDONLY);
	dir = open("/usr/share", O_RDONLY | O_DIRECTORY);
	d2 = openat(dir, "doc", O_RDONLY | O_DIRECTORY);
	if (fd < 0 || dir < 0 || d2 < 0)
		return 1;
	dup2(fd, 10);
	d3 = fcntl(10, F_DUPFD_CLOEXEC, 20);
	if (read(d3, buf, sizeof(buf)) < 0 || write(1, "x\n", 2) != 2)
		return 1;
	close(d3);
	t = syscall(SYS_open_tree, dir, "", AT_EMPTY_PATH);
	close(t);
	/* flags the kernel refuses: their names (EINVAL) */
	syscall(SYS_open_tree, -1, "", AT_SYMLINK_NOFOLLOW | AT_REMOVEDIR | AT_SYMLINK_FOLLOW);
	close(10);
	/* a child's fd 1: the inherited stdout, then the child exits */
	if (pipe(pfd))
		return 1;
	child = fork();
	if (child == 0) {
		close(pfd[1]);
		_exit(read(pfd[0], buf, 1) != 0);
	}
	close(pfd[0]);
	pidfd = syscall(SYS_pidfd_open, child, 0);
	t = syscall(SYS_pidfd_getfd, pidfd, 1, 0);
	close(pfd[1]);
	waitpid(child, NULL, 0);
	close(t);
	close(pidfd);
	close(d2);
	close(dir);
	close(fd);
	return 0;
}
