// SPDX-License-Identifier: GPL-2.0
/*
 * NETLINK_ROUTE's attribute tables: names, and the payload decoders of
 * the attributes strace decodes (facts: strace 6.1's tests/nlattr_*.c).
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <sys/socket.h>

#include "decode.h"
#include "netlink.h"
#include "xlat_tables.h"

#define F(name, off, size, fmt) { name, off, size, fmt, NULL }
#define X(t, dflt, size) { t, N(t), dflt, size, false }
#define XF(t, dflt, size) { t, N(t), dflt, size, true }

static const struct nl_xval rt_table_x = X(xlat_routing_table_ids, NULL, 4);
static const struct nl_xval rtprot_x = X(xlat_routing_protocols, "RTPROT_???", 1);
static const struct nl_xval ipproto_x = X(xlat_sock_proto_ip, "IPPROTO_???", 1);
static const struct nl_xval ifa_flags_x = XF(xlat_ifaddrflags, "IFA_F_???", 4);
static const struct nl_xval encap_x = X(xlat_lwtunnel_encap_types, "LWTUNNEL_ENCAP_???", 2);

/* ifaddrmsg's */
static const struct nl_field ifa_cache_f[] = {
	F("ifa_prefered", 0, 4, 'u'), F("ifa_valid", 4, 4, 'u'),
	F("cstamp", 8, 4, 'u'), F("tstamp", 12, 4, 'u'),
};
static const struct nl_struct ifa_cache_s = NL_STRUCT(16, ifa_cache_f);
static const struct nla_dec addr_decs[] = {
	[1] = { nla_ip_addr, NULL }, [2] = { nla_ip_addr, NULL }, [3] = { nla_str, NULL },
	[4] = { nla_ip_addr, NULL }, [5] = { nla_ip_addr, NULL },
	[6] = { nla_struct, &ifa_cache_s }, [7] = { nla_ip_addr, NULL },
	[8] = { nla_xval, &ifa_flags_x }, [9] = { nla_u32, NULL }, [10] = { nla_s32, NULL },
};
const struct nla_table nl_addr_attrs = NLA_TABLE(xlat_rtnl_addr_attrs, "IFA_???", addr_decs);

/* rtmsg's */
static const struct nl_field rta_cache_f[] = {
	F("rta_clntref", 0, 4, 'u'), F("rta_lastuse", 4, 4, 'u'), F("rta_expires", 8, 4, 'u'),
	F("rta_error", 12, 4, 'u'), F("rta_used", 16, 4, 'u'), F("rta_id", 20, 4, 'x'),
	F("rta_ts", 24, 4, 'u'), F("rta_tsage", 28, 4, 'u'),
};
static const struct nl_struct rta_cache_s = NL_STRUCT(32, rta_cache_f);
static const struct nl_field mfc_f[] = {
	F("mfcs_packets", 0, 8, 'u'), F("mfcs_bytes", 8, 8, 'u'), F("mfcs_wrong_if", 16, 8, 'u'),
};
static const struct nl_struct mfc_s = NL_STRUCT(24, mfc_f);

/* struct rtvia: a family, then an address of it */
static bool rta_via(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint8_t v[18];
	uint16_t fam;
	size_t want;

	(void)ctx;
	if (len < 2)
		return false;
	if (!nl_fetch(n, off, &fam, 2))
		return true;
	sbuf_puts(n->b, "{rtvia_family=");
	nl_enum(n->b, fam, xlat_addrfams, N(xlat_addrfams), "AF_???");
	want = fam == 2 ? 4 : fam == 10 ? 16 : 0;
	if (len > 2) {
		sbuf_puts(n->b, ", ");
		if (want && len - 2 >= want && nl_readable(n, off + 2, want)) {
			memcpy(v, n->p + off + 2, want);
			nl_put_ip(n->b, fam, v, "rtvia_addr", want);
		} else if (want && len - 2 >= want) {
			nl_addr(n, off + 2);
		} else {
			sbuf_puts(n->b, "rtvia_addr=");
			nl_hex(n, off + 2, len - 2);
		}
	}
	sbuf_putc(n->b, '}');
	return true;
}

/* RTA_MULTIPATH: struct rtnexthop, each "[{...}, its attributes]", in a
 * list when there are more than one */
static bool rta_multipath(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	bool list = false;
	size_t elt;

	(void)ctx;
	if (len < 8)
		return false;
	for (elt = 0; len >= 8; elt++) {
		uint8_t h[8];
		uint16_t rl;
		int32_t ifi;
		size_t step, next = 0;

		if (!nl_readable(n, off, 8)) {
			if (list)
				sbuf_printf(n->b, ", ... /* %#llx */", (unsigned long long)(n->base + off));
			else
				nl_addr(n, off);
			break;
		}
		memcpy(h, n->p + off, 8);
		memcpy(&rl, h, 2);
		memcpy(&ifi, h + 4, 4);
		step = NL_ALIGN(rl);
		if (rl >= 8 && len > step)
			next = len - step;
		if (!list && next) {
			sbuf_putc(n->b, '[');
			list = true;
		}
		if (elt)
			sbuf_puts(n->b, ", ");
		sbuf_printf(n->b, "[{rtnh_len=%u, rtnh_flags=", rl);
		nl_flags(n->b, h[2], xlat_route_nexthop_flags, N(xlat_route_nexthop_flags),
			 "RTNH_F_???");
		sbuf_printf(n->b, ", rtnh_hops=%u, rtnh_ifindex=", h[3]);
		nl_ifindex(n->b, (uint32_t)ifi);
		sbuf_putc(n->b, '}');
		if (rl > 8) {
			sbuf_puts(n->b, ", ");
			nl_attrs(n, off + 8, (rl < len ? rl : len) - 8, &nl_route_attrs);
		}
		sbuf_putc(n->b, ']');
		if (!next)
			break;
		off += step;
		len = next;
	}
	if (list)
		sbuf_putc(n->b, ']');
	return true;
}

static const struct nla_dec metrics_decs[] = {
	[1] = { nla_u32, NULL }, [2] = { nla_u32, NULL }, [3] = { nla_u32, NULL },
	[4] = { nla_u32, NULL }, [5] = { nla_u32, NULL }, [6] = { nla_u32, NULL },
	[7] = { nla_u32, NULL }, [8] = { nla_u32, NULL }, [9] = { nla_u32, NULL },
	[10] = { nla_u32, NULL }, [11] = { nla_u32, NULL }, [12] = { nla_u32, NULL },
	[13] = { nla_u32, NULL }, [14] = { nla_u32, NULL }, [15] = { nla_u32, NULL },
	[16] = { nla_str, NULL }, [17] = { nla_u32, NULL },
};
static const struct nla_table metrics_attrs =
	NLA_TABLE(xlat_rtnl_rta_metrics_attrs, "RTAX_???", metrics_decs);

