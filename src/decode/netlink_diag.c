// SPDX-License-Identifier: GPL-2.0
/*
 * NETLINK_SOCK_DIAG's payloads: the request and the answer of each
 * address family (unix, netlink, packet, inet, smc), and inet_diag's old
 * TCPDIAG_GETSOCK form.  Facts: strace 6.1's tests/netlink_sock_diag.c
 * and nlattr_*_diag_*.c.
 */
#include <arpa/inet.h>
#include <stdio.h>

#include "netlink.h"
#include "xlat_tables.h"

#define AF_UNIX_ 1
#define AF_INET_ 2
#define AF_INET6_ 10
#define AF_NETLINK_ 16
#define AF_PACKET_ 17
#define AF_SMC_ 43

static uint32_t u32_at(const uint8_t *s, size_t off)
{
	uint32_t v;

	memcpy(&v, s + off, 4);
	return v;
}

static uint16_t u16_at(const uint8_t *s, size_t off)
{
	uint16_t v;

	memcpy(&v, s + off, 2);
	return v;
}

/*
 * "{FIELD=AF_X" of a struct of `size` bytes whose first byte (already
 * known readable) is the family, copied into s; "...}" when the message
 * is shorter, the address of the rest when it cannot be read: false then.
 */
bool nl_family_head(const struct nl *n, size_t off, size_t len, size_t size,
		    const char *field, uint8_t *s)
{
	struct sbuf *b = n->b;

	sbuf_printf(b, "{%s=", field);
	nl_enum(b, n->p[off], xlat_addrfams, N(xlat_addrfams), "AF_???");
	if (len < size) {
		sbuf_puts(b, ", ...}");
		return false;
	}
	if (!nl_readable(n, off, size)) {
		sbuf_puts(b, ", ");
		nl_addr(n, off + 1);
		sbuf_putc(b, '}');
		return false;
	}
	memcpy(s, n->p + off, size);
	return true;
}

static void put_cookie(struct sbuf *b, const char *field, const uint8_t *s, size_t off)
{
	sbuf_printf(b, "%s=[%u, %u]", field, u32_at(s, off), u32_at(s, off + 4));
}

/* struct inet_diag_sockid (48 bytes) */
static void put_sockid(struct sbuf *b, const uint8_t *id, uint8_t family)
{
	char text[32];

	sbuf_puts(b, "id={");
	snprintf(text, sizeof(text), "htons(%u)", ntohs(u16_at(id, 0)));
	nl_net_bytes(b, "idiag_sport", id, 2, text);
	snprintf(text, sizeof(text), "htons(%u)", ntohs(u16_at(id, 2)));
	nl_net_bytes(b, ", idiag_dport", id + 2, 2, text);
	sbuf_puts(b, ", ");
	nl_put_ip(b, family == AF_INET6_ ? AF_INET6 : AF_INET, id + 4, "idiag_src", 16);
	sbuf_puts(b, ", ");
	nl_put_ip(b, family == AF_INET6_ ? AF_INET6 : AF_INET, id + 20, "idiag_dst", 16);
	sbuf_puts(b, ", idiag_if=");
	nl_ifindex(b, u32_at(id, 36));
	sbuf_puts(b, ", ");
	put_cookie(b, "idiag_cookie", id, 40);
	sbuf_putc(b, '}');
}

/* unix_diag_vfs: the device first, as strace prints it */
static bool unix_vfs(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint32_t v[2];

	(void)ctx;
	if (len < 8)
		return false;
	if (nl_fetch(n, off, v, 8))
		sbuf_printf(n->b, "{udiag_vfs_dev=makedev(%#x, %#x), udiag_vfs_ino=%u}",
			    (v[1] >> 8) & 0xfff, (v[1] & 0xff) | ((v[1] >> 12) & ~0xffu), v[0]);
	return true;
}

