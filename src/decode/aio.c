// SPDX-License-Identifier: GPL-2.0
/*
 * Linux AIO's struct iocb as strace shows it: io_cancel's (its head) and
 * io_submit's array of pointers to them, each with what it points to (a
 * write's data, a vector's iovecs), captured by the kernel side's
 * cap_iocbs_g: the array first, then per iocb a CAP_ELEM | CAP_CTRL cap of
 * its 64 bytes followed by its data (CAP_ELEM | CAP_NAME) or iovecs
 * (CAP_ELEM); and the iocbs' keys as given, read at entry (a CAP_ENTRY:
 * the kernel writes 0 to the key of each iocb it takes).
 */
#include <string.h>
#include "../output/internal.h"
#include "decode.h"
#include "flagtab.h"
#include "xlat_tables.h"
#include "../syscalls/syscalls.h"
#include "../util/util.h"

#define IOCB_CMD_PWRITE 1
#define IOCB_CMD_POLL 5
#define IOCB_CMD_PREADV 7
#define IOCB_CMD_PWRITEV 8
#define IOCB_FLAG_RESFD 1
#define IOCB_FLAG_IOPRIO 2

/* an iocb's opcode: its name, else the number and a comment, as strace
 * (in decimal with -X raw and verbose) */
static void put_iocb_cmd(struct sbuf *b, uint16_t op)
{
	const char *name = NULL;

	for (size_t k = 0; k < N(xlat_iocb_cmds); k++)
		if (xlat_iocb_cmds[k].val == op)
			name = xlat_iocb_cmds[k].name;
	if (decode_xlat() == XLAT_RAW)
		sbuf_printf(b, "%u", op);
	else if (!name)
		sbuf_printf(b, "%u /* IOCB_CMD_??? */", op);
	else if (decode_xlat() == XLAT_VERBOSE)
		sbuf_printf(b, "%u /* %s */", op, name);
	else
		sbuf_puts(b, name);
}

/* an fd field, with -y's path when the formatter has one */
static void put_fd_field(struct formatter *f, struct sbuf *b, const char *name, int32_t fd,
			 uint32_t pid)
{
	sbuf_printf(b, ", %s=%d", name, fd);
	if (f && fd >= 0)
		put_fd_path(f, b, pid, fd);
}

/* The head, what names the request: data, key and rw_flags when not 0,
 * opcode, the priority (an ioprio with IOCB_FLAG_IOPRIO, else a number
 * when not 0), fd.  key: as given (the kernel writes 0 there), else -1
 * for the one in p.  f NULL: no -y paths. */
static uint16_t put_iocb_head(struct formatter *f, struct sbuf *b, const uint8_t *p, int64_t key_in,
			      uint32_t pid)
{
	uint32_t key = key_in >= 0 ? (uint32_t)key_in : load_u32(p, 8);
	uint32_t rw = load_u32(p, 12), flags = load_u32(p, 56);
	uint16_t op;
	int16_t prio;

	memcpy(&op, p + 16, 2);
	memcpy(&prio, p + 18, 2);
	sbuf_printf(b, "aio_data=%#llx", (unsigned long long)load_u64(p, 0));
	if (key)
		sbuf_printf(b, ", aio_key=%u", key);
	if (rw) {
		sbuf_puts(b, ", aio_rw_flags=");
		decode_rwf_flags(b, rw);
	}
	sbuf_puts(b, ", aio_lio_opcode=");
	put_iocb_cmd(b, op);
	if (flags & IOCB_FLAG_IOPRIO) {
		size_t mark;

		sbuf_puts(b, ", aio_reqprio=");
		mark = b->len;
		decode_ioprio_macro(b, (uint16_t)prio);
		xlat_finish(b, mark, (uint16_t)prio, XF_HEX);
	} else if (prio) {
		sbuf_printf(b, ", aio_reqprio=%d", prio);
	}
	put_fd_field(f, b, "aio_fildes", (int32_t)load_u32(p, 20), pid);
	return op;
}

/* io_cancel's struct iocb: its head (strace shows no more of it there) */
void decode_iocb_head(struct sbuf *b, const uint8_t *p, size_t len)
{
	if (len < 64)
		return;
	sbuf_putc(b, '{');
	put_iocb_head(NULL, b, p, -1, 0);
	sbuf_putc(b, '}');
}

/* aio_flags, and aio_resfd: an fd with IOCB_FLAG_RESFD, else in hex when
 * not 0 */
static void put_iocb_flags(struct formatter *f, struct sbuf *b, const uint8_t *p, uint32_t pid)
{
	uint32_t flags = load_u32(p, 56), resfd = load_u32(p, 60);

	if (flags) {
		size_t mark;

		sbuf_puts(b, ", aio_flags=");
		mark = b->len;
		put_flagset_q64(b, flags, xlat_iocb_flags, N(xlat_iocb_flags), "IOCB_FLAG_???");
		xlat_finish(b, mark, flags, XF_HEX);
	}
	if (flags & IOCB_FLAG_RESFD)
		put_fd_field(f, b, "aio_resfd", (int32_t)resfd, pid);
	else if (resfd)
		sbuf_printf(b, ", aio_resfd=%#x", resfd);
}

/* One iocb whole; refs[1..n) are what its kernel-side capture added (a
 * write's data, a vector's iovecs). */
