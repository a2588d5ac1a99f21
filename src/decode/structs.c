// SPDX-License-Identifier: GPL-2.0
/*
 * Structs read from the traced process, printed as strace prints them
 * (abbreviated with "..." where strace abbreviates).  Each takes the bytes
 * the kernel side captured and their length; a short capture prints as
 * the pointer would, by the caller.  x86_64 layouts.
 */
#include <arpa/inet.h>
#include <string.h>

#include "decode.h"

void decode_mode(struct sbuf *b, uint32_t mode)
{
	static const char *const types[] = {
		[001] = "S_IFIFO", [002] = "S_IFCHR", [004] = "S_IFDIR", [006] = "S_IFBLK",
		[010] = "S_IFREG", [012] = "S_IFLNK", [014] = "S_IFSOCK",
	};
	uint32_t type = (mode >> 12) & 017;
	size_t mark = b->len;

	if (type && types[type]) {
		sbuf_puts(b, types[type]);
		sbuf_putc(b, '|');
	}
	if (mode & 04000)
		sbuf_puts(b, "S_ISUID|");
	if (mode & 02000)
		sbuf_puts(b, "S_ISGID|");
	if (mode & 01000)
		sbuf_puts(b, "S_ISVTX|");
	sbuf_printf(b, "%#o", mode & 0777);
	if (!(mode & 0777))
		b->len--, sbuf_puts(b, "000");	/* "%#o" of 0 is "0" */
	if (mode & ~0777u)
		xlat_finish(b, mark, mode, XF_OCT);
}

static void put_hex0(struct sbuf *b, uint64_t v)
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

void decode_timespec(struct sbuf *b, const uint8_t *p, size_t len)
{
	(void)len;
	sbuf_puts(b, "{tv_sec=");
	sbuf_s64(b, (int64_t)load_u64(p, 0));
	sbuf_puts(b, ", tv_nsec=");
	sbuf_s64(b, (int64_t)load_u64(p, 8));
	sbuf_putc(b, '}');
}

/* Signal names in sets drop the SIG prefix; 32 is RTMIN, 33.. RT_1.. */
static void set_member(struct sbuf *b, int sig)
{
	struct sbuf t;

	if (sig == 32) {
		sbuf_puts(b, "RTMIN");
		return;
	}
	sbuf_init(&t, 16);
	decode_signal(&t, sig);
	sbuf_putc(&t, 0);
	sbuf_puts(b, !strncmp(t.p, "SIG", 3) ? t.p + 3 : t.p);
	sbuf_free(&t);
}

void decode_sigset(struct sbuf *b, uint64_t mask)
{
	int n = __builtin_popcountll(mask), first = 1;
	bool invert = n > 32;

	if (invert) {
		sbuf_putc(b, '~');
		mask = ~mask;
	}
	sbuf_putc(b, '[');
	for (int sig = 1; sig <= 64; sig++) {
		if (!(mask >> (sig - 1) & 1))
			continue;
		if (!first)
			sbuf_putc(b, ' ');
		first = 0;
		set_member(b, sig);
	}
	sbuf_putc(b, ']');
}

static const struct {
	uint64_t val;
	const char *name;
} sa_flags[] = {
	/* strace's order, not numeric */
	{ 0x04000000, "SA_RESTORER" }, { 0x08000000, "SA_ONSTACK" },
	{ 0x10000000, "SA_RESTART" }, { 0x40000000, "SA_NODEFER" },
	{ 0x80000000, "SA_RESETHAND" }, { 0x4, "SA_SIGINFO" },
	{ 0x1, "SA_NOCLDSTOP" }, { 0x2, "SA_NOCLDWAIT" },
};

/* The kernel's struct sigaction: handler 0, flags 8, restorer 16, mask 24. */
void decode_sigaction(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint64_t handler = load_u64(p, 0), flags = load_u64(p, 8), rest = flags;
	int first = 1;

	(void)len;
	sbuf_puts(b, "{sa_handler=");
	if (handler == 0)
		sbuf_puts(b, "SIG_DFL");
	else if (handler == 1)
		sbuf_puts(b, "SIG_IGN");
	else
		sbuf_hex(b, handler);
	sbuf_puts(b, ", sa_mask=");
	decode_sigset(b, load_u64(p, 24));
	sbuf_puts(b, ", sa_flags=");
	for (size_t i = 0; i < sizeof(sa_flags) / sizeof(sa_flags[0]); i++) {
		if (!(rest & sa_flags[i].val))
			continue;
		if (!first)
			sbuf_putc(b, '|');
		first = 0;
		sbuf_puts(b, sa_flags[i].name);
		rest &= ~sa_flags[i].val;
	}
	if (rest) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_hex(b, rest);
	} else if (first) {
		sbuf_putc(b, '0');
	}
	if (flags & 0x04000000) {
		sbuf_puts(b, ", sa_restorer=");
		sbuf_hex(b, load_u64(p, 16));
	}
	sbuf_putc(b, '}');
}

