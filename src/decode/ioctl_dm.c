// SPDX-License-Identifier: GPL-2.0
/*
 * Device mapper's requests (linux/dm-ioctl.h): struct dm_ioctl in
 * brackets, as strace shows it, with the fields each command uses; the
 * data after it (targets, messages, a new name) as "..." (strace decodes
 * them with -v; strobe does not yet).  What a successful call wrote is
 * not shown either.
 */
#include <linux/ioctl.h>
#include <linux/dm-ioctl.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

#define DM_HEAD 305		/* offsetof(struct dm_ioctl, data) */

/* a char array: to its NUL, else cut ("...") */
static void put_chars(struct sbuf *b, const char *field, const uint8_t *p, size_t size)
{
	size_t n = strnlen((const char *)p, size);

	sbuf_printf(b, ", %s=", field);
	decode_string(b, (const char *)p, n < size ? n : size - 1, n == size);
}

bool ioctl_dm_arg(struct sbuf *b, const struct ioctl_call *c)
{
	uint32_t cmd = _IOC_NR(c->req), size, flags;
	const uint8_t *p;
	uint64_t dev;

	if (c->req != _IOWR(DM_IOCTL, cmd, struct dm_ioctl) || cmd > DM_GET_TARGET_VERSION_CMD)
		return false;
	/* its head: what comes before the data (which may be all there is) */
	if (!(p = ioc_in(b, c, DM_HEAD)))
		return true;
	/* a data_size short of the version's 12 bytes: its address, as
	 * strace (measured: 11 is an address, 12 "too small") */
	if (load_u32(p, 12) < 12) {
		sbuf_hex(b, c->addr);
		return true;
	}
	sbuf_printf(b, "[{version=[%u, %u, %u]", load_u32(p, 0), load_u32(p, 4), load_u32(p, 8));
	if (load_u32(p, 0) != DM_VERSION_MAJOR) {
		sbuf_puts(b, " /* unsupported device mapper ABI version */}]");
		return true;
	}
	size = load_u32(p, 12);
	sbuf_printf(b, ", data_size=%u", size);
	if (size < DM_HEAD) {
		sbuf_puts(b, " /* data_size too small */}]");
		return true;
	}
	switch (cmd) {		/* the commands with data after the struct */
	case DM_LIST_DEVICES_CMD: case DM_LIST_VERSIONS_CMD: case DM_DEV_WAIT_CMD:
	case DM_TABLE_DEPS_CMD: case DM_TABLE_STATUS_CMD: case DM_TABLE_LOAD_CMD:
	case DM_TARGET_MSG_CMD: case DM_DEV_SET_GEOMETRY_CMD: case DM_DEV_RENAME_CMD:
		sbuf_printf(b, ", data_start=%u", load_u32(p, 16));
	}
	if (cmd != DM_REMOVE_ALL_CMD && cmd != DM_LIST_DEVICES_CMD &&
	    cmd != DM_LIST_VERSIONS_CMD) {	/* the device they act on */
		memcpy(&dev, p + 40, 8);
		if (dev) {
			uint32_t major = (uint32_t)(((dev >> 8) & 0xfff) | ((dev >> 32) & 0xfffff000));
			uint32_t minor = (uint32_t)((dev & 0xff) | ((dev >> 12) & 0xffffff00));

			size_t mark;

			sbuf_puts(b, ", dev=");
			mark = b->len;
			sbuf_printf(b, "makedev(%#x, %#x)", major, minor);
			xlat_finish(b, mark, dev, XF_HEX);	/* -X: the number */
		}
		if (p[48])
			put_chars(b, "name", p + 48, DM_NAME_LEN);
		if (p[176])
			put_chars(b, "uuid", p + 176, DM_UUID_LEN);
	}
	flags = load_u32(p, 28);
	if (cmd == DM_TABLE_LOAD_CMD)
		sbuf_printf(b, ", target_count=%u", load_u32(p, 20));
	if (cmd == DM_DEV_REMOVE_CMD || cmd == DM_DEV_WAIT_CMD || cmd == DM_DEV_RENAME_CMD ||
	    (cmd == DM_DEV_SUSPEND_CMD && !(flags & DM_SUSPEND_FLAG)))
		sbuf_printf(b, ", event_nr=%u", load_u32(p, 32));
	sbuf_puts(b, ", flags=");
	put_flagset_qx(b, flags, xlat_dm_flags, N(xlat_dm_flags), "DM_???");
	sbuf_putc(b, '}');
	/* the data the call is given: targets (none when target_count is 0),
	 * a message, a new name, a geometry */
	if ((cmd == DM_TABLE_LOAD_CMD && load_u32(p, 20)) || cmd == DM_TARGET_MSG_CMD ||
	    cmd == DM_DEV_RENAME_CMD || cmd == DM_DEV_SET_GEOMETRY_CMD)
		sbuf_puts(b, ", ...");
	sbuf_putc(b, ']');
	return true;
}
