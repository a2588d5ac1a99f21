// SPDX-License-Identifier: GPL-2.0
/*
 * ATA/IDE drive requests (linux/hdreg.h, type 0x03, no size in their
 * numbers: the kernel side reads the rule's 40 bytes): the geometry, a
 * drive command and what it answered, the settings' getters ([value]
 * after success) and setters (the value itself).
 */
#include <linux/hdreg.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"

static bool hdio_getter(uint32_t req)
{
	switch (req) {
	case HDIO_GET_32BIT: case HDIO_GET_ACOUSTIC: case HDIO_GET_ADDRESS: case HDIO_GET_DMA:
	case HDIO_GET_KEEPSETTINGS: case HDIO_GET_MULTCOUNT: case HDIO_GET_NOWERR:
	case HDIO_GET_UNMASKINTR: case HDIO_GET_WCACHE:
		return true;
	}
	return false;
}

static bool hdio_setter(uint32_t req)
{
	switch (req) {
	case HDIO_SET_32BIT: case HDIO_SET_ACOUSTIC: case HDIO_SET_ADDRESS: case HDIO_SET_DMA:
	case HDIO_SET_KEEPSETTINGS: case HDIO_SET_MULTCOUNT: case HDIO_SET_NOWERR:
	case HDIO_SET_PIO_MODE: case HDIO_SET_UNMASKINTR: case HDIO_SET_WCACHE:
	case HDIO_UNREGISTER_HWIF:
		return true;
	}
	return false;
}

static void put_nice(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	put_flagset_q64(b, v, xlat_hdio_ide_nice, N(xlat_hdio_ide_nice), "IDE_NICE_???");
	xlat_finish(b, mark, v, XF_HEX);
}

/* HDIO_DRIVE_CMD: struct hd_drive_cmd_hdr, then after success the same
 * four bytes as the drive's status, and the sector_count * 512 bytes of
 * data that follow them (-s of them, in hex) */
static int put_drive_cmd(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = c->p;
	size_t n, want;

	if (!ioctl_in(c, 4))
		return ioctl_ptr(b, c);
	sbuf_puts(b, "{command=");
	put_enum_x(b, p[0], xlat_ata_cmds, N(xlat_ata_cmds), "ATA_CMD_???");
	sbuf_printf(b, ", sector_number=%u, feature=%u, sector_count=%u", p[1], p[2], p[3]);
	if (c->ret < 0) {
		sbuf_putc(b, '}');
		return IOCTL_SHOWN;
	}
	sbuf_printf(b, "} => {status=%#x, error=%u, nsector=%u", p[0], p[1], p[2]);
	if (p[3]) {
		n = (size_t)p[3] * 512;
		want = n < c->strsize ? n : c->strsize;
		sbuf_puts(b, ", buf=");
		if (c->len >= 4 + want)
			decode_string_hex(b, (const char *)p + 4, want, n > want);
		else
			sbuf_hex(b, c->addr + 4);
	}
	sbuf_putc(b, '}');
	return IOCTL_SHOWN;
}

static int hdio_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = c->p;
	uint64_t v;

	if (c->req < 0x300 || c->req > 0x3ff || !b)
		return IOCTL_NOT_MINE;
	if (hdio_getter(c->req)) {
		if (!ioctl_out(c, 8))
			return ioctl_ptr(b, c);
		memcpy(&v, p, 8);
		sbuf_printf(b, "[%llu]", (unsigned long long)v);
		return IOCTL_SHOWN;
	}
	if (hdio_setter(c->req)) {
		sbuf_u64(b, c->addr);
		return IOCTL_SHOWN;
	}
	switch (c->req) {
	case HDIO_GETGEO:
		if (!ioctl_out(c, 16))
			return ioctl_ptr(b, c);
		memcpy(&v, p + 8, 8);
		sbuf_printf(b, "{heads=%u, sectors=%u, cylinders=%u, start=%llu}", p[0], p[1],
			    p[2] | p[3] << 8, (unsigned long long)v);
		return IOCTL_SHOWN;
	case HDIO_DRIVE_CMD:
		return put_drive_cmd(b, c);
	case HDIO_DRIVE_RESET: case HDIO_SCAN_HWIF:
		if (!ioctl_in(c, 12))
			return ioctl_ptr(b, c);
		ioctl_uarray(b, c, p, 3, 4, true);
		return IOCTL_SHOWN;
	case HDIO_OBSOLETE_IDENTITY: case HDIO_GET_IDENTITY: {
		/* 142 or 512 bytes: the first -s of them */
		size_t n = c->strsize < 142 ? c->strsize : 142;

		if (!ioctl_out(c, n))
			return ioctl_ptr(b, c);
		decode_string(b, (const char *)p, n, true);
		return IOCTL_SHOWN;
	}
	case HDIO_GET_NICE:
		if (!ioctl_out(c, 8))
			return ioctl_ptr(b, c);
		memcpy(&v, p, 8);
		sbuf_putc(b, '[');
		put_nice(b, v);
		sbuf_putc(b, ']');
		return IOCTL_SHOWN;
	case HDIO_SET_NICE:
		put_nice(b, c->addr);
		return IOCTL_SHOWN;
	case HDIO_GET_BUSSTATE:
		if (!ioctl_out(c, 8))
			return ioctl_ptr(b, c);
		memcpy(&v, p, 8);
		sbuf_putc(b, '[');
		put_enum_x(b, v, xlat_hdio_busstates, N(xlat_hdio_busstates), "BUSSTATE_???");
		sbuf_putc(b, ']');
		return IOCTL_SHOWN;
	case HDIO_SET_BUSSTATE:
		put_enum_x(b, c->addr, xlat_hdio_busstates, N(xlat_hdio_busstates), "BUSSTATE_???");
		return IOCTL_SHOWN;
	}
	/* the requests strace names without decoding: the register */
	for (size_t i = 0; i < N(xlat_ioctl_hdio); i++)
		if (xlat_ioctl_hdio[i].val == c->req) {
			put_hex0(b, c->addr);
			return IOCTL_SHOWN;
		}
	return IOCTL_NOT_MINE;
}

const struct ioctl_dev ioctl_dev_hdio = {
	.names = xlat_ioctl_hdio, .nnames = N(xlat_ioctl_hdio), .arg = hdio_arg,
};
