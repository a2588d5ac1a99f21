// SPDX-License-Identifier: GPL-2.0
/*
 * Flag sets and enums.  The tables list names in the order strace prints
 * them (checked against strace 6.1 on this machine), which is not always
 * numeric order; unknown bits follow in hex.
 */
#include <stddef.h>
#include <string.h>

#include "flagtab.h"

int put_flags(struct sbuf *b, uint64_t *v, const struct flag *t,
		     size_t n, int first)
{
	for (size_t i = 0; i < n; i++) {
		if (!t[i].val || (*v & t[i].val) != t[i].val)
			continue;
		if (!first)
			sbuf_putc(b, '|');
		sbuf_puts(b, t[i].name);
		*v &= ~t[i].val;
		first = 0;
	}
	return first;
}

void put_rest(struct sbuf *b, uint64_t v, int first, const char *zero)
{
	if (v) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_hex(b, v);
	} else if (first) {
		sbuf_puts(b, zero);
	}
}

static const struct flag open_flags[] = {
	{ 0100, "O_CREAT" }, { 0200, "O_EXCL" }, { 0400, "O_NOCTTY" },
	{ 01000, "O_TRUNC" }, { 02000, "O_APPEND" }, { 04000, "O_NONBLOCK" },
	{ 04010000, "O_SYNC" }, { 010000, "O_DSYNC" }, { 040000, "O_DIRECT" },
	{ 0100000, "O_LARGEFILE" }, { 0400000, "O_NOFOLLOW" },
	{ 01000000, "O_NOATIME" }, { 02000000, "O_CLOEXEC" },
	{ 010000000, "O_PATH" }, { 020200000, "O_TMPFILE" },
	{ 0200000, "O_DIRECTORY" }, { 020000, "FASYNC" },
};

void decode_open_flags(struct sbuf *b, uint64_t v)
{
	static const char *const acc[] = { "O_RDONLY", "O_WRONLY", "O_RDWR", "O_ACCMODE" };

	sbuf_puts(b, acc[v & 3]);
	v &= ~3ull;
	put_rest(b, v & 0xffffffff, put_flags(b, &v, open_flags, N(open_flags), 0), "");
}

static const struct flag prot_flags[] = {
	{ 1, "PROT_READ" }, { 2, "PROT_WRITE" }, { 4, "PROT_EXEC" },
	{ 8, "PROT_SEM" }, { 0x01000000, "PROT_GROWSDOWN" },
	{ 0x02000000, "PROT_GROWSUP" },
};

void decode_mmap_prot(struct sbuf *b, uint64_t v)
{
	put_rest(b, v, put_flags(b, &v, prot_flags, N(prot_flags), 1), "PROT_NONE");
}

static const struct flag mmap_flags[] = {
	{ 0x10, "MAP_FIXED" }, { 0x20, "MAP_ANONYMOUS" }, { 0x40, "MAP_32BIT" },
	{ 0x4000, "MAP_NORESERVE" }, { 0x8000, "MAP_POPULATE" },
	{ 0x10000, "MAP_NONBLOCK" }, { 0x100, "MAP_GROWSDOWN" },
	{ 0x800, "MAP_DENYWRITE" }, { 0x1000, "MAP_EXECUTABLE" },
	{ 0x2000, "MAP_LOCKED" }, { 0x20000, "MAP_STACK" },
	{ 0x40000, "MAP_HUGETLB" }, { 0x80000, "MAP_SYNC" },
	{ 0x100000, "MAP_FIXED_NOREPLACE" }, { 0x4000000, "MAP_UNINITIALIZED" },
};

void decode_mmap_flags(struct sbuf *b, uint64_t v)
{
	static const char *const type[] = { "MAP_FILE", "MAP_SHARED", "MAP_PRIVATE",
					     "MAP_SHARED_VALIDATE" };

	sbuf_puts(b, type[v & 3]);
	v &= ~3ull;
	put_rest(b, v, put_flags(b, &v, mmap_flags, N(mmap_flags), 0), "");
}

static const struct flag access_flags[] = {
	{ 4, "R_OK" }, { 2, "W_OK" }, { 1, "X_OK" },
};

