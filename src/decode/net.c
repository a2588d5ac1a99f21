// SPDX-License-Identifier: GPL-2.0
/*
 * Sockets: families, types, protocols, addresses, socket options, message
 * flags and control messages.
 */
#include <arpa/inet.h>
#include <net/if.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"
#include "../../bpf/event.h"

void decode_sock_family(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_addrfams, N(xlat_addrfams), "AF_???");
}

/* the type, then its flags: with -X each part is a number of its own, as
 * strace ("0x1|0x80800", "0x1 /\* SOCK_STREAM *\/|0x80800 /\* ... *\/") */
void decode_sock_type(struct sbuf *b, uint64_t v)
{
	uint64_t flags = (uint32_t)v & ~0xfull, rest = flags;
	size_t mark = b->len;

	put_enum(b, v & 0xf, xlat_sock_type_types, N(xlat_sock_type_types), NULL);
	xlat_finish(b, mark, v & 0xf, XF_HEX);
	if (!flags)
		return;
	mark = b->len;
	put_rest(b, rest, put_flags(b, &rest, xlat_sock_type_flags, N(xlat_sock_type_flags), 0), "");
	if (mark < b->len && b->p[mark] == '|')	/* put_flags leads with it */
		mark++;
	xlat_finish(b, mark, flags, XF_HEX);
}

/* accept4's flags: "SOCK_CLOEXEC|0x1", "0x1 /\* SOCK_??? *\/" as strace */
void decode_sock_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_sock_type_flags, N(xlat_sock_type_flags), "SOCK_???");
}

/* -X raw and verbose applied here: AF_PACKET's number is inside htons() */
void decode_sock_proto(struct sbuf *b, uint64_t family, uint64_t v)
{
	size_t mark = b->len;

	if (family == 2 || family == 10) {
		put_enum(b, (uint32_t)v, xlat_sock_proto_ip, N(xlat_sock_proto_ip), "IPPROTO_???");
	} else if (family == 17) {	/* AF_PACKET: an ETH_P_ in network byte order */
		uint16_t p = ntohs((uint16_t)v);

		sbuf_puts(b, "htons(");
		put_enum_x(b, p, xlat_eth_p, N(xlat_eth_p), "ETH_P_???");
		sbuf_putc(b, ')');
		return;
	} else if (family == 16) {
		put_enum(b, (uint32_t)v, xlat_sock_proto_nl, N(xlat_sock_proto_nl), "NETLINK_???");
	} else {
		sbuf_s64(b, (int32_t)v);
		return;
	}
	xlat_finish(b, mark, (uint32_t)v, XF_HEX);
}

void decode_sockopt_level(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_levels, N(xlat_levels), "SOL_???");
}

void decode_sockopt_name(struct sbuf *b, uint64_t level, uint64_t v)
{
	switch ((uint32_t)level) {
	case 255: put_enum(b, (uint32_t)v, xlat_raw_names, N(xlat_raw_names), "SOL_RAW_???");
		return;
	case 263: put_enum(b, (uint32_t)v, xlat_packet_names, N(xlat_packet_names), "PACKET_???");
		return;
	case 1: put_enum(b, (uint32_t)v, xlat_so_names, N(xlat_so_names), "SO_???"); return;
	case 6: put_enum(b, (uint32_t)v, xlat_tcp_names, N(xlat_tcp_names), "TCP_???"); return;
	case 0: put_enum(b, (uint32_t)v, xlat_ip_names, N(xlat_ip_names), "IP_???"); return;
	case 41: put_enum(b, (uint32_t)v, xlat_ipv6_names, N(xlat_ipv6_names), "IPV6_???"); return;
	case 270: put_enum(b, (uint32_t)v, xlat_netlink_names, N(xlat_netlink_names), "NETLINK_???");
		return;
	}
	sbuf_u64(b, (uint32_t)v);
}

void decode_msg_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_msg_flags, N(xlat_msg_flags));
}

/*
 * Scatter/gather and messages: iovec arrays with their data
 * ("[{iov_base="hello", iov_len=5}]"), msghdrs with name, iovecs and
 * control messages, send/recv flags, and socket options by level and name
 * with their values.  The kernel side captured each iovec as a CAP_ELEM
 * cap (base, len, then data: for reads, up to the result), and a msghdr as
 * its struct followed by CAP_NAME, CAP_ELEM and CAP_CTRL caps.
 */

