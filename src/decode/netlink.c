// SPDX-License-Identifier: GPL-2.0
/*
 * Netlink messages, as strace prints the buffers of calls on netlink
 * sockets: the nlmsghdr framing (a list when there is more than one
 * message), nlmsgerr and NLMSG_DONE, each protocol's message types and
 * flags, and the nlattr walker its payload decoders share.  The protocols'
 * payloads are in netlink_*.c.  Facts from strace 6.1's tests
 * (tests/netlink_protocol.c, tests/nlattr.c): strace decodes as far as it
 * can read, however long the message (-s limits only how many messages,
 * attributes and string bytes are shown).
 */
#include <stdio.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <sys/socket.h>

#include "netlink.h"
#include "xlat_tables.h"

bool nl_fetch(const struct nl *n, size_t off, void *dst, size_t len)
{
	if (!nl_readable(n, off, len)) {
		nl_addr(n, off);
		return false;
	}
	memcpy(dst, n->p + off, len);
	return true;
}

void nl_addr(const struct nl *n, size_t off)
{
	sbuf_hex(n->b, n->base + off);
}

void nl_hex(const struct nl *n, size_t off, size_t len)
{
	size_t shown = len < n->strmax ? len : n->strmax;

	if (!nl_readable(n, off, shown)) {
		nl_addr(n, off);
		return;
	}
	decode_string_hex(n->b, (const char *)n->p + off, shown, len > shown);
}

void nl_str(const struct nl *n, size_t off, size_t len)
{
	size_t shown = len < n->strmax ? len : n->strmax;
	bool ended;

	if (!nl_readable(n, off, shown)) {
		nl_addr(n, off);
		return;
	}
	/* as strace: a string is whole when its last byte is a NUL (the
	 * bytes before it are shown, NULs among them); else it is cut */
	ended = len && len <= shown && !n->p[off + len - 1];
	/* -x, -xx: strace shows the NUL too, in hex, and marks a cut */
	if (ended && (decode_hex() == 1 || decode_hex() == 2)) {
		decode_string_hex(n->b, (const char *)n->p + off, len, true);
		return;
	}
	decode_string(n->b, (const char *)n->p + off, ended ? len - 1 : shown, !ended);
}

void nl_enum(struct sbuf *b, uint64_t v, const struct flag *t, size_t nt, const char *dflt)
{
	put_enum_x(b, v, t, nt, dflt);
}

void nl_flags(struct sbuf *b, uint64_t v, const struct flag *t, size_t nt, const char *dflt)
{
	put_flagset_qx(b, v, t, nt, dflt);
}

void nl_bits(struct sbuf *b, uint32_t v, const struct flag *t, size_t nt, int shift,
	     const char *dflt)
{
	size_t mark = b->len;
	uint32_t orig = v;
	bool first = true;

	for (unsigned i = 0; i < 32; i++) {
		const char *name = NULL;

		if (!(v & (1u << i)))
			continue;
		for (size_t k = 0; k < nt; k++)
			if (t[k].val == i + (unsigned)shift)
				name = t[k].name;
		if (!name)
			continue;
		sbuf_printf(b, shift ? "%s1<<(%s-1)" : "%s1<<%s", first ? "" : "|", name);
		v &= ~(1u << i);
		first = false;
	}
	if (v && first && dflt)
		sbuf_printf(b, "%#x /* %s */", v, dflt);
	else if (v)
		sbuf_printf(b, "%s%#x", first ? "" : "|", v);
	else if (first)
		sbuf_putc(b, '0');
	xlat_finish(b, mark, orig, XF_HEX);
}

/*
 * Attributes.
 */

static void nla_header(const struct nl *n, uint16_t len, uint16_t type, const struct nla_table *t)
{
	struct sbuf *b = n->b;
	uint16_t bare = type & 0x3fff;
	size_t mark;

	sbuf_printf(b, "{nla_len=%u, nla_type=", len);
	mark = b->len;
	if (type & 0x8000)
		sbuf_puts(b, "NLA_F_NESTED|");
	if (type & 0x4000)
		sbuf_puts(b, "NLA_F_NET_BYTEORDER|");
	if (t && t->names)
		put_enum(b, bare, t->names, t->nnames, t->dflt);
	else
		sbuf_hex(b, bare);
	xlat_finish(b, mark, type, XF_HEX);
	sbuf_putc(b, '}');
}

