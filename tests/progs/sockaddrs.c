// SPDX-License-Identifier: GPL-2.0
/*
 * Socket addresses of many families (connect on fd -1: EBADF, the address
 * decoded all the same), multicast group options, and control messages
 * sent and received: for comparing strobe's decoding with strace's.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static void addr(const void *p, socklen_t len)
{
	connect(-1, (const struct sockaddr *)p, len);
}

static void families(int devnull)
{
	uint8_t b[128];
	uint16_t u16;
	uint32_t u32;

	memset(b, 0, sizeof(b));			/* AF_PACKET, a big ifindex */
	b[0] = 17;
	b[3] = 3;
	u32 = 0xfacefeed;
	memcpy(b + 4, &u32, 4);
	b[8] = 1;
	b[11] = 6;
	memcpy(b + 12, "abcdef", 6);
	addr(b, 20);

	memset(b, 0, sizeof(b));			/* AF_RXRPC over IPv4 */
	b[0] = 33;
	u16 = 2501;
	memcpy(b + 2, &u16, 2);
	b[4] = 2;
	b[6] = 16;
	b[8] = 2;
	b[10] = 0x1f;
	b[11] = 0x90;
	b[12] = 127;
	b[15] = 1;
	addr(b, 36);
	addr(b, 35);					/* short: its bytes */

	memset(b, 0, sizeof(b));			/* AF_VSOCK */
	b[0] = 40;
	u32 = 1234;
	memcpy(b + 4, &u32, 4);
	b[8] = 2;
	b[12] = 1;
	addr(b, 16);

	memset(b, 0, sizeof(b));			/* AF_XDP, a shared umem fd */
	b[0] = 44;
	b[2] = 1;
	b[4] = 1;
	u32 = devnull;
	memcpy(b + 12, &u32, 4);
	addr(b, 16);

	memset(b, 0, sizeof(b));			/* AF_ALG */
	b[0] = 38;
	memcpy(b + 2, "hash", 4);
	memcpy(b + 24, "sha256", 6);
	addr(b, 88);

	memset(b, 0, sizeof(b));			/* AF_IPX */
	b[0] = 4;
	b[3] = 9;
	memcpy(b + 8, "ABCDEF", 6);
	addr(b, 16);

	memset(b, 0, sizeof(b));			/* AF_QIPCRTR */
	b[0] = 42;
	memset(b + 4, 0xff, 8);
	addr(b, 12);

	memset(b, 0, sizeof(b));			/* AF_MCTP */
	b[0] = 45;
	b[8] = 0xff;
	b[9] = 1;
	addr(b, 12);

	memset(b, 0, sizeof(b));			/* AF_IEEE802154, short address */
	b[0] = 36;
	b[4] = 2;
	b[8] = 0xff;
	b[9] = 0xff;
	b[10] = 0xfe;
	b[11] = 0xff;
	addr(b, 20);
}

static void groups(void)
{
	int s = socket(AF_INET, SOCK_DGRAM, 0);
	struct group_req gr;
	struct sockaddr_in *sin = (struct sockaddr_in *)&gr.gr_group;
	struct ipv6_mreq m6;

	memset(&gr, 0, sizeof(gr));
	gr.gr_interface = if_nametoindex("lo");
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = inet_addr("224.0.0.3");
	setsockopt(s, SOL_IP, MCAST_JOIN_GROUP, &gr, sizeof(gr));
	setsockopt(s, SOL_IP, MCAST_LEAVE_GROUP, &gr, sizeof(gr));
	setsockopt(s, SOL_IP, MCAST_JOIN_GROUP, &gr, sizeof(gr) - 1);
	memset(&m6, 0, sizeof(m6));
	inet_pton(AF_INET6, "ff01::c", &m6.ipv6mr_multiaddr);
	m6.ipv6mr_interface = if_nametoindex("lo");
	setsockopt(s, SOL_IPV6, IPV6_ADD_MEMBERSHIP, &m6, sizeof(m6) - 1);
	setsockopt(s, SOL_IPV6, IPV6_JOIN_ANYCAST, &m6, sizeof(m6));
	close(s);
}

static void controls(int devnull)
{
	union {
		char buf[CMSG_SPACE(3 * sizeof(int))];
		struct cmsghdr align;
	} u;
	char data[] = "x", in[8], room[256];
	struct iovec iov = { data, 1 }, iin = { in, sizeof(in) };
	struct msghdr m = { 0 };
	struct cmsghdr *c;
	int sv[2], fds[3] = { 0, devnull, 2 }, one = 1;

	socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
	memset(&u, 0, sizeof(u));
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = u.buf;
	m.msg_controllen = sizeof(u.buf);
	c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(fds));
	memcpy(CMSG_DATA(c), fds, sizeof(fds));
	sendmsg(sv[0], &m, 0);
	c->cmsg_len = 4096;				/* past the buffer: cut */
	sendmsg(sv[0], &m, 0);

	/* a received timestamp (the new form, 64-bit times) */
	setsockopt(sv[1], SOL_SOCKET, 63 /* SO_TIMESTAMP_NEW */, &one, sizeof(one));
	recvmsg(sv[1], &(struct msghdr){ .msg_iov = &iin, .msg_iovlen = 1 }, 0);
	send(sv[0], "y", 1, 0);
	memset(&m, 0, sizeof(m));
	m.msg_iov = &iin;
	m.msg_iovlen = 1;
	m.msg_control = room;
	m.msg_controllen = sizeof(room);
	recvmsg(sv[1], &m, 0);
	/* sendmmsg that fails: strace shows the messages offered all the same */
	struct mmsghdr mm[2] = { { .msg_hdr = { .msg_iov = &iov, .msg_iovlen = 1 } },
				 { .msg_hdr = { .msg_iov = &iov, .msg_iovlen = 1 } } };

	sendmmsg(-1, mm, 2, MSG_DONTWAIT);
	/* MSG_TRUNC: the result is the datagram's length, past the buffer */
	send(sv[0], "AB", 2, 0);
	recvfrom(sv[1], in, 1, MSG_TRUNC, NULL, NULL);
	close(sv[0]);
	close(sv[1]);

	/* IP's: packet info, ttl, tos, options, the original destination */
	int s = socket(AF_INET, SOCK_DGRAM, 0);
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t al = sizeof(a);

	bind(s, (struct sockaddr *)&a, sizeof(a));
	getsockname(s, (struct sockaddr *)&a, &al);
	setsockopt(s, SOL_IP, IP_PKTINFO, &one, sizeof(one));
	setsockopt(s, SOL_IP, IP_RECVTTL, &one, sizeof(one));
	setsockopt(s, SOL_IP, IP_RECVTOS, &one, sizeof(one));
	setsockopt(s, SOL_IP, IP_RECVOPTS, &one, sizeof(one));
	setsockopt(s, SOL_IP, IP_RECVORIGDSTADDR, &one, sizeof(one));
	sendto(s, "z", 1, 0, (struct sockaddr *)&a, sizeof(a));
	memset(&m, 0, sizeof(m));
	m.msg_iov = &iin;
	m.msg_iovlen = 1;
	m.msg_control = room;
	m.msg_controllen = sizeof(room);
	recvmsg(s, &m, 0);
	close(s);
}

int main(void)
{
	int devnull = open("/dev/null", O_RDWR);

	families(devnull);
	groups();
	controls(devnull);
	return 0;
}
