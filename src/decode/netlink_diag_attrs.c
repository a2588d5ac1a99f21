// SPDX-License-Identifier: GPL-2.0
/*
 * NETLINK_SOCK_DIAG's attributes of inet requests (the filter's bytecode,
 * the protocol) and of smc answers (connection, link group and DMB
 * information, shutdown, fallback reasons).  Facts: strace 6.1's tests
 * nlattr_inet_diag_req_v2.c and nlattr_smc_diag_msg.c, and the kernel's
 * <linux/inet_diag.h> and <linux/smc_diag.h>.
 */
#include <arpa/inet.h>
#include <stdio.h>

#include "netlink.h"
#include "xlat_tables.h"

static uint32_t u32_at(const uint8_t *s, size_t off)
{
	uint32_t v;

	memcpy(&v, s + off, 4);
	return v;
}

/* an IPPROTO_* of up to 4 bytes, however many the attribute has */
static bool nla_ip_proto(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint32_t v = 0;

	(void)ctx;
	if (len < 1)
		return false;
	if (nl_fetch(n, off, &v, len < 4 ? len : 4))
		nl_enum(n->b, v, xlat_sock_proto_ip, N(xlat_sock_proto_ip), "IPPROTO_???");
	return true;
}

static const struct flag bc_codes[] = {
	{ 0, "INET_DIAG_BC_NOP" }, { 1, "INET_DIAG_BC_JMP" }, { 2, "INET_DIAG_BC_S_GE" },
	{ 3, "INET_DIAG_BC_S_LE" }, { 4, "INET_DIAG_BC_D_GE" }, { 5, "INET_DIAG_BC_D_LE" },
	{ 6, "INET_DIAG_BC_AUTO" }, { 7, "INET_DIAG_BC_S_COND" }, { 8, "INET_DIAG_BC_D_COND" },
	{ 9, "INET_DIAG_BC_DEV_COND" }, { 10, "INET_DIAG_BC_MARK_COND" },
	{ 11, "INET_DIAG_BC_S_EQ" }, { 12, "INET_DIAG_BC_D_EQ" },
	{ 13, "INET_DIAG_BC_CGROUP_COND" },
};

/* struct inet_diag_bc_op: code, yes, no (4 bytes at p) */
static void put_bc_op(struct sbuf *b, const uint8_t *p)
{
	uint16_t no;

	memcpy(&no, p + 2, 2);
	sbuf_puts(b, "{code=");
	nl_enum(b, p[0], bc_codes, N(bc_codes), "INET_DIAG_BC_???");
	sbuf_printf(b, ", yes=%u, no=%u}", p[1], no);
}

/* struct inet_diag_hostcond (family, prefix_len, port: 8 bytes), then the
 * address as long as the rest */
static void put_hostcond(const struct nl *n, size_t off, size_t len)
{
	struct sbuf *b = n->b;
	uint8_t c[8], a[16];
	size_t want;

	if (len < 8) {
		nl_hex(n, off, len);
		return;
	}
	if (!nl_fetch(n, off, c, 8))
		return;
	sbuf_puts(b, "{family=");
	nl_enum(b, c[0], xlat_addrfams, N(xlat_addrfams), "AF_???");
	sbuf_printf(b, ", prefix_len=%u, port=%u", c[1], u32_at(c, 4));
	if (len > 8) {
		want = c[0] == AF_INET ? 4 : c[0] == AF_INET6 ? 16 : 0;
		sbuf_puts(b, ", ");
		if (!want || len - 8 < want) {
			sbuf_puts(b, "addr=");
			nl_hex(n, off + 8, len - 8);
		} else if (!nl_readable(n, off + 8, want)) {
			sbuf_puts(b, "addr=");
			nl_addr(n, off + 8);
		} else {
			memcpy(a, n->p + off + 8, want);
			nl_put_ip(b, c[0], a, "addr", want);
		}
	}
	sbuf_putc(b, '}');
}

