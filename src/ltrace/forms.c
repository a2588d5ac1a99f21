/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ltrace's forms of values, applied to what the shared decoders wrote in
 * strace's: nil and 0 for NULL pointers, ltrace's string escapes, and the
 * raw values of a function with no prototype.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ltrace.h"
#include "../decode/decode.h"
#include "../output/internal.h"

/* Replace the 4 bytes "NULL" at b->p[at] with `with` */
void lt_replace_null(struct sbuf *b, size_t at, const char *with)
{
	size_t n = strlen(with);

	memmove(b->p + at + n, b->p + at + 4, b->len - at - 4);
	memcpy(b->p + at, with, n);
	b->len -= 4 - n;
}

/*
 * ltrace's null pointers: "nil" for a string, 0 for another pointer,
 * where the shared decoders print strace's NULL.  The arguments from
 * `from` (just after the '(') are walked at the top level (quotes,
 * brackets and braces skipped), each one whole "NULL" replaced.
 */
void lt_nulls(struct sbuf *b, size_t from, const struct lib_proto *pr)
{
	int arg = 0, depth = 0;
	bool quoted = false, at_start = true;

	for (size_t i = from; i < b->len; i++) {
		char c = b->p[i];

		if (quoted) {
			if (c == '\\')
				i++;
			else if (c == '"')
				quoted = false;
			continue;
		}
		if (at_start && depth == 0 && i + 4 <= b->len && !memcmp(b->p + i, "NULL", 4) &&
		    (i + 4 == b->len || b->p[i + 4] == ',' || b->p[i + 4] == ')')) {
			bool str = pr && arg < pr->d.nargs &&
				   (pr->d.args[arg].kind == AK_STR || pr->d.args[arg].kind == AK_PATH);

			lt_replace_null(b, i, str ? "nil" : "0");
			continue;
		}
		at_start = false;
		if (c == '"')
			quoted = true;
		else if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}')
			depth--;
		else if (c == ',' && depth == 0) {
			arg++;
			while (i + 1 < b->len && b->p[i + 1] == ' ')
				i++;
			at_start = true;
		}
	}
}

/*
 * ltrace's escapes in the quoted strings from `from` on, where the shared
 * decoders wrote strace's: \0 for a NUL, \a \b \t \n \v \f \r by
 * name, every other unprintable byte in three octal digits (\001, not
 * strace's \1), a double quote as itself (ltrace 0.7 leaves it so).
 */
void lt_escapes(struct sbuf *b, size_t from)
{
	static const char named[] = "0......abtnvfr";
	struct sbuf out;
	bool quoted = false;

	sbuf_init(&out, b->len - from + 16);
	for (size_t i = from; i < b->len; i++) {
		unsigned c = (unsigned char)b->p[i];

		if (c == '"')
			quoted = !quoted;
		if (!quoted || c != '\\' || i + 1 >= b->len) {
			sbuf_putc(&out, (char)c);
			continue;
		}
		c = (unsigned char)b->p[++i];
		if (c >= '0' && c <= '7') {
			unsigned v = 0;

			for (int k = 0; k < 3 && i < b->len && b->p[i] >= '0' && b->p[i] <= '7'; k++)
				v = v * 8 + (unsigned)(b->p[i++] - '0');
			i--;
			c = v & 0xff;
		} else if (c == 'x' && i + 2 < b->len && isxdigit((unsigned char)b->p[i + 1]) &&
			   isxdigit((unsigned char)b->p[i + 2])) {	/* -x's */
			char hex[3] = { b->p[i + 1], b->p[i + 2], 0 };

			c = (unsigned)strtoul(hex, NULL, 16);
			i += 2;
		} else {
			switch (c) {
			case 't': c = '\t'; break;
			case 'n': c = '\n'; break;
			case 'v': c = '\v'; break;
			case 'f': c = '\f'; break;
			case 'r': c = '\r'; break;
			case '"': sbuf_putc(&out, '"'); continue;
			default: sbuf_putc(&out, '\\'); sbuf_putc(&out, (char)c); continue;
			}
		}
		if (c < sizeof(named) - 1 && named[c] != '.')
			sbuf_printf(&out, "\\%c", named[c]);
		else if (c == '\\')
			sbuf_puts(&out, "\\\\");
		else if (c >= 0x20 && c < 0x7f)
			sbuf_putc(&out, (char)c);
		else
			sbuf_printf(&out, "\\%03o", c);
	}
	b->len = from;
	sbuf_mem(b, out.p, out.len);
	sbuf_free(&out);
}

/* A value of a function without a prototype, as ltrace 0.7 shows one
 * (its default: checked against it, tests/e2e_probe.py): decimal from
 * -10000 to 10000, else hex (of the 64-bit value). */
void lt_put_guess(struct sbuf *b, uint64_t v)
{
	int64_t s = (int64_t)v;

	if (s >= -10000 && s <= 10000)
		sbuf_s64(b, s);
	else
		sbuf_hex(b, v);
}

