// SPDX-License-Identifier: GPL-2.0
/*
 * Socket addresses by family, as strace 6.1 prints them: a family whose
 * address is at least its struct's length is shown by field, a shorter one
 * (or an unknown family) as sa_data bytes.  Also the small printers other
 * socket decoders share: ports and addresses in network byte order,
 * interface indexes, hardware addresses.
 */
#include <arpa/inet.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"

void put_net_bytes(struct sbuf *b, const char *field, const uint8_t *p, size_t n,
		   const char *name)
{
	sbuf_puts(b, field);
	if (decode_xlat() == XLAT_ABBREV) {
		sbuf_puts(b, name);
		return;
	}
	decode_string_hex(b, (const char *)p, n, false);
	if (decode_xlat() == XLAT_VERBOSE)
		sbuf_printf(b, " /* %s */", name);
}

void addr_call(char *name, size_t n, const char *head, const char *text, const char *tail)
{
	struct sbuf q;

	sbuf_init(&q, 128);
	sbuf_puts(&q, head);
	decode_string(&q, text, strlen(text), false);
	sbuf_puts(&q, tail);
	snprintf(name, n, "%.*s", (int)q.len, q.p);
	sbuf_free(&q);
}

void put_ifindex(struct sbuf *b, uint32_t v)
{
	char ifname[IF_NAMESIZE];
	size_t mark = b->len;

	if (v && if_indextoname(v, ifname)) {
		sbuf_puts(b, "if_nametoindex(");
		decode_string(b, ifname, strlen(ifname), false);
		sbuf_putc(b, ')');
	} else {
		sbuf_printf(b, "%u", v);	/* strace: unsigned, whatever the field's type */
	}
	xlat_finish(b, mark, v, XF_UDEC);
}

void put_in_addr(struct sbuf *b, const char *field, const uint8_t *p)
{
	char text[INET_ADDRSTRLEN], name[96];

	inet_ntop(AF_INET, p, text, sizeof(text));
	addr_call(name, sizeof(name), "inet_addr(", text, ")");
	put_net_bytes(b, field, p, 4, name);
}

void put_hw_addr(struct sbuf *b, const uint8_t *p, size_t n)
{
	char text[3 * 8 + 1] = "";
	size_t at = 0;

	for (size_t k = 0; k < n && k < 8; k++)
		at += snprintf(text + at, sizeof(text) - at, "%s%02x", k ? ":" : "", p[k]);
	if (decode_xlat() == XLAT_ABBREV) {
		sbuf_puts(b, text);
		return;
	}
	decode_string_hex(b, (const char *)p, n, false);
	if (decode_xlat() == XLAT_VERBOSE)
		sbuf_printf(b, " /* %s */", text);
}

/* A value always as its number, its name in a comment (strace's
 * XVAL_VERBOSE fields: "srx_service=0x1 /\* CM_SERVICE *\/"); -X raw: the
 * number alone */
static void put_xval_num(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
			 const char *unknown)
{
	const char *name = unknown;

	put_hex0(b, v);
	if (decode_xlat() == XLAT_RAW)
		return;
	for (size_t k = 0; k < n; k++)
		if (t[k].val == v)
			name = t[k].name;
	if (name)
		sbuf_printf(b, " /* %s */", name);
}

static uint16_t u16at(const uint8_t *p, size_t off)
{
	uint16_t v;

	memcpy(&v, p + off, 2);
	return v;
}

static uint32_t u32at(const uint8_t *p, size_t off)
{
	uint32_t v;

	memcpy(&v, p + off, 4);
	return v;
}

/* A char array meant to end in a NUL: up to the NUL; with none in its n
 * bytes, n - 1 of them and "..." (strace's salg_type, salg_name) */
static void put_cstr_field(struct sbuf *b, const char *field, const uint8_t *p, size_t n)
{
	const uint8_t *nul = n ? memchr(p, 0, n) : NULL;

	sbuf_puts(b, field);
	if (nul)
		decode_string(b, (const char *)p, (size_t)(nul - p), false);
	else
		decode_string(b, (const char *)p, n ? n - 1 : 0, true);
}

