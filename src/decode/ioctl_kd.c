// SPDX-License-Identifier: GPL-2.0
/*
 * Console requests (linux/kd.h, type 'K'): the old numbers carry no size
 * field, so the argument is what each request says: an integer (a tone, a
 * mode, LEDs, an I/O port, a signal) or a pointer to one, which the call
 * writes and which strace shows only after success ([value]).
 */
#include <linux/ioctl.h>
#include <linux/kd.h>
#include <linux/keyboard.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../../bpf/event.h"

/* the PIT's input clock: KIOCSOUND and KDMKTONE take its divisor */
#define KD_PIT_HZ 1193182u
/* the ports KDADDIO accepts, relative to the first (GPFIRST) */
#define KD_GPFIRST 0x3b4
#define KD_GPLAST 0x3df

static void put_leds(struct sbuf *b, uint8_t v)
{
	size_t mark = b->len;

	put_flagset_q(b, v, xlat_kd_leds, N(xlat_kd_leds), "LED_???");
	xlat_finish(b, mark, v, XF_HEX);
}

static void put_named(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
		      const char *unknown, enum xlat_fmt fmt)
{
	size_t mark = b->len;
	bool known = false;

	for (size_t i = 0; i < n; i++)
		known |= t[i].val == v;
	if (known) {
		put_enum(b, v, t, n, NULL);
	} else {
		if (fmt == XF_DEC)
			sbuf_s64(b, (int32_t)v);
		else
			put_hex0(b, v);
		sbuf_printf(b, " /* %s */", unknown);
	}
	xlat_finish(b, mark, fmt == XF_DEC ? (uint64_t)(int64_t)(int32_t)v : v, fmt);
}

/* "[value]" after success, else the address */
static int put_out_int(struct sbuf *b, const struct ioctl_call *c, size_t size,
		       void (*put)(struct sbuf *, uint64_t))
{
	uint64_t v = 0;

	if (!c->addr) {
		sbuf_puts(b, "NULL");
		return IOCTL_SHOWN;
	}
	if (!ioctl_out(c, size))
		return ioctl_ptr(b, c);
	memcpy(&v, c->p, size);
	sbuf_putc(b, '[');
	put(b, v);
	sbuf_putc(b, ']');
	return IOCTL_SHOWN;
}

static void put_kbled_v(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	put_flagset_q(b, (uint8_t)v, xlat_kd_kbd_leds, N(xlat_kd_kbd_leds), "LED_???");
	xlat_finish(b, mark, (uint8_t)v, XF_HEX);
}

static void put_led_v(struct sbuf *b, uint64_t v)
{
	put_leds(b, (uint8_t)v);
}

static void put_kbtype(struct sbuf *b, uint64_t v)
{
	put_named(b, (uint8_t)v, xlat_kd_kbd_types, N(xlat_kd_kbd_types), "KB_???", XF_HEX);
}

static void put_mode(struct sbuf *b, uint64_t v)
{
	put_named(b, (uint32_t)v, xlat_kd_modes, N(xlat_kd_modes), "KD_???", XF_HEX);
}

static void put_kbmode(struct sbuf *b, uint64_t v)
{
	put_named(b, (uint32_t)v, xlat_kd_kbd_modes, N(xlat_kd_kbd_modes), "K_???", XF_DEC);
}

static void put_meta(struct sbuf *b, uint64_t v)
{
	put_named(b, (uint32_t)v, xlat_kd_meta, N(xlat_kd_meta), "K_???", XF_HEX);
}

/* KIOCSOUND: the PIT divisor, its frequency in a comment (0: off) */
static void put_sound(struct sbuf *b, uint64_t v)
{
	sbuf_u64(b, v);
	if (decode_xlat() == XLAT_RAW)
		return;
	if (v && KD_PIT_HZ / v)
		sbuf_printf(b, " /* %llu Hz */", (unsigned long long)(KD_PIT_HZ / v));
	else
		sbuf_puts(b, " /* off */");
}