void decode_access_mode(struct sbuf *b, uint64_t v)
{
	put_rest(b, v, put_flags(b, &v, access_flags, N(access_flags), 1), "F_OK");
}

static const struct flag at_flags[] = {
	{ 0x100, "AT_SYMLINK_NOFOLLOW" }, { 0x400, "AT_SYMLINK_FOLLOW" },
	{ 0x800, "AT_NO_AUTOMOUNT" }, { 0x1000, "AT_EMPTY_PATH" },
	{ 0x2000, "AT_STATX_FORCE_SYNC" }, { 0x4000, "AT_STATX_DONT_SYNC" },
	{ 0x8000, "AT_RECURSIVE" },
};

/* 0x200 means a different thing to each call that takes it. */
void decode_at_flags(struct sbuf *b, uint64_t v, const char *syscall)
{
	const char *bit9 = NULL;
	int first;

	if (!strcmp(syscall, "unlinkat"))
		bit9 = "AT_REMOVEDIR";
	else if (!strcmp(syscall, "faccessat2") || !strcmp(syscall, "faccessat"))
		bit9 = "AT_EACCESS";
	/* statx's sync type: 0 is AT_STATX_SYNC_AS_STAT, and strace says so */
	first = 1;
	if (!strcmp(syscall, "statx") && !(v & 0x6000)) {
		sbuf_puts(b, "AT_STATX_SYNC_AS_STAT");
		first = 0;
	}
	first = put_flags(b, &v, at_flags, 1, first);
	if (bit9 && (v & 0x200)) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_puts(b, bit9);
		v &= ~0x200ull;
		first = 0;
	}
	first = put_flags(b, &v, at_flags + 1, N(at_flags) - 1, first);
	put_rest(b, v, first, "0");
}

void decode_whence(struct sbuf *b, uint64_t v)
{
	static const char *const names[] = { "SEEK_SET", "SEEK_CUR", "SEEK_END",
					      "SEEK_DATA", "SEEK_HOLE" };

	if (v < N(names))
		sbuf_puts(b, names[v]);
	else
		sbuf_hex(b, v);
}

void decode_dirfd(struct sbuf *b, int64_t v)
{
	if ((int)v == -100)
		sbuf_puts(b, "AT_FDCWD");
	else
		sbuf_s64(b, (int)v);
}

void put_flagset(struct sbuf *b, uint64_t v, const struct flag *t, size_t n)
{
	v = (uint32_t)v;
	put_rest(b, v, put_flags(b, &v, t, n, 1), "0");
}

bool too_short(struct sbuf *b, size_t len, size_t want)
{
	if (len >= want)
		return false;
	sbuf_puts(b, "???");
	return true;
}

/* Enums printed by name, unknown values as strace prints them. */
void put_enum(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
	      const char *unknown)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].val == v) {
			sbuf_puts(b, t[i].name);
			return;
		}
	sbuf_hex(b, v);
	if (unknown)
		sbuf_printf(b, " /* %s */", unknown);
}

void decode_clockid(struct sbuf *b, int64_t v)
{
	static const struct flag t[] = {
		{ 0, "CLOCK_REALTIME" }, { 1, "CLOCK_MONOTONIC" },
		{ 2, "CLOCK_PROCESS_CPUTIME_ID" }, { 3, "CLOCK_THREAD_CPUTIME_ID" },
		{ 4, "CLOCK_MONOTONIC_RAW" }, { 5, "CLOCK_REALTIME_COARSE" },
		{ 6, "CLOCK_MONOTONIC_COARSE" }, { 7, "CLOCK_BOOTTIME" },
		{ 8, "CLOCK_REALTIME_ALARM" }, { 9, "CLOCK_BOOTTIME_ALARM" }, { 11, "CLOCK_TAI" },
	};

	if ((int32_t)v < 0) {
		sbuf_s64(b, (int32_t)v);	/* dynamic clocks: fd or pid based */
		return;
	}
	put_enum(b, (uint32_t)v, t, N(t), "CLOCK_???");
}

void decode_timer_flags(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = { { 1, "TIMER_ABSTIME" } };

	put_flagset(b, v, t, N(t));
}

