// SPDX-License-Identifier: GPL-2.0
/*
 * Flags of the file calls beyond open: flock operations, renameat2,
 * xattr, inotify, eventfd, memfd and seal flags, openat2's struct open_how
 * and utimensat's pair of times.  Names in the order strace prints them.
 */
#include <string.h>

#include "flagtab.h"

static const struct flag flock_ops[] = {
	{ 1, "LOCK_SH" }, { 2, "LOCK_EX" }, { 4, "LOCK_NB" }, { 8, "LOCK_UN" },
	{ 32, "LOCK_MAND" }, { 64, "LOCK_READ" }, { 128, "LOCK_WRITE" },
};
FLAG_DECODER(decode_flock_op, flock_ops)

static const struct flag rename_flags[] = {
	{ 1, "RENAME_NOREPLACE" }, { 2, "RENAME_EXCHANGE" }, { 4, "RENAME_WHITEOUT" },
};
FLAG_DECODER(decode_rename_flags, rename_flags)

static const struct flag xattr_flags[] = { { 1, "XATTR_CREATE" }, { 2, "XATTR_REPLACE" } };
FLAG_DECODER(decode_xattr_flags, xattr_flags)

static const struct flag in_init_flags[] = { { 04000, "IN_NONBLOCK" }, { 02000000, "IN_CLOEXEC" } };
FLAG_DECODER(decode_inotify_init_flags, in_init_flags)

static const struct flag in_mask[] = {
	{ 0x1, "IN_ACCESS" }, { 0x2, "IN_MODIFY" }, { 0x4, "IN_ATTRIB" },
	{ 0x8, "IN_CLOSE_WRITE" }, { 0x10, "IN_CLOSE_NOWRITE" }, { 0x20, "IN_OPEN" },
	{ 0x40, "IN_MOVED_FROM" }, { 0x80, "IN_MOVED_TO" }, { 0x100, "IN_CREATE" },
	{ 0x200, "IN_DELETE" }, { 0x400, "IN_DELETE_SELF" }, { 0x800, "IN_MOVE_SELF" },
	{ 0x2000, "IN_UNMOUNT" }, { 0x4000, "IN_Q_OVERFLOW" }, { 0x8000, "IN_IGNORED" },
	{ 0x1000000, "IN_ONLYDIR" }, { 0x2000000, "IN_DONT_FOLLOW" },
	{ 0x4000000, "IN_EXCL_UNLINK" }, { 0x10000000, "IN_MASK_CREATE" },
	{ 0x20000000, "IN_MASK_ADD" }, { 0x40000000, "IN_ISDIR" }, { 0x80000000, "IN_ONESHOT" },
};
FLAG_DECODER(decode_inotify_mask, in_mask)

static const struct flag efd_flags[] = {
	{ 02000000, "EFD_CLOEXEC" }, { 04000, "EFD_NONBLOCK" }, { 1, "EFD_SEMAPHORE" },
};
FLAG_DECODER(decode_eventfd_flags, efd_flags)

static const struct flag mfd_flags[] = {
	{ 1, "MFD_CLOEXEC" }, { 2, "MFD_ALLOW_SEALING" }, { 4, "MFD_HUGETLB" },
	{ 8, "MFD_NOEXEC_SEAL" }, { 0x10, "MFD_EXEC" },
};
FLAG_DECODER(decode_memfd_flags, mfd_flags)

static const struct flag seals[] = {
	{ 1, "F_SEAL_SEAL" }, { 2, "F_SEAL_SHRINK" }, { 4, "F_SEAL_GROW" }, { 8, "F_SEAL_WRITE" },
	{ 0x10, "F_SEAL_FUTURE_WRITE" }, { 0x20, "F_SEAL_EXEC" },
};
FLAG_DECODER(decode_seals, seals)

static const struct flag resolve_flags[] = {
	{ 1, "RESOLVE_NO_XDEV" }, { 2, "RESOLVE_NO_MAGICLINKS" }, { 4, "RESOLVE_NO_SYMLINKS" },
	{ 8, "RESOLVE_BENEATH" }, { 0x10, "RESOLVE_IN_ROOT" }, { 0x20, "RESOLVE_CACHED" },
};

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
	put_rest(b, how[2], put_flags(b, &how[2], resolve_flags, N(resolve_flags), 1), "0");
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