static const struct nl_field rqlen_f[] = {
	{ "udiag_rqueue", 0, 4, 'u', NULL }, { "udiag_wqueue", 4, 4, 'u', NULL },
};
static const struct nl_struct rqlen_s = NL_STRUCT(8, rqlen_f);
static const struct nla_dec unix_decs[] = {
	[0] = { nla_str, NULL },		/* UNIX_DIAG_NAME */
	[1] = { unix_vfs, NULL },		/* UNIX_DIAG_VFS */
	[2] = { nla_u32, NULL },		/* UNIX_DIAG_PEER */
	[3] = { nla_array, &nl_array_u32 },	/* UNIX_DIAG_ICONS */
	[4] = { nla_struct, &rqlen_s },		/* UNIX_DIAG_RQLEN */
	[5] = { nla_array, &nl_array_u32 },	/* UNIX_DIAG_MEMINFO */
	[6] = { nla_u8, NULL },			/* UNIX_DIAG_SHUTDOWN */
	[7] = { nla_u32, NULL },		/* UNIX_DIAG_UID */
};
static const struct nla_table unix_attrs = NLA_TABLE(xlat_unix_diag_attrs, "UNIX_DIAG_???",
						     unix_decs);

static const struct nl_field ndr_f[] = {
	{ "ndr_block_size", 0, 4, 'u', NULL }, { "ndr_block_nr", 4, 4, 'u', NULL },
	{ "ndr_frame_size", 8, 4, 'u', NULL }, { "ndr_frame_nr", 12, 4, 'u', NULL },
};
static const struct nl_struct ndr_s = NL_STRUCT(16, ndr_f);
static const struct nl_xval ndiag_flags_x = { xlat_netlink_diag_flags,
	N(xlat_netlink_diag_flags), "NDIAG_FLAG_???", 4, true };
static const struct nla_dec netlink_decs[] = {
	[0] = { nla_array, &nl_array_u32 },	/* NETLINK_DIAG_MEMINFO */
	[1] = { nla_array, &nl_array_x64 },	/* NETLINK_DIAG_GROUPS */
	[2] = { nla_struct, &ndr_s },		/* NETLINK_DIAG_RX_RING */
	[3] = { nla_struct, &ndr_s },		/* NETLINK_DIAG_TX_RING */
	[4] = { nla_xval, &ndiag_flags_x },	/* NETLINK_DIAG_FLAGS */
};
static const struct nla_table netlink_attrs =
	NLA_TABLE(xlat_netlink_diag_attrs, "NETLINK_DIAG_???", netlink_decs);

static const struct nl_field pdr_f[] = {
	{ "pdr_block_size", 0, 4, 'u', NULL }, { "pdr_block_nr", 4, 4, 'u', NULL },
	{ "pdr_frame_size", 8, 4, 'u', NULL }, { "pdr_frame_nr", 12, 4, 'u', NULL },
	{ "pdr_retire_tmo", 16, 4, 'u', NULL }, { "pdr_sizeof_priv", 20, 4, 'u', NULL },
	{ "pdr_features", 24, 4, 'u', NULL },
};
static const struct nl_struct pdr_s = NL_STRUCT(28, pdr_f);
static const struct nl_xval tpacket_x = { xlat_packet_versions, N(xlat_packet_versions),
					  "TPACKET_???", 4, false };
static const struct nl_xval pdi_flags_x = { xlat_packet_diag_info_flags,
					    N(xlat_packet_diag_info_flags), "PDI_???", 4, true };
static const struct nl_field pdi_f[] = {
	{ "pdi_index", 0, 4, 'i', NULL }, { "pdi_version", 4, 4, 'X', &tpacket_x },
	{ "pdi_reserve", 8, 4, 'u', NULL }, { "pdi_copy_thresh", 12, 4, 'u', NULL },
	{ "pdi_tstamp", 16, 4, 'u', NULL }, { "pdi_flags", 20, 4, 'X', &pdi_flags_x },
};
static const struct nl_struct pdi_s = NL_STRUCT(24, pdi_f);

/* struct packet_diag_mclist: its address as long as pdmc_alen says */
static void put_mclist(const struct nl *n, const uint8_t *e)
{
	uint16_t type, alen;

	memcpy(&type, e + 8, 2);
	memcpy(&alen, e + 10, 2);
	sbuf_puts(n->b, "{pdmc_index=");
	nl_ifindex(n->b, u32_at(e, 0));
	sbuf_printf(n->b, ", pdmc_count=%u, pdmc_type=%u, pdmc_alen=%u, pdmc_addr=",
		    u32_at(e, 4), type, alen);
	decode_string_hex(n->b, (const char *)e + 12, alen < 32 ? alen : 32, alen > 32);
	sbuf_putc(n->b, '}');
}
static const struct nl_array mclist_a = { 44, put_mclist };