void decode_sigmask_how(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = {
		{ 0, "SIG_BLOCK" }, { 1, "SIG_UNBLOCK" }, { 2, "SIG_SETMASK" },
	};

	put_enum(b, (uint32_t)v, t, N(t), "SIG_???");
}

void decode_rlimit_resource(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = {
		{ 0, "RLIMIT_CPU" }, { 1, "RLIMIT_FSIZE" }, { 2, "RLIMIT_DATA" },
		{ 3, "RLIMIT_STACK" }, { 4, "RLIMIT_CORE" }, { 5, "RLIMIT_RSS" },
		{ 6, "RLIMIT_NPROC" }, { 7, "RLIMIT_NOFILE" }, { 8, "RLIMIT_MEMLOCK" },
		{ 9, "RLIMIT_AS" }, { 10, "RLIMIT_LOCKS" }, { 11, "RLIMIT_SIGPENDING" },
		{ 12, "RLIMIT_MSGQUEUE" }, { 13, "RLIMIT_NICE" }, { 14, "RLIMIT_RTPRIO" },
		{ 15, "RLIMIT_RTTIME" },
	};

	put_enum(b, (uint32_t)v, t, N(t), "RLIMIT_???");
}

void decode_arch_prctl(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = {
		{ 0x1001, "ARCH_SET_GS" }, { 0x1002, "ARCH_SET_FS" },
		{ 0x1003, "ARCH_GET_FS" }, { 0x1004, "ARCH_GET_GS" },
		{ 0x1011, "ARCH_GET_CPUID" }, { 0x1012, "ARCH_SET_CPUID" },
		{ 0x1021, "ARCH_GET_XCOMP_SUPP" }, { 0x1022, "ARCH_GET_XCOMP_PERM" },
		{ 0x1023, "ARCH_REQ_XCOMP_PERM" }, { 0x1024, "ARCH_GET_XCOMP_GUEST_PERM" },
		{ 0x1025, "ARCH_REQ_XCOMP_GUEST_PERM" }, { 0x2001, "ARCH_MAP_VDSO_X32" },
		{ 0x2002, "ARCH_MAP_VDSO_32" }, { 0x2003, "ARCH_MAP_VDSO_64" },
		{ 0x4001, "ARCH_GET_UNTAG_MASK" }, { 0x4002, "ARCH_ENABLE_TAGGED_ADDR" },
		{ 0x4003, "ARCH_GET_MAX_TAG_BITS" }, { 0x4004, "ARCH_FORCE_TAGGED_SVA" },
		{ 0x5001, "ARCH_SHSTK_ENABLE" }, { 0x5002, "ARCH_SHSTK_DISABLE" },
		{ 0x5003, "ARCH_SHSTK_LOCK" }, { 0x5004, "ARCH_SHSTK_UNLOCK" },
		{ 0x5005, "ARCH_SHSTK_STATUS" },
	};

	put_enum(b, (uint32_t)v, t, N(t), "ARCH_???");
}

void decode_wait_options(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = {
		{ 1, "WNOHANG" }, { 2, "WUNTRACED" }, { 4, "WEXITED" }, { 8, "WCONTINUED" },
		{ 0x01000000, "WNOWAIT" }, { 0x20000000, "__WNOTHREAD" },
		{ 0x40000000, "__WALL" }, { 0x80000000, "__WCLONE" },
	};

	put_flagset(b, v, t, N(t));
}

void decode_statx_mask(struct sbuf *b, uint64_t v)
{
	/* the composites first, as strace prints them */
	static const struct flag t[] = {
		{ 0xfff, "STATX_ALL" }, { 0x7ff, "STATX_BASIC_STATS" },
		{ 0x1, "STATX_TYPE" }, { 0x2, "STATX_MODE" }, { 0x4, "STATX_NLINK" },
		{ 0x8, "STATX_UID" }, { 0x10, "STATX_GID" }, { 0x20, "STATX_ATIME" },
		{ 0x40, "STATX_MTIME" }, { 0x80, "STATX_CTIME" }, { 0x100, "STATX_INO" },
		{ 0x200, "STATX_SIZE" }, { 0x400, "STATX_BLOCKS" }, { 0x800, "STATX_BTIME" },
		{ 0x1000, "STATX_MNT_ID" }, { 0x2000, "STATX_DIOALIGN" },
		{ 0x4000, "STATX_MNT_ID_UNIQUE" }, { 0x8000, "STATX_SUBVOL" },
		{ 0x10000, "STATX_WRITE_ATOMIC" },
	};

	put_flagset(b, v, t, N(t));
}