/* KDMKTONE: duration in ms << 16 | divisor */
static void put_tone(struct sbuf *b, uint64_t v)
{
	uint32_t ms = (v >> 16) & 0xffff, div = v & 0xffff;

	if (ms)
		sbuf_printf(b, "%u<<16|", ms);
	sbuf_printf(b, "%u", div);
	if (decode_xlat() == XLAT_RAW)
		return;
	if (ms && div)
		sbuf_printf(b, " /* %u Hz, %u ms */", KD_PIT_HZ / div, ms);
	else
		sbuf_puts(b, " /* off */");
}

static void put_ioport(struct sbuf *b, uint64_t v)
{
	put_hex0(b, v);
	if (decode_xlat() != XLAT_RAW && v >= KD_GPFIRST && v <= KD_GPLAST)
		sbuf_printf(b, " /* GPFIRST + %u */", (unsigned)(v - KD_GPFIRST));
}

/* GIO_SCRNMAP, PIO_SCRNMAP (E_TABSZ bytes), GIO_FONT, PIO_FONT (256
 * characters of 32 bytes): in hex, no more than -s bytes; strace reads
 * one more than it shows to know there is more, and shows the address
 * when it cannot.  `get`: the call writes it (shown after success). */
static int put_table(struct sbuf *b, const struct ioctl_call *c, size_t size, bool get)
{
	size_t n = c->strsize < size ? c->strsize : size;
	size_t need = n < size ? n + 1 : n;

	if (!c->addr || (get && c->ret < 0) || !ioctl_in(c, need))
		return ioctl_ptr(b, c);
	decode_string_hex(b, (const char *)c->p, n, n < size);
	return IOCTL_SHOWN;
}

/* a key table: its name, else the modifiers it is for */
static void put_kbtable(struct sbuf *b, uint8_t v)
{
	size_t mark = b->len;
	bool named = false;

	for (size_t i = 0; i < N(xlat_kd_kbd_tables); i++)
		named |= xlat_kd_kbd_tables[i].val == v;
	if (named)
		put_enum(b, v, xlat_kd_kbd_tables, N(xlat_kd_kbd_tables), NULL);
	else
		put_flagset(b, v, xlat_kd_kbd_table_flags, N(xlat_kd_kbd_table_flags));
	xlat_finish(b, mark, v, XF_HEX);
}

/* a character in C's quotes, as strace prints one */
static void put_char(struct sbuf *b, uint8_t k)
{
	static const char esc[] = "\t\n\v\f\r", letter[] = "tnvfr";
	const char *e = k ? strchr(esc, k) : NULL;

	if (k == '\\' || k == '\'')
		sbuf_printf(b, "'\\%c'", k);
	else if (e)
		sbuf_printf(b, "'\\%c'", letter[e - esc]);
	else if (k >= 0x20 && k < 0x7f)
		sbuf_printf(b, "'%c'", k);
	else
		sbuf_printf(b, "'\\x%02x'", k);
}

/* a key symbol's comment: its name, else K(type, value), the value a
 * character for the types that hold one */
static void put_keysym_comment(struct sbuf *b, uint16_t v)
{
	static const char *const types[] = {
		"KT_LATIN", "KT_FN", "KT_SPEC", "KT_PAD", "KT_DEAD", "KT_CONS", "KT_CUR",
		"KT_SHIFT", "KT_META", "KT_ASCII", "KT_LOCK", "KT_LETTER", "KT_SLOCK",
		"KT_DEAD2", "KT_BRL",
	};
	unsigned t = v >> 8, k = v & 0xff;

	for (size_t i = 0; i < N(xlat_kd_keysyms); i++)
		if (xlat_kd_keysyms[i].val == v) {
			sbuf_printf(b, " /* %s */", xlat_kd_keysyms[i].name);
			return;
		}
	sbuf_puts(b, " /* K(");
	if (t < N(types))
		sbuf_puts(b, types[t]);
	else
		sbuf_printf(b, "%#x", t);
	sbuf_puts(b, ", ");
	if (t == KT_LATIN || t == KT_META || t == KT_LETTER || t == KT_DEAD2) {
		put_char(b, k);
	} else {
		put_hex0(b, k);
	}
	sbuf_puts(b, ") */");
}

