// SPDX-License-Identifier: GPL-2.0
/* Socket requests other than struct ifreq's (ioctl.c): the owner and
 * out-of-band mark as ints, a bridge's name. */
#include <linux/sockios.h>
#include <string.h>

#include "flagtab.h"

#define IFNAMSIZ_ 16

bool ioctl_sock_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;
	int32_t v;
	size_t n;

	switch (c->req) {
	case FIOSETOWN: case SIOCSPGRP: case SIOCSIFENCAP:	/* ints it reads */
		p = ioc_in(b, c, 4);
		break;
	case FIOGETOWN: case SIOCGPGRP: case SIOCATMARK:	/* ints it writes */
		p = ioc_out(b, c, 4);
		break;
	case SIOCBRADDBR: case SIOCBRDELBR:	/* a bridge's name, to IFNAMSIZ */
		if ((p = ioc_in(b, c, 1))) {
			n = strnlen((const char *)p, c->len < IFNAMSIZ_ ? c->len : IFNAMSIZ_);
			if (n == c->len && n < IFNAMSIZ_)	/* the memory ends first */
				sbuf_hex(b, c->addr);
			else
				decode_string(b, (const char *)p, n, n == IFNAMSIZ_);
		}
		return true;
	default:
		return false;
	}
	if (p) {
		memcpy(&v, p, 4);
		sbuf_printf(b, "[%d]", v);
	}
	return true;
}