void nl_attrs(const struct nl *n, size_t off, size_t len, const struct nla_table *t)
{
	bool list = false;
	size_t elt;

	for (elt = 0;; elt++) {
		uint16_t h[2];
		size_t step, next = 0, have;

		if (len < 4) {
			/* what is left is too short for a header: bytes */
			if (len) {
				if (list)
					sbuf_puts(n->b, ", ");
				nl_hex(n, off, len);
			}
			break;
		}
		if (!nl_readable(n, off, 4)) {
			if (list)
				sbuf_printf(n->b, ", ... /* %#llx */", (unsigned long long)(n->base + off));
			else
				nl_addr(n, off);
			break;
		}
		if (list && elt == n->strmax) {
			sbuf_puts(n->b, ", ...");
			break;
		}
		memcpy(h, n->p + off, 4);
		step = NL_ALIGN(h[0]);
		if (h[0] >= 4 && len > step)
			next = len - step;
		if (!list && next) {
			sbuf_putc(n->b, '[');
			list = true;
		}
		if (elt)
			sbuf_puts(n->b, ", ");
		have = h[0] < len ? h[0] : len;
		if (have > 4)
			sbuf_putc(n->b, '[');
		nla_header(n, h[0], h[1], t);
		if (have > 4) {
			uint16_t type = h[1] & 0x3fff;
			const struct nla_dec *d = t && t->decs && type < t->ndecs ? &t->decs[type]
										: NULL;

			sbuf_puts(n->b, ", ");
			if (!d || !d->fn || !d->fn(n, off + 4, have - 4, d->ctx))
				nl_hex(n, off + 4, have - 4);
			sbuf_putc(n->b, ']');
		}
		if (!next)
			break;
		off += step;
		len = next;
	}
	if (list)
		sbuf_putc(n->b, ']');
}

void nl_attrs_after(const struct nl *n, size_t off, size_t len, size_t size,
		    const struct nla_table *t)
{
	size_t start = NL_ALIGN(size);

	if (len <= start)
		return;
	sbuf_puts(n->b, ", ");
	nl_attrs(n, off + start, len - start, t);
}

#define NLA_NUM(fn, type, fmt, cast)					\
	bool fn(const struct nl *n, size_t off, size_t len, const void *ctx)	\
	{								\
		type v;							\
									\
		(void)ctx;						\
		/* as strace: what follows the number is ignored */	\
		if (len < sizeof(v))					\
			return false;					\
		if (nl_fetch(n, off, &v, sizeof(v)))			\
			sbuf_printf(n->b, fmt, cast v);			\
		return true;						\
	}
NLA_NUM(nla_u8, uint8_t, "%u", (unsigned))
NLA_NUM(nla_u16, uint16_t, "%u", (unsigned))
NLA_NUM(nla_u32, uint32_t, "%u", (unsigned))
NLA_NUM(nla_u64, uint64_t, "%llu", (unsigned long long))
NLA_NUM(nla_s32, int32_t, "%d", (int))
NLA_NUM(nla_x32, uint32_t, "%#x", (unsigned))
NLA_NUM(nla_x16, uint16_t, "%#x", (unsigned))

bool nla_str(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	(void)ctx;
	nl_str(n, off, len);
	return true;
}

bool nla_ifindex(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint32_t v;

	(void)ctx;
	if (len < 4)
		return false;
	if (nl_fetch(n, off, &v, 4))
		nl_ifindex(n->b, v);
	return true;
}

void nl_ifindex(struct sbuf *b, uint32_t v)
{
	put_ifindex(b, v);	/* as a socket address's (sockaddr.c) */
}