/* what follows an op, by its code */
static void put_bc_data(const struct nl *n, uint8_t code, size_t off, size_t len)
{
	uint8_t d[8];

	switch (code) {
	case 7: case 8:				/* S_COND, D_COND */
		put_hostcond(n, off, len);
		return;
	case 9:					/* DEV_COND: an ifindex */
		if (len < 4)
			break;
		if (nl_fetch(n, off, d, 4))
			nl_ifindex(n->b, u32_at(d, 0));
		return;
	case 2: case 3: case 4: case 5:		/* S_GE ... D_LE: another op */
		if (len < 4)
			break;
		if (nl_fetch(n, off, d, 4))
			put_bc_op(n->b, d);
		return;
	case 10:				/* MARK_COND */
		if (len < 8)
			break;
		if (nl_fetch(n, off, d, 8))
			sbuf_printf(n->b, "{mark=%u, mask=%u}", u32_at(d, 0), u32_at(d, 4));
		return;
	}
	nl_hex(n, off, len);
}

static bool nla_bytecode(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint8_t op[4];

	(void)ctx;
	if (len < 4)
		return false;
	if (!nl_fetch(n, off, op, 4))
		return true;
	put_bc_op(n->b, op);
	if (len > 4) {
		sbuf_puts(n->b, ", ");
		put_bc_data(n, op[0], off + 4, len - 4);
	}
	return true;
}

static const struct nla_dec inet_req_decs[] = {
	[1] = { nla_bytecode, NULL },		/* INET_DIAG_REQ_BYTECODE */
	[3] = { nla_ip_proto, NULL },		/* INET_DIAG_REQ_PROTOCOL */
};
const struct nla_table nl_inet_req_attrs =
	NLA_TABLE(xlat_inet_diag_req_attrs, "INET_DIAG_REQ_???", inet_req_decs);

/* struct smc_diag_cursor: reserved, wrap (u16), count (u32) */
static void put_cursor(struct sbuf *b, const char *field, const uint8_t *p)
{
	uint16_t r, w;

	memcpy(&r, p, 2);
	memcpy(&w, p + 2, 2);
	sbuf_printf(b, ", %s={reserved=%u, wrap=%u, count=%u}", field, r, w, u32_at(p, 4));
}

/* struct smc_diag_conninfo (76 bytes) */
static bool smc_conninfo(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	static const char *const cur1[] = { "rx_prod", "rx_cons", "tx_prod", "tx_cons" };
	static const char *const cur2[] = { "tx_prep", "tx_sent", "tx_fin" };
	struct sbuf *b = n->b;
	uint8_t s[76];

	(void)ctx;
	if (len < sizeof(s))
		return false;
	if (!nl_fetch(n, off, s, sizeof(s)))
		return true;
	sbuf_printf(b, "{token=%u, sndbuf_size=%u, rmbe_size=%u, peer_rmbe_size=%u",
		    u32_at(s, 0), u32_at(s, 4), u32_at(s, 8), u32_at(s, 12));
	for (int k = 0; k < 4; k++)
		put_cursor(b, cur1[k], s + 16 + 8 * k);
	sbuf_printf(b, ", rx_prod_flags=%#x, rx_conn_state_flags=%#x, tx_prod_flags=%#x"
		    ", tx_conn_state_flags=%#x", s[48], s[49], s[50], s[51]);
	for (int k = 0; k < 3; k++)
		put_cursor(b, cur2[k], s + 52 + 8 * k);
	sbuf_putc(b, '}');
	return true;
}

/* a char array meant to end in a NUL: to it, or all but the last byte
 * and "..." */
static void put_cstr(struct sbuf *b, const char *field, const uint8_t *p, size_t n)
{
	const uint8_t *nul = memchr(p, 0, n);

	sbuf_printf(b, ", %s=", field);
	if (nul)
		decode_string(b, (const char *)p, (size_t)(nul - p), false);
	else
		decode_string(b, (const char *)p, n - 1, true);
}

static const struct flag smc_roles[] = { { 0, "SMC_CLNT" }, { 1, "SMC_SERV" } };

/* struct smc_diag_lgrinfo: one smc_diag_linkinfo (146 bytes), the role */
static bool smc_lgrinfo(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	struct sbuf *b = n->b;
	uint8_t s[147];

	(void)ctx;
	if (len < sizeof(s))
		return false;
	if (!nl_fetch(n, off, s, sizeof(s)))
		return true;
	sbuf_printf(b, "{lnk=[{link_id=%u", s[0]);
	put_cstr(b, "ibname", s + 1, 64);
	sbuf_printf(b, ", ibport=%u", s[65]);
	put_cstr(b, "gid", s + 66, 40);
	put_cstr(b, "peer_gid", s + 106, 40);
	sbuf_puts(b, "}], role=");
	nl_enum(b, s[146], smc_roles, N(smc_roles), "SMC_???");
	sbuf_putc(b, '}');
	return true;
}

