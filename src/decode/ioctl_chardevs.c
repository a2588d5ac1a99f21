// SPDX-License-Identifier: GPL-2.0
/*
 * Small character device families whose requests take an int, a number
 * or nothing: watchdogs, the random device, inotify, infrared remote
 * controls (LIRC), a terminal's modem lines (TIOCM*).
 */
#include <linux/inotify.h>
#include <linux/lirc.h>
#include <linux/random.h>
#include <linux/watchdog.h>
#include <string.h>
#include <sys/ioctl.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"

/* [value] of an unsigned int the call reads (or, after success, wrote):
 * a number, a name or flags */
enum { U_DEC, U_HEX, U_MODE, U_FEATURES, U_TIOCM };

static int put_u32(struct sbuf *b, const struct ioctl_call *c, bool out, int how)
{
	uint32_t v;
	size_t mark;

	if (!(out ? ioctl_out(c, 4) : ioctl_in(c, 4)))
		return ioctl_ptr(b, c);
	memcpy(&v, c->p, 4);
	sbuf_putc(b, '[');
	mark = b->len;
	switch (how) {
	case U_DEC:
		sbuf_printf(b, "%u", v);
		break;
	case U_HEX:
		put_hex0(b, v);
		break;
	case U_MODE:
		put_enum_x(b, v, xlat_lirc_modes, N(xlat_lirc_modes), "LIRC_MODE_???");
		break;
	case U_FEATURES:
		put_flagset_q(b, v, xlat_lirc_features, N(xlat_lirc_features), "LIRC_CAN_???");
		xlat_finish(b, mark, v, XF_HEX);
		break;
	case U_TIOCM:
		put_flagset_q(b, v, xlat_tiocm_flags, N(xlat_tiocm_flags), "TIOCM_???");
		xlat_finish(b, mark, v, XF_HEX);
		break;
	}
	sbuf_putc(b, ']');
	return IOCTL_SHOWN;
}

static int lirc_arg(struct sbuf *b, const struct ioctl_call *c)
{
	switch (c->req) {
	case LIRC_GET_FEATURES:
		return put_u32(b, c, true, U_FEATURES);
	case LIRC_GET_SEND_MODE: case LIRC_GET_REC_MODE:
		return put_u32(b, c, true, U_MODE);
	case LIRC_GET_REC_RESOLUTION: case LIRC_GET_MIN_TIMEOUT: case LIRC_GET_MAX_TIMEOUT:
	case LIRC_GET_LENGTH: case LIRC_GET_REC_TIMEOUT:
		return put_u32(b, c, true, U_DEC);
	case LIRC_SET_SEND_MODE: case LIRC_SET_REC_MODE:
		return put_u32(b, c, false, U_MODE);
	case LIRC_SET_TRANSMITTER_MASK:
		return put_u32(b, c, false, U_HEX);
	case LIRC_SET_SEND_CARRIER: case LIRC_SET_REC_CARRIER: case LIRC_SET_SEND_DUTY_CYCLE:
	case LIRC_SET_REC_TIMEOUT: case LIRC_SET_REC_TIMEOUT_REPORTS:
	case LIRC_SET_MEASURE_CARRIER_MODE: case LIRC_SET_REC_CARRIER_RANGE:
	case LIRC_SET_WIDEBAND_RECEIVER:
		return put_u32(b, c, false, U_DEC);
	}
	return IOCTL_NOT_MINE;
}

/* struct rand_pool_info: two ints, then buf_size bytes (-s of them) */
static int put_rand_pool(struct sbuf *b, const struct ioctl_call *c)
{
	int32_t cnt, size;
	size_t n;

	if (!ioctl_in(c, 8))
		return ioctl_ptr(b, c);
	memcpy(&cnt, c->p, 4);
	memcpy(&size, c->p + 4, 4);
	sbuf_printf(b, "{entropy_count=%d, buf_size=%d, buf=", cnt, size);
	n = size > 0 ? (size_t)size : 0;
	if (n > c->strsize)
		n = c->strsize;
	if (c->len >= 8 + n)
		decode_string(b, (const char *)c->p + 8, n, (size_t)(size > 0 ? size : 0) > n);
	else
		sbuf_hex(b, c->addr + 8);
	sbuf_putc(b, '}');
	return IOCTL_SHOWN;
}

static int chardev_arg(struct sbuf *b, const struct ioctl_call *c)
{
	int32_t n;

	switch (c->req) {
	case WDIOC_KEEPALIVE: case RNDZAPENTCNT: case RNDCLEARPOOL: case RNDRESEEDCRNG:
		return IOCTL_NO_ARG;
	}
	if (!b)
		return IOCTL_NOT_MINE;
	switch (c->req) {
	case WDIOC_SETTIMEOUT: case WDIOC_SETPRETIMEOUT: case RNDADDTOENTCNT:
		if (!ioctl_in(c, 4))
			return ioctl_ptr(b, c);
		memcpy(&n, c->p, 4);
		sbuf_printf(b, "[%d]", n);
		return IOCTL_SHOWN;
	case RNDADDENTROPY:
		return put_rand_pool(b, c);
	case INOTIFY_IOC_SETNEXTWD:
		sbuf_printf(b, "%d", (int32_t)c->addr);
		return IOCTL_SHOWN;
	case TIOCMGET:
		return put_u32(b, c, true, U_TIOCM);
	case TIOCMBIS: case TIOCMBIC: case TIOCMSET:
		return put_u32(b, c, false, U_TIOCM);
	}
	/* the other requests of the families named here: an address */
	for (size_t i = 0; i < N(xlat_ioctl_chardevs); i++)
		if (xlat_ioctl_chardevs[i].val == c->req)
			return ioctl_ptr(b, c);
	if (_IOC_TYPE(c->req) == 'i')
		return lirc_arg(b, c);
	return IOCTL_NOT_MINE;
}

const struct ioctl_dev ioctl_dev_chardevs = {
	.names = xlat_ioctl_chardevs, .nnames = N(xlat_ioctl_chardevs), .arg = chardev_arg,
};

const struct ioctl_dev ioctl_dev_lirc = {
	.names = xlat_ioctl_lirc, .nnames = N(xlat_ioctl_lirc),
};