void nl_net_bytes(struct sbuf *b, const char *field, const uint8_t *p, size_t n,
		  const char *text)
{
	if (field)
		sbuf_printf(b, "%s=", field);
	if (decode_xlat() == XLAT_ABBREV) {
		sbuf_puts(b, text);
		return;
	}
	decode_string_hex(b, (const char *)p, n, false);
	if (decode_xlat() == XLAT_VERBOSE)
		sbuf_printf(b, " /* %s */", text);
}

void nl_put_fields(struct sbuf *b, const uint8_t *s, const struct nl_field *f, size_t n)
{
	sbuf_putc(b, '{');
	for (size_t i = 0; i < n; i++) {
		uint64_t v = 0;
		int64_t sv;

		memcpy(&v, s + f[i].off, f[i].size);
		sv = f[i].size == 1 ? (int8_t)v : f[i].size == 2 ? (int16_t)v :
		     f[i].size == 4 ? (int32_t)v : (int64_t)v;
		sbuf_printf(b, "%s%s=", i ? ", " : "", f[i].name);
		if (f[i].fmt == 'i')
			nl_ifindex(b, (uint32_t)v);
		else if (f[i].fmt == 'X' && f[i].xv->flags)
			nl_flags(b, v, f[i].xv->t, f[i].xv->nt, f[i].xv->dflt);
		else if (f[i].fmt == 'X')
			nl_enum(b, v, f[i].xv->t, f[i].xv->nt, f[i].xv->dflt);
		else if (f[i].fmt == 'd')
			sbuf_printf(b, "%lld", (long long)sv);
		else if (f[i].fmt == 'x')
			sbuf_printf(b, "%#llx", (unsigned long long)v);
		else
			sbuf_printf(b, "%llu", (unsigned long long)v);
	}
	sbuf_putc(b, '}');
}

bool nla_struct(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	const struct nl_struct *st = ctx;
	size_t min = st->min ? st->min : st->size, want = len < st->size ? len : st->size, k;
	uint8_t s[512];

	if (len < min || st->size > sizeof(s))
		return false;
	if (!nl_fetch(n, off, s, want))
		return true;
	for (k = 0; k < st->n && st->f[k].off + st->f[k].size <= want; k++)
		;
	nl_put_fields(n->b, s, st->f, k);
	return true;
}

bool nla_u8_array(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	(void)ctx;
	if (!nl_readable(n, off, len)) {
		nl_addr(n, off);
		return true;
	}
	sbuf_putc(n->b, '[');
	for (size_t i = 0; i < len; i++) {
		if (i == n->strmax) {
			sbuf_puts(n->b, ", ...");
			break;
		}
		sbuf_printf(n->b, "%s%u", i ? ", " : "", n->p[off + i]);
	}
	sbuf_putc(n->b, ']');
	return true;
}

bool nla_array(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	const struct nl_array *a = ctx;
	size_t cnt = len / a->size;

	if (len < a->size)
		return false;
	sbuf_putc(n->b, '[');
	for (size_t i = 0; i < cnt; i++) {
		if (i)
			sbuf_puts(n->b, ", ");
		if (i == n->strmax) {
			sbuf_puts(n->b, "...");
			break;
		}
		if (!nl_readable(n, off + i * a->size, a->size)) {
			sbuf_printf(n->b, "... /* %#llx */",
				    (unsigned long long)(n->base + off + i * a->size));
			break;
		}
		a->put(n, n->p + off + i * a->size);
	}
	sbuf_putc(n->b, ']');
	return true;
}

static void put_u16(const struct nl *n, const uint8_t *e)
{
	uint16_t v;

	memcpy(&v, e, 2);
	sbuf_printf(n->b, "%u", v);
}

static void put_u32(const struct nl *n, const uint8_t *e)
{
	uint32_t v;

	memcpy(&v, e, 4);
	sbuf_printf(n->b, "%u", v);
}

static void put_x64(const struct nl *n, const uint8_t *e)
{
	uint64_t v;

	memcpy(&v, e, 8);
	sbuf_printf(n->b, "%#llx", (unsigned long long)v);
}

