// SPDX-License-Identifier: GPL-2.0
/*
 * seccomp: its operations, filter flags and the argument each operation
 * takes (a filter program, an action, the notification sizes), and the
 * filter prctl(PR_SET_SECCOMP) installs.  Values as <linux/seccomp.h>.
 */
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

void decode_seccomp_op(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_seccomp_ops, N(xlat_seccomp_ops), "SECCOMP_SET_MODE_???");
}

void decode_seccomp_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_seccomp_filter_flags, N(xlat_seccomp_filter_flags),
		      "SECCOMP_FILTER_FLAG_???");
}

void decode_seccomp_mode(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_seccomp_modes, N(xlat_seccomp_modes), "SECCOMP_MODE_???");
}

/* seccomp's third argument, by operation */
void decode_seccomp_args(struct sbuf *b, uint64_t op, const uint8_t *p, size_t len,
			 int64_t ret)
{
	uint32_t action;
	uint16_t sz[3];

	switch ((uint32_t)op) {
	case 1:				/* SET_MODE_FILTER: put_sock_fprog_arg */
		return;
	case 2:				/* GET_ACTION_AVAIL: the action asked about */
		if (too_short(b, len, 4))
			return;
		memcpy(&action, p, 4);
		sbuf_putc(b, '[');
		put_enum_x(b, action, xlat_seccomp_ret, N(xlat_seccomp_ret), "SECCOMP_RET_???");
		sbuf_putc(b, ']');
		return;
	case 3:				/* GET_NOTIF_SIZES: what the call wrote */
		if (ret < 0 || too_short(b, len, sizeof(sz)))
			return;
		memcpy(sz, p, sizeof(sz));
		sbuf_printf(b, "{seccomp_notif=%u, seccomp_notif_resp=%u, seccomp_data=%u}",
			    sz[0], sz[1], sz[2]);
		return;
	}
}
