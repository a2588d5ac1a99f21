// SPDX-License-Identifier: GPL-2.0
/*
 * File calls: open, access and *at flags, whence, fcntl commands and
 * results, fd flags, advice, flock, renameat2, xattr, inotify, eventfd,
 * memfd and seal flags, openat2's open_how, utimensat's times.
 */
#include <stddef.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

/* all 64 bits (open_how's flags) */
static void open_flags64(struct sbuf *b, uint64_t v)
{
	static const char *const acc[] = { "O_RDONLY", "O_WRONLY", "O_RDWR", "O_ACCMODE" };
	int first;

	sbuf_puts(b, acc[v & 3]);
	v &= ~3ull;
	first = put_flags(b, &v, xlat_open_flags, N(xlat_open_flags), 0);
	put_rest(b, v, first, "");
}

/* an int's (open's, openat's) */
void decode_open_flags(struct sbuf *b, uint64_t v)
{
	open_flags64(b, (uint32_t)v);
}

void decode_access_mode(struct sbuf *b, uint64_t v)
{
	v = (uint32_t)v;	/* an int: the low half of the register */
	if (!v)
		sbuf_puts(b, "F_OK");
	else
		put_flagset_q(b, v, xlat_access_flags, N(xlat_access_flags), "?_OK");
}

/* 0x200 means a different thing to each call that takes it: strace has a
 * table per call (faccessat2's, mount_setattr's, the rest's), and statx's
 * sync type first, whatever its value. */
void decode_at_flags(struct sbuf *b, uint64_t v, const char *syscall)
{
	size_t mark = b->len;

	v = (uint32_t)v;
	if (!strcmp(syscall, "faccessat2"))
		put_flagset_q(b, v, xlat_faccessat_flags, N(xlat_faccessat_flags), "AT_???");
	else if (!strcmp(syscall, "mount_setattr"))
		put_flagset_q(b, v, xlat_mount_setattr_flags, N(xlat_mount_setattr_flags),
			      "AT_???");
	else if (strcmp(syscall, "statx"))
		put_flagset_q(b, v, xlat_at_flags, N(xlat_at_flags), "AT_???");
	if (strcmp(syscall, "statx")) {
		xlat_finish(b, mark, v, XF_HEX);
		return;
	}
	/* statx: each part on its own, -X too */
	if (v & 0x6000) {	/* AT_STATX_SYNC_TYPE */
		uint64_t sync = v & 0x6000;

		put_flags(b, &sync, xlat_at_statx_sync, N(xlat_at_statx_sync), 1);
	} else {
		sbuf_puts(b, "AT_STATX_SYNC_AS_STAT");
	}
	xlat_finish(b, mark, v & 0x6000, XF_HEX);
	v &= ~0x6000ull;
	if (v) {
		uint64_t rest = v;

		sbuf_putc(b, '|');
		mark = b->len;
		put_rest(b, rest, put_flags(b, &rest, xlat_at_flags, N(xlat_at_flags), 1), "");
		xlat_finish(b, mark, v, XF_HEX);
	}
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

void decode_fcntl_cmd(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_fcntl_cmds, N(xlat_fcntl_cmds), "F_???");
}

static bool fcntl_cmd_known(uint64_t cmd)
{
	for (size_t i = 0; i < N(xlat_fcntl_cmds); i++)
		if (xlat_fcntl_cmds[i].val == (uint32_t)cmd)
			return true;
	return false;
}

FLAG_DECODER_Q(decode_dn_flags, xlat_dn_flags, "DN_???");
FLAG_DECODER_Q(decode_uffd_flags, xlat_uffd_flags, "UFFD_???");
FLAG_DECODER_Q(decode_fsopen_flags, xlat_fsopen_flags, "FSOPEN_???");
FLAG_DECODER_Q(decode_open_tree_flags, xlat_open_tree_flags, "OPEN_TREE_???");

/* fanotify_init's class, then its flags; -X raw "0x4|0x3", as strace */
void decode_fan_init_flags(struct sbuf *b, uint64_t v)
{
	uint64_t cls = (uint32_t)v & 0xc, f = (uint32_t)v & ~0xcu;
	size_t mark = b->len;

	put_enum(b, cls, xlat_fan_classes, N(xlat_fan_classes), "FAN_CLASS_???");
	xlat_finish(b, mark, cls, XF_HEX);
	if (f) {
		sbuf_putc(b, '|');
		mark = b->len;
		put_flagset_q(b, f, xlat_fan_init_flags, N(xlat_fan_init_flags), "FAN_???");
		xlat_finish(b, mark, f, XF_HEX);
	}
}

