// SPDX-License-Identifier: GPL-2.0
/*
 * NETLINK_ROUTE's attribute tables: names, and the payload decoders of
 * the attributes strace decodes (facts: strace 6.1's tests/nlattr_*.c).
 */
#include "netlink.h"
#include "xlat_tables.h"

const struct nla_table nl_link_attrs = NLA_NAMES(xlat_rtnl_link_attrs, "IFLA_???");
const struct nla_table nl_addr_attrs = NLA_NAMES(xlat_rtnl_addr_attrs, "IFA_???");
const struct nla_table nl_route_attrs = NLA_NAMES(xlat_rtnl_route_attrs, "RTA_???");
const struct nla_table nl_neigh_attrs = NLA_NAMES(xlat_rtnl_neigh_attrs, "NDA_???");
const struct nla_table nl_rule_attrs = NLA_NAMES(xlat_rtnl_rule_attrs, "FRA_???");
const struct nla_table nl_tc_attrs = NLA_NAMES(xlat_rtnl_tc_attrs, "TCA_???");
const struct nla_table nl_tca_attrs = NLA_NAMES(xlat_rtnl_tca_attrs, "TCA_ROOT_???");
const struct nla_table nl_neightbl_attrs = NLA_NAMES(xlat_rtnl_neightbl_attrs, "NDTA_???");
const struct nla_table nl_addrlabel_attrs = NLA_NAMES(xlat_rtnl_addrlabel_attrs, "IFAL_???");
const struct nla_table nl_dcb_attrs = NLA_NAMES(xlat_rtnl_dcb_attrs, "DCB_ATTR_???");
const struct nla_table nl_netconf_attrs = NLA_NAMES(xlat_rtnl_netconf_attrs, "NETCONFA_???");
const struct nla_table nl_mdb_attrs = NLA_NAMES(xlat_rtnl_mdb_attrs, "MDBA_???");
const struct nla_table nl_nsid_attrs = NLA_NAMES(xlat_rtnl_nsid_attrs, "NETNSA_???");
const struct nla_table nl_nexthop_attrs = NLA_NAMES(xlat_rtnl_nexthop_attrs, "NHA_???");
const struct nla_table nl_ifstats_attrs = NLA_NAMES(xlat_rtnl_ifstats_attrs, "IFLA_STATS_???");
const struct nla_table nl_cachereport_attrs = NLA_NAMES(xlat_rtnl_route_attrs, "RTA_???");