void decode_clone_flags(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = {
		{ 0x100, "CLONE_VM" }, { 0x200, "CLONE_FS" }, { 0x400, "CLONE_FILES" },
		{ 0x800, "CLONE_SIGHAND" }, { 0x1000, "CLONE_PIDFD" }, { 0x2000, "CLONE_PTRACE" },
		{ 0x4000, "CLONE_VFORK" }, { 0x8000, "CLONE_PARENT" }, { 0x10000, "CLONE_THREAD" },
		{ 0x20000, "CLONE_NEWNS" }, { 0x40000, "CLONE_SYSVSEM" },
		{ 0x80000, "CLONE_SETTLS" }, { 0x100000, "CLONE_PARENT_SETTID" },
		{ 0x200000, "CLONE_CHILD_CLEARTID" }, { 0x400000, "CLONE_DETACHED" },
		{ 0x800000, "CLONE_UNTRACED" }, { 0x1000000, "CLONE_CHILD_SETTID" },
		{ 0x2000000, "CLONE_NEWCGROUP" }, { 0x4000000, "CLONE_NEWUTS" },
		{ 0x8000000, "CLONE_NEWIPC" }, { 0x10000000, "CLONE_NEWUSER" },
		{ 0x20000000, "CLONE_NEWPID" }, { 0x40000000, "CLONE_NEWNET" },
		{ 0x80000000ull, "CLONE_IO" },
	};
	uint64_t sig = v & 0xff, rest = v & ~0xffull;
	int first = put_flags(b, &rest, t, N(t), 1);

	if (rest) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_hex(b, rest);
		first = 0;
	}
	if (sig) {
		if (!first)
			sbuf_putc(b, '|');
		decode_signal(b, sig);
		first = 0;
	}
	if (first)
		sbuf_putc(b, '0');
}

void decode_ioctl_req(struct sbuf *b, uint64_t v)
{
	/* the terminal and socket requests everyday programs make */
	static const struct flag t[] = {
		{ 0x5401, "TCGETS" }, { 0x5402, "SNDCTL_TMR_START or TCSETS" },
		{ 0x5403, "SNDCTL_TMR_STOP or TCSETSW" }, { 0x5404, "SNDCTL_TMR_CONTINUE or TCSETSF" }, { 0x5405, "TCGETA" }, { 0x5406, "TCSETA" },
		{ 0x5407, "TCSETAW" }, { 0x5408, "TCSETAF" }, { 0x5409, "TCSBRK" },
		{ 0x540A, "TCXONC" }, { 0x540B, "TCFLSH" }, { 0x540C, "TIOCEXCL" },
		{ 0x540D, "TIOCNXCL" }, { 0x540E, "TIOCSCTTY" }, { 0x540F, "TIOCGPGRP" },
		{ 0x5410, "TIOCSPGRP" }, { 0x5411, "TIOCOUTQ" }, { 0x5412, "TIOCSTI" },
		{ 0x5413, "TIOCGWINSZ" }, { 0x5414, "TIOCSWINSZ" }, { 0x5415, "TIOCMGET" },
		{ 0x541B, "FIONREAD" }, { 0x541C, "TIOCLINUX" }, { 0x541D, "TIOCCONS" },
		{ 0x5421, "FIONBIO" }, { 0x5422, "TIOCNOTTY" }, { 0x5429, "TIOCGSID" },
		{ 0x5450, "FIONCLEX" }, { 0x5451, "FIOCLEX" }, { 0x5452, "FIOASYNC" },
		{ 0x80045430, "TIOCGPTN" }, { 0x40045431, "TIOCSPTLCK" },
		{ 0x5441, "TIOCGPTPEER" }, { 0x8912, "SIOCGIFCONF" }, { 0x8913, "SIOCGIFFLAGS" },
		{ 0x8914, "SIOCSIFFLAGS" }, { 0x8927, "SIOCGIFHWADDR" },
		{ 0x8933, "SIOCGIFINDEX" }, { 0x8915, "SIOCGIFADDR" },
		{ 0x40086602, "FS_IOC_SETFLAGS" }, { 0x80086601, "FS_IOC_GETFLAGS" },
		{ 0x40049409, "BTRFS_IOC_CLONE or FICLONE" },
	};

	put_enum(b, (uint32_t)v, t, N(t), NULL);
}

