// SPDX-License-Identifier: GPL-2.0
/*
 * -X raw|abbrev|verbose: how constants are shown (and -v: whether structs
 * are abbreviated, strace's other "verbose").  Decoders print names as
 * usual; xlat_finish then turns what was printed since a mark into the raw
 * number (raw) or the number followed by the names in a comment (verbose).
 */
#include <string.h>

#include "decode.h"

static int style = XLAT_ABBREV;
static bool verbose;

void decode_set_verbose(bool on)
{
	verbose = on;
}

bool decode_verbose(void)
{
	return verbose;
}

void decode_set_xlat(int s)
{
	style = s;
}

int decode_xlat(void)
{
	return style;
}

static void put_number(struct sbuf *b, uint64_t v, enum xlat_fmt fmt)
{
	switch (fmt) {
	case XF_HEX:
		if (v)
			sbuf_hex(b, v);
		else
			sbuf_putc(b, '0');
		break;
	case XF_DEC:
		sbuf_s64(b, (int64_t)v);
		break;
	case XF_UDEC:
		sbuf_u64(b, v);
		break;
	case XF_OCT:
		sbuf_printf(b, "%#llo", (unsigned long long)v);
		break;
	}
}

void xlat_finish(struct sbuf *b, size_t mark, uint64_t v, enum xlat_fmt fmt)
{
	char names[2048];	/* a capability set's names run to 1.2K */
	size_t n;

	if (style == XLAT_ABBREV || mark > b->len)
		return;
	n = b->len - mark;
	if (n >= sizeof(names))
		n = sizeof(names) - 1;
	memcpy(names, b->p + mark, n);
	names[n] = 0;
	b->len = mark;
	put_number(b, v, fmt);
	if (style == XLAT_RAW)
		return;
	/* verbose: an unknown value the decoder printed with its "X_???"
	 * comment stays as it is (strace's form) */
	n = b->len - mark;
	if (!strncmp(names, b->p + mark, n) && !strncmp(names + n, " /* ", 4)) {
		b->len = mark;
		sbuf_puts(b, names);
		return;
	}
	/* verbose: the names, unless they are the number itself */
	if (strlen(names) != b->len - mark || memcmp(names, b->p + mark, b->len - mark)) {
		sbuf_puts(b, " /* ");
		sbuf_puts(b, names);
		sbuf_puts(b, " */");
	}
}
