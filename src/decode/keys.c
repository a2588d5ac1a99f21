// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's key management: keyctl's commands with the arguments each
 * takes, key ids (the special keyrings by name), permissions; add_key's
 * and request_key's keyrings.  Values as <linux/keyctl.h>.
 */
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

/* a key or keyring: a special one by name, else its serial number */
void decode_key_serial(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	put_enum(b, (int32_t)v, xlat_key_spec, N(xlat_key_spec), NULL);
	if (b->len > mark && b->p[mark] == '0') {	/* not special: a number */
		b->len = mark;
		sbuf_printf(b, "%d", (int32_t)v);
		return;
	}
	xlat_finish(b, mark, (uint64_t)(int64_t)(int32_t)v, XF_DEC);
}

static void put_key(struct sbuf *b, uint64_t v)
{
	sbuf_puts(b, ", ");
	decode_key_serial(b, v);
}

static void put_num(struct sbuf *b, uint64_t v, bool hex)
{
	sbuf_puts(b, ", ");
	if (hex)
		put_hex0(b, v);
	else
		sbuf_printf(b, "%d", (int32_t)v);
}

void put_keyctl(struct formatter *f, struct sbuf *b, const struct ev_syscall *e, size_t size)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	uint32_t cmd = (uint32_t)e->args[0];
	size_t mark = b->len;

	put_enum(b, cmd, xlat_keyctl_cmds, N(xlat_keyctl_cmds), "KEYCTL_???");
	xlat_finish(b, mark, cmd, XF_HEX);
	switch (cmd) {
	case 0:				/* GET_KEYRING_ID: key, create */
		put_key(b, e->args[1]);
		put_num(b, e->args[2], false);
		return;
	case 1:				/* JOIN_SESSION_KEYRING: a name or NULL */
		sbuf_puts(b, ", ");
		put_string_arg(f, b, d, e, size, 1);
		return;
	case 3: case 7: case 16: case 21:	/* REVOKE, CLEAR, ASSUME_AUTHORITY, INVALIDATE */
		put_key(b, e->args[1]);
		return;
	case 4:				/* CHOWN: key, uid, gid */
		put_key(b, e->args[1]);
		put_num(b, e->args[2], false);
		put_num(b, e->args[3], false);
		return;
	case 5:				/* SETPERM */
		put_key(b, e->args[1]);
		sbuf_puts(b, ", ");
		mark = b->len;
		put_flagset(b, e->args[2], xlat_key_perms, N(xlat_key_perms));
		xlat_finish(b, mark, (uint32_t)e->args[2], XF_HEX);
		return;
	case 6: case 17:		/* DESCRIBE, GET_SECURITY: the string that came back */
		put_key(b, e->args[1]);
		sbuf_puts(b, ", ");
		put_cstr_arg(f, b, e, size, 2, true);
		put_num(b, e->args[3], false);
		return;
	case 11:			/* READ: the payload that came back */
		put_key(b, e->args[1]);
		sbuf_puts(b, ", ");
		put_string_arg(f, b, d, e, size, 2);
		put_num(b, e->args[3], false);
		return;
	case 8: case 9:			/* LINK, UNLINK: key, keyring */
		put_key(b, e->args[1]);
		put_key(b, e->args[2]);
		return;
	case 14:			/* SET_REQKEY_KEYRING */
		sbuf_puts(b, ", ");
		mark = b->len;
		put_enum(b, (int32_t)e->args[1], xlat_key_reqkey, N(xlat_key_reqkey),
			 "KEY_REQKEY_DEFL_???");
		xlat_finish(b, mark, (uint64_t)(int64_t)(int32_t)e->args[1], XF_DEC);
		return;
	case 15:			/* SET_TIMEOUT: key, seconds */
		put_key(b, e->args[1]);
		sbuf_printf(b, ", %u", (uint32_t)e->args[2]);
		return;
	case 18:			/* SESSION_TO_PARENT */
		return;
	case 22:			/* GET_PERSISTENT: uid, keyring */
		put_num(b, e->args[1], false);
		put_key(b, e->args[2]);
		return;
	}
	/* the others: their four arguments as numbers */
	for (int i = 1; i < 5; i++)
		put_num(b, e->args[i], true);
}