static const struct nl_field dmb_f[] = {
	{ "linkid", 0, 4, 'u', NULL }, { "peer_gid", 8, 8, 'x', NULL },
	{ "my_gid", 16, 8, 'x', NULL }, { "token", 24, 8, 'x', NULL },
	{ "peer_token", 32, 8, 'x', NULL },
};
static const struct nl_struct dmb_s = NL_STRUCT(40, dmb_f);

static const struct flag smc_decl_codes[] = {
	{ 0x01010000, "SMC_CLC_DECL_MEM" }, { 0x02010000, "SMC_CLC_DECL_TIMEOUT_CL" },
	{ 0x02020000, "SMC_CLC_DECL_TIMEOUT_AL" }, { 0x03000000, "SMC_CLC_DECL_CNFERR" },
	{ 0x03010000, "SMC_CLC_DECL_PEERNOSMC" }, { 0x03020000, "SMC_CLC_DECL_IPSEC" },
	{ 0x03030000, "SMC_CLC_DECL_NOSMCDEV" }, { 0x03040000, "SMC_CLC_DECL_MODEUNSUPP" },
	{ 0x03050000, "SMC_CLC_DECL_RMBE_EC" }, { 0x03060000, "SMC_CLC_DECL_OPTUNSUPP" },
	{ 0x04000000, "SMC_CLC_DECL_SYNCERR" }, { 0x05000000, "SMC_CLC_DECL_PEERDECL" },
	{ 0x99990000, "SMC_CLC_DECL_INTERR" }, { 0x99990001, "SMC_CLC_DECL_ERR_RTOK" },
	{ 0x99990002, "SMC_CLC_DECL_ERR_RDYLNK" }, { 0x99990003, "SMC_CLC_DECL_ERR_REGRMB" },
};

/* a decline code: always its number, the name in a comment (strace: the
 * names are not in a UAPI header) */
static void put_decl(struct sbuf *b, const char *field, uint32_t v)
{
	const char *name = "SMC_CLC_DECL_???";

	for (size_t k = 0; k < N(smc_decl_codes); k++)
		if (smc_decl_codes[k].val == v)
			name = smc_decl_codes[k].name;
	sbuf_printf(b, "%s=", field);
	put_hex0(b, v);
	if (decode_xlat() != XLAT_RAW)
		sbuf_printf(b, " /* %s */", name);
}

static bool smc_fallback(const struct nl *n, size_t off, size_t len, const void *ctx)
{
	uint8_t s[8];

	(void)ctx;
	if (len < 8)
		return false;
	if (!nl_fetch(n, off, s, 8))
		return true;
	put_decl(n->b, "{reason", u32_at(s, 0));
	put_decl(n->b, ", peer_diagnosis", u32_at(s, 4));
	sbuf_putc(n->b, '}');
	return true;
}

static const struct flag shutdown_flags[] = { { 1, "RCV_SHUTDOWN" }, { 2, "SEND_SHUTDOWN" } };
static const struct nl_xval smc_shutdown_x = { shutdown_flags, N(shutdown_flags),
					       "???_SHUTDOWN", 1, true };

static const struct nla_dec smc_decs[] = {
	[1] = { smc_conninfo, NULL },		/* SMC_DIAG_CONNINFO */
	[2] = { smc_lgrinfo, NULL },		/* SMC_DIAG_LGRINFO */
	[3] = { nla_xval, &smc_shutdown_x },	/* SMC_DIAG_SHUTDOWN */
	[4] = { nla_struct, &dmb_s },		/* SMC_DIAG_DMBINFO */
	[5] = { smc_fallback, NULL },		/* SMC_DIAG_FALLBACK */
};
const struct nla_table nl_smc_attrs = NLA_TABLE(xlat_smc_diag_attrs, "SMC_DIAG_???", smc_decs);
