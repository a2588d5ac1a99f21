// SPDX-License-Identifier: GPL-2.0
/*
 * NETLINK_ROUTE's payloads: the struct each message type starts with
 * (ifinfomsg, ifaddrmsg, rtmsg, ndmsg, fib_rule_hdr, tcmsg, ...), then
 * its attributes.  Facts: strace 6.1's tests/netlink_route.c and
 * nlattr_*.c.  A message type without a decoder shows its family and
 * the rest as bytes.
 */
#include "netlink.h"
#include "xlat_tables.h"

static uint16_t u16_at(const uint8_t *s, size_t off)
{
	uint16_t v;

	memcpy(&v, s + off, 2);
	return v;
}

static uint32_t u32_at(const uint8_t *s, size_t off)
{
	uint32_t v;

	memcpy(&v, s + off, 4);
	return v;
}

#define T(x) x, N(x)


static void put_ifi(struct sbuf *b, const char *field, uint32_t v)
{
	sbuf_printf(b, ", %s=", field);
	nl_ifindex(b, v);
}

/* A message's struct: printed, with its size; returns its attributes'
 * table, or NULL when the struct could not be shown whole. */
typedef const struct nla_table *(*rt_fn)(const struct nl *n, size_t off, size_t len,
					 size_t *size);

static const struct nla_table *rt_link(const struct nl *n, size_t off, size_t len, size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[16];

	if (!nl_family_head(n, off, len, *size = 16, "ifi_family", s))
		return NULL;
	nl_put_en(b, "ifi_type", u16_at(s, 2), T(xlat_arphrd), "ARPHRD_???");
	put_ifi(b, "ifi_index", u32_at(s, 4));
	nl_put_fl(b, "ifi_flags", u32_at(s, 8), T(xlat_iff_flags), "IFF_???");
	sbuf_printf(b, ", ifi_change=%#x}", u32_at(s, 12));
	return &nl_link_attrs;
}

static const struct nla_table *rt_addr(const struct nl *n, size_t off, size_t len, size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[8];

	if (!nl_family_head(n, off, len, *size = 8, "ifa_family", s))
		return NULL;
	nl_put_u(b, "ifa_prefixlen", s[1]);
	nl_put_fl(b, "ifa_flags", s[2], T(xlat_ifaddrflags), "IFA_F_???");
	nl_put_en(b, "ifa_scope", s[3], T(xlat_rt_scopes), NULL);
	put_ifi(b, "ifa_index", u32_at(s, 4));
	sbuf_putc(b, '}');
	return &nl_addr_attrs;
}

static void put_table(struct sbuf *b, const char *field, uint8_t v)
{
	nl_put_en(b, field, v, T(xlat_routing_table_ids), NULL);
}

static const struct nla_table *rt_route(const struct nl *n, size_t off, size_t len, size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[12];

	if (!nl_family_head(n, off, len, *size = 12, "rtm_family", s))
		return NULL;
	nl_put_u(b, "rtm_dst_len", s[1]);
	nl_put_u(b, "rtm_src_len", s[2]);
	nl_put_fl(b, "rtm_tos", s[3], T(xlat_ip_type_of_services), "IPTOS_???");
	put_table(b, "rtm_table", s[4]);
	nl_put_en(b, "rtm_protocol", s[5], T(xlat_routing_protocols), "RTPROT_???");
	nl_put_en(b, "rtm_scope", s[6], T(xlat_rt_scopes), NULL);
	nl_put_en(b, "rtm_type", s[7], T(xlat_routing_types), "RTN_???");
	nl_put_fl(b, "rtm_flags", u32_at(s, 8), T(xlat_ip_route_flags), "RTM_F_???");
	sbuf_putc(b, '}');
	return &nl_route_attrs;
}

static const struct nla_table *rt_neigh(const struct nl *n, size_t off, size_t len, size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[12];

	if (!nl_family_head(n, off, len, *size = 12, "ndm_family", s))
		return NULL;
	put_ifi(b, "ndm_ifindex", u32_at(s, 4));
	nl_put_fl(b, "ndm_state", u16_at(s, 8), T(xlat_neighbor_cache_entry_states),
	       "NUD_???");
	nl_put_fl(b, "ndm_flags", s[10], T(xlat_neighbor_cache_entry_flags), "NTF_???");
	nl_put_en(b, "ndm_type", s[11], T(xlat_routing_types), "RTN_???");
	sbuf_putc(b, '}');
	return &nl_neigh_attrs;
}

