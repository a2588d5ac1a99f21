// SPDX-License-Identifier: GPL-2.0
/*
 * evdev (input device) requests' structs: the device's id, key codes,
 * force-feedback effects, an axis's range, the bit sets the EVIOCGBIT
 * requests fill, multi-touch slots.  The names of the requests, and the
 * arguments that are plain numbers, are in ioctl_families.c.
 */
#include <linux/input.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"

static uint16_t u16_at(const uint8_t *p, size_t off)
{
	uint16_t v;

	memcpy(&v, p + off, 2);
	return v;
}

static void put_envelope(struct sbuf *b, const uint8_t *p)
{
	sbuf_printf(b, ", envelope={attack_length=%u, attack_level=%u, fade_length=%u, "
		    "fade_level=%#x}", u16_at(p, 0), u16_at(p, 2), u16_at(p, 4), u16_at(p, 6));
}

/* struct ff_effect: the common part; with -v the trigger, the replay and
 * the union's member its type selects */
static void put_ff_effect(struct sbuf *b, const uint8_t *p)
{
	uint16_t type = u16_at(p, 0);
	uint64_t data;

	sbuf_puts(b, "{type=");
	put_enum_x(b, type, xlat_ev_ff_types, N(xlat_ev_ff_types), "FF_???");
	sbuf_printf(b, ", id=%d, direction=%u", (int16_t)u16_at(p, 2), u16_at(p, 4));
	if (!decode_verbose()) {
		sbuf_puts(b, ", ...}");
		return;
	}
	sbuf_printf(b, ", trigger={button=%u, interval=%u}, replay={length=%u, delay=%u}",
		    u16_at(p, 6), u16_at(p, 8), u16_at(p, 10), u16_at(p, 12));
	p += 16;		/* the union, aligned for periodic's pointer */
	switch (type) {
	case FF_CONSTANT:
		sbuf_printf(b, ", constant={level=%d", (int16_t)u16_at(p, 0));
		put_envelope(b, p + 2);
		sbuf_putc(b, '}');
		break;
	case FF_RAMP:
		sbuf_printf(b, ", ramp={start_level=%d, end_level=%d", (int16_t)u16_at(p, 0),
			    (int16_t)u16_at(p, 2));
		put_envelope(b, p + 4);
		sbuf_putc(b, '}');
		break;
	case FF_PERIODIC:
		memcpy(&data, p + 24, 8);
		sbuf_printf(b, ", periodic={waveform=%u, period=%u, magnitude=%d, offset=%d, "
			    "phase=%u", u16_at(p, 0), u16_at(p, 2), (int16_t)u16_at(p, 4),
			    (int16_t)u16_at(p, 6), u16_at(p, 8));
		put_envelope(b, p + 10);
		sbuf_printf(b, ", custom_len=%u, custom_data=", load_u32(p, 20));
		put_ptr(b, data);
		sbuf_putc(b, '}');
		break;
	case FF_RUMBLE:
		sbuf_printf(b, ", rumble={strong_magnitude=%u, weak_magnitude=%u}",
			    u16_at(p, 0), u16_at(p, 2));
		break;
	}
	sbuf_putc(b, '}');
}

/* struct input_keymap_entry */
static void put_keymap_entry(struct sbuf *b, const uint8_t *p)
{
	sbuf_printf(b, "{flags=%u, len=%u, ", p[0], p[1]);
	if (!decode_verbose()) {
		sbuf_puts(b, "...}");
		return;
	}
	sbuf_printf(b, "index=%u, keycode=", u16_at(p, 2));
	put_enum_x(b, load_u32(p, 4), xlat_ev_keys, N(xlat_ev_keys), "KEY_???");
	sbuf_puts(b, ", scancode=[");
	for (int i = 0; i < 32; i++)
		sbuf_printf(b, i ? ", %#x" : "%#x", p[8 + i]);
	sbuf_puts(b, "]}");
}

/* struct input_absinfo as long as the request's size says: what does not
 * reach flat is an address, more than resolution "..." */
static int put_absinfo(struct sbuf *b, const struct ioctl_call *c)
{
	static const char *const fields[] = { "value", "minimum", "maximum", "fuzz", "flat",
					      "resolution" };
	size_t sz = _IOC_SIZE(c->req);

	if (sz < 20 || !ioctl_out(c, sz < 24 ? sz : 24))
		return ioctl_ptr(b, c);
	sbuf_putc(b, '{');
	for (size_t i = 0; i < 6; i++) {
		if (i == 2 && !decode_verbose()) {
			sbuf_puts(b, ", ...");
			break;
		}
		if (i == 5 && sz < 24) {
			if (sz > 20)
				sbuf_puts(b, ", ...");
			break;
		}
		sbuf_printf(b, i ? ", %s=%u" : "%s=%u", fields[i], load_u32(c->p, i * 4));
		if (i == 5 && sz > 24)
			sbuf_puts(b, ", ...");
	}
	sbuf_putc(b, '}');
	return IOCTL_SHOWN;
}

