// SPDX-License-Identifier: GPL-2.0
/* Socket option levels and names, send/recv flags, control messages. */
#include <string.h>

#include "flagtab.h"

static const struct flag levels[] = {
	{ 0, "SOL_IP" }, { 1, "SOL_SOCKET" }, { 6, "SOL_TCP" }, { 17, "SOL_UDP" },
	{ 41, "SOL_IPV6" }, { 58, "SOL_ICMPV6" }, { 132, "SOL_SCTP" }, { 136, "SOL_UDPLITE" },
	{ 255, "SOL_RAW" }, { 263, "SOL_PACKET" }, { 270, "SOL_NETLINK" }, { 274, "SOL_ALG" },
	{ 280, "SOL_XDP" }, { 282, "SOL_TLS" }, { 283, "SOL_MPTCP" },
};

void decode_sockopt_level(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, levels, N(levels), "SOL_???");
}

static const struct flag so_names[] = {
	{ 1, "SO_DEBUG" }, { 2, "SO_REUSEADDR" }, { 3, "SO_TYPE" }, { 4, "SO_ERROR" },
	{ 5, "SO_DONTROUTE" }, { 6, "SO_BROADCAST" }, { 7, "SO_SNDBUF" }, { 8, "SO_RCVBUF" },
	{ 9, "SO_KEEPALIVE" }, { 10, "SO_OOBINLINE" }, { 11, "SO_NO_CHECK" },
	{ 12, "SO_PRIORITY" }, { 13, "SO_LINGER" }, { 14, "SO_BSDCOMPAT" },
	{ 15, "SO_REUSEPORT" }, { 16, "SO_PASSCRED" }, { 17, "SO_PEERCRED" },
	{ 18, "SO_RCVLOWAT" }, { 19, "SO_SNDLOWAT" }, { 20, "SO_RCVTIMEO_OLD" },
	{ 21, "SO_SNDTIMEO_OLD" }, { 22, "SO_SECURITY_AUTHENTICATION" },
	{ 23, "SO_SECURITY_ENCRYPTION_TRANSPORT" }, { 24, "SO_SECURITY_ENCRYPTION_NETWORK" },
	{ 25, "SO_BINDTODEVICE" }, { 26, "SO_ATTACH_FILTER" }, { 27, "SO_DETACH_FILTER" },
	{ 28, "SO_PEERNAME" }, { 29, "SO_TIMESTAMP_OLD" }, { 30, "SO_ACCEPTCONN" },
	{ 31, "SO_PEERSEC" }, { 32, "SO_SNDBUFFORCE" }, { 33, "SO_RCVBUFFORCE" },
	{ 34, "SO_PASSSEC" }, { 35, "SO_TIMESTAMPNS_OLD" }, { 36, "SO_MARK" },
	{ 37, "SO_TIMESTAMPING_OLD" }, { 38, "SO_PROTOCOL" }, { 39, "SO_DOMAIN" },
	{ 40, "SO_RXQ_OVFL" }, { 41, "SO_WIFI_STATUS" }, { 42, "SO_PEEK_OFF" },
	{ 43, "SO_NOFCS" }, { 44, "SO_LOCK_FILTER" }, { 45, "SO_SELECT_ERR_QUEUE" },
	{ 46, "SO_BUSY_POLL" }, { 47, "SO_MAX_PACING_RATE" }, { 48, "SO_BPF_EXTENSIONS" },
	{ 49, "SO_INCOMING_CPU" }, { 50, "SO_ATTACH_BPF" }, { 51, "SO_ATTACH_REUSEPORT_CBPF" },
	{ 52, "SO_ATTACH_REUSEPORT_EBPF" }, { 53, "SO_CNX_ADVICE" },
	{ 54, "SCM_TIMESTAMPING_OPT_STATS" }, { 55, "SO_MEMINFO" },
	{ 56, "SO_INCOMING_NAPI_ID" }, { 57, "SO_COOKIE" },
	{ 58, "SCM_TIMESTAMPING_PKTINFO" }, { 59, "SO_PEERGROUPS" }, { 60, "SO_ZEROCOPY" },
	{ 61, "SO_TXTIME" }, { 62, "SO_BINDTOIFINDEX" }, { 63, "SO_TIMESTAMP_NEW" },
	{ 64, "SO_TIMESTAMPNS_NEW" }, { 65, "SO_TIMESTAMPING_NEW" }, { 66, "SO_RCVTIMEO_NEW" },
	{ 67, "SO_SNDTIMEO_NEW" }, { 68, "SO_DETACH_REUSEPORT_BPF" },
	{ 69, "SO_PREFER_BUSY_POLL" }, { 70, "SO_BUSY_POLL_BUDGET" }, { 71, "SO_NETNS_COOKIE" },
	{ 72, "SO_BUF_LOCK" }, { 73, "SO_RESERVE_MEM" }, { 74, "SO_TXREHASH" },
	{ 75, "SO_RCVMARK" }, { 76, "SO_PASSPIDFD" }, { 77, "SO_PEERPIDFD" },
};