struct msghdr64 {
	uint64_t name;
	uint32_t namelen, pad;
	uint64_t iov, iovlen, control, controllen;
	uint32_t flags, pad2;
};

/* The captures of one argument, in order: a msghdr's struct starts a
 * group (sendmmsg/recvmmsg have one per message), its name, iovecs and
 * control follow. */
size_t collect_caps(const struct ev_syscall *e, size_t size, int i, struct capref *refs)
{
	struct capiter it;
	const struct cap *c;
	const char *data;
	size_t n = 0;

	cap_begin(&it, e, size);
	while (n < MAX_REFS && cap_next(&it, &c, &data))
		if (c->arg == i && !(c->flags & CAP_ENTRY))
			refs[n++] = (struct capref){ c, data };
	return n;
}

/* The CAP_ELEM caps among refs as "[{iov_base=..., iov_len=N}, ...]":
 * cnt iovecs, -s of them shown; `failed`: their bases without data. */
void put_iov_refs(struct formatter *f, struct sbuf *b, const struct capref *refs, size_t n,
		  uint64_t cnt, bool failed)
{
	uint64_t shown = 0, max = formatter_strsize(f);

	sbuf_putc(b, '[');
	for (size_t k = 0; k < n && shown < cnt; k++) {
		const struct cap *c = refs[k].c;
		const char *data = refs[k].data;
		uint64_t base, len;

		if ((c->flags & (CAP_ELEM | CAP_FAULT)) == (CAP_ELEM | CAP_FAULT) && c->len == 8) {
			/* the array ran into unmapped memory there */
			memcpy(&base, data, 8);
			sbuf_printf(b, "%s... /* %#llx */]", shown ? ", " : "",
				    (unsigned long long)base);
			return;
		}
		if (!(c->flags & CAP_ELEM) || c->len < 16)
			continue;
		if (shown == max)
			break;
		memcpy(&base, data, 8);
		memcpy(&len, data + 8, 8);
		sbuf_puts(b, shown ? ", {iov_base=" : "{iov_base=");
		if (!base)
			sbuf_puts(b, "NULL");	/* as strace, whatever iov_len says */
		else if (failed || (c->flags & CAP_FAULT))
			sbuf_hex(b, base);
		else if ((c->flags & CAP_DUMP) && (uint64_t)c->len - 16 > max)	/* whole for the dump */
			decode_string(b, data + 16, max, true);
		else
			decode_string(b, data + 16, c->len - 16, c->flags & CAP_TRUNC);
		sbuf_printf(b, ", iov_len=%llu}", (unsigned long long)len);
		shown++;
	}
	if (shown < cnt)
		sbuf_puts(b, shown ? ", ..." : "...");
	sbuf_putc(b, ']');
}

/* An iovec array argument i of cnt iovecs (readv's, keyctl's
 * KEYCTL_INSTANTIATE_IOV's): [] for none (strace reads nothing), the
 * address when none could be read; with `failed`, the bases without data */
void put_iov_array(struct formatter *f, struct sbuf *b, const struct ev_syscall *e, size_t size,
		   int i, uint64_t cnt, bool failed)
{
	static struct capref refs[MAX_REFS];
	size_t n, k = 0;

	if (!cnt) {
		sbuf_puts(b, "[]");
		return;
	}
	n = collect_caps(e, size, i, refs);
	while (k < n && !(refs[k].c->flags & CAP_ELEM))
		k++;
	if (k == n) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	put_iov_refs(f, b, refs, n, cnt, failed);
}

static const struct capref *flagged(const struct capref *refs, size_t n, int flag)
{
	for (size_t k = 0; k < n; k++)
		if ((refs[k].c->flags & flag) && !(refs[k].c->flags & CAP_FAULT))
			return &refs[k];
	return NULL;
}

