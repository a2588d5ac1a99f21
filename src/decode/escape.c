// SPDX-License-Identifier: GPL-2.0
/*
 * Strings as strace prints them: in double quotes, printable ASCII as is,
 * C escapes for \t \n \v \f \r \" \\, everything else in octal using as few
 * digits as possible unless the next character is an octal digit (then
 * three, so the escape cannot swallow it).
 */
#include <string.h>

#include "decode.h"

void decode_string_hex(struct sbuf *b, const char *s, size_t len, bool truncated)
{
	static const char hex[] = "0123456789abcdef";

	sbuf_putc(b, '"');
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];

		sbuf_putc(b, '\\');
		sbuf_putc(b, 'x');
		sbuf_putc(b, hex[c >> 4]);
		sbuf_putc(b, hex[c & 15]);
	}
	sbuf_putc(b, '"');
	if (truncated)
		sbuf_puts(b, "...");
}

/* -x: 1 strings with a non-printable byte in hex, 2 every string in hex,
 * 3 (--strings-in-hex=non-ascii-chars) C escapes as usual and \xNN in
 * place of octal.  Process-wide: set once from the command line. */
static int hex_level;

void decode_set_hex(int level)
{
	hex_level = level;
}

int decode_hex(void)
{
	return hex_level;
}

static bool wants_hex(const unsigned char *s, size_t len)
{
	if (hex_level == 2)
		return true;
	if (hex_level != 1)
		return false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];

		/* strchr would find a NUL byte: the terminator */
		if (c >= 0x7f || (c < ' ' && (!c || !strchr("\t\n\v\f\r", c))))
			return true;
	}
	return false;
}

void decode_string(struct sbuf *b, const char *s, size_t len, bool truncated)
{
	decode_string_ex(b, s, len, truncated, 0);
}

void decode_string_ex(struct sbuf *b, const char *s, size_t len, bool truncated,
		      unsigned how)
{
	sbuf_reserve(b, len * 4 + 8);
	char *o = b->p + b->len;
	const char q = (how & ESC_BARE) ? 0 : '"';

	if (wants_hex((const unsigned char *)s, len)) {
		static const char hex[] = "0123456789abcdef";

		if (q)
			*o++ = q;
		for (size_t i = 0; i < len; i++) {
			*o++ = '\\';
			*o++ = 'x';
			*o++ = hex[(unsigned char)s[i] >> 4];
			*o++ = hex[s[i] & 15];
		}
		if (q)
			*o++ = q;
		b->len = o - b->p;
		if (truncated)
			sbuf_puts(b, "...");
		return;
	}
	if (q)
		*o++ = q;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];

		switch (c) {
		case '"': *o++ = '\\'; *o++ = '"'; continue;
		case '\\': *o++ = '\\'; *o++ = '\\'; continue;
		case '\t': *o++ = '\\'; *o++ = 't'; continue;
		case '\n': *o++ = '\\'; *o++ = 'n'; continue;
		case '\v': *o++ = '\\'; *o++ = 'v'; continue;
		case '\f': *o++ = '\\'; *o++ = 'f'; continue;
		case '\r': *o++ = '\\'; *o++ = 'r'; continue;
		}
		if (c >= ' ' && c < 0x7f && !((how & ESC_ANGLES) && (c == '<' || c == '>'))) {
			*o++ = c;
			continue;
		}
		bool next_digit = i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '7';
		*o++ = '\\';
		if (hex_level == 3) {
			*o++ = 'x';
			*o++ = "0123456789abcdef"[c >> 4];
			*o++ = "0123456789abcdef"[c & 15];
			continue;
		}
		if (next_digit || c >= 0100) {
			*o++ = '0' + (c >> 6);
			*o++ = '0' + ((c >> 3) & 7);
		} else if (c >= 010) {
			*o++ = '0' + ((c >> 3) & 7);
		}
		*o++ = '0' + (c & 7);
	}
	if (q)
		*o++ = q;
	b->len = o - b->p;
	if (truncated)
		sbuf_puts(b, "...");
}
