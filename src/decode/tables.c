// SPDX-License-Identifier: GPL-2.0
/*
 * Name tables and how they are printed: flag sets, enums, the rest in hex.
 */
#include <stddef.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

int put_flags(struct sbuf *b, uint64_t *v, const struct flag *t,
		     size_t n, int first)
{
	for (size_t i = 0; i < n; i++) {
		if (!t[i].val || (*v & t[i].val) != t[i].val)
			continue;
		if (!first)
			sbuf_putc(b, '|');
		sbuf_puts(b, t[i].name);
		*v &= ~t[i].val;
		first = 0;
	}
	return first;
}

void put_rest(struct sbuf *b, uint64_t v, int first, const char *zero)
{
	if (v) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_hex(b, v);
	} else if (first) {
		sbuf_puts(b, zero);
	}
}

void put_flagset(struct sbuf *b, uint64_t v, const struct flag *t, size_t n)
{
	v = (uint32_t)v;
	put_rest(b, v, put_flags(b, &v, t, n, 1), "0");
}

void put_enum_x(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
		const char *unknown)
{
	size_t mark = b->len;

	put_enum(b, v, t, n, unknown);
	xlat_finish(b, mark, v, XF_HEX);
}

void put_flagset_q(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
		   const char *unknown)
{
	put_flagset_q64(b, (uint32_t)v, t, n, unknown);
}

void put_flagset_qx(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
		    const char *unknown)
{
	size_t mark = b->len;

	put_flagset_q64(b, v, t, n, unknown);
	xlat_finish(b, mark, v, XF_HEX);
}

void put_flagset_q64(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
		     const char *unknown)
{
	uint64_t rest = v;

	if (put_flags(b, &rest, t, n, 1)) {	/* no name: the number, and why */
		if (rest)
			sbuf_printf(b, "%#llx /* %s */", (unsigned long long)rest, unknown);
		else
			sbuf_putc(b, '0');
		return;
	}
	put_rest(b, rest, 0, "");
}

bool too_short(struct sbuf *b, size_t len, size_t want)
{
	if (len >= want)
		return false;
	sbuf_puts(b, "???");
	return true;
}

/* Enums printed by name, unknown values as strace prints them. */
void put_enum(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
	      const char *unknown)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].val == v) {
			sbuf_puts(b, t[i].name);
			return;
		}
	put_hex0(b, v);		/* an unknown 0 as strace prints it: "0 /\* X_??? *\/" */
	if (unknown)
		sbuf_printf(b, " /* %s */", unknown);
}