const struct nl_array nl_array_u16 = { 2, put_u16 };
const struct nl_array nl_array_u32 = { 4, put_u32 };
const struct nl_array nl_array_x64 = { 8, put_x64 };

bool nla_xval(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	const struct nl_xval *x = ctx;
	uint32_t v = 0;

	if (len < x->size)
		return false;
	if (!nl_fetch(n, off, &v, x->size))
		return true;
	if (x->flags && !v) {
		/* a flag set's name for none (NUD_NONE), if it has one */
		size_t mark = n->b->len;

		put_enum(n->b, 0, x->t, x->nt, NULL);
		xlat_finish(n->b, mark, 0, XF_HEX);
	} else if (x->flags)
		nl_flags(n->b, v, x->t, x->nt, x->dflt);
	else
		nl_enum(n->b, v, x->t, x->nt, x->dflt);
	return true;
}

/* head "text" tail, the text quoted as any string (-xx: in hex) */
static void quoted_call(char *out, size_t n, const char *head, const char *text,
			const char *tail)
{
	struct sbuf q;

	sbuf_init(&q, 128);
	sbuf_puts(&q, head);
	decode_string(&q, text, strlen(text), false);
	sbuf_puts(&q, tail);
	snprintf(out, n, "%.*s", (int)q.len, q.p);
	sbuf_free(&q);
}

void nl_put_ip(struct sbuf *b, int family, const uint8_t *a, const char *field, size_t rawlen)
{
	char text[INET6_ADDRSTRLEN], call[256], tail[64];

	if (family == AF_INET6) {
		inet_ntop(AF_INET6, a, text, sizeof(text));
		if (field && decode_xlat() == XLAT_ABBREV) {
			snprintf(tail, sizeof(tail), ", &%s)", field);
			quoted_call(call, sizeof(call), "inet_pton(AF_INET6, ", text, tail);
			sbuf_puts(b, call);
			return;
		}
		quoted_call(call, sizeof(call), "inet_pton(AF_INET6, ", text, ")");
	} else {
		inet_ntop(AF_INET, a, text, sizeof(text));
		quoted_call(call, sizeof(call), "inet_addr(", text, ")");
	}
	nl_net_bytes(b, field, a, rawlen, call);
}

bool nla_ip_addr(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint8_t a[16];
	size_t want = n->family == AF_INET ? 4 : n->family == AF_INET6 ? 16 : 0;

	(void)ctx;
	if (!want || len < want)
		return false;
	if (nl_fetch(n, off, a, want))
		nl_put_ip(n->b, n->family, a, NULL, want);
	return true;
}

bool nla_fd(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	int32_t fd;

	(void)ctx;
	if (len < 4)
		return false;
	if (!nl_fetch(n, off, &fd, 4))
		return true;
	sbuf_printf(n->b, "%d", fd);
	if (fd >= 0 && n->fd_decor)
		n->fd_decor(n->ctx, n->b, fd);
	return true;
}

bool nla_clock_t(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint64_t v = 0;

	(void)ctx;
	if (!len || len > 8)
		return false;
	if (!nl_fetch(n, off, &v, len))
		return true;
	/* clock_t in USER_HZ (100), with the seconds in a comment, as strace
	 * (not with -X raw) */
	if (v && decode_xlat() != XLAT_RAW)
		sbuf_printf(n->b, "%llu /* %llu.%02llu s */", (unsigned long long)v,
			    (unsigned long long)(v / 100), (unsigned long long)(v % 100));
	else
		sbuf_printf(n->b, "%llu", (unsigned long long)v);
	return true;
}

bool nla_be64(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint64_t v;

	(void)ctx;
	if (len < 8)
		return false;
	if (nl_fetch(n, off, &v, 8))
		sbuf_printf(n->b, "htobe64(%llu)", (unsigned long long)__builtin_bswap64(v));
	return true;
}

bool nla_nested(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	nl_attrs(n, off, len, ctx);
	return true;
}