/* A msghdr from its group of captures (refs[0] is the struct). */
static void put_msghdr_group(struct formatter *f, struct sbuf *b, const struct capref *refs,
			     size_t n, int64_t namelen_in, uint32_t pid)
{
	const struct capref *r;
	struct msghdr64 m;

	memcpy(&m, refs[0].data, sizeof(m));
	sbuf_puts(b, "{msg_name=");
	if (!m.name)
		sbuf_puts(b, "NULL");
	else if ((r = flagged(refs, n, CAP_NAME))) {
		size_t want = m.namelen;

		/* recvmsg: no more than the room the caller gave; the
		 * capture stops at the end of the name's page, where strace
		 * could not read the name whole it shows its address */
		if (namelen_in >= 0 && (uint64_t)namelen_in < want)
			want = namelen_in;
		if ((r->c->len < want && !(r->c->flags & CAP_TRUNC)) || want < 2)
			sbuf_hex(b, m.name);	/* (shorter than a family: strace's too) */
		else
			decode_sockaddr(b, (const uint8_t *)r->data,
					r->c->len < want ? r->c->len : want);
	}
	else
		sbuf_hex(b, m.name);
	/* recvmsg's length as given, and as the call left it */
	if (namelen_in >= 0 && (uint32_t)namelen_in != m.namelen)
		sbuf_printf(b, ", msg_namelen=%u => %u, msg_iov=", (uint32_t)namelen_in, m.namelen);
	else
		sbuf_printf(b, ", msg_namelen=%u, msg_iov=", m.namelen);
	if (m.iov)
		put_iov_refs(f, b, refs, n, m.iovlen, false);
	else
		sbuf_puts(b, "NULL");
	sbuf_printf(b, ", msg_iovlen=%llu", (unsigned long long)m.iovlen);
	if (m.controllen) {
		sbuf_puts(b, ", msg_control=");
		r = flagged(refs, n, CAP_CTRL);
		if (!r || !decode_cmsgs(b, (const uint8_t *)r->data, r->c->len, m.control,
					m.controllen, formatter_strsize(f), f, pid))
			sbuf_hex(b, m.control);
	}
	sbuf_printf(b, ", msg_controllen=%llu, msg_flags=", (unsigned long long)m.controllen);
	size_t mark = b->len;
	decode_msg_flags(b, m.flags);
	xlat_finish(b, mark, (uint32_t)m.flags, XF_HEX);	/* -X raw, verbose */
	sbuf_putc(b, '}');
}

static bool is_header(const struct cap *c, size_t want)
{
	return !(c->flags & (CAP_ELEM | CAP_NAME | CAP_CTRL)) && c->len >= want;
}

static void put_msghdr(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		       size_t size, int i, bool out)
{
	static struct capref refs[MAX_REFS];
	size_t n = collect_caps(e, size, i, refs);
	struct msghdr64 m;

	if (!n || !is_header(refs[0].c, sizeof(m)) || (refs[0].c->flags & CAP_FAULT)) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	if (out && e->ret < 0) {
		/* nothing was received: only what the caller offered */
		memcpy(&m, refs[0].data, sizeof(m));
		sbuf_printf(b, "{msg_namelen=%u}", m.namelen);
		return;
	}
	put_msghdr_group(f, b, refs, n, out && (e->aux2 & AUX2_ADDRLEN) ? (int64_t)e->aux : -1,
			 e->h.pid);
}

/* sendmmsg/recvmmsg: "[{msg_hdr={...}, msg_len=3}, ...]", one group of
 * captures per message (its struct is 64 bytes: msghdr, then msg_len).
 * As strace: recvmmsg's received messages; sendmmsg's vlen offered, sent
 * or not, msg_len for those the result counts; -s of them, then "...";
 * "... /\* ADDR *\/" at one that could not be read. */