/* struct sockaddr_in after its family: ", sin_port=..., sin_addr=..." */
static void put_sin(struct sbuf *b, const uint8_t *p)
{
	char name[96];

	snprintf(name, sizeof(name), "htons(%u)", ntohs(u16at(p, 2)));
	put_net_bytes(b, ", sin_port=", p + 2, 2, name);
	put_in_addr(b, ", sin_addr=", p + 4);
}

/* struct sockaddr_in6 after its family; the scope when len reaches it
 * (by interface name for a link-local address, as strace) */
static void put_sin6(struct sbuf *b, const uint8_t *p, size_t len)
{
	char text[INET6_ADDRSTRLEN], name[256];
	struct in6_addr a;

	inet_ntop(AF_INET6, p + 8, text, sizeof(text));
	snprintf(name, sizeof(name), "htons(%u)", ntohs(u16at(p, 2)));
	put_net_bytes(b, ", sin6_port=", p + 2, 2, name);
	snprintf(name, sizeof(name), "htonl(%u)", ntohl(u32at(p, 4)));
	put_net_bytes(b, ", sin6_flowinfo=", p + 4, 4, name);
	if (decode_xlat() == XLAT_ABBREV) {
		addr_call(name, sizeof(name), ", inet_pton(AF_INET6, ", text, ", &sin6_addr)");
		sbuf_puts(b, name);
	} else {
		addr_call(name, sizeof(name), "inet_pton(AF_INET6, ", text, ")");
		put_net_bytes(b, ", sin6_addr=", p + 8, 16, name);
	}
	if (len <= 24 || len < 28)
		return;
	memcpy(&a, p + 8, 16);
	sbuf_puts(b, ", sin6_scope_id=");
	if (IN6_IS_ADDR_LINKLOCAL(&a) || IN6_IS_ADDR_MC_LINKLOCAL(&a))
		put_ifindex(b, u32at(p, 24));
	else
		sbuf_printf(b, "%u", u32at(p, 24));
}

/* struct sockaddr_ll after its family: the protocol as htons(ETH_P_*),
 * the interface by name, the hardware type, packet type and address */
static void put_sockaddr_ll(struct sbuf *b, const uint8_t *p)
{
	uint8_t pkttype = p[10], halen = p[11];
	struct sbuf name;

	/* "htons(ETH_P_IP)", "htons(0x9999 /\* ETH_P_??? *\/)" */
	sbuf_init(&name, 64);
	sbuf_puts(&name, "htons(");
	put_enum(&name, ntohs(u16at(p, 2)), xlat_eth_p, N(xlat_eth_p), "ETH_P_???");
	sbuf_putc(&name, ')');
	sbuf_putc(&name, '\0');	/* a C string for put_net_bytes */
	put_net_bytes(b, ", sll_protocol=", p + 2, 2, name.p);
	sbuf_free(&name);
	sbuf_puts(b, ", sll_ifindex=");
	put_ifindex(b, u32at(p, 4));
	sbuf_puts(b, ", sll_hatype=");
	put_enum_x(b, u16at(p, 8), xlat_arphrd, N(xlat_arphrd), "ARPHRD_???");
	sbuf_puts(b, ", sll_pkttype=");
	put_enum_x(b, pkttype, xlat_packet_types, N(xlat_packet_types), "PACKET_???");
	sbuf_printf(b, ", sll_halen=%u", halen);
	if (halen) {
		sbuf_puts(b, ", sll_addr=[");
		for (unsigned i = 0; i < halen && i < 8; i++)
			sbuf_printf(b, "%s%#02x", i ? ", " : "", p[12 + i]);
		sbuf_puts(b, halen > 8 ? ", ...]" : "]");
	}
}

/* struct sockaddr_ipx: port and network in network byte order, the node,
 * the type, and the zero byte only when set */
