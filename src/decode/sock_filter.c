// SPDX-License-Identifier: GPL-2.0
/*
 * One classic BPF instruction (struct sock_filter, <linux/filter.h>) as
 * the macro that builds it: "BPF_STMT(BPF_LD|BPF_B|BPF_ABS,
 * SKF_AD_OFF+SKF_AD_PKTTYPE)", "BPF_JUMP(BPF_JMP|BPF_K|BPF_JEQ, 0x2a, 0,
 * 0x1)", the way strace prints socket filters.  Opcode values as
 * <linux/bpf_common.h> and <linux/filter.h>.
 */
#include <string.h>

#include "decode.h"
#include "flagtab.h"

static const char *const ld_size[4] = { "BPF_W", "BPF_H", "BPF_B", "BPF_DW" };
static const char *const ld_mode[8] = { "BPF_IMM", "BPF_ABS", "BPF_IND", "BPF_MEM",
					"BPF_LEN", "BPF_MSH", NULL, NULL };
static const char *const alu_op[16] = { "BPF_ADD", "BPF_SUB", "BPF_MUL", "BPF_DIV", "BPF_OR",
					"BPF_AND", "BPF_LSH", "BPF_RSH", "BPF_NEG", "BPF_MOD",
					"BPF_XOR" };
static const char *const jmp_op[16] = { "BPF_JA", "BPF_JEQ", "BPF_JGT", "BPF_JGE", "BPF_JSET" };
static const char *const ret_val[4] = { "BPF_K", "BPF_X", "BPF_A", NULL };
/* the ancillary loads: SKF_AD_OFF (-0x1000) + 4 * index */
static const char *const skf_ad[16] = {
	"SKF_AD_PROTOCOL", "SKF_AD_PKTTYPE", "SKF_AD_IFINDEX", "SKF_AD_NLATTR",
	"SKF_AD_NLATTR_NEST", "SKF_AD_MARK", "SKF_AD_QUEUE", "SKF_AD_HATYPE",
	"SKF_AD_RXHASH", "SKF_AD_CPU", "SKF_AD_ALU_XOR_X", "SKF_AD_VLAN_TAG",
	"SKF_AD_VLAN_TAG_PRESENT", "SKF_AD_PAY_OFFSET", "SKF_AD_RANDOM", "SKF_AD_VLAN_TPID",
};

static const char *const class_name[8] = { "BPF_LD", "BPF_LDX", "BPF_ST", "BPF_STX",
					   "BPF_ALU", "BPF_JMP", "BPF_RET", "BPF_MISC" };

/* "|NAME", or "|0xBITS" when the table has no name for them */
static void part(struct sbuf *b, const char *name, unsigned bits)
{
	if (name)
		sbuf_printf(b, "|%s", name);
	else if (bits)
		sbuf_printf(b, "|%#x", bits);
}

static void put_k(struct sbuf *b, uint32_t k, bool ancillary)
{
	if (ancillary && k >= 0xfffff000u) {
		uint32_t a = k - 0xfffff000u;

		if (a % 4 == 0 && a / 4 < N(skf_ad) && skf_ad[a / 4]) {
			sbuf_printf(b, "SKF_AD_OFF+%s", skf_ad[a / 4]);
			return;
		}
	}
	sbuf_printf(b, "%#x", k);
}

void put_sock_filter_insn(struct sbuf *b, const uint8_t *e)
{
	uint16_t code;
	uint8_t jt = e[2], jf = e[3];
	uint32_t k;
	unsigned cls;
	bool jump = false, ancillary = false;

	memcpy(&code, e, 2);
	memcpy(&k, e + 4, 4);
	cls = code & 7;
	/* the macro is decided before the opcode is printed */
	if (cls == 5 && (code & 0xf0) != 0)
		jump = true;
	sbuf_printf(b, "%s(%s", jump ? "BPF_JUMP" : "BPF_STMT", class_name[cls]);
	switch (cls) {
	case 0:			/* LD, LDX: size, mode */
	case 1:
		part(b, ld_size[(code >> 3) & 3], 0);
		part(b, ld_mode[(code >> 5) & 7], code & 0xe0);
		ancillary = (code & 0xe0) == 0x20 || (code & 0xe0) == 0x40;
		code &= ~0xff;
		break;
	case 4:			/* ALU, JMP: source, operation */
	case 5:
		sbuf_puts(b, code & 8 ? "|BPF_X" : "|BPF_K");
		part(b, (cls == 4 ? alu_op : jmp_op)[(code >> 4) & 15], code & 0xf0);
		code &= ~0xff;
		break;
	case 6:			/* RET: what is returned */
		part(b, ret_val[(code >> 3) & 3], code & 0x18);
		code &= ~0x1f;
		break;
	case 7:			/* MISC: TAX, TXA */
		part(b, (code & 0xf8) == 0 ? "BPF_TAX" : (code & 0xf8) == 0x80 ? "BPF_TXA" : NULL,
		     code & 0xf8);
		code &= ~0xff;
		break;
	}
	code &= ~7;
	if (cls == 2 || cls == 3)	/* ST, STX: nothing more */
		code = 0;
	if (code)
		sbuf_printf(b, "|%#x", code);
	sbuf_puts(b, ", ");
	put_k(b, k, ancillary);
	if (jump)
		sbuf_printf(b, ", %#x, %#x", jt, jf);
	sbuf_putc(b, ')');
}