/* KDGKBENT, KDSKBENT: struct kbentry; the value is given (S) or answered
 * (G, after success), "???" when not readable */
static int put_kbentry(struct sbuf *b, const struct ioctl_call *c)
{
	uint16_t v;

	if (!ioctl_in(c, 2))
		return ioctl_ptr(b, c);
	sbuf_puts(b, "{kb_table=");
	put_kbtable(b, c->p[0]);
	sbuf_printf(b, ", kb_index=%u", c->p[1]);
	if (c->req == KDSKBENT || c->ret >= 0) {
		sbuf_puts(b, ", kb_value=");
		if (c->len < 4) {
			sbuf_puts(b, "???");
		} else {
			memcpy(&v, c->p + 2, 2);
			put_hex0(b, v);
			if (decode_xlat() != XLAT_RAW)
				put_keysym_comment(b, v);
		}
	}
	sbuf_putc(b, '}');
	return IOCTL_SHOWN;
}

/* KDGKBSENT, KDSKBSENT: struct kbsentry, a function key's number and
 * its string (NUL-terminated in 512 bytes; "???" when not readable) */
static int put_kbsentry(struct sbuf *b, const struct ioctl_call *c)
{
	struct kbsentry e;
	size_t size = sizeof(e.kb_string), n = c->strsize < size ? c->strsize : size;
	size_t avail, mark;
	const char *s, *nul;

	if (!ioctl_in(c, 1))
		return ioctl_ptr(b, c);
	sbuf_puts(b, "{kb_func=");
	mark = b->len;
	for (size_t i = 0; i < N(xlat_kd_keysyms); i++)
		if (xlat_kd_keysyms[i].val == (K(KT_FN, c->p[0]) & 0xffff))
			sbuf_printf(b, "KVAL(%s)", xlat_kd_keysyms[i].name);
	if (b->len == mark)
		put_hex0(b, c->p[0]);
	xlat_finish(b, mark, c->p[0], XF_HEX);
	if (c->req == KDSKBSENT || c->ret >= 0) {
		sbuf_puts(b, ", kb_string=");
		s = (const char *)c->p + 1;
		avail = c->len - 1;
		nul = memchr(s, 0, avail < n ? avail : n);
		/* what strace reads: n bytes and one more (yet a string with
		 * no NUL in the n shows "..." even when that one is NUL) */
		if (nul)
			decode_string(b, s, nul - s, false);
		else if (avail >= (n < size ? n + 1 : size))
			decode_string(b, s, n, true);
		else
			sbuf_puts(b, "???");
	}
	sbuf_putc(b, '}');
	return IOCTL_SHOWN;
}

/* KDGKBDIACR, KDSKBDIACR: struct kbdiacrs, kb_cnt accents (no more than
 * the 256 there is room for) cut at -s; an unreadable one as "... /\* its
 * address *\/", the first unreadable as the array's address */