static const struct nla_dec route_decs[] = {
	[1] = { nla_ip_addr, NULL }, [2] = { nla_ip_addr, NULL }, [3] = { nla_ifindex, NULL },
	[4] = { nla_ifindex, NULL }, [5] = { nla_ip_addr, NULL }, [6] = { nla_u32, NULL },
	[7] = { nla_ip_addr, NULL }, [8] = { nla_nested, &metrics_attrs },
	[9] = { rta_multipath, NULL }, [11] = { nla_u32, NULL },
	[12] = { nla_struct, &rta_cache_s }, [15] = { nla_xval, &rt_table_x },
	[16] = { nla_u32, NULL }, [17] = { nla_struct, &mfc_s }, [18] = { rta_via, NULL },
	[19] = { nla_ip_addr, NULL }, [20] = { nla_u8, NULL }, [21] = { nla_xval, &encap_x },
	[23] = { nla_u64, NULL }, [25] = { nla_u32, NULL }, [26] = { nla_u8, NULL },
	[27] = { nla_xval, &ipproto_x }, [30] = { nla_u32, NULL },
};
const struct nla_table nl_route_attrs = NLA_TABLE(xlat_rtnl_route_attrs, "RTA_???", route_decs);
/* RTM_NEWCACHEREPORT's of the multicast routing families: addresses of
 * the family the report is for, whatever the message's family says */
static bool nla_in_addr(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	struct nl m = *n;

	m.family = ctx ? 10 : 2;	/* AF_INET6 : AF_INET */
	return nla_ip_addr(&m, off, len, NULL);
}
static const struct nl_xval igmpmsg_x = X(xlat_igmpmsg_types, "IGMPMSG_???", 1);
static const struct nl_xval mrt6msg_x = X(xlat_mrt6msg_types, "MRT6MSG_???", 1);
static const struct nla_dec ipmra_decs[] = {
	[1] = { nla_xval, &igmpmsg_x }, [2] = { nla_u32, NULL }, [3] = { nla_in_addr, NULL },
	[4] = { nla_in_addr, NULL }, [6] = { nla_u32, NULL },
};
const struct nla_table nl_cachereport_attrs = NLA_TABLE(xlat_rtnl_ipmra_creport_attrs,
							"IPMRA_CREPORT_???", ipmra_decs);
static const struct nla_dec ip6mra_decs[] = {
	[1] = { nla_xval, &mrt6msg_x }, [2] = { nla_u32, NULL }, [3] = { nla_in_addr, "6" },
	[4] = { nla_in_addr, "6" },
};
const struct nla_table nl_cachereport6_attrs = NLA_TABLE(xlat_rtnl_ip6mra_creport_attrs,
							 "IP6MRA_CREPORT_???", ip6mra_decs);

/* fib_rule_hdr's */
static const struct nl_field uid_range_f[] = { F("start", 0, 4, 'u'), F("end", 4, 4, 'u') };
static const struct nl_struct uid_range_s = NL_STRUCT(8, uid_range_f);
static const struct nl_field port_range_f[] = { F("start", 0, 2, 'u'), F("end", 2, 2, 'u') };
static const struct nl_struct port_range_s = NL_STRUCT(4, port_range_f);
static const struct nla_dec rule_decs[] = {
	[1] = { nla_ip_addr, NULL }, [2] = { nla_ip_addr, NULL }, [3] = { nla_str, NULL },
	[4] = { nla_u32, NULL }, [6] = { nla_u32, NULL }, [10] = { nla_u32, NULL },
	[11] = { nla_u32, NULL }, [12] = { nla_be64, NULL }, [13] = { nla_u32, NULL },
	[14] = { nla_u32, NULL }, [15] = { nla_xval, &rt_table_x }, [16] = { nla_u32, NULL },
	[17] = { nla_str, NULL }, [19] = { nla_u8, NULL },
	[20] = { nla_struct, &uid_range_s }, [21] = { nla_xval, &rtprot_x },
	[22] = { nla_xval, &ipproto_x }, [23] = { nla_struct, &port_range_s },
	[24] = { nla_struct, &port_range_s },
};
const struct nla_table nl_rule_attrs = NLA_TABLE(xlat_rtnl_rule_attrs, "FRA_???", rule_decs);

/* tcmsg's */
static const struct nl_field tc_stats_f[] = {
	F("bytes", 0, 8, 'u'), F("packets", 8, 4, 'u'), F("drops", 12, 4, 'u'),
	F("overlimits", 16, 4, 'u'), F("bps", 20, 4, 'u'), F("pps", 24, 4, 'u'),
	F("qlen", 28, 4, 'u'), F("backlog", 32, 4, 'u'),
};
static const struct nl_struct tc_stats_s = NL_STRUCT(36, tc_stats_f);
static const struct nl_field tc_est_f[] = { F("interval", 0, 1, 'd'), F("ewma_log", 1, 1, 'u') };
static const struct nl_struct tc_est_s = NL_STRUCT(2, tc_est_f);
static const struct nl_field basic_f[] = { F("bytes", 0, 8, 'u'), F("packets", 8, 4, 'u') };
static const struct nl_struct basic_s = NL_STRUCT(12, basic_f);
static const struct nl_field rate_f[] = { F("bps", 0, 4, 'u'), F("pps", 4, 4, 'u') };
static const struct nl_struct rate_s = NL_STRUCT(8, rate_f);
static const struct nl_field rate64_f[] = { F("bps", 0, 8, 'u'), F("pps", 8, 8, 'u') };
static const struct nl_struct rate64_s = NL_STRUCT(16, rate64_f);
static const struct nl_field queue_f[] = {
	F("qlen", 0, 4, 'u'), F("backlog", 4, 4, 'u'), F("drops", 8, 4, 'u'),
	F("requeues", 12, 4, 'u'), F("overlimits", 16, 4, 'u'),
};
static const struct nl_struct queue_s = NL_STRUCT(20, queue_f);
static const struct nla_dec tc_stats_decs[] = {
	[1] = { nla_struct, &basic_s }, [2] = { nla_struct, &rate_s },
	[3] = { nla_struct, &queue_s }, [5] = { nla_struct, &rate64_s },
	[7] = { nla_struct, &basic_s }, [8] = { nla_u64, NULL },
};
static const struct nla_table tc_stats_attrs =
	NLA_TABLE(xlat_rtnl_tc_stats_attrs, "TCA_STATS_???", tc_stats_decs);
static const struct nl_field sizespec_f[] = {
	F("cell_log", 0, 1, 'u'), F("size_log", 1, 1, 'u'), F("cell_align", 2, 2, 'd'),
	F("overhead", 4, 4, 'd'), F("linklayer", 8, 4, 'u'), F("mpu", 12, 4, 'u'),
	F("mtu", 16, 4, 'u'), F("tsize", 20, 4, 'u'),
};
static const struct nl_struct sizespec_s = NL_STRUCT(24, sizespec_f);
static const struct nla_dec stab_decs[] = {
	[1] = { nla_struct, &sizespec_s }, [2] = { nla_array, &nl_array_u16 },
};
static const struct nla_table stab_attrs = NLA_TABLE(xlat_rtnl_tca_stab_attrs, "TCA_STAB_???",
						     stab_decs);