/*
 * Message types and flags by protocol.
 */

enum {
	NL_ROUTE = 0, NL_SOCK_DIAG = 4, NL_XFRM = 6, NL_SELINUX = 7, NL_AUDIT = 9,
	NL_NETFILTER = 12, NL_KOBJECT_UEVENT = 15, NL_GENERIC = 16, NL_CRYPTO = 21,
};

struct nf_subsys_types {
	const struct flag *t;
	size_t n;
	const char *dflt;
};

#define NF_T(x, d) { xlat_##x, N(xlat_##x), d }
static const struct nf_subsys_types nf_types[] = {
	[1] = NF_T(nf_ctnetlink_types, "IPCTNL_MSG_CT_???"),
	[2] = NF_T(nf_ctnetlink_exp_types, "IPCTNL_MSG_EXP_???"),
	[3] = NF_T(nf_queue_types, "NFQNL_MSG_???"),
	[4] = NF_T(nf_ulog_types, "NFULNL_MSG_???"),
	[5] = NF_T(nf_osf_types, "OSF_MSG_???"),
	[6] = NF_T(nf_ipset_types, "IPSET_CMD_???"),
	[7] = NF_T(nf_acct_types, "NFNL_MSG_ACCT_???"),
	[8] = NF_T(nf_cttimeout_types, "IPCTNL_MSG_TIMEOUT_???"),
	[9] = NF_T(nf_cthelper_types, "NFNL_MSG_CTHELPER_???"),
	[10] = NF_T(nf_tables_types, "NFT_MSG_???"),
	[11] = NF_T(nf_compat_types, "NFNL_MSG_COMPAT_???"),
};

static const char *name_of(const struct flag *t, size_t n, uint64_t v)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].val == v)
			return t[i].name;
	return NULL;
}

/* "NFNL_SUBSYS_CTNETLINK<<8|IPCTNL_MSG_CT_NEW"; returns the message's
 * name, if known (its flags follow from it) */
static const char *nf_type(struct sbuf *b, uint16_t type)
{
	unsigned sub = type >> 8, msg = type & 0xff;
	const char *sname = name_of(xlat_nf_subsys, N(xlat_nf_subsys), sub), *mname = NULL;
	size_t mark = b->len;

	/* -X applies to each part: "0xa<<8|0" */
	if (sname)
		sbuf_puts(b, sname);
	else
		sbuf_printf(b, "%#x /* NFNL_SUBSYS_??? */", sub);
	xlat_finish(b, mark, sub, XF_HEX);
	sbuf_puts(b, "<<8|");
	mark = b->len;
	if (sub < N(nf_types) && nf_types[sub].t) {
		mname = name_of(nf_types[sub].t, nf_types[sub].n, msg);
		if (mname)
			sbuf_puts(b, mname);
		else
			sbuf_printf(b, "%#x /* %s */", msg, nf_types[sub].dflt);
	} else {
		sbuf_printf(b, "%#x", msg);
	}
	xlat_finish(b, mark, msg, XF_HEX);
	return mname;
}

enum { FL_NONE, FL_GET, FL_NEW, FL_DEL, FL_ACK };

/* Which of the request flags a message type's bits 8-11 mean, by the
 * verb its name holds (how strace's tables group them) */
static int verb_of(const char *name)
{
	if (!name)
		return FL_NONE;
	if (strstr(name, "_NEW") || strstr(name, "_ADD") || strstr(name, "_CREATE"))
		return FL_NEW;
	if (strstr(name, "_GET") || strstr(name, "_LIST"))
		return FL_GET;
	if (strstr(name, "_DEL"))
		return FL_DEL;
	return FL_NONE;
}

