// SPDX-License-Identifier: GPL-2.0
/*
 * stat, statx, statfs and directory entries: modes, devices, dates, the
 * abbreviated and the -v forms.  x86_64 layouts.
 */
#include <arpa/inet.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "flagtab.h"
#include "xlat_tables.h"

void decode_statx_mask(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_statx_mask, N(xlat_statx_mask), "STATX_???");
}

/* the date of a time, "2026-11-21T15:10:33.544484795+0000", in a comment */
/* "2026-11-25T16:38:59[.nnnnnnnnn]+0000", local time, as strace */
static bool date_text(char *out, size_t n, int64_t sec, uint32_t nsec)
{
	time_t t = (time_t)sec;
	struct tm tm;
	char s[64], z[16];

	if (!localtime_r(&t, &tm) || !strftime(s, sizeof(s), "%Y-%m-%dT%H:%M:%S", &tm) ||
	    !strftime(z, sizeof(z), "%z", &tm))
		return false;
	if (nsec)
		snprintf(out, n, "%s.%09u%s", s, nsec, z);
	else
		snprintf(out, n, "%s%s", s, z);
	return true;
}

void decode_date(struct sbuf *b, int64_t sec, uint32_t nsec)
{
	char s[96];

	/* the epoch itself, 0 and 0, has no comment in strace's output */
	if ((sec || nsec) && date_text(s, sizeof(s), sec, nsec))
		sbuf_printf(b, " /* %s */", s);
}

/* ...of a timeval: the fraction in microseconds */
static void date_us(struct sbuf *b, int64_t sec, uint32_t usec)
{
	char s[96];
	size_t n;

	if (!(sec || usec) || !date_text(s, sizeof(s), sec, 0) || (n = strlen(s)) < 5)
		return;
	if (usec)	/* before the zone, "+0000" */
		sbuf_printf(b, " /* %.*s.%06u%s */", (int)(n - 5), s, usec, s + n - 5);
	else
		sbuf_printf(b, " /* %s */", s);
}

/* utimes' and futimesat's two timevals, a date after each valid one */
void decode_timevals(struct sbuf *b, const uint8_t *p, size_t len)
{
	if (too_short(b, len, 32))
		return;
	sbuf_putc(b, '[');
	for (int i = 0; i < 2; i++) {
		int64_t sec = (int64_t)load_u64(p, i * 16);
		uint64_t usec = load_u64(p, i * 16 + 8);

		sbuf_printf(b, "%s{tv_sec=%lld, tv_usec=%llu}", i ? ", " : "", (long long)sec,
			    (unsigned long long)usec);
		if (usec < 1000000)
			date_us(b, sec, (uint32_t)usec);
	}
	sbuf_putc(b, ']');
}

/* utime's struct utimbuf */
void decode_utimbuf(struct sbuf *b, const uint8_t *p, size_t len)
{
	if (too_short(b, len, 16))
		return;
	sbuf_printf(b, "{actime=%lld", (long long)load_u64(p, 0));
	decode_date(b, (int64_t)load_u64(p, 0), 0);
	sbuf_printf(b, ", modtime=%lld", (long long)load_u64(p, 8));
	decode_date(b, (int64_t)load_u64(p, 8), 0);
	sbuf_putc(b, '}');
}

/* time()'s result: " (2026-11-25T16:38:59+0000)" */
void decode_date_paren(struct sbuf *b, int64_t sec)
{
	char s[96];

	if (date_text(s, sizeof(s), sec, 0))
		sbuf_printf(b, " (%s)", s);
}

/* time()'s tloc: "[1795624739 /\* 2026-11-25T16:38:59+0000 *\/]" */
void decode_time_t(struct sbuf *b, const uint8_t *p, size_t len)
{
	int64_t t;

	if (len < 8) {
		sbuf_puts(b, "[?]");
		return;
	}
	memcpy(&t, p, 8);
	sbuf_printf(b, "[%lld", (long long)t);
	decode_date(b, t, 0);
	sbuf_putc(b, ']');
}