static const struct nla_dec tc_decs[] = {
	[1] = { nla_str, NULL }, [3] = { nla_struct, &tc_stats_s },
	[5] = { nla_struct, &tc_est_s }, [6] = { nla_u32, NULL },
	[7] = { nla_nested, &tc_stats_attrs }, [8] = { nla_nested, &stab_attrs },
	[11] = { nla_u32, NULL }, [12] = { nla_u8, NULL }, [13] = { nla_u32, NULL },
	[14] = { nla_u32, NULL },
};
const struct nla_table nl_tc_attrs = NLA_TABLE(xlat_rtnl_tc_attrs, "TCA_???", tc_decs);

/* ifinfomsg's */
#define S32(name, i) F(name, (i) * 4, 4, 'u')
static const struct nl_field link_stats_f[] = {
	S32("rx_packets", 0), S32("tx_packets", 1), S32("rx_bytes", 2), S32("tx_bytes", 3),
	S32("rx_errors", 4), S32("tx_errors", 5), S32("rx_dropped", 6), S32("tx_dropped", 7),
	S32("multicast", 8), S32("collisions", 9), S32("rx_length_errors", 10),
	S32("rx_over_errors", 11), S32("rx_crc_errors", 12), S32("rx_frame_errors", 13),
	S32("rx_fifo_errors", 14), S32("rx_missed_errors", 15), S32("tx_aborted_errors", 16),
	S32("tx_carrier_errors", 17), S32("tx_fifo_errors", 18), S32("tx_heartbeat_errors", 19),
	S32("tx_window_errors", 20), S32("rx_compressed", 21), S32("tx_compressed", 22),
	S32("rx_nohandler", 23),
};
static const struct nl_struct link_stats_s = NL_STRUCT_MIN(96, link_stats_f, 92);
#define S64(name, i) F(name, (i) * 8, 8, 'u')
static const struct nl_field link_stats64_f[] = {
	S64("rx_packets", 0), S64("tx_packets", 1), S64("rx_bytes", 2), S64("tx_bytes", 3),
	S64("rx_errors", 4), S64("tx_errors", 5), S64("rx_dropped", 6), S64("tx_dropped", 7),
	S64("multicast", 8), S64("collisions", 9), S64("rx_length_errors", 10),
	S64("rx_over_errors", 11), S64("rx_crc_errors", 12), S64("rx_frame_errors", 13),
	S64("rx_fifo_errors", 14), S64("rx_missed_errors", 15), S64("tx_aborted_errors", 16),
	S64("tx_carrier_errors", 17), S64("tx_fifo_errors", 18), S64("tx_heartbeat_errors", 19),
	S64("tx_window_errors", 20), S64("rx_compressed", 21), S64("tx_compressed", 22),
	S64("rx_nohandler", 23), S64("rx_otherhost_dropped", 24),
};
static const struct nl_struct link_stats64_s = NL_STRUCT_MIN(200, link_stats64_f, 184);
static const struct nl_field ifmap_f[] = {
	F("mem_start", 0, 8, 'x'), F("mem_end", 8, 8, 'x'), F("base_addr", 16, 8, 'x'),
	F("irq", 24, 2, 'u'), F("dma", 26, 1, 'u'), F("port", 27, 1, 'u'),
};
static const struct nl_struct ifmap_s = NL_STRUCT_MIN(32, ifmap_f, 28);
static const struct nl_xval ext_mask_x = XF(xlat_rtnl_ext_filter, "RTEXT_FILTER_???", 4);
static const struct nl_xval event_x = X(xlat_rtnl_ifla_events, "IFLA_EVENT_???", 4);

static const struct nla_dec down_reason_decs[] = {
	[1] = { nla_x32, NULL }, [2] = { nla_x32, NULL },
};
static const struct nla_table down_reason_attrs = NLA_TABLE(xlat_rtnl_proto_down_reason_attrs,
	"IFLA_PROTO_DOWN_REASON_???", down_reason_decs);
static const struct nla_dec prop_list_decs[] = { [53] = { nla_str, NULL } };
static const struct nla_table prop_list_attrs = NLA_TABLE(xlat_rtnl_link_attrs, "IFLA_???",
							  prop_list_decs);
static const struct nla_dec info_decs[] = { [1] = { nla_str, NULL }, [4] = { nla_str, NULL } };
static const struct nla_table info_attrs = NLA_TABLE(xlat_rtnl_ifla_info_attrs, "IFLA_INFO_???",
						     info_decs);
/* struct ifla_port_vsi: its pad only when not zero */
static bool port_vsi(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint8_t v[8];

	(void)ctx;
	if (len < 8)
		return false;
	if (!nl_fetch(n, off, v, 8))
		return true;
	sbuf_printf(n->b, "{vsi_mgr_id=%u, vsi_type_id=", v[0]);
	decode_string_hex(n->b, (const char *)v + 1, 3, false);
	sbuf_printf(n->b, ", vsi_type_version=%u", v[4]);
	if (v[5] || v[6] || v[7]) {
		sbuf_puts(n->b, ", pad=");
		decode_string_hex(n->b, (const char *)v + 5, 3, false);
	}
	sbuf_putc(n->b, '}');
	return true;
}

static const struct nla_dec port_decs[] = {
	[1] = { nla_u32, NULL }, [2] = { nla_str, NULL }, [3] = { port_vsi, NULL },
};
static const struct nla_table port_attrs = NLA_TABLE(xlat_rtnl_ifla_port_attrs, "IFLA_PORT_???",
						     port_decs);
static const struct nla_dec vf_ports_decs[] = { [1] = { nla_nested, &port_attrs } };
static const struct flag vf_ports_names[] = { { 1, "IFLA_VF_PORT" } };
static const struct nla_table vf_ports_attrs = NLA_TABLE(vf_ports_names, "IFLA_VF_PORT_???",
							 vf_ports_decs);

static const struct nl_xval xdp_attached_x = X(xlat_xdp_attached, "XDP_ATTACHED_???", 1);
static const struct nl_xval xdp_flags_x = XF(xlat_xdp_flags, "XDP_FLAGS_???", 4);
static const struct nla_dec xdp_decs[] = {
	[1] = { nla_fd, NULL }, [2] = { nla_xval, &xdp_attached_x },
	[3] = { nla_xval, &xdp_flags_x }, [4] = { nla_u32, NULL }, [5] = { nla_u32, NULL },
	[6] = { nla_u32, NULL }, [7] = { nla_u32, NULL }, [8] = { nla_fd, NULL },
};
static const struct nla_table xdp_attrs = NLA_TABLE(xlat_rtnl_ifla_xdp_attrs, "IFLA_XDP_???",
						    xdp_decs);

/*
 * An array whose index has a name: "[[DEVCONF_FORWARDING]=1, ...]" (a
 * name table of the index, the elements signed or unsigned).
 */
