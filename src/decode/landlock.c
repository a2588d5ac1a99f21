// SPDX-License-Identifier: GPL-2.0
/*
 * Landlock: landlock_create_ruleset's struct landlock_ruleset_attr and
 * flags, landlock_add_rule's rule type and its struct (a path beneath a
 * directory fd, whose -y path follows), as strace 6.1 prints them.
 */
#include <string.h>

#include "../output/internal.h"
#include "flagtab.h"
#include "xlat_tables.h"
#include "../syscalls/syscalls.h"

static void put_access_fs(struct sbuf *b, uint64_t v)
{
	put_flagset_q64(b, v, xlat_landlock_access_fs, N(xlat_landlock_access_fs),
			"LANDLOCK_ACCESS_FS_???");
}

void decode_landlock_create_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_landlock_create_flags, N(xlat_landlock_create_flags),
		      "LANDLOCK_CREATE_RULESET_???");
}

void decode_landlock_rule_type(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_landlock_rule_types, N(xlat_landlock_rule_types),
		 "LANDLOCK_RULE_???");
}

/* The attribute of either call: landlock_create_ruleset's when its size
 * (argument 1) covers handled_access_fs (", ..." after it when the size
 * says there is more), landlock_add_rule's for LANDLOCK_RULE_PATH_BENEATH;
 * otherwise the address. */
void put_landlock_attr(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		       const struct ev_syscall *e, size_t size, int i)
{
	bool ruleset = d->args[i].kind == AK_LANDLOCK_RULESET_ATTR;
	size_t want = ruleset ? 8 : 12;
	const struct cap *c;
	const char *data;
	int32_t fd;

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	if ((ruleset ? e->args[1] < 8 : (uint32_t)e->args[1] != 1) ||
	    !cap_exit(e, size, i, &c, &data) || c->len < want) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	sbuf_puts(b, ruleset ? "{handled_access_fs=" : "{allowed_access=");
	put_access_fs(b, load_u64(data, 0));
	if (ruleset) {
		if (e->args[1] > 8)
			sbuf_puts(b, ", ...");
	} else {
		memcpy(&fd, data + 8, 4);
		sbuf_printf(b, ", parent_fd=%d", fd);
		put_fd_path(f, b, e->h.pid, fd);
	}
	sbuf_putc(b, '}');
}