static void rlim_value(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	if (v == ~0ull)
		sbuf_puts(b, "RLIM64_INFINITY");
	else if (v > 1024 && !(v % 1024)) {
		sbuf_u64(b, v / 1024);
		sbuf_puts(b, "*1024");
	} else {
		sbuf_u64(b, v);
		return;
	}
	xlat_finish(b, mark, v, XF_UDEC);
}

void decode_rlimit(struct sbuf *b, const uint8_t *p, size_t len)
{
	(void)len;
	sbuf_puts(b, "{rlim_cur=");
	rlim_value(b, load_u64(p, 0));
	sbuf_puts(b, ", rlim_max=");
	rlim_value(b, load_u64(p, 8));
	sbuf_putc(b, '}');
}

void decode_wait_status(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint32_t s = load_u32(p, 0);

	(void)len;
	sbuf_puts(b, "[{");
	if ((s & 0x7f) == 0) {
		sbuf_printf(b, "WIFEXITED(s) && WEXITSTATUS(s) == %u", (s >> 8) & 0xff);
	} else if ((s & 0xff) == 0x7f) {
		sbuf_puts(b, "WIFSTOPPED(s) && WSTOPSIG(s) == ");
		decode_signal(b, (s >> 8) & 0xff);
		if (s >> 16)
			sbuf_printf(b, " && s>>16 == %u", s >> 16);
	} else if (s == 0xffff) {
		sbuf_puts(b, "WIFCONTINUED(s)");
	} else {
		sbuf_puts(b, "WIFSIGNALED(s) && WTERMSIG(s) == ");
		decode_signal(b, s & 0x7f);
		if (s & 0x80)
			sbuf_puts(b, " && WCOREDUMP(s)");
	}
	sbuf_puts(b, "}]");
}

/* A socket address: AF_UNIX, AF_INET, AF_INET6, AF_NETLINK by field; others
 * by family.  len is how many bytes the call said it holds. */
void decode_sockaddr(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint16_t family;
	char text[64];

	if (len < 2) {
		sbuf_puts(b, "{}");
		return;
	}
	memcpy(&family, p, 2);
	sbuf_puts(b, "{sa_family=");
	decode_sock_family(b, family);
	if (family == 1) {			/* AF_UNIX */
		const char *path = (const char *)p + 2;
		size_t n = len - 2;

		if (n) {
			sbuf_puts(b, ", sun_path=");
			if (!path[0] && n > 1) {	/* abstract: no NUL ends it */
				sbuf_putc(b, '@');
				decode_string(b, path + 1, n - 1, false);
			} else {
				decode_string(b, path, strnlen(path, n), false);
			}
		}
	} else if (family == 2 && len >= 8) {	/* AF_INET */
		uint16_t port;

		memcpy(&port, p + 2, 2);
		inet_ntop(AF_INET, p + 4, text, sizeof(text));
		sbuf_printf(b, ", sin_port=htons(%u), sin_addr=inet_addr(\"%s\")",
			    ntohs(port), text);
	} else if (family == 10 && len >= 24) {	/* AF_INET6 */
		uint16_t port;
		uint32_t flow, scope = 0;

		memcpy(&port, p + 2, 2);
		memcpy(&flow, p + 4, 4);
		if (len >= 28)
			memcpy(&scope, p + 24, 4);
		inet_ntop(AF_INET6, p + 8, text, sizeof(text));
		sbuf_printf(b, ", sin6_port=htons(%u), sin6_flowinfo=htonl(%u), "
			    "inet_pton(AF_INET6, \"%s\", &sin6_addr), sin6_scope_id=%u",
			    ntohs(port), ntohl(flow), text, scope);
	} else if (family == 16 && len >= 12) {	/* AF_NETLINK */
		uint32_t pid, groups;

		memcpy(&pid, p + 4, 4);
		memcpy(&groups, p + 8, 4);
		sbuf_printf(b, ", nl_pid=%u, nl_groups=%08x", pid, groups);
	} else if (len > 2) {
		sbuf_puts(b, ", sa_data=");
		decode_string(b, (const char *)p + 2, len - 2, false);
	}
	sbuf_putc(b, '}');
}
