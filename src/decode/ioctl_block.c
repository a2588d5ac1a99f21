// SPDX-License-Identifier: GPL-2.0
/*
 * Block devices' structs (linux/blkpg.h, linux/blktrace_api.h): BLKPG's
 * operation and the partition it points to (the kernel side reads it as
 * a second capture, CAP_ELEM), BLKTRACESETUP's trace setup.  The other
 * block requests are ints and ranges (ioctl_families.c).
 */
#include <linux/blkpg.h>
#include <linux/fs.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../../bpf/event.h"

#define BLKTRACESETUP_ 0xc0481273	/* _IOWR(0x12, 115, struct blk_user_trace_setup) */

static void put_chars(struct sbuf *b, const char *field, const uint8_t *p, size_t size)
{
	size_t n = strnlen((const char *)p, size);

	sbuf_printf(b, ", %s=", field);
	decode_string(b, (const char *)p, n < size ? n : size - 1, n == size);
}

static void put_blkpg(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	int32_t op = (int32_t)load_u32(p, 0);
	uint64_t data = load_u64(p, 16);
	const struct cap *cp;
	const char *part;

	sbuf_puts(b, "{op=");
	put_enum_x(b, (uint32_t)op, xlat_blkpg_ops, N(xlat_blkpg_ops), "BLKPG_???");
	sbuf_printf(b, ", flags=%d, datalen=%d, data=", (int32_t)load_u32(p, 4),
		    (int32_t)load_u32(p, 8));
	if (op >= BLKPG_ADD_PARTITION && op <= BLKPG_RESIZE_PARTITION &&
	    cap_find_flagged(c->e, c->size, c->arg, CAP_ELEM, &cp, &part) &&
	    !(cp->flags & CAP_FAULT) && cp->len >= 148) {
		const uint8_t *q = (const uint8_t *)part;

		sbuf_printf(b, "{start=%lld, length=%lld, pno=%d", (long long)load_u64(q, 0),
			    (long long)load_u64(q, 8), (int32_t)load_u32(q, 16));
		put_chars(b, "devname", q + 20, BLKPG_DEVNAMELTH);
		put_chars(b, "volname", q + 84, BLKPG_VOLNAMELTH);
		sbuf_puts(b, "}}");
		return;
	}
	if (data)
		sbuf_hex(b, data);
	else
		sbuf_puts(b, "NULL");
	sbuf_putc(b, '}');
}

bool ioctl_block_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;
	uint16_t mask;

	switch (c->req) {
	case BLKPG:
		if ((p = ioc_in(b, c, 24)))
			put_blkpg(b, c, p);
		return true;
	case BLKTRACESETUP_:
		/* struct blk_user_trace_setup: name[32], then the setup */
		if ((p = ioc_in(b, c, 72))) {
			memcpy(&mask, p + 32, 2);
			sbuf_printf(b, "{act_mask=%u, buf_size=%u, buf_nr=%u, start_lba=%llu, "
				    "end_lba=%llu, pid=%u", mask, load_u32(p, 36), load_u32(p, 40),
				    (unsigned long long)load_u64(p, 48),
				    (unsigned long long)load_u64(p, 56), load_u32(p, 64));
			formatter_put_pid(c->f, b, c->e->h.tid, (int32_t)load_u32(p, 64));
			sbuf_putc(b, '}');
		}
		return true;
	}
	return false;
}
