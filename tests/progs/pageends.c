// SPDX-License-Identifier: GPL-2.0
/*
 * Arguments that end at the last byte before an unmapped page, as
 * strace's tests put them (tests/e2e.py, test_page_ends_like_strace):
 * strings longer than -s with no NUL before the page ends (shown cut,
 * "..."), strings shorter than that (an address), sockaddrs smaller than
 * the largest a kind reads, an int ioctl argument; and a buffer running
 * past the page end (an address), even past -s (strace reads -s + 1);
 * arrays cut by the page end ("... /\* addr *\/"), socket options read
 * and written at it, memfd_create's name with no NUL.
 */
#include <linux/prctl.h>
#include <poll.h>
#include <sys/sem.h>
#include <linux/seccomp.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/* n bytes that end where an unmapped page begins */
static void *tail_alloc(size_t n)
{
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		_exit(1);
	munmap(p + 4096, 4096);
	return p + 4096 - n;
}

static void fill(char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		p[i] = '0' + i % 10;
}

int main(void)
{
	struct sockaddr_un addr = { AF_UNIX, "pageends.socket" };
	char *s33 = tail_alloc(33), *s5 = tail_alloc(5), *s40 = tail_alloc(40);
	struct sockaddr_un *sa = tail_alloc(sizeof(*sa) - 2);
	socklen_t *len = tail_alloc(sizeof(*len));
	int *on = tail_alloc(sizeof(*on));
	char *p3 = tail_alloc(3);
	int l, c, fd;

	fill(s33, 33);
	fill(s5, 5);
	fill(s40, 40);
	s40[39] = 0;
	syscall(SYS_delete_module, s33, 0);	/* "0123...01"... */
	syscall(SYS_delete_module, s5, 0);	/* an address */
	syscall(SYS_delete_module, s40, 0);	/* ends in its NUL */
	s33[32] = 0;
	syscall(SYS_delete_module, s33, 0);

	unlink(addr.sun_path);
	l = socket(AF_UNIX, SOCK_STREAM, 0);
	bind(l, (struct sockaddr *)&addr, sizeof(addr));
	listen(l, 1);
	c = socket(AF_UNIX, SOCK_STREAM, 0);
	connect(c, (struct sockaddr *)&addr, sizeof(addr));
	*len = sizeof(*sa) - 2;
	fd = accept(l, (struct sockaddr *)sa, len);
	*len = sizeof(*sa) - 2;
	getsockname(l, (struct sockaddr *)sa, len);
	*len = sizeof(*sa) - 2;
	getpeername(c, (struct sockaddr *)sa, len);
	/* room for the family only: "[2 => 18]" and no more of the address */
	memset(sa, 'A', sizeof(*sa) - 2);
	*len = 2;
	getsockname(l, (struct sockaddr *)sa, len);
	unlink(addr.sun_path);
	/* what prctl and seccomp write, at a page end */
	syscall(SYS_prctl, PR_GET_TSC, tail_alloc(sizeof(int)));
	memcpy(s5 = tail_alloc(1), "f", 1);	/* a name with no NUL: an address */
	syscall(SYS_prctl, PR_SET_NAME, s5);
	/* 15 characters and the page ends: strace shows them, cut */
	memcpy(s5 = tail_alloc(15), "123456789abcdef", 15);
	syscall(SYS_prctl, PR_SET_NAME, s5);
	syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, tail_alloc(3 * sizeof(uint16_t)));

	*on = 1;
	ioctl(c, FIONBIO, on);
	memcpy(p3, "abc", 3);
	write(-1, p3, 3);
	write(-1, p3, 10);
	/* 32 readable bytes of 33: strace reads -s + 1 of them, and fails */
	fill(s40 = tail_alloc(32), 32);
	write(-1, s40, 33);
	write(-1, s40, 32);
	syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, tail_alloc(12), 0);

	/* arrays whose second element is past the page end */
	struct pollfd *pfd = tail_alloc(sizeof(*pfd));
	struct sembuf *sb = tail_alloc(sizeof(*sb));

	pfd->fd = -5;
	syscall(SYS_poll, pfd, 2, 0);
	syscall(SYS_poll, pfd, 0, 0);		/* "[]" */
	memset(sb, 0xa5, sizeof(*sb));
	syscall(SYS_semop, -1, sb, 2);
	/* an int option at the page end, with a longer length */
	*on = 1;
	setsockopt(c, SOL_SOCKET, SO_DEBUG, on, 5);
	setsockopt(c, SOL_SOCKET, SO_DEBUG, on, 3);
	*len = 0;
	getsockopt(c, SOL_SOCKET, SO_ERROR, on, len);
	*len = 3;
	getsockopt(c, SOL_SOCKET, SO_ERROR, on, len);
	*len = 3;
	getsockopt(c, SOL_SOCKET, SO_LINGER, tail_alloc(8), len);
	/* memfd_create reads 250 bytes of a name: none is a NUL here */
	fill(s40 = tail_alloc(250), 250);
	syscall(SYS_memfd_create, s40, 0);
	return fd < 0;
}
