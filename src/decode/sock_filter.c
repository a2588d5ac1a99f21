// SPDX-License-Identifier: GPL-2.0
/*
 * Classic BPF programs (struct sock_filter, <linux/filter.h>) as the macros
 * that build them, the way strace prints socket filters and seccomp
 * filters: "BPF_STMT(BPF_LD|BPF_B|BPF_ABS, SKF_AD_OFF+SKF_AD_PKTTYPE)",
 * "BPF_JUMP(BPF_JMP|BPF_K|BPF_JEQ, 0x2a, 0, 0x1)".  An instruction with a
 * jump offset is a BPF_JUMP whatever its opcode, the others BPF_STMT.  Each
 * part of the opcode is a name of its own for -X raw|verbose.  A socket
 * filter's absolute loads name the special offsets (SKF_AD_OFF, SKF_NET_OFF,
 * SKF_LL_OFF), a seccomp filter's returns name their action.  Values as
 * <linux/bpf_common.h>, <linux/filter.h> and <linux/seccomp.h>.
 */
#include <string.h>

#include "decode.h"
#include "flagtab.h"
#include "xlat_tables.h"
#include "../../bpf/event.h"

static const struct flag bpf_class[] = {
	{ 0, "BPF_LD" }, { 1, "BPF_LDX" }, { 2, "BPF_ST" }, { 3, "BPF_STX" },
	{ 4, "BPF_ALU" }, { 5, "BPF_JMP" }, { 6, "BPF_RET" }, { 7, "BPF_MISC" },
};
static const struct flag bpf_size[] = {
	{ 0, "BPF_W" }, { 0x08, "BPF_H" }, { 0x10, "BPF_B" }, { 0x18, "BPF_DW" },
};
static const struct flag bpf_mode[] = {
	{ 0, "BPF_IMM" }, { 0x20, "BPF_ABS" }, { 0x40, "BPF_IND" }, { 0x60, "BPF_MEM" },
	{ 0x80, "BPF_LEN" }, { 0xa0, "BPF_MSH" }, { 0xc0, "BPF_XADD" },
};
static const struct flag bpf_src[] = { { 0, "BPF_K" }, { 0x08, "BPF_X" } };
static const struct flag bpf_alu[] = {
	{ 0, "BPF_ADD" }, { 0x10, "BPF_SUB" }, { 0x20, "BPF_MUL" }, { 0x30, "BPF_DIV" },
	{ 0x40, "BPF_OR" }, { 0x50, "BPF_AND" }, { 0x60, "BPF_LSH" }, { 0x70, "BPF_RSH" },
	{ 0x80, "BPF_NEG" }, { 0x90, "BPF_MOD" }, { 0xa0, "BPF_XOR" }, { 0xb0, "BPF_MOV" },
	{ 0xc0, "BPF_ARSH" }, { 0xd0, "BPF_END" },
};
static const struct flag bpf_jmp[] = {
	{ 0, "BPF_JA" }, { 0x10, "BPF_JEQ" }, { 0x20, "BPF_JGT" }, { 0x30, "BPF_JGE" },
	{ 0x40, "BPF_JSET" }, { 0x50, "BPF_JNE" }, { 0x60, "BPF_JSGT" }, { 0x70, "BPF_JSGE" },
	{ 0x80, "BPF_CALL" }, { 0x90, "BPF_EXIT" }, { 0xa0, "BPF_JLT" }, { 0xb0, "BPF_JLE" },
	{ 0xc0, "BPF_JSLT" }, { 0xd0, "BPF_JSLE" },
};
static const struct flag bpf_rval[] = { { 0, "BPF_K" }, { 0x08, "BPF_X" }, { 0x10, "BPF_A" } };
static const struct flag bpf_miscop[] = { { 0, "BPF_TAX" }, { 0x80, "BPF_TXA" } };
/* the ancillary loads, at SKF_AD_OFF + these */
static const struct flag skf_ad[] = {
	{ 0, "SKF_AD_PROTOCOL" }, { 4, "SKF_AD_PKTTYPE" }, { 8, "SKF_AD_IFINDEX" },
	{ 12, "SKF_AD_NLATTR" }, { 16, "SKF_AD_NLATTR_NEST" }, { 20, "SKF_AD_MARK" },
	{ 24, "SKF_AD_QUEUE" }, { 28, "SKF_AD_HATYPE" }, { 32, "SKF_AD_RXHASH" },
	{ 36, "SKF_AD_CPU" }, { 40, "SKF_AD_ALU_XOR_X" }, { 44, "SKF_AD_VLAN_TAG" },
	{ 48, "SKF_AD_VLAN_TAG_PRESENT" }, { 52, "SKF_AD_PAY_OFFSET" }, { 56, "SKF_AD_RANDOM" },
	{ 60, "SKF_AD_VLAN_TPID" },
};