static int put_kbdiacrs(struct sbuf *b, const struct ioctl_call *c)
{
	/* the UC ones: struct kbdiacrsuc, the characters unicode (u32) */
	bool uc = c->req == KDGKBDIACRUC || c->req == KDSKBDIACRUC;
	size_t es = uc ? 12 : 3, max = 256, shown, j;
	uint32_t cnt;

	if (((c->req == KDGKBDIACR || c->req == KDGKBDIACRUC) && c->ret < 0) || !ioctl_in(c, 4))
		return ioctl_ptr(b, c);
	memcpy(&cnt, c->p, 4);
	sbuf_printf(b, uc ? "{kb_cnt=%u, kbdiacruc=" : "{kb_cnt=%u, kbdiacr=", cnt);
	shown = cnt < max ? cnt : max;
	if (shown && c->len < 4 + es) {
		put_ptr(b, c->addr + 4);
		sbuf_putc(b, '}');
		return IOCTL_SHOWN;
	}
	sbuf_putc(b, '[');
	for (j = 0; j < shown; j++) {
		const uint8_t *e = c->p + 4 + es * j;

		if (j)
			sbuf_puts(b, ", ");
		if (j == c->strsize && !decode_verbose()) {
			sbuf_puts(b, "...");
			break;
		}
		if (c->len < 4 + es * (j + 1)) {
			sbuf_puts(b, "... /* ");
			put_ptr(b, c->addr + 4 + es * j);
			sbuf_puts(b, " */");
			break;
		}
		if (uc) {
			uint32_t v[3];

			memcpy(v, e, sizeof(v));
			sbuf_puts(b, "{diacr=");
			put_hex0(b, v[0]);
			sbuf_puts(b, ", base=");
			put_hex0(b, v[1]);
			sbuf_puts(b, ", result=");
			put_hex0(b, v[2]);
			sbuf_putc(b, '}');
			continue;
		}
		sbuf_puts(b, "{diacr=");
		put_char(b, e[0]);
		sbuf_puts(b, ", base=");
		put_char(b, e[1]);
		sbuf_puts(b, ", result=");
		put_char(b, e[2]);
		sbuf_putc(b, '}');
	}
	if (j == shown && cnt > max)
		sbuf_puts(b, ", ...");
	sbuf_puts(b, "]}");
	return IOCTL_SHOWN;
}

/* KDGETKEYCODE, KDSETKEYCODE: struct kbkeycode; what the G one answers
 * after " => " */
static int put_kbkeycode(struct sbuf *b, const struct ioctl_call *c)
{
	uint32_t v[2];

	if (!ioctl_in(c, sizeof(v)))
		return ioctl_ptr(b, c);
	memcpy(v, c->p, sizeof(v));
	sbuf_puts(b, "{scancode=");
	put_hex0(b, v[0]);
	sbuf_puts(b, ", keycode=");
	put_hex0(b, v[1]);
	if (c->req == KDGETKEYCODE && c->ret >= 0) {
		sbuf_puts(b, " => ");
		put_hex0(b, v[1]);
	}
	sbuf_putc(b, '}');
	return IOCTL_SHOWN;
}

/* KDKBDREP: struct kbd_repeat given, and what it was after success */
static int put_kbdrep(struct sbuf *b, const struct ioctl_call *c)
{
	int32_t v[2];

	if (!ioctl_in(c, sizeof(v)))
		return ioctl_ptr(b, c);
	memcpy(v, c->p, sizeof(v));
	for (int j = 0; j < 1 + (c->ret >= 0); j++)
		sbuf_printf(b, "%s{delay=%d, period=%d}", j ? " => " : "", v[0], v[1]);
	return IOCTL_SHOWN;
}

/* GIO_UNIMAP, PIO_UNIMAP: struct unimapdesc; the count (GIO: and what it
 * became), the unipairs it points to (kernel side: a CAP_ELEM cap up to
 * the page end), GIO's only after success */
static int put_unimap(struct sbuf *b, const struct ioctl_call *c)
{
	const struct cap *cp;
	const char *d = NULL;
	size_t have = 0, j;
	uint64_t ents;
	uint16_t ct;

	if (!ioctl_in(c, 16))
		return ioctl_ptr(b, c);
	memcpy(&ct, c->p, 2);
	memcpy(&ents, c->p + 8, 8);
	sbuf_printf(b, "{entry_ct=%u", ct);
	if (c->req == GIO_UNIMAP)
		sbuf_printf(b, " => %u", ct);
	sbuf_puts(b, ", entries=");
	if (!ents || (c->req == GIO_UNIMAP && c->ret < 0)) {
		put_ptr(b, ents);
		sbuf_putc(b, '}');
		return IOCTL_SHOWN;
	}
	if (c->e && cap_find_flagged(c->e, c->size, c->arg, CAP_ELEM, &cp, &d) &&
	    !(cp->flags & CAP_FAULT))
		have = cp->len / 4;
	if (ct && !have) {
		put_ptr(b, ents);
		sbuf_putc(b, '}');
		return IOCTL_SHOWN;
	}
	sbuf_putc(b, '[');
	for (j = 0; j < ct; j++) {
		uint16_t u[2];

		if (j)
			sbuf_puts(b, ", ");
		if (j >= have) {
			sbuf_puts(b, "... /* ");
			put_ptr(b, ents + 4 * j);
			sbuf_puts(b, " */");
			break;
		}
		if (j == c->strsize && !decode_verbose()) {
			sbuf_puts(b, "...");
			break;
		}
		memcpy(u, d + 4 * j, 4);
		sbuf_puts(b, "{unicode=");
		put_hex0(b, u[0]);
		sbuf_puts(b, ", fontpos=");
		put_hex0(b, u[1]);
		sbuf_putc(b, '}');
	}
	sbuf_puts(b, "]}");
	return IOCTL_SHOWN;
}