struct idx_array {
	size_t size;
	bool sign;
	const struct flag *t;
	size_t nt;
	const char *dflt;
};

/* an index, in decimal (not the hex of an enum) with -X applied */
static void put_index(struct sbuf *b, size_t i, const struct flag *t, size_t nt,
		      const char *dflt)
{
	const char *name = NULL;
	int x = decode_xlat();

	for (size_t k = 0; k < nt; k++)
		if (t[k].val == i)
			name = t[k].name;
	if (!name)
		name = dflt;
	if (name && x == XLAT_ABBREV && name != dflt)
		sbuf_puts(b, name);
	else if (name && x != XLAT_RAW)
		sbuf_printf(b, "%zu /* %s */", i, name);
	else
		sbuf_printf(b, "%zu", i);
}

static bool nla_idx_array(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	const struct idx_array *a = ctx;
	size_t cnt = len / a->size;

	if (len < a->size)
		return false;
	sbuf_putc(n->b, '[');
	for (size_t i = 0; i < cnt; i++) {
		uint64_t v = 0;

		if (i)
			sbuf_puts(n->b, ", ");
		if (i == n->strmax) {
			sbuf_puts(n->b, "...");
			break;
		}
		if (!nl_readable(n, off + i * a->size, a->size)) {
			sbuf_printf(n->b, "... /* %#llx */",
				    (unsigned long long)(n->base + off + i * a->size));
			break;
		}
		memcpy(&v, n->p + off + i * a->size, a->size);
		sbuf_putc(n->b, '[');
		put_index(n->b, i, a->t, a->nt, a->dflt);
		if (a->sign)
			sbuf_printf(n->b, "]=%d", (int32_t)v);
		else
			sbuf_printf(n->b, "]=%llu", (unsigned long long)v);
	}
	sbuf_putc(n->b, ']');
	return true;
}

/* an IPv6 address whatever the message's family (IFLA_INET6_TOKEN) */
static bool nla_in6_addr(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint8_t a[16];

	(void)ctx;
	if (len < 16)
		return false;
	if (nl_fetch(n, off, a, 16))
		nl_put_ip(n->b, AF_INET6, a, NULL, 16);
	return true;
}

/* IFLA_PROTINFO and AF_SPEC's AF_INET6: IFLA_INET6_* */
static const struct idx_array devconf_a = { 4, true, xlat_inet6_devconf_indices, N(xlat_inet6_devconf_indices), NULL };
static const struct idx_array ipstats_a = { 8, false, xlat_snmp_ip_stats, N(xlat_snmp_ip_stats), NULL };
static const struct idx_array icmp6stats_a = { 8, false, xlat_snmp_icmp6_stats, N(xlat_snmp_icmp6_stats),
					       "ICMP6_MIB_???" };
static const struct nl_xval inet6_flags_x = XF(xlat_inet6_if_flags, "IF_???", 4);
static const struct nl_xval addr_gen_mode_x = X(xlat_in6_addr_gen_mode,
						"IN6_ADDR_GEN_MODE_???", 1);
static const struct nl_field inet6_ci_f[] = {
	F("max_reasm_len", 0, 4, 'u'), F("tstamp", 4, 4, 'u'), F("reachable_time", 8, 4, 'u'),
	F("retrans_time", 12, 4, 'u'),
};
static const struct nl_struct inet6_ci_s = NL_STRUCT(16, inet6_ci_f);
static const struct nla_dec inet6_decs[] = {
	[1] = { nla_xval, &inet6_flags_x }, [2] = { nla_idx_array, &devconf_a },
	[3] = { nla_idx_array, &ipstats_a }, [5] = { nla_struct, &inet6_ci_s },
	[6] = { nla_idx_array, &icmp6stats_a }, [7] = { nla_in6_addr, NULL },
	[8] = { nla_xval, &addr_gen_mode_x }, [9] = { nla_u32, NULL },
};
static const struct nla_table inet6_attrs = NLA_TABLE(xlat_rtnl_ifla_af_inet6_attrs,
						      "IFLA_INET6_???", inet6_decs);

/* IFLA_AF_SPEC: per family attributes, their types AF_* names; with
 * ifi_family AF_BRIDGE, IFLA_BRIDGE_* ones instead (<linux/if_bridge.h>) */
static const struct idx_array inet_conf_a = { 4, true, xlat_inet_devconf_indices,
					      N(xlat_inet_devconf_indices), NULL };
static const struct flag inet_names[] = { { 0, "IFLA_INET_UNSPEC" }, { 1, "IFLA_INET_CONF" } };
static const struct nla_dec inet_decs[] = { [1] = { nla_idx_array, &inet_conf_a } };
static const struct nla_table af_inet_attrs = NLA_TABLE(inet_names, "IFLA_INET_???", inet_decs);
static const struct flag mctp_names[] = { { 0, "IFLA_MCTP_UNSPEC" }, { 1, "IFLA_MCTP_NET" } };
static const struct nla_dec mctp_decs[] = { [1] = { nla_u32, NULL } };
static const struct nla_table af_mctp_attrs = NLA_TABLE(mctp_names, "IFLA_MCTP_???", mctp_decs);
static const struct nla_dec af_decs[] = {
	[2] = { nla_nested, &af_inet_attrs }, [10] = { nla_nested, &inet6_attrs },
	[45] = { nla_nested, &af_mctp_attrs },
};
static const struct nla_table af_spec_attrs = NLA_TABLE(xlat_addrfams, "AF_???", af_decs);

static const struct flag br_vlan_flags[] = {
	{ 1, "BRIDGE_VLAN_INFO_MASTER" }, { 2, "BRIDGE_VLAN_INFO_PVID" },
	{ 4, "BRIDGE_VLAN_INFO_UNTAGGED" }, { 8, "BRIDGE_VLAN_INFO_RANGE_BEGIN" },
	{ 16, "BRIDGE_VLAN_INFO_RANGE_END" }, { 32, "BRIDGE_VLAN_INFO_BRENTRY" },
	{ 64, "BRIDGE_VLAN_INFO_ONLY_OPTS" },
};
static const struct nl_xval br_vlan_flags_x = XF(br_vlan_flags, "BRIDGE_VLAN_INFO_???", 2);
static const struct flag br_tunnel_names[] = {
	{ 0, "IFLA_BRIDGE_VLAN_TUNNEL_UNSPEC" }, { 1, "IFLA_BRIDGE_VLAN_TUNNEL_ID" },
	{ 2, "IFLA_BRIDGE_VLAN_TUNNEL_VID" }, { 3, "IFLA_BRIDGE_VLAN_TUNNEL_FLAGS" },
};
static const struct nla_dec br_tunnel_decs[] = {
	[1] = { nla_u32, NULL }, [2] = { nla_u16, NULL }, [3] = { nla_xval, &br_vlan_flags_x },
};
static const struct nla_table br_tunnel_attrs = NLA_TABLE(br_tunnel_names,
	"IFLA_BRIDGE_VLAN_TUNNEL_???", br_tunnel_decs);