static void put_insn(const struct nl *n, const uint8_t *e)
{
	put_sock_filter_insn(n->b, e);
}
/* the socket's classic BPF filter, struct sock_filter[] */
static const struct nl_array filter_a = { 8, put_insn };

static const struct nla_dec packet_decs[] = {
	[0] = { nla_struct, &pdi_s },		/* PACKET_DIAG_INFO */
	[1] = { nla_array, &mclist_a },		/* PACKET_DIAG_MCLIST */
	[2] = { nla_struct, &pdr_s },		/* PACKET_DIAG_RX_RING */
	[3] = { nla_struct, &pdr_s },		/* PACKET_DIAG_TX_RING */
	[4] = { nla_u32, NULL },		/* PACKET_DIAG_FANOUT */
	[5] = { nla_u32, NULL },		/* PACKET_DIAG_UID */
	[6] = { nla_array, &nl_array_u32 },	/* PACKET_DIAG_MEMINFO */
	[7] = { nla_array, &filter_a },		/* PACKET_DIAG_FILTER */
};
static const struct nla_table packet_attrs = NLA_TABLE(xlat_packet_diag_attrs, "PACKET_DIAG_???",
						       packet_decs);
static const struct nla_table inet_attrs = NLA_NAMES(xlat_inet_diag_attrs, "INET_DIAG_???");

const struct nla_table *nl_diag_attr_tables[6] = {
	&unix_attrs, &netlink_attrs, &packet_attrs, &inet_attrs, &nl_inet_req_attrs,
	&nl_smc_attrs,
};


static const struct nla_table *diag_request(const struct nl *n, uint8_t family, size_t off,
					    size_t len, size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[64];

	switch (family) {
	case AF_UNIX_:
		if (!nl_family_head(n, off, len, *size = 24, "sdiag_family", s))
			return NULL;
		nl_put_u(b, "sdiag_protocol", s[1]);
		sbuf_puts(b, ", udiag_states=");
		nl_bits(b, u32_at(s, 4), xlat_tcp_states, N(xlat_tcp_states), 0, NULL);
		nl_put_u(b, "udiag_ino", u32_at(s, 8));
		nl_put_fl(b, "udiag_show", u32_at(s, 12), xlat_unix_diag_show,
		       N(xlat_unix_diag_show), "UDIAG_SHOW_???");
		sbuf_puts(b, ", ");
		put_cookie(b, "udiag_cookie", s, 16);
		sbuf_putc(b, '}');
		return NULL;
	case AF_NETLINK_:
		if (!nl_family_head(n, off, len, *size = 20, "sdiag_family", s))
			return NULL;
		sbuf_puts(b, ", sdiag_protocol=");
		if (s[1] == 255) {
			size_t mark = b->len;

			sbuf_puts(b, "NDIAG_PROTO_ALL");
			xlat_finish(b, mark, 255, XF_HEX);
		} else {
			nl_enum(b, s[1], xlat_sock_proto_nl, N(xlat_sock_proto_nl), "NETLINK_???");
		}
		nl_put_u(b, "ndiag_ino", u32_at(s, 4));
		nl_put_fl(b, "ndiag_show", u32_at(s, 8), xlat_netlink_diag_show,
		       N(xlat_netlink_diag_show), "NDIAG_SHOW_???");
		sbuf_puts(b, ", ");
		put_cookie(b, "ndiag_cookie", s, 12);
		sbuf_putc(b, '}');
		return NULL;
	case AF_PACKET_:
		if (!nl_family_head(n, off, len, *size = 20, "sdiag_family", s))
			return NULL;
		sbuf_printf(b, ", sdiag_protocol=%#x", s[1]);
		nl_put_u(b, "pdiag_ino", u32_at(s, 4));
		nl_put_fl(b, "pdiag_show", u32_at(s, 8), xlat_packet_diag_show,
		       N(xlat_packet_diag_show), "PACKET_SHOW_???");
		sbuf_puts(b, ", ");
		put_cookie(b, "pdiag_cookie", s, 12);
		sbuf_putc(b, '}');
		return NULL;
	case AF_INET_: case AF_INET6_:
		if (!nl_family_head(n, off, len, *size = 56, "sdiag_family", s))
			return NULL;
		nl_put_en(b, "sdiag_protocol", s[1], xlat_sock_proto_ip, N(xlat_sock_proto_ip),
		       "IPPROTO_???");
		sbuf_puts(b, ", idiag_ext=");
		nl_bits(b, s[2], xlat_inet_diag_attrs, N(xlat_inet_diag_attrs), 1, NULL);
		sbuf_puts(b, ", idiag_states=");
		nl_bits(b, u32_at(s, 4), xlat_tcp_states, N(xlat_tcp_states), 0, NULL);
		sbuf_puts(b, ", ");
		put_sockid(b, s + 8, family);
		sbuf_putc(b, '}');
		return &nl_inet_req_attrs;
	case AF_SMC_:
		if (!nl_family_head(n, off, len, *size = 52, "diag_family", s))
			return NULL;
		sbuf_puts(b, ", diag_ext=");
		nl_bits(b, s[3], xlat_smc_diag_attrs, N(xlat_smc_diag_attrs), 1, NULL);
		sbuf_puts(b, ", ");
		/* the addresses of an smc socket are its tcp socket's */
		put_sockid(b, s + 4, AF_INET_);
		sbuf_putc(b, '}');
		return NULL;
	}
	return (const struct nla_table *)-1;
}

