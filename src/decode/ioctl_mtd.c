// SPDX-License-Identifier: GPL-2.0
/*
 * Memory technology devices' requests (mtd/mtd-abi.h): erase ranges, OOB
 * buffers, write requests, OTP ranges given to the device; the device's
 * info, OOB layout and ECC statistics it returns.  Numbers in hex, as
 * strace shows them.
 */
#include <linux/ioctl.h>
#include <mtd/mtd-abi.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

static void put_x32(struct sbuf *b, const char *sep, const char *name, uint32_t v)
{
	sbuf_printf(b, "%s%s=", sep, name);
	put_hex0(b, v);
}

static void put_x64(struct sbuf *b, const char *sep, const char *name, uint64_t v)
{
	sbuf_printf(b, "%s%s=", sep, name);
	put_hex0(b, v);
}

/* u32s in hex: [0x1, 0x2], at most 32 of them (strace's -s for arrays) */
static void put_x32s(struct sbuf *b, const uint8_t *p, unsigned n)
{
	sbuf_putc(b, '[');
	for (unsigned k = 0; k < n; k++) {
		if (k)
			sbuf_puts(b, ", ");
		if (k == 32) {
			sbuf_puts(b, "...");
			break;
		}
		put_hex0(b, load_u32(p, 4 * k));
	}
	sbuf_putc(b, ']');
}

static void put_info(struct sbuf *b, const uint8_t *p)
{
	sbuf_puts(b, "{type=");
	put_enum_x(b, p[0], xlat_mtd_type, N(xlat_mtd_type), "MTD_???");
	sbuf_puts(b, ", flags=");
	put_flagset_qx(b, load_u32(p, 4), xlat_mtd_flags, N(xlat_mtd_flags), "MTD_???");
	put_x32(b, ", ", "size", load_u32(p, 8));
	put_x32(b, ", ", "erasesize", load_u32(p, 12));
	put_x32(b, ", ", "writesize", load_u32(p, 16));
	put_x32(b, ", ", "oobsize", load_u32(p, 20));
	put_x64(b, ", ", "padding", load_u64(p, 24));
	sbuf_putc(b, '}');
}

static void put_oobsel(struct sbuf *b, const uint8_t *p)
{
	sbuf_puts(b, "{useecc=");
	put_enum_x(b, load_u32(p, 0), xlat_mtd_nandecc, N(xlat_mtd_nandecc), "MTD_NANDECC_???");
	put_x32(b, ", ", "eccbytes", load_u32(p, 4));
	sbuf_puts(b, ", oobfree=[");
	for (int k = 0; k < 8; k++) {
		sbuf_puts(b, k ? ", " : "");
		put_x32s(b, p + 8 + 8 * k, 2);
	}
	sbuf_puts(b, "], eccpos=");
	put_x32s(b, p + 72, 32);
	sbuf_putc(b, '}');
}

static void put_layout(struct sbuf *b, const uint8_t *p)
{
	put_x32(b, "{", "eccbytes", load_u32(p, 0));
	sbuf_puts(b, ", eccpos=");
	put_x32s(b, p + 4, 64);
	put_x32(b, ", ", "oobavail", load_u32(p, 260));
	sbuf_puts(b, ", oobfree=[");
	for (int k = 0; k < 8; k++) {
		put_x32(b, k ? ", {" : "{", "offset", load_u32(p, 264 + 8 * k));
		put_x32(b, ", ", "length", load_u32(p, 268 + 8 * k));
		sbuf_putc(b, '}');
	}
	sbuf_puts(b, "]}");
}