/* delete_module's: "O_NONBLOCK|O_TRUNC|0x..."; none known "0x... /\* O_??? *\/" */
void decode_delete_module_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, (uint32_t)v, xlat_delete_module_flags, N(xlat_delete_module_flags),
		      "O_???");
}

void decode_falloc_mode(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_falloc_flags, N(xlat_falloc_flags), "FALLOC_FL_???");
}

void decode_close_range_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_close_range_flags, N(xlat_close_range_flags), "CLOSE_RANGE_???");
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

/* F_GETLK, F_SETLK, F_SETLKW and their F_OFD_ forms (36-38) */
bool fcntl_cmd_takes_flock(uint64_t cmd)
{
	return ((uint32_t)cmd >= 5 && (uint32_t)cmd <= 7) ||
	       ((uint32_t)cmd >= 36 && (uint32_t)cmd <= 38);
}

/* ...of which these answer in it (l_pid shown) */
bool fcntl_cmd_gets_flock(uint64_t cmd)
{
	return (uint32_t)cmd == 5 || (uint32_t)cmd == 36;
}

/* one of three names (-X: the number too) */
static void put_short_name(struct sbuf *b, int16_t v, const char *const names[3],
			   const char *unknown)
{
	size_t mark = b->len;

	if (v >= 0 && v < 3)
		sbuf_puts(b, names[v]);
	else
		sbuf_printf(b, "%#x /* %s */", (uint16_t)v, unknown);
	xlat_finish(b, mark, (uint16_t)v, XF_HEX);
}

/* struct flock: l_type 0 (short), l_whence 2, l_start 8, l_len 16, l_pid 24 */
void decode_flock(struct sbuf *b, const uint8_t *p, bool with_pid)
{
	static const char *const types[] = { "F_RDLCK", "F_WRLCK", "F_UNLCK" };
	static const char *const whence[] = { "SEEK_SET", "SEEK_CUR", "SEEK_END" };
	int16_t type, wh;
	int64_t start, len;
	int32_t pid;

	memcpy(&type, p, 2);
	memcpy(&wh, p + 2, 2);
	memcpy(&start, p + 8, 8);
	memcpy(&len, p + 16, 8);
	memcpy(&pid, p + 24, 4);
	sbuf_puts(b, "{l_type=");
	put_short_name(b, type, types, "F_???");
	sbuf_puts(b, ", l_whence=");
	put_short_name(b, wh, whence, "SEEK_???");
	sbuf_printf(b, ", l_start=%lld, l_len=%lld", (long long)start, (long long)len);
	if (with_pid)
		sbuf_printf(b, ", l_pid=%d", pid);
	sbuf_putc(b, '}');
}

void decode_rwf_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, (uint32_t)v, xlat_rwf_flags, N(xlat_rwf_flags));
}

void decode_membarrier_cmd(struct sbuf *b, uint64_t v)
{
	if (!(uint32_t)v)
		sbuf_puts(b, "MEMBARRIER_CMD_QUERY");
	else
		put_enum(b, (uint32_t)v, xlat_membarrier_cmds, N(xlat_membarrier_cmds),
			 "MEMBARRIER_CMD_???");
}

void decode_membarrier_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_membarrier_flags, N(xlat_membarrier_flags),
		      "MEMBARRIER_CMD_FLAG_???");
}

void decode_handle_at_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_name_to_handle_at_flags, N(xlat_name_to_handle_at_flags), "AT_???");
}

/* MEMBARRIER_CMD_QUERY's answer: the commands supported */
void decode_membarrier_cmds(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_membarrier_cmds, N(xlat_membarrier_cmds));
}

/* pkey_alloc's rights: an unsigned long, all 64 bits (-X here) */
void decode_pkey_rights(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	put_flagset_q64(b, v, xlat_pkey_rights, N(xlat_pkey_rights), "PKEY_???");
	xlat_finish(b, mark, v, XF_HEX);
}

void decode_shutdown_how(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_shutdown_how, N(xlat_shutdown_how), "SHUT_???");
}

void decode_fd_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_open_flags, N(xlat_open_flags), "O_???");
}

