// SPDX-License-Identifier: GPL-2.0
/*
 * prctl(2)'s options about CPU features, as strace 6.1 prints them: the
 * SVE and SME vector lengths (a length in the low 16 bits, flags above),
 * the tagged address ABI's control word, pointer authentication keys,
 * syscall user dispatch, and the flag words PR_GET_SECUREBITS and
 * PR_GET_FP_MODE return.  Most are arm64's or MIPS's: on x86_64 they fail,
 * but programs and strace's tests make them anyway.
 */
#include <stdio.h>

#include "flagtab.h"
#include "../../bpf/event.h"

/* the option numbers (Linux 6.1's headers have them all; fixed here
 * because recordings are read on other machines) */
enum {
	OPT_GET_SECUREBITS = 27, OPT_GET_FP_MODE = 46, OPT_SVE_SET_VL = 50,
	OPT_SVE_GET_VL = 51, OPT_PAC_RESET_KEYS = 54, OPT_SET_TAGGED_ADDR_CTRL = 55,
	OPT_GET_TAGGED_ADDR_CTRL = 56, OPT_SET_SYSCALL_USER_DISPATCH = 59,
	OPT_PAC_SET_ENABLED_KEYS = 60, OPT_PAC_GET_ENABLED_KEYS = 61,
	OPT_SME_SET_VL = 63, OPT_SME_GET_VL = 64, OPT_GET_UNALIGN = 5,
};

#define VL_LEN_MASK	0xffffull
#define VL_INHERIT	(1ull << 17)
#define VL_ONEXEC	(1ull << 18)

static const struct flag pac_keys[] = {
	{ 1, "PR_PAC_APIAKEY" }, { 2, "PR_PAC_APIBKEY" }, { 4, "PR_PAC_APDAKEY" },
	{ 8, "PR_PAC_APDBKEY" }, { 16, "PR_PAC_APGAKEY" },
};

static const struct flag secbits[] = {
	{ 1, "SECBIT_NOROOT" }, { 2, "SECBIT_NOROOT_LOCKED" },
	{ 4, "SECBIT_NO_SETUID_FIXUP" }, { 8, "SECBIT_NO_SETUID_FIXUP_LOCKED" },
	{ 16, "SECBIT_KEEP_CAPS" }, { 32, "SECBIT_KEEP_CAPS_LOCKED" },
	{ 64, "SECBIT_NO_CAP_AMBIENT_RAISE" }, { 128, "SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED" },
};

static const struct flag fp_modes[] = { { 1, "PR_FP_MODE_FR" }, { 2, "PR_FP_MODE_FRE" } };

/* "PR_SVE_SET_VL_ONEXEC|PR_SVE_VL_INHERIT|0xff": a length below 0x10000
 * alone in hex, else the flags (those unknown in hex), then the length */
static void put_vl(struct sbuf *b, uint64_t v, const char *ext)
{
	uint64_t flags = v & ~VL_LEN_MASK, rest = flags & ~(VL_ONEXEC | VL_INHERIT);
	bool any = false;

	if (v <= VL_LEN_MASK) {
		put_hex0(b, v);
		return;
	}
	if (flags & VL_ONEXEC) {
		sbuf_printf(b, "PR_%s_SET_VL_ONEXEC", ext);
		any = true;
	}
	if (flags & VL_INHERIT) {
		sbuf_printf(b, "%sPR_%s_VL_INHERIT", any ? "|" : "", ext);
		any = true;
	}
	if (rest) {
		sbuf_printf(b, "%s%#llx", any ? "|" : "", (unsigned long long)rest);
		any = true;
	}
	sbuf_putc(b, '|');
	put_hex0(b, v & VL_LEN_MASK);
}

/* "PR_TAGGED_ADDR_ENABLE|PR_MTE_TCF_SYNC|0x1<<PR_MTE_TAG_SHIFT|0x..." */
static void put_tagged(struct sbuf *b, uint64_t v)
{
	static const char *const tcf[] = { "PR_MTE_TCF_NONE", "PR_MTE_TCF_SYNC",
					   "PR_MTE_TCF_ASYNC", "PR_MTE_TCF_MASK" };
	uint64_t tag = (v >> 3) & 0xffff, rest = v & ~0x7ffffull;

	sbuf_puts(b, v & 1 ? "PR_TAGGED_ADDR_ENABLE|" : "!PR_TAGGED_ADDR_ENABLE|");
	sbuf_puts(b, tcf[(v >> 1) & 3]);
	if (tag)
		sbuf_printf(b, "|%#llx<<PR_MTE_TAG_SHIFT", (unsigned long long)tag);
	if (rest)
		sbuf_printf(b, "|%#llx", (unsigned long long)rest);
}

/* a 64-bit flag word, -X as ever; 0 as "0" in every style */
static void put_flags_arg(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
			  const char *unknown)
{
	size_t mark;

	sbuf_puts(b, ", ");
	mark = b->len;
	if (!v) {
		sbuf_putc(b, '0');
		return;
	}
	put_flagset_q64(b, v, t, n, unknown);
	xlat_finish(b, mark, v, XF_HEX);
}

