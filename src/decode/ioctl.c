// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl: request names, and the terminal structs strace decodes (termios
 * abbreviated as strace abbreviates it, window sizes).
 */
#include <stddef.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

/* A request by name, else as the _IOC() macro that makes it, as strace:
 * direction, type, number, size */
void decode_ioctl_req(struct sbuf *b, uint64_t v)
{
	static const char *const dirs[] = { "_IOC_NONE", "_IOC_WRITE", "_IOC_READ",
					    "_IOC_READ|_IOC_WRITE" };
	uint32_t r = (uint32_t)v, size = (r >> 16) & 0x3fff;

	for (size_t i = 0; i < N(xlat_ioctl_req); i++)
		if (xlat_ioctl_req[i].val == r) {
			sbuf_puts(b, xlat_ioctl_req[i].name);
			return;
		}
	sbuf_printf(b, "_IOC(%s, %#x, %#x, ", dirs[r >> 30], (r >> 8) & 0xff, r & 0xff);
	if (size)
		sbuf_printf(b, "%#x)", size);
	else
		sbuf_puts(b, "0)");
}

/* requests that take no argument: strace shows two */
bool ioctl_req_has_arg(uint64_t req)
{
	return (uint32_t)req != 0x5450 && (uint32_t)req != 0x5451;	/* FIONCLEX, FIOCLEX */
}

static const char *const bauds[] = {
	"B0", "B50", "B75", "B110", "B134", "B150", "B200", "B300", "B600", "B1200", "B1800",
	"B2400", "B4800", "B9600", "B19200", "B38400", "BOTHER", "B57600", "B115200", "B230400",
	"B460800", "B500000", "B576000", "B921600", "B1000000", "B1152000", "B1500000",
	"B2000000", "B2500000", "B3000000", "B3500000", "B4000000",
};

static void put_oflag(struct sbuf *b, uint64_t v)
{
	/* each delay field by its value, as strace shows them */
	sbuf_puts(b, v & 0400 ? "NL1|" : "NL0|");
	sbuf_printf(b, "CR%u|", (unsigned)(v >> 9) & 3);
	switch (v & 014000) {
	case 0: sbuf_puts(b, "TAB0|"); break;
	case 04000: sbuf_puts(b, "TAB1|"); break;
	case 010000: sbuf_puts(b, "TAB2|"); break;
	default: sbuf_puts(b, "XTABS|"); break;
	}
	sbuf_puts(b, v & 020000 ? "BS1|" : "BS0|");
	sbuf_puts(b, v & 040000 ? "VT1|" : "VT0|");
	sbuf_puts(b, v & 0100000 ? "FF1" : "FF0");
	v &= ~(uint64_t)0177400;
	put_rest(b, v, put_flags(b, &v, xlat_oflags, N(xlat_oflags), 0), "");
}

static void put_cflag(struct sbuf *b, uint64_t v)
{
	uint32_t baud = v & 017, ext = (v >> 12) & 1;
	static const char *const sizes[] = { "CS5", "CS6", "CS7", "CS8" };

	sbuf_puts(b, bauds[baud + (ext ? 16 : 0)]);
	sbuf_putc(b, '|');
	sbuf_puts(b, sizes[(v >> 4) & 3]);
	v &= ~(uint64_t)(010017 | 060);
	put_rest(b, v, put_flags(b, &v, xlat_cflags, N(xlat_cflags), 0), "");
}

void decode_termios(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint32_t f[4];
	uint64_t v;

	if (too_short(b, len, sizeof(f)))
		return;
	memcpy(f, p, sizeof(f));
	sbuf_puts(b, "{c_iflag=");
	v = f[0];
	put_rest(b, v, put_flags(b, &v, xlat_iflags, N(xlat_iflags), 1), "0");
	sbuf_puts(b, ", c_oflag=");
	put_oflag(b, f[1]);
	sbuf_puts(b, ", c_cflag=");
	put_cflag(b, f[2]);
	sbuf_puts(b, ", c_lflag=");
	v = f[3];
	put_rest(b, v, put_flags(b, &v, xlat_lflags, N(xlat_lflags), 1), "0");
	sbuf_puts(b, ", ...}");
}

void decode_winsize(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint16_t w[4];

	if (too_short(b, len, sizeof(w)))
		return;
	memcpy(w, p, sizeof(w));
	sbuf_printf(b, "{ws_row=%u, ws_col=%u, ws_xpixel=%u, ws_ypixel=%u}", w[0], w[1], w[2],
		    w[3]);
}

/*
 * ioctl's third argument, by request.
 */

/* ioctl's third argument, by request: termios, winsize, an int written
 * ("[0]") or read, FICLONE's fd; otherwise the address */
void put_ioctl_arg(struct sbuf *b, const struct ev_syscall *e, size_t size, int i)
{
	uint32_t req = (uint32_t)e->args[i - 1];
	uint64_t v = e->args[i];
	const struct cap *c;
	const char *data;
	bool got = cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT);
	int32_t n = 0;

	if (req == 0x40049409) {	/* FICLONE: the source fd */
		sbuf_printf(b, "%d", (int)v);
		return;
	}
	if (got && c->len >= 4)
		memcpy(&n, data, 4);
	switch (req) {
	case 0x540e:			/* TIOCSCTTY: steal from another session or not */
		sbuf_printf(b, "%d", (int)v);
		return;
	case 0x5401:			/* TCGETS: what the call wrote */
		if (e->ret < 0)
			got = false;
		/* fall through */
	case 0x5402: case 0x5403: case 0x5404:
		if (got) {
			decode_termios(b, (const uint8_t *)data, c->len);
			return;
		}
		break;
	case 0x5413:			/* TIOCGWINSZ */
		if (e->ret < 0)
			got = false;
		/* fall through */
	case 0x5414:
		if (got) {
			decode_winsize(b, (const uint8_t *)data, c->len);
			return;
		}
		break;
	case 0x541B: case 0x5411: case 0x540F: case 0x80045430:	/* written ints */
		if (got && e->ret >= 0 && c->len >= 4) {
			sbuf_printf(b, "[%d]", n);
			return;
		}
		break;
	case 0x5421: case 0x5410: case 0x40045431: case 0x5452:	/* ints it reads */
		if (got && c->len >= 4) {
			sbuf_printf(b, "[%d]", n);
			return;
		}
		break;
	}
	if (v)
		sbuf_hex(b, v);
	else
		sbuf_putc(b, '0');
}