#define SKF_AD_OFF 0xfffff000u
#define SKF_NET_OFF 0xfff00000u
#define SKF_LL_OFF 0xffe00000u

static void part(struct sbuf *b, unsigned v, const struct flag *t, size_t n)
{
	sbuf_putc(b, '|');
	put_enum_x(b, v, t, n, "BPF_???");
}

/* bits no part names: "|0x1000 /\* BPF_??? *\/" */
static void rest(struct sbuf *b, unsigned v)
{
	if (v)
		sbuf_printf(b, "|%#x /* BPF_??? */", v);
}

/* eBPF's names where they differ: classes 6 and 7, and the modes */
static const struct flag ebpf_class[] = {
	{ 0, "BPF_LD" }, { 1, "BPF_LDX" }, { 2, "BPF_ST" }, { 3, "BPF_STX" },
	{ 4, "BPF_ALU" }, { 5, "BPF_JMP" }, { 6, "BPF_JMP32" }, { 7, "BPF_ALU64" },
};
static const struct flag ebpf_mode[] = {
	{ 0, "BPF_IMM" }, { 0x20, "BPF_ABS" }, { 0x40, "BPF_IND" }, { 0x60, "BPF_MEM" },
	{ 0xc0, "BPF_XADD" },
};

/* an opcode; ext: eBPF's (ST and STX have a size and mode, ALU64 is an
 * ALU, JMP32 shows the rest of its bits as a number, as strace 6.1) */
static void put_code(struct sbuf *b, uint16_t code, bool ext)
{
	unsigned cls = code & 7, left = code & ~7u;

	if (ext)
		put_enum_x(b, cls, ebpf_class, N(ebpf_class), "BPF_???");
	else
		put_enum_x(b, cls, bpf_class, N(bpf_class), "BPF_???");
	if (ext && (cls == 2 || cls == 3))
		cls = 0;
	if (ext && cls == 7)
		cls = 4;
	switch (cls) {
	case 0: case 1:		/* LD, LDX: size and mode */
		part(b, code & 0x18, bpf_size, N(bpf_size));
		if (ext)
			part(b, code & 0xe0, ebpf_mode, N(ebpf_mode));
		else
			part(b, code & 0xe0, bpf_mode, N(bpf_mode));
		break;
	case 2: case 3:		/* ST, STX: nothing else */
		rest(b, left);
		break;
	case 4: case 5:		/* ALU, JMP: source and operation */
		part(b, code & 0x08, bpf_src, N(bpf_src));
		if (cls == 4)
			part(b, code & 0xf0, bpf_alu, N(bpf_alu));
		else
			part(b, code & 0xf0, bpf_jmp, N(bpf_jmp));
		break;
	case 6:			/* RET: what is returned */
		if (ext) {
			rest(b, left);
			break;
		}
		part(b, code & 0x18, bpf_rval, N(bpf_rval));
		rest(b, left & ~0x18u);
		break;
	case 7:			/* MISC: TAX, TXA */
		part(b, code & 0xf8, bpf_miscop, N(bpf_miscop));
		rest(b, left & ~0xf8u);
		break;
	}
}

/* a named value, -X raw or verbose applied */
static void named(struct sbuf *b, uint32_t v, const char *name)
{
	size_t mark = b->len;

	sbuf_puts(b, name);
	xlat_finish(b, mark, v, XF_HEX);
}

/* k by the filter's kind; false: a plain number */
static bool put_k(struct sbuf *b, const uint8_t *e, uint32_t k, enum bpf_filter_kind kind)
{
	uint16_t code;

	memcpy(&code, e, 2);
	if (kind == FILTER_SOCK && (code & 7) == 0 && (code & 0xe0) == 0x20) {
		if (k >= SKF_AD_OFF) {
			named(b, SKF_AD_OFF, "SKF_AD_OFF");
			sbuf_putc(b, '+');
			put_enum_x(b, k - SKF_AD_OFF, skf_ad, N(skf_ad), "SKF_AD_???");
			return true;
		}
		if (k >= SKF_LL_OFF) {
			bool net = k >= SKF_NET_OFF;

			named(b, net ? SKF_NET_OFF : SKF_LL_OFF, net ? "SKF_NET_OFF" : "SKF_LL_OFF");
			sbuf_printf(b, "+%u", k - (net ? SKF_NET_OFF : SKF_LL_OFF));
			return true;
		}
	}
	if (kind == FILTER_SECCOMP && (code & 7) == 6) {
		uint32_t action = k & 0xffff0000u;	/* SECCOMP_RET_ACTION_FULL */

		put_enum_x(b, action, xlat_seccomp_ret, N(xlat_seccomp_ret), "SECCOMP_RET_???");
		if (k & ~action)
			sbuf_printf(b, "|%#x", k & ~action);
		return true;
	}
	return false;
}