static void put_mmsgs(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		      size_t size, int i, bool out)
{
	static struct capref refs[MAX_REFS];
	size_t n = collect_caps(e, size, i, refs), k = 0, shown = 0;
	uint64_t total = out ? (uint64_t)e->ret : (uint32_t)e->args[2];
	uint64_t with_len = e->ret > 0 ? (uint64_t)e->ret : 0;
	size_t max = decode_verbose() ? (size_t)-1 : (size_t)formatter_strsize(f);
	/* recvmmsg: the messages' msg_namelen as given (read at entry) */
	const struct cap *given = NULL;
	const char *lens = NULL;

	if (out && cap_entry(e, size, i, &given, &lens) && (given->len & 3))
		given = NULL;
	if ((out && e->ret <= 0) || !n) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	sbuf_putc(b, '[');
	while (k < n && shown < total) {
		const struct cap *c = refs[k].c;
		size_t end = k + 1;
		uint32_t len;

		if (c->flags & (CAP_ELEM | CAP_NAME | CAP_CTRL)) {
			k++;
			continue;
		}
		if (shown)
			sbuf_puts(b, ", ");
		if (shown == max) {
			sbuf_puts(b, "...");
			shown = total;
			break;
		}
		if ((c->flags & CAP_FAULT) || c->len < sizeof(struct msghdr64) + 4) {
			sbuf_printf(b, "... /* %#llx */",
				    (unsigned long long)(e->args[i] + shown * 64));
			shown = total;
			break;
		}
		while (end < n && !is_header(refs[end].c, 1) &&
		       (refs[end].c->flags & (CAP_ELEM | CAP_NAME | CAP_CTRL)))
			end++;
		memcpy(&len, refs[k].data + sizeof(struct msghdr64), 4);
		sbuf_puts(b, "{msg_hdr=");
		int64_t namelen_in = -1;

		if (given && shown < given->len / 4u) {
			uint32_t l;

			memcpy(&l, lens + shown * 4, 4);
			namelen_in = l;
		}
		put_msghdr_group(f, b, refs + k, end - k, namelen_in, e->h.pid);
		if (shown < with_len)
			sbuf_printf(b, ", msg_len=%u", len);
		sbuf_putc(b, '}');
		shown++;
		k = end;
	}
	if (shown < total)	/* more than the kernel side captured */
		sbuf_puts(b, shown ? ", ..." : "...");
	sbuf_putc(b, ']');
}

/* SOL_SOCKET options whose value is an int (strace 6.1's list) */
static bool so_int_opt(uint32_t name)
{
	static const uint8_t ints[] = { 1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 18, 19, 27,
					29, 30, 32, 33, 34, 35, 36, 37, 40, 41, 42, 43, 44, 45, 46,
					49, 53, 56, 60, 63, 64, 65, 68, 69, 70, 73, 75 };

	for (size_t k = 0; k < sizeof(ints); k++)
		if (ints[k] == name)
			return true;
	return false;
}

/* A struct of int fields that getsockopt filled n bytes of: the whole
 * fields, then a cut one as hex bytes (strace: {pid=1, uid="\x00\x00"}) */
static void put_int_fields(struct sbuf *b, const char *p, size_t n, const char *const *names,
			   size_t nf, int uns)
{
	sbuf_putc(b, '{');
	for (size_t k = 0; k < nf && k * 4 < n; k++) {
		int32_t v;

		sbuf_printf(b, "%s%s=", k ? ", " : "", names[k]);
		if ((k + 1) * 4 > n) {
			decode_string_hex(b, p + k * 4, n - k * 4, false);
			break;
		}
		memcpy(&v, p + k * 4, 4);
		/* uns: 1 all but the first unsigned, 2 all */
		if ((uns == 1 && k) || uns == 2)
			sbuf_printf(b, "%u", (uint32_t)v);
		else
			sbuf_printf(b, "%d", v);
	}
	sbuf_putc(b, '}');
}

/* A socket option's value, as strace 6.1 prints it: n is what the call
 * read (setsockopt's optlen) or wrote (getsockopt's length after the
 * call), len what was captured of it (to the end of the process's
 * memory).  False: the address. */