static const struct nla_table *rt_rule(const struct nl *n, size_t off, size_t len, size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[12];

	if (!nl_family_head(n, off, len, *size = 12, "family", s))
		return NULL;
	nl_put_u(b, "dst_len", s[1]);
	nl_put_u(b, "src_len", s[2]);
	nl_put_fl(b, "tos", s[3], T(xlat_ip_type_of_services), "IPTOS_???");
	put_table(b, "table", s[4]);
	nl_put_en(b, "action", s[7], T(xlat_fib_rule_actions), "FR_ACT_???");
	nl_put_fl(b, "flags", u32_at(s, 8), T(xlat_fib_rule_flags), "FIB_RULE_???");
	sbuf_putc(b, '}');
	return &nl_rule_attrs;
}

static const struct nla_table *rt_tc(const struct nl *n, size_t off, size_t len, size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[20];

	if (!nl_family_head(n, off, len, *size = 20, "tcm_family", s))
		return NULL;
	put_ifi(b, "tcm_ifindex", u32_at(s, 4));
	nl_put_u(b, "tcm_handle", u32_at(s, 8));
	nl_put_u(b, "tcm_parent", u32_at(s, 12));
	nl_put_u(b, "tcm_info", u32_at(s, 16));
	sbuf_putc(b, '}');
	return &nl_tc_attrs;
}

/* structs whose only field shown is the family */
static const struct nla_table *family_only(const struct nl *n, size_t off, size_t size_,
					   size_t *size, const char *field,
					   const struct nla_table *t)
{
	struct sbuf *b = n->b;

	*size = size_;
	sbuf_printf(b, "{%s=", field);
	nl_enum(b, n->p[off], T(xlat_addrfams), "AF_???");
	sbuf_putc(b, '}');
	return t;
}

static const struct nla_table *rt_tca(const struct nl *n, size_t off, size_t len, size_t *size)
{
	(void)len;
	return family_only(n, off, 4, size, "tca_family", &nl_tca_attrs);
}

static const struct nla_table *rt_neightbl(const struct nl *n, size_t off, size_t len,
					   size_t *size)
{
	(void)len;
	return family_only(n, off, 4, size, "ndtm_family", &nl_neightbl_attrs);
}

static const struct nla_table *rt_netconf(const struct nl *n, size_t off, size_t len,
					  size_t *size)
{
	(void)len;
	return family_only(n, off, 4, size, "ncm_family", &nl_netconf_attrs);
}

static const struct nla_table *rt_rtgen(const struct nl *n, size_t off, size_t len,
					size_t *size)
{
	(void)len;
	return family_only(n, off, 1, size, "rtgen_family", &nl_nsid_attrs);
}

/* a cache report: attributes for the multicast routing families, bytes
 * for the others */
static const struct nla_table *rt_cachereport(const struct nl *n, size_t off, size_t len,
					      size_t *size)
{
	uint8_t fam = n->p[off];

	*size = 1;
	sbuf_puts(n->b, "{rtgen_family=");
	nl_enum(n->b, fam, T(xlat_rtnl_families), "RTNL_FAMILY_???");
	sbuf_putc(n->b, '}');
	if (fam == 128)
		return &nl_cachereport_attrs;
	if (fam == 129)
		return &nl_cachereport6_attrs;
	if (len > 4) {
		sbuf_puts(n->b, ", ");
		nl_hex(n, off + 4, len - 4);
	}
	return NULL;
}

static const struct nla_table *rt_addrlabel(const struct nl *n, size_t off, size_t len,
					    size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[12];

	if (!nl_family_head(n, off, len, *size = 12, "ifal_family", s))
		return NULL;
	nl_put_u(b, "ifal_prefixlen", s[2]);
	nl_put_u(b, "ifal_flags", s[3]);
	put_ifi(b, "ifal_index", u32_at(s, 4));
	nl_put_u(b, "ifal_seq", u32_at(s, 8));
	sbuf_putc(b, '}');
	return &nl_addrlabel_attrs;
}

