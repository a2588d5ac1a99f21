/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the netlink decoders (src/decode/netlink*.c) only: a message
 * buffer as captured, and the pieces each protocol's decoder is built of
 * (the nlattr walker, fields read from the buffer, forced-hex strings).
 */
#ifndef STROBE_DECODE_NETLINK_H
#define STROBE_DECODE_NETLINK_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>

#include "flagtab.h"

/*
 * The buffer of a call on a netlink socket: `avail` bytes of it could be
 * read (the kernel side reads what is readable up to the end of its page
 * when the whole is not), from the address `base`.  Decoders name places
 * by their offset from `base`; a place beyond `avail` is unreadable, and
 * printed as its address, as strace prints memory it cannot read.
 */
struct nl {
	struct sbuf *b;
	const uint8_t *p;
	size_t avail;
	uint64_t base;
	int proto;		/* NETLINK_* */
	size_t strmax;		/* -s */
	/* what follows a pid (--decode-pids=pidns), or NULL */
	void (*pid_decor)(void *ctx, struct sbuf *b, long pid);
	void *ctx;
};

#define NL_HDRLEN 16
#define NL_ALIGN(n) (((n) + 3) & ~(size_t)3)

static inline bool nl_readable(const struct nl *n, size_t off, size_t len)
{
	return off <= n->avail && len <= n->avail - off;
}

/* len bytes at off into dst, when readable; else the address, false */
bool nl_fetch(const struct nl *n, size_t off, void *dst, size_t len);
void nl_addr(const struct nl *n, size_t off);
/* len bytes at off as a string of \x escapes, cut at -s (strace's
 * QUOTE_FORCE_HEX), or the address when not readable */
void nl_hex(const struct nl *n, size_t off, size_t len);
/* a NUL-terminated string of at most len bytes, or the address */
void nl_str(const struct nl *n, size_t off, size_t len);

static inline uint32_t nl_u32(const struct nl *n, size_t off)
{
	uint32_t v;

	memcpy(&v, n->p + off, 4);
	return v;
}

static inline uint16_t nl_u16(const struct nl *n, size_t off)
{
	uint16_t v;

	memcpy(&v, n->p + off, 2);
	return v;
}

/*
 * An attribute's payload decoder: false to have it printed as forced-hex
 * bytes.  `ctx` is what the caller of the walk passed.
 */
typedef bool (*nla_fn)(const struct nl *n, size_t off, size_t len, const void *ctx);

struct nla_table {
	const struct flag *names;
	size_t nnames;
	const char *dflt;	/* "IFLA_???" */
	const nla_fn *fns;	/* by type, may be NULL */
	size_t nfns;
	const void *ctx;
};

#define NLA_TABLE(names_, dflt_, fns_) \
	{ names_, N(names_), dflt_, fns_, N(fns_), NULL }
#define NLA_NAMES(names_, dflt_) \
	{ names_, N(names_), dflt_, NULL, 0, NULL }

/* The attributes in [off, off + len), strace's "[{nla_len=...}, ...]". */
void nl_attrs(const struct nl *n, size_t off, size_t len, const struct nla_table *t);
/* ", " and the attributes after a struct of `size` bytes at off, when
 * the message has more than the struct */
void nl_attrs_after(const struct nl *n, size_t off, size_t len, size_t size,
		    const struct nla_table *t);

/* Common attribute payloads. */
bool nla_u8(const struct nl *n, size_t off, size_t len, const void *ctx);
bool nla_u16(const struct nl *n, size_t off, size_t len, const void *ctx);
bool nla_u32(const struct nl *n, size_t off, size_t len, const void *ctx);
bool nla_u64(const struct nl *n, size_t off, size_t len, const void *ctx);
bool nla_s32(const struct nl *n, size_t off, size_t len, const void *ctx);
bool nla_x32(const struct nl *n, size_t off, size_t len, const void *ctx);
bool nla_str(const struct nl *n, size_t off, size_t len, const void *ctx);
bool nla_ifindex(const struct nl *n, size_t off, size_t len, const void *ctx);
/* a nested list whose table is ctx (struct nla_table) */
bool nla_nested(const struct nl *n, size_t off, size_t len, const void *ctx);

/* an interface index: if_nametoindex("lo") on this machine, else the number */
void nl_ifindex(struct sbuf *b, uint32_t v);

/* a bit set of 1 << value: "1<<TCP_LISTEN|1<<TCP_CLOSE" (shift 0), or of
 * 1 << (value - 1): "1<<(INET_DIAG_TOS-1)" (shift 1); dflt: the comment
 * after a value with no known bit */
void nl_bits(struct sbuf *b, uint32_t v, const struct flag *t, size_t nt, int shift,
	     const char *dflt);

/* An enum field "name=VALUE" with -X applied. */
void nl_enum(struct sbuf *b, uint64_t v, const struct flag *t, size_t nt, const char *dflt);
void nl_flags(struct sbuf *b, uint64_t v, const struct flag *t, size_t nt, const char *dflt);

/* "{FIELD=AF_X" of a struct of `size` bytes at off starting with its
 * family (readable), copied to s; else ", ...}" (shorter message) or the
 * address of what follows the family (unreadable), and false */
bool nl_family_head(const struct nl *n, size_t off, size_t len, size_t size,
		    const char *field, uint8_t *s);

/* The payload of one message of each protocol: false when it is to be
 * printed as forced-hex bytes. */
bool nl_route(const struct nl *n, uint16_t type, size_t off, size_t len);
bool nl_sock_diag(const struct nl *n, uint16_t type, uint16_t flags, size_t off, size_t len);
bool nl_netfilter(const struct nl *n, uint16_t type, size_t off, size_t len);
bool nl_selinux(const struct nl *n, uint16_t type, size_t off, size_t len);

/* nlmsghdr and its payload (nlmsgerr's msg, too) */
void nl_message(const struct nl *n, size_t off, size_t len);

#endif