/*
 * A bit set EVIOCGBIT filled: as many bytes as the call returned, no more
 * than the type's codes need.  Names of the bits set ("[EV_ABS EV_MSC]",
 * four without -v), with -X raw the words, -X verbose both.
 */
static int put_bits(struct sbuf *b, const struct ioctl_call *c, const struct flag *t,
		    size_t n, unsigned int count, const char *unknown)
{
	size_t bytes = (size_t)c->ret > count / 8 ? count / 8 : (size_t)c->ret;
	size_t words = (bytes + 7) / 8, shown = 0;
	uint64_t w;

	if (c->ret <= 0 || !ioctl_out(c, words * 8))
		return ioctl_ptr(b, c);
	if (decode_xlat() != XLAT_RAW) {
		sbuf_putc(b, '[');
		for (size_t i = 0; i < bytes * 8; i++) {
			if (!(c->p[i / 8] & (1u << (i % 8))))
				continue;
			if (shown == 4 && !decode_verbose()) {
				sbuf_puts(b, " ...");
				break;
			}
			if (shown++)
				sbuf_putc(b, ' ');
			put_enum_x(b, i, t, n, unknown);
		}
		sbuf_putc(b, ']');
	}
	if (decode_xlat() == XLAT_ABBREV)
		return IOCTL_SHOWN;
	if (decode_xlat() == XLAT_VERBOSE)
		sbuf_puts(b, " /* ");
	sbuf_putc(b, '[');
	for (size_t i = 0; i < words; i++) {
		memcpy(&w, c->p + i * 8, 8);
		if (i)
			sbuf_puts(b, ", ");
		put_hex0(b, w);
	}
	sbuf_putc(b, ']');
	if (decode_xlat() == XLAT_VERBOSE)
		sbuf_puts(b, " */");
	return IOCTL_SHOWN;
}

/* EVIOCGMTSLOTS(len): the axis asked about, then its value in each slot */
static int put_mtslots(struct sbuf *b, const struct ioctl_call *c)
{
	size_t n = _IOC_SIZE(c->req) / 4;

	if (!n || !ioctl_out(c, n * 4))
		return ioctl_ptr(b, c);
	sbuf_puts(b, "{code=");
	put_enum_x(b, load_u32(c->p, 0), xlat_ev_abs, N(xlat_ev_abs), "ABS_MT_???");
	sbuf_puts(b, ", values=[");
	for (size_t i = 1; i < n; i++)
		sbuf_printf(b, i > 1 ? ", %d" : "%d", (int32_t)load_u32(c->p, i * 4));
	sbuf_puts(b, "]}");
	return IOCTL_SHOWN;
}

static int evdev_arg(struct sbuf *b, const struct ioctl_call *c)
{
	uint32_t nr = _IOC_NR(c->req), dir = _IOC_DIR(c->req);

	if (_IOC_TYPE(c->req) != 'E' || !b)
		return IOCTL_NOT_MINE;
	switch (c->req) {
	case EVIOCGID:
		if (!ioctl_out(c, 8))
			return ioctl_ptr(b, c);
		sbuf_printf(b, "{bustype=%u, vendor=%u, product=%u, version=%u}",
			    u16_at(c->p, 0), u16_at(c->p, 2), u16_at(c->p, 4), u16_at(c->p, 6));
		return IOCTL_SHOWN;
	case EVIOCSKEYCODE:
		if (!ioctl_in(c, 8))
			return ioctl_ptr(b, c);
		sbuf_printf(b, "[%u, ", load_u32(c->p, 0));
		put_enum_x(b, load_u32(c->p, 4), xlat_ev_keys, N(xlat_ev_keys), "KEY_???");
		sbuf_putc(b, ']');
		return IOCTL_SHOWN;
	case EVIOCSKEYCODE_V2:
		if (!ioctl_in(c, sizeof(struct input_keymap_entry)))
			return ioctl_ptr(b, c);
		put_keymap_entry(b, c->p);
		return IOCTL_SHOWN;
	case EVIOCSFF:
		if (!ioctl_in(c, sizeof(struct ff_effect)))
			return ioctl_ptr(b, c);
		put_ff_effect(b, c->p);
		return IOCTL_SHOWN;
	}
	if (dir == _IOC_READ && nr >= 0x40 && nr < 0x80)
		return put_absinfo(b, c);
	if (dir == _IOC_READ && nr == 0x20)
		return put_bits(b, c, xlat_ev_types, N(xlat_ev_types), EV_CNT, "EV_???");
	if (dir == _IOC_READ && nr == 0x20 + EV_KEY)
		return put_bits(b, c, xlat_ev_keys, N(xlat_ev_keys), KEY_CNT, "KEY_???");
	if (dir == _IOC_READ && nr == 0x20 + EV_ABS)
		return put_bits(b, c, xlat_ev_abs, N(xlat_ev_abs), ABS_CNT, "ABS_???");
	if (dir == _IOC_READ && nr == 0x0a)
		return put_mtslots(b, c);
	return IOCTL_NOT_MINE;
}

const struct ioctl_dev ioctl_dev_evdev = { .arg = evdev_arg };