static int put_type(const struct nl *n, uint16_t type)
{
	struct sbuf *b = n->b;
	size_t mark = b->len;
	int fl = FL_NONE;

	if (type < 0x10) {
		put_enum(b, type, xlat_nl_types, N(xlat_nl_types), "NLMSG_???");
		fl = type == 2 ? FL_ACK : FL_NONE;
	} else {
		switch (n->proto) {
		case NL_ROUTE:
			put_enum(b, type, xlat_nl_route_types, N(xlat_nl_route_types), "RTM_???");
			/* RTM_DELACTION takes the get flags (tc's "flush") */
			fl = type == 49 ? FL_GET : (type & 3) == 0 ? FL_NEW :
			     (type & 3) == 1 ? FL_DEL : (type & 3) == 2 ? FL_GET : FL_NONE;
			break;
		case NL_SOCK_DIAG:
			put_enum(b, type, xlat_nl_sock_diag_types, N(xlat_nl_sock_diag_types),
				 "SOCK_DIAG_???");
			fl = FL_GET;
			break;
		case NL_XFRM:
			put_enum(b, type, xlat_nl_xfrm_types, N(xlat_nl_xfrm_types), "XFRM_MSG_???");
			fl = verb_of(name_of(xlat_nl_xfrm_types, N(xlat_nl_xfrm_types), type));
			break;
		case NL_SELINUX:
			put_enum(b, type, xlat_nl_selinux_types, N(xlat_nl_selinux_types),
				 "SELNL_MSG_???");
			break;
		case NL_AUDIT:
			put_enum(b, type, xlat_nl_audit_types, N(xlat_nl_audit_types), "AUDIT_???");
			break;
		case NL_NETFILTER:
			if (type >> 8 == 0 && name_of(xlat_nl_netfilter_types,
						      N(xlat_nl_netfilter_types), type))
				put_enum(b, type, xlat_nl_netfilter_types,
					 N(xlat_nl_netfilter_types), NULL);
			else {
				fl = verb_of(nf_type(b, type));
				return fl;	/* -X applied to each part */
			}
			break;
		case NL_GENERIC:
			/* the only family id fixed in advance (strace asks the
			 * kernel for the others' names; strobe prints numbers) */
			if (type == 0x10)
				sbuf_puts(b, "nlctrl");
			else
				sbuf_hex(b, type);
			break;
		default:
			sbuf_hex(b, type);
			break;
		}
	}
	xlat_finish(b, mark, type, XF_HEX);
	return fl;
}

static void put_nlflags(const struct nl *n, uint16_t flags, int fl)
{
	struct sbuf *b = n->b;
	size_t mark = b->len;
	uint64_t v = flags;
	int first = put_flags(b, &v, xlat_nl_flags, N(xlat_nl_flags), 1);

	switch (fl) {
	case FL_GET:
		first = put_flags(b, &v, xlat_nl_get_flags, N(xlat_nl_get_flags), first);
		break;
	case FL_NEW:
		first = put_flags(b, &v, xlat_nl_new_flags, N(xlat_nl_new_flags), first);
		break;
	case FL_DEL:
		first = put_flags(b, &v, xlat_nl_del_flags, N(xlat_nl_del_flags), first);
		break;
	case FL_ACK:
		first = put_flags(b, &v, xlat_nl_ack_flags, N(xlat_nl_ack_flags), first);
		break;
	}
	put_rest(b, v, first, "0");
	xlat_finish(b, mark, flags, XF_HEX);
}

static const struct flag nlmsgerr_attr_names[] = {
	{ 0, "NLMSGERR_ATTR_UNUSED" }, { 1, "NLMSGERR_ATTR_MSG" }, { 2, "NLMSGERR_ATTR_OFFS" },
	{ 3, "NLMSGERR_ATTR_COOKIE" }, { 4, "NLMSGERR_ATTR_POLICY" },
};
static const struct nla_dec nlmsgerr_decs[] = {
	[1] = { nla_str, NULL }, [2] = { nla_u32, NULL }, [3] = { nla_u8_array, NULL },
};
static const struct nla_table nlmsgerr_attrs =
	NLA_TABLE(nlmsgerr_attr_names, "NLMSGERR_ATTR_???", nlmsgerr_decs);

/* NLMSG_ERROR's payload: {error=-E, msg=the request it answers}; with
 * NLM_F_CAPPED the request's header alone, then the ack's attributes */
