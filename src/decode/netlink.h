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
	int family;		/* AF_* of the message being decoded, for addresses */
	size_t strmax;		/* -s */
	/* what follows a pid (--decode-pids=pidns), or NULL */
	void (*pid_decor)(void *ctx, struct sbuf *b, long pid);
	void *ctx;
	/* what follows an fd (-y), or NULL */
	void (*fd_decor)(void *ctx, struct sbuf *b, int fd);
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

/* one attribute type's payload decoder, and what it is passed */
struct nla_dec {
	nla_fn fn;
	const void *ctx;
};

struct nla_table {
	const struct flag *names;
	size_t nnames;
	const char *dflt;	/* "IFLA_???" */
	const struct nla_dec *decs;	/* by type, may be NULL */
	size_t ndecs;
};

#define NLA_TABLE(names_, dflt_, decs_) \
	{ names_, N(names_), dflt_, decs_, N(decs_) }
#define NLA_NAMES(names_, dflt_) \
	{ names_, N(names_), dflt_, NULL, 0 }

/* A struct's fields, for nla_struct: fmt 'u' (unsigned), 'd' (signed),
 * 'x' (hex); size 1, 2, 4 or 8 bytes at off. */
struct nl_field {
	const char *name;
	uint16_t off;
	uint8_t size;
	char fmt;		/* 'u', 'd', 'x'; 'i' an ifindex; 'X' xval */
	const struct nl_xval *xv;
};

struct nl_struct {
	size_t size;
	const struct nl_field *f;
	size_t n;
	size_t min;		/* shorter is bytes; 0: size (the fields that fit
				 * are shown, from min to size: a struct that grew) */
};

#define NL_STRUCT(size_, fields_) { size_, fields_, N(fields_), 0 }
#define NL_STRUCT_MIN(size_, fields_, min_) { size_, fields_, N(fields_), min_ }

/* "{a=1, b=2}" of the fields at s */
void nl_put_fields(struct sbuf *b, const uint8_t *s, const struct nl_field *f, size_t n);
/* a struct (ctx: struct nl_struct): as bytes when shorter, its address
 * when unreadable */
bool nla_struct(const struct nl *n, size_t off, size_t len, const void *ctx);
/* an array of u8 "[1, 2]" */
bool nla_u8_array(const struct nl *n, size_t off, size_t len, const void *ctx);

/* An array of elements of `size` bytes (ctx: struct nl_array): as many
 * as fit, "... /\* addr *\/" at the first unreadable one; bytes when
 * shorter than one element. */
struct nl_array {
	size_t size;
	void (*put)(const struct nl *n, const uint8_t *e);
};
bool nla_array(const struct nl *n, size_t off, size_t len, const void *ctx);
extern const struct nl_array nl_array_u16, nl_array_u32, nl_array_x64;

/* an enum (ctx: struct nl_xval) of 1, 2 or 4 bytes, or a flag set */
struct nl_xval {
	const struct flag *t;
	size_t nt;
	const char *dflt;
	uint8_t size;
	bool flags;
};
bool nla_xval(const struct nl *n, size_t off, size_t len, const void *ctx);
/* an address of the message's family: inet_addr("1.2.3.4"), inet_pton(...) */
bool nla_ip_addr(const struct nl *n, size_t off, size_t len, const void *ctx);
bool nla_be64(const struct nl *n, size_t off, size_t len, const void *ctx);
/* a clock_t of 1 to 8 bytes: "250 /\* 2.50 s *\/" */
/* an fd: "9</dev/full>" with -y */
bool nla_fd(const struct nl *n, size_t off, size_t len, const void *ctx);
bool nla_clock_t(const struct nl *n, size_t off, size_t len, const void *ctx);
/* "FIELD=inet_addr(...)" (field may be NULL); with -X raw the rawlen
 * bytes in hex, with -X verbose both */
void nl_put_ip(struct sbuf *b, int family, const uint8_t *a, const char *field, size_t rawlen);
/* "FIELD=TEXT", or the bytes in hex (-X raw), or both (-X verbose) */
void nl_net_bytes(struct sbuf *b, const char *field, const uint8_t *p, size_t n,
		  const char *text);

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
bool nla_x16(const struct nl *n, size_t off, size_t len, const void *ctx);
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
/* sock_diag's inet request and smc answer attributes (netlink_diag_attrs.c) */
extern const struct nla_table nl_inet_req_attrs, nl_smc_attrs;
bool nl_netfilter(const struct nl *n, uint16_t type, size_t off, size_t len);
bool nl_selinux(const struct nl *n, uint16_t type, size_t off, size_t len);

/* NETLINK_ROUTE's attribute tables (netlink_route_attrs.c) */
extern const struct nla_table nl_link_attrs, nl_addr_attrs, nl_route_attrs, nl_neigh_attrs,
	nl_rule_attrs, nl_tc_attrs, nl_tca_attrs, nl_neightbl_attrs, nl_addrlabel_attrs,
	nl_dcb_attrs, nl_netconf_attrs, nl_mdb_attrs, nl_nsid_attrs, nl_nexthop_attrs,
	nl_ifstats_attrs, nl_cachereport_attrs, nl_cachereport6_attrs;

/* nlmsghdr and its payload (nlmsgerr's msg, too) */
void nl_message(const struct nl *n, size_t off, size_t len);

/* ", field=VALUE" of a struct being printed: a number, a name, flags */
void nl_put_u(struct sbuf *b, const char *field, uint32_t v);
void nl_put_en(struct sbuf *b, const char *field, uint64_t v, const struct flag *t,
	       size_t nt, const char *dflt);
void nl_put_fl(struct sbuf *b, const char *field, uint64_t v, const struct flag *t,
	       size_t nt, const char *dflt);

#endif
