// SPDX-License-Identifier: GPL-2.0
/*
 * PTP hardware clock requests (linux/ptp_clock.h): capabilities, external
 * timestamp and periodic output requests, pins, and the three ways to
 * read the clock against the system's (arrays of struct ptp_clock_time,
 * shown after success with their dates).  Reserved words print only when
 * not 0, and only where the request (the "2" ones) checks them.
 */
#include <linux/ptp_clock.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"

/* ", rsv=[...]" of n words at p, when any is not 0 */
static void put_rsv(struct sbuf *b, const uint8_t *p, size_t n)
{
	bool any = false;

	for (size_t i = 0; i < n; i++)
		any |= load_u32(p, i * 4) != 0;
	if (!any)
		return;
	sbuf_puts(b, ", rsv=[");
	for (size_t i = 0; i < n; i++) {
		if (i)
			sbuf_puts(b, ", ");
		put_hex0(b, load_u32(p, i * 4));
	}
	sbuf_putc(b, ']');
}

/* struct ptp_clock_time; with `date`, its date in a comment (not with
 * -X raw, nor for an invalid nsec) */
static void put_time(struct sbuf *b, const char *name, const uint8_t *p, bool date)
{
	int64_t sec;
	uint32_t nsec = load_u32(p, 8), rsv = load_u32(p, 12);

	memcpy(&sec, p, 8);
	if (name)
		sbuf_printf(b, "%s=", name);
	sbuf_printf(b, "{sec=%lld, nsec=%u", (long long)sec, nsec);
	if (rsv)
		sbuf_printf(b, ", reserved=%#x", rsv);
	sbuf_putc(b, '}');
	if (date && decode_xlat() != XLAT_RAW && nsec < 1000000000)
		decode_date(b, sec, nsec);
}

static void put_ptp_flags(struct sbuf *b, uint32_t v, const struct flag *t, size_t n,
		      const char *unknown)
{
	size_t mark = b->len;

	put_flagset_q(b, v, t, n, unknown);
	xlat_finish(b, mark, v, XF_HEX);
}

static void put_caps(struct sbuf *b, const uint8_t *p)
{
	static const char *const f[] = { "max_adj", "n_alarm", "n_ext_ts", "n_per_out", "pps",
					 "n_pins", "cross_timestamping", "adjust_phase" };

	sbuf_putc(b, '{');
	for (int i = 0; i < 8; i++)
		sbuf_printf(b, i ? ", %s=%d" : "%s=%d", f[i], (int32_t)load_u32(p, i * 4));
	put_rsv(b, p + 32, 12);
	sbuf_putc(b, '}');
}

static void put_perout(struct sbuf *b, const uint8_t *p, bool v2)
{
	uint32_t flags = load_u32(p, 36);
	bool phase = flags & PTP_PEROUT_PHASE, duty = flags & PTP_PEROUT_DUTY_CYCLE;

	sbuf_putc(b, '{');
	put_time(b, phase ? "phase" : "start", p, !phase);
	sbuf_puts(b, ", ");
	put_time(b, "period", p + 16, false);
	sbuf_printf(b, ", index=%u, flags=", load_u32(p, 32));
	put_ptp_flags(b, flags, xlat_ptp_perout_flags, N(xlat_ptp_perout_flags), "PTP_PEROUT_???");
	if (duty) {
		sbuf_puts(b, ", ");
		put_time(b, "on", p + 40, false);
	} else if (v2) {
		put_rsv(b, p + 40, 4);
	}
	sbuf_putc(b, '}');
}

/* the n_samples and reserved words of ptp_sys_offset(_extended) */
static uint32_t put_samples_head(struct sbuf *b, const uint8_t *p)
{
	uint32_t n = load_u32(p, 0);

	sbuf_printf(b, "{n_samples=%u", n);
	put_rsv(b, p + 4, 3);
	return n;
}

static int put_sys_offset(struct sbuf *b, const struct ioctl_call *c)
{
	size_t n;

	if (!ioctl_in(c, sizeof(struct ptp_sys_offset)))
		return ioctl_ptr(b, c);
	n = put_samples_head(b, c->p);
	if (c->ret >= 0) {
		n = n > PTP_MAX_SAMPLES ? 2 * PTP_MAX_SAMPLES + 1 : 2 * n + 1;
		sbuf_puts(b, ", ts=[");
		for (size_t i = 0; i < n; i++) {
			if (i)
				sbuf_puts(b, ", ");
			if (i == c->strsize && !decode_verbose()) {
				sbuf_puts(b, "...");
				break;
			}
			put_time(b, NULL, c->p + 16 + i * 16, true);
		}
		sbuf_putc(b, ']');
	}
	sbuf_putc(b, '}');
	return IOCTL_SHOWN;
}