bool ioctl_mtd_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;
	size_t mark = b->len;

	switch (c->req) {
	case MTDFILEMODE:
		put_enum(b, c->addr, xlat_mtd_file_mode, N(xlat_mtd_file_mode),
			 "MTD_FILE_MODE_???");
		xlat_finish(b, mark, c->addr, XF_HEX);
		return true;
	case OTPSELECT:
		if ((p = ioc_in(b, c, 4))) {
			sbuf_putc(b, '[');
			put_enum_x(b, load_u32(p, 0), xlat_mtd_otp, N(xlat_mtd_otp), "MTD_OTP_???");
			sbuf_putc(b, ']');
		}
		return true;
	case MEMGETBADBLOCK: case MEMSETBADBLOCK:
		if ((p = ioc_in(b, c, 8)))
			sbuf_printf(b, "[%llu]", (unsigned long long)load_u64(p, 0));
		return true;
	case MEMERASE: case MEMLOCK: case MEMUNLOCK: case MEMISLOCKED:
		if ((p = ioc_in(b, c, 8))) {
			put_x32(b, "{", "start", load_u32(p, 0));
			put_x32(b, ", ", "length", load_u32(p, 4));
			sbuf_putc(b, '}');
		}
		return true;
	case MEMERASE64:
		if ((p = ioc_in(b, c, 16))) {
			put_x64(b, "{", "start", load_u64(p, 0));
			put_x64(b, ", ", "length", load_u64(p, 8));
			sbuf_putc(b, '}');
		}
		return true;
	case MEMWRITEOOB: case MEMREADOOB:
		if ((p = ioc_in(b, c, 16))) {
			put_x32(b, "{", "start", load_u32(p, 0));
			put_x32(b, ", ", "length", load_u32(p, 4));
			sbuf_puts(b, ", ptr=");
			if (load_u64(p, 8))
				sbuf_hex(b, load_u64(p, 8));
			else
				sbuf_puts(b, "NULL");
			sbuf_putc(b, '}');
		}
		return true;
	case MEMWRITEOOB64: case MEMREADOOB64:
		if ((p = ioc_in(b, c, 24))) {
			put_x64(b, "{", "start", load_u64(p, 0));
			put_x32(b, ", ", "length", load_u32(p, 12));
			put_x64(b, ", ", "usr_ptr", load_u64(p, 16));
			sbuf_putc(b, '}');
		}
		return true;
	case OTPLOCK:
		if ((p = ioc_in(b, c, 12))) {
			put_x32(b, "{", "start", load_u32(p, 0));
			put_x32(b, ", ", "length", load_u32(p, 4));
			sbuf_printf(b, ", locked=%u}", load_u32(p, 8));
		}
		return true;
	case MEMWRITE:
		if ((p = ioc_in(b, c, 48))) {
			put_x64(b, "{", "start", load_u64(p, 0));
			put_x64(b, ", ", "len", load_u64(p, 8));
			put_x64(b, ", ", "ooblen", load_u64(p, 16));
			put_x64(b, ", ", "usr_data", load_u64(p, 24));
			put_x64(b, ", ", "usr_oob", load_u64(p, 32));
			sbuf_puts(b, ", mode=");
			put_enum_x(b, p[40], xlat_mtd_ops, N(xlat_mtd_ops), "MTD_OPS_???");
			sbuf_putc(b, '}');
		}
		return true;
	case MEMGETREGIONINFO:
		/* the index it is given; the region too after success */
		if ((p = ioc_in(b, c, 16))) {
			put_x32(b, "{", "regionindex", load_u32(p, 12));
			if (c->ret >= 0) {
				put_x32(b, ", ", "offset", load_u32(p, 0));
				put_x32(b, ", ", "erasesize", load_u32(p, 4));
				put_x32(b, ", ", "numblocks", load_u32(p, 8));
			}
			sbuf_putc(b, '}');
		}
		return true;
	case MEMGETINFO:
		if ((p = ioc_out(b, c, 32)))
			put_info(b, p);
		return true;
	case MEMGETOOBSEL:
		if ((p = ioc_out(b, c, 200)))
			put_oobsel(b, p);
		return true;
	case ECCGETLAYOUT:
		if ((p = ioc_out(b, c, 328)))
			put_layout(b, p);
		return true;
	case ECCGETSTATS:
		if ((p = ioc_out(b, c, 16))) {
			put_x32(b, "{", "corrected", load_u32(p, 0));
			put_x32(b, ", ", "failed", load_u32(p, 4));
			put_x32(b, ", ", "badblocks", load_u32(p, 8));
			put_x32(b, ", ", "bbtblocks", load_u32(p, 12));
			sbuf_putc(b, '}');
		}
		return true;
	}
	return false;
}
