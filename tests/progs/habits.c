// SPDX-License-Identifier: GPL-2.0
/*
 * Small habits of strace's that everyday programs meet: a signal handler
 * with SA_INTERRUPT and no restorer, SIG_IGN and SIG_DFL; epoll_ctl's
 * EPOLL_CTL_DEL (its event is ignored: an address); setgroups with no
 * groups; libcap's capget probe (version 0, which the kernel rewrites);
 * close_range's fds; F_GETFD's answer; socket addresses, for -xx.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <netinet/in.h>
#include <signal.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

struct ksa {
	unsigned long handler, flags, restorer, mask;
};

static void on_usr1(int sig)
{
	(void)sig;
}

int main(void)
{
	struct ksa a = { (unsigned long)on_usr1, 0x20000000 | 0x04000000 | 0x80000000ul, 0, 0 };
	struct __user_cap_header_struct hd = { 0, 0 };
	struct epoll_event ev = { EPOLLIN, { .u64 = 7 } };
	struct sockaddr_in sin = { .sin_family = AF_INET };
	struct sockaddr_in6 sin6 = { .sin6_family = AF_INET6 };
	gid_t none[1];
	int e, p[2], fd, s;

	syscall(SYS_rt_sigaction, SIGUSR1, &a, NULL, 8);
	a.handler = 1;		/* SIG_IGN */
	syscall(SYS_rt_sigaction, SIGUSR2, &a, NULL, 8);
	a.handler = 0;		/* SIG_DFL */
	syscall(SYS_rt_sigaction, SIGUSR2, &a, NULL, 8);
	syscall(SYS_capget, &hd, NULL);
	e = epoll_create1(0);
	pipe(p);
	epoll_ctl(e, EPOLL_CTL_ADD, p[0], &ev);
	epoll_ctl(e, EPOLL_CTL_DEL, p[0], &ev);
	setgroups(0, none);
	fd = open("/dev/null", O_RDONLY);
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	fcntl(fd, F_GETFD);
	fcntl(fd, F_SETFD, 0);
	fcntl(fd, F_GETFD);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	inet_pton(AF_INET, "127.0.0.1", &sin.sin_addr);
	bind(s, (struct sockaddr *)&sin, sizeof(sin));
	s = socket(AF_INET6, SOCK_DGRAM, 0);
	inet_pton(AF_INET6, "::1", &sin6.sin6_addr);
	bind(s, (struct sockaddr *)&sin6, sizeof(sin6));
	syscall(SYS_close_range, fd, fd + 10, 0);
	return 0;
}