/* GIO_UNISCRNMAP, PIO_UNISCRNMAP: 256 unicode values, those of the
 * font's direct range as UNI_DIRECT_BASE+n; cut at -s, an unreadable one
 * as its address (GIO's only after success) */
static int put_uniscrnmap(struct sbuf *b, const struct ioctl_call *c)
{
	size_t have = c->p ? c->len / 2 : 0;

	if ((c->req == GIO_UNISCRNMAP && c->ret < 0) || !ioctl_in(c, 2))
		return ioctl_ptr(b, c);
	sbuf_putc(b, '[');
	for (size_t j = 0; j < E_TABSZ; j++) {
		uint16_t v;
		size_t mark;

		if (j)
			sbuf_puts(b, ", ");
		if (j >= have) {
			sbuf_puts(b, "... /* ");
			put_ptr(b, c->addr + 2 * j);
			sbuf_puts(b, " */");
			break;
		}
		if (j == c->strsize && !decode_verbose()) {
			sbuf_puts(b, "...");
			break;
		}
		memcpy(&v, c->p + 2 * j, 2);
		mark = b->len;
		if ((v & ~UNI_DIRECT_MASK) == UNI_DIRECT_BASE) {
			sbuf_printf(b, "UNI_DIRECT_BASE+%#x", v - UNI_DIRECT_BASE);
			xlat_finish(b, mark, v, XF_HEX);
		} else {
			put_hex0(b, v);
		}
	}
	sbuf_putc(b, ']');
	return IOCTL_SHOWN;
}

/* a consolefontdesc (GIO_FONTX, PIO_FONTX); `data`: its characters, in hex
 * up to -s (the CAP_ELEM cap), else their address */
static void put_fontdesc(struct sbuf *b, const struct ioctl_call *c, bool data)
{
	const struct cap *cp;
	const char *d = NULL;
	uint16_t cnt, h;
	uint64_t ptr;
	size_t size, n, have = 0;

	memcpy(&cnt, c->p, 2);
	memcpy(&h, c->p + 2, 2);
	memcpy(&ptr, c->p + 8, 8);
	sbuf_printf(b, "{charcount=%u, charheight=%u, chardata=", cnt, h);
	size = (size_t)cnt * 32;
	n = c->strsize < size ? c->strsize : size;
	if (data && ptr && cnt && c->e &&
	    cap_find_flagged(c->e, c->size, c->arg, CAP_ELEM, &cp, &d) && !(cp->flags & CAP_FAULT))
		have = cp->len;
	if (data && ptr && !cnt)
		sbuf_puts(b, "\"\"");
	else if (data && ptr && have >= (n < size ? n + 1 : n))
		decode_string_hex(b, d, n, n < size);
	else
		put_ptr(b, ptr);
	sbuf_putc(b, '}');
}

static int put_fontx(struct sbuf *b, const struct ioctl_call *c)
{
	bool get = c->req == GIO_FONTX;

	if (!ioctl_in(c, 16))
		return ioctl_ptr(b, c);
	put_fontdesc(b, c, !get);
	if (get && c->ret >= 0) {
		sbuf_puts(b, " => ");
		put_fontdesc(b, c, true);
	}
	return IOCTL_SHOWN;
}

