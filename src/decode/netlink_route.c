// SPDX-License-Identifier: GPL-2.0
/* NETLINK_ROUTE's payloads (facts: strace 6.1's tests/netlink_route.c,
 * nlattr_*.c) */
#include "netlink.h"
#include "xlat_tables.h"

bool nl_route(const struct nl *n, uint16_t type, size_t off, size_t len)
{
	(void)n; (void)type; (void)off; (void)len;
	return false;
}
