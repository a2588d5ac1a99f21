// SPDX-License-Identifier: GPL-2.0
/* SCSI generic requests (scsi/sg.h) other than SG_IO's structs: the ints
 * they read or write, SG_SCSI_RESET's operation. */
#include <scsi/sg.h>

#include "flagtab.h"
#include "xlat_tables.h"

#define SG_SCSI_RESET_NO_ESCALATE_ 0x100	/* (not in Debian's header) */

/* the operation, after NO_ESCALATE when it is set: each part by -X on
 * its own ("0x100 /\* SG_SCSI_RESET_NO_ESCALATE *\/|0x1 /\* ... *\/") */
static void put_reset(struct sbuf *b, uint32_t v)
{
	uint32_t op = v & ~SG_SCSI_RESET_NO_ESCALATE_;
	size_t mark;

	for (size_t i = 0; i < N(xlat_sg_scsi_reset); i++)
		if (xlat_sg_scsi_reset[i].val == op) {
			if (v & SG_SCSI_RESET_NO_ESCALATE_) {
				mark = b->len;
				sbuf_puts(b, "SG_SCSI_RESET_NO_ESCALATE");
				xlat_finish(b, mark, SG_SCSI_RESET_NO_ESCALATE_, XF_HEX);
				sbuf_putc(b, '|');
			}
			mark = b->len;
			sbuf_puts(b, xlat_sg_scsi_reset[i].name);
			xlat_finish(b, mark, op, XF_HEX);
			return;
		}
	sbuf_printf(b, "%#x", v);
	if (decode_xlat() != XLAT_RAW)
		sbuf_puts(b, " /* SG_SCSI_RESET_??? */");
}

bool ioctl_scsi_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;
	int32_t v;

	switch (c->req) {
	case SG_SET_TRANSFORM:
		put_hex0(b, c->addr);
		return true;
	case SG_NEXT_CMD_LEN: case SG_SET_COMMAND_Q: case SG_SET_DEBUG:
	case SG_SET_FORCE_LOW_DMA: case SG_SET_FORCE_PACK_ID: case SG_SET_KEEP_ORPHAN:
	case SG_SET_RESERVED_SIZE: case SG_SET_TIMEOUT:
		p = ioc_in(b, c, 4);
		break;
	case SG_EMULATED_HOST: case 0x2289 /* SG_GET_ACCESS_COUNT */: case SG_GET_COMMAND_Q:
	case SG_GET_KEEP_ORPHAN: case SG_GET_LOW_DMA: case SG_GET_NUM_WAITING:
	case SG_GET_PACK_ID: case SG_GET_RESERVED_SIZE: case SG_GET_SG_TABLESIZE:
	case SG_GET_TRANSFORM: case SG_GET_VERSION_NUM:
		p = ioc_out(b, c, 4);
		break;
	case SG_SCSI_RESET:
		if ((p = ioc_in(b, c, 4))) {
			sbuf_putc(b, '[');
			put_reset(b, *(const uint32_t *)(const void *)p);
			sbuf_putc(b, ']');
		}
		return true;
	default:
		return false;
	}
	if (p) {
		__builtin_memcpy(&v, p, 4);
		sbuf_printf(b, "[%d]", v);
	}
	return true;
}