/* a font's bytes at ptr (the CAP_ELEM cap), size of them: in hex up to
 * -s, "" when none, else the address */
static void put_font_data(struct sbuf *b, const struct ioctl_call *c, uint64_t ptr, uint64_t size)
{
	const struct cap *cp;
	const char *d = NULL;
	size_t n = c->strsize < size ? c->strsize : size, have = 0;

	if (ptr && size && c->e &&
	    cap_find_flagged(c->e, c->size, c->arg, CAP_ELEM, &cp, &d) && !(cp->flags & CAP_FAULT))
		have = cp->len;
	if (ptr && !size)
		sbuf_puts(b, "\"\"");
	else if (ptr && have >= (n < size ? n + 1 : n))
		decode_string_hex(b, d, n, n < size);
	else
		put_ptr(b, ptr);
}

/* KDFONTOP: struct console_font_op; the font shown where it is read
 * (SET) or, after success, written (GET) */
static int put_fontop(struct sbuf *b, const struct ioctl_call *c)
{
	uint32_t f[5];
	uint64_t ptr, size;
	size_t mark;

	if (!ioctl_in(c, 32))
		return ioctl_ptr(b, c);
	memcpy(f, c->p, sizeof(f));
	memcpy(&ptr, c->p + 24, 8);
	size = (uint64_t)((f[2] + 7ull) / 8) * 32 * f[4];
	sbuf_puts(b, "{op=");
	put_named(b, f[0], xlat_kd_font_ops, N(xlat_kd_font_ops), "KD_FONT_OP_???", XF_HEX);
	if (f[0] == KD_FONT_OP_COPY) {
		sbuf_printf(b, ", height=%u}", f[3]);
		return IOCTL_SHOWN;
	}
	if (f[0] == KD_FONT_OP_SET_DEFAULT) {
		/* data: the name of a font, NUL-terminated */
		const struct cap *cp;
		const char *d = NULL, *nul;
		size_t have = 0, n = 32;	/* a name's room in the kernel */

		sbuf_printf(b, ", width=%u, height=%u, data=", f[2], f[3]);
		if (ptr && c->e && cap_find_flagged(c->e, c->size, c->arg, CAP_ELEM, &cp, &d) &&
		    !(cp->flags & CAP_FAULT))
			have = cp->len;
		nul = have ? memchr(d, 0, have < n ? have : n) : NULL;
		if (nul)
			decode_string(b, d, nul - d, false);
		else if (have >= n && ptr)
			decode_string(b, d, n - 1, true);
		else
			put_ptr(b, ptr);
		sbuf_putc(b, '}');
		if (c->ret >= 0)
			sbuf_printf(b, " => {width=%u, height=%u}", f[2], f[3]);
		return IOCTL_SHOWN;
	}
	sbuf_puts(b, ", flags=");
	mark = b->len;
	put_flagset_q(b, f[1], xlat_kd_font_flags, N(xlat_kd_font_flags), "KD_FONT_FLAG_???");
	xlat_finish(b, mark, f[1], XF_HEX);
	sbuf_printf(b, ", width=%u, height=%u, charcount=%u, data=", f[2], f[3], f[4]);
	if (f[0] == KD_FONT_OP_SET)
		put_font_data(b, c, ptr, size);
	else
		put_ptr(b, ptr);
	sbuf_putc(b, '}');
	if (f[0] != KD_FONT_OP_SET && c->ret >= 0) {
		sbuf_printf(b, " => {width=%u, height=%u, charcount=%u, data=", f[2], f[3], f[4]);
		if (f[0] == KD_FONT_OP_GET)
			put_font_data(b, c, ptr, size);
		else
			put_ptr(b, ptr);
		sbuf_putc(b, '}');
	}
	return IOCTL_SHOWN;
}

