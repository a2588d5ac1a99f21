// SPDX-License-Identifier: GPL-2.0
/*
 * fds used after a thread of the process has come and gone: -y must still
 * know what they refer to (the fd table is the process's, not the
 * thread's).  Also dup2 onto an fd that was not open, which shows no path
 * for it (it had none when the call was made).
 */
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

static void *idle(void *arg)
{
	return arg;
}

int main(void)
{
	pthread_t th;
	int fd;

	fd = open("/dev/null", O_WRONLY);
	dup2(fd, 6);
	pthread_create(&th, NULL, idle, NULL);
	pthread_join(th, NULL);
	dup2(fd, 8);
	write(8, "x", 1);
	fd = openat(AT_FDCWD, "/etc/hostname", O_RDONLY);
	close(fd);
	return 0;
}
