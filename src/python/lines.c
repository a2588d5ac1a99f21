// SPDX-License-Identifier: GPL-2.0
/*
 * Line numbers from CPython's line tables, as the interpreter computes
 * them for a frame (PyCode_Addr2Line).  Three encodings:
 *
 * - co_lnotab (<= 3.9): byte pairs (offset increment, line increment,
 *   signed from 3.6); a pair applies once the offset reaches it.
 * - co_linetable (3.10): byte pairs (length in bytes, line delta, -128 for
 *   "no line"), each pair a range of instructions.
 * - co_linetable (3.11+, PEP 657): entries of a first byte 1CCCCLLL (code
 *   C, length L+1 code units) and varints after it; C 15: no location, 14:
 *   long form (signed line delta, end line, columns), 13: no columns (signed
 *   line delta), 10-12: line delta C-10 and two column bytes, 0-9: same
 *   line, one column byte.  Varints are 6 bits a byte, bit 6 continues;
 *   signed ones keep the sign in bit 0.
 */
#include "python.h"

static uint32_t varint(const uint8_t *t, uint32_t len, uint32_t *i)
{
	uint32_t v = 0, shift = 0;
	uint8_t b;

	do {
		if (*i >= len || shift > 28)
			return v;
		b = t[(*i)++];
		v |= (uint32_t)(b & 63) << shift;
		shift += 6;
	} while (b & 64);
	return v;
}

static int svarint(const uint8_t *t, uint32_t len, uint32_t *i)
{
	uint32_t v = varint(t, len, i);

	return v & 1 ? -(int)(v >> 1) : (int)(v >> 1);
}

static int line_locations(const uint8_t *t, uint32_t len, int line, int64_t unit)
{
	uint32_t i = 0;
	int64_t addr = 0;

	while (i < len) {
		uint8_t b = t[i++];
		int code = (b >> 3) & 15, n = (b & 7) + 1, at = line;

		if (!(b & 128))
			return -1;	/* not the first byte of an entry: corrupt */
		switch (code) {
		case 15:
			at = -1;
			break;
		case 14:
			line += svarint(t, len, &i);
			at = line;
			varint(t, len, &i);	/* end line delta */
			varint(t, len, &i);	/* column + 1 */
			varint(t, len, &i);	/* end column + 1 */
			break;
		case 13:
			line += svarint(t, len, &i);
			at = line;
			break;
		case 10: case 11: case 12:
			line += code - 10;
			at = line;
			i += 2;
			break;
		default:
			i += 1;
			break;
		}
		if (unit < addr + n)
			return at;
		addr += n;
	}
	return -1;
}

static int line_310(const uint8_t *t, uint32_t len, int line, int64_t byte)
{
	int64_t end = 0;

	for (uint32_t i = 0; i + 1 < len; i += 2) {
		int8_t ld = (int8_t)t[i + 1];
		int at = -1;

		end += t[i];
		if (ld != -128) {
			line += ld;
			at = line;
		}
		if (byte < end)
			return at;
	}
	return -1;
}

static int line_lnotab(const uint8_t *t, uint32_t len, int line, int64_t byte)
{
	int64_t addr = 0;

	for (uint32_t i = 0; i + 1 < len; i += 2) {
		addr += t[i];
		if (addr > byte)
			break;
		line += (int8_t)t[i + 1];
	}
	return line;
}

int py_line(const struct py_layout *l, const uint8_t *t, uint32_t len, int firstlineno,
	    int64_t lasti)
{
	if (lasti < 0)
		return firstlineno;	/* the frame has not started (3.11+: -1) */
	switch (l->lines) {
	case PYL_LNOTAB:
		return line_lnotab(t, len, firstlineno, lasti * l->lasti_unit);
	case PYL_310:
		return line_310(t, len, firstlineno, lasti * l->lasti_unit);
	default:
		return line_locations(t, len, firstlineno, lasti);
	}
}
