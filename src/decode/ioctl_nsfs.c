// SPDX-License-Identifier: GPL-2.0
/* Namespace fds' requests (linux/nsfs.h): NS_GET_OWNER_UID's uid, and
 * NS_GET_NSTYPE's result, a CLONE_NEW* flag ("268435456 (CLONE_NEWUSER)"). */
#include <linux/ioctl.h>
#include <linux/nsfs.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

bool ioctl_nsfs_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;
	uint32_t uid;

	if (c->req != NS_GET_OWNER_UID)
		return false;
	if ((p = ioc_out(b, c, 4))) {
		memcpy(&uid, p, 4);
		sbuf_printf(b, "[%u]", uid);
	}
	return true;
}

bool ioctl_sys_result(struct sbuf *b, uint32_t req, int64_t ret)
{
	if (req != NS_GET_NSTYPE || ret <= 0)
		return false;
	sbuf_printf(b, "%lld (", (long long)ret);
	put_flagset(b, (uint64_t)ret, xlat_clone_flags, N(xlat_clone_flags));
	sbuf_putc(b, ')');
	return true;
}