static int put_sys_offset_ext(struct sbuf *b, const struct ioctl_call *c)
{
	size_t n;

	if (!ioctl_in(c, sizeof(struct ptp_sys_offset_extended)))
		return ioctl_ptr(b, c);
	n = put_samples_head(b, c->p);
	if (c->ret >= 0) {
		if (n > PTP_MAX_SAMPLES)
			n = PTP_MAX_SAMPLES;
		sbuf_puts(b, ", ts=[");
		for (size_t i = 0; i < n; i++) {
			if (i)
				sbuf_puts(b, ", ");
			if (i == c->strsize && !decode_verbose()) {
				sbuf_puts(b, "...");
				break;
			}
			sbuf_putc(b, '[');
			for (size_t k = 0; k < 3; k++) {
				if (k)
					sbuf_puts(b, ", ");
				put_time(b, NULL, c->p + 16 + (i * 3 + k) * 16, true);
			}
			sbuf_putc(b, ']');
		}
		sbuf_putc(b, ']');
	}
	sbuf_putc(b, '}');
	return IOCTL_SHOWN;
}

static int put_precise(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = c->p;

	if (!ioctl_out(c, sizeof(struct ptp_sys_offset_precise)))
		return ioctl_ptr(b, c);
	sbuf_putc(b, '{');
	put_time(b, "device", p, true);
	sbuf_puts(b, ", ");
	put_time(b, "sys_realtime", p + 16, true);
	sbuf_puts(b, ", ");
	put_time(b, "sys_monoraw", p + 32, false);
	put_rsv(b, p + 48, 4);
	sbuf_putc(b, '}');
	return IOCTL_SHOWN;
}

/* struct ptp_pin_desc: the GET requests are given the index, answer the
 * name, function and channel */
static int put_pin(struct sbuf *b, const struct ioctl_call *c, bool get, bool v2)
{
	const uint8_t *p = c->p;
	size_t n;

	if (!ioctl_in(c, sizeof(struct ptp_pin_desc)))
		return ioctl_ptr(b, c);
	sbuf_printf(b, "{index=%u", load_u32(p, 64));
	if (get && v2)
		put_rsv(b, p + 76, 5);
	if (c->ret >= 0 || !get) {
		if (get) {
			n = strnlen((const char *)p, 64);
			sbuf_puts(b, ", name=");
			decode_string(b, (const char *)p, n < 64 ? n : 63, n == 64);
		}
		sbuf_puts(b, ", func=");
		put_enum_x(b, load_u32(p, 68), xlat_ptp_pin_funcs, N(xlat_ptp_pin_funcs),
			   "PTP_PF_???");
		sbuf_printf(b, ", chan=%u", load_u32(p, 72));
		if (!get && v2)
			put_rsv(b, p + 76, 5);
	}
	sbuf_putc(b, '}');
	return IOCTL_SHOWN;
}

static int ptp_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = c->p;

	if (!b || _IOC_TYPE(c->req) != PTP_CLK_MAGIC)
		return IOCTL_NOT_MINE;
	switch (c->req) {
	case PTP_CLOCK_GETCAPS: case PTP_CLOCK_GETCAPS2:
		if (!ioctl_out(c, sizeof(struct ptp_clock_caps)))
			return ioctl_ptr(b, c);
		put_caps(b, p);
		return IOCTL_SHOWN;
	case PTP_EXTTS_REQUEST: case PTP_EXTTS_REQUEST2:
		if (!ioctl_in(c, sizeof(struct ptp_extts_request)))
			return ioctl_ptr(b, c);
		sbuf_printf(b, "{index=%u, flags=", load_u32(p, 0));
		put_ptp_flags(b, load_u32(p, 4), xlat_ptp_extts_flags, N(xlat_ptp_extts_flags),
			  "PTP_???");
		if (c->req == PTP_EXTTS_REQUEST2)
			put_rsv(b, p + 8, 2);
		sbuf_putc(b, '}');
		return IOCTL_SHOWN;
	case PTP_PEROUT_REQUEST: case PTP_PEROUT_REQUEST2:
		if (!ioctl_in(c, sizeof(struct ptp_perout_request)))
			return ioctl_ptr(b, c);
		put_perout(b, p, c->req == PTP_PEROUT_REQUEST2);
		return IOCTL_SHOWN;
	case PTP_ENABLE_PPS: case PTP_ENABLE_PPS2:
		put_hex0(b, c->addr);
		return IOCTL_SHOWN;
	case PTP_SYS_OFFSET: case PTP_SYS_OFFSET2:
		return put_sys_offset(b, c);
	case PTP_SYS_OFFSET_EXTENDED: case PTP_SYS_OFFSET_EXTENDED2:
		return put_sys_offset_ext(b, c);
	case PTP_SYS_OFFSET_PRECISE: case PTP_SYS_OFFSET_PRECISE2:
		return put_precise(b, c);
	case PTP_PIN_GETFUNC: case PTP_PIN_GETFUNC2:
		return put_pin(b, c, true, c->req == PTP_PIN_GETFUNC2);
	case PTP_PIN_SETFUNC: case PTP_PIN_SETFUNC2:
		return put_pin(b, c, false, c->req == PTP_PIN_SETFUNC2);
	}
	return IOCTL_NOT_MINE;
}

const struct ioctl_dev ioctl_dev_ptp = {
	.names = xlat_ioctl_ptp, .nnames = N(xlat_ioctl_ptp), .arg = ptp_arg,
};
