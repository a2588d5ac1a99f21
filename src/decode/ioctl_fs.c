// SPDX-License-Identifier: GPL-2.0
/*
 * File system requests' structs, as strace shows them: FS_IOC_FIEMAP's
 * struct fiemap (and its extents with -v), FITRIM's range, struct fsxattr,
 * an inode's flags (FS_IOC_GETFLAGS and the 32-bit numbers of the same).
 */
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdio.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../../bpf/event.h"

#define FIEMAP_HDR 32		/* struct fiemap, before its extents */
#define FIEMAP_EXT 56		/* struct fiemap_extent */

/*
 * -v: the extents the call mapped, as many as fm_mapped_extents says and
 * were read; the address when not even the first was (strace's array)
 */
static void put_extents(struct sbuf *b, const struct ioctl_call *c, uint32_t n)
{
	size_t have = (c->len - FIEMAP_HDR) / FIEMAP_EXT;

	if (n && !have) {
		sbuf_hex(b, c->addr + FIEMAP_HDR);
		return;
	}
	sbuf_putc(b, '[');
	for (uint32_t k = 0; k < n; k++) {
		const uint8_t *x = c->p + FIEMAP_HDR + (size_t)k * FIEMAP_EXT;

		if (k)
			sbuf_puts(b, ", ");
		if (k >= have) {
			sbuf_puts(b, "...");
			break;
		}
		sbuf_printf(b, "{fe_logical=%llu, fe_physical=%llu, fe_length=%llu, fe_flags=",
			    (unsigned long long)load_u64(x, 0), (unsigned long long)load_u64(x, 8),
			    (unsigned long long)load_u64(x, 16));
		put_flagset_qx(b, load_u32(x, 40), xlat_fiemap_extent_flags,
			       N(xlat_fiemap_extent_flags), "FIEMAP_EXTENT_???");
		sbuf_putc(b, '}');
	}
	sbuf_putc(b, ']');
}

static void put_fiemap(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = ioc_in(b, c, FIEMAP_HDR);

	if (!p)
		return;
	sbuf_printf(b, "{fm_start=%llu, fm_length=%llu, fm_flags=",
		    (unsigned long long)load_u64(p, 0), (unsigned long long)load_u64(p, 8));
	put_flagset_qx(b, load_u32(p, 16), xlat_fiemap_flags, N(xlat_fiemap_flags),
		       "FIEMAP_FLAG_???");
	sbuf_printf(b, ", fm_extent_count=%u}", load_u32(p, 24));
	if (c->ret < 0)
		return;
	/* what the call wrote back */
	sbuf_puts(b, " => {fm_flags=");
	put_flagset_qx(b, load_u32(p, 16), xlat_fiemap_flags, N(xlat_fiemap_flags),
		       "FIEMAP_FLAG_???");
	sbuf_printf(b, ", fm_mapped_extents=%u, ", load_u32(p, 20));
	if (decode_verbose()) {
		sbuf_puts(b, "fm_extents=");
		put_extents(b, c, load_u32(p, 20));
	} else {
		sbuf_puts(b, "...");
	}
	sbuf_putc(b, '}');
}

static void put_fsxattr(struct sbuf *b, const struct ioctl_call *c, bool get)
{
	const uint8_t *p = get ? ioc_out(b, c, 28) : ioc_in(b, c, 28);

	if (!p)
		return;
	sbuf_puts(b, "{fsx_xflags=");
	put_flagset_qx(b, load_u32(p, 0), xlat_fsx_xflags, N(xlat_fsx_xflags), "FS_XFLAG_???");
	sbuf_printf(b, ", fsx_extsize=%u", load_u32(p, 4));
	if (get)
		sbuf_printf(b, ", fsx_nextents=%u", load_u32(p, 8));
	sbuf_printf(b, ", fsx_projid=%#x, fsx_cowextsize=%u}", load_u32(p, 12), load_u32(p, 16));
}

static void put_inode_flags(struct sbuf *b, const struct ioctl_call *c, bool get)
{
	const uint8_t *p = get ? ioc_out(b, c, 4) : ioc_in(b, c, 4);

	if (!p)
		return;
	sbuf_putc(b, '[');
	put_flagset_qx(b, load_u32(p, 0), xlat_fs_flags, N(xlat_fs_flags), "FS_???_FL");
	sbuf_putc(b, ']');
}

bool ioctl_fs_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;

	switch (c->req) {
	case FS_IOC_FIEMAP:
		put_fiemap(b, c);
		return true;
	case FITRIM:
		if ((p = ioc_in(b, c, 24)))
			sbuf_printf(b, "{start=%#llx, len=%llu, minlen=%llu}",
				    (unsigned long long)load_u64(p, 0),
				    (unsigned long long)load_u64(p, 8),
				    (unsigned long long)load_u64(p, 16));
		return true;
	case FS_IOC_FSGETXATTR:
	case FS_IOC_FSSETXATTR:
		put_fsxattr(b, c, c->req == FS_IOC_FSGETXATTR);
		return true;
	case FS_IOC_GETFLAGS: case FS_IOC32_GETFLAGS:
	case FS_IOC_SETFLAGS: case FS_IOC32_SETFLAGS:
		put_inode_flags(b, c, c->req == FS_IOC_GETFLAGS || c->req == FS_IOC32_GETFLAGS);
		return true;
	}
	return false;
}
