// SPDX-License-Identifier: GPL-2.0
/*
 * What the calls that wait for fds take and give back: pollfd arrays,
 * fd_sets, epoll events, as strace prints them.  x86_64 layouts: struct
 * pollfd {int fd; short events, revents;} 8 bytes; struct epoll_event
 * {u32 events; u64 data;} packed, 12 bytes; fd_set a bit array of longs.
 */
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

static void put_poll_events(struct sbuf *b, uint16_t v)
{
	uint64_t x = v;

	put_rest(b, x, put_flags(b, &x, xlat_poll_events, N(xlat_poll_events), 1), "0");
}

void decode_epoll_events(struct sbuf *b, uint32_t v)
{
	uint64_t x = v;

	put_rest(b, x, put_flags(b, &x, xlat_epoll_events, N(xlat_epoll_events), 1), "0");
}

int decode_pollfds(struct sbuf *b, const uint8_t *p, size_t len, size_t n, bool revents,
		   int max)
{
	int shown = 0;

	sbuf_putc(b, '[');
	for (size_t i = 0; i < n; i++) {
		int32_t fd;
		uint16_t ev, rev;

		if ((i + 1) * 8 > len) {
			/* beyond what was captured */
			sbuf_puts(b, shown ? ", ..." : "...");
			break;
		}
		memcpy(&fd, p + i * 8, 4);
		memcpy(&ev, p + i * 8 + 4, 2);
		memcpy(&rev, p + i * 8 + 6, 2);
		if (revents && !rev)
			continue;
		if (shown == max) {
			sbuf_puts(b, ", ...");
			break;
		}
		sbuf_printf(b, "%s{fd=%d", shown ? ", " : "", fd);
		shown++;
		if (revents) {
			sbuf_puts(b, ", revents=");
			put_poll_events(b, rev);
		} else if (fd >= 0) {
			sbuf_puts(b, ", events=");
			put_poll_events(b, ev);
		}
		sbuf_putc(b, '}');
	}
	sbuf_putc(b, ']');
	return shown;
}

void decode_fdset(struct sbuf *b, const uint8_t *p, size_t len, int nfds)
{
	bool first = true;

	sbuf_putc(b, '[');
	for (int fd = 0; fd < nfds && (size_t)fd / 8 < len; fd++) {
		if (!(p[fd / 8] & (1u << (fd % 8))))
			continue;
		sbuf_printf(b, "%s%d", first ? "" : " ", fd);
		first = false;
	}
	sbuf_putc(b, ']');
}

bool fdset_empty(const uint8_t *p, size_t len, int nfds)
{
	for (int fd = 0; fd < nfds && (size_t)fd / 8 < len; fd++)
		if (p[fd / 8] & (1u << (fd % 8)))
			return false;
	return true;
}

void decode_epoll_event(struct sbuf *b, const uint8_t *p)
{
	uint32_t ev;
	uint64_t data;

	memcpy(&ev, p, 4);
	memcpy(&data, p + 4, 8);
	sbuf_puts(b, "{events=");
	decode_epoll_events(b, ev);
	sbuf_printf(b, ", data={u32=%u, u64=%llu}}", (uint32_t)data, (unsigned long long)data);
}

void decode_epoll_op(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_epoll_op, N(xlat_epoll_op), "EPOLL_CTL_???");
}

void decode_timeval(struct sbuf *b, const uint8_t *p, size_t len)
{
	int64_t v[2];

	if (too_short(b, len, 16))
		return;
	memcpy(v, p, 16);
	sbuf_printf(b, "{tv_sec=%lld, tv_usec=%lld}", (long long)v[0], (long long)v[1]);
}
