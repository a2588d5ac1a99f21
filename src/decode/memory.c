// SPDX-License-Identifier: GPL-2.0
/*
 * Memory calls: mmap protections and flags, madvise, msync, mremap,
 * mlockall.
 */
#include <stddef.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

/* all 64 bits (the kernel's unsigned long); -X here, not by the kind's
 * 32-bit HEX */
void decode_mmap_prot(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	if (v)
		put_flagset_q64(b, v, xlat_prot_flags, N(xlat_prot_flags), "PROT_???");
	else
		sbuf_puts(b, "PROT_NONE");
	xlat_finish(b, mark, v, XF_HEX);
}

FLAG_DECODER_Q(decode_mlock2_flags, xlat_mlock2_flags, "MLOCK_???");

void decode_mmap_flags(struct sbuf *b, uint64_t v)
{
	static const char *const type[] = { "MAP_FILE", "MAP_SHARED", "MAP_PRIVATE",
					     "MAP_SHARED_VALIDATE" };

	/* bits 26-31: a huge page size's log2, as strace reads them always
	 * (MAP_UNINITIALIZED, which shares them, is never named) */
	unsigned huge = (v >> 26) & 0x3f;

	/* the type: MAP_TYPE's four bits */
	if ((v & 0xf) < 4)
		sbuf_puts(b, type[v & 0xf]);
	else
		sbuf_printf(b, "%#llx /* MAP_??? */", (unsigned long long)(v & 0xf));
	v &= ~0xfull & ~(0x3full << 26);
	put_rest(b, v, put_flags(b, &v, xlat_mmap_flags, N(xlat_mmap_flags), 0), "");
	if (huge)
		sbuf_printf(b, "|%u<<MAP_HUGE_SHIFT", huge);
}

void decode_madvise(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_madvise, N(xlat_madvise), "MADV_???");
}

FLAG_DECODER_Q(decode_mlockall_flags, xlat_mlockall_flags, "MCL_???");
void decode_msync_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_msync_flags, N(xlat_msync_flags));
}

void decode_mremap_flags(struct sbuf *b, uint64_t v)
{
	put_rest(b, v, put_flags(b, &v, xlat_mremap_flags, N(xlat_mremap_flags), 1), "0");
}

/* set_mempolicy's and mbind's mode: the policy, then its flags; an
 * unknown policy after the flags, in hex (strace's order) */
void decode_mpol_mode(struct sbuf *b, uint64_t v)
{
	uint64_t flags = v & 0xe000, mode = v & ~0xe000ull;
	size_t mark = b->len;
	bool known = false;

	for (size_t i = 0; i < N(xlat_mpol_modes); i++)
		known |= xlat_mpol_modes[i].val == mode;
	if (known) {
		put_enum(b, mode, xlat_mpol_modes, N(xlat_mpol_modes), NULL);
		if (flags) {
			sbuf_putc(b, '|');
			put_flags(b, &flags, xlat_mpol_mode_flags, N(xlat_mpol_mode_flags), 1);
		}
	} else {
		put_flagset_q64(b, v, xlat_mpol_mode_flags, N(xlat_mpol_mode_flags), "MPOL_???");
	}
	xlat_finish(b, mark, v, XF_HEX);
}

void decode_mpol_mode32(struct sbuf *b, uint64_t v)
{
	decode_mpol_mode(b, (uint32_t)v);
}

void decode_mbind_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_mbind_flags, N(xlat_mbind_flags), "MPOL_???");
}

void decode_get_mempolicy_flags(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	put_flagset_q64(b, v, xlat_get_mempolicy_flags, N(xlat_get_mempolicy_flags),
			"MPOL_???");
	xlat_finish(b, mark, v, XF_HEX);
}

void decode_move_pages_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_move_pages_flags, N(xlat_move_pages_flags), "MPOL_???");
}

/* get_mempolicy's policy: "[MPOL_DEFAULT]" */
void decode_mpol_modep(struct sbuf *b, const uint8_t *p, size_t len)
{
	int32_t m;
	size_t mark;

	memcpy(&m, p, 4);
	sbuf_putc(b, '[');
	mark = b->len;
	put_enum(b, (uint32_t)m, xlat_mpol_modes, N(xlat_mpol_modes), "MPOL_???");
	xlat_finish(b, mark, (uint32_t)m, XF_HEX);
	sbuf_putc(b, ']');
	(void)len;
}

/* A node mask of maxnode bits (the kernel reads maxnode - 1 of them, in
 * longs): its longs as "%#016lx", -s of them; "... /\* addr *\/" where
 * the process's memory ends (the capture is cut at the page), "..." where
 * the capture (256 bytes) does; the address alone when the count
 * overflows, as strace.  p is NULL when nothing could be read. */
void decode_nodemask(struct sbuf *b, uint64_t addr, uint64_t maxnode, const uint8_t *p,
		     size_t len, bool cut, size_t max)
{
	uint64_t n = maxnode ? (maxnode - 1 + 63) / 64 : 0, k;

	if (!addr) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (n < maxnode / 64 || (maxnode && !n) || (n && addr + n * 8 <= addr)) {
		sbuf_hex(b, addr);
		return;
	}
	if (!n) {
		sbuf_puts(b, "[]");
		return;
	}
	if (!p || len < 8) {
		sbuf_hex(b, addr);
		return;
	}
	sbuf_putc(b, '[');
	for (k = 0; k < n; k++) {
		if (k)
			sbuf_puts(b, ", ");
		/* (strace reads the element before it looks at -s) */
		if ((k + 1) * 8 > len && !cut) {
			sbuf_printf(b, "... /* %#llx */", (unsigned long long)(addr + k * 8));
			break;
		}
		if (k >= max || (k + 1) * 8 > len) {
			sbuf_puts(b, "...");
			break;
		}
		sbuf_printf(b, "%#016llx", (unsigned long long)load_u64(p, k * 8));
	}
	sbuf_putc(b, ']');
}
