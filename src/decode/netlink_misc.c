// SPDX-License-Identifier: GPL-2.0
/*
 * The payloads of the smaller netlink protocols: SELinux's notifications
 * and netfilter's nfgenmsg (facts: strace 6.1's tests/netlink_selinux.c,
 * netlink_netfilter.c, nfnetlink_*.c).
 */
#include "netlink.h"
#include "xlat_tables.h"

bool nl_selinux(const struct nl *n, uint16_t type, size_t off, size_t len)
{
	uint32_t v;

	if (type != 0x10 && type != 0x11)	/* SELNL_MSG_SETENFORCE, _POLICYLOAD */
		return false;
	if (len < 4)
		return false;
	if (!nl_fetch(n, off, &v, 4))
		return true;
	if (type == 0x10)
		sbuf_printf(n->b, "{val=%d}", (int32_t)v);
	else
		sbuf_printf(n->b, "{seqno=%u}", v);
	return true;
}

/* struct nfgenmsg, then attributes strobe has no names for */
bool nl_netfilter(const struct nl *n, uint16_t type, size_t off, size_t len)
{
	static const struct nla_table none = { 0 };
	uint8_t g[4];
	uint16_t res;
	size_t mark;

	if (len < 4)
		return false;
	if (!nl_fetch(n, off, g, 4))
		return true;
	memcpy(&res, g + 2, 2);
	sbuf_puts(n->b, "{nfgen_family=");
	nl_enum(n->b, g[0], xlat_addrfams, N(xlat_addrfams), "AF_???");
	sbuf_puts(n->b, ", version=");
	mark = n->b->len;
	if (g[1] == 0)
		sbuf_puts(n->b, "NFNETLINK_V0");
	else
		sbuf_printf(n->b, "%u", g[1]);
	xlat_finish(n->b, mark, g[1], XF_HEX);
	sbuf_puts(n->b, ", res_id=");
	/* nftables' messages name their subsystem (in either byte order) */
	if (type >> 8 == 10 && res == 10)
		sbuf_puts(n->b, "NFNL_SUBSYS_NFTABLES");
	else if (type >> 8 == 10 && res == 0x0a00)
		sbuf_puts(n->b, "htons(NFNL_SUBSYS_NFTABLES)");
	else
		sbuf_printf(n->b, "htons(%u)", __builtin_bswap16(res));
	sbuf_putc(n->b, '}');
	/* a batch's begin and end carry no attributes */
	if (type >> 8)
		nl_attrs_after(n, off, len, 4, &none);
	else if (len > 4) {
		sbuf_puts(n->b, ", ");
		nl_hex(n, off + 4, len - 4);
	}
	return true;
}
