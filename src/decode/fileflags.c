// SPDX-License-Identifier: GPL-2.0
/*
 * Flags of the file calls beyond open: flock operations, renameat2,
 * xattr, inotify, eventfd, memfd and seal flags, openat2's struct open_how
 * and utimensat's pair of times.  Names in the order strace prints them.
 */
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

FLAG_DECODER(decode_flock_op, xlat_flock_ops)

FLAG_DECODER(decode_rename_flags, xlat_rename_flags)

FLAG_DECODER(decode_xattr_flags, xlat_xattr_flags)

FLAG_DECODER(decode_inotify_init_flags, xlat_in_init_flags)

FLAG_DECODER(decode_inotify_mask, xlat_in_mask)

FLAG_DECODER(decode_eventfd_flags, xlat_efd_flags)

FLAG_DECODER(decode_memfd_flags, xlat_mfd_flags)

FLAG_DECODER(decode_seals, xlat_seals)

/* struct open_how {u64 flags, mode, resolve}: mode only when the flags
 * create a file */
void decode_open_how(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint64_t how[3];

	if (too_short(b, len, sizeof(how)))
		return;
	memcpy(how, p, sizeof(how));
	sbuf_puts(b, "{flags=");
	decode_open_flags(b, how[0]);
	if (how[0] & (0100 | 020000000)) {
		sbuf_puts(b, ", mode=");
		sbuf_oct(b, how[1]);
	}
	sbuf_puts(b, ", resolve=");
	put_rest(b, how[2], put_flags(b, &how[2], xlat_resolve_flags, N(xlat_resolve_flags), 1), "0");
	sbuf_putc(b, '}');
}

/* utimensat's two timespecs: UTIME_NOW and UTIME_OMIT by name, times
 * with their date */
void decode_utimes(struct sbuf *b, const uint8_t *p, size_t len)
{
	if (too_short(b, len, 32))
		return;
	sbuf_putc(b, '[');
	for (int i = 0; i < 2; i++) {
		int64_t t[2];

		memcpy(t, p + i * 16, sizeof(t));
		if (i)
			sbuf_puts(b, ", ");
		if (t[1] == (1 << 30) - 1) {
			sbuf_puts(b, "UTIME_NOW");
		} else if (t[1] == (1 << 30) - 2) {
			sbuf_puts(b, "UTIME_OMIT");
		} else {
			sbuf_printf(b, "{tv_sec=%lld, tv_nsec=%lld}", (long long)t[0], (long long)t[1]);
			decode_date(b, t[0], (uint32_t)t[1]);
		}
	}
	sbuf_putc(b, ']');
}
