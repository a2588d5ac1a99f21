// SPDX-License-Identifier: GPL-2.0
/* Socket requests other than struct ifreq's (ioctl.c): the owner and
 * out-of-band mark as ints, a bridge's name, SIOCGIFCONF's interface list. */
#include <linux/sockios.h>
#include <string.h>

#include "flagtab.h"
#include "../../bpf/event.h"

#define IFNAMSIZ_ 16
#define IFREQ_SIZE 40

/* ifc_len, and how many struct ifreqs it makes when it is a multiple */
static void put_ifc_len(struct sbuf *b, int32_t v)
{
	sbuf_printf(b, "%d", v);
	if (v > 0 && v % IFREQ_SIZE == 0)
		sbuf_printf(b, " /* %d * sizeof(struct ifreq) */", v / IFREQ_SIZE);
}

/*
 * SIOCGIFCONF's struct ifconf {int ifc_len; char *ifc_buf;}: ifc_len as
 * given (the kernel side's CAP_ENTRY stash) => as the call left it, and
 * after success the interfaces it wrote (a second cap, CAP_ELEM): name and
 * address each, the first -s of them, "..." when it wrote more.  Without a
 * buffer the call only says how much room it needs: that value alone.
 */
static void put_ifconf(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = ioc_in(b, c, 16), *q;
	const struct cap *cp;
	const char *data;
	int32_t in, out;
	uint64_t buf;
	size_t i, shown = 0;

	if (!p)
		return;
	memcpy(&out, p, 4);
	memcpy(&buf, p + 8, 8);
	in = out;
	if (cap_entry(c->e, c->size, c->arg, &cp, &data) && cp->len >= 4)
		memcpy(&in, data, 4);
	sbuf_puts(b, "{ifc_len=");
	put_ifc_len(b, buf ? in : out);
	if (buf && in != out) {
		sbuf_puts(b, " => ");
		put_ifc_len(b, out);
	}
	sbuf_puts(b, ", ifc_buf=");
	if (!buf) {
		sbuf_puts(b, "NULL}");
		return;
	}
	if (c->ret < 0 || out < 0 ||
	    (out >= IFREQ_SIZE &&
	     (!cap_find_flagged(c->e, c->size, c->arg, CAP_ELEM, &cp, &data) ||
	      (cp->flags & CAP_FAULT) || cp->len < IFREQ_SIZE))) {
		sbuf_hex(b, buf);
		sbuf_putc(b, '}');
		return;
	}
	sbuf_putc(b, '[');
	for (i = 0; i + IFREQ_SIZE <= (size_t)out; i += IFREQ_SIZE) {
		if (shown == c->strsize || i + IFREQ_SIZE > cp->len) {
			sbuf_puts(b, shown ? ", ..." : "...");
			break;
		}
		q = (const uint8_t *)data + i;
		size_t n = strnlen((const char *)q, IFNAMSIZ_);

		sbuf_puts(b, shown++ ? ", {ifr_name=" : "{ifr_name=");
		decode_string(b, (const char *)q, n < IFNAMSIZ_ ? n : IFNAMSIZ_ - 1, n == IFNAMSIZ_);
		sbuf_puts(b, ", ifr_addr=");
		decode_sockaddr(b, q + IFNAMSIZ_, 16);
		sbuf_putc(b, '}');
	}
	sbuf_puts(b, "]}");
}

bool ioctl_sock_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;
	int32_t v;
	size_t n;

	switch (c->req) {
	case SIOCGIFCONF:
		put_ifconf(b, c);
		return true;
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