/* st_dev 0, st_ino 8, st_nlink 16, st_mode 24, st_uid 28, st_gid 32,
 * st_rdev 40, st_size 48, st_blksize 56, st_blocks 64, then atime, mtime,
 * ctime as {sec, nsec} pairs from 72 */
void decode_stat_full(struct sbuf *b, const uint8_t *p, size_t len)
{
	static const char *const times[] = { "st_atime", "st_mtime", "st_ctime" };
	uint32_t mode = load_u32(p, 24), type = mode & 0170000;

	(void)len;
	sbuf_puts(b, "{st_dev=");
	decode_makedev(b, load_u64(p, 0));
	sbuf_printf(b, ", st_ino=%llu, st_mode=", (unsigned long long)load_u64(p, 8));
	decode_mode(b, mode);
	sbuf_printf(b, ", st_nlink=%llu, st_uid=%u, st_gid=%u, st_blksize=%lld, st_blocks=%lld",
		    (unsigned long long)load_u64(p, 16), load_u32(p, 28), load_u32(p, 32),
		    (long long)load_u64(p, 56), (long long)load_u64(p, 64));
	if (type == 0020000 || type == 0060000) {
		sbuf_puts(b, ", st_rdev=");
		decode_makedev(b, load_u64(p, 40));
	} else {
		sbuf_printf(b, ", st_size=%lld", (long long)load_u64(p, 48));
	}
	for (int i = 0; i < 3; i++) {
		int64_t sec = (int64_t)load_u64(p, 72 + i * 16);
		uint64_t nsec = load_u64(p, 80 + i * 16);

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
	static const uint32_t time_bits[] = { 0x20, 0x800, 0x80, 0x40 };
	uint16_t mode;

	(void)len;
	memcpy(&mode, p + 28, sizeof(mode));
	sbuf_puts(b, "{stx_mask=");
	decode_statx_mask_field(b, load_u32(p, 0));
	sbuf_printf(b, ", stx_blksize=%u, stx_attributes=", load_u32(p, 4));
	decode_statx_attrs(b, load_u64(p, 8));
	sbuf_printf(b, ", stx_nlink=%u, stx_uid=%u, stx_gid=%u, stx_mode=", load_u32(p, 16),
		    load_u32(p, 20), load_u32(p, 24));
	decode_mode(b, mode);
	sbuf_printf(b, ", stx_ino=%llu, stx_size=%llu, stx_blocks=%llu, stx_attributes_mask=",
		    (unsigned long long)load_u64(p, 32), (unsigned long long)load_u64(p, 40),
		    (unsigned long long)load_u64(p, 48));
	decode_statx_attrs(b, load_u64(p, 56));
	for (int i = 0; i < 4; i++) {
		int64_t sec = (int64_t)load_u64(p, 64 + i * 16);
		uint32_t nsec = load_u32(p, 72 + i * 16);

		/* as strace: a time only where stx_mask says the kernel gave
		 * it (STATX_ATIME, _BTIME, _CTIME, _MTIME) */
		if (!(load_u32(p, 0) & time_bits[i]))
			continue;
		sbuf_printf(b, ", %s={tv_sec=%lld, tv_nsec=%u}", times[i], (long long)sec, nsec);
		if (sec || nsec)
			decode_date(b, sec, nsec);
	}
	sbuf_printf(b, ", stx_rdev_major=%u, stx_rdev_minor=%u, stx_dev_major=%u, "
		    "stx_dev_minor=%u, stx_mnt_id=", load_u32(p, 128), load_u32(p, 132),
		    load_u32(p, 136), load_u32(p, 140));
	if (load_u64(p, 144))
		sbuf_hex(b, load_u64(p, 144));
	else
		sbuf_putc(b, '0');
	sbuf_putc(b, '}');
}

void decode_mode(struct sbuf *b, uint32_t mode)
{
	static const char *const types[] = {
		[001] = "S_IFIFO", [002] = "S_IFCHR", [004] = "S_IFDIR", [006] = "S_IFBLK",
		[010] = "S_IFREG", [012] = "S_IFLNK", [014] = "S_IFSOCK",
	};
	uint32_t type = (mode >> 12) & 017;
	const char *name = type < sizeof(types) / sizeof(types[0]) ? types[type] : NULL;
	size_t mark = b->len;

	if (type && !name) {	/* no such file type: the number, as strace */
		sbuf_printf(b, "%#o", mode);
		xlat_finish(b, mark, mode, XF_OCT);
		return;
	}
	if (name) {
		sbuf_puts(b, name);
		sbuf_putc(b, '|');
	}
	if (mode & 04000)
		sbuf_puts(b, "S_ISUID|");
	if (mode & 02000)
		sbuf_puts(b, "S_ISGID|");
	if (mode & 01000)
		sbuf_puts(b, "S_ISVTX|");
	sbuf_printf(b, "%#03o", mode & 0777);	/* "000", "006", "0644" */
	if (mode & ~0777u)
		xlat_finish(b, mark, mode, XF_OCT);
}

void put_hex0(struct sbuf *b, uint64_t v)
{
	if (v)
		sbuf_hex(b, v);
	else
		sbuf_putc(b, '0');
}

/* "makedev(0x8, 0x1)": glibc's split of a dev_t into major and minor */
void decode_makedev(struct sbuf *b, uint64_t dev)
{
	size_t mark = b->len;

	sbuf_puts(b, "makedev(");
	put_hex0(b, ((dev >> 8) & 0xfff) | ((dev >> 32) & ~0xfffull));
	sbuf_puts(b, ", ");
	put_hex0(b, (dev & 0xff) | ((dev >> 12) & ~0xffull));
	sbuf_putc(b, ')');
	xlat_finish(b, mark, dev, XF_HEX);
}

/* struct stat: st_dev 0, st_ino 8, st_nlink 16, st_mode 24, st_uid 28,
 * st_gid 32, st_rdev 40, st_size 48, ... (144 bytes) */
void decode_stat(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint32_t mode = load_u32(p, 24), type = mode & 0170000;

	if (decode_verbose()) {
		decode_stat_full(b, p, len);
		return;
	}
	sbuf_puts(b, "{st_mode=");
	decode_mode(b, mode);
	if (type == 0020000 || type == 0060000) {
		uint64_t rdev = load_u64(p, 40);

		sbuf_puts(b, ", st_rdev=");
		decode_makedev(b, rdev);
	} else {
		sbuf_puts(b, ", st_size=");
		sbuf_s64(b, (int64_t)load_u64(p, 48));
	}
	sbuf_puts(b, ", ...}");
}

/* stx_mask inside the struct: by name, or raw with -X */
void decode_statx_mask_field(struct sbuf *b, uint32_t v)
{
	size_t mark = b->len;

	decode_statx_mask(b, v);
	xlat_finish(b, mark, v, XF_HEX);
}

void decode_statx_attrs(struct sbuf *b, uint64_t a)
{
	static const struct {
		uint64_t val;
		const char *name;
	} attrs[] = {
		{ 0x4, "STATX_ATTR_COMPRESSED" }, { 0x10, "STATX_ATTR_IMMUTABLE" },
		{ 0x20, "STATX_ATTR_APPEND" }, { 0x40, "STATX_ATTR_NODUMP" },
		{ 0x800, "STATX_ATTR_ENCRYPTED" }, { 0x1000, "STATX_ATTR_AUTOMOUNT" },
		{ 0x2000, "STATX_ATTR_MOUNT_ROOT" }, { 0x100000, "STATX_ATTR_VERITY" },
		{ 0x200000, "STATX_ATTR_DAX" },
	};
	int first = 1;

	for (size_t i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++)
		if (a & attrs[i].val) {
			if (!first)
				sbuf_putc(b, '|');
			first = 0;
			sbuf_puts(b, attrs[i].name);
			a &= ~attrs[i].val;
		}
	if (a) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_hex(b, a);
	} else if (first) {
		sbuf_putc(b, '0');
	}
}