static const struct flag br_flags[] = { { 1, "BRIDGE_FLAGS_MASTER" }, { 2, "BRIDGE_FLAGS_SELF" } };
static const struct nl_xval br_flags_x = XF(br_flags, "BRIDGE_FLAGS_???", 2);
static const struct flag br_modes[] = {
	{ 0, "BRIDGE_MODE_VEB" }, { 1, "BRIDGE_MODE_VEPA" }, { 0xffff, "BRIDGE_MODE_UNDEF" },
};
static const struct nl_xval br_mode_x = X(br_modes, "BRIDGE_MODE_???", 2);

/* struct bridge_vlan_info {u16 flags; u16 vid;}, then any bytes more */
static bool nla_br_vlan_info(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint16_t v[2];

	(void)ctx;
	if (len < 4)
		return false;
	if (!nl_fetch(n, off, v, 4))
		return true;
	sbuf_puts(n->b, "{flags=");
	nl_flags(n->b, v[0], br_vlan_flags, N(br_vlan_flags), "BRIDGE_VLAN_INFO_???");
	sbuf_printf(n->b, ", vid=%u}", v[1]);
	if (len > 4) {
		sbuf_puts(n->b, ", ");
		nl_hex(n, off + 4, len - 4);
	}
	return true;
}

static const struct flag br_names[] = {
	{ 0, "IFLA_BRIDGE_FLAGS" }, { 1, "IFLA_BRIDGE_MODE" }, { 2, "IFLA_BRIDGE_VLAN_INFO" },
	{ 3, "IFLA_BRIDGE_VLAN_TUNNEL_INFO" }, { 4, "IFLA_BRIDGE_MRP" }, { 5, "IFLA_BRIDGE_CFM" },
	{ 6, "IFLA_BRIDGE_MST" },
};
static const struct nla_dec br_decs[] = {
	[0] = { nla_xval, &br_flags_x }, [1] = { nla_xval, &br_mode_x },
	[2] = { nla_br_vlan_info, NULL }, [3] = { nla_nested, &br_tunnel_attrs },
};
static const struct nla_table af_spec_bridge_attrs = NLA_TABLE(br_names, "IFLA_BRIDGE_???",
							       br_decs);

static bool nla_af_spec(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	(void)ctx;
	return nla_nested(n, off, len,
			  n->family == AF_BRIDGE ? &af_spec_bridge_attrs : &af_spec_attrs);
}

/* IFLA_PROTINFO of AF_BRIDGE: a bridge port's IFLA_BRPORT_* */
static bool nla_bridge_id(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint8_t id[8];
	char mac[18];

	(void)ctx;
	if (len < 8)
		return false;
	if (!nl_fetch(n, off, id, 8))
		return true;
	snprintf(mac, sizeof(mac), "%02x:%02x:%02x:%02x:%02x:%02x", id[2], id[3], id[4], id[5],
		 id[6], id[7]);
	sbuf_printf(n->b, "{prio=[%u, %u], ", id[0], id[1]);
	nl_net_bytes(n->b, "addr", id + 2, 6, mac);
	sbuf_putc(n->b, '}');
	return true;
}

static const struct nla_dec brport_decs[] = {
	[1] = { nla_u8, NULL }, [2] = { nla_u16, NULL }, [3] = { nla_u32, NULL },
	[4] = { nla_u8, NULL }, [5] = { nla_u8, NULL }, [6] = { nla_u8, NULL },
	[7] = { nla_u8, NULL }, [8] = { nla_u8, NULL }, [9] = { nla_u8, NULL },
	[10] = { nla_u8, NULL }, [11] = { nla_u8, NULL }, [12] = { nla_u8, NULL },
	[13] = { nla_bridge_id, NULL }, [14] = { nla_bridge_id, NULL },
	[15] = { nla_u16, NULL }, [16] = { nla_u16, NULL }, [17] = { nla_u16, NULL },
	[18] = { nla_u16, NULL }, [19] = { nla_u8, NULL }, [20] = { nla_u8, NULL },
	[21] = { nla_clock_t, NULL }, [22] = { nla_clock_t, NULL }, [23] = { nla_clock_t, NULL },
	[25] = { nla_u8, NULL }, [27] = { nla_u8, NULL }, [28] = { nla_u8, NULL },
	[29] = { nla_u8, NULL }, [30] = { nla_u8, NULL }, [31] = { nla_x16, NULL },
	[32] = { nla_u8, NULL }, [33] = { nla_u8, NULL }, [34] = { nla_ifindex, NULL },
	[35] = { nla_u8, NULL }, [36] = { nla_u8, NULL }, [37] = { nla_u32, NULL },
	[38] = { nla_u32, NULL }, [39] = { nla_u8, NULL },
};
static const struct nla_table brport_attrs = NLA_TABLE(xlat_rtnl_ifla_brport_attrs,
						       "IFLA_BRPORT_???", brport_decs);

/* IFLA_PROTINFO: the attributes of the message's family, bytes for others */
static bool nla_protinfo(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	(void)ctx;
	if (n->family == AF_INET6)
		return nla_nested(n, off, len, &inet6_attrs);
	if (n->family == AF_BRIDGE)
		return nla_nested(n, off, len, &brport_attrs);
	return false;
}

/* IFLA_VFINFO_LIST: IFLA_VF_INFO lists of IFLA_VF_* (<linux/if_link.h>) */
#define VF_U32(name, i) F(name, (i) * 4, 4, 'u')
static const struct nl_field vf_vlan_f[] = { VF_U32("vf", 0), VF_U32("vlan", 1), VF_U32("qos", 2) };
static const struct nl_struct vf_vlan_s = NL_STRUCT(12, vf_vlan_f);
static const struct nl_field vf_tx_rate_f[] = { VF_U32("vf", 0), VF_U32("rate", 1) };
static const struct nl_struct vf_tx_rate_s = NL_STRUCT(8, vf_tx_rate_f);
static const struct nl_field vf_setting_f[] = { VF_U32("vf", 0), VF_U32("setting", 1) };
static const struct nl_struct vf_setting_s = NL_STRUCT(8, vf_setting_f);
static const struct flag vf_link_states[] = {
	{ 0, "IFLA_VF_LINK_STATE_AUTO" }, { 1, "IFLA_VF_LINK_STATE_ENABLE" },
	{ 2, "IFLA_VF_LINK_STATE_DISABLE" },
};
static const struct nl_xval vf_link_state_x = X(vf_link_states, "IFLA_VF_LINK_STATE_???", 4);
static const struct nl_field vf_link_state_f[] = {
	VF_U32("vf", 0), { "link_state", 4, 4, 'X', &vf_link_state_x },
};
static const struct nl_struct vf_link_state_s = NL_STRUCT(8, vf_link_state_f);
static const struct nl_field vf_rate_f[] = {
	VF_U32("vf", 0), VF_U32("min_tx_rate", 1), VF_U32("max_tx_rate", 2),
};
static const struct nl_struct vf_rate_s = NL_STRUCT(12, vf_rate_f);
static const struct nl_field vf_guid_f[] = { VF_U32("vf", 0), F("guid", 8, 8, 'x') };
static const struct nl_struct vf_guid_s = NL_STRUCT(16, vf_guid_f);