static void put_sockaddr_ipx(struct sbuf *b, const uint8_t *p)
{
	char name[64];

	snprintf(name, sizeof(name), "htons(%u)", ntohs(u16at(p, 2)));
	put_net_bytes(b, ", sipx_port=", p + 2, 2, name);
	sbuf_printf(b, ", sipx_network=htonl(%#x)", ntohl(u32at(p, 4)));	/* in every -X style */
	sbuf_puts(b, ", sipx_node=[");
	for (int k = 0; k < 6; k++)
		sbuf_printf(b, "%s%#02x", k ? ", " : "", p[8 + k]);
	sbuf_printf(b, "], sipx_type=%#02x", p[14]);
	if (p[15])
		sbuf_printf(b, ", sipx_zero=%#02x", p[15]);
}

static const struct flag rxrpc_services[] = {
	{ 1, "CM_SERVICE" }, { 2500, "YFS_FS_SERVICE" }, { 2501, "YFS_CM_SERVICE" },
	{ 2503, "YFS_VL_SERVICE" },
};

/* struct sockaddr_rxrpc (36 bytes): the service, the transport's socket
 * type and length, and the transport address (only IPv4 and IPv6 by
 * field, and only as far as transport_len says) */
static void put_sockaddr_rxrpc(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint16_t tlen = u16at(p, 6), tfam = u16at(p, 8);
	size_t have = len - 8, shown = tlen < have ? tlen : have;
	size_t rest = shown > 2 ? shown - 2 : 0;
	const char *sub = tfam == AF_INET ? "sin" : tfam == AF_INET6 ? "sin6" : NULL;

	sbuf_puts(b, ", srx_service=");
	put_xval_num(b, u16at(p, 2), rxrpc_services, N(rxrpc_services), "???_SERVICE");
	sbuf_puts(b, ", transport_type=");
	put_enum_x(b, u16at(p, 4), xlat_sock_type_types, N(xlat_sock_type_types), "SOCK_???");
	sbuf_printf(b, ", transport_len=%u, transport={", tlen);
	if (sub)
		sbuf_printf(b, "%s={%s_family=", sub, sub);
	else
		sbuf_puts(b, "family=");
	put_enum_x(b, tfam, xlat_addrfams, N(xlat_addrfams), "AF_???");
	if (tfam == AF_INET && tlen >= 16) {
		put_sin(b, p + 8);
	} else if (tfam == AF_INET6 && tlen >= 24) {
		put_sin6(b, p + 8, shown);
	} else if (rest) {
		sbuf_puts(b, ", ");
		decode_string(b, (const char *)p + 10, rest, false);
	}
	sbuf_puts(b, sub ? "}}" : "}");
}

static const struct flag ieee802154_addr_types[] = {
	{ 0, "IEEE802154_ADDR_NONE" }, { 2, "IEEE802154_ADDR_SHORT" },
	{ 3, "IEEE802154_ADDR_LONG" },
};
static const struct flag ieee802154_pan_ids[] = { { 0xffff, "IEEE802154_PANID_BROADCAST" } };
static const struct flag ieee802154_addrs[] = {
	{ 0xfffe, "IEEE802154_ADDR_UNDEF" }, { 0xffff, "IEEE802154_ADDR_BROADCAST" },
};

/* struct sockaddr_ieee802154: addr_type (int at 4), pan_id (at 8), then
 * a short address or an 8-byte hardware one (at 10) by the type */
static void put_sockaddr_ieee802154(struct sbuf *b, const uint8_t *p)
{
	uint32_t type = u32at(p, 4);

	sbuf_puts(b, ", addr={addr_type=");
	put_xval_num(b, type, ieee802154_addr_types, N(ieee802154_addr_types),
		     "IEEE802154_ADDR_???");
	sbuf_puts(b, ", pan_id=");
	put_xval_num(b, u16at(p, 8), ieee802154_pan_ids, N(ieee802154_pan_ids), NULL);
	if (type == 2) {
		sbuf_puts(b, ", short_addr=");
		put_xval_num(b, u16at(p, 10), ieee802154_addrs, N(ieee802154_addrs), NULL);
	} else if (type != 0) {
		sbuf_puts(b, ", hwaddr=");
		put_hw_addr(b, p + 10, 8);
	}
	sbuf_putc(b, '}');
}