static void put_x(struct sbuf *b, uint64_t v)
{
	sbuf_puts(b, ", ");
	put_hex0(b, v);
}

bool put_prctl_cpu(struct sbuf *b, const struct ev_syscall *e)
{
	uint32_t op = (uint32_t)e->args[0];
	uint64_t a2 = e->args[1];
	size_t mark;

	switch (op) {
	case OPT_SVE_SET_VL: case OPT_SME_SET_VL:
		sbuf_puts(b, ", ");
		mark = b->len;
		put_vl(b, a2, op == OPT_SVE_SET_VL ? "SVE" : "SME");
		xlat_finish(b, mark, a2, XF_HEX);
		return true;
	case OPT_SVE_GET_VL: case OPT_SME_GET_VL: case OPT_GET_SECUREBITS:
	case OPT_GET_FP_MODE:
		return true;
	case OPT_SET_TAGGED_ADDR_CTRL:
		sbuf_puts(b, ", ");
		mark = b->len;
		put_tagged(b, a2);
		xlat_finish(b, mark, a2, XF_HEX);
		put_x(b, e->args[2]);
		put_x(b, e->args[3]);
		put_x(b, e->args[4]);
		return true;
	case OPT_PAC_RESET_KEYS:
		put_flags_arg(b, a2, pac_keys, N(pac_keys), "PR_PAC_???");
		put_x(b, e->args[2]);
		put_x(b, e->args[3]);
		put_x(b, e->args[4]);
		return true;
	case OPT_PAC_SET_ENABLED_KEYS:
		/* (strace's table of these has no generic key) */
		put_flags_arg(b, a2, pac_keys, 4, "PR_PAC_???");
		put_flags_arg(b, e->args[2], pac_keys, 4, "PR_PAC_???");
		put_x(b, e->args[3]);
		put_x(b, e->args[4]);
		return true;
	case OPT_SET_SYSCALL_USER_DISPATCH:
		sbuf_puts(b, ", ");
		mark = b->len;
		if (a2 <= 1)
			sbuf_puts(b, a2 ? "PR_SYS_DISPATCH_ON" : "PR_SYS_DISPATCH_OFF");
		else
			sbuf_printf(b, "%#llx /* PR_SYS_DISPATCH_??? */", (unsigned long long)a2);
		xlat_finish(b, mark, a2, XF_HEX);
		put_x(b, e->args[2]);
		put_x(b, e->args[3]);
		sbuf_puts(b, ", ");
		put_ptr(b, e->args[4]);	/* the selector byte's address */
		return true;
	case OPT_GET_UNALIGN:	/* where it writes; x86_64 has no such control */
		sbuf_puts(b, ", ");
		put_ptr(b, a2);
		return true;
	}
	return false;
}

bool prctl_cpu_result_hex(const struct ev_syscall *e)
{
	switch ((uint32_t)e->args[0]) {
	case OPT_SVE_SET_VL: case OPT_SVE_GET_VL: case OPT_SME_SET_VL: case OPT_SME_GET_VL:
	case OPT_GET_TAGGED_ADDR_CTRL: case OPT_GET_SECUREBITS: case OPT_GET_FP_MODE:
	case OPT_PAC_GET_ENABLED_KEYS:
		return e->ret > 0;
	}
	return false;
}

void put_prctl_cpu_result(struct sbuf *b, const struct ev_syscall *e)
{
	uint64_t r = (uint64_t)e->ret;
	uint32_t op = (uint32_t)e->args[0];

	if (e->ret < 0 || decode_xlat() == XLAT_RAW)
		return;
	switch (op) {
	case OPT_SVE_SET_VL: case OPT_SVE_GET_VL: case OPT_SME_SET_VL: case OPT_SME_GET_VL:
		if (r > VL_LEN_MASK) {
			sbuf_puts(b, " (");
			put_vl(b, r, op == OPT_SVE_SET_VL || op == OPT_SVE_GET_VL ? "SVE" : "SME");
			sbuf_putc(b, ')');
		}
		return;
	case OPT_GET_TAGGED_ADDR_CTRL:
		sbuf_puts(b, " (");
		put_tagged(b, r);
		sbuf_putc(b, ')');
		return;
	case OPT_GET_SECUREBITS: case OPT_GET_FP_MODE: case OPT_PAC_GET_ENABLED_KEYS: {
		const struct flag *t = op == OPT_GET_SECUREBITS ? secbits :
				       op == OPT_GET_FP_MODE ? fp_modes : pac_keys;
		size_t n = op == OPT_GET_SECUREBITS ? N(secbits) :
			   op == OPT_GET_FP_MODE ? N(fp_modes) : 4;
		uint64_t known = 0;

		for (size_t i = 0; i < n; i++)
			known |= t[i].val;
		/* strace: the names only when one of them is set */
		if (r & known) {
			sbuf_puts(b, " (");
			put_flagset_q64(b, r, t, n, NULL);
			sbuf_putc(b, ')');
		}
		return;
	}
	}
}