void put_bpf_filter_insn(struct sbuf *b, const uint8_t *e, enum bpf_filter_kind kind)
{
	uint16_t code;
	uint8_t jt = e[2], jf = e[3];
	uint32_t k;

	memcpy(&code, e, 2);
	memcpy(&k, e + 4, 4);
	sbuf_puts(b, jt || jf ? "BPF_JUMP(" : "BPF_STMT(");
	put_code(b, code, false);
	sbuf_puts(b, ", ");
	if (jt || jf || !put_k(b, e, k, kind))
		put_hex0(b, k);
	if (jt || jf) {
		sbuf_puts(b, ", ");
		put_hex0(b, jt);
		sbuf_puts(b, ", ");
		put_hex0(b, jf);
	}
	sbuf_putc(b, ')');
}

void put_sock_filter_insn(struct sbuf *b, const uint8_t *e)
{
	put_bpf_filter_insn(b, e, FILTER_SOCK);
}

/*
 * A program of `count` instructions at `addr`, of which `p` holds the
 * first `len` bytes (NULL: none could be read): "[insn, ...]", then
 * "... /\* ADDR *\/" at the first that could not be read, or "..." after
 * the captured ones when the program went on (more than strace's 4096, or
 * than strobe captures).
 */
void put_bpf_filter(struct sbuf *b, uint64_t addr, uint32_t count, const uint8_t *p,
		    size_t len, bool cut, enum bpf_filter_kind kind)
{
	uint32_t i, have = len / 8;

	if (!count) {
		sbuf_puts(b, "[]");
		return;
	}
	if (!p || !have) {
		put_ptr(b, addr);
		return;
	}
	sbuf_putc(b, '[');
	for (i = 0; i < count && i < have && i < 4096; i++) {
		if (i)
			sbuf_puts(b, ", ");
		put_bpf_filter_insn(b, p + 8 * i, kind);
	}
	if (i < count) {
		sbuf_puts(b, ", ...");
		if (i == have && !cut && i < 4096)
			sbuf_printf(b, " /* %#llx */", (unsigned long long)(addr + 8ull * i));
	}
	sbuf_putc(b, ']');
}

/*
 * Argument i, a struct sock_fprog {u16 len; struct sock_filter *filter;},
 * and the program it points to (captured as a second cap, CAP_ELEM): with
 * -v the instructions, without it the pointer, as strace.
 */
void put_sock_fprog_arg(struct sbuf *b, const struct ev_syscall *e, size_t size, int i,
			enum bpf_filter_kind kind)
{
	const struct cap *c, *pc;
	const char *data, *pdata;
	uint16_t n;
	uint64_t filter;

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (!cap_exit(e, size, i, &c, &data) || c->len < 16) {
		put_ptr(b, e->args[i]);
		return;
	}
	memcpy(&n, data, 2);
	memcpy(&filter, data + 8, 8);
	sbuf_printf(b, "{len=%u, filter=", n);
	if (!decode_verbose())
		put_ptr(b, filter);
	else if (cap_find_flagged(e, size, i, CAP_ELEM, &pc, &pdata) && !(pc->flags & CAP_FAULT))
		put_bpf_filter(b, filter, n, (const uint8_t *)pdata, pc->len,
			       pc->flags & CAP_TRUNC, kind);
	else
		put_bpf_filter(b, filter, n, NULL, 0, false, kind);
	sbuf_putc(b, '}');
}

static const struct flag ebpf_regs[] = {
	{ 0, "BPF_REG_0" }, { 1, "BPF_REG_1" }, { 2, "BPF_REG_2" }, { 3, "BPF_REG_3" },
	{ 4, "BPF_REG_4" }, { 5, "BPF_REG_5" }, { 6, "BPF_REG_6" }, { 7, "BPF_REG_7" },
	{ 8, "BPF_REG_8" }, { 9, "BPF_REG_9" }, { 10, "BPF_REG_10" },
};

/* one eBPF instruction (struct bpf_insn, 8 bytes) as strace -v shows it */
void put_ebpf_insn(struct sbuf *b, const uint8_t *e)
{
	int16_t off;
	uint32_t imm;

	memcpy(&off, e + 2, 2);
	memcpy(&imm, e + 4, 4);
	sbuf_puts(b, "{code=");
	put_code(b, e[0], true);
	sbuf_puts(b, ", dst_reg=");
	put_enum_x(b, e[1] & 0xf, ebpf_regs, N(ebpf_regs), "BPF_REG_???");
	sbuf_puts(b, ", src_reg=");
	put_enum_x(b, e[1] >> 4, ebpf_regs, N(ebpf_regs), "BPF_REG_???");
	sbuf_printf(b, ", off=%d, imm=", off);
	put_hex0(b, imm);
	sbuf_putc(b, '}');
}
