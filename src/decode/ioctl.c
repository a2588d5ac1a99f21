// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl: request names, and the structs strace decodes: the terminal's
 * window sizes (its termios structs are ioctl_termios.c's), a network
 * interface's (struct ifreq), an inode's flags.
 */
#include <net/if.h>
#include <stddef.h>
#include <stdio.h>
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
	if (ioctl_dev_name(b, r) || ioctl_family_name(b, r) || ioctl_sys_name(b, r))
		return;
	sbuf_printf(b, "_IOC(%s, %#x, %#x, ", dirs[r >> 30], (r >> 8) & 0xff, r & 0xff);
	if (size)
		sbuf_printf(b, "%#x)", size);
	else
		sbuf_puts(b, "0)");
}

/* requests that take no argument: strace shows two */
bool ioctl_req_has_arg(uint64_t req)
{
	return (uint32_t)req != 0x5450 && (uint32_t)req != 0x5451 &&	/* FIONCLEX, FIOCLEX */
	       (uint32_t)req != 0x5422 &&				/* TIOCNOTTY */
	       ioctl_family_has_arg((uint32_t)req) && ioctl_dev_has_arg((uint32_t)req) &&
	       ioctl_sys_has_arg((uint32_t)req);
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
 * struct ifreq (SIOCGIF* and SIOCSIF* on a socket): the interface's name,
 * then the union's member the request reads or writes.  A request that
 * gets a value shows only the name when it fails; one that sets a value
 * shows what it was given.
 */
#define IFNAMSIZ_ 16

enum ifr_field { IFR_NONE, IFR_INDEX, IFR_FLAGS, IFR_ADDR, IFR_DSTADDR, IFR_BROADADDR,
		 IFR_NETMASK, IFR_METRIC, IFR_MTU, IFR_NEWNAME, IFR_HWADDR, IFR_QLEN, IFR_MAP,
		 IFR_SLAVE, IFR_BRIF };

static enum ifr_field ifr_field(uint32_t req, bool *sets)
{
	static const struct { uint16_t req; uint8_t field, sets; } reqs[] = {
		{ 0x8913, IFR_FLAGS, 0 }, { 0x8914, IFR_FLAGS, 1 },
		{ 0x8915, IFR_ADDR, 0 }, { 0x8916, IFR_ADDR, 1 },
		{ 0x8917, IFR_DSTADDR, 0 }, { 0x8918, IFR_DSTADDR, 1 },
		{ 0x8919, IFR_BROADADDR, 0 }, { 0x891a, IFR_BROADADDR, 1 },
		{ 0x891b, IFR_NETMASK, 0 }, { 0x891c, IFR_NETMASK, 1 },
		{ 0x891d, IFR_METRIC, 0 }, { 0x891e, IFR_METRIC, 1 },
		{ 0x8921, IFR_MTU, 0 }, { 0x8922, IFR_MTU, 1 },
		{ 0x8923, IFR_NEWNAME, 1 }, { 0x8924, IFR_HWADDR, 1 }, { 0x8927, IFR_HWADDR, 0 },
		{ 0x8933, IFR_INDEX, 0 }, { 0x8942, IFR_QLEN, 0 }, { 0x8943, IFR_QLEN, 1 },
		{ 0x8970, IFR_MAP, 0 }, { 0x8971, IFR_MAP, 1 },
		/* SIOCADDMULTI, SIOCDELMULTI, SIOCSIFHWBROADCAST, SIOCSIFSLAVE,
		 * SIOCBRADDIF, SIOCBRDELIF */
		{ 0x8931, IFR_HWADDR, 1 }, { 0x8932, IFR_HWADDR, 1 }, { 0x8937, IFR_HWADDR, 1 },
		{ 0x8930, IFR_SLAVE, 1 }, { 0x89a2, IFR_BRIF, 1 }, { 0x89a3, IFR_BRIF, 1 },
	};

	for (size_t i = 0; i < N(reqs); i++)
		if (reqs[i].req == req) {
			*sets = reqs[i].sets;
			return reqs[i].field;
		}
	return IFR_NONE;
}

/* a name in 16 bytes: cut ("..."), as strace, when no NUL ends it */
static void put_ifname(struct sbuf *b, const uint8_t *p)
{
	size_t n = strnlen((const char *)p, IFNAMSIZ_);

	decode_string(b, (const char *)p, n < IFNAMSIZ_ ? n : IFNAMSIZ_ - 1, n == IFNAMSIZ_);
}

/* ifr_hwaddr: the hardware type, and the address as a MAC for the types
 * that have one of 6 bytes; with -X raw the 14 bytes of sa_data */
static void put_hwaddr(struct sbuf *b, const uint8_t *p)
{
	uint16_t fam;
	char mac[64];
	int n = 0;

	memcpy(&fam, p, 2);
	sbuf_puts(b, "{sa_family=");
	put_enum_x(b, fam, xlat_arphrd, N(xlat_arphrd), "ARPHRD_???");
	for (int i = 0; i < 6; i++)
		n += snprintf(mac + n, sizeof(mac) - n, i ? ":%02x" : "%02x", p[2 + i]);
	sbuf_puts(b, ", sa_data=");
	if (decode_xlat() == XLAT_ABBREV) {
		sbuf_puts(b, mac);
	} else {
		decode_string_hex(b, (const char *)p + 2, 14, false);
		if (decode_xlat() == XLAT_VERBOSE)
			sbuf_printf(b, " /* %s */", mac);
	}
	sbuf_putc(b, '}');
}

static void put_ifr_value(struct sbuf *b, enum ifr_field fld, const uint8_t *u)
{
	static const char *const addrs[] = {
		[IFR_ADDR] = "ifr_addr", [IFR_DSTADDR] = "ifr_dstaddr",
		[IFR_BROADADDR] = "ifr_broadaddr", [IFR_NETMASK] = "ifr_netmask",
	};
	int32_t n;
	int16_t fl;
	uint64_t m[2];
	size_t mark;

	memcpy(&n, u, 4);
	switch (fld) {
	case IFR_FLAGS:
		memcpy(&fl, u, 2);
		sbuf_puts(b, "ifr_flags=");
		mark = b->len;
		put_flagset(b, (uint16_t)fl, xlat_iff_flags, N(xlat_iff_flags));
		xlat_finish(b, mark, (uint16_t)fl, XF_HEX);
		break;
	case IFR_ADDR: case IFR_DSTADDR: case IFR_BROADADDR: case IFR_NETMASK:
		sbuf_printf(b, "%s=", addrs[fld]);
		decode_sockaddr(b, u, 16);
		break;
	case IFR_METRIC: sbuf_printf(b, "ifr_metric=%d", n); break;
	case IFR_MTU: sbuf_printf(b, "ifr_mtu=%d", n); break;
	case IFR_QLEN: sbuf_printf(b, "ifr_qlen=%d", n); break;
	case IFR_INDEX: sbuf_printf(b, "ifr_ifindex=%d", n); break;
	case IFR_NEWNAME:
		sbuf_puts(b, "ifr_newname=");
		put_ifname(b, u);
		break;
	case IFR_SLAVE:
		sbuf_puts(b, "ifr_slave=");
		put_ifname(b, u);
		break;
	case IFR_BRIF: {	/* the port by name when this machine has it */
		char name[IF_NAMESIZE];

		if (n > 0 && if_indextoname((unsigned)n, name))
			sbuf_printf(b, "ifr_ifindex=if_nametoindex(\"%s\")", name);
		else
			sbuf_printf(b, "ifr_ifindex=%d", n);
		break;
	}
	case IFR_HWADDR:
		sbuf_puts(b, "ifr_hwaddr=");
		put_hwaddr(b, u);
		break;
	case IFR_MAP:		/* struct ifmap: two longs, a short, three bytes */
		memcpy(m, u, 16);
		sbuf_printf(b, "ifr_map={mem_start=%#llx, mem_end=%#llx, base_addr=%#x, irq=%#x, "
			    "dma=%#x, port=%#x}", (unsigned long long)m[0], (unsigned long long)m[1],
			    u[16] | u[17] << 8, u[18], u[19], u[20]);
		break;
	case IFR_NONE:
		break;
	}
}

/* false: not a request of struct ifreq's, nothing printed */
static bool put_ifreq(struct sbuf *b, uint32_t req, const uint8_t *p, size_t len, int64_t ret,
		      uint64_t addr)
{
	bool sets = false;
	enum ifr_field fld = req == 0x8910 ? IFR_NONE : ifr_field(req, &sets);
	int32_t index;

	if (req != 0x8910 && fld == IFR_NONE)
		return false;
	if (len < 40) {		/* cut by the end of its memory: the address */
		sbuf_hex(b, addr);
		return true;
	}
	sbuf_putc(b, '{');
	if (req == 0x8910) {		/* SIOCGIFNAME: the index gets the name */
		memcpy(&index, p + IFNAMSIZ_, 4);
		sbuf_printf(b, "ifr_ifindex=%d", index);
		if (ret >= 0) {
			sbuf_puts(b, ", ifr_name=");
			put_ifname(b, p);
		}
	} else if (fld == IFR_BRIF) {	/* a bridge's port: its index alone */
		put_ifr_value(b, fld, p + IFNAMSIZ_);
	} else {
		sbuf_puts(b, "ifr_name=");
		put_ifname(b, p);
		if (sets || ret >= 0) {
			sbuf_puts(b, ", ");
			put_ifr_value(b, fld, p + IFNAMSIZ_);
		}
	}
	sbuf_putc(b, '}');
	return true;
}

/*
 * ioctl's third argument, by request.
 */

/* the terminal requests whose argument is a pointer (termios, termio,
 * winsize, a pid, an int): 0 is "NULL" there, as strace prints it */
static bool term_takes_pointer(uint32_t req)
{
	static const uint32_t reqs[] = {
		0x5401, 0x5402, 0x5403, 0x5404, 0x5405, 0x5406, 0x5407, 0x5408,
		0x540f, 0x5410, 0x5411, 0x5412, 0x5413, 0x5414, 0x5415, 0x5416, 0x5417, 0x5418,
		0x541b, 0x5421, 0x5429, 0x5452, 0x80045430, 0x40045431,
	};

	for (size_t i = 0; i < N(reqs); i++)
		if (reqs[i] == req)
			return true;
	return false;
}

static bool req_named(uint32_t req)
{
	for (size_t i = 0; i < N(xlat_ioctl_req); i++)
		if (xlat_ioctl_req[i].val == req)
			return true;
	return false;
}

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
	if (ioctl_family_arg(b, e, size, i))
		return;
	if (!v && term_takes_pointer(req)) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (got && c->len >= 4)
		memcpy(&n, data, 4);
	/* the socket requests take a pointer (an unknown one: the number) */
	if ((req >> 8) == 0x89 && !v && req_named(req)) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (got && (req >> 8) == 0x89 &&
	    put_ifreq(b, req, (const uint8_t *)data, c->len, e->ret, v))
		return;
	switch (req) {
	case 0x80086601:		/* FS_IOC_GETFLAGS: what the call wrote */
		if (e->ret < 0)
			got = false;
		/* fall through */
	case 0x40086602:		/* FS_IOC_SETFLAGS */
		if (got && c->len >= 4) {
			size_t mark;

			sbuf_putc(b, '[');
			mark = b->len;
			put_flagset(b, (uint32_t)n, xlat_fs_flags, N(xlat_fs_flags));
			xlat_finish(b, mark, (uint32_t)n, XF_HEX);
			sbuf_putc(b, ']');
			return;
		}
		break;
	case 0x540e:			/* TIOCSCTTY: steal from another session or not */
	case 0x5409:			/* TCSBRK: 0 sends a break, else drains */
		sbuf_printf(b, "%d", (int)v);
		return;
	case 0x540a: case 0x540b: {	/* TCXONC, TCFLSH: the action by name */
		static const char *const flow[] = { "TCOOFF", "TCOON", "TCIOFF", "TCION" };
		static const char *const flush[] = { "TCIFLUSH", "TCOFLUSH", "TCIOFLUSH" };
		size_t mark = b->len;

		if (req == 0x540a && v < 4)
			sbuf_puts(b, flow[v]);
		else if (req == 0x540b && v < 3)
			sbuf_puts(b, flush[v]);
		else
			put_hex0(b, v);
		xlat_finish(b, mark, v, XF_HEX);
		return;
	}
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