/* struct statx: stx_mask 0 (u32), stx_attributes 8, stx_mode 28 (u16),
 * stx_size 40 (256 bytes in all) */
void decode_statx(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint16_t mode;

	if (decode_verbose()) {
		decode_statx_full(b, p, len);
		return;
	}
	memcpy(&mode, p + 28, sizeof(mode));
	sbuf_puts(b, "{stx_mask=");
	decode_statx_mask_field(b, load_u32(p, 0));
	sbuf_puts(b, ", stx_attributes=");
	decode_statx_attrs(b, load_u64(p, 8));
	sbuf_puts(b, ", stx_mode=");
	decode_mode(b, mode);
	sbuf_puts(b, ", stx_size=");
	sbuf_u64(b, load_u64(p, 40));
	sbuf_puts(b, ", ...}");
}

static const char *fs_magic(uint64_t m)
{
	static const struct { uint64_t magic; const char *name; } t[] = {
		{ 0xef53, "EXT2_SUPER_MAGIC" }, { 0x01021994, "TMPFS_MAGIC" },
		{ 0x9fa0, "PROC_SUPER_MAGIC" }, { 0x62656572, "SYSFS_MAGIC" },
		{ 0x794c7630, "OVERLAYFS_SUPER_MAGIC" }, { 0x9123683e, "BTRFS_SUPER_MAGIC" },
		{ 0x58465342, "XFS_SUPER_MAGIC" }, { 0x63677270, "CGROUP2_SUPER_MAGIC" },
		{ 0x27e0eb, "CGROUP_SUPER_MAGIC" }, { 0x1cd1, "DEVPTS_SUPER_MAGIC" },
		{ 0x858458f6, "RAMFS_MAGIC" }, { 0x6969, "NFS_SUPER_MAGIC" },
		{ 0x65735546, "FUSE_SUPER_MAGIC" }, { 0x4d44, "MSDOS_SUPER_MAGIC" },
		{ 0x73717368, "SQUASHFS_MAGIC" }, { 0x9660, "ISOFS_SUPER_MAGIC" },
		{ 0x74726163, "TRACEFS_MAGIC" }, { 0x64626720, "DEBUGFS_MAGIC" },
		{ 0xcafe4a11, "BPF_FS_MAGIC" }, { 0x73636673, "SECURITYFS_MAGIC" },
		{ 0x01021997, "V9FS_MAGIC" }, { 0xf2f52010, "F2FS_SUPER_MAGIC" },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].magic == m)
			return t[i].name;
	return NULL;
}

