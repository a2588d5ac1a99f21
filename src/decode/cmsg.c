// SPDX-License-Identifier: GPL-2.0
/*
 * Control messages (a msghdr's msg_control), as strace 6.1 prints them:
 * walked by their lengths over what msg_controllen says (at most the
 * kernel's optmem_max), each header, its type named by level, and the data
 * of the types strace decodes when there is enough of it.
 */
#include <stdio.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"

static const struct flag cmsg_types_socket[] = {
	{ 1, "SCM_RIGHTS" }, { 2, "SCM_CREDENTIALS" }, { 3, "SCM_SECURITY" },
	{ 41, "SO_WIFI_STATUS" }, { 61, "SO_TXTIME" }, { 29, "SO_TIMESTAMP_OLD" },
	{ 35, "SO_TIMESTAMPNS_OLD" }, { 37, "SO_TIMESTAMPING_OLD" }, { 63, "SO_TIMESTAMP_NEW" },
	{ 64, "SO_TIMESTAMPNS_NEW" }, { 65, "SO_TIMESTAMPING_NEW" },
};
static const struct flag cmsg_types_ip[] = {
	{ 1, "IP_TOS" }, { 2, "IP_TTL" }, { 6, "IP_RECVOPTS" }, { 7, "IP_RETOPTS" },
	{ 8, "IP_PKTINFO" }, { 11, "IP_RECVERR" }, { 20, "IP_ORIGDSTADDR" },
	{ 23, "IP_CHECKSUM" }, { 3, "SCM_SECURITY" },
};

struct cmsg_out {
	struct sbuf *b;
	size_t strmax;
	struct formatter *f;
	uint32_t pid;
	size_t have;	/* of the current data, how much was captured */
};

/* how many bytes of control data the kernel takes at most: strace reads
 * no more (net.core.optmem_max rounded up to 8; its fallback when the
 * file cannot be read) */
static uint64_t optmem_max(void)
{
	static uint64_t v;
	FILE *fp;
	long n = 0;

	if (v)
		return v;
	fp = fopen("/proc/sys/net/core/optmem_max", "r");
	if (fp) {
		if (fscanf(fp, "%ld", &n) != 1)
			n = 0;
		fclose(fp);
	}
	v = n > 0 ? ((uint64_t)n + 7) & ~7ull : 8 * (2 * 1024 + 512);
	return v;
}

/* an array of n elements of size sz, each by put, "..." after -s of them */
static void put_array(struct cmsg_out *o, const uint8_t *d, size_t n, size_t sz,
		      void (*put)(struct cmsg_out *o, const uint8_t *elem))
{
	sbuf_putc(o->b, '[');
	for (size_t k = 0; k < n; k++) {
		if (k)
			sbuf_puts(o->b, ", ");
		if (k == o->strmax || (k + 1) * sz > o->have) {
			sbuf_puts(o->b, "...");
			break;
		}
		put(o, d + k * sz);
	}
	sbuf_putc(o->b, ']');
}

static void put_fd_elem(struct cmsg_out *o, const uint8_t *d)
{
	int32_t fd;

	memcpy(&fd, d, 4);
	sbuf_printf(o->b, "%d", fd);
	if (o->f && fd >= 0)
		put_fd_path(o->f, o->b, o->pid, fd);
}

static void put_uint_elem(struct cmsg_out *o, const uint8_t *d)
{
	uint32_t v;

	memcpy(&v, d, 4);
	sbuf_printf(o->b, "%u", v);
}

static void put_xbyte_elem(struct cmsg_out *o, const uint8_t *d)
{
	put_hex0(o->b, d[0]);
}

/* a uid or gid: -1 as such (strace's form for "no id") */
static void put_id(struct sbuf *b, const char *field, const uint8_t *d)
{
	uint32_t v;

	memcpy(&v, d, 4);
	if (v == (uint32_t)-1)
		sbuf_printf(b, "%s-1", field);
	else
		sbuf_printf(b, "%s%u", field, v);
}