void decode_fcntl_arg(struct sbuf *b, uint64_t cmd, uint64_t v)
{
	size_t mark = b->len;

	switch ((uint32_t)cmd) {
	case 2:				/* F_SETFD */
		if (v == 1)
			sbuf_puts(b, "FD_CLOEXEC");
		else
			sbuf_u64(b, (uint32_t)v);
		xlat_finish(b, mark, (uint32_t)v, XF_HEX);	/* -X */
		break;
	case 4:				/* F_SETFL */
		decode_open_flags(b, (uint32_t)v);
		xlat_finish(b, mark, (uint32_t)v, XF_HEX);
		break;
	case 1033:			/* F_ADD_SEALS */
		decode_seals(b, v);
		xlat_finish(b, mark, (uint32_t)v, XF_HEX);
		break;
	case 10:			/* F_SETSIG: a signal, 0 for SIGIO */
		decode_signal_x(b, v);
		break;
	case 1024:			/* F_SETLEASE */
		put_enum(b, (uint32_t)v, xlat_lease_types, N(xlat_lease_types), "F_???");
		xlat_finish(b, mark, (uint32_t)v, XF_HEX);
		break;
	case 1026:			/* F_NOTIFY */
		decode_dn_flags(b, v);
		xlat_finish(b, mark, (uint32_t)v, XF_HEX);
		break;
	case 0: case 8: case 1030: case 1031:
		sbuf_s64(b, (int32_t)v);
		break;
	default:
		/* an unknown command's argument is a number to strace */
		if (v)
			sbuf_hex(b, v);
		else
			sbuf_puts(b, fcntl_cmd_known(cmd) ? "NULL" : "0");
	}
}

/* struct f_owner_ex: "{type=F_OWNER_PID, pid=N}" */
void decode_f_owner_ex(struct sbuf *b, const uint8_t *p)
{
	int32_t v[2];

	memcpy(v, p, sizeof(v));
	sbuf_puts(b, "{type=");
	put_enum_x(b, (uint32_t)v[0], xlat_f_owner_types, N(xlat_f_owner_types), "F_OWNER_???");
	sbuf_printf(b, ", pid=%d}", v[1]);
}

/* F_GETFD and F_GETFL results: "0x1 (flags FD_CLOEXEC)" */
bool decode_fcntl_result(struct sbuf *b, uint64_t cmd, int64_t ret)
{
	if (ret < 0)
		return false;
	if ((uint32_t)cmd == 1) {
		if (!ret)
			sbuf_putc(b, '0');
		else if (ret == 1) {
			size_t mark;

			sbuf_puts(b, "0x1 (flags ");
			mark = b->len;
			sbuf_puts(b, "FD_CLOEXEC");
			xlat_finish(b, mark, 1, XF_HEX);	/* -X raw: "0x1" */
			sbuf_putc(b, ')');
		} else
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
	if ((uint32_t)cmd == 1025) {	/* F_GETLEASE: "0x2 (F_UNLCK)" */
		if (ret)
			sbuf_hex(b, ret);
		else
			sbuf_putc(b, '0');
		sbuf_puts(b, " (");
		put_enum(b, ret, xlat_lease_types, N(xlat_lease_types), "F_???");
		sbuf_putc(b, ')');
		return true;
	}
	if ((uint32_t)cmd == 11 && ret > 0) {	/* F_GETSIG: "10 (SIGUSR1)" */
		sbuf_printf(b, "%lld (", (long long)ret);
		decode_signal(b, (int)ret);
		sbuf_putc(b, ')');
		return true;
	}
	if ((uint32_t)cmd == 1034 && ret > 0) {	/* F_GET_SEALS */
		size_t mark;

		sbuf_hex(b, ret);
		sbuf_puts(b, " (seals ");
		mark = b->len;
		decode_seals(b, ret);
		xlat_finish(b, mark, ret, XF_HEX);
		sbuf_putc(b, ')');
		return true;
	}
	return false;
}

void decode_fadvise(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_fadvise, N(xlat_fadvise), "POSIX_FADV_???");
}

