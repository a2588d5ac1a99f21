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

	/* classic BPF, as strace's sock_filter-v and seccomp-filter-v print
	 * it: a jump offset makes a BPF_JUMP, SKF_* offsets of absolute
	 * loads, SECCOMP_RET_* actions of returns */
	static const uint8_t ll[8] = { 0x30, 0, 0, 0, 4, 0, 0xe0, 0xff },
		jeq[8] = { 0x15, 0, 0, 5, 0x11, 0, 0, 0 },
		ad[8] = { 0x30, 0, 0, 0, 0, 0xf0, 0xff, 0xff },
		ret[8] = { 0x06, 0, 0, 0, 0x10, 0, 0x05, 0 },
		unk[8] = { 0x06, 0, 0, 0, 0, 0, 0x06, 0 },
		ja[8] = { 0x05, 0, 0, 0, 0, 0, 0x05, 0 };
	put_bpf_filter_insn(&b, ll, FILTER_SOCK);
	CHECK_STR(s(), "BPF_STMT(BPF_LD|BPF_B|BPF_ABS, SKF_LL_OFF+4)");
	put_bpf_filter_insn(&b, jeq, FILTER_SOCK);
	CHECK_STR(s(), "BPF_JUMP(BPF_JMP|BPF_K|BPF_JEQ, 0x11, 0, 0x5)");
	put_bpf_filter_insn(&b, ret, FILTER_SECCOMP);
	CHECK_STR(s(), "BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ERRNO|0x10)");
	put_bpf_filter_insn(&b, unk, FILTER_SECCOMP);
	CHECK_STR(s(), "BPF_STMT(BPF_RET|BPF_K, 0x60000 /* SECCOMP_RET_??? */)");
	put_bpf_filter_insn(&b, ja, FILTER_SECCOMP);
	CHECK_STR(s(), "BPF_STMT(BPF_JMP|BPF_K|BPF_JA, 0x50000)");
	put_bpf_filter(&b, 0x1000, 3, ret, 8, false, FILTER_SECCOMP);
	CHECK_STR(s(), "[BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ERRNO|0x10), ... /* 0x1008 */]");
	put_bpf_filter(&b, 0x1000, 0, NULL, 0, false, FILTER_SECCOMP);
	CHECK_STR(s(), "[]");
	decode_set_xlat(XLAT_RAW);
	put_bpf_filter_insn(&b, ad, FILTER_SOCK);
	CHECK_STR(s(), "BPF_STMT(0|0x10|0x20, 0xfffff000+0)");
	decode_set_xlat(XLAT_VERBOSE);
	put_bpf_filter_insn(&b, ll, FILTER_SOCK);
	CHECK_STR(s(), "BPF_STMT(0 /* BPF_LD */|0x10 /* BPF_B */|0x20 /* BPF_ABS */, "
		       "0xffe00000 /* SKF_LL_OFF */+4)");
	decode_set_xlat(XLAT_ABBREV);
	/* eBPF, as strace's bpf-v: a register it does not name */
	static const uint8_t exit_insn[8] = { 0x95, 0xba, 0xad, 0xde, 0xed, 0x0d, 0xdc, 0xba };
	put_ebpf_insn(&b, exit_insn);
	CHECK_STR(s(), "{code=BPF_JMP|BPF_K|BPF_EXIT, dst_reg=BPF_REG_10, "
		       "src_reg=0xb /* BPF_REG_??? */, off=-8531, imm=0xbadc0ded}");

	/* bpf(2)'s attribute, as strace's bpf and kernel_version tests: the
	 * address for a size of 0; a name as long as the size holds; the
	 * kernel version as its macro; ", ..." after the struct */
	static uint8_t attr[256];
	memset(attr, 0, sizeof(attr));
	CHECK(!decode_bpf_attr(&b, 0, attr, 0, 0, NULL, 0, -22, NULL, NULL, NULL, 0, NULL, 0));
	b.len = 0;
	static const uint32_t mc[7] = { 31, 4, 8, 256, 0x3f, 0xffffffff, 3141592653u };
	memcpy(attr, mc, sizeof(mc));
	memcpy(attr + 28, "0123456789abcdef", 16);
	CHECK(decode_bpf_attr(&b, 0, attr, 36, 36, NULL, 0, -22, NULL, NULL, NULL, 0, NULL, 0));
	CHECK_STR(s(), "{map_type=BPF_MAP_TYPE_USER_RINGBUF, key_size=4, value_size=8, "
		       "max_entries=256, map_flags=BPF_F_NO_PREALLOC|BPF_F_NO_COMMON_LRU|"
		       "BPF_F_NUMA_NODE|BPF_F_RDONLY|BPF_F_WRONLY|BPF_F_STACK_BUILD_ID, "
		       "inner_map_fd=-1, numa_node=3141592653, map_name=\"0123456\"...}");
	memset(attr, 0, sizeof(attr));
	static const uint32_t pl[2] = { 0x20, 0xbadc0ded }, lg[2] = { 24, 3141592653u },
		kv = 0xcafef00d;
	memcpy(attr, pl, 8);
	memcpy(attr + 24, lg, 8);
	memcpy(attr + 40, &kv, 4);
	CHECK(decode_bpf_attr(&b, 5, attr, 48, 48, NULL, 0, -7, NULL, NULL, NULL, 0, NULL, 0));
	CHECK_STR(s(), "{prog_type=0x20 /* BPF_PROG_TYPE_??? */, insn_cnt=3134983661, insns=NULL, "
		       "license=NULL, log_level=24, log_size=3141592653, log_buf=NULL, "
		       "kern_version=KERNEL_VERSION(51966, 240, 13), prog_flags=0}");
	memset(attr, 0, sizeof(attr));
	attr[0] = 0xff;
	attr[200] = 1;
	CHECK(decode_bpf_attr(&b, 22, attr, 256, 256, NULL, 0, -7, NULL, NULL, NULL, 0, NULL, 0));
	CHECK_STR(s(), "{map_fd=255, ...}");

	sbuf_free(&b);
	return CHECK_REPORT();
}