/* {tv_sec=S, SUB=N} of 16 bytes (x86_64's timeval and timespec alike) */
static void put_time(struct sbuf *b, const uint8_t *d, const char *sub)
{
	int64_t t[2];

	memcpy(t, d, 16);
	sbuf_printf(b, "{tv_sec=%lld, %s=%llu}", (long long)t[0], sub,
		    (unsigned long long)t[1]);
}

/* the data of a SOL_SOCKET type, at least its minimum there; false: not
 * one strace decodes (or too short for it) */
static bool put_socket_data(struct cmsg_out *o, uint32_t type, const uint8_t *d, size_t n)
{
	struct sbuf *b = o->b;

	switch (type) {
	case 1:						/* SCM_RIGHTS */
		if (n < 4)
			return false;
		sbuf_puts(b, ", cmsg_data=");
		put_array(o, d, n / 4, 4, put_fd_elem);
		return true;
	case 2: {					/* SCM_CREDENTIALS */
		int32_t pid;

		if (n < 12)
			return false;
		memcpy(&pid, d, 4);
		sbuf_printf(b, ", cmsg_data={pid=%d", pid);
		put_id(b, ", uid=", d + 4);
		put_id(b, ", gid=", d + 8);
		sbuf_putc(b, '}');
		return true;
	}
	case 3:						/* SCM_SECURITY */
		if (n < 1)
			return false;
		sbuf_puts(b, ", cmsg_data=");
		decode_string(b, (const char *)d, n, false);
		return true;
	case 29: case 63:				/* SO_TIMESTAMP_OLD, _NEW */
	case 35: case 64:				/* SO_TIMESTAMPNS_OLD, _NEW */
		if (n < 1)
			return false;
		sbuf_puts(b, ", cmsg_data=");
		if (n < 16)
			sbuf_puts(b, "???");
		else
			put_time(b, d, type == 29 || type == 63 ? "tv_usec" : "tv_nsec");
		return true;
	case 37: case 65:				/* SO_TIMESTAMPING_OLD, _NEW */
		if (n < 1)
			return false;
		sbuf_puts(b, ", cmsg_data=");
		if (n < 48) {
			sbuf_puts(b, "???");
			return true;
		}
		for (int k = 0; k < 3; k++) {
			sbuf_puts(b, k ? ", " : "[");
			put_time(b, d + 16 * k, "tv_nsec");
		}
		sbuf_putc(b, ']');
		return true;
	}
	return false;
}

/* the data of a SOL_IP type, as put_socket_data */
static bool put_ip_data(struct cmsg_out *o, uint32_t type, const uint8_t *d, size_t n)
{
	struct sbuf *b = o->b;
	uint32_t v[6];

	switch (type) {
	case 8:						/* IP_PKTINFO */
		if (n < 12)
			return false;
		memcpy(v, d, 4);
		sbuf_puts(b, ", cmsg_data={ipi_ifindex=");
		put_ifindex(b, v[0]);
		put_in_addr(b, ", ipi_spec_dst=", d + 4);
		put_in_addr(b, ", ipi_addr=", d + 8);
		sbuf_putc(b, '}');
		return true;
	case 2: case 23:				/* IP_TTL, IP_CHECKSUM */
		if (n < 4)
			return false;
		sbuf_puts(b, ", cmsg_data=");
		put_array(o, d, n / 4, 4, put_uint_elem);
		return true;
	case 1: case 6: case 7:				/* IP_TOS, IP_RECVOPTS, IP_RETOPTS */
		if (n < 1)
			return false;
		sbuf_puts(b, ", cmsg_data=");
		put_array(o, d, n, 1, put_xbyte_elem);
		return true;
	case 11:					/* IP_RECVERR: sock_extended_err */
		if (n < 32)
			return false;
		memcpy(v, d, 4);
		sbuf_printf(b, ", cmsg_data={ee_errno=%u, ee_origin=%u, ee_type=%u, ee_code=%u",
			    v[0], d[4], d[5], d[6]);
		memcpy(v, d + 8, 8);
		sbuf_printf(b, ", ee_info=%u, ee_data=%u, offender=", v[0], v[1]);
		decode_sockaddr(b, d + 16, 16);
		sbuf_putc(b, '}');
		return true;
	case 20:					/* IP_ORIGDSTADDR */
		if (n < 16)
			return false;
		sbuf_puts(b, ", cmsg_data=");
		decode_sockaddr(b, d, n < 128 ? n : 128);
		return true;
	case 3:						/* SCM_SECURITY */
		return put_socket_data(o, 3, d, n);
	}
	return false;
}

