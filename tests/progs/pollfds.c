// SPDX-License-Identifier: GPL-2.0
/*
 * poll, ppoll, select and pselect6 on a pipe, a file and a file already
 * unlinked (in the directory argv[1]): -y shows each fd's path inside the
 * arrays and sets given, not in the answer.  It waits a little at the end,
 * so that /proc still has the pipe when the lines are printed.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <sys/select.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char path[4096];
	int p[2], fd, gone;
	struct timespec ts = { 0, 0 };
	struct timeval tv = { 0, 0 };
	fd_set r, w;

	if (argc < 2)
		return 1;
	snprintf(path, sizeof(path), "%s/gone", argv[1]);
	pipe(p);
	write(p[1], "x", 1);
	fd = open("/etc/hostname", O_RDONLY);
	gone = open(path, O_CREAT | O_RDWR, 0600);
	unlink(path);
	struct pollfd pf[3] = { { p[0], POLLIN, 0 }, { fd, POLLIN, 0 }, { gone, POLLOUT, 0 } };
	poll(pf, 3, 0);
	ppoll(pf, 3, &ts, NULL);
	FD_ZERO(&r);
	FD_ZERO(&w);
	FD_SET(p[0], &r);
	FD_SET(fd, &r);
	FD_SET(gone, &w);
	select(gone + 1, &r, &w, NULL, &tv);
	FD_ZERO(&r);
	FD_SET(fd, &r);
	pselect(fd + 1, &r, NULL, NULL, &ts, NULL);
	usleep(300000);
	return 0;
}
