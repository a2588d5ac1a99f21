/* SPDX-License-Identifier: GPL-2.0 */
/* POSIX and open-file-description record locks: fcntl's struct flock as
 * given (F_SETLK*) and as answered (F_GETLK, with l_pid), a conflict seen
 * from a child, a bad address. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	char path[] = "/tmp/strobe-locks-XXXXXX";
	int fd = mkstemp(path);
	struct flock l = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 5 };
	struct flock g = { .l_type = F_RDLCK, .l_whence = SEEK_CUR, .l_start = 1, .l_len = 0 };
	pid_t pid;

	if (fd < 0)
		return 1;
	unlink(path);
	fcntl(fd, F_SETLK, &l);
	fcntl(fd, F_SETLKW, &l);
	fcntl(fd, F_GETLK, &g);
	g.l_pid = 0;
	fcntl(fd, F_OFD_GETLK, &g);
	l.l_pid = 0;
	fcntl(fd, F_OFD_SETLK, &l);	/* EAGAIN: our own POSIX lock conflicts */
	fcntl(fd, F_SETLK, (void *)8);	/* EFAULT: the address */
	pid = fork();
	if (pid == 0) {			/* the parent's lock, with its pid */
		struct flock h = { .l_type = F_WRLCK, .l_whence = SEEK_SET };

		fcntl(fd, F_GETLK, &h);
		_exit(h.l_type == F_WRLCK ? 0 : 1);
	}
	waitpid(pid, NULL, 0);
	l.l_type = F_UNLCK;
	fcntl(fd, F_SETLK, &l);
	return 0;
}
