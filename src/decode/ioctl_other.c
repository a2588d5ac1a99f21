// SPDX-License-Identifier: GPL-2.0
/*
 * Requests of other drivers, named as strace names them: a table of
 * names whose argument is an address (xlat/ioctl_other_names.in), the
 * HID requests with a length in their number (HIDIOCGPHYS(len)), and the
 * number the sound mixer and MTD share (MIXER_READ(13) or OTPSELECT),
 * whose int strace shows as an OTP mode.
 */
#include <string.h>
#include <linux/ioctl.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"

#define OTPSELECT_ _IOR('M', 13, int)

/* b may be NULL: whether req is one of these */
static bool other_name(struct sbuf *b, uint32_t req)
{
	static const struct { uint8_t nr; const char *name; } hid[] = {
		{ 0x04, "HIDIOCGRAWNAME" }, { 0x05, "HIDIOCGRAWPHYS" }, { 0x06, "HIDIOCGNAME" },
		{ 0x12, "HIDIOCGPHYS" },
	};

	if (req == OTPSELECT_) {
		if (b)
			sbuf_puts(b, "MIXER_READ(13) or OTPSELECT");
		return true;
	}
	if (_IOC_TYPE(req) != 'H' || _IOC_DIR(req) != _IOC_READ)
		return false;
	for (size_t i = 0; i < N(hid); i++)
		if (hid[i].nr == _IOC_NR(req)) {
			if (b)
				sbuf_printf(b, "%s(%u)", hid[i].name, _IOC_SIZE(req));
			return true;
		}
	return false;
}

static int other_arg(struct sbuf *b, const struct ioctl_call *c)
{
	int32_t v;

	if (!b)
		return IOCTL_NOT_MINE;
	if (c->req == OTPSELECT_) {
		if (!ioctl_in(c, 4))
			return ioctl_ptr(b, c);
		memcpy(&v, c->p, 4);
		sbuf_putc(b, '[');
		put_enum_x(b, (uint32_t)v, xlat_mtd_otp_modes, N(xlat_mtd_otp_modes),
			   "MTD_OTP_???");
		sbuf_putc(b, ']');
		return IOCTL_SHOWN;
	}
	for (size_t i = 0; i < N(xlat_ioctl_other_names); i++)
		if (xlat_ioctl_other_names[i].val == c->req)
			return ioctl_ptr(b, c);
	if (other_name(NULL, c->req))
		return ioctl_ptr(b, c);
	return IOCTL_NOT_MINE;
}

const struct ioctl_dev ioctl_dev_other = {
	.names = xlat_ioctl_other_names, .nnames = N(xlat_ioctl_other_names),
	.name = other_name, .arg = other_arg,
};