static const struct flag alg_flags[] = { { 0x1000, "CRYPTO_ALG_KERN_DRIVER_ONLY" } };

/* a flag set always as its number, the names in a comment ("0" alone) */
static void put_flags_num(struct sbuf *b, uint32_t v, const struct flag *t, size_t n,
			  const char *unknown)
{
	uint64_t rest = v;
	int none;

	put_hex0(b, v);
	if (!v || decode_xlat() == XLAT_RAW)
		return;
	sbuf_puts(b, " /* ");
	none = put_flags(b, &rest, t, n, 1);
	if (none)
		sbuf_puts(b, unknown);
	else
		put_rest(b, rest, 0, "");
	sbuf_puts(b, " */");
}

/* struct sockaddr_alg: type (14 bytes at 2), feat, mask, then the name to
 * the end of the address */
static void put_sockaddr_alg(struct sbuf *b, const uint8_t *p, size_t len)
{
	put_cstr_field(b, ", salg_type=", p + 2, 14);
	sbuf_puts(b, ", salg_feat=");
	put_flags_num(b, u32at(p, 16), alg_flags, N(alg_flags), "CRYPTO_ALG_???");
	sbuf_puts(b, ", salg_mask=");
	put_flags_num(b, u32at(p, 20), alg_flags, N(alg_flags), "CRYPTO_ALG_???");
	put_cstr_field(b, ", salg_name=", p + 24, len - 24);
}

static const struct flag nfc_protos[] = {
	{ 1, "NFC_PROTO_JEWEL" }, { 2, "NFC_PROTO_MIFARE" }, { 3, "NFC_PROTO_FELICA" },
	{ 4, "NFC_PROTO_ISO14443" }, { 5, "NFC_PROTO_NFC_DEP" }, { 6, "NFC_PROTO_ISO14443_B" },
	{ 7, "NFC_PROTO_ISO15693" },
};
static const struct flag nfc_saps[] = {
	{ 1, "LLCP_SAP_SDP" }, { 2, "LLCP_SAP_IP" }, { 3, "LLCP_SAP_OBEX" },
	{ 4, "LLCP_SAP_SNEP" }, { 0xff, "LLCP_SAP_MAX" },
};

/* struct sockaddr_nfc (16 bytes), and struct sockaddr_nfc_llcp (96 on
 * x86_64: dsap, ssap, a 63-byte name and its length as a size_t at 88) */
static void put_sockaddr_nfc(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint64_t snlen;

	sbuf_puts(b, ", dev_idx=");
	put_ifindex(b, u32at(p, 4));
	sbuf_printf(b, ", target_idx=%#x, nfc_protocol=", u32at(p, 8));
	put_enum_x(b, u32at(p, 12), nfc_protos, N(nfc_protos), "NFC_PROTO_???");
	if (len < 96) {
		if (len > 16)
			sbuf_puts(b, ", ...");
		return;
	}
	memcpy(&snlen, p + 88, 8);
	sbuf_puts(b, ", dsap=");
	put_xval_num(b, p[16], nfc_saps, N(nfc_saps), NULL);
	sbuf_puts(b, ", ssap=");
	put_xval_num(b, p[17], nfc_saps, N(nfc_saps), NULL);
	sbuf_puts(b, ", service_name=");
	decode_string(b, (const char *)p + 18, snlen < 63 ? snlen : 63, false);
	sbuf_printf(b, ", service_name_len=%llu", (unsigned long long)snlen);
}