static const struct flag fcntl_cmds[] = {
	{ 0, "F_DUPFD" }, { 1, "F_GETFD" }, { 2, "F_SETFD" }, { 3, "F_GETFL" },
	{ 4, "F_SETFL" }, { 5, "F_GETLK" }, { 6, "F_SETLK" }, { 7, "F_SETLKW" },
	{ 8, "F_SETOWN" }, { 9, "F_GETOWN" }, { 10, "F_SETSIG" }, { 11, "F_GETSIG" },
	{ 15, "F_SETOWN_EX" }, { 16, "F_GETOWN_EX" }, { 36, "F_OFD_GETLK" },
	{ 37, "F_OFD_SETLK" }, { 38, "F_OFD_SETLKW" }, { 1024, "F_SETLEASE" },
	{ 1025, "F_GETLEASE" }, { 1026, "F_NOTIFY" }, { 1030, "F_DUPFD_CLOEXEC" },
	{ 1031, "F_SETPIPE_SZ" }, { 1032, "F_GETPIPE_SZ" }, { 1033, "F_ADD_SEALS" },
	{ 1034, "F_GET_SEALS" },
};

void decode_fcntl_cmd(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, fcntl_cmds, N(fcntl_cmds), NULL);
}

/* Commands that take no third argument: strace shows two. */
bool fcntl_cmd_has_arg(uint64_t cmd)
{
	switch ((uint32_t)cmd) {
	case 1: case 3: case 9: case 11: case 1025: case 1032: case 1034:
		return false;
	}
	return true;
}

void decode_fd_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, open_flags, N(open_flags));
}

void decode_fcntl_arg(struct sbuf *b, uint64_t cmd, uint64_t v)
{
	switch ((uint32_t)cmd) {
	case 2:				/* F_SETFD */
		if (v == 1)
			sbuf_puts(b, "FD_CLOEXEC");
		else
			sbuf_u64(b, (uint32_t)v);
		break;
	case 4:				/* F_SETFL */
		decode_open_flags(b, (uint32_t)v);
		break;
	case 1033:			/* F_ADD_SEALS */
		decode_seals(b, v);
		break;
	case 0: case 8: case 10: case 1024: case 1026: case 1030: case 1031:
		sbuf_s64(b, (int32_t)v);
		break;
	default:
		if (v)
			sbuf_hex(b, v);
		else
			sbuf_puts(b, "NULL");
	}
}

/* F_GETFD and F_GETFL results: "0x1 (flags FD_CLOEXEC)" */
bool decode_fcntl_result(struct sbuf *b, uint64_t cmd, int64_t ret)
{
	if (ret < 0)
		return false;
	if ((uint32_t)cmd == 1) {
		if (!ret)
			sbuf_putc(b, '0');
		else if (ret == 1)
			sbuf_puts(b, "0x1 (flags FD_CLOEXEC)");
		else
			sbuf_hex(b, ret);
		return true;
	}
	if ((uint32_t)cmd == 3) {
		if (ret)
			sbuf_hex(b, ret);
		else
			sbuf_putc(b, '0');
		sbuf_puts(b, " (flags ");
		decode_open_flags(b, ret);
		sbuf_putc(b, ')');
		return true;
	}
	return false;
}

void decode_sock_family(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = {
		{ 0, "AF_UNSPEC" }, { 1, "AF_UNIX" }, { 2, "AF_INET" }, { 4, "AF_IPX" },
		{ 5, "AF_APPLETALK" }, { 10, "AF_INET6" }, { 16, "AF_NETLINK" },
		{ 17, "AF_PACKET" }, { 29, "AF_CAN" }, { 31, "AF_BLUETOOTH" },
		{ 38, "AF_ALG" }, { 40, "AF_VSOCK" }, { 44, "AF_XDP" },
	};

	put_enum(b, (uint32_t)v, t, N(t), "AF_???");
}

