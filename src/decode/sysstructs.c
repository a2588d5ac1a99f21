// SPDX-License-Identifier: GPL-2.0
/* What the system says about itself: utsname, sysinfo, statfs (x86_64
 * layouts), printed as strace prints them. */
#include <string.h>

#include "decode.h"
#include "../util/util.h"

static void put_field_str(struct sbuf *b, const char *name, const uint8_t *p, size_t max)
{
	sbuf_puts(b, name);
	sbuf_putc(b, '=');
	decode_string(b, (const char *)p, strnlen((const char *)p, max), false);
}

/* struct utsname: six 65-byte strings; strace shows two, then "..." */
void decode_utsname(struct sbuf *b, const uint8_t *p, size_t len, bool verbose)
{
	static const char *const names[] = { "sysname", "nodename", "release", "version",
					     "machine", "domainname" };

	sbuf_putc(b, '{');
	for (int i = 0; i < 6 && (size_t)(i + 1) * 65 <= len; i++) {
		if (i)
			sbuf_puts(b, ", ");
		if (i == 2 && !verbose) {
			sbuf_puts(b, "...");
			break;
		}
		put_field_str(b, names[i], p + i * 65, 65);
	}
	sbuf_putc(b, '}');
}

void decode_sysinfo(struct sbuf *b, const uint8_t *p, size_t len)
{
	(void)len;
	sbuf_printf(b, "{uptime=%lld, loads=[%llu, %llu, %llu], totalram=%llu, freeram=%llu, "
		    "sharedram=%llu, bufferram=%llu, totalswap=%llu, freeswap=%llu, procs=%u, "
		    "totalhigh=%llu, freehigh=%llu, mem_unit=%u}",
		    (long long)load_u64(p, 0), (unsigned long long)load_u64(p, 8),
		    (unsigned long long)load_u64(p, 16), (unsigned long long)load_u64(p, 24),
		    (unsigned long long)load_u64(p, 32), (unsigned long long)load_u64(p, 40),
		    (unsigned long long)load_u64(p, 48), (unsigned long long)load_u64(p, 56),
		    (unsigned long long)load_u64(p, 64), (unsigned long long)load_u64(p, 72),
		    (unsigned)(load_u32(p, 80) & 0xffff), (unsigned long long)load_u64(p, 88),
		    (unsigned long long)load_u64(p, 96), load_u32(p, 104));
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
		{ 0x1, "ST_RDONLY" }, { 0x2, "ST_NOSUID" }, { 0x4, "ST_NODEV" },
		{ 0x8, "ST_NOEXEC" }, { 0x10, "ST_SYNCHRONOUS" }, { 0x20, "ST_VALID" },
		{ 0x40, "ST_MANDLOCK" }, { 0x400, "ST_NOATIME" }, { 0x800, "ST_NODIRATIME" },
		{ 0x1000, "ST_RELATIME" }, { 0x2000, "ST_NOSYMFOLLOW" },
	};
	uint64_t type = load_u64(p, 0), flags = load_u64(p, 80);
	const char *magic = fs_magic(type);
	bool first = true;

	(void)len;
	sbuf_puts(b, "{f_type=");
	if (magic)
		sbuf_puts(b, magic);
	else
		sbuf_printf(b, "%#llx", (unsigned long long)type);
	sbuf_printf(b, ", f_bsize=%lld, f_blocks=%llu, f_bfree=%llu, f_bavail=%llu, "
		    "f_files=%llu, f_ffree=%llu, f_fsid={val=[%#x, %#x]}, f_namelen=%lld, "
		    "f_frsize=%lld, f_flags=",
		    (long long)load_u64(p, 8), (unsigned long long)load_u64(p, 16),
		    (unsigned long long)load_u64(p, 24), (unsigned long long)load_u64(p, 32),
		    (unsigned long long)load_u64(p, 40), (unsigned long long)load_u64(p, 48),
		    load_u32(p, 56), load_u32(p, 60), (long long)load_u64(p, 64),
		    (long long)load_u64(p, 72));
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
	sbuf_putc(b, '}');
}

/* getdents64's buffer, with -v: "[{d_ino=..., d_off=..., d_reclen=24,
 * d_type=DT_DIR, d_name="."}, ...]", walked by d_reclen; "..." when the
 * capture stopped before the `total` bytes the call returned */
void decode_dirents64(struct sbuf *b, const uint8_t *p, size_t len, uint64_t total)
{
	static const char *const types[] = {
		[0] = "DT_UNKNOWN", [1] = "DT_FIFO", [2] = "DT_CHR", [4] = "DT_DIR",
		[6] = "DT_BLK", [8] = "DT_REG", [10] = "DT_LNK", [12] = "DT_SOCK",
		[14] = "DT_WHT",
	};
	size_t off = 0;

	sbuf_putc(b, '[');
	while (off + 19 <= len) {
		uint64_t ino, doff;
		uint16_t reclen;
		uint8_t type = p[off + 18];
		size_t namemax, n;

		memcpy(&ino, p + off, 8);
		memcpy(&doff, p + off + 8, 8);
		memcpy(&reclen, p + off + 16, 2);
		if (reclen < 19 || off + reclen > len)
			break;
		sbuf_printf(b, "%s{d_ino=%llu, d_off=%lld, d_reclen=%u, d_type=", off ? ", " : "",
			    (unsigned long long)ino, (long long)doff, reclen);
		if (type < sizeof(types) / sizeof(types[0]) && types[type])
			sbuf_puts(b, types[type]);
		else
			sbuf_printf(b, "%#x /* DT_??? */", type);
		sbuf_puts(b, ", d_name=");
		namemax = reclen - 19;
		for (n = 0; n < namemax && p[off + 19 + n]; n++)
			;
		decode_string(b, (const char *)p + off + 19, n, false);
		sbuf_putc(b, '}');
		off += reclen;
	}
	if (off < total)
		sbuf_puts(b, off ? ", ..." : "...");
	sbuf_putc(b, ']');
}
