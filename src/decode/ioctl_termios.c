// SPDX-License-Identifier: GPL-2.0
/*
 * The terminal's termios structs: struct termios (TCGETS, TCSETS*, the
 * lock termios), struct termios2 (TCGETS2, TCSETS*2: the speeds too) and
 * the old struct termio (TCGETA, TCSETA*: 16-bit flags, 8 control
 * characters).  Without -v the four flag words and "..."; with -v the
 * line discipline and the control characters by index.  A struct not
 * readable whole is an address, as strace shows it.
 */
#include <stdio.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"

enum tios { TIOS, TIOS2, TIO };

static const char *const bauds[] = {
	"B0", "B50", "B75", "B110", "B134", "B150", "B200", "B300", "B600", "B1200", "B1800",
	"B2400", "B4800", "B9600", "B19200", "B38400", "BOTHER", "B57600", "B115200", "B230400",
	"B460800", "B500000", "B576000", "B921600", "B1000000", "B1152000", "B1500000",
	"B2000000", "B2500000", "B3000000", "B3500000", "B4000000",
};

/* One field of a flag word by name; -X raw its value, verbose both
 * ("0 /\* NL0 *\/"), as strace prints each part of c_oflag and c_cflag */
static void put_part(struct sbuf *b, uint64_t v, const char *name)
{
	if (decode_xlat() == XLAT_ABBREV) {
		sbuf_puts(b, name);
		return;
	}
	put_hex0(b, v);
	if (decode_xlat() == XLAT_VERBOSE)
		sbuf_printf(b, " /* %s */", name);
}

/* A flag set; 0 prints as nothing, as strace prints c_iflag and c_lflag */
static void put_tflags(struct sbuf *b, uint64_t v, const struct flag *t, size_t n)
{
	size_t mark = b->len;
	uint64_t rest = v;

	if (!v)
		return;
	put_rest(b, rest, put_flags(b, &rest, t, n, 1), "");
	xlat_finish(b, mark, v, XF_HEX);
}

static void put_oflag(struct sbuf *b, uint64_t v)
{
	static const char *const tabs[] = { "TAB0", "TAB1", "TAB2", "XTABS" };
	static const char *const crs[] = { "CR0", "CR1", "CR2", "CR3" };
	uint64_t rest;
	size_t mark;

	/* each delay field by its value, as strace shows them */
	put_part(b, v & 0400, v & 0400 ? "NL1" : "NL0");
	sbuf_putc(b, '|');
	put_part(b, v & 03000, crs[(v >> 9) & 3]);
	sbuf_putc(b, '|');
	put_part(b, v & 014000, tabs[(v >> 11) & 3]);
	sbuf_putc(b, '|');
	put_part(b, v & 020000, v & 020000 ? "BS1" : "BS0");
	sbuf_putc(b, '|');
	put_part(b, v & 040000, v & 040000 ? "VT1" : "VT0");
	sbuf_putc(b, '|');
	put_part(b, v & 0100000, v & 0100000 ? "FF1" : "FF0");
	v &= ~(uint64_t)0177400;
	if (!v)
		return;
	sbuf_putc(b, '|');
	mark = b->len;
	rest = v;
	put_rest(b, v, put_flags(b, &v, xlat_oflags, N(xlat_oflags), 1), "");
	xlat_finish(b, mark, rest, XF_HEX);
}

static const char *baud_name(uint64_t v)
{
	return bauds[(v & 017) + ((v >> 12) & 1 ? 16 : 0)];
}

/* the output speed, the input speed when set ("B1800<<IBSHIFT"), the
 * character size, the other flags */
static void put_cflag(struct sbuf *b, uint64_t v)
{
	static const char *const sizes[] = { "CS5", "CS6", "CS7", "CS8" };
	uint64_t rest, ibaud = (v >> 16) & 010017;
	size_t mark;

	put_part(b, v & 010017, baud_name(v));
	if (ibaud) {		/* each part a number with -X raw: "0xa<<0x10" */
		sbuf_putc(b, '|');
		put_part(b, ibaud, baud_name(ibaud));
		sbuf_puts(b, "<<");
		put_part(b, 16, "IBSHIFT");
	}
	sbuf_putc(b, '|');
	put_part(b, v & 060, sizes[(v >> 4) & 3]);
	rest = v & ~(uint64_t)(010017 | 060 | 010017 << 16);
	if (!rest)
		return;
	sbuf_putc(b, '|');
	mark = b->len;
	v = rest;
	put_rest(b, v, put_flags(b, &v, xlat_cflags, N(xlat_cflags), 1), "");
	xlat_finish(b, mark, rest, XF_HEX);
}

