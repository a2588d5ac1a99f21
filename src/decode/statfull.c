// SPDX-License-Identifier: GPL-2.0
/*
 * -v: struct stat and struct statx with every field, as strace -v prints
 * them, times followed by their date in a C comment (in the local time
 * zone, as strace does).  x86_64 layouts.
 */
#include <string.h>
#include <time.h>

#include "decode.h"

static uint64_t u64_at(const uint8_t *p, size_t off)
{
	uint64_t v;

	memcpy(&v, p + off, 8);
	return v;
}

static uint32_t u32_at(const uint8_t *p, size_t off)
{
	uint32_t v;

	memcpy(&v, p + off, 4);
	return v;
}

/* the date of a time, "2026-11-21T15:10:33.544484795+0000", in a comment */
void decode_date(struct sbuf *b, int64_t sec, uint32_t nsec)
{
	time_t t = (time_t)sec;
	struct tm tm;
	char s[64], z[16];

	if (!localtime_r(&t, &tm) || !strftime(s, sizeof(s), "%Y-%m-%dT%H:%M:%S", &tm) ||
	    !strftime(z, sizeof(z), "%z", &tm))
		return;
	sbuf_printf(b, " /* %s", s);
	if (nsec)
		sbuf_printf(b, ".%09u", nsec);
	sbuf_printf(b, "%s */", z);
}

/* st_dev 0, st_ino 8, st_nlink 16, st_mode 24, st_uid 28, st_gid 32,
 * st_rdev 40, st_size 48, st_blksize 56, st_blocks 64, then atime, mtime,
 * ctime as {sec, nsec} pairs from 72 */
void decode_stat_full(struct sbuf *b, const uint8_t *p, size_t len)
{
	static const char *const times[] = { "st_atime", "st_mtime", "st_ctime" };
	uint32_t mode = u32_at(p, 24), type = mode & 0170000;

	(void)len;
	sbuf_puts(b, "{st_dev=");
	decode_makedev(b, u64_at(p, 0));
	sbuf_printf(b, ", st_ino=%llu, st_mode=", (unsigned long long)u64_at(p, 8));
	decode_mode(b, mode);
	sbuf_printf(b, ", st_nlink=%llu, st_uid=%u, st_gid=%u, st_blksize=%lld, st_blocks=%lld",
		    (unsigned long long)u64_at(p, 16), u32_at(p, 28), u32_at(p, 32),
		    (long long)u64_at(p, 56), (long long)u64_at(p, 64));
	if (type == 0020000 || type == 0060000) {
		sbuf_puts(b, ", st_rdev=");
		decode_makedev(b, u64_at(p, 40));
	} else {
		sbuf_printf(b, ", st_size=%lld", (long long)u64_at(p, 48));
	}
	for (int i = 0; i < 3; i++) {
		int64_t sec = (int64_t)u64_at(p, 72 + i * 16);
		uint64_t nsec = u64_at(p, 80 + i * 16);

		sbuf_printf(b, ", %s=%lld", times[i], (long long)sec);
		decode_date(b, sec, (uint32_t)nsec);
		sbuf_printf(b, ", %s_nsec=%llu", times[i], (unsigned long long)nsec);
	}
	sbuf_putc(b, '}');
}

/* stx_mask 0, stx_blksize 4, stx_attributes 8, stx_nlink 16, stx_uid 20,
 * stx_gid 24, stx_mode 28 (u16), stx_ino 32, stx_size 40, stx_blocks 48,
 * stx_attributes_mask 56, atime 64, btime 80, ctime 96, mtime 112 ({i64 sec,
 * u32 nsec}), rdev major/minor 128/132, dev major/minor 136/140, mnt_id 144 */
void decode_statx_full(struct sbuf *b, const uint8_t *p, size_t len)
{
	static const char *const times[] = { "stx_atime", "stx_btime", "stx_ctime", "stx_mtime" };
	uint16_t mode;

	(void)len;
	memcpy(&mode, p + 28, sizeof(mode));
	sbuf_puts(b, "{stx_mask=");
	decode_statx_mask_field(b, u32_at(p, 0));
	sbuf_printf(b, ", stx_blksize=%u, stx_attributes=", u32_at(p, 4));
	decode_statx_attrs(b, u64_at(p, 8));
	sbuf_printf(b, ", stx_nlink=%u, stx_uid=%u, stx_gid=%u, stx_mode=", u32_at(p, 16),
		    u32_at(p, 20), u32_at(p, 24));
	decode_mode(b, mode);
	sbuf_printf(b, ", stx_ino=%llu, stx_size=%llu, stx_blocks=%llu, stx_attributes_mask=",
		    (unsigned long long)u64_at(p, 32), (unsigned long long)u64_at(p, 40),
		    (unsigned long long)u64_at(p, 48));
	decode_statx_attrs(b, u64_at(p, 56));
	for (int i = 0; i < 4; i++) {
		int64_t sec = (int64_t)u64_at(p, 64 + i * 16);
		uint32_t nsec = u32_at(p, 72 + i * 16);

		sbuf_printf(b, ", %s={tv_sec=%lld, tv_nsec=%u}", times[i], (long long)sec, nsec);
		if (sec || nsec)
			decode_date(b, sec, nsec);
	}
	sbuf_printf(b, ", stx_rdev_major=%u, stx_rdev_minor=%u, stx_dev_major=%u, "
		    "stx_dev_minor=%u, stx_mnt_id=", u32_at(p, 128), u32_at(p, 132),
		    u32_at(p, 136), u32_at(p, 140));
	if (u64_at(p, 144))
		sbuf_hex(b, u64_at(p, 144));
	else
		sbuf_putc(b, '0');
	sbuf_putc(b, '}');
}