static bool nl_error(const struct nl *n, size_t off, size_t len, uint16_t flags)
{
	int32_t err;
	uint8_t whole[4 + NL_HDRLEN];
	bool capped = flags & 0x100, attrs = capped && len > 4 + NL_HDRLEN;

	if (len < 4 + NL_HDRLEN)
		return false;
	if (!nl_fetch(n, off, whole, sizeof(whole)))
		return true;
	memcpy(&err, whole, 4);
	if (attrs)
		sbuf_putc(n->b, '[');
	sbuf_puts(n->b, "{error=");
	{
		size_t mark = n->b->len;
		const char *name = err < 0 ? errno_name(-err) : NULL;

		if (name)
			sbuf_printf(n->b, "-%s", name);
		else
			sbuf_printf(n->b, "%d", err);
		xlat_finish(n->b, mark, (uint64_t)(int64_t)err, XF_DEC);
	}
	sbuf_puts(n->b, ", msg=");
	nl_message(n, off + 4, capped ? NL_HDRLEN : len - 4);
	sbuf_putc(n->b, '}');
	if (attrs) {
		sbuf_puts(n->b, ", ");
		nl_attrs(n, off + 4 + NL_HDRLEN, len - 4 - NL_HDRLEN, &nlmsgerr_attrs);
		sbuf_putc(n->b, ']');
	}
	return true;
}

static bool nl_payload(const struct nl *n, uint16_t type, uint16_t flags, size_t off, size_t len)
{
	if (type == 2)		/* NLMSG_ERROR */
		return nl_error(n, off, len, flags);
	if (type == 3) {	/* NLMSG_DONE: an int */
		int32_t v;

		if (len < 4)
			return false;
		if (nl_fetch(n, off, &v, 4))
			sbuf_printf(n->b, "%d", v);
		return true;
	}
	if (type < 0x10)
		return false;
	switch (n->proto) {
	case NL_ROUTE:
		return nl_route(n, type, off, len);
	case NL_SOCK_DIAG:
		return nl_sock_diag(n, type, flags, off, len);
	case NL_NETFILTER:
		return nl_netfilter(n, type, off, len);
	case NL_SELINUX:
		return nl_selinux(n, type, off, len);
	}
	return false;
}

void nl_message(const struct nl *n, size_t off, size_t len)
{
	struct sbuf *b = n->b;
	uint32_t h[4];
	uint16_t type, flags;
	size_t have;
	int fl;

	if (!nl_fetch(n, off, h, NL_HDRLEN))
		return;
	memcpy(&type, (const uint8_t *)h + 4, 2);
	memcpy(&flags, (const uint8_t *)h + 6, 2);
	have = h[0] < len ? h[0] : len;
	if (have > NL_HDRLEN)
		sbuf_putc(b, '[');
	sbuf_printf(b, "{nlmsg_len=%u, nlmsg_type=", h[0]);
	fl = put_type(n, type);
	sbuf_puts(b, ", nlmsg_flags=");
	put_nlflags(n, flags, fl);
	sbuf_printf(b, ", nlmsg_seq=%u, nlmsg_pid=%d", h[2], (int32_t)h[3]);
	if (n->pid_decor)
		n->pid_decor(n->ctx, b, (int32_t)h[3]);
	sbuf_putc(b, '}');
	if (have > NL_HDRLEN) {
		sbuf_puts(b, ", ");
		if (!nl_payload(n, type, flags, off + NL_HDRLEN, have - NL_HDRLEN))
			nl_hex(n, off + NL_HDRLEN, have - NL_HDRLEN);
		sbuf_putc(b, ']');
	}
}

/* len bytes at off as an ordinary string, cut at -s */
static void nl_plain(const struct nl *n, size_t off, size_t len)
{
	size_t shown = len < n->strmax ? len : n->strmax;

	if (!nl_readable(n, off, shown)) {
		nl_addr(n, off);
		return;
	}
	decode_string(n->b, (const char *)n->p + off, shown, len > shown);
}