/* the control characters: index names of struct termios' c_cc */
static void put_cc(struct sbuf *b, const uint8_t *cc, size_t n)
{
	static const char *const names[] = {
		"VINTR", "VQUIT", "VERASE", "VKILL", "VEOF", "VTIME", "VMIN", "VSWTC", "VSTART",
		"VSTOP", "VSUSP", "VEOL", "VREPRINT", "VDISCARD", "VWERASE", "VLNEXT", "VEOL2",
	};

	sbuf_puts(b, "c_cc=[");
	for (size_t i = 0; i < n; i++) {
		if (i)
			sbuf_puts(b, ", ");
		if (i < N(names))
			sbuf_printf(b, "[%s]=", names[i]);
		else
			sbuf_printf(b, "[%zu]=", i);
		put_hex0(b, cc[i]);
	}
	sbuf_putc(b, ']');
}

static void put_tios(struct sbuf *b, const uint8_t *p, enum tios kind)
{
	uint32_t f[4];
	uint16_t h[4];
	size_t line = 16, ncc = 19;

	if (kind == TIO) {
		memcpy(h, p, sizeof(h));
		for (int i = 0; i < 4; i++)
			f[i] = h[i];
		line = 8;
		ncc = 8;
	} else {
		memcpy(f, p, sizeof(f));
	}
	sbuf_puts(b, "{c_iflag=");
	put_tflags(b, f[0], xlat_iflags, N(xlat_iflags));
	sbuf_puts(b, ", c_oflag=");
	put_oflag(b, f[1]);
	sbuf_puts(b, ", c_cflag=");
	put_cflag(b, f[2]);
	sbuf_puts(b, ", c_lflag=");
	put_tflags(b, f[3], xlat_lflags, N(xlat_lflags));
	if (!decode_verbose()) {
		sbuf_puts(b, ", ...}");
		return;
	}
	sbuf_puts(b, ", c_line=");
	put_enum_x(b, p[line], xlat_term_line_discs, N(xlat_term_line_discs), "N_???");
	sbuf_puts(b, ", ");
	put_cc(b, p + line + 1, ncc);
	if (kind == TIOS2) {
		uint32_t sp[2];

		memcpy(sp, p + 36, 8);
		sbuf_printf(b, ", c_ispeed=%u, c_ospeed=%u", sp[0], sp[1]);
	}
	sbuf_putc(b, '}');
}

void decode_termios(struct sbuf *b, const uint8_t *p, size_t len)
{
	if (!too_short(b, len, 36))
		put_tios(b, p, TIOS);
}

static int termios_arg(struct sbuf *b, const struct ioctl_call *c)
{
	static const struct { uint32_t req; uint8_t kind, out; } reqs[] = {
		{ 0x5401, TIOS, 1 }, { 0x5402, TIOS, 0 }, { 0x5403, TIOS, 0 }, { 0x5404, TIOS, 0 },
		{ 0x5456, TIOS, 1 }, { 0x5457, TIOS, 0 },
		{ 0x802c542a, TIOS2, 1 }, { 0x402c542b, TIOS2, 0 }, { 0x402c542c, TIOS2, 0 },
		{ 0x402c542d, TIOS2, 0 },
		{ 0x5405, TIO, 1 }, { 0x5406, TIO, 0 }, { 0x5407, TIO, 0 }, { 0x5408, TIO, 0 },
	};
	static const size_t sizes[] = { [TIOS] = 36, [TIOS2] = 44, [TIO] = 18 };

	if (!b)
		return IOCTL_NOT_MINE;
	for (size_t i = 0; i < N(reqs); i++) {
		size_t n = sizes[reqs[i].kind];

		if (reqs[i].req != c->req)
			continue;
		/* what a get request wrote shows after success only */
		if (!(reqs[i].out ? ioctl_out(c, n) : ioctl_in(c, n)))
			return ioctl_ptr(b, c);
		put_tios(b, c->p, reqs[i].kind);
		return IOCTL_SHOWN;
	}
	return IOCTL_NOT_MINE;
}

const struct ioctl_dev ioctl_dev_termios = {
	.names = xlat_ioctl_termios, .nnames = N(xlat_ioctl_termios), .arg = termios_arg,
};