/* struct ifla_vf_mac {u32 vf; u8 mac[32];}, ifla_vf_broadcast {u8 broadcast[32];}:
 * the 32 bytes as a hardware address */
static bool nla_vf_hwaddr(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	const char *field = ctx;
	size_t at = strcmp(field, "mac") == 0 ? 4 : 0;
	uint8_t v[36];
	char text[32 * 3 + 1];	/* "xx:" each, the NUL after the last */

	if (len < at + 32)
		return false;
	if (!nl_fetch(n, off, v, at + 32))
		return true;
	for (size_t i = 0; i < 32; i++)
		snprintf(text + i * 3, 4, "%02x:", v[at + i]);
	text[32 * 3 - 1] = '\0';	/* the last ':' */
	sbuf_putc(n->b, '{');
	if (at)
		sbuf_printf(n->b, "vf=%u, ", (unsigned)(v[0] | v[1] << 8 | v[2] << 16 |
							(uint32_t)v[3] << 24));
	nl_net_bytes(n->b, field, v + at, 32, text);
	sbuf_putc(n->b, '}');
	return true;
}

/* struct ifla_vf_vlan_info {u32 vf, vlan, qos; __be16 vlan_proto;} */
static bool nla_vf_vlan_info(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint32_t v[4];
	uint16_t proto;

	(void)ctx;
	if (len < 16)
		return false;
	if (!nl_fetch(n, off, v, 16))
		return true;
	memcpy(&proto, &v[3], 2);
	sbuf_printf(n->b, "{vf=%u, vlan=%u, qos=%u, vlan_proto=htons(", v[0], v[1], v[2]);
	nl_enum(n->b, ntohs(proto), xlat_eth_p, N(xlat_eth_p), "ETH_P_???");
	sbuf_puts(n->b, ")}");
	return true;
}

static const struct nla_dec vf_stats_decs[] = {
	[0] = { nla_u64, NULL }, [1] = { nla_u64, NULL }, [2] = { nla_u64, NULL },
	[3] = { nla_u64, NULL }, [4] = { nla_u64, NULL }, [5] = { nla_u64, NULL },
	[7] = { nla_u64, NULL }, [8] = { nla_u64, NULL },
};
static const struct nla_table vf_stats_attrs = NLA_TABLE(xlat_rtnl_ifla_vf_stats_attrs,
							 "IFLA_VF_STATS_???", vf_stats_decs);
static const struct flag vf_vlan_list_names[] = {
	{ 0, "IFLA_VF_VLAN_INFO_UNSPEC" }, { 1, "IFLA_VF_VLAN_INFO" },
};
static const struct nla_dec vf_vlan_list_decs[] = { [1] = { nla_vf_vlan_info, NULL } };
static const struct nla_table vf_vlan_list_attrs = NLA_TABLE(vf_vlan_list_names,
	"IFLA_VF_VLAN_INFO_???", vf_vlan_list_decs);
static const struct nla_dec vf_decs[] = {
	[1] = { nla_vf_hwaddr, "mac" }, [2] = { nla_struct, &vf_vlan_s },
	[3] = { nla_struct, &vf_tx_rate_s }, [4] = { nla_struct, &vf_setting_s },
	[5] = { nla_struct, &vf_link_state_s }, [6] = { nla_struct, &vf_rate_s },
	[7] = { nla_struct, &vf_setting_s }, [8] = { nla_nested, &vf_stats_attrs },
	[9] = { nla_struct, &vf_setting_s }, [10] = { nla_struct, &vf_guid_s },
	[11] = { nla_struct, &vf_guid_s }, [12] = { nla_nested, &vf_vlan_list_attrs },
	[13] = { nla_vf_hwaddr, "broadcast" },
};
static const struct nla_table vf_attrs = NLA_TABLE(xlat_rtnl_ifla_vf_attrs, "IFLA_VF_???",
						   vf_decs);
static const struct flag vfinfo_names[] = { { 0, "IFLA_VF_INFO_UNSPEC" }, { 1, "IFLA_VF_INFO" } };
static const struct nla_dec vfinfo_decs[] = { [1] = { nla_nested, &vf_attrs } };
static const struct nla_table vfinfo_list_attrs = NLA_TABLE(vfinfo_names, "IFLA_VF_INFO_???",
							    vfinfo_decs);

static const struct nla_dec link_decs[] = {
	[3] = { nla_str, NULL }, [4] = { nla_u32, NULL }, [5] = { nla_u32, NULL },
	[6] = { nla_str, NULL }, [7] = { nla_struct, &link_stats_s }, [10] = { nla_u32, NULL },
	[12] = { nla_protinfo, NULL }, [13] = { nla_u32, NULL },
	[14] = { nla_struct, &ifmap_s }, [15] = { nla_u32, NULL },
	[16] = { nla_u8, NULL }, [17] = { nla_u8, NULL }, [18] = { nla_nested, &info_attrs },
	[19] = { nla_u32, NULL }, [20] = { nla_str, NULL }, [21] = { nla_u32, NULL },
	[28] = { nla_fd, NULL },
	[22] = { nla_nested, &vfinfo_list_attrs }, [23] = { nla_struct, &link_stats64_s }, [24] = { nla_nested, &vf_ports_attrs },
	[25] = { nla_nested, &port_attrs }, [26] = { nla_af_spec, NULL }, [27] = { nla_u32, NULL },
	[29] = { nla_xval, &ext_mask_x }, [30] = { nla_u32, NULL }, [31] = { nla_u32, NULL },
	[32] = { nla_u32, NULL }, [33] = { nla_u8, NULL }, [35] = { nla_u32, NULL },
	[37] = { nla_s32, NULL }, [38] = { nla_str, NULL }, [39] = { nla_u8, NULL },
	[40] = { nla_u32, NULL }, [41] = { nla_u32, NULL }, [43] = { nla_nested, &xdp_attrs },
	[44] = { nla_xval, &event_x },
	[45] = { nla_s32, NULL }, [46] = { nla_s32, NULL }, [47] = { nla_u32, NULL },
	[48] = { nla_u32, NULL }, [49] = { nla_s32, NULL }, [50] = { nla_u32, NULL },
	[51] = { nla_u32, NULL }, [52] = { nla_nested, &prop_list_attrs },
	[53] = { nla_str, NULL }, [55] = { nla_nested, &down_reason_attrs },
	[56] = { nla_str, NULL }, [57] = { nla_str, NULL }, [58] = { nla_u32, NULL },
	[59] = { nla_u32, NULL }, [60] = { nla_u32, NULL },
};
const struct nla_table nl_link_attrs = NLA_TABLE(xlat_rtnl_link_attrs, "IFLA_???", link_decs);
/* ndmsg's */
static bool nla_hwaddr(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	(void)ctx;
	if (!nl_readable(n, off, len)) {
		nl_addr(n, off);
		return true;
	}
	for (size_t i = 0; i < len; i++)
		sbuf_printf(n->b, i ? ":%02x" : "%02x", n->p[off + i]);
	return true;
}