static const struct flag vsock_cids[] = {
	{ 0, "VMADDR_CID_HYPERVISOR" }, { 1, "VMADDR_CID_LOCAL" }, { 2, "VMADDR_CID_HOST" },
	{ 0xffffffff, "VMADDR_CID_ANY" },
};
static const struct flag vsock_ports[] = { { 0xffffffff, "VMADDR_PORT_ANY" } };
static const struct flag vsock_flags[] = { { 1, "VMADDR_FLAG_TO_HOST" } };

/* struct sockaddr_vm: the reserved half and the zero tail only when set */
static void put_sockaddr_vm(struct sbuf *b, const uint8_t *p)
{
	if (u16at(p, 2))
		sbuf_printf(b, ", svm_reserved1=%#x", u16at(p, 2));
	sbuf_puts(b, ", svm_cid=");
	put_enum_x(b, u32at(p, 8), vsock_cids, N(vsock_cids), NULL);
	sbuf_puts(b, ", svm_port=");
	put_enum_x(b, u32at(p, 4), vsock_ports, N(vsock_ports), NULL);
	sbuf_puts(b, ", svm_flags=");
	put_flagset_qx(b, p[12], vsock_flags, N(vsock_flags), "VMADDR_FLAG_???");
	if (p[13] || p[14] || p[15]) {
		sbuf_puts(b, ", svm_zero=");
		decode_string_hex(b, (const char *)p + 13, 3, false);
	}
}

static const struct flag qrtr_nodes[] = { { 0xffffffff, "QRTR_NODE_BCAST" } };
static const struct flag qrtr_ports[] = { { 0xfffffffe, "QRTR_PORT_CTRL" } };
static const struct flag xdp_flags[] = {
	{ 1, "XDP_SHARED_UMEM" }, { 2, "XDP_COPY" }, { 4, "XDP_ZEROCOPY" },
	{ 8, "XDP_USE_NEED_WAKEUP" },
};

/* struct sockaddr_xdp: the shared umem's fd only with XDP_SHARED_UMEM (as
 * an fd, -y decorated), else in hex when set */
static void put_sockaddr_xdp(struct sbuf *b, const uint8_t *p, struct formatter *f,
			     uint32_t pid)
{
	uint16_t flags = u16at(p, 2);
	uint32_t fd = u32at(p, 12);

	sbuf_puts(b, ", sxdp_flags=");
	put_flagset_qx(b, flags, xdp_flags, N(xdp_flags), "XDP_???");
	sbuf_puts(b, ", sxdp_ifindex=");
	put_ifindex(b, u32at(p, 4));
	sbuf_printf(b, ", sxdp_queue_id=%u", u32at(p, 8));
	if (flags & 1) {
		sbuf_printf(b, ", sxdp_shared_umem_fd=%d", (int32_t)fd);
		if (f)
			put_fd_path(f, b, pid, (int32_t)fd);
	} else if (fd) {
		sbuf_printf(b, ", sxdp_shared_umem_fd=%#x", fd);
	}
}

static const struct flag mctp_nets[] = { { 0, "MCTP_NET_ANY" } };
static const struct flag mctp_addrs[] = { { 0, "MCTP_ADDR_NULL" }, { 0xff, "MCTP_ADDR_ANY" } };

/* struct sockaddr_mctp: the paddings only when set */
static void put_sockaddr_mctp(struct sbuf *b, const uint8_t *p)
{
	if (u16at(p, 2))
		sbuf_printf(b, ", __smctp_pad0=%#x", u16at(p, 2));
	sbuf_puts(b, ", smctp_network=");
	put_enum_x(b, u32at(p, 4), mctp_nets, N(mctp_nets), NULL);
	sbuf_puts(b, ", smctp_addr={s_addr=");
	put_enum_x(b, p[8], mctp_addrs, N(mctp_addrs), NULL);
	sbuf_puts(b, "}, smctp_type=");
	put_hex0(b, p[9]);
	sbuf_puts(b, ", smctp_tag=");
	put_hex0(b, p[10]);
	if (p[11])
		sbuf_printf(b, ", __smctp_pad1=%#x", p[11]);
}