static const struct nla_table *rt_dcb(const struct nl *n, size_t off, size_t len, size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[4];

	if (!nl_family_head(n, off, len, *size = 4, "dcb_family", s))
		return NULL;
	nl_put_en(b, "cmd", s[1], T(xlat_dcb_commands), "DCB_CMD_???");
	sbuf_putc(b, '}');
	return &nl_dcb_attrs;
}

static const struct nla_table *rt_mdb(const struct nl *n, size_t off, size_t len, size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[8];

	if (!nl_family_head(n, off, len, *size = 8, "family", s))
		return NULL;
	put_ifi(b, "ifindex", u32_at(s, 4));
	sbuf_putc(b, '}');
	return &nl_mdb_attrs;
}

static const struct nla_table *rt_nexthop(const struct nl *n, size_t off, size_t len,
					  size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[8];

	if (!nl_family_head(n, off, len, *size = 8, "nh_family", s))
		return NULL;
	nl_put_en(b, "nh_scope", s[1], T(xlat_rt_scopes), NULL);
	nl_put_en(b, "nh_protocol", s[2], T(xlat_routing_protocols), "RTPROT_???");
	if (s[3])
		sbuf_printf(b, ", resvd=%#x", s[3]);
	nl_put_fl(b, "nh_flags", u32_at(s, 4), T(xlat_route_nexthop_flags), "RTNH_F_???");
	sbuf_putc(b, '}');
	return &nl_nexthop_attrs;
}

static const struct nla_table *rt_ifstats(const struct nl *n, size_t off, size_t len,
					  size_t *size)
{
	struct sbuf *b = n->b;
	uint8_t s[12];
	uint16_t pad2;

	if (!nl_family_head(n, off, len, *size = 12, "family", s))
		return NULL;
	memcpy(&pad2, s + 2, 2);
	if (s[1])
		sbuf_printf(b, ", pad1=%#x", s[1]);
	if (pad2)
		sbuf_printf(b, ", pad2=%#x", pad2);
	put_ifi(b, "ifindex", u32_at(s, 4));
	sbuf_puts(b, ", filter_mask=");
	nl_bits(b, u32_at(s, 8), T(xlat_rtnl_ifstats_attrs), 0, "1<<IFLA_STATS_???");
	sbuf_putc(b, '}');
	return &nl_ifstats_attrs;
}

static rt_fn decoder_of(uint16_t type)
{
	switch (type) {
	case 16: case 17: case 18: case 19:
		return rt_link;
	case 20: case 21: case 22: case 58: case 62:
		return rt_addr;
	case 24: case 25: case 26:
		return rt_route;
	case 28: case 29: case 30:
		return rt_neigh;
	case 32: case 33: case 34:
		return rt_rule;
	case 36: case 37: case 38: case 40: case 41: case 42: case 44: case 45: case 46:
	case 100: case 101: case 102:
		return rt_tc;
	case 48: case 49: case 50:
		return rt_tca;
	case 64: case 66: case 67:
		return rt_neightbl;
	case 72: case 73: case 74:
		return rt_addrlabel;
	case 78: case 79:
		return rt_dcb;
	case 80: case 81: case 82:
		return rt_netconf;
	case 84: case 85: case 86:
		return rt_mdb;
	case 88: case 89: case 90:
		return rt_rtgen;
	case 92: case 94:
		return rt_ifstats;
	case 96:
		return rt_cachereport;
	case 104: case 105: case 106:
		return rt_nexthop;
	}
	return NULL;
}

bool nl_route(const struct nl *n, uint16_t type, size_t off, size_t len)
{
	struct sbuf *b = n->b;
	const struct nla_table *t;
	rt_fn fn = decoder_of(type);
	size_t size = 0;
	uint8_t family;

	if (!nl_fetch(n, off, &family, 1))
		return true;
	if (fn) {
		struct nl m = *n;

		m.family = family;
		t = fn(n, off, len, &size);
		if (t)
			nl_attrs_after(&m, off, len, size, t);
		return true;
	}
	sbuf_puts(b, "{family=");
	nl_enum(b, family, T(xlat_addrfams), "AF_???");
	if (len > 1) {
		sbuf_puts(b, ", data=");
		nl_hex(n, off + 1, len - 1);
	}
	sbuf_putc(b, '}');
	return true;
}