static bool put_optval(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		       const char *p, size_t len, bool get, int32_t n)
{
	static const char *const linger[] = { "l_onoff", "l_linger" };
	static const char *const ucred[] = { "pid", "uid", "gid" };
	uint32_t level = (uint32_t)e->args[1], name = (uint32_t)e->args[2];
	size_t max = formatter_strsize(f);
	int32_t v[3];

	if (n < 0)
		return false;
	if (level == 1 && name == 13) {			/* SO_LINGER */
		if (!get && (n < 8 || len < 8))
			return false;
		if (get && len < (size_t)(n < 8 ? n : 8))
			return false;
		put_int_fields(b, p, get && n < 8 ? (size_t)n : 8, linger, 2, 0);
		return true;
	}
	if (level == 1 && name == 17 && get) {		/* SO_PEERCRED */
		if (len < (size_t)(n < 12 ? n : 12))
			return false;
		put_int_fields(b, p, n < 12 ? (size_t)n : 12, ucred, 3, 1);
		return true;
	}
	if (level == 1 && name == 4 && get) {		/* SO_ERROR: an errno by name */
		const char *err;
		size_t mark;

		if (n < 4) {
			if (len < (size_t)n)
				return false;
			decode_string_hex(b, p, n, false);
			return true;
		}
		if (len < 4)
			return false;
		memcpy(v, p, 4);
		err = v[0] > 0 ? errno_name(v[0]) : NULL;
		sbuf_putc(b, '[');
		mark = b->len;
		if (err)
			sbuf_puts(b, err);
		else
			sbuf_printf(b, "%d", v[0]);
		xlat_finish(b, mark, (uint32_t)v[0], XF_DEC);
		sbuf_putc(b, ']');
		return true;
	}
	if (level == 263 && get && name == 6) {		/* PACKET_STATISTICS */
		static const char *const st[] = { "tp_packets", "tp_drops", "tp_freeze_q_cnt" };

		if (len < (size_t)(n < 12 ? n : 12))
			return false;
		put_int_fields(b, p, n < 12 ? (size_t)n : 12, st, 3, 2);
		return true;
	}
	if (level == 263 && !get && (name == 5 || name == 13)) {	/* PACKET_RX_RING, _TX_RING */
		static const char *const req[] = { "tp_block_size", "tp_block_nr", "tp_frame_size",
						   "tp_frame_nr" };

		if (n != 16 || len < 16)
			return false;
		put_int_fields(b, p, 16, req, 4, 2);
		return true;
	}
	if (level == 263 && !get && (name == 1 || name == 2)) {	/* PACKET_{ADD,DROP}_MEMBERSHIP */
		uint16_t type, alen;
		size_t mark;

		if (n != 16 || len < 16)
			return false;
		memcpy(v, p, 4);
		memcpy(&type, p + 4, 2);
		memcpy(&alen, p + 6, 2);
		sbuf_printf(b, "{mr_ifindex=%d, mr_type=", v[0]);
		mark = b->len;
		put_enum(b, type, xlat_packet_mr_types, N(xlat_packet_mr_types), "PACKET_MR_???");
		xlat_finish(b, mark, type, XF_HEX);
		sbuf_printf(b, ", mr_alen=%u, mr_address=", alen);
		put_hw_addr(b, (const uint8_t *)p + 8, alen < 8 ? alen : 8);
		sbuf_putc(b, '}');
		return true;
	}
	if (level == 255 && name == 1) {			/* ICMP_FILTER */
		uint32_t allowed;	/* (the blocked ones) */
		bool inv;

		if ((!get && n < 4) || len < 4)
			return false;
		if (get && n < 4) {
			decode_string_hex(b, p, n, false);
			return true;
		}
		/* the types filtered out, as a set; "~[...]" (the others)
		 * when most are */
		memcpy(&allowed, p, 4);
		inv = __builtin_popcount(allowed) > 16;
		sbuf_puts(b, inv ? "~[" : "[");
		for (unsigned t = 0, first = 1; t < 32; t++) {
			if (!(((inv ? ~allowed : allowed) >> t) & 1))
				continue;
			if (!first)
				sbuf_putc(b, ' ');
			first = 0;
			put_enum(b, t, xlat_icmp_types, N(xlat_icmp_types), NULL);
		}
		sbuf_putc(b, ']');
		return true;
	}
	if (level == 270 && get && name == 9) {		/* NETLINK_LIST_MEMBERSHIPS */
		int32_t ulen = e->aux2 == 1 ? (int32_t)e->aux : n;
		size_t cnt = (size_t)(ulen < n ? ulen : n) / 4;

		if (len < cnt * 4)
			return false;
		sbuf_putc(b, '[');
		for (size_t k = 0; k < cnt; k++) {
			if (k == max) {
				sbuf_puts(b, ", ...");
				break;
			}
			memcpy(v, p + k * 4, 4);
			sbuf_printf(b, "%s%u", k ? ", " : "", (uint32_t)v[0]);
		}
		sbuf_putc(b, ']');
		return true;
	}
	if (level == 1 && name == 74) {			/* SO_TXREHASH */
		size_t mark;

		if (n < 4) {
			if (!get || len < (size_t)n)
				return false;
			decode_string_hex(b, p, n, false);
			return true;
		}
		if (len < 4)
			return false;
		memcpy(v, p, 4);
		sbuf_putc(b, '[');
		mark = b->len;
		/* unknown ones in decimal, and -X shows decimal too */
		sbuf_printf(b, "%d", v[0]);
		for (size_t k = 0; k < N(xlat_txrehash); k++)
			if (xlat_txrehash[k].val == (uint32_t)v[0]) {
				b->len = mark;
				sbuf_puts(b, xlat_txrehash[k].name);
			}
		if (b->len != mark && (b->p[mark] == '-' || (b->p[mark] >= '0' && b->p[mark] <= '9')))
			sbuf_puts(b, " /* SOCK_TXREHASH_??? */");
		xlat_finish(b, mark, (uint64_t)(int64_t)v[0], XF_DEC);
		sbuf_putc(b, ']');
		return true;
	}
	if ((level == 1 && so_int_opt(name)) || level == 270) {
		if (n < 4) {
			if (!get || level != 1 || len < (size_t)n)
				return false;
			decode_string_hex(b, p, n, false);	/* (strace: in hex) */
			return true;
		}
		if (len < 4)
			return false;
		memcpy(v, p, 4);
		sbuf_printf(b, "[%d]", v[0]);
		return true;
	}
	if (!get && level == 0 && (name == 35 || name == 36)) {
		/* IP_ADD_MEMBERSHIP, IP_DROP_MEMBERSHIP: struct ip_mreq */
		if (n < 8 || len < 8)
			return false;
		put_in_addr(b, "{imr_multiaddr=", (const uint8_t *)p);
		put_in_addr(b, ", imr_interface=", (const uint8_t *)p + 4);
		sbuf_putc(b, '}');
		return true;
	}
	if (!get && (level == 0 || level == 41) && (name == 42 || name == 45)) {
		/* MCAST_JOIN_GROUP, MCAST_LEAVE_GROUP: struct group_req, an
		 * interface and a sockaddr_storage at 8; shorter, or not
		 * readable whole: the address, as strace */
		if (n < 136 || len < 136)
			return false;
		memcpy(v, p, 4);
		sbuf_puts(b, "{gr_interface=");
		put_ifindex(b, (uint32_t)v[0]);
		sbuf_puts(b, ", gr_group=");
		decode_sockaddr(b, (const uint8_t *)p + 8, 128);
		sbuf_putc(b, '}');
		return true;
	}
	if (!get && level == 41 && (name == 20 || name == 21 || name == 27 || name == 28)) {
		/* IPV6_ADD_MEMBERSHIP, IPV6_DROP_MEMBERSHIP, IPV6_JOIN_ANYCAST,
		 * IPV6_LEAVE_ANYCAST: struct ipv6_mreq (shorter: the address) */
		char text[INET6_ADDRSTRLEN], call[256];

		if (n < 20 || len < 20)
			return false;

		inet_ntop(AF_INET6, p, text, sizeof(text));
		if (decode_xlat() == XLAT_ABBREV) {
			addr_call(call, sizeof(call), "{inet_pton(AF_INET6, ", text,
				  ", &ipv6mr_multiaddr)");
			sbuf_puts(b, call);
		} else {
			addr_call(call, sizeof(call), "inet_pton(AF_INET6, ", text, ")");
			put_net_bytes(b, "{ipv6mr_multiaddr=", (const uint8_t *)p, 16, call);
		}
		memcpy(v, p + 16, 4);
		sbuf_puts(b, ", ipv6mr_interface=");
		put_ifindex(b, (uint32_t)v[0]);
		sbuf_putc(b, '}');
		return true;
	}
	/* the rest: an int when 4 bytes, else the bytes */
	/* (the capture ends at 136 bytes read, 256 written) */
	if (len < (size_t)n && len < (get ? 256u : 136u))
		return false;
	if (n == 4) {
		memcpy(v, p, 4);
		sbuf_printf(b, "[%d]", v[0]);
	} else {
		size_t k = len < (size_t)n ? len : (size_t)n;

		decode_string(b, p, k < max ? k : max, (size_t)n > max);
	}
	return true;
}