static const struct flag tcp_names[] = {
	{ 1, "TCP_NODELAY" }, { 2, "TCP_MAXSEG" }, { 3, "TCP_CORK" }, { 4, "TCP_KEEPIDLE" },
	{ 5, "TCP_KEEPINTVL" }, { 6, "TCP_KEEPCNT" }, { 7, "TCP_SYNCNT" }, { 8, "TCP_LINGER2" },
	{ 9, "TCP_DEFER_ACCEPT" }, { 10, "TCP_WINDOW_CLAMP" }, { 11, "TCP_INFO" },
	{ 12, "TCP_QUICKACK" }, { 13, "TCP_CONGESTION" }, { 14, "TCP_MD5SIG" },
	{ 16, "TCP_THIN_LINEAR_TIMEOUTS" }, { 17, "TCP_THIN_DUPACK" },
	{ 18, "TCP_USER_TIMEOUT" }, { 19, "TCP_REPAIR" }, { 20, "TCP_REPAIR_QUEUE" },
	{ 21, "TCP_QUEUE_SEQ" }, { 22, "TCP_REPAIR_OPTIONS" }, { 23, "TCP_FASTOPEN" },
	{ 24, "TCP_TIMESTAMP" }, { 25, "TCP_NOTSENT_LOWAT" }, { 26, "TCP_CC_INFO" },
	{ 27, "TCP_SAVE_SYN" }, { 28, "TCP_SAVED_SYN" }, { 29, "TCP_REPAIR_WINDOW" },
	{ 30, "TCP_FASTOPEN_CONNECT" }, { 31, "TCP_ULP" }, { 32, "TCP_MD5SIG_EXT" },
	{ 33, "TCP_FASTOPEN_KEY" }, { 34, "TCP_FASTOPEN_NO_COOKIE" },
	{ 35, "TCP_ZEROCOPY_RECEIVE" }, { 36, "TCP_INQ" }, { 37, "TCP_TX_DELAY" },
};

static const struct flag ip_names[] = {
	{ 1, "IP_TOS" }, { 2, "IP_TTL" }, { 3, "IP_HDRINCL" }, { 4, "IP_OPTIONS" },
	{ 5, "IP_ROUTER_ALERT" }, { 6, "IP_RECVOPTS" }, { 7, "IP_RETOPTS" }, { 8, "IP_PKTINFO" },
	{ 9, "IP_PKTOPTIONS" }, { 10, "IP_MTU_DISCOVER" }, { 11, "IP_RECVERR" },
	{ 12, "IP_RECVTTL" }, { 13, "IP_RECVTOS" }, { 14, "IP_MTU" }, { 15, "IP_FREEBIND" },
	{ 16, "IP_IPSEC_POLICY" }, { 17, "IP_XFRM_POLICY" }, { 18, "IP_PASSSEC" },
	{ 19, "IP_TRANSPARENT" }, { 20, "IP_ORIGDSTADDR" }, { 21, "IP_MINTTL" },
	{ 22, "IP_NODEFRAG" }, { 23, "IP_CHECKSUM" }, { 24, "IP_BIND_ADDRESS_NO_PORT" },
	{ 25, "IP_RECVFRAGSIZE" }, { 26, "IP_RECVERR_RFC4884" }, { 32, "IP_MULTICAST_IF" },
	{ 33, "IP_MULTICAST_TTL" }, { 34, "IP_MULTICAST_LOOP" }, { 35, "IP_ADD_MEMBERSHIP" },
	{ 36, "IP_DROP_MEMBERSHIP" }, { 37, "IP_UNBLOCK_SOURCE" }, { 38, "IP_BLOCK_SOURCE" },
	{ 39, "IP_ADD_SOURCE_MEMBERSHIP" }, { 40, "IP_DROP_SOURCE_MEMBERSHIP" },
	{ 41, "IP_MSFILTER" }, { 49, "IP_MULTICAST_ALL" }, { 50, "IP_UNICAST_IF" },
};

static const struct flag ipv6_names[] = {
	{ 1, "IPV6_ADDRFORM" }, { 2, "IPV6_2292PKTINFO" }, { 3, "IPV6_2292HOPOPTS" },
	{ 4, "IPV6_2292DSTOPTS" }, { 5, "IPV6_2292RTHDR" }, { 6, "IPV6_2292PKTOPTIONS" },
	{ 7, "IPV6_CHECKSUM" }, { 8, "IPV6_2292HOPLIMIT" }, { 9, "IPV6_NEXTHOP" },
	{ 10, "IPV6_AUTHHDR" }, { 11, "IPV6_FLOWINFO" }, { 16, "IPV6_UNICAST_HOPS" },
	{ 17, "IPV6_MULTICAST_IF" }, { 18, "IPV6_MULTICAST_HOPS" },
	{ 19, "IPV6_MULTICAST_LOOP" }, { 20, "IPV6_ADD_MEMBERSHIP" },
	{ 21, "IPV6_DROP_MEMBERSHIP" }, { 22, "IPV6_ROUTER_ALERT" },
	{ 23, "IPV6_MTU_DISCOVER" }, { 24, "IPV6_MTU" }, { 25, "IPV6_RECVERR" },
	{ 26, "IPV6_V6ONLY" }, { 27, "IPV6_JOIN_ANYCAST" }, { 28, "IPV6_LEAVE_ANYCAST" },
	{ 29, "IPV6_MULTICAST_ALL" }, { 30, "IPV6_ROUTER_ALERT_ISOLATE" },
	{ 31, "IPV6_RECVERR_RFC4884" }, { 49, "IPV6_RECVPKTINFO" }, { 50, "IPV6_PKTINFO" },
	{ 51, "IPV6_RECVHOPLIMIT" }, { 52, "IPV6_HOPLIMIT" }, { 66, "IPV6_RECVTCLASS" },
	{ 67, "IPV6_TCLASS" }, { 72, "IPV6_ADDR_PREFERENCES" }, { 73, "IPV6_MINHOPCOUNT" },
	{ 74, "IPV6_ORIGDSTADDR" }, { 75, "IPV6_TRANSPARENT" }, { 76, "IPV6_UNICAST_IF" },
};

