// SPDX-License-Identifier: GPL-2.0
/*
 * Device mapper's requests (linux/dm-ioctl.h): struct dm_ioctl in
 * brackets, as strace shows it, with the fields each command uses; the
 * data after it (targets, messages, a new name) as "..." (strace decodes
 * them with -v, as strobe does).  What a successful call wrote is not
 * shown.
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

/*
 * With -v, the data after the struct, at data_start and within data_size
 * (all captured, up to the end of readable memory): what lies past
 * data_size is "misplaced", what could not be read its address.
 */

/* a NUL-terminated string of at most `bound` bytes at offset off: up to
 * -s, its address when it could not be read */
static void put_dm_string(struct sbuf *b, const struct ioctl_call *c, uint64_t off,
			  uint64_t bound)
{
	size_t avail = off < c->len ? c->len - off : 0, want = bound, n;

	if (!bound) {
		sbuf_puts(b, "\"\"");
		return;
	}
	if (want > c->strsize + 1)
		want = c->strsize + 1;
	n = strnlen((const char *)c->p + (off < c->len ? off : 0), avail < want ? avail : want);
	if (n == avail && avail < want) {	/* the memory ended before its NUL */
		sbuf_hex(b, c->addr + off);
		return;
	}
	if (n > c->strsize)
		decode_string(b, (const char *)c->p + off, c->strsize, true);
	else
		decode_string(b, (const char *)c->p + off, n, false);
}

static void put_targets(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	uint64_t size = load_u32(p, 12), off = load_u32(p, 16);
	uint32_t count = load_u32(p, 20);

	/* the targets follow the struct in the same brackets */
	for (uint32_t i = 0; i < count; i++) {
		const uint8_t *t;
		size_t n;

		if (i) {
			sbuf_puts(b, ", ");
			if (i == c->strsize) {
				sbuf_puts(b, "...");
				break;
			}
		}
		if (off + 40 > size) {
			sbuf_puts(b, "??? /* misplaced struct dm_target_spec */");
			break;
		}
		if (off + 40 > c->len) {
			sbuf_hex(b, c->addr + off);
			break;
		}
		t = c->p + off;
		n = strnlen((const char *)t + 24, 16);
		sbuf_printf(b, "{sector_start=%llu, length=%llu, target_type=",
			    (unsigned long long)load_u64(t, 0), (unsigned long long)load_u64(t, 8));
		decode_string(b, (const char *)t + 24, n, false);
		sbuf_puts(b, ", string=");
		put_dm_string(b, c, off + 40, size - off - 40);
		sbuf_putc(b, '}');
		/* the next target: `next` bytes on, which must move on */
		if (!load_u32(t, 20)) {
			if (i + 1 < count)
				sbuf_puts(b, ", ??? /* misplaced struct dm_target_spec */");
			break;
		}
		off += load_u32(t, 20);
	}
}

static void put_target_msg(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	uint64_t size = load_u32(p, 12), off = load_u32(p, 16);

	if (off + 8 > size) {
		sbuf_puts(b, "??? /* misplaced struct dm_target_msg */");
		return;
	}
	if (off + 8 > c->len) {
		sbuf_hex(b, c->addr + off);
		return;
	}
	sbuf_printf(b, "{sector=%llu, message=", (unsigned long long)load_u64(c->p, off));
	put_dm_string(b, c, off + 8, size - off - 8);
	sbuf_putc(b, '}');
}

static void put_data_string(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	uint64_t size = load_u32(p, 12), off = load_u32(p, 16);

	if (off > size) {
		sbuf_puts(b, "??? /* misplaced string */");
		return;
	}
	sbuf_puts(b, "{string=");
	put_dm_string(b, c, off, size - off);
	sbuf_putc(b, '}');
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
	 * a message, a new name, a geometry; with -v decoded */
	if ((cmd == DM_TABLE_LOAD_CMD && load_u32(p, 20)) || cmd == DM_TARGET_MSG_CMD ||
	    cmd == DM_DEV_RENAME_CMD || cmd == DM_DEV_SET_GEOMETRY_CMD) {
		sbuf_puts(b, ", ");
		if (!decode_verbose())
			sbuf_puts(b, "...");
		else if (cmd == DM_TABLE_LOAD_CMD)
			put_targets(b, c, p);
		else if (cmd == DM_TARGET_MSG_CMD)
			put_target_msg(b, c, p);
		else
			put_data_string(b, c, p);
	}
	sbuf_putc(b, ']');
	return true;
}