bool put_msg_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		 const struct ev_syscall *e, size_t size, int i)
{
	int kind = d->args[i].kind;
	bool out = d->args[i].dir == ARG_OUT;
	uint64_t v = e->args[i];
	const struct cap *c;
	const char *data;

	switch (kind) {
	case AK_MSG_FLAGS:
		decode_msg_flags(b, v);
		return true;
	case AK_SOCKOPT_LEVEL:
		decode_sockopt_level(b, v);
		return true;
	case AK_SOCKOPT_NAME:
		/* SO_ATTACH_FILTER's number read back is SO_GET_FILTER */
		if (e->nr == NR_getsockopt && (uint32_t)e->args[1] == 1 && (uint32_t)v == 26)
			sbuf_puts(b, "SO_GET_FILTER");
		else
			decode_sockopt_name(b, e->args[1], v);
		return true;
	case AK_IOV: case AK_MSGHDR: case AK_SOCKOPT: case AK_MMSG:
		break;
	default:
		return false;
	}
	if (!v) {
		sbuf_puts(b, "NULL");
		return true;
	}
	switch (kind) {
	case AK_IOV:
		put_iov_array(f, b, e, size, i, e->args[d->args[i].len_arg], out && e->ret < 0);
		return true;
	case AK_MMSG:
		put_mmsgs(f, b, e, size, i, out);
		return true;
	case AK_MSGHDR:
		put_msghdr(f, b, e, size, i, out);
		return true;
	case AK_SOCKOPT: {
		int32_t n = (int32_t)e->args[4];

		/* getsockopt: the length the call wrote back; none (or what
		 * the caller gave was none): the address */
		if (out) {
			const struct cap *lc;
			const char *ldata;

			if (e->ret < 0 || !cap_find(e, size, 4, &lc, &ldata) ||
			    (lc->flags & CAP_FAULT) || lc->len < 4) {
				sbuf_hex(b, v);
				return true;
			}
			memcpy(&n, ldata, 4);
			if (n <= 0 || (e->aux2 == 1 && (int32_t)e->aux <= 0)) {
				sbuf_hex(b, v);
				return true;
			}
		}
		/* SO_ATTACH_FILTER's and SO_ATTACH_REUSEPORT_CBPF's struct
		 * sock_fprog (when optlen is its size) and with -v its
		 * program; SO_GET_FILTER's instructions (optlen counts them),
		 * with -v, else the address */
		if ((uint32_t)e->args[1] == 1 &&
		    ((uint32_t)e->args[2] == 26 || (!out && (uint32_t)e->args[2] == 51))) {
			bool got = cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT);

			if (!out && n == 16)
				put_sock_fprog_arg(b, e, size, i, FILTER_SOCK);
			else if (out && n == (uint16_t)n && decode_verbose())
				put_bpf_filter(b, v, n, got ? (const uint8_t *)data : NULL,
					       got ? c->len : 0, got && (c->flags & CAP_TRUNC),
					       FILTER_SOCK);
			else
				sbuf_hex(b, v);
			return true;
		}
		if (!cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT) ||
		    !put_optval(f, b, e, data, c->len, out, n))
			sbuf_hex(b, v);
		return true;
	}
	}
	return false;
}

