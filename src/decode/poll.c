// SPDX-License-Identifier: GPL-2.0
/*
 * Waiting for fds: poll and epoll events, pollfd arrays, fd sets, epoll
 * operations and flags.
 */
#include <stddef.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

void decode_epoll_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_epoll_flags, N(xlat_epoll_flags), "EPOLL_???");
}

static void put_poll_events(struct sbuf *b, uint16_t v)
{
	uint64_t x = v;
	size_t mark = b->len;

	put_rest(b, x, put_flags(b, &x, xlat_poll_events, N(xlat_poll_events), 1), "0");
	xlat_finish(b, mark, v, XF_HEX);
}

void decode_epoll_events(struct sbuf *b, uint32_t v)
{
	uint64_t x = v;
	size_t mark = b->len;

	put_rest(b, x, put_flags(b, &x, xlat_epoll_events, N(xlat_epoll_events), 1), "0");
	xlat_finish(b, mark, v, XF_HEX);
}

/* -y: an fd in a poll array or an fd set as given, with its path (f NULL:
 * none) */
static void fd_decor(struct formatter *f, struct sbuf *b, uint32_t pid, int fd)
{
	if (f && fd >= 0)
		put_fd_path(f, b, pid, fd);
}

static int pollfds_y(struct sbuf *b, const uint8_t *p, size_t len, size_t n, bool revents,
		     int max, struct formatter *f, uint32_t pid, uint64_t end);
static void fdset_y(struct sbuf *b, const uint8_t *p, size_t len, int nfds,
		    struct formatter *f, uint32_t pid);

int decode_pollfds(struct sbuf *b, const uint8_t *p, size_t len, size_t n, bool revents,
		   int max)
{
	return pollfds_y(b, p, len, n, revents, max, NULL, 0, 0);
}

void decode_fdset(struct sbuf *b, const uint8_t *p, size_t len, int nfds)
{
	fdset_y(b, p, len, nfds, NULL, 0);
}

/* end: the address of the first pollfd the process's memory did not
 * have (strace: "... /\* addr *\/"), 0 when the capture was cut for size */
