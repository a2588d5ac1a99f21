// SPDX-License-Identifier: GPL-2.0
/*
 * Arguments that end at the last byte before an unmapped page, as
 * strace's tests put them (tests/e2e.py, test_page_ends_like_strace):
 * strings longer than -s with no NUL before the page ends (shown cut,
 * "..."), strings shorter than that (an address), sockaddrs smaller than
 * the largest a kind reads, an int ioctl argument; and a buffer running
 * past the page end (an address), even past -s (strace reads -s + 1);
 * arrays cut by the page end ("... /\* addr *\/"), socket options read
 * and written at it, memfd_create's name with no NUL; iovec and group
 * arrays of none, or cut by the page end; an fd_set and mincore's
 * vector there; recvfrom with MSG_TRUNC; a siginfo one byte short; an
 * iovec's data of -s bytes before the page end; a too long xattr value;
 * paths of 4095 and 4096 characters; execve's argv and environment
 * with strings it cannot read, cut by the page end, empty, or unreadable.
 */
#include <linux/prctl.h>
#include <poll.h>
#include <signal.h>
#include <sys/sem.h>
#include <linux/seccomp.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/uio.h>
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

	/* execve's argv and environment at a page end (the path does not
	 * exist: ENOENT): strings it cannot read (their pointers), arrays
	 * that run into the page ("... /\* addr *\/", "unterminated"), end
	 * at it, are empty, or cannot be read at all (an address) */
	const char **av = tail_alloc(5 * sizeof(char *)), **ev = tail_alloc(3 * sizeof(char *));
	/* on the stack: a string literal's page may not be mapped yet, and
	 * strobe cannot fault it in where strace can */
	char xpath[] = "/nonexistent/pageends", a0[] = "pageends", a1[] = "first";
	char e0[] = "A=1", e1[] = "B=\n2";

	av[0] = a0;
	av[1] = a1;
	av[2] = (char *)-1L;
	av[3] = (char *)-2L;
	av[4] = (char *)-3L;
	ev[0] = e0;
	ev[1] = e1;
	ev[2] = (char *)-1L;
	syscall(SYS_execve, xpath, av, ev);
	av[4] = NULL;
	ev[2] = NULL;
	syscall(SYS_execve, xpath, av + 2, ev);
	syscall(SYS_execve, xpath, av + 4, ev + 2);
	syscall(SYS_execve, xpath, av + 5, ev + 3);
	syscall(SYS_execve, xpath, NULL, NULL);

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
	/* iovec arrays: none ("[]", nothing read), the second iovec past
	 * the page end, a write's data (no limit from the result); groups
	 * cut by the page end, or more than NGROUPS_MAX (an address) */
	struct iovec *iov = tail_alloc(sizeof(*iov));
	gid_t *gids = tail_alloc(sizeof(*gids));

	iov->iov_base = p3;
	iov->iov_len = 3;
	syscall(SYS_writev, -1, iov + 1, 0);
	syscall(SYS_writev, -1, iov, 2);
	syscall(SYS_pwritev, -1, iov + 1, 0, 0, 0);
	syscall(SYS_preadv, -1, iov, 2, 0, 0);
	syscall(SYS_process_vm_readv, getpid(), iov + 1, 0, iov + 1, 0, 0);
	syscall(SYS_process_vm_writev, -1, iov, 2, iov, 1, 0);
	syscall(SYS_process_madvise, -1, iov + 1, 0, MADV_PAGEOUT, 0);
	syscall(SYS_process_madvise, -1, iov, 2, MADV_COLD, 0);
	*gids = -1;
	syscall(SYS_setgroups, 2, gids);
	syscall(SYS_setgroups, 0, gids + 1);
	syscall(SYS_setgroups, 65537, gids);
	/* an fd_set of 64 fds in the 8 bytes before the page end (and one
	 * of 65 fds there: an address), mincore's vector there, a datagram
	 * longer than the buffer (MSG_TRUNC: the buffer's length shown) */
	uint64_t *set = tail_alloc(8);
	struct timeval *tv = tail_alloc(sizeof(*tv));
	int dg[2];

	socketpair(AF_UNIX, SOCK_DGRAM, 0, dg);
	*set = 1ull << dg[0];
	tv->tv_sec = tv->tv_usec = 0;
	syscall(SYS_select, dg[0] + 1, set, 0, 0, tv);
	*set = 1ull << dg[0];
	syscall(SYS_select, 65, set, 0, 0, tv);
	syscall(SYS_mincore, tail_alloc(4096), 4096, tail_alloc(1));
	send(dg[1], "AB", 2, 0);
	recvfrom(dg[0], tail_alloc(1), 1, MSG_TRUNC, NULL, NULL);
	/* a siginfo strace reads whole (128 bytes): one byte short of it is
	 * an address; -1 as si_errno (unsigned) and si_uid (-1) */
	siginfo_t *si = tail_alloc(sizeof(*si));

	memset(si, 0xff, sizeof(*si));
	si->si_signo = SIGUSR1;
	si->si_code = SI_QUEUE;
	si->si_pid = getpid();
	syscall(SYS_pidfd_send_signal, -1, SIGUSR2, si, -1);
	syscall(SYS_pidfd_send_signal, -1, SIGUSR2, (char *)si + 1, 0);
	/* an iovec's data longer than -s: strace reads -s + 1 bytes of it
	 * (32 readable: an address; 33: cut); a longer xattr value than the
	 * kernel takes (an address) */
	struct iovec *big = tail_alloc(sizeof(*big));

	big->iov_base = tail_alloc(33);
	fill(big->iov_base, 33);
	big->iov_len = -1;
	syscall(SYS_writev, -1, big, 1);
	big->iov_base = (char *)big->iov_base + 1;
	syscall(SYS_writev, -1, big, 1);
	syscall(SYS_fsetxattr, -1, "user.x", big->iov_base, 65537, 1);
	/* a path of 4095 characters and its NUL (whole), and of 4096 (cut) */
	char *path = tail_alloc(4096);

	memset(path, '/', 4096);
	syscall(SYS_chdir, path);
	path[4095] = 0;
	syscall(SYS_chdir, path);
	return fd < 0;
}