static const struct nla_table *diag_answer(const struct nl *n, uint8_t family, size_t off,
					   size_t len, size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[80];

	switch (family) {
	case AF_UNIX_:
		if (!nl_family_head(n, off, len, *size = 16, "udiag_family", s))
			return NULL;
		nl_put_en(b, "udiag_type", s[1], xlat_sock_type_types, N(xlat_sock_type_types),
		       "SOCK_???");
		nl_put_en(b, "udiag_state", s[2], xlat_tcp_states, N(xlat_tcp_states), "TCP_???");
		nl_put_u(b, "udiag_ino", u32_at(s, 4));
		sbuf_puts(b, ", ");
		put_cookie(b, "udiag_cookie", s, 8);
		sbuf_putc(b, '}');
		return &unix_attrs;
	case AF_NETLINK_:
		if (!nl_family_head(n, off, len, *size = 28, "ndiag_family", s))
			return NULL;
		nl_put_en(b, "ndiag_type", s[1], xlat_sock_type_types, N(xlat_sock_type_types),
		       "SOCK_???");
		nl_put_en(b, "ndiag_protocol", s[2], xlat_sock_proto_nl, N(xlat_sock_proto_nl),
		       "NETLINK_???");
		nl_put_en(b, "ndiag_state", s[3], xlat_netlink_states, N(xlat_netlink_states),
		       "NETLINK_???");
		nl_put_u(b, "ndiag_portid", u32_at(s, 4));
		nl_put_u(b, "ndiag_dst_portid", u32_at(s, 8));
		nl_put_u(b, "ndiag_dst_group", u32_at(s, 12));
		nl_put_u(b, "ndiag_ino", u32_at(s, 16));
		sbuf_puts(b, ", ");
		put_cookie(b, "ndiag_cookie", s, 20);
		sbuf_putc(b, '}');
		return &netlink_attrs;
	case AF_PACKET_:
		if (!nl_family_head(n, off, len, *size = 16, "pdiag_family", s))
			return NULL;
		nl_put_en(b, "pdiag_type", s[1], xlat_sock_type_types, N(xlat_sock_type_types),
		       "SOCK_???");
		nl_put_en(b, "pdiag_num", u16_at(s, 2), xlat_ethernet_protocols,
		       N(xlat_ethernet_protocols), "ETH_P_???");
		nl_put_u(b, "pdiag_ino", u32_at(s, 4));
		sbuf_puts(b, ", ");
		put_cookie(b, "pdiag_cookie", s, 8);
		sbuf_putc(b, '}');
		return &packet_attrs;
	case AF_INET_: case AF_INET6_:
		if (!nl_family_head(n, off, len, *size = 72, "idiag_family", s))
			return NULL;
		nl_put_en(b, "idiag_state", s[1], xlat_tcp_states, N(xlat_tcp_states), "TCP_???");
		nl_put_u(b, "idiag_timer", s[2]);
		nl_put_u(b, "idiag_retrans", s[3]);
		sbuf_puts(b, ", ");
		put_sockid(b, s + 4, family);
		nl_put_u(b, "idiag_expires", u32_at(s, 52));
		nl_put_u(b, "idiag_rqueue", u32_at(s, 56));
		nl_put_u(b, "idiag_wqueue", u32_at(s, 60));
		nl_put_u(b, "idiag_uid", u32_at(s, 64));
		nl_put_u(b, "idiag_inode", u32_at(s, 68));
		sbuf_putc(b, '}');
		return &inet_attrs;
	case AF_SMC_:
		if (!nl_family_head(n, off, len, *size = 64, "diag_family", s))
			return NULL;
		nl_put_en(b, "diag_state", s[1], xlat_smc_states, N(xlat_smc_states), "SMC_???");
		nl_put_en(b, "diag_fallback", s[2], xlat_smc_diag_mode, N(xlat_smc_diag_mode),
		       "SMC_DIAG_MODE_???");
		nl_put_u(b, "diag_shutdown", s[3]);
		sbuf_puts(b, ", ");
		put_sockid(b, s + 4, AF_INET_);
		nl_put_u(b, "diag_uid", u32_at(s, 52));
		sbuf_printf(b, ", diag_inode=%llu}", (unsigned long long)(u32_at(s, 56) |
			    (uint64_t)u32_at(s, 60) << 32));
		return &nl_smc_attrs;
	}
	return (const struct nla_table *)-1;
}