/* NETLINK_KOBJECT_UEVENT carries no nlmsghdr: udev's monitor header
 * ("libudev" and its magic), else the kernel's text */
static void decode_uevent(const struct nl *n, size_t len)
{
	static const uint8_t magic[4] = { 0xfe, 0xed, 0xca, 0xfe };
	struct sbuf *b = n->b;
	uint32_t v[8];

	if (len < 40 || !nl_readable(n, 0, 40) || memcmp(n->p, "libudev", 8) ||
	    memcmp(n->p + 8, magic, 4)) {
		nl_plain(n, 0, len);
		return;
	}
	memcpy(v, n->p + 8, 32);
	if (len > 40)
		sbuf_putc(b, '[');
	sbuf_printf(b, "{prefix=\"libudev\", magic=htonl(%#x), header_size=%u, "
		    "properties_off=%u, properties_len=%u, filter_subsystem_hash=htonl(%#x), "
		    "filter_devtype_hash=htonl(%#x), filter_tag_bloom_hi=htonl(%#x), "
		    "filter_tag_bloom_lo=htonl(%#x)}",
		    __builtin_bswap32(v[0]), v[1], v[2], v[3], __builtin_bswap32(v[4]),
		    __builtin_bswap32(v[5]), __builtin_bswap32(v[6]), __builtin_bswap32(v[7]));
	if (len > 40) {
		sbuf_puts(b, ", ");
		nl_plain(n, 40, len - 40);
		sbuf_putc(b, ']');
	}
}

void decode_netlink(struct sbuf *b, int proto, const uint8_t *p, size_t avail,
		    uint64_t addr, uint64_t len, size_t strmax,
		    void (*pid_decor)(void *ctx, struct sbuf *b, long pid),
		    void (*fd_decor)(void *ctx, struct sbuf *b, int fd), void *ctx)
{
	struct nl n = { b, p, avail, addr, proto, 0, strmax, pid_decor, ctx, fd_decor };
	size_t off = 0, elt;
	bool list = false;

	if (proto == NL_KOBJECT_UEVENT) {
		decode_uevent(&n, len);
		return;
	}
	if (len < NL_HDRLEN) {
		nl_hex(&n, 0, len);
		return;
	}
	for (elt = 0;; elt++) {
		uint32_t mlen;
		size_t step, next = 0;

		if (len < NL_HDRLEN) {
			if (len) {
				sbuf_puts(b, ", ");
				nl_hex(&n, off, len);
			}
			break;
		}
		if (!nl_readable(&n, off, NL_HDRLEN)) {
			if (list)
				sbuf_printf(b, ", ... /* %#llx */", (unsigned long long)(addr + off));
			else
				nl_addr(&n, off);
			break;
		}
		if (list && elt == strmax) {
			sbuf_puts(b, ", ...");
			break;
		}
		memcpy(&mlen, p + off, 4);
		step = NL_ALIGN(mlen);
		if (mlen >= NL_HDRLEN && len > step)
			next = len - step;
		if (!list && next) {
			sbuf_putc(b, '[');
			list = true;
		}
		if (elt)
			sbuf_puts(b, ", ");
		nl_message(&n, off, len);
		if (!next)
			break;
		off += step;
		len = next;
	}
	if (list)
		sbuf_putc(b, ']');
}

/* ", field=VALUE" of a struct being printed: a number, a name, flags */
void nl_put_u(struct sbuf *b, const char *field, uint32_t v)
{
	sbuf_printf(b, ", %s=%u", field, v);
}

void nl_put_en(struct sbuf *b, const char *field, uint64_t v, const struct flag *t,
	       size_t nt, const char *dflt)
{
	sbuf_printf(b, ", %s=", field);
	nl_enum(b, v, t, nt, dflt);
}

void nl_put_fl(struct sbuf *b, const char *field, uint64_t v, const struct flag *t,
	       size_t nt, const char *dflt)
{
	sbuf_printf(b, ", %s=", field);
	nl_flags(b, v, t, nt, dflt);
}