static bool nla_be16(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint16_t v;

	(void)ctx;
	if (len < 2)
		return false;
	if (nl_fetch(n, off, &v, 2)) {
		char text[16];

		snprintf(text, sizeof(text), "htons(%u)", __builtin_bswap16(v));
		nl_net_bytes(n->b, NULL, (const uint8_t *)&v, 2, text);
	}
	return true;
}

static const struct nl_field nda_cache_f[] = {
	F("ndm_confirmed", 0, 4, 'u'), F("ndm_used", 4, 4, 'u'), F("ndm_updated", 8, 4, 'u'),
	F("ndm_refcnt", 12, 4, 'u'),
};
static const struct nl_struct nda_cache_s = NL_STRUCT(16, nda_cache_f);
static const struct nl_xval fdb_notify_x = XF(xlat_fdb_notify_flags, "FDB_NOTIFY_???", 1);
static const struct nla_dec nfea_decs[] = { [1] = { nla_xval, &fdb_notify_x } };
static const struct nla_table nfea_attrs = NLA_TABLE(xlat_rtnl_nfea_attrs, "NFEA_???", nfea_decs);
static const struct nl_xval ntf_ext_x = XF(xlat_ntf_ext_flags, "NTF_EXT_???", 4);
static const struct nl_xval nud_x = XF(xlat_neighbor_cache_entry_states, "NUD_???", 2);
static const struct nl_xval ntf_x = XF(xlat_neighbor_cache_entry_flags, "NTF_???", 1);
static const struct nla_dec neigh_decs[] = {
	[1] = { nla_ip_addr, NULL }, [2] = { nla_hwaddr, NULL }, [3] = { nla_struct, &nda_cache_s },
	[4] = { nla_u32, NULL }, [5] = { nla_u16, NULL }, [6] = { nla_be16, NULL },
	[7] = { nla_u32, NULL }, [8] = { nla_ifindex, NULL }, [9] = { nla_ifindex, NULL },
	[10] = { nla_u32, NULL }, [11] = { nla_u32, NULL }, [12] = { nla_xval, &rtprot_x },
	[13] = { nla_u32, NULL }, [14] = { nla_nested, &nfea_attrs },
	[15] = { nla_xval, &ntf_ext_x }, [16] = { nla_xval, &nud_x }, [17] = { nla_xval, &ntf_x },
};
const struct nla_table nl_neigh_attrs = NLA_TABLE(xlat_rtnl_neigh_attrs, "NDA_???", neigh_decs);
/* tcamsg's: an action's attributes (as strace 6.1 reads them) */
static const struct nl_xval act_flags_x = XF(xlat_tca_act_flags, "TCA_ACT_FLAGS_???", 4);
static const struct nl_xval act_hw_stats_x = XF(xlat_tca_act_hw_stats, "TCA_ACT_HW_STATS_???", 4);
static const struct nla_dec tca_decs[] = {
	[1] = { nla_str, NULL }, [3] = { nla_u32, NULL }, [4] = { nla_nested, &tc_stats_attrs },
	[7] = { nla_xval, &act_flags_x }, [8] = { nla_xval, &act_hw_stats_x },
	[9] = { nla_xval, &act_hw_stats_x }, [10] = { nla_u32, NULL },
};
const struct nla_table nl_tca_attrs = NLA_TABLE(xlat_rtnl_tc_action_attrs, "TCA_ACT_???",
						tca_decs);
/* ndtmsg's */
static const struct nl_field ndt_config_f[] = {
	F("ndtc_key_len", 0, 2, 'u'), F("ndtc_entry_size", 2, 2, 'u'),
	F("ndtc_entries", 4, 4, 'u'), F("ndtc_last_flush", 8, 4, 'u'),
	F("ndtc_last_rand", 12, 4, 'u'), F("ndtc_hash_rnd", 16, 4, 'u'),
	F("ndtc_hash_mask", 20, 4, 'x'), F("ndtc_hash_chain_gc", 24, 4, 'u'),
	F("ndtc_proxy_qlen", 28, 4, 'u'),
};
static const struct nl_struct ndt_config_s = NL_STRUCT(32, ndt_config_f);
static const struct nl_field ndt_stats_f[] = {
	S64("ndts_allocs", 0), S64("ndts_destroys", 1), S64("ndts_hash_grows", 2),
	S64("ndts_res_failed", 3), S64("ndts_lookups", 4), S64("ndts_hits", 5),
	S64("ndts_rcv_probes_mcast", 6), S64("ndts_rcv_probes_ucast", 7),
	S64("ndts_periodic_gc_runs", 8), S64("ndts_forced_gc_runs", 9),
	S64("ndts_table_fulls", 10),
};
static const struct nl_struct ndt_stats_s = NL_STRUCT_MIN(88, ndt_stats_f, 80);
static const struct nla_dec ndtpa_decs[] = {
	[1] = { nla_ifindex, NULL }, [2] = { nla_u32, NULL }, [3] = { nla_u64, NULL },
	[4] = { nla_u64, NULL }, [5] = { nla_u64, NULL }, [6] = { nla_u64, NULL },
	[7] = { nla_u64, NULL }, [8] = { nla_u32, NULL }, [9] = { nla_u32, NULL },
	[10] = { nla_u32, NULL }, [11] = { nla_u32, NULL }, [12] = { nla_u64, NULL },
	[13] = { nla_u64, NULL }, [14] = { nla_u32, NULL }, [15] = { nla_u64, NULL },
	[16] = { nla_u32, NULL }, [17] = { nla_u32, NULL },
};
static const struct nla_table ndtpa_attrs = NLA_TABLE(xlat_rtnl_ndtpa_attrs, "NDTPA_???",
						      ndtpa_decs);
static const struct nla_dec neightbl_decs[] = {
	[1] = { nla_str, NULL }, [2] = { nla_u32, NULL }, [3] = { nla_u32, NULL },
	[4] = { nla_u32, NULL }, [5] = { nla_struct, &ndt_config_s },
	[6] = { nla_nested, &ndtpa_attrs }, [7] = { nla_struct, &ndt_stats_s },
	[8] = { nla_u64, NULL },
};
const struct nla_table nl_neightbl_attrs = NLA_TABLE(xlat_rtnl_neightbl_attrs, "NDTA_???",
						     neightbl_decs);
