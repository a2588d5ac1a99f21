// SPDX-License-Identifier: GPL-2.0
/*
 * Real-time clock requests (linux/rtc.h): the time and the alarm (struct
 * rtc_time, six fields without -v), the wake alarm, the PLL, the voltage
 * flags, a parameter (struct rtc_param, its value by what it is).
 */
#include <linux/rtc.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"

static int32_t i32_at(const uint8_t *p, size_t off)
{
	int32_t v;

	memcpy(&v, p + off, 4);
	return v;
}

static void put_rtc_time(struct sbuf *b, const uint8_t *p)
{
	static const char *const f[] = { "tm_sec", "tm_min", "tm_hour", "tm_mday", "tm_mon",
					 "tm_year", "tm_wday", "tm_yday", "tm_isdst" };

	sbuf_putc(b, '{');
	for (int i = 0; i < 9; i++) {
		if (i == 6 && !decode_verbose()) {
			sbuf_puts(b, ", ...");
			break;
		}
		sbuf_printf(b, i ? ", %s=%d" : "%s=%d", f[i], i32_at(p, i * 4));
	}
	sbuf_putc(b, '}');
}

static void put_wkalrm(struct sbuf *b, const uint8_t *p)
{
	sbuf_printf(b, "{enabled=%u, pending=%u, time=", p[0], p[1]);
	put_rtc_time(b, p + 4);
	sbuf_putc(b, '}');
}

static void put_pll(struct sbuf *b, const uint8_t *p)
{
	sbuf_printf(b, "{pll_ctrl=%d, pll_value=%d, pll_max=%d, pll_min=%d, pll_posmult=%d, "
		    "pll_negmult=%d, pll_clock=%lld}", i32_at(p, 0), i32_at(p, 4), i32_at(p, 8),
		    i32_at(p, 12), i32_at(p, 16), i32_at(p, 20), (long long)load_u64(p, 24));
}

/* struct rtc_param's value, by its param */
static void put_param_value(struct sbuf *b, const uint8_t *p)
{
	uint64_t param = load_u64(p, 0), v = load_u64(p, 8);
	size_t mark;

	switch (param) {
	case RTC_PARAM_FEATURES:
		sbuf_puts(b, "uvalue=");
		mark = b->len;
		put_flagset_q64(b, v, xlat_rtc_features, N(xlat_rtc_features),
				"1<<RTC_FEATURE_???");
		xlat_finish(b, mark, v, XF_HEX);
		break;
	case RTC_PARAM_CORRECTION:
		sbuf_printf(b, "svalue=%lld", (long long)v);
		break;
	case RTC_PARAM_BACKUP_SWITCH_MODE:
		sbuf_puts(b, "uvalue=");
		put_enum_x(b, v, xlat_rtc_bsm, N(xlat_rtc_bsm), "RTC_BSM_???");
		break;
	default:
		sbuf_puts(b, "uvalue=");
		put_hex0(b, v);
		break;
	}
}

static void put_pad(struct sbuf *b, const uint8_t *p)
{
	uint32_t pad;

	memcpy(&pad, p + 20, 4);
	if (pad)
		sbuf_printf(b, ", __pad=%#x", pad);
}

/* RTC_PARAM_GET: which parameter, then " => " its value after success
 * (the address, as strace, when the call failed); RTC_PARAM_SET: all */
static int put_param(struct sbuf *b, const struct ioctl_call *c, bool get)
{
	const uint8_t *p = c->p;
	uint32_t index;

	if (!ioctl_in(c, sizeof(struct rtc_param)))
		return ioctl_ptr(b, c);
	memcpy(&index, p + 16, 4);
	sbuf_puts(b, "{param=");
	put_enum_x(b, load_u64(p, 0), xlat_rtc_params, N(xlat_rtc_params), "RTC_PARAM_???");
	if (!get) {
		sbuf_puts(b, ", ");
		put_param_value(b, p);
	}
	sbuf_printf(b, ", index=%u", index);
	put_pad(b, p);
	sbuf_putc(b, '}');
	if (!get)
		return IOCTL_SHOWN;
	sbuf_puts(b, " => ");
	if (c->ret < 0) {
		sbuf_hex(b, c->addr);
		return IOCTL_SHOWN;
	}
	sbuf_putc(b, '{');
	put_param_value(b, p);
	put_pad(b, p);
	sbuf_putc(b, '}');
	return IOCTL_SHOWN;
}

