// SPDX-License-Identifier: GPL-2.0
/*
 * userfaultfd's requests (linux/userfaultfd.h): the API handshake, ranges
 * registered, woken, copied into and zeroed.  What a successful call
 * writes (the ioctls a range allows, the bytes copied) follows what it was
 * given.  UFFDIO_API rewrites the features it was given with the ones the
 * kernel has: the kernel side reads the given ones at entry (a CAP_ENTRY
 * stash of the argument's first 16 bytes, for this request only).
 */
#include <linux/ioctl.h>
#include <linux/userfaultfd.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../../bpf/event.h"

#define FLAGS(b, v, tab, unknown) put_flagset_qx(b, v, tab, N(tab), unknown)

static void put_range(struct sbuf *b, const uint8_t *p)
{
	sbuf_puts(b, "{start=");
	put_hex0(b, load_u64(p, 0));
	sbuf_puts(b, ", len=");
	put_hex0(b, load_u64(p, 8));
	sbuf_putc(b, '}');
}

static void put_api(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	uint64_t given = load_u64(p, 8), got = given;
	const struct cap *cp;
	const char *data;

	if (cap_entry(c->e, c->size, c->arg, &cp, &data) && cp->len >= 16)
		given = load_u64((const uint8_t *)data, 8);
	sbuf_puts(b, "{api=");
	put_hex0(b, load_u64(p, 0));
	sbuf_puts(b, ", features=");
	FLAGS(b, given, xlat_uffd_api_features, "UFFD_FEATURE_???");
	if (c->ret >= 0) {
		if (got != given) {
			sbuf_puts(b, " => features=");
			FLAGS(b, got, xlat_uffd_api_features, "UFFD_FEATURE_???");
		}
		sbuf_puts(b, ", ioctls=");
		FLAGS(b, load_u64(p, 16), xlat_uffd_api_ioctls, "1<<_UFFDIO_???");
	}
	sbuf_putc(b, '}');
}

bool ioctl_uffd_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;

	switch (c->req) {
	case UFFDIO_API:
		if ((p = ioc_in(b, c, 24)))
			put_api(b, c, p);
		return true;
	case UFFDIO_REGISTER:
		if ((p = ioc_in(b, c, 32))) {
			sbuf_puts(b, "{range=");
			put_range(b, p);
			sbuf_puts(b, ", mode=");
			FLAGS(b, load_u64(p, 16), xlat_uffd_register_modes, "UFFDIO_REGISTER_MODE_???");
			if (c->ret >= 0) {
				sbuf_puts(b, ", ioctls=");
				FLAGS(b, load_u64(p, 24), xlat_uffd_register_ioctls, "1<<_UFFDIO_???");
			}
			sbuf_putc(b, '}');
		}
		return true;
	case UFFDIO_UNREGISTER: case UFFDIO_WAKE:
		if ((p = ioc_in(b, c, 16)))
			put_range(b, p);
		return true;
	case UFFDIO_COPY:
		if ((p = ioc_in(b, c, 40))) {
			sbuf_puts(b, "{dst=");
			put_hex0(b, load_u64(p, 0));
			sbuf_puts(b, ", src=");
			put_hex0(b, load_u64(p, 8));
			sbuf_puts(b, ", len=");
			put_hex0(b, load_u64(p, 16));
			sbuf_puts(b, ", mode=");
			FLAGS(b, load_u64(p, 24), xlat_uffd_copy_modes, "UFFDIO_COPY_MODE_???");
			if (c->ret >= 0) {
				sbuf_puts(b, ", copy=");
				put_hex0(b, load_u64(p, 32));
			}
			sbuf_putc(b, '}');
		}
		return true;
	case UFFDIO_ZEROPAGE:
		if ((p = ioc_in(b, c, 32))) {
			sbuf_puts(b, "{range=");
			put_range(b, p);
			sbuf_puts(b, ", mode=");
			FLAGS(b, load_u64(p, 16), xlat_uffd_zeropage_modes, "UFFDIO_ZEROPAGE_MODE_???");
			if (c->ret >= 0) {
				sbuf_puts(b, ", zeropage=");
				put_hex0(b, load_u64(p, 24));
			}
			sbuf_putc(b, '}');
		}
		return true;
	}
	return false;
}