void decode_sockopt_name(struct sbuf *b, uint64_t level, uint64_t v)
{
	switch ((uint32_t)level) {
	case 1: put_enum(b, (uint32_t)v, so_names, N(so_names), "SO_???"); return;
	case 6: put_enum(b, (uint32_t)v, tcp_names, N(tcp_names), "TCP_???"); return;
	case 0: put_enum(b, (uint32_t)v, ip_names, N(ip_names), "IP_???"); return;
	case 41: put_enum(b, (uint32_t)v, ipv6_names, N(ipv6_names), "IPV6_???"); return;
	}
	sbuf_u64(b, (uint32_t)v);
}

static const struct flag msg_flags[] = {
	{ 0x1, "MSG_OOB" }, { 0x2, "MSG_PEEK" }, { 0x4, "MSG_DONTROUTE" },
	{ 0x8, "MSG_CTRUNC" }, { 0x10, "MSG_PROXY" }, { 0x20, "MSG_TRUNC" },
	{ 0x40, "MSG_DONTWAIT" }, { 0x80, "MSG_EOR" }, { 0x100, "MSG_WAITALL" },
	{ 0x200, "MSG_FIN" }, { 0x400, "MSG_SYN" }, { 0x800, "MSG_CONFIRM" },
	{ 0x1000, "MSG_RST" }, { 0x2000, "MSG_ERRQUEUE" }, { 0x4000, "MSG_NOSIGNAL" },
	{ 0x8000, "MSG_MORE" }, { 0x10000, "MSG_WAITFORONE" }, { 0x40000, "MSG_BATCH" },
	{ 0x4000000, "MSG_ZEROCOPY" }, { 0x20000000, "MSG_FASTOPEN" },
	{ 0x40000000, "MSG_CMSG_CLOEXEC" },
};

void decode_msg_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, msg_flags, N(msg_flags));
}

/* "[{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[7]}]":
 * the control messages in p, walked by their lengths (x86_64: a 16-byte
 * header, data aligned to 8). */
void decode_cmsgs(struct sbuf *b, const uint8_t *p, size_t len)
{
	size_t off = 0;
	bool first = true;

	sbuf_putc(b, '[');
	while (off + 16 <= len) {
		uint64_t clen;
		int32_t level, type;

		memcpy(&clen, p + off, 8);
		memcpy(&level, p + off + 8, 4);
		memcpy(&type, p + off + 12, 4);
		if (clen < 16)
			break;
		sbuf_printf(b, "%s{cmsg_len=%llu, cmsg_level=", first ? "" : ", ",
			    (unsigned long long)clen);
		first = false;
		decode_sockopt_level(b, (uint32_t)level);
		sbuf_puts(b, ", cmsg_type=");
		size_t dlen = clen - 16, avail = len - off - 16;
		const uint8_t *d = p + off + 16;

		if (dlen > avail)
			dlen = avail;
		if (level == 1 && type == 1) {		/* SCM_RIGHTS */
			sbuf_puts(b, "SCM_RIGHTS, cmsg_data=[");
			for (size_t i = 0; i + 4 <= dlen; i += 4) {
				int32_t fd;

				memcpy(&fd, d + i, 4);
				sbuf_printf(b, "%s%d", i ? ", " : "", fd);
			}
			sbuf_puts(b, "]}");
		} else if (level == 1 && type == 2 && dlen >= 12) {	/* SCM_CREDENTIALS */
			uint32_t c[3];

			memcpy(c, d, 12);
			sbuf_printf(b, "SCM_CREDENTIALS, cmsg_data={pid=%u, uid=%u, gid=%u}}",
				    c[0], c[1], c[2]);
		} else {
			sbuf_printf(b, "%#x, cmsg_data=", (uint32_t)type);
			decode_string_hex(b, (const char *)d, dlen, false);
			sbuf_putc(b, '}');
		}
		off += (clen + 7) & ~(uint64_t)7;
	}
	sbuf_putc(b, ']');
}
