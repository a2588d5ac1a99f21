// SPDX-License-Identifier: GPL-2.0
/*
 * Memory calls: mmap protections and flags, madvise, msync, mremap,
 * mlockall.
 */
#include <stddef.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

void decode_mmap_prot(struct sbuf *b, uint64_t v)
{
	put_rest(b, v, put_flags(b, &v, xlat_prot_flags, N(xlat_prot_flags), 1), "PROT_NONE");
}

FLAG_DECODER_Q(decode_mlock2_flags, xlat_mlock2_flags, "MLOCK_???");

void decode_mmap_flags(struct sbuf *b, uint64_t v)
{
	static const char *const type[] = { "MAP_FILE", "MAP_SHARED", "MAP_PRIVATE",
					     "MAP_SHARED_VALIDATE" };

	/* bits 26-31: a huge page size's log2, as strace reads them always
	 * (MAP_UNINITIALIZED, which shares them, is never named) */
	unsigned huge = (v >> 26) & 0x3f;

	sbuf_puts(b, type[v & 3]);
	v &= ~3ull & ~(0x3full << 26);
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