void decode_statfs(struct sbuf *b, const uint8_t *p, size_t len)
{
	static const struct { uint64_t bit; const char *name; } fl[] = {
		/* ST_VALID first, as strace's table has it */
		{ 0x20, "ST_VALID" }, { 0x1, "ST_RDONLY" }, { 0x2, "ST_NOSUID" },
		{ 0x4, "ST_NODEV" }, { 0x8, "ST_NOEXEC" }, { 0x10, "ST_SYNCHRONOUS" },
		{ 0x40, "ST_MANDLOCK" }, { 0x400, "ST_NOATIME" }, { 0x800, "ST_NODIRATIME" },
		{ 0x1000, "ST_RELATIME" }, { 0x2000, "ST_NOSYMFOLLOW" },
	};
	uint64_t type = load_u64(p, 0), flags = load_u64(p, 80);
	const char *magic = fs_magic(type);
	bool first = true;
	size_t mark;

	(void)len;
	sbuf_puts(b, "{f_type=");
	mark = b->len;
	if (magic)
		sbuf_puts(b, magic);
	else
		sbuf_printf(b, "%#llx", (unsigned long long)type);
	xlat_finish(b, mark, type, XF_HEX);
	sbuf_printf(b, ", f_bsize=%lld, f_blocks=%llu, f_bfree=%llu, f_bavail=%llu, "
		    "f_files=%llu, f_ffree=%llu, f_fsid={val=[%#x, %#x]}, f_namelen=%lld, "
		    "f_frsize=%lld, f_flags=",
		    (long long)load_u64(p, 8), (unsigned long long)load_u64(p, 16),
		    (unsigned long long)load_u64(p, 24), (unsigned long long)load_u64(p, 32),
		    (unsigned long long)load_u64(p, 40), (unsigned long long)load_u64(p, 48),
		    load_u32(p, 56), load_u32(p, 60), (long long)load_u64(p, 64),
		    (long long)load_u64(p, 72));
	mark = b->len;
	for (size_t i = 0; i < sizeof(fl) / sizeof(fl[0]); i++) {
		if (!(flags & fl[i].bit))
			continue;
		if (!first)
			sbuf_putc(b, '|');
		sbuf_puts(b, fl[i].name);
		flags &= ~fl[i].bit;
		first = false;
	}
	if (flags)
		sbuf_printf(b, first ? "%#llx" : "|%#llx", (unsigned long long)flags);
	else if (first)
		sbuf_putc(b, '0');
	xlat_finish(b, mark, load_u64(p, 80), XF_HEX);
	sbuf_putc(b, '}');
}