static int pollfds_y(struct sbuf *b, const uint8_t *p, size_t len, size_t n, bool revents,
		     int max, struct formatter *f, uint32_t pid, uint64_t end)
{
	int shown = 0;

	sbuf_putc(b, '[');
	for (size_t i = 0; i < n; i++) {
		int32_t fd;
		uint16_t ev, rev;

		if ((i + 1) * 8 > len) {
			/* beyond what was captured */
			sbuf_puts(b, shown ? ", ..." : "...");
			if (end && !revents)
				sbuf_printf(b, " /* %#llx */", (unsigned long long)(end + i * 8));
			break;
		}
		memcpy(&fd, p + i * 8, 4);
		memcpy(&ev, p + i * 8 + 4, 2);
		memcpy(&rev, p + i * 8 + 6, 2);
		if (revents && !rev)
			continue;
		if (shown == max) {
			sbuf_puts(b, shown ? ", ..." : "...");
			break;
		}
		sbuf_printf(b, "%s{fd=%d", shown ? ", " : "", fd);
		fd_decor(f, b, pid, fd);
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

static void fdset_y(struct sbuf *b, const uint8_t *p, size_t len, int nfds,
		    struct formatter *f, uint32_t pid)
{
	bool first = true;

	sbuf_putc(b, '[');
	for (int fd = 0; fd < nfds && (size_t)fd / 8 < len; fd++) {
		if (!(p[fd / 8] & (1u << (fd % 8))))
			continue;
		sbuf_printf(b, "%s%d", first ? "" : " ", fd);
		fd_decor(f, b, pid, fd);
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

/*
 * poll, ppoll, select, pselect6 and epoll: their arguments, and what
 * strace adds after their result ("= 1 ([{fd=3, revents=POLLIN}])",
 * "= 2 (in [3], out [6], left {...})", "= 0 (Timeout)").  The arrays and
 * sets the call rewrites were captured at exit; as given, at entry
 * (CAP_ENTRY).
 */

static void put_time(struct sbuf *b, int kind, const char *data, size_t len)
{
	if (kind == AK_TIMEVAL_INOUT)
		decode_timeval(b, (const uint8_t *)data, len);
	else
		decode_timespec(b, (const uint8_t *)data, len);
}

bool put_wait_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i)
{
	int kind = d->args[i].kind;
	uint64_t v = e->args[i];
	const struct cap *c;
	const char *data;

	switch (kind) {
	case AK_POLLFDS: case AK_FDSET: case AK_TIMESPEC_INOUT: case AK_TIMEVAL_INOUT:
	case AK_PSEL_SIGMASK: case AK_EPOLL_EVENT: case AK_EPOLL_EVENTS:
		break;
	case AK_EPOLL_OP:
		decode_epoll_op(b, v);
		return true;
	default:
		return false;
	}
	if (!v) {
		sbuf_puts(b, "NULL");
		return true;
	}
	switch (kind) {
	case AK_POLLFDS:
		if (!(uint32_t)e->args[d->args[i].len_arg]) {
			sbuf_puts(b, "[]");
			return true;
		}
		if (!cap_exit(e, size, i, &c, &data) || c->len < 8)
			break;
		pollfds_y(b, (const uint8_t *)data, c->len, (uint32_t)e->args[d->args[i].len_arg],
			  false, formatter_arraysize(f), f, e->h.pid,
			  c->flags & CAP_TRUNC ? 0 : v);
		return true;
	case AK_FDSET:
		/* no fds to show: strace gives the address */
		if ((int)e->args[0] <= 0 || !cap_entry(e, size, i, &c, &data))
			break;
		fdset_y(b, (const uint8_t *)data, c->len, (int)e->args[0], f, e->h.pid);
		return true;
	case AK_TIMESPEC_INOUT: case AK_TIMEVAL_INOUT:
		if (!cap_entry(e, size, i, &c, &data))
			break;
		put_time(b, kind, data, c->len);
		return true;
	case AK_PSEL_SIGMASK: {
		uint64_t pair[3];

		/* the pair read, the set perhaps not (CAP_FAULT then) */
		if (!cap_find(e, size, i, &c, &data) || c->len < sizeof(pair))
			break;
		memcpy(pair, data, sizeof(pair));
		sbuf_puts(b, "{sigmask=");
		/* a set of another size than the kernel's, or unreadable:
		 * its address */
		if (pair[0] && pair[1] == 8 && !(c->flags & CAP_FAULT))
			decode_sigset(b, pair[2]);
		else
			put_ptr(b, pair[0]);
		sbuf_printf(b, ", sigsetsize=%llu}", (unsigned long long)pair[1]);
		return true;
	}
	case AK_EPOLL_EVENT:
		/* EPOLL_CTL_DEL (2) ignores it: whatever it points to is not
		 * the call's, and strace shows the address */
		if ((uint32_t)e->args[1] == 2 || !cap_exit(e, size, i, &c, &data) || c->len < 12)
			break;
		decode_epoll_event(b, (const uint8_t *)data);
		return true;
	case AK_EPOLL_EVENTS: {
		int64_t n = e->ret, max = formatter_strsize(f);

		if (n < 0)
			break;
		if (n && !cap_exit(e, size, i, &c, &data))
			break;
		sbuf_putc(b, '[');
		for (int64_t k = 0; k < n; k++) {
			if (k == max || (size_t)(k + 1) * 12 > c->len) {
				sbuf_puts(b, k ? ", ..." : "...");
				break;
			}
			if (k)
				sbuf_puts(b, ", ");
			decode_epoll_event(b, (const uint8_t *)data + k * 12);
		}
		sbuf_putc(b, ']');
		return true;
	}
	}
	sbuf_hex(b, v);
	return true;
}

/* ", left {...}": what the call wrote back into its timeout */
static void put_left(struct sbuf *b, const struct syscall_desc *d,
		     const struct ev_syscall *e, size_t size, int i, bool *first)
{
	const struct cap *c;
	const char *data;

	if (i < 0 || !e->args[i] || !cap_exit(e, size, i, &c, &data))
		return;
	sbuf_puts(b, *first ? "left " : ", left ");
	*first = false;
	put_time(b, d->args[i].kind, data, c->len);
}

static int arg_of_kind(const struct syscall_desc *d, int kind, int from)
{
	for (int i = from; i < d->nargs; i++)
		if (d->args[i].kind == kind)
			return i;
	return -1;
}

void put_wait_result(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		     size_t size)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	const struct cap *c;
	const char *data;
	bool first = true;
	int t;

	if (!d || d->nargs < 2 || e->ret < 0 || (e->flags & EVF_NORETURN))
		return;
	/* recvmmsg's timeout as given is its argument, what is left follows
	 * the result: "= 2 (left {...})" */
	if (d->args[1].kind == AK_MMSG) {
		t = arg_of_kind(d, AK_TIMESPEC_INOUT, 2);
		if (t >= 0 && e->args[t] && e->ret > 0 && decode_structs()) {
			sbuf_puts(b, " (");
			put_left(b, d, e, size, t, &first);
			sbuf_putc(b, ')');
		}
		return;
	}
	if (d->args[0].kind == AK_POLLFDS) {
		t = arg_of_kind(d, AK_TIMESPEC_INOUT, 1);
	} else if (d->args[1].kind == AK_FDSET) {
		t = arg_of_kind(d, AK_TIMESPEC_INOUT, 1);
		if (t < 0)
			t = arg_of_kind(d, AK_TIMEVAL_INOUT, 1);
	} else {
		return;
	}
	if (e->ret == 0) {
		sbuf_puts(b, " (Timeout)");
		return;
	}
	sbuf_puts(b, " (");
	if (d->args[0].kind == AK_POLLFDS) {
		if (e->args[0] && cap_exit(e, size, 0, &c, &data))
			decode_pollfds(b, (const uint8_t *)data, c->len,
				       (uint32_t)e->args[d->args[0].len_arg], true,
				       formatter_arraysize(f));
		else
			sbuf_puts(b, "?");
		first = false;
	} else {
		static const char *const names[] = { "in", "out", "except" };

		for (int i = 1; i <= 3; i++) {
			if (!e->args[i] || !cap_exit(e, size, i, &c, &data) ||
			    fdset_empty((const uint8_t *)data, c->len, (int)e->args[0]))
				continue;
			sbuf_printf(b, "%s%s ", first ? "" : ", ", names[i - 1]);
			decode_fdset(b, (const uint8_t *)data, c->len, (int)e->args[0]);
			first = false;
		}
	}
	put_left(b, d, e, size, t, &first);
	sbuf_putc(b, ')');
}