void decode_sock_type(struct sbuf *b, uint64_t v)
{
	static const struct flag types[] = {
		{ 1, "SOCK_STREAM" }, { 2, "SOCK_DGRAM" }, { 3, "SOCK_RAW" },
		{ 4, "SOCK_RDM" }, { 5, "SOCK_SEQPACKET" }, { 6, "SOCK_DCCP" },
		{ 10, "SOCK_PACKET" },
	};
	static const struct flag flags[] = {
		{ 02000000, "SOCK_CLOEXEC" }, { 04000, "SOCK_NONBLOCK" },
	};
	uint64_t rest = (uint32_t)v & ~0xfull;

	put_enum(b, v & 0xf, types, N(types), NULL);
	put_rest(b, rest, put_flags(b, &rest, flags, N(flags), 0), "");
}

void decode_sock_proto(struct sbuf *b, uint64_t family, uint64_t v)
{
	static const struct flag ip[] = {
		{ 0, "IPPROTO_IP" }, { 1, "IPPROTO_ICMP" }, { 6, "IPPROTO_TCP" },
		{ 17, "IPPROTO_UDP" }, { 41, "IPPROTO_IPV6" }, { 58, "IPPROTO_ICMPV6" },
		{ 132, "IPPROTO_SCTP" }, { 255, "IPPROTO_RAW" },
	};
	static const struct flag nl[] = {
		{ 0, "NETLINK_ROUTE" }, { 4, "NETLINK_SOCK_DIAG" }, { 9, "NETLINK_AUDIT" },
		{ 15, "NETLINK_KOBJECT_UEVENT" }, { 16, "NETLINK_GENERIC" },
	};

	if (family == 2 || family == 10)
		put_enum(b, (uint32_t)v, ip, N(ip), NULL);
	else if (family == 16)
		put_enum(b, (uint32_t)v, nl, N(nl), NULL);
	else
		sbuf_s64(b, (int32_t)v);
}

void decode_madvise(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = {
		{ 0, "MADV_NORMAL" }, { 1, "MADV_RANDOM" }, { 2, "MADV_SEQUENTIAL" },
		{ 3, "MADV_WILLNEED" }, { 4, "MADV_DONTNEED" }, { 8, "MADV_FREE" },
		{ 9, "MADV_REMOVE" }, { 10, "MADV_DONTFORK" }, { 11, "MADV_DOFORK" },
		{ 12, "MADV_MERGEABLE" }, { 13, "MADV_UNMERGEABLE" }, { 14, "MADV_HUGEPAGE" },
		{ 15, "MADV_NOHUGEPAGE" }, { 16, "MADV_DONTDUMP" }, { 17, "MADV_DODUMP" },
		{ 18, "MADV_WIPEONFORK" }, { 19, "MADV_KEEPONFORK" }, { 20, "MADV_COLD" },
		{ 21, "MADV_PAGEOUT" }, { 22, "MADV_POPULATE_READ" },
		{ 23, "MADV_POPULATE_WRITE" }, { 24, "MADV_DONTNEED_LOCKED" },
		{ 25, "MADV_COLLAPSE" }, { 100, "MADV_HWPOISON" }, { 101, "MADV_SOFT_OFFLINE" },
	};

	put_enum(b, (uint32_t)v, t, N(t), "MADV_???");
}

void decode_fadvise(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = {
		{ 0, "POSIX_FADV_NORMAL" }, { 1, "POSIX_FADV_RANDOM" },
		{ 2, "POSIX_FADV_SEQUENTIAL" }, { 3, "POSIX_FADV_WILLNEED" },
		{ 4, "POSIX_FADV_DONTNEED" }, { 5, "POSIX_FADV_NOREUSE" },
	};

	put_enum(b, (uint32_t)v, t, N(t), "POSIX_FADV_???");
}

void decode_grnd(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = {
		{ 1, "GRND_NONBLOCK" }, { 2, "GRND_RANDOM" }, { 4, "GRND_INSECURE" },
	};

	put_flagset(b, v, t, N(t));
}

void decode_epoll_flags(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = { { 02000000, "EPOLL_CLOEXEC" } };

	put_flagset(b, v, t, N(t));
}
