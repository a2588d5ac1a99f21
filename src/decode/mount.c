// SPDX-License-Identifier: GPL-2.0
/*
 * The new mount API (fsconfig, fsmount, fspick, move_mount,
 * mount_setattr's struct mount_attr) and fanotify_mark, as strace 6.1
 * prints them.
 */
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

void decode_fan_mark_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_fan_mark_flags, N(xlat_fan_mark_flags), "FAN_MARK_???");
}

/* 64 bits: -X applied here, to all of them */
void decode_fan_mark_mask(struct sbuf *b, uint64_t v)
{
	put_flagset_qx(b, v, xlat_fan_mark_mask, N(xlat_fan_mark_mask), "FAN_???");
}

void decode_fsmount_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_fsmount_flags, N(xlat_fsmount_flags), "FSMOUNT_???");
}

void decode_mount_attr_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q64(b, v, xlat_mount_attr_flags, N(xlat_mount_attr_flags), "MOUNT_ATTR_???");
}

void decode_fspick_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_fspick_flags, N(xlat_fspick_flags), "FSPICK_???");
}

void decode_move_mount_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_move_mount_flags, N(xlat_move_mount_flags), "MOVE_MOUNT_???");
}

void decode_fsconfig_cmd(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_fsconfig_cmds, N(xlat_fsconfig_cmds), "FSCONFIG_???");
}

/* struct mount_attr {u64 attr_set, attr_clr, propagation, userns_fd} */
void decode_mount_attr(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint64_t set, clr, prop, userns;
	size_t mark;

	if (too_short(b, len, 32))
		return;
	memcpy(&set, p, 8);
	memcpy(&clr, p + 8, 8);
	memcpy(&prop, p + 16, 8);
	memcpy(&userns, p + 24, 8);
	sbuf_puts(b, "{attr_set=");
	mark = b->len;
	put_flagset_q64(b, set, xlat_mount_setattr_attr_flags, N(xlat_mount_setattr_attr_flags),
			"MOUNT_ATTR_???");
	xlat_finish(b, mark, set, XF_HEX);
	sbuf_puts(b, ", attr_clr=");
	mark = b->len;
	put_flagset_q64(b, clr, xlat_mount_setattr_attr_flags, N(xlat_mount_setattr_attr_flags),
			"MOUNT_ATTR_???");
	xlat_finish(b, mark, clr, XF_HEX);
	sbuf_puts(b, ", propagation=");
	mark = b->len;
	put_enum(b, prop, xlat_mount_propagation, N(xlat_mount_propagation), "MS_???");
	xlat_finish(b, mark, prop, XF_HEX);
	sbuf_printf(b, ", userns_fd=%llu}", (unsigned long long)userns);
}
