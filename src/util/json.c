// SPDX-License-Identifier: GPL-2.0
/* JSON string literals, for every writer of JSON (lines, exports, formats). */
#include "util.h"

void json_string(struct sbuf *b, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";

	sbuf_putc(b, '"');
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\') {
			sbuf_putc(b, '\\');
			sbuf_putc(b, c);
		} else if (c < 0x20 || c >= 0x7f) {
			/* strace text is ASCII; anything else is escaped byte by byte */
			sbuf_puts(b, "\\u00");
			sbuf_putc(b, hex[c >> 4]);
			sbuf_putc(b, hex[c & 15]);
		} else {
			sbuf_putc(b, c);
		}
	}
	sbuf_putc(b, '"');
}