static int kd_arg(struct sbuf *b, const struct ioctl_call *c)
{
	if (_IOC_TYPE(c->req) != 'K' || _IOC_DIR(c->req) != _IOC_NONE || _IOC_SIZE(c->req))
		return IOCTL_NOT_MINE;
	switch (c->req) {
	case KDENABIO: case KDDISABIO: case KDMAPDISP: case KDUNMAPDISP: case PIO_FONTRESET:
		return IOCTL_NO_ARG;
	}
	if (!b)
		return IOCTL_NOT_MINE;
	switch (c->req) {
	case KIOCSOUND:
		put_sound(b, c->addr);
		return IOCTL_SHOWN;
	case KDMKTONE:
		put_tone(b, c->addr);
		return IOCTL_SHOWN;
	case KDGETLED:
		return put_out_int(b, c, 1, put_led_v);
	case KDSETLED:
		put_leds(b, (uint8_t)c->addr);
		return IOCTL_SHOWN;
	case KDGKBTYPE:
		return put_out_int(b, c, 1, put_kbtype);
	case KDADDIO: case KDDELIO:
		put_ioport(b, c->addr);
		return IOCTL_SHOWN;
	case KDSETMODE:
		put_mode(b, c->addr);
		return IOCTL_SHOWN;
	case KDGETMODE:
		return put_out_int(b, c, 4, put_mode);
	case KDGKBMODE:
		return put_out_int(b, c, 4, put_kbmode);
	case KDSKBMODE:
		put_kbmode(b, c->addr);
		return IOCTL_SHOWN;
	case KDGKBLED:
		return put_out_int(b, c, 1, put_kbled_v);
	case KDSKBLED:
		put_kbled_v(b, c->addr);
		return IOCTL_SHOWN;
	case KDGKBMETA:
		return put_out_int(b, c, 4, put_meta);
	case KDSKBMETA:
		put_meta(b, c->addr);
		return IOCTL_SHOWN;
	case KDSIGACCEPT: {
		size_t mark = b->len;

		if (c->addr && c->addr < 65)
			decode_signal(b, (int)c->addr);
		else
			sbuf_u64(b, c->addr);
		xlat_finish(b, mark, c->addr, XF_UDEC);
		return IOCTL_SHOWN;
	}
	case GIO_SCRNMAP: case PIO_SCRNMAP:
		return put_table(b, c, E_TABSZ, c->req == GIO_SCRNMAP);
	case GIO_FONT: case PIO_FONT:
		return put_table(b, c, 256 * 32, c->req == GIO_FONT);
	case GIO_CMAP: case PIO_CMAP:	/* 16 colours' red, green, blue */
		return put_table(b, c, 48, c->req == GIO_CMAP);
	case KDGKBENT: case KDSKBENT:
		return put_kbentry(b, c);
	case KDGKBSENT: case KDSKBSENT:
		return put_kbsentry(b, c);
	case KDGKBDIACR: case KDSKBDIACR: case KDGKBDIACRUC: case KDSKBDIACRUC:
		return put_kbdiacrs(b, c);
	case KDGETKEYCODE: case KDSETKEYCODE:
		return put_kbkeycode(b, c);
	case KDKBDREP:
		return put_kbdrep(b, c);
	case GIO_UNIMAP: case PIO_UNIMAP:
		return put_unimap(b, c);
	case PIO_UNIMAPCLR: {
		uint16_t v[3];

		if (!ioctl_in(c, sizeof(v)))
			return ioctl_ptr(b, c);
		memcpy(v, c->p, sizeof(v));
		sbuf_printf(b, "{advised_hashsize=%u, advised_hashstep=%u, advised_hashlevel=%u}",
			    v[0], v[1], v[2]);
		return IOCTL_SHOWN;
	}
	case GIO_UNISCRNMAP: case PIO_UNISCRNMAP:
		return put_uniscrnmap(b, c);
	case GIO_FONTX: case PIO_FONTX:
		return put_fontx(b, c);
	case KDFONTOP:
		return put_fontop(b, c);
	}
	return IOCTL_NOT_MINE;
}

const struct ioctl_dev ioctl_dev_kd = {
	.names = xlat_ioctl_kd, .nnames = N(xlat_ioctl_kd), .arg = kd_arg,
};
