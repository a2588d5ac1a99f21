// SPDX-License-Identifier: GPL-2.0
/* The string builder.  Allocation failure is fatal: there is no useful way
 * for a tracer to go on formatting without memory. */
#include <stdio.h>
#include <stdlib.h>

#include "util.h"

void sbuf_init(struct sbuf *b, size_t cap)
{
	b->p = malloc(cap);
	if (!b->p) {
		fputs("strobe: out of memory\n", stderr);
		abort();
	}
	b->len = 0;
	b->cap = cap;
}

void sbuf_free(struct sbuf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

void sbuf_grow(struct sbuf *b, size_t need)
{
	size_t cap = b->cap ? b->cap : 64;

	while (cap < b->len + need)
		cap *= 2;
	char *p = realloc(b->p, cap);
	if (!p) {
		fputs("strobe: out of memory\n", stderr);
		abort();
	}
	b->p = p;
	b->cap = cap;
}

void sbuf_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= b->cap - b->len) {
		sbuf_grow(b, n + 1);
		va_start(ap, fmt);
		vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
	}
	b->len += n;
}

void sbuf_u64(struct sbuf *b, uint64_t v)
{
	char tmp[24];
	int i = sizeof(tmp);

	do {
		tmp[--i] = '0' + v % 10;
		v /= 10;
	} while (v);
	sbuf_mem(b, tmp + i, sizeof(tmp) - i);
}

void sbuf_s64(struct sbuf *b, int64_t v)
{
	if (v < 0) {
		sbuf_putc(b, '-');
		sbuf_u64(b, -(uint64_t)v);
	} else {
		sbuf_u64(b, v);
	}
}

void sbuf_hex(struct sbuf *b, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";
	char tmp[20];
	int i = sizeof(tmp);

	do {
		tmp[--i] = digits[v & 15];
		v >>= 4;
	} while (v);
	tmp[--i] = 'x';
	tmp[--i] = '0';
	sbuf_mem(b, tmp + i, sizeof(tmp) - i);
}

void sbuf_oct(struct sbuf *b, uint64_t v)
{
	char tmp[24];
	int i = sizeof(tmp);

	if (!v) {
		sbuf_putc(b, '0');
		return;
	}
	while (v) {
		tmp[--i] = '0' + (v & 7);
		v >>= 3;
	}
	tmp[--i] = '0';
	sbuf_mem(b, tmp + i, sizeof(tmp) - i);
}

void sbuf_dec_pad(struct sbuf *b, uint64_t v, int width)
{
	char tmp[24];

	if (width > 20)
		width = 20;
	for (int i = width - 1; i >= 0; i--) {
		tmp[i] = '0' + v % 10;
		v /= 10;
	}
	sbuf_mem(b, tmp, width);
}
