// SPDX-License-Identifier: GPL-2.0
/* The waiting calls on a pipe, ready and not: poll, ppoll, select,
 * pselect6, epoll_ctl and epoll_wait/epoll_pwait, with timeouts that
 * expire and fds that are ready, for comparison with strace. */
#define _GNU_SOURCE
#include <poll.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	int p[2], q[2], ep;
	struct pollfd fds[3];
	struct timespec ts = { 0, 1000000 };
	struct timeval tv = { 0, 1000 };
	struct epoll_event ev = { .events = EPOLLIN | EPOLLET, .data.u64 = 7 }, out[4];
	sigset_t mask;
	fd_set rd, wr;

	if (pipe(p) || pipe(q))
		return 1;
	fds[0] = (struct pollfd){ .fd = p[0], .events = POLLIN };
	fds[1] = (struct pollfd){ .fd = q[1], .events = POLLOUT | POLLPRI };
	fds[2] = (struct pollfd){ .fd = -1, .events = POLLIN };
	poll(fds, 3, 0);			/* only the write end ready */
	poll(fds, 1, 1);			/* times out */
	if (write(p[1], "x", 1) != 1)
		return 1;
	poll(fds, 3, -1);
	ppoll(fds, 1, &ts, NULL);
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	ppoll(fds, 2, NULL, &mask);
	FD_ZERO(&rd);
	FD_ZERO(&wr);
	FD_SET(p[0], &rd);
	FD_SET(q[0], &rd);
	FD_SET(q[1], &wr);
	select(q[1] + 1, &rd, &wr, NULL, &tv);
	FD_ZERO(&rd);
	FD_SET(q[0], &rd);
	tv = (struct timeval){ 0, 1000 };	/* select wrote back what was left */
	select(q[0] + 1, &rd, NULL, NULL, &tv);	/* times out */
	tv = (struct timeval){ 0, 1000 };
	select(0, &rd, NULL, NULL, &tv);	/* no fds: the set's address */
	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	pselect(p[0] + 1, &rd, NULL, NULL, &ts, &mask);
	ep = epoll_create1(EPOLL_CLOEXEC);
	epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev);
	ev.events = EPOLLOUT;
	ev.data.u64 = 0x100000002ULL;
	epoll_ctl(ep, EPOLL_CTL_ADD, q[1], &ev);
	epoll_wait(ep, out, 4, 0);
	epoll_pwait(ep, out, 4, 1, &mask);
	epoll_ctl(ep, EPOLL_CTL_DEL, q[1], NULL);
	epoll_ctl(ep, EPOLL_CTL_MOD, 99, &ev);	/* EBADF */
	poll(NULL, 0, 1);
	/* the old select, with a timeval (glibc's select uses pselect6) */
	tv = (struct timeval){ 0, 1000 };
	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	syscall(SYS_select, p[0] + 1, &rd, NULL, NULL, &tv);
	return 0;
}
