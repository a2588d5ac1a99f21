// SPDX-License-Identifier: GPL-2.0
/*
 * Flag sets and enums.  The tables list names in the order strace prints
 * them (checked against strace 6.1 on this machine), which is not always
 * numeric order; unknown bits follow in hex.
 */
#include <stddef.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

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

void decode_open_flags(struct sbuf *b, uint64_t v)
{
	static const char *const acc[] = { "O_RDONLY", "O_WRONLY", "O_RDWR", "O_ACCMODE" };

	sbuf_puts(b, acc[v & 3]);
	v &= ~3ull;
	put_rest(b, v & 0xffffffff, put_flags(b, &v, xlat_open_flags, N(xlat_open_flags), 0), "");
}

void decode_mmap_prot(struct sbuf *b, uint64_t v)
{
	put_rest(b, v, put_flags(b, &v, xlat_prot_flags, N(xlat_prot_flags), 1), "PROT_NONE");
}

void decode_mmap_flags(struct sbuf *b, uint64_t v)
{
	static const char *const type[] = { "MAP_FILE", "MAP_SHARED", "MAP_PRIVATE",
					     "MAP_SHARED_VALIDATE" };

	sbuf_puts(b, type[v & 3]);
	v &= ~3ull;
	put_rest(b, v, put_flags(b, &v, xlat_mmap_flags, N(xlat_mmap_flags), 0), "");
}

void decode_access_mode(struct sbuf *b, uint64_t v)
{
	v = (uint32_t)v;	/* an int: the low half of the register */
	put_rest(b, v, put_flags(b, &v, xlat_access_flags, N(xlat_access_flags), 1), "F_OK");
}

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
	first = put_flags(b, &v, xlat_at_flags, 1, first);
	if (bit9 && (v & 0x200)) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_puts(b, bit9);
		v &= ~0x200ull;
		first = 0;
	}
	first = put_flags(b, &v, xlat_at_flags + 1, N(xlat_at_flags) - 1, first);
	put_rest(b, v, first, "0");
}

void decode_whence(struct sbuf *b, uint64_t v)
{
	static const char *const names[] = { "SEEK_SET", "SEEK_CUR", "SEEK_END",
					      "SEEK_DATA", "SEEK_HOLE" };

	v = (uint32_t)v;	/* an int: the low half of the register */
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

void decode_clockid(struct sbuf *b, uint64_t v)
{
	if ((int32_t)v < 0) {
		sbuf_s64(b, (int32_t)v);	/* dynamic clocks: fd or pid based */
		return;
	}
	put_enum(b, (uint32_t)v, xlat_clockid, N(xlat_clockid), "CLOCK_???");
}

void decode_timer_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_timer_flags, N(xlat_timer_flags));
}

void decode_sigmask_how(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_sigmask_how, N(xlat_sigmask_how), "SIG_???");
}

void decode_rlimit_resource(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_rlimit_resource, N(xlat_rlimit_resource), "RLIMIT_???");
}

void decode_arch_prctl(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_arch_prctl, N(xlat_arch_prctl), "ARCH_???");
}

void decode_wait_options(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_wait_options, N(xlat_wait_options));
}

void decode_statx_mask(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_statx_mask, N(xlat_statx_mask));
}

void decode_clone_flags(struct sbuf *b, uint64_t v)
{
	uint64_t sig = v & 0xff, rest = v & ~0xffull;
	int first = put_flags(b, &rest, xlat_clone_flags, N(xlat_clone_flags), 1);

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
	put_enum(b, (uint32_t)v, xlat_ioctl_req, N(xlat_ioctl_req), NULL);
}

void decode_fcntl_cmd(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_fcntl_cmds, N(xlat_fcntl_cmds), NULL);
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
	put_flagset(b, v, xlat_open_flags, N(xlat_open_flags));
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
	put_enum(b, (uint32_t)v, xlat_sock_family, N(xlat_sock_family), "AF_???");
}

void decode_sock_type(struct sbuf *b, uint64_t v)
{
	uint64_t rest = (uint32_t)v & ~0xfull;

	put_enum(b, v & 0xf, xlat_sock_type_types, N(xlat_sock_type_types), NULL);
	put_rest(b, rest, put_flags(b, &rest, xlat_sock_type_flags, N(xlat_sock_type_flags), 0), "");
}

void decode_sock_proto(struct sbuf *b, uint64_t family, uint64_t v)
{
	if (family == 2 || family == 10)
		put_enum(b, (uint32_t)v, xlat_sock_proto_ip, N(xlat_sock_proto_ip), NULL);
	else if (family == 16)
		put_enum(b, (uint32_t)v, xlat_sock_proto_nl, N(xlat_sock_proto_nl), NULL);
	else
		sbuf_s64(b, (int32_t)v);
}

void decode_madvise(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_madvise, N(xlat_madvise), "MADV_???");
}

void decode_fadvise(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_fadvise, N(xlat_fadvise), "POSIX_FADV_???");
}

void decode_grnd(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_grnd, N(xlat_grnd));
}

void decode_epoll_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_epoll_flags, N(xlat_epoll_flags));
}