static int rtc_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = c->p;
	uint32_t v;
	size_t mark;

	switch (c->req) {
	case RTC_AIE_ON: case RTC_AIE_OFF: case RTC_UIE_ON: case RTC_UIE_OFF:
	case RTC_PIE_ON: case RTC_PIE_OFF: case RTC_WIE_ON: case RTC_WIE_OFF: case RTC_VL_CLR:
		return IOCTL_NO_ARG;
	}
	if (!b || _IOC_TYPE(c->req) != 'p')
		return IOCTL_NOT_MINE;
	switch (c->req) {
	case RTC_ALM_SET: case RTC_SET_TIME:
		if (!ioctl_in(c, sizeof(struct rtc_time)))
			return ioctl_ptr(b, c);
		put_rtc_time(b, p);
		return IOCTL_SHOWN;
	case RTC_ALM_READ: case RTC_RD_TIME:
		if (!ioctl_out(c, sizeof(struct rtc_time)))
			return ioctl_ptr(b, c);
		put_rtc_time(b, p);
		return IOCTL_SHOWN;
	case RTC_WKALM_SET:
		if (!ioctl_in(c, sizeof(struct rtc_wkalrm)))
			return ioctl_ptr(b, c);
		put_wkalrm(b, p);
		return IOCTL_SHOWN;
	case RTC_WKALM_RD:
		if (!ioctl_out(c, sizeof(struct rtc_wkalrm)))
			return ioctl_ptr(b, c);
		put_wkalrm(b, p);
		return IOCTL_SHOWN;
	case RTC_PLL_SET:
		if (!ioctl_in(c, sizeof(struct rtc_pll_info)))
			return ioctl_ptr(b, c);
		put_pll(b, p);
		return IOCTL_SHOWN;
	case RTC_PLL_GET:
		if (!ioctl_out(c, sizeof(struct rtc_pll_info)))
			return ioctl_ptr(b, c);
		put_pll(b, p);
		return IOCTL_SHOWN;
	case RTC_IRQP_SET: case RTC_EPOCH_SET:
		sbuf_u64(b, c->addr);
		return IOCTL_SHOWN;
	case RTC_IRQP_READ: case RTC_EPOCH_READ:
		if (!ioctl_out(c, 8))
			return ioctl_ptr(b, c);
		sbuf_printf(b, "[%llu]", (unsigned long long)load_u64(p, 0));
		return IOCTL_SHOWN;
	case RTC_VL_READ:
		if (!ioctl_out(c, 4))
			return ioctl_ptr(b, c);
		memcpy(&v, p, 4);
		sbuf_putc(b, '[');
		mark = b->len;
		put_flagset_q(b, v, xlat_rtc_vl_flags, N(xlat_rtc_vl_flags), "RTC_VL_???");
		xlat_finish(b, mark, v, XF_HEX);
		sbuf_putc(b, ']');
		return IOCTL_SHOWN;
	case RTC_PARAM_GET: case RTC_PARAM_SET:
		return put_param(b, c, c->req == RTC_PARAM_GET);
	case 0x7040:			/* NVRAM_INIT */
		put_hex0(b, c->addr);
		return IOCTL_SHOWN;
	}
	return IOCTL_NOT_MINE;
}

const struct ioctl_dev ioctl_dev_rtc = {
	.names = xlat_ioctl_rtc, .nnames = N(xlat_ioctl_rtc), .arg = rtc_arg,
};
