// SPDX-License-Identifier: GPL-2.0
/*
 * io_uring_setup's struct io_uring_params, io_uring_enter's flags and
 * io_uring_register's opcodes, as strace prints them.  The params are
 * printed in two halves around wq_fd, whose -y path the caller adds: what
 * the process set (flags, the SQ thread's CPU and idle time, reserved
 * words when not zero), then, when the call succeeded, what the kernel
 * filled in (ring sizes, features, the rings' offsets).
 */
#include <linux/io_uring.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

bool decode_uring_params_head(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint32_t flags;

	if (too_short(b, len, sizeof(struct io_uring_params)))
		return false;
	flags = load_u32(p, 8);
	sbuf_puts(b, "{flags=");
	put_flagset_qx(b, flags, xlat_uring_setup_flags, N(xlat_uring_setup_flags),
		    "IORING_SETUP_???");
	sbuf_puts(b, ", sq_thread_cpu=");
	put_hex0(b, load_u32(p, 12));
	sbuf_printf(b, ", sq_thread_idle=%u", load_u32(p, 16));
	return flags & IORING_SETUP_ATTACH_WQ;
}

static void put_offsets(struct sbuf *b, const uint8_t *p, const char *const *names)
{
	sbuf_putc(b, '{');
	for (int i = 0; i < 7; i++)
		sbuf_printf(b, "%s%s=%u", i ? ", " : "", names[i], load_u32(p, 4 * i));
	sbuf_putc(b, '}');
}

void decode_uring_params_tail(struct sbuf *b, const uint8_t *p, bool done)
{
	static const char *const sq[] = {
		"head", "tail", "ring_mask", "ring_entries", "flags", "dropped", "array",
	};
	static const char *const cq[] = {
		"head", "tail", "ring_mask", "ring_entries", "overflow", "cqes", "flags",
	};

	if (load_u32(p, 28) || load_u32(p, 32) || load_u32(p, 36)) {
		sbuf_puts(b, ", resv=[");
		for (int i = 0; i < 3; i++) {
			if (i)
				sbuf_puts(b, ", ");
			put_hex0(b, load_u32(p, 28 + 4 * i));
		}
		sbuf_putc(b, ']');
	}
	if (done) {
		sbuf_printf(b, ", sq_entries=%u, cq_entries=%u, features=", load_u32(p, 0), load_u32(p, 4));
		put_flagset_qx(b, load_u32(p, 20), xlat_uring_features, N(xlat_uring_features),
			    "IORING_FEAT_???");
		sbuf_puts(b, ", sq_off=");
		put_offsets(b, p + 40, sq);
		sbuf_puts(b, ", cq_off=");
		put_offsets(b, p + 80, cq);
	}
	sbuf_putc(b, '}');
}

void decode_uring_enter_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_uring_enter_flags, N(xlat_uring_enter_flags),
		      "IORING_ENTER_???");
}

void decode_uring_register_op(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_uring_register_ops, N(xlat_uring_register_ops),
		 "IORING_REGISTER_???");
}