const struct nla_table nl_addrlabel_attrs = NLA_NAMES(xlat_rtnl_addrlabel_attrs, "IFAL_???");
const struct nla_table nl_dcb_attrs = NLA_NAMES(xlat_rtnl_dcb_attrs, "DCB_ATTR_???");
const struct nla_table nl_netconf_attrs = NLA_NAMES(xlat_rtnl_netconf_attrs, "NETCONFA_???");
/* br_port_msg's (RTM_*MDB) */
static const struct nl_xval rtr_type_x = X(xlat_multicast_router_types, "MDB_RTR_TYPE_???", 1);
static const struct nla_dec pattr_decs[] = {
	[1] = { nla_clock_t, NULL }, [2] = { nla_xval, &rtr_type_x },
	[3] = { nla_clock_t, NULL }, [4] = { nla_clock_t, NULL }, [5] = { nla_u16, NULL },
};
static const struct nla_table pattr_attrs = NLA_TABLE(xlat_rtnl_mdba_router_pattr_attrs,
						      "MDBA_ROUTER_PATTR_???", pattr_decs);

/* MDBA_ROUTER_PORT: an ifindex, then the port's attributes */
static bool mdba_router_port(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint32_t v;

	(void)ctx;
	if (len < 4)
		return false;
	if (!nl_fetch(n, off, &v, 4))
		return true;
	nl_ifindex(n->b, v);
	if (len > 4) {
		sbuf_puts(n->b, ", ");
		nl_attrs(n, off + 4, len - 4, &pattr_attrs);
	}
	return true;
}
static const struct nla_dec router_decs[] = { [1] = { mdba_router_port, NULL } };
static const struct nla_table router_attrs = NLA_TABLE(xlat_rtnl_mdba_router_attrs,
						       "MDBA_ROUTER_???", router_decs);

static const struct nla_dec eattr_decs[] = {
	[1] = { nla_clock_t, NULL }, [5] = { nla_xval, &rtprot_x },
};
static const struct nla_table eattr_attrs = NLA_TABLE(xlat_rtnl_mdba_mdb_eattr_attrs,
						      "MDBA_MDB_EATTR_???", eattr_decs);

/* struct br_mdb_entry, then the entry's attributes */
static bool mdb_entry_info(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint8_t e[28];
	uint32_t ifi;
	uint16_t vid, proto;

	(void)ctx;
	if (len < sizeof(e))
		return false;
	if (!nl_fetch(n, off, e, sizeof(e)))
		return true;
	memcpy(&ifi, e, 4);
	memcpy(&vid, e + 6, 2);
	memcpy(&proto, e + 24, 2);
	sbuf_puts(n->b, "{ifindex=");
	nl_ifindex(n->b, ifi);
	sbuf_puts(n->b, ", state=");
	nl_enum(n->b, e[4], xlat_mdb_states, N(xlat_mdb_states), "MDB_???");
	sbuf_puts(n->b, ", flags=");
	nl_flags(n->b, e[5], xlat_mdb_flags, N(xlat_mdb_flags), "MDB_FLAGS_???");
	sbuf_printf(n->b, ", vid=%u, addr={u=", vid);
	decode_string_hex(n->b, (const char *)e + 8, 16, false);
	proto = __builtin_bswap16(proto);
	/* strace 6.1 names the protocol from the address families */
	sbuf_puts(n->b, ", proto=htons(");
	nl_enum(n->b, proto, xlat_addrfams, N(xlat_addrfams), "AF_???");
	sbuf_puts(n->b, ")}}");
	if (len > NL_ALIGN(sizeof(e))) {
		sbuf_puts(n->b, ", ");
		nl_attrs(n, off + NL_ALIGN(sizeof(e)), len - NL_ALIGN(sizeof(e)), &eattr_attrs);
	}
	return true;
}
static const struct nla_dec entry_decs[] = { [1] = { mdb_entry_info, NULL } };
static const struct nla_table entry_attrs = NLA_TABLE(xlat_rtnl_mdba_mdb_entry_attrs,
						      "MDBA_MDB_ENTRY_???", entry_decs);
static const struct nla_dec mdb_mdb_decs[] = { [1] = { nla_nested, &entry_attrs } };
static const struct nla_table mdb_mdb_attrs = NLA_TABLE(xlat_rtnl_mdba_mdb_attrs, "MDBA_MDB_???",
							mdb_mdb_decs);
static const struct nla_dec mdb_decs[] = {
	[1] = { nla_nested, &mdb_mdb_attrs }, [2] = { nla_nested, &router_attrs },
};
const struct nla_table nl_mdb_attrs = NLA_TABLE(xlat_rtnl_mdb_attrs, "MDBA_???", mdb_decs);
const struct nla_table nl_nsid_attrs = NLA_NAMES(xlat_rtnl_nsid_attrs, "NETNSA_???");
/* nhmsg's */
static void put_nh_grp(const struct nl *n, const uint8_t *e)
{
	uint32_t id;
	uint16_t r2;

	memcpy(&id, e, 4);
	memcpy(&r2, e + 6, 2);
	sbuf_printf(n->b, "{id=%u, weight=%u", id, e[4]);
	if (e[5])
		sbuf_printf(n->b, ", resvd1=%#x", e[5]);
	if (r2)
		sbuf_printf(n->b, ", resvd2=%#x", r2);
	sbuf_putc(n->b, '}');
}
static const struct nl_array nh_grp_a = { 8, put_nh_grp };
static const struct nl_xval grp_type_x = X(xlat_nexthop_grp_types, "NEXTHOP_GRP_TYPE_???", 2);
static const struct nla_dec res_group_decs[] = {
	[1] = { nla_u16, NULL }, [2] = { nla_clock_t, NULL }, [3] = { nla_clock_t, NULL },
	[4] = { nla_clock_t, NULL },
};
static const struct nla_table res_group_attrs = NLA_TABLE(xlat_rtnl_nha_res_group_attrs,
	"NHA_RES_GROUP_???", res_group_decs);
static const struct nla_dec res_bucket_decs[] = {
	[1] = { nla_u16, NULL }, [2] = { nla_clock_t, NULL }, [3] = { nla_u32, NULL },
};
static const struct nla_table res_bucket_attrs = NLA_TABLE(xlat_rtnl_nha_res_bucket_attrs,
	"NHA_RES_BUCKET_???", res_bucket_decs);
static const struct nla_dec nexthop_decs[] = {
	[1] = { nla_u32, NULL }, [2] = { nla_array, &nh_grp_a }, [3] = { nla_xval, &grp_type_x },
	[4] = { nla_u32, NULL }, [5] = { nla_ifindex, NULL }, [6] = { nla_ip_addr, NULL },
	[7] = { nla_xval, &encap_x }, [9] = { nla_u32, NULL }, [10] = { nla_ifindex, NULL },
	[11] = { nla_u32, NULL }, [12] = { nla_nested, &res_group_attrs },
	[13] = { nla_nested, &res_bucket_attrs },
};
const struct nla_table nl_nexthop_attrs = NLA_TABLE(xlat_rtnl_nexthop_attrs, "NHA_???",
						    nexthop_decs);
const struct nla_table nl_ifstats_attrs = NLA_NAMES(xlat_rtnl_ifstats_attrs, "IFLA_STATS_???");