/* getdents64's buffer, with -v: "[{d_ino=..., d_off=..., d_reclen=24,
 * d_type=DT_DIR, d_name="."}, ...]", walked by d_reclen; "..." when the
 * capture stopped before the `total` bytes the call returned.  getdents'
 * (old: struct linux_dirent): the name at 18, the type in the record's
 * last byte, printed after the name, d_off unsigned; a name that fills
 * its room without a NUL is cut, "..." after it (strace's order and
 * forms) */
void decode_dirents(struct sbuf *b, const uint8_t *p, size_t len, uint64_t total, bool old)
{
	static const char *const types[] = {
		[0] = "DT_UNKNOWN", [1] = "DT_FIFO", [2] = "DT_CHR", [4] = "DT_DIR",
		[6] = "DT_BLK", [8] = "DT_REG", [10] = "DT_LNK", [12] = "DT_SOCK",
		[14] = "DT_WHT",
	};
	size_t off = 0, name_at = old ? 18 : 19;

	sbuf_putc(b, '[');
	while (off + 19 <= len) {
		uint64_t ino, doff;
		uint16_t reclen;
		uint8_t type;
		size_t namemax, n;

		memcpy(&ino, p + off, 8);
		memcpy(&doff, p + off + 8, 8);
		memcpy(&reclen, p + off + 16, 2);
		if (reclen < 19 || off + reclen > len)
			break;
		type = old ? p[off + reclen - 1] : p[off + 18];
		sbuf_printf(b, old ? "%s{d_ino=%llu, d_off=%llu, d_reclen=%u" :
			    "%s{d_ino=%llu, d_off=%lld, d_reclen=%u", off ? ", " : "",
			    (unsigned long long)ino, (unsigned long long)doff, reclen);
		namemax = reclen - 19;
		for (n = 0; n < namemax && p[off + name_at + n]; n++)
			;
		if (old) {
			sbuf_puts(b, ", d_name=");
			if (n < namemax) {
				decode_string(b, (const char *)p + off + name_at, n, false);
			} else {
				decode_string(b, (const char *)p + off + name_at, n ? n - 1 : 0, false);
				sbuf_puts(b, "...");
			}
		}
		sbuf_puts(b, ", d_type=");
		if (type < sizeof(types) / sizeof(types[0]) && types[type])
			sbuf_puts(b, types[type]);
		else
			sbuf_printf(b, "%#x /* DT_??? */", type);
		if (!old) {
			sbuf_puts(b, ", d_name=");
			decode_string(b, (const char *)p + off + name_at, n, false);
		}
		sbuf_putc(b, '}');
		off += reclen;
	}
	if (off < total)
		sbuf_puts(b, off ? ", ..." : "...");
	sbuf_putc(b, ']');
}