FLAG_DECODER_Q(decode_flock_op, xlat_flock_ops, "LOCK_???");
FLAG_DECODER_Q(decode_rename_flags, xlat_rename_flags, "RENAME_??");
FLAG_DECODER_Q(decode_xattr_flags, xlat_xattr_flags, "XATTR_???");
FLAG_DECODER_Q(decode_inotify_init_flags, xlat_in_init_flags, "IN_???");
FLAG_DECODER(decode_inotify_mask, xlat_in_mask);
FLAG_DECODER_Q(decode_eventfd_flags, xlat_efd_flags, "EFD_???");
/* the flags, then a huge page size's log2 in bits 26-31 */
void decode_memfd_flags(struct sbuf *b, uint64_t v)
{
	uint32_t huge = ((uint32_t)v >> 26) & 0x3f;
	uint64_t rest = (uint32_t)v & 0x3ffffff;
	int first = put_flags(b, &rest, xlat_mfd_flags, N(xlat_mfd_flags), 1);

	if (rest) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_hex(b, rest);
		if (first && !huge)
			sbuf_puts(b, " /* MFD_??? */");
		first = 0;
	}
	if (huge)
		sbuf_printf(b, "%s%u<<MFD_HUGE_SHIFT", first ? "" : "|", huge);
	else if (first)
		sbuf_putc(b, '0');
}
FLAG_DECODER_Q(decode_seals, xlat_seals, "F_SEAL_???");
/* struct open_how {u64 flags, mode, resolve}: mode only when the flags
 * create a file */
/* struct open_how {u64 flags, mode, resolve}, as long as the size says
 * (argument 3; captured up to 128 bytes, or to the end of the process's
 * memory): mode when the flags create a file or it is not 0; what follows the
 * struct when it is not zeros ("/\* bytes 24..31 *\/ ..."), "???" when it
 * could not be read; the address when the size is short of the struct */
void put_open_how(struct sbuf *b, uint64_t addr, uint64_t size, const uint8_t *p, size_t len)
{
	uint64_t how[3], rest;
	size_t mark;
	int first;

	if (!addr) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (size < sizeof(how) || !p || len < sizeof(how)) {
		sbuf_hex(b, addr);
		return;
	}
	memcpy(how, p, sizeof(how));
	sbuf_puts(b, "{flags=");
	mark = b->len;
	open_flags64(b, how[0]);
	xlat_finish(b, mark, how[0], XF_HEX);
	if ((how[0] & (0100 | 020000000)) || how[1])	/* (strace: a mode given shows) */
		sbuf_printf(b, ", mode=%#03llo", (unsigned long long)how[1]);
	sbuf_puts(b, ", resolve=");
	mark = b->len;
	rest = how[2];
	first = put_flags(b, &rest, xlat_resolve_flags, N(xlat_resolve_flags), 1);
	if (first && rest)
		sbuf_printf(b, "%#llx /* RESOLVE_??? */", (unsigned long long)rest);
	else
		put_rest(b, rest, first, "0");
	xlat_finish(b, mark, how[2], XF_HEX);
	put_struct_tail(b, p, len, sizeof(how), size, 128);
	sbuf_putc(b, '}');
}

void put_struct_tail(struct sbuf *b, const uint8_t *p, size_t len, size_t known, uint64_t size,
		     size_t cap)
{
	const uint8_t *x = p + known;
	size_t have = len - known, k = 0;

	if (size <= known)
		return;
	if (len < size && len < cap) {
		sbuf_puts(b, ", ???");
		return;
	}
	while (k < have && !x[k])
		k++;
	if (k < have) {
		sbuf_printf(b, ", /* bytes %zu..%llu */ ", known, (unsigned long long)size - 1);
		decode_string_hex(b, (const char *)x, have, have < size - known);
	}
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
		if (t[1] == (1 << 30) - 1 || t[1] == (1 << 30) - 2) {
			const char *name = t[1] == (1 << 30) - 1 ? "UTIME_NOW" : "UTIME_OMIT";

			/* -X raw|verbose: the struct, and the name in a comment */
			if (decode_xlat() == XLAT_ABBREV) {
				sbuf_puts(b, name);
				continue;
			}
			sbuf_printf(b, "{tv_sec=%lld, tv_nsec=%llu}", (long long)t[0],
				    (unsigned long long)t[1]);
			if (decode_xlat() == XLAT_VERBOSE)
				sbuf_printf(b, " /* %s */", name);
		} else {
			/* nanoseconds unsigned, as strace; a date only for a
			 * valid time */
			sbuf_printf(b, "{tv_sec=%lld, tv_nsec=%llu}", (long long)t[0],
				    (unsigned long long)t[1]);
			if ((uint64_t)t[1] < 1000000000)
				decode_date(b, t[0], (uint32_t)t[1]);
		}
	}
	sbuf_putc(b, ']');
}
