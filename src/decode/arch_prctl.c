// SPDX-License-Identifier: GPL-2.0
/*
 * arch_prctl(2)'s second argument, as strace 6.1 prints it for each
 * option: where ARCH_GET_FS/GS write the base ("[0x7f...]" after success),
 * the xfeature mask the ARCH_GET_XCOMP_* options write ("[0x7 /\*
 * XFEATURE_MASK_FPSSE|XFEATURE_MASK_YMM *\/]"), the xfeature number the
 * ARCH_REQ_XCOMP_* options take ("0x12 /\* XFEATURE_XTILE_DATA *\/", the
 * number first in every -X style), none for ARCH_GET_CPUID, else the
 * value in hex.  The kernel side captures 8 bytes there at exit.
 * Values: arch/x86/include/uapi/asm/prctl.h, fpu/types.h's xfeatures.
 */
#include <string.h>

#include "flagtab.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

enum {
	GET_FS = 0x1003, GET_GS = 0x1004, GET_CPUID = 0x1011, GET_XCOMP_SUPP = 0x1021,
	GET_XCOMP_PERM = 0x1022, REQ_XCOMP_PERM = 0x1023, GET_XCOMP_GUEST_PERM = 0x1024,
	REQ_XCOMP_GUEST_PERM = 0x1025,
};

/* the masks, groups before their members (strace's order) */
static const struct flag xfeature_masks[] = {
	{ 0x3, "XFEATURE_MASK_FPSSE" }, { 0x1, "XFEATURE_MASK_FP" },
	{ 0x2, "XFEATURE_MASK_SSE" }, { 0x4, "XFEATURE_MASK_YMM" },
	{ 0x8, "XFEATURE_MASK_BNDREGS" }, { 0x10, "XFEATURE_MASK_BNDCSR" },
	{ 0xe0, "XFEATURE_MASK_AVX512" }, { 0x20, "XFEATURE_MASK_OPMASK" },
	{ 0x40, "XFEATURE_MASK_ZMM_Hi256" }, { 0x80, "XFEATURE_MASK_Hi16_ZMM" },
	{ 0x100, "XFEATURE_MASK_PT" }, { 0x200, "XFEATURE_MASK_PKRU" },
	{ 0x400, "XFEATURE_MASK_PASID" }, { 0x8000, "XFEATURE_MASK_LBR" },
	{ 0x60000, "XFEATURE_MASK_XTILE" }, { 0x20000, "XFEATURE_MASK_XTILE_CFG" },
	{ 0x40000, "XFEATURE_MASK_XTILE_DATA" },
};
#define XFEATURE_KNOWN 0x687ffull

static const char *const xfeatures[] = {
	"XFEATURE_FP", "XFEATURE_SSE", "XFEATURE_YMM", "XFEATURE_BNDREGS",
	"XFEATURE_BNDCSR", "XFEATURE_OPMASK", "XFEATURE_ZMM_Hi256", "XFEATURE_Hi16_ZMM",
	"XFEATURE_PT_UNIMPLEMENTED_SO_FAR", "XFEATURE_PKRU", "XFEATURE_PASID", NULL, NULL,
	NULL, NULL, "XFEATURE_LBR", NULL, "XFEATURE_XTILE_CFG", "XFEATURE_XTILE_DATA",
};

/* "0x7 /\* XFEATURE_MASK_FPSSE|XFEATURE_MASK_YMM *\/": the number, then
 * the names but with -X raw */
static void put_xfeature_mask(struct sbuf *b, uint64_t v)
{
	uint64_t rest = v;

	if (!v) {
		sbuf_putc(b, '0');
		return;
	}
	sbuf_hex(b, v);
	if (decode_xlat() == XLAT_RAW)
		return;
	sbuf_puts(b, " /* ");
	if (put_flags(b, &rest, xfeature_masks, N(xfeature_masks), 1))
		sbuf_puts(b, "XFEATURE_MASK_???");
	else if (rest)
		sbuf_printf(b, "|%#llx", (unsigned long long)rest);
	sbuf_puts(b, " */");
}

void put_arch_prctl_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
			const struct ev_syscall *e, size_t size, int i)
{
	uint32_t op = (uint32_t)e->args[0];
	uint64_t v = e->args[i], w;
	const struct cap *c;
	const char *data;
	bool wrote;

	(void)f;
	(void)d;
	wrote = e->ret >= 0 && v && cap_exit(e, size, i, &c, &data) && c->len >= 8;
	if (wrote)
		memcpy(&w, data, 8);
	switch (op) {
	case GET_FS: case GET_GS:
		if (!wrote) {
			put_ptr(b, v);
			return;
		}
		sbuf_putc(b, '[');
		put_ptr(b, w);
		sbuf_putc(b, ']');
		return;
	case GET_XCOMP_SUPP: case GET_XCOMP_PERM: case GET_XCOMP_GUEST_PERM:
		if (!wrote) {
			put_ptr(b, v);
			return;
		}
		sbuf_putc(b, '[');
		put_xfeature_mask(b, w);
		sbuf_putc(b, ']');
		return;
	case REQ_XCOMP_PERM: case REQ_XCOMP_GUEST_PERM: {
		const char *name = v < N(xfeatures) ? xfeatures[v] : NULL;

		put_hex0(b, v);
		if (decode_xlat() != XLAT_RAW)
			sbuf_printf(b, " /* %s */", name ? name : "XFEATURE_???");
		return;
	}
	}
	put_hex0(b, v);
}

int arch_prctl_shown_args(const struct ev_syscall *e)
{
	return (uint32_t)e->args[0] == GET_CPUID ? 1 : 2;
}

bool arch_prctl_result_hex(const struct ev_syscall *e)
{
	uint32_t op = (uint32_t)e->args[0];

	return (op == REQ_XCOMP_PERM || op == REQ_XCOMP_GUEST_PERM) && e->ret > 0;
}

void put_arch_prctl_result(struct sbuf *b, const struct ev_syscall *e)
{
	uint64_t rest = (uint64_t)e->ret;

	if (!arch_prctl_result_hex(e) || decode_xlat() == XLAT_RAW ||
	    !(rest & XFEATURE_KNOWN))
		return;
	sbuf_puts(b, " (");
	put_flags(b, &rest, xfeature_masks, N(xfeature_masks), 1);
	if (rest)
		sbuf_printf(b, "|%#llx", (unsigned long long)rest);
	sbuf_putc(b, ')');
}