/* the shortest address each family is shown by field from (strace's) */
static size_t min_len(uint16_t family)
{
	switch (family) {
	case AF_UNIX: return 3;
	case AF_INET: return 16;
	case AF_INET6: return 24;
	case 4: return 16;		/* AF_IPX */
	case 9: return 18;		/* AF_X25 */
	case AF_NETLINK: return 12;
	case AF_PACKET: return 20;
	case 33: return 36;		/* AF_RXRPC */
	case 36: return 20;		/* AF_IEEE802154 */
	case 38: return 25;		/* AF_ALG: the name at least one byte */
	case 39: return 16;		/* AF_NFC */
	case 40: return 16;		/* AF_VSOCK */
	case 42: return 12;		/* AF_QIPCRTR */
	case 44: return 16;		/* AF_XDP */
	case 45: return 12;		/* AF_MCTP */
	}
	return 0;
}

void decode_sockaddr_fd(struct sbuf *b, const uint8_t *p, size_t len, struct formatter *f,
			uint32_t pid)
{
	uint16_t family;
	size_t want;

	if (len < 2) {
		sbuf_puts(b, "{}");
		return;
	}
	family = u16at(p, 0);
	sbuf_puts(b, "{sa_family=");
	put_enum_x(b, family, xlat_addrfams, N(xlat_addrfams), "AF_???");
	want = min_len(family);
	if (!want || len < want) {
		if (len > 2) {
			sbuf_puts(b, ", sa_data=");
			decode_string(b, (const char *)p + 2, len - 2, false);
		}
		sbuf_putc(b, '}');
		return;
	}
	switch (family) {
	case AF_UNIX: {
		const char *path = (const char *)p + 2;
		size_t n = len - 2 < 108 ? len - 2 : 108;	/* sun_path's size */

		sbuf_puts(b, ", sun_path=");
		if (!path[0] && n > 1) {	/* abstract: no NUL ends it */
			sbuf_putc(b, '@');
			decode_string(b, path + 1, n - 1, false);
		} else {
			decode_string(b, path, strnlen(path, n), false);
		}
		break;
	}
	case AF_INET: put_sin(b, p); break;
	case AF_INET6: put_sin6(b, p, len); break;
	case 4: put_sockaddr_ipx(b, p); break;
	case 9:
		put_cstr_field(b, ", sx25_addr={x25_addr=", p + 2, 16);
		sbuf_putc(b, '}');
		break;
	case AF_NETLINK: {
		uint16_t pad = u16at(p, 2);

		if (pad)
			sbuf_printf(b, ", nl_pad=%#x", pad);
		/* strace's form */
		sbuf_printf(b, ", nl_pid=%d, nl_groups=%#08x", (int32_t)u32at(p, 4), u32at(p, 8));
		break;
	}
	case AF_PACKET: put_sockaddr_ll(b, p); break;
	case 33: put_sockaddr_rxrpc(b, p, len); break;
	case 36: put_sockaddr_ieee802154(b, p); break;
	case 38: put_sockaddr_alg(b, p, len); break;
	case 39: put_sockaddr_nfc(b, p, len); break;
	case 40: put_sockaddr_vm(b, p); break;
	case 42:
		sbuf_puts(b, ", sq_node=");
		put_enum_x(b, u32at(p, 4), qrtr_nodes, N(qrtr_nodes), NULL);
		sbuf_puts(b, ", sq_port=");
		put_enum_x(b, u32at(p, 8), qrtr_ports, N(qrtr_ports), NULL);
		break;
	case 44: put_sockaddr_xdp(b, p, f, pid); break;
	case 45: put_sockaddr_mctp(b, p); break;
	}
	sbuf_putc(b, '}');
}

void decode_sockaddr(struct sbuf *b, const uint8_t *p, size_t len)
{
	decode_sockaddr_fd(b, p, len, NULL, 0);
}
