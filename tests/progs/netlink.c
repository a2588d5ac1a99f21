// SPDX-License-Identifier: GPL-2.0
/*
 * Netlink messages on netlink sockets, for tests/e2e.py's
 * test_netlink_messages_like_strace: route requests with attributes (and
 * the kernel's answers: a route lookup, an error ack), sock_diag requests,
 * a netfilter batch, two messages in one buffer, an ack with its capped
 * request, a buffer shorter than a header, and a message running into an
 * unmapped page (strace decodes what it can read, however long, whatever
 * -s says).
 */
#include <arpa/inet.h>
#include <linux/inet_diag.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

static char buf[8192];

/* bound, as strace needs it: it learns a socket's protocol from sock_diag,
 * which lists no netlink socket before it has a port id */
static int nl_socket(int proto)
{
	struct sockaddr_nl a = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW, proto);

	bind(fd, (struct sockaddr *)&a, sizeof(a));
	return fd;
}

static void add_attr(struct nlmsghdr *h, unsigned short type, const void *data, unsigned len)
{
	struct nlattr *a = (struct nlattr *)((char *)h + NLMSG_ALIGN(h->nlmsg_len));

	a->nla_len = NLA_HDRLEN + len;
	a->nla_type = type;
	memcpy((char *)a + NLA_HDRLEN, data, len);
	h->nlmsg_len = NLMSG_ALIGN(h->nlmsg_len) + NLA_ALIGN(a->nla_len);
}

static struct nlmsghdr *start(void *at, unsigned short type, unsigned short flags,
			      const void *s, unsigned len)
{
	struct nlmsghdr *h = at;

	memset(h, 0, NLMSG_SPACE(len));
	h->nlmsg_len = NLMSG_LENGTH(len);
	h->nlmsg_type = type;
	h->nlmsg_flags = flags;
	h->nlmsg_seq = 7;
	memcpy(NLMSG_DATA(h), s, len);
	return h;
}

static void route(void)
{
	int fd = nl_socket(NETLINK_ROUTE);
	struct ifaddrmsg ifa = { .ifa_family = AF_INET, .ifa_prefixlen = 8,
				 .ifa_flags = IFA_F_PERMANENT, .ifa_index = 1 };
	struct rtmsg rt = { .rtm_family = AF_INET, .rtm_dst_len = 32, .rtm_table = RT_TABLE_MAIN,
			    .rtm_protocol = RTPROT_BOOT, .rtm_type = RTN_UNICAST };
	uint32_t flags = IFA_F_SECONDARY | IFA_F_NODAD, oif = 1;
	struct in_addr dst = { htonl(INADDR_LOOPBACK) };
	struct nlmsghdr *h;

	/* an address request the kernel refuses: its error ack, the
	 * request whole in it */
	h = start(buf, RTM_GETADDR, NLM_F_REQUEST | NLM_F_ACK, &ifa, sizeof(ifa));
	add_attr(h, IFA_FLAGS, &flags, sizeof(flags));
	add_attr(h, IFA_LABEL, "lo", 3);
	sendto(fd, h, h->nlmsg_len, 0, NULL, 0);
	recvfrom(fd, buf, sizeof(buf), MSG_DONTWAIT, NULL, NULL);

	/* a route request with two attributes */
	h = start(buf, RTM_GETROUTE, NLM_F_REQUEST, &rt, sizeof(rt));
	add_attr(h, RTA_DST, &dst, sizeof(dst));
	add_attr(h, RTA_OIF, &oif, sizeof(oif));
	sendto(fd, h, h->nlmsg_len, MSG_DONTWAIT, NULL, 0);
	close(fd);
}

static void sock_diag(void)
{
	int fd = nl_socket(NETLINK_SOCK_DIAG);
	struct unix_diag_req u = { .sdiag_family = AF_UNIX, .udiag_states = -1,
				   .udiag_show = UDIAG_SHOW_NAME | UDIAG_SHOW_PEER,
				   .udiag_cookie = { -1u, -1u } };
	struct inet_diag_req_v2 in = { .sdiag_family = AF_INET, .sdiag_protocol = IPPROTO_TCP,
				       .idiag_ext = 1 << (INET_DIAG_INFO - 1),
				       .idiag_states = 1 << 10 };
	struct nlmsghdr *h, *h2;

	inet_pton(AF_INET, "127.0.0.1", in.id.idiag_src);
	in.id.idiag_sport = htons(22);
	in.id.idiag_if = 1;
	/* two requests in one buffer */
	h = start(buf, SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST | NLM_F_DUMP, &u, sizeof(u));
	h2 = start(buf + NLMSG_ALIGN(h->nlmsg_len), SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST,
		   &in, sizeof(in));
	/* its filter: source 127.0.0.1/32 port 22, and a protocol */
	struct {
		struct inet_diag_bc_op op;
		struct inet_diag_hostcond c;
		uint32_t addr;
	} bc = { { INET_DIAG_BC_S_COND, sizeof(bc), 4 }, { AF_INET, 32, 22 },
		 htonl(INADDR_LOOPBACK) };
	uint32_t proto = IPPROTO_TCP;

	add_attr(h2, INET_DIAG_REQ_BYTECODE, &bc, sizeof(bc));
	add_attr(h2, INET_DIAG_REQ_PROTOCOL, &proto, sizeof(proto));
	sendto(fd, buf, NLMSG_ALIGN(h->nlmsg_len) + h2->nlmsg_len, MSG_DONTWAIT, NULL, 0);

	/* an ack with the request's header alone, then its attributes */
	struct nlmsgerr e = { .error = -13, .msg = { .nlmsg_len = 40, .nlmsg_type = NLMSG_NOOP,
						     .nlmsg_flags = NLM_F_REQUEST } };
	h = start(buf, NLMSG_ERROR, NLM_F_CAPPED, &e, sizeof(e));
	add_attr(h, 1 /* NLMSGERR_ATTR_MSG */, "no", 3);
	sendto(fd, h, h->nlmsg_len, MSG_DONTWAIT, NULL, 0);

	/* shorter than a header */
	sendto(fd, "abc", 3, MSG_DONTWAIT, NULL, 0);
	close(fd);
}

static void netfilter(void)
{
	int fd = nl_socket(NETLINK_NETFILTER);
	struct nfgenmsg g = { .nfgen_family = AF_INET, .version = NFNETLINK_V0,
			      .res_id = htons(NFNL_SUBSYS_NFTABLES) };
	struct nlmsghdr *h = start(buf, NFNL_MSG_BATCH_BEGIN, NLM_F_REQUEST, &g, sizeof(g));
	char *page;

	sendto(fd, h, h->nlmsg_len, MSG_DONTWAIT, NULL, 0);
	/* a message that claims more than is mapped: its header and what
	 * follows up to the page's end are shown, the rest by address */
	page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return;
	munmap(page + 4096, 4096);
	h = (struct nlmsghdr *)(page + 4096 - NLMSG_HDRLEN - 2);
	*h = (struct nlmsghdr){ .nlmsg_len = NLMSG_LENGTH(sizeof(g)),
				.nlmsg_type = NFNL_SUBSYS_NFTABLES << 8 | 0,
				.nlmsg_flags = NLM_F_REQUEST | NLM_F_CREATE };
	memcpy(NLMSG_DATA(h), &g, 2);
	sendto(fd, h, h->nlmsg_len, MSG_DONTWAIT, NULL, 0);
	close(fd);
}

int main(void)
{
	route();
	sock_diag();
	netfilter();
	return 0;
}
