// SPDX-License-Identifier: GPL-2.0
/* Network block device requests (linux/nbd.h): the socket's fd (with -y's
 * path), sizes and the timeout as numbers, NBD_SET_FLAGS's flags. */
#include <linux/ioctl.h>
#include <linux/nbd.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../../bpf/event.h"

bool ioctl_nbd_arg(struct sbuf *b, const struct ioctl_call *c)
{
	size_t mark = b->len;

	switch (c->req) {
	case NBD_SET_SOCK:
		sbuf_printf(b, "%d", (int)c->addr);
		put_fd_path(c->f, b, c->e->h.pid, (int)c->addr);
		return true;
	case NBD_SET_BLKSIZE: case NBD_SET_SIZE: case NBD_SET_SIZE_BLOCKS:
	case NBD_SET_TIMEOUT:
		sbuf_u64(b, c->addr);
		return true;
	case NBD_SET_FLAGS:
		put_flagset(b, c->addr, xlat_nbd_flags, N(xlat_nbd_flags));
		xlat_finish(b, mark, c->addr, XF_HEX);
		return true;
	}
	return false;
}
