// SPDX-License-Identifier: GPL-2.0
/*
 * Flags of the calls container runtimes and system tools make: mount and
 * umount2, splice/tee/vmsplice, mlockall, sync_file_range, pidfd_open,
 * personality.  Values as the uapi headers.
 */
#include "flagtab.h"
#include "xlat_tables.h"

/* mount's flags: the old magic number in the high half first, if there */
void decode_mount_flags(struct sbuf *b, uint64_t v)
{
	int first = 1;

	v = (uint32_t)v;
	if ((v & 0xffff0000) == 0xc0ed0000) {
		sbuf_puts(b, "MS_MGC_VAL");
		v &= 0xffff;
		first = 0;
	}
	put_rest(b, v, put_flags(b, &v, xlat_mount_flags, N(xlat_mount_flags), first), "0");
}

FLAG_DECODER(decode_umount_flags, xlat_umount_flags)

FLAG_DECODER(decode_splice_flags, xlat_splice_flags)

FLAG_DECODER(decode_mlockall_flags, xlat_mlockall_flags)

FLAG_DECODER(decode_sync_file_range_flags, xlat_sfr_flags)

FLAG_DECODER(decode_pidfd_flags, xlat_pidfd_flags)

/* a personality: its execution domain, then its flags; 0xffffffff (a
 * query) as it is */
void decode_personality(struct sbuf *b, uint64_t v)
{
	uint64_t f = (uint32_t)v & ~0x80000fu, dom = (uint32_t)v & 0x80000f;

	if ((uint32_t)v == 0xffffffff) {
		sbuf_hex(b, 0xffffffff);
		return;
	}
	put_enum(b, dom, xlat_personality_domains, N(xlat_personality_domains), "PER_???");
	put_rest(b, f, put_flags(b, &f, xlat_personality_flags, N(xlat_personality_flags), 0), "");
}