/* TCPDIAG_GETSOCK, DCCPDIAG_GETSOCK's request: struct inet_diag_req */
static const struct nla_table *diag_compat_request(const struct nl *n, size_t off, size_t len,
						   size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[60];

	if (!nl_family_head(n, off, len, *size = 60, "idiag_family", s))
		return NULL;
	nl_put_u(b, "idiag_src_len", s[1]);
	nl_put_u(b, "idiag_dst_len", s[2]);
	sbuf_puts(b, ", idiag_ext=");
	nl_bits(b, s[3], xlat_inet_diag_attrs, N(xlat_inet_diag_attrs), 1, NULL);
	sbuf_puts(b, ", ");
	put_sockid(b, s + 4, s[0]);
	sbuf_puts(b, ", idiag_states=");
	nl_bits(b, u32_at(s, 52), xlat_tcp_states, N(xlat_tcp_states), 0, NULL);
	nl_put_u(b, "idiag_dbs", u32_at(s, 56));
	sbuf_putc(b, '}');
	return &nl_inet_req_attrs;
}

bool nl_sock_diag(const struct nl *n, uint16_t type, uint16_t flags, size_t off, size_t len)
{
	struct sbuf *b = n->b;
	const struct nla_table *t;
	size_t size = 0;
	uint8_t family;

	if (!nl_fetch(n, off, &family, 1))
		return true;
	if (len > 1) {
		if (type == 18 || type == 19)	/* TCPDIAG_GETSOCK, DCCPDIAG_GETSOCK */
			t = (flags & 1) ? diag_compat_request(n, off, len, &size)
					: diag_answer(n, AF_INET_, off, len, &size);
		else if (type == 20)		/* SOCK_DIAG_BY_FAMILY */
			t = (flags & 1) ? diag_request(n, family, off, len, &size)
					: diag_answer(n, family, off, len, &size);
		else
			t = (const struct nla_table *)-1;
		if (t != (const struct nla_table *)-1) {
			struct nl m = *n;

			m.family = family;
			if (t)
				nl_attrs_after(&m, off, len, size, t);
			return true;
		}
	}
	/* a family without a decoder: its number, the rest as bytes */
	sbuf_puts(b, "{family=");
	nl_enum(b, family, xlat_addrfams, N(xlat_addrfams), "AF_???");
	if (len > 1) {
		sbuf_puts(b, ", data=");
		nl_hex(n, off + 1, len - 1);
	}
	sbuf_putc(b, '}');
	return true;
}
