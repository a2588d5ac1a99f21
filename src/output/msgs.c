// SPDX-License-Identifier: GPL-2.0
/*
 * Scatter/gather and messages: iovec arrays with their data
 * ("[{iov_base="hello", iov_len=5}]"), msghdrs with name, iovecs and
 * control messages, send/recv flags, and socket options by level and name
 * with their values.  The kernel side captured each iovec as a CAP_ELEM
 * cap (base, len, then data: for reads, up to the result), and a msghdr as
 * its struct followed by CAP_NAME, CAP_ELEM and CAP_CTRL caps.
 */
#include <string.h>

#include "internal.h"
#include "../../bpf/event.h"
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"

struct msghdr64 {
	uint64_t name;
	uint32_t namelen, pad;
	uint64_t iov, iovlen, control, controllen;
	uint32_t flags, pad2;
};

/* The CAP_ELEM caps of argument i as "[{iov_base=..., iov_len=N}, ...]". */
static void put_iovs(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		     size_t size, int i, uint64_t cnt, bool failed)
{
	struct capiter it;
	const struct cap *c;
	const char *data;
	uint64_t shown = 0, max = formatter_strsize(f);

	sbuf_putc(b, '[');
	cap_begin(&it, e, size);
	while (shown < cnt && cap_next(&it, &c, &data)) {
		uint64_t base, len;

		if (c->arg != i || (c->flags & (CAP_ELEM | CAP_ENTRY)) != CAP_ELEM || c->len < 16)
			continue;
		if (shown == max)
			break;
		memcpy(&base, data, 8);
		memcpy(&len, data + 8, 8);
		sbuf_puts(b, shown ? ", {iov_base=" : "{iov_base=");
		if (failed || (c->flags & CAP_FAULT))
			sbuf_hex(b, base);
		else
			decode_string(b, data + 16, c->len - 16, c->flags & CAP_TRUNC);
		sbuf_printf(b, ", iov_len=%llu}", (unsigned long long)len);
		shown++;
	}
	if (shown < cnt)
		sbuf_puts(b, shown ? ", ..." : "...");
	sbuf_putc(b, ']');
}

static bool find_flagged(const struct ev_syscall *e, size_t size, int i, int flag,
			 const struct cap **c, const char **data)
{
	return cap_find_flagged(e, size, i, flag, c, data) && !((*c)->flags & CAP_FAULT);
}

static void put_msghdr(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		       size_t size, int i, bool out)
{
	const struct cap *c;
	const char *data;
	struct msghdr64 m;
	bool failed = e->ret < 0;

	if (!cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT) || c->len < sizeof(m)) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	memcpy(&m, data, sizeof(m));
	if (out && failed) {
		/* nothing was received: only what the caller offered */
		sbuf_printf(b, "{msg_namelen=%u}", m.namelen);
		return;
	}
	sbuf_puts(b, "{msg_name=");
	if (!m.name)
		sbuf_puts(b, "NULL");
	else if (find_flagged(e, size, i, CAP_NAME, &c, &data))
		decode_sockaddr(b, (const uint8_t *)data, c->len < m.namelen ? c->len : m.namelen);
	else
		sbuf_hex(b, m.name);
	sbuf_printf(b, ", msg_namelen=%u, msg_iov=", m.namelen);
	if (m.iov)
		put_iovs(f, b, e, size, i, m.iovlen, false);
	else
		sbuf_puts(b, "NULL");
	sbuf_printf(b, ", msg_iovlen=%llu", (unsigned long long)m.iovlen);
	if (m.controllen) {
		sbuf_puts(b, ", msg_control=");
		if (find_flagged(e, size, i, CAP_CTRL, &c, &data))
			decode_cmsgs(b, (const uint8_t *)data,
				     c->len < m.controllen ? c->len : m.controllen);
		else
			sbuf_hex(b, m.control);
	}
	sbuf_printf(b, ", msg_controllen=%llu, msg_flags=", (unsigned long long)m.controllen);
	decode_msg_flags(b, m.flags);
	sbuf_putc(b, '}');
}

/* An option's value: an int as "[1]", struct linger, else its bytes. */
static void put_optval(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		       const char *p, size_t len)
{
	uint32_t level = (uint32_t)e->args[1], name = (uint32_t)e->args[2];
	size_t max = formatter_strsize(f);
	int32_t v[3];

	if (len == 4) {
		memcpy(v, p, 4);
		sbuf_printf(b, "[%d]", v[0]);
	} else if (level == 1 && name == 13 && len == 8) {	/* SO_LINGER */
		memcpy(v, p, 8);
		sbuf_printf(b, "{l_onoff=%d, l_linger=%d}", v[0], v[1]);
	} else if (level == 1 && name == 17 && len == 12) {	/* SO_PEERCRED */
		memcpy(v, p, 12);
		sbuf_printf(b, "{pid=%d, uid=%u, gid=%u}", v[0], (uint32_t)v[1], (uint32_t)v[2]);
	} else {
		decode_string(b, p, len < max ? len : max, len > max);
	}
}

bool put_msg_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		 const struct ev_syscall *e, size_t size, int i)
{
	int kind = d->args[i].kind;
	uint64_t v = e->args[i];
	const struct cap *c;
	const char *data;

	switch (kind) {
	case AK_MSG_FLAGS:
		decode_msg_flags(b, v);
		return true;
	case AK_SOCKOPT_LEVEL:
		decode_sockopt_level(b, v);
		return true;
	case AK_SOCKOPT_NAME:
		decode_sockopt_name(b, e->args[1], v);
		return true;
	case AK_IOV_IN: case AK_IOV_OUT: case AK_MSGHDR_IN: case AK_MSGHDR_OUT:
	case AK_SOCKOPT_IN: case AK_SOCKOPT_OUT:
		break;
	default:
		return false;
	}
	if (!v) {
		sbuf_puts(b, "NULL");
		return true;
	}
	switch (kind) {
	case AK_IOV_IN: case AK_IOV_OUT:
		if (!cap_find_flagged(e, size, i, CAP_ELEM, &c, &data)) {
			sbuf_hex(b, v);
			return true;
		}
		put_iovs(f, b, e, size, i, e->args[d->args[i].len_arg],
			 kind == AK_IOV_OUT && e->ret < 0);
		return true;
	case AK_MSGHDR_IN: case AK_MSGHDR_OUT:
		put_msghdr(f, b, e, size, i, kind == AK_MSGHDR_OUT);
		return true;
	case AK_SOCKOPT_IN: case AK_SOCKOPT_OUT:
		if ((kind == AK_SOCKOPT_OUT && e->ret < 0) || !cap_find(e, size, i, &c, &data) ||
		    (c->flags & CAP_FAULT)) {
			sbuf_hex(b, v);
			return true;
		}
		put_optval(f, b, e, data, c->len);
		return true;
	}
	return false;
}
