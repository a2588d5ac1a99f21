/* The decoders added for poll/select/epoll, messages, socket options,
 * prctl and -X, against what strace 6.1 printed for the same values on
 * Debian 12 (read off its output, see tests/progs/poll.c, net.c, prctl.c). */
#include <string.h>
#include <sys/socket.h>

#include "check.h"
#include "decode/decode.h"
#include "util/util.h"

static struct sbuf b;

static const char *s(void)
{
	sbuf_putc(&b, 0);
	b.len = 0;
	return b.p;
}

static void put_pollfd(uint8_t *p, int32_t fd, uint16_t ev, uint16_t rev)
{
	memcpy(p, &fd, 4);
	memcpy(p + 4, &ev, 2);
	memcpy(p + 6, &rev, 2);
}

int main(void)
{
	uint8_t p[64] = { 0 };

	sbuf_init(&b, 16);

	/* pollfd arrays, as given and as returned */
	put_pollfd(p, 3, 1, 1);
	put_pollfd(p + 8, 6, 2 | 4, 4);
	put_pollfd(p + 16, -1, 1, 0);
	CHECK(decode_pollfds(&b, p, 24, 3, false, 32) == 3);
	CHECK_STR(s(), "[{fd=3, events=POLLIN}, {fd=6, events=POLLPRI|POLLOUT}, {fd=-1}]");
	CHECK(decode_pollfds(&b, p, 24, 3, true, 32) == 2);
	CHECK_STR(s(), "[{fd=3, revents=POLLIN}, {fd=6, revents=POLLOUT}]");
	decode_pollfds(&b, p, 24, 3, false, 1);		/* -s 1: one element */
	CHECK_STR(s(), "[{fd=3, events=POLLIN}, ...]");
	decode_pollfds(&b, p, 8, 3, false, 32);		/* captured short */
	CHECK_STR(s(), "[{fd=3, events=POLLIN}, ...]");

	/* fd sets */
	memset(p, 0, sizeof(p));
	p[0] = (1 << 3) | (1 << 5);
	decode_fdset(&b, p, 16, 7);
	CHECK_STR(s(), "[3 5]");
	decode_fdset(&b, p, 16, 4);
	CHECK_STR(s(), "[3]");
	CHECK(fdset_empty(p, 16, 3) && !fdset_empty(p, 16, 4));
	decode_fdset(&b, p, 0, 7);
	CHECK_STR(s(), "[]");

	/* epoll */
	uint32_t ev = 1u | 1u << 31;
	uint64_t data = 0x100000002ULL;
	memcpy(p, &ev, 4);
	memcpy(p + 4, &data, 8);
	decode_epoll_event(&b, p);
	CHECK_STR(s(), "{events=EPOLLIN|EPOLLET, data={u32=2, u64=4294967298}}");
	decode_epoll_op(&b, 3);
	CHECK_STR(s(), "EPOLL_CTL_MOD");
	decode_epoll_op(&b, 9);
	CHECK_STR(s(), "0x9 /* EPOLL_CTL_??? */");

	/* timeval */
	int64_t tv[2] = { 0, 1000 };
	decode_timeval(&b, (uint8_t *)tv, 16);
	CHECK_STR(s(), "{tv_sec=0, tv_usec=1000}");

	/* socket options, send/recv flags */
	decode_sockopt_level(&b, 6);
	CHECK_STR(s(), "SOL_TCP");
	/* the values of <linux/socket.h>, not typed by hand (these three were wrong) */
	decode_sockopt_level(&b, SOL_ALG);
	CHECK_STR(s(), "SOL_ALG");
	decode_sockopt_level(&b, SOL_XDP);
	CHECK_STR(s(), "SOL_XDP");
	decode_sockopt_level(&b, SOL_MPTCP);
	CHECK_STR(s(), "SOL_MPTCP");
	decode_sockopt_name(&b, 1, 20);
	CHECK_STR(s(), "SO_RCVTIMEO_OLD");
	decode_sockopt_name(&b, 1, 9999);
	CHECK_STR(s(), "0x270f /* SO_??? */");
	decode_sockopt_name(&b, 41, 26);
	CHECK_STR(s(), "IPV6_V6ONLY");
	decode_msg_flags(&b, 0x40 | 0x4000);
	CHECK_STR(s(), "MSG_DONTWAIT|MSG_NOSIGNAL");
	decode_msg_flags(&b, 0);
	CHECK_STR(s(), "0");

	/* control messages: SCM_RIGHTS with fd 7, then garbage shorter than a header */
	uint64_t clen = 20;
	int32_t lvl = 1, type = 1, fd = 7;
	memset(p, 0, sizeof(p));
	memcpy(p, &clen, 8);
	memcpy(p + 8, &lvl, 4);
	memcpy(p + 12, &type, 4);
	memcpy(p + 16, &fd, 4);
	decode_cmsgs(&b, p, 24, 0x1000, 24, 32, NULL, 0);
	CHECK_STR(s(), "[{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[7]}]");
	clen = 1000;			/* longer than what is there: cut, no overread */
	memcpy(p, &clen, 8);
	decode_cmsgs(&b, p, 24, 0x1000, 24, 32, NULL, 0);
	CHECK_STR(s(), "[{cmsg_len=1000, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[7, 0]}]");
	/* strace 6.1's forms (its sockopt-timestamp, inet-cmsg, msg_control
	 * tests): SO_TIMESTAMP_NEW's timeval, IP_RECVOPTS' bytes in hex, a
	 * type it does not decode by name only, a cut walk with its address */
	{
		uint8_t q[64] = { 0 };
		uint64_t l1 = 32, l2 = 20;
		int32_t sol = 1, ts = 63, ip = 0, opts = 6;
		int64_t sec = 1795822835, usec = 702220;

		memcpy(q, &l1, 8);
		memcpy(q + 8, &sol, 4);
		memcpy(q + 12, &ts, 4);
		memcpy(q + 16, &sec, 8);
		memcpy(q + 24, &usec, 8);
		memcpy(q + 32, &l2, 8);
		memcpy(q + 40, &ip, 4);
		memcpy(q + 44, &opts, 4);
		q[48] = 1;
		decode_cmsgs(&b, q, 56, 0x1000, 56, 32, NULL, 0);
		CHECK_STR(s(), "[{cmsg_len=32, cmsg_level=SOL_SOCKET, cmsg_type=SO_TIMESTAMP_NEW, "
			  "cmsg_data={tv_sec=1795822835, tv_usec=702220}}, {cmsg_len=20, "
			  "cmsg_level=SOL_IP, cmsg_type=IP_RECVOPTS, cmsg_data=[0x1, 0, 0, 0]}]");
		opts = 0x55;
		memcpy(q + 44, &opts, 4);
		decode_cmsgs(&b, q, 64, 0x1000, 64, 32, NULL, 0);
		CHECK_STR(s(), "[{cmsg_len=32, cmsg_level=SOL_SOCKET, cmsg_type=SO_TIMESTAMP_NEW, "
			  "cmsg_data={tv_sec=1795822835, tv_usec=702220}}, {cmsg_len=20, "
			  "cmsg_level=SOL_IP, cmsg_type=0x55 /* IP_??? */}, ... /* 0x1038 */]");
		CHECK(!decode_cmsgs(&b, q, 64, 0x1000, 15, 32, NULL, 0));
	}

	/* prctl */
	decode_prctl_option(&b, 23);
	CHECK_STR(s(), "PR_CAPBSET_READ");
	decode_prctl_option(&b, 0x7777);
	CHECK_STR(s(), "0x7777 /* PR_??? */");
	decode_capability(&b, 21);
	CHECK_STR(s(), "CAP_SYS_ADMIN");
	decode_capability(&b, 99);
	CHECK_STR(s(), "0x63 /* CAP_??? */");

	/* -X: the same names as numbers, or both */
	decode_set_xlat(XLAT_RAW);
	size_t m = b.len;
	decode_open_flags(&b, 02000000);
	xlat_finish(&b, m, 02000000, XF_HEX);
	CHECK_STR(s(), "0x80000");
	m = b.len;
	decode_dirfd(&b, -100);
	xlat_finish(&b, m, (uint64_t)-100, XF_DEC);
	CHECK_STR(s(), "-100");
	decode_mode(&b, 0100644);
	CHECK_STR(s(), "0100644");
	decode_set_xlat(XLAT_VERBOSE);
	m = b.len;
	decode_open_flags(&b, 02000000);
	xlat_finish(&b, m, 02000000, XF_HEX);
	CHECK_STR(s(), "0x80000 /* O_RDONLY|O_CLOEXEC */");
	decode_mode(&b, 0100755);
	CHECK_STR(s(), "0100755 /* S_IFREG|0755 */");
	m = b.len;
	sbuf_puts(&b, "0");		/* a name that is the number itself */
	xlat_finish(&b, m, 0, XF_HEX);
	CHECK_STR(s(), "0");
	decode_set_xlat(XLAT_ABBREV);
	decode_mode(&b, 0100755);
	CHECK_STR(s(), "S_IFREG|0755");

	sbuf_free(&b);
	return CHECK_REPORT();
}
