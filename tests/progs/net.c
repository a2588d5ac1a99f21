// SPDX-License-Identifier: GPL-2.0
/* Socket options, scatter/gather I/O and messages with names and control
 * data, on loopback and a socketpair, with failures, for comparison with
 * strace. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <unistd.h>

static void options(void)
{
	int s = socket(AF_INET, SOCK_STREAM, 0), s6 = socket(AF_INET6, SOCK_DGRAM, 0);
	int one = 1, v = 0, big = 65536;
	socklen_t len = sizeof(v);
	struct linger lg = { 1, 5 };
	struct timeval tv = { 2, 500 };
	char cc[16];

	setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	setsockopt(s, SOL_SOCKET, SO_RCVBUF, &big, sizeof(big));
	setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	setsockopt(s, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(s6, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
	setsockopt(s, IPPROTO_IP, IP_TOS, &one, sizeof(one));
	setsockopt(s, SOL_SOCKET, 9999, &one, sizeof(one));		/* ENOPROTOOPT */
	setsockopt(99, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof(one));	/* EBADF */
	getsockopt(s, SOL_SOCKET, SO_TYPE, &v, &len);
	len = sizeof(v);
	getsockopt(s, SOL_SOCKET, SO_ERROR, &v, &len);
	len = 64;
	getsockopt(s, SOL_SOCKET, SO_RCVBUF, &v, &len);
	len = sizeof(lg);
	getsockopt(s, SOL_SOCKET, SO_LINGER, &lg, &len);
	len = sizeof(cc);
	getsockopt(s, IPPROTO_TCP, TCP_CONGESTION, cc, &len);
	close(s);
	close(s6);
}

static int cut_array;

static void vectors(void)
{
	int p[2];
	char a[4], b[8];
	struct iovec out[2] = { { "hello ", 6 }, { "world\n", 6 } };
	struct iovec in[2] = { { a, sizeof(a) }, { b, sizeof(b) } };

	if (pipe(p))
		return;
	writev(p[1], out, 2);
	readv(p[0], in, 2);
	writev(p[1], out, 1);
	readv(p[0], in, 2);
	readv(99, in, 2);	/* EBADF */
	/* at offsets: one 64-bit offset shown (pos_h is not), RWF_ flags */
	pwritev2(p[1], out, 1, -1, RWF_DSYNC | RWF_APPEND);
	preadv(p[0], in, 1, 0);		/* ESPIPE */
	preadv2(p[0], in, 1, -1, RWF_HIPRI);
	pwritev(99, out, 1, 5);		/* EBADF */
	shutdown(99, SHUT_RDWR);	/* EBADF */
	shutdown(p[0], 7);		/* not a socket: ENOTSOCK */
	/* NULL bases: "iov_base=NULL", empty or not (EFAULT) */
	struct iovec nul[2] = { { NULL, 0 }, { b, 2 } };

	writev(p[1], nul, 2);
	nul[0].iov_len = 3;
	writev(p[1], nul, 1);
	/* with "cut": an array whose second element is past an unmapped
	 * page: EFAULT, and -e write= dumps none of it (strace cannot read
	 * the array) */
	char *pg = cut_array ? mmap(NULL, 8192, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) : MAP_FAILED;

	if (pg != MAP_FAILED) {
		struct iovec *cut = (struct iovec *)(pg + 4096 - sizeof(*cut));

		munmap(pg + 4096, 4096);
		*cut = (struct iovec){ b, 2 };
		writev(p[1], cut, 2);
	}
	close(p[0]);
	close(p[1]);
}

static void messages(void)
{
	int sv[2], u = socket(AF_INET, SOCK_DGRAM, 0), r = socket(AF_INET, SOCK_DGRAM, 0);
	struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(40123),
				  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) }, from;
	char buf[64], ctl[CMSG_SPACE(sizeof(int))];
	struct iovec iov[2] = { { "ping", 4 }, { "-pong", 5 } }, rio = { buf, sizeof(buf) };
	struct msghdr m = { .msg_name = &to, .msg_namelen = sizeof(to), .msg_iov = iov,
			    .msg_iovlen = 2 };
	struct cmsghdr *c;
	int fd = 0;

	if (bind(r, (struct sockaddr *)&to, sizeof(to)))
		return;
	sendmsg(u, &m, 0);
	m = (struct msghdr){ .msg_name = &from, .msg_namelen = sizeof(from), .msg_iov = &rio,
			     .msg_iovlen = 1 };
	recvmsg(r, &m, 0);
	recvmsg(r, &m, MSG_DONTWAIT);	/* EAGAIN */
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return;
	m = (struct msghdr){ .msg_iov = iov, .msg_iovlen = 1, .msg_control = ctl,
			     .msg_controllen = sizeof(ctl) };
	c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(fd));
	sendmsg(sv[0], &m, MSG_NOSIGNAL);
	memset(ctl, 0, sizeof(ctl));
	m = (struct msghdr){ .msg_iov = &rio, .msg_iovlen = 1, .msg_control = ctl,
			     .msg_controllen = sizeof(ctl) };
	recvmsg(sv[1], &m, MSG_CMSG_CLOEXEC);
	send(sv[0], "x", 1, MSG_DONTWAIT | MSG_NOSIGNAL);
	recv(sv[1], buf, sizeof(buf), MSG_PEEK);
	recv(sv[1], buf, sizeof(buf), 0);
}

/* several messages in one call, on a datagram socketpair */
static void many(void)
{
	/* the second message: an empty buffer between two (-e write='s dump
	 * stops there), received into two buffers the data spans */
	struct iovec a = { "one", 3 }, b[3] = { { "three", 5 }, { "", 0 }, { "four", 4 } }, c, d[2];
	struct mmsghdr m[2], r[2];
	char x[8], y[4], z[16];
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		return;
	memset(m, 0, sizeof(m));
	m[0].msg_hdr.msg_iov = &a;
	m[0].msg_hdr.msg_iovlen = 1;
	m[1].msg_hdr.msg_iov = b;
	m[1].msg_hdr.msg_iovlen = 3;
	sendmmsg(sv[0], m, 2, 0);
	c = (struct iovec){ x, sizeof(x) };
	d[0] = (struct iovec){ y, sizeof(y) };
	d[1] = (struct iovec){ z, sizeof(z) };
	memset(r, 0, sizeof(r));
	r[0].msg_hdr.msg_iov = &c;
	r[0].msg_hdr.msg_iovlen = 1;
	r[1].msg_hdr.msg_iov = d;
	r[1].msg_hdr.msg_iovlen = 2;
	recvmmsg(sv[1], r, 2, MSG_DONTWAIT, NULL);
	recvmmsg(sv[1], r, 2, MSG_DONTWAIT, NULL);	/* EAGAIN */
	close(sv[0]);
	close(sv[1]);
}

int main(int argc, char **argv)
{
	cut_array = argc > 1 && !strcmp(argv[1], "cut");
	options();
	vectors();
	messages();
	many();
	return 0;
}