/*
 * Socket addresses with their lengths.
 */

/*
 * Socket addresses: one the call reads is as long as its length argument
 * says; one it writes is as long as the length it wrote back ("[16]").
 */
void put_sockaddr(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i)
{
	const struct cap *c;
	const char *data;
	int kind = d->args[i].kind;

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (!cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT) || c->len < 2) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	if (kind == AK_SOCKLEN) {
		int32_t n;

		if (c->len < 4) {
			sbuf_hex(b, e->args[i]);
			return;
		}
		memcpy(&n, data, 4);
		/* the length as the caller gave it, and as the call left it */
		if ((e->aux2 & AUX2_ADDRLEN) && (int32_t)e->aux != n)
			sbuf_printf(b, "[%d => %d]", (int32_t)e->aux, n);
		else
			sbuf_printf(b, "[%d]", n);
		return;
	}
	size_t len = c->len;

	if (kind == AK_SOCKADDR && d->args[i].dir == ARG_OUT) {
		/* the length the call wrote back is the next argument's */
		const struct cap *lc;
		const char *ldata;
		int32_t n;

		if (i + 1 < d->nargs && cap_find(e, size, i + 1, &lc, &ldata) &&
		    !(lc->flags & CAP_FAULT) && lc->len >= 4) {
			memcpy(&n, ldata, 4);
			/* no address came back (an unbound unix sender): strace
			 * shows where it would have gone */
			if (!n && e->ret >= 0) {
				sbuf_hex(b, e->args[i]);
				return;
			}
			if (n >= 0 && (size_t)n < len)
				len = n;
		}
		/* nor more than the caller's room: the kernel writes no more
		 * ([2 => 24]: the family only) */
		if ((e->aux2 & AUX2_ADDRLEN) && e->aux < len)
			len = e->aux;
	}
	decode_sockaddr_fd(b, (const uint8_t *)data, len, f, e->h.pid);
}
