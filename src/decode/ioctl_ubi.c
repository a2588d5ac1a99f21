// SPDX-License-Identifier: GPL-2.0
/*
 * UBI volumes' requests (mtd/ubi-user.h): attach, make, resize and rename
 * volumes (UBI_IOCRNVOL's 4368 bytes are read whole: CAPR_BIG), eraseblock
 * changes and maps, volume properties; ints and a 64-bit size by pointer.
 * Attaching and making report the new number in the struct's first int:
 * "{...} => [N]" after success, as strace.
 */
#include <linux/ioctl.h>
#include <mtd/ubi-user.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

#define NAME_SIZE (UBI_MAX_VOLUME_NAME + 1)

static int16_t s16at(const uint8_t *p, size_t off)
{
	int16_t v;

	memcpy(&v, p + off, 2);
	return v;
}

/* a volume name as long as its name_len says (and the array allows), cut
 * ("...") when no NUL ends it there */
static void put_vol_name(struct sbuf *b, const uint8_t *p, int16_t name_len)
{
	size_t size = name_len < 0 ? 0 : (size_t)name_len + 1 < NAME_SIZE ?
		      (size_t)name_len + 1 : NAME_SIZE;
	size_t n = strnlen((const char *)p, size);

	sbuf_printf(b, ", name_len=%d, name=", name_len);
	if (n < size)
		decode_string(b, (const char *)p, n, false);
	else
		decode_string(b, (const char *)p, size ? size - 1 : 0, true);
}

static void put_dtype(struct sbuf *b, const uint8_t *p, size_t off)
{
	sbuf_puts(b, ", dtype=");
	put_enum_x(b, (uint8_t)p[off], xlat_ubi_dtype, N(xlat_ubi_dtype), "UBI_???");
}

/* what attaching or making wrote back: the new number */
static void put_new_num(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	if (c->ret >= 0)
		sbuf_printf(b, " => [%d]", (int32_t)load_u32(p, 0));
}

static void put_rnvol(struct sbuf *b, const uint8_t *p, size_t len)
{
	int32_t count = (int32_t)load_u32(p, 0);
	int n = count < 0 ? 0 : count > UBI_MAX_RNVOL ? UBI_MAX_RNVOL : count;

	sbuf_printf(b, "{count=%d, ents=[", count);
	for (int k = 0; k < n; k++) {
		const uint8_t *e = p + 16 + 136 * (size_t)k;

		if (k)
			sbuf_puts(b, ", ");
		if ((size_t)(e - p) + 136 > len) {
			sbuf_puts(b, "...");
			break;
		}
		sbuf_printf(b, "{vol_id=%d", (int32_t)load_u32(e, 0));
		put_vol_name(b, e + 8, s16at(e, 4));
		sbuf_putc(b, '}');
	}
	sbuf_puts(b, "]}");
}

bool ioctl_ubi_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;
	int64_t v64;

	switch (c->req) {
	case UBI_IOCDET: case UBI_IOCEBER: case UBI_IOCEBISMAP: case UBI_IOCEBUNMAP:
	case UBI_IOCRMVOL: case UBI_IOCRPEB: case UBI_IOCSPEB:
		if ((p = ioc_in(b, c, 4)))
			sbuf_printf(b, "[%d]", (int32_t)load_u32(p, 0));
		return true;
	case UBI_IOCVOLUP:
		if ((p = ioc_in(b, c, 8))) {
			memcpy(&v64, p, 8);
			sbuf_printf(b, "[%lld]", (long long)v64);
		}
		return true;
	case UBI_IOCATT:
		if ((p = ioc_in(b, c, 24))) {
			sbuf_printf(b, "{ubi_num=%d, mtd_num=%d, vid_hdr_offset=%d, "
				    "max_beb_per1024=%d}", (int32_t)load_u32(p, 0),
				    (int32_t)load_u32(p, 4), (int32_t)load_u32(p, 8), s16at(p, 12));
			put_new_num(b, c, p);
		}
		return true;
	case UBI_IOCEBCH:
		if ((p = ioc_in(b, c, 16))) {
			sbuf_printf(b, "{lnum=%d, bytes=%d", (int32_t)load_u32(p, 0),
				    (int32_t)load_u32(p, 4));
			put_dtype(b, p, 8);
			sbuf_putc(b, '}');
		}
		return true;
	case UBI_IOCEBMAP:
		if ((p = ioc_in(b, c, 8))) {
			sbuf_printf(b, "{lnum=%d", (int32_t)load_u32(p, 0));
			put_dtype(b, p, 4);
			sbuf_putc(b, '}');
		}
		return true;
	case UBI_IOCMKVOL:
		if ((p = ioc_in(b, c, 152))) {
			memcpy(&v64, p + 8, 8);
			sbuf_printf(b, "{vol_id=%d, alignment=%d, bytes=%lld, vol_type=",
				    (int32_t)load_u32(p, 0), (int32_t)load_u32(p, 4), (long long)v64);
			put_enum_x(b, (uint8_t)p[16], xlat_ubi_vol_type, N(xlat_ubi_vol_type),
				   "UBI_???_VOLUME");
			sbuf_puts(b, ", flags=");
			put_flagset_qx(b, p[17], xlat_ubi_vol_flags, N(xlat_ubi_vol_flags),
				       "UBI_VOL_???");
			put_vol_name(b, p + 24, s16at(p, 18));
			sbuf_putc(b, '}');
			put_new_num(b, c, p);
		}
		return true;
	case UBI_IOCRSVOL:
		if ((p = ioc_in(b, c, 12))) {
			memcpy(&v64, p, 8);
			sbuf_printf(b, "{bytes=%lld, vol_id=%d}", (long long)v64,
				    (int32_t)load_u32(p, 8));
		}
		return true;
	case UBI_IOCRNVOL:
		if ((p = ioc_in(b, c, 4)))
			put_rnvol(b, p, c->len);
		return true;
	case UBI_IOCSETVOLPROP:
		if ((p = ioc_in(b, c, 16))) {
			uint64_t v;

			sbuf_puts(b, "{property=");
			put_enum_x(b, p[0], xlat_ubi_vol_prop, N(xlat_ubi_vol_prop),
				   "UBI_VOL_PROP_???");
			memcpy(&v, p + 8, 8);
			sbuf_puts(b, ", value=");
			put_hex0(b, v);
			sbuf_putc(b, '}');
		}
		return true;
	}
	return false;
}