bool decode_cmsgs(struct sbuf *b, const uint8_t *p, size_t avail, uint64_t addr,
		  uint64_t controllen, size_t strmax, struct formatter *f, uint32_t pid)
{
	/* -v: arrays whole, as strace */
	struct cmsg_out o = { b, decode_verbose() ? (size_t)-1 : strmax, f, pid, 0 };
	uint64_t total = controllen < optmem_max() ? controllen : optmem_max();
	uint64_t left = total, off = 0;

	/* strace reads the whole (up to optmem_max) or shows the address;
	 * what was captured must hold every header the walk reads */
	if (total < 16)
		return false;
	sbuf_putc(b, '[');
	while (left >= 16) {
		uint64_t clen, len, dlen, step;
		int32_t level, type;
		size_t mark, have;

		if (off + 16 > avail) {	/* beyond the capture: strace's cut */
			sbuf_puts(b, off ? ", ..." : "...");
			left = 0;
			total = controllen;
			break;
		}
		memcpy(&clen, p + off, 8);
		memcpy(&level, p + off + 8, 4);
		memcpy(&type, p + off + 12, 4);
		sbuf_printf(b, "%s{cmsg_len=%llu, cmsg_level=", off ? ", " : "",
			    (unsigned long long)clen);
		mark = b->len;
		decode_sockopt_level(b, (uint32_t)level);
		xlat_finish(b, mark, (uint32_t)level, XF_HEX);
		sbuf_puts(b, ", cmsg_type=");
		len = clen < left ? clen : left;
		dlen = len > 16 ? len - 16 : 0;
		have = avail - off - 16 < dlen ? avail - off - 16 : dlen;
		/* the data's length is what the header says; a struct beyond
		 * the capture is not printed, an array stops there */
		o.have = have;
		mark = b->len;
		if (level == 1) {
			put_enum(b, (uint32_t)type, cmsg_types_socket, N(cmsg_types_socket),
				 "SCM_???");
			xlat_finish(b, mark, (uint32_t)type, XF_HEX);
			if (have == dlen || type == 1)
				put_socket_data(&o, (uint32_t)type, p + off + 16, dlen);
		} else if (level == 0) {
			put_enum(b, (uint32_t)type, cmsg_types_ip, N(cmsg_types_ip), "IP_???");
			xlat_finish(b, mark, (uint32_t)type, XF_HEX);
			if (have == dlen || type == 2 || type == 23 || type == 1 || type == 6 ||
			    type == 7)
				put_ip_data(&o, (uint32_t)type, p + off + 16, dlen);
		} else {
			put_hex0(b, (uint32_t)type);
		}
		sbuf_putc(b, '}');
		if (len < 16) {
			left -= 16;
			break;
		}
		step = clen > left ? left : (clen + 7) & ~7ull;
		if (step >= left) {
			left = 0;
			break;
		}
		off += step;
		left -= step;
	}
	if (left)
		sbuf_printf(b, ", ... /* %#llx */", (unsigned long long)(addr + total - left));
	else if (total < controllen)
		sbuf_puts(b, ", ...");
	sbuf_putc(b, ']');
	return true;
}
