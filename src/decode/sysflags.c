// SPDX-License-Identifier: GPL-2.0
/*
 * Flags of the calls container runtimes and system tools make: mount and
 * umount2, splice/tee/vmsplice, mlockall, sync_file_range, pidfd_open,
 * personality.  Values as the uapi headers.
 */
#include "flagtab.h"

static const struct flag mount_flags[] = {
	{ 1, "MS_RDONLY" }, { 2, "MS_NOSUID" }, { 4, "MS_NODEV" }, { 8, "MS_NOEXEC" },
	{ 16, "MS_SYNCHRONOUS" }, { 32, "MS_REMOUNT" }, { 64, "MS_MANDLOCK" },
	{ 128, "MS_DIRSYNC" }, { 256, "MS_NOSYMFOLLOW" }, { 1024, "MS_NOATIME" },
	{ 2048, "MS_NODIRATIME" }, { 4096, "MS_BIND" }, { 8192, "MS_MOVE" }, { 16384, "MS_REC" },
	{ 32768, "MS_SILENT" }, { 1 << 16, "MS_POSIXACL" }, { 1 << 17, "MS_UNBINDABLE" },
	{ 1 << 18, "MS_PRIVATE" }, { 1 << 19, "MS_SLAVE" }, { 1 << 20, "MS_SHARED" },
	{ 1 << 21, "MS_RELATIME" }, { 1 << 22, "MS_KERNMOUNT" }, { 1 << 23, "MS_I_VERSION" },
	{ 1 << 24, "MS_STRICTATIME" }, { 1 << 25, "MS_LAZYTIME" }, { 1 << 30, "MS_ACTIVE" },
	{ 1u << 31, "MS_NOUSER" },
};

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
	put_rest(b, v, put_flags(b, &v, mount_flags, N(mount_flags), first), "0");
}

static const struct flag umount_flags[] = {
	{ 1, "MNT_FORCE" }, { 2, "MNT_DETACH" }, { 4, "MNT_EXPIRE" }, { 8, "UMOUNT_NOFOLLOW" },
};
FLAG_DECODER(decode_umount_flags, umount_flags)

static const struct flag splice_flags[] = {
	{ 1, "SPLICE_F_MOVE" }, { 2, "SPLICE_F_NONBLOCK" }, { 4, "SPLICE_F_MORE" },
	{ 8, "SPLICE_F_GIFT" },
};
FLAG_DECODER(decode_splice_flags, splice_flags)

static const struct flag mlockall_flags[] = {
	{ 1, "MCL_CURRENT" }, { 2, "MCL_FUTURE" }, { 4, "MCL_ONFAULT" },
};
FLAG_DECODER(decode_mlockall_flags, mlockall_flags)

static const struct flag sfr_flags[] = {
	{ 1, "SYNC_FILE_RANGE_WAIT_BEFORE" }, { 2, "SYNC_FILE_RANGE_WRITE" },
	{ 4, "SYNC_FILE_RANGE_WAIT_AFTER" },
};
FLAG_DECODER(decode_sync_file_range_flags, sfr_flags)

static const struct flag pidfd_flags[] = { { 04000, "PIDFD_NONBLOCK" }, { 0200, "PIDFD_THREAD" } };
FLAG_DECODER(decode_pidfd_flags, pidfd_flags)

/* a personality: its execution domain, then its flags; 0xffffffff (a
 * query) as it is */
void decode_personality(struct sbuf *b, uint64_t v)
{
	static const struct flag domains[] = {
		{ 0, "PER_LINUX" }, { 0x0800000, "PER_LINUX_32BIT" }, { 0x0008, "PER_LINUX32" },
		{ 0x0800008, "PER_LINUX32_3GB" },
	};
	static const struct flag flags[] = {
		{ 0x0200000, "UNAME26" }, { 0x0040000, "ADDR_NO_RANDOMIZE" },
		{ 0x0080000, "FDPIC_FUNCPTRS" }, { 0x1000000, "MMAP_PAGE_ZERO" },
		{ 0x4000000, "ADDR_COMPAT_LAYOUT" }, { 0x0400000, "READ_IMPLIES_EXEC" },
		{ 0x2000000, "WHOLE_SECONDS" }, { 0x8000000, "SHORT_INODE" },
		{ 0x10000000, "STICKY_TIMEOUTS" },
	};
	uint64_t f = (uint32_t)v & ~0x80000fu, dom = (uint32_t)v & 0x80000f;

	if ((uint32_t)v == 0xffffffff) {
		sbuf_hex(b, 0xffffffff);
		return;
	}
	put_enum(b, dom, domains, N(domains), "PER_???");
	put_rest(b, f, put_flags(b, &f, flags, N(flags), 0), "");
}
