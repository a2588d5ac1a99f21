// SPDX-License-Identifier: GPL-2.0
/*
 * Flag sets and enums.  The tables list names in the order strace prints
 * them (checked against strace 6.1 on this machine), which is not always
 * numeric order; unknown bits follow in hex.
 */
#include <stddef.h>
#include <string.h>

#include "decode.h"

struct flag {
	uint64_t val;
	const char *name;
};

#define N(tab) (sizeof(tab) / sizeof(tab[0]))

/* Append each flag present, '|'-separated; then the rest in hex.
 * `first` is whether nothing has been printed yet; returns it updated. */
static int put_flags(struct sbuf *b, uint64_t *v, const struct flag *t,
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

static void put_rest(struct sbuf *b, uint64_t v, int first, const char *zero)
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
	first = put_flags(b, &v, at_flags, 1, 1);
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
