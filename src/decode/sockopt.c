// SPDX-License-Identifier: GPL-2.0
/* Socket option levels and names, send/recv flags, control messages. */
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

void decode_sockopt_level(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_levels, N(xlat_levels), "SOL_???");
}

void decode_sockopt_name(struct sbuf *b, uint64_t level, uint64_t v)
{
	switch ((uint32_t)level) {
	case 1: put_enum(b, (uint32_t)v, xlat_so_names, N(xlat_so_names), "SO_???"); return;
	case 6: put_enum(b, (uint32_t)v, xlat_tcp_names, N(xlat_tcp_names), "TCP_???"); return;
	case 0: put_enum(b, (uint32_t)v, xlat_ip_names, N(xlat_ip_names), "IP_???"); return;
	case 41: put_enum(b, (uint32_t)v, xlat_ipv6_names, N(xlat_ipv6_names), "IPV6_???"); return;
	}
	sbuf_u64(b, (uint32_t)v);
}

void decode_msg_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_msg_flags, N(xlat_msg_flags));
}

/* "[{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[7]}]":
 * the control messages in p, walked by their lengths (x86_64: a 16-byte
 * header, data aligned to 8). */
void decode_cmsgs(struct sbuf *b, const uint8_t *p, size_t len)
{
	size_t off = 0;
	bool first = true;

	sbuf_putc(b, '[');
	while (off + 16 <= len) {
		uint64_t clen;
		int32_t level, type;

		memcpy(&clen, p + off, 8);
		memcpy(&level, p + off + 8, 4);
		memcpy(&type, p + off + 12, 4);
		if (clen < 16)
			break;
		sbuf_printf(b, "%s{cmsg_len=%llu, cmsg_level=", first ? "" : ", ",
			    (unsigned long long)clen);
		first = false;
		decode_sockopt_level(b, (uint32_t)level);
		sbuf_puts(b, ", cmsg_type=");
		size_t dlen = clen - 16, avail = len - off - 16;
		const uint8_t *d = p + off + 16;

		if (dlen > avail)
			dlen = avail;
		if (level == 1 && type == 1) {		/* SCM_RIGHTS */
			sbuf_puts(b, "SCM_RIGHTS, cmsg_data=[");
			for (size_t i = 0; i + 4 <= dlen; i += 4) {
				int32_t fd;

				memcpy(&fd, d + i, 4);
				sbuf_printf(b, "%s%d", i ? ", " : "", fd);
			}
			sbuf_puts(b, "]}");
		} else if (level == 1 && type == 2 && dlen >= 12) {	/* SCM_CREDENTIALS */
			uint32_t c[3];

			memcpy(c, d, 12);
			sbuf_printf(b, "SCM_CREDENTIALS, cmsg_data={pid=%u, uid=%u, gid=%u}}",
				    c[0], c[1], c[2]);
		} else {
			sbuf_printf(b, "%#x, cmsg_data=", (uint32_t)type);
			decode_string_hex(b, (const char *)d, dlen, false);
			sbuf_putc(b, '}');
		}
		off += (clen + 7) & ~(uint64_t)7;
	}
	sbuf_putc(b, ']');
}