static void put_iocb(struct formatter *f, struct sbuf *b, const uint8_t *p, int64_t key,
		     const struct capref *refs, size_t n, uint32_t pid)
{
	uint64_t buf = load_u64(p, 24), nbytes = load_u64(p, 32);
	int64_t offset = (int64_t)load_u64(p, 40);
	bool valid = (int64_t)nbytes >= 0;
	uint16_t op;

	sbuf_putc(b, '{');
	op = put_iocb_head(f, b, p, key, pid);
	switch (op) {
	case 0:
	case IOCB_CMD_PWRITE:
		sbuf_puts(b, ", aio_buf=");
		if (op == IOCB_CMD_PWRITE && valid && !buf) {
			sbuf_puts(b, "NULL");
		} else if (op == IOCB_CMD_PWRITE && valid && n > 1 &&
			   (refs[1].c->flags & CAP_NAME) && !(refs[1].c->flags & CAP_FAULT)) {
			decode_string(b, refs[1].data, refs[1].c->len,
				      (refs[1].c->flags & CAP_TRUNC) != 0);
		} else {
			sbuf_printf(b, "%#llx", (unsigned long long)buf);
		}
		sbuf_printf(b, ", aio_nbytes=%llu, aio_offset=%lld", (unsigned long long)nbytes,
			    (long long)offset);
		put_iocb_flags(f, b, p, pid);
		break;
	case IOCB_CMD_PREADV:
	case IOCB_CMD_PWRITEV:
		if (valid) {
			sbuf_puts(b, ", aio_buf=");
			if (!nbytes)
				sbuf_puts(b, "[]");
			else if (n > 1 && !(refs[1].c->flags & CAP_NAME))
				put_iov_refs(f, b, refs + 1, n - 1, nbytes, op == IOCB_CMD_PREADV);
			else
				sbuf_hex(b, buf);
		} else {
			sbuf_printf(b, ", aio_buf=%#llx, aio_nbytes=%llu", (unsigned long long)buf,
				    (unsigned long long)nbytes);
		}
		sbuf_printf(b, ", aio_offset=%lld", (long long)offset);
		put_iocb_flags(f, b, p, pid);
		break;
	case IOCB_CMD_POLL: {
		size_t mark;

		sbuf_puts(b, ", aio_buf=");
		mark = b->len;
		put_flagset_q64(b, buf, xlat_poll_events, N(xlat_poll_events), "POLL???");
		xlat_finish(b, mark, buf, XF_HEX);
		put_iocb_flags(f, b, p, pid);
		break;
	}
	default:
		break;
	}
	sbuf_putc(b, '}');
}

/* Does a capture start an iocb of io_submit's array? */
static bool iocb_start(const struct cap *c)
{
	return (c->flags & (CAP_ELEM | CAP_CTRL)) == (CAP_ELEM | CAP_CTRL);
}

/* io_submit's iocbpp: nr (argument 1) pointers, each iocb as strace shows
 * it; -s of them, then "..."; "... /\* ADDR *\/" where the array became
 * unreadable; the address when none of it could be read. */
void put_iocbs(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
	       const struct ev_syscall *e, size_t size, int i)
{
	static struct capref refs[MAX_REFS];
	int64_t nr = (int64_t)e->args[1];
	uint64_t addr = e->args[i], shown = 0, max = (uint64_t)formatter_arraysize(f);
	size_t n = collect_caps(e, size, i, refs), k = 1;
	/* the keys as given (read at entry: the kernel writes 0 to each iocb
	 * it takes) */
	const struct cap *keys = NULL;
	const char *kdata = NULL;

	(void)d;
	if (!cap_entry(e, size, i, &keys, &kdata) || (keys->len & 3))
		keys = NULL;
	/* as strace: NULL, then [] for none, then the address when the
	 * array wraps the address space or none of it could be read */
	if (nr < 0 || !addr) {
		put_ptr(b, addr);
		return;
	}
	if (!nr) {
		sbuf_puts(b, "[]");
		return;
	}
	if ((uint64_t)nr > (UINT64_MAX - addr) / 8 || !n ||
	    (refs[0].c->flags & (CAP_ELEM | CAP_FAULT)) || refs[0].c->len < 8) {
		put_ptr(b, addr);
		return;
	}
	sbuf_putc(b, '[');
	for (; shown < (uint64_t)nr; shown++) {
		size_t end;

		if (shown)
			sbuf_puts(b, ", ");
		if (shown == max || shown == IOCB_CAP_MAX) {
			sbuf_puts(b, "...");
			break;
		}
		if ((shown + 1) * 8 > refs[0].c->len || k >= n || !iocb_start(refs[k].c)) {
			sbuf_printf(b, "... /* %#llx */", (unsigned long long)(addr + shown * 8));
			break;
		}
		for (end = k + 1; end < n && !iocb_start(refs[end].c); end++)
			;
		if ((refs[k].c->flags & CAP_FAULT) || refs[k].c->len < 64)
			put_ptr(b, load_u64((const uint8_t *)refs[0].data, shown * 8));
		else
			put_iocb(f, b, (const uint8_t *)refs[k].data,
				 keys && shown < keys->len / 4u ? (int64_t)load_u32((const uint8_t *)kdata,
										 shown * 4) : -1,
				 refs + k, end - k, e->h.pid);
		k = end;
	}
	sbuf_putc(b, ']');
}
