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

/* ", N": an unsigned int, an unsigned long */
static void put_u32(struct sbuf *b, uint64_t v) { sbuf_printf(b, ", %u", (uint32_t)v); }
static void put_u64(struct sbuf *b, uint64_t v)
{
	sbuf_printf(b, ", %llu", (unsigned long long)v);
}

/* ", -1" for (uid_t)-1, else the id */
static void put_uid(struct sbuf *b, uint64_t v)
{
	if ((uint32_t)v == 0xffffffffu)
		sbuf_puts(b, ", -1");
	else
		put_u32(b, v);
}

/* the bytes captured of argument i (KEYCTL_ARG: what was readable of 256
 * after the call); NULL after printing NULL or the address when none */
static const char *arg_data(struct sbuf *b, const struct ev_syscall *e, size_t size, int i,
			    size_t *len)
{
	const struct cap *c;
	const char *data;

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return NULL;
	}
	if (!cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT)) {
		sbuf_hex(b, e->args[i]);
		return NULL;
	}
	*len = c->len;
	return data;
}

/* ", "STRING"": NUL-terminated, cut at -s; its address when the memory
 * ends before the NUL or -s is reached (strace reads -s + 1 bytes) */
static void put_kstr(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		     size_t size, int i)
{
	size_t len, n, max = formatter_strsize(f);
	const char *p;

	sbuf_puts(b, ", ");
	if (!(p = arg_data(b, e, size, i, &len)))
		return;
	n = strnlen(p, len);
	if (n == len && len <= max) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	decode_string(b, p, n < max ? n : max, n > max);
}

/* ", "BYTES"": `want` bytes, cut at -s; their address when fewer are
 * readable; trailing NUL left out with `omit_nul` */
static void put_kbuf(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		     size_t size, int i, uint64_t want, bool omit_nul)
{
	size_t len, max = formatter_strsize(f), n;
	const char *p;

	sbuf_puts(b, ", ");
	if (!(p = arg_data(b, e, size, i, &len)))
		return;
	n = want < max ? (size_t)want : max;
	if (n > len) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	if (omit_nul && n == want && n && !p[n - 1]) {
		decode_string(b, p, n - 1, false);
		return;
	}
	decode_string(b, p, n, want > max);
}

/* DESCRIBE, READ, GET_SECURITY: what the call wrote (up to its result),
 * the buffer's address when it failed; then the buffer's size */
static void put_kread(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		      size_t size, bool omit_nul)
{
	uint64_t len = e->args[3];

	put_key(b, e->args[1]);
	if (e->ret < 0) {
		sbuf_puts(b, ", ");
		put_ptr(b, e->args[2]);
	} else {
		put_kbuf(f, b, e, size, 2, (uint64_t)e->ret > len ? len : (uint64_t)e->ret,
			 omit_nul);
	}
	put_u64(b, len);
}

void put_keyctl(struct formatter *f, struct sbuf *b, const struct ev_syscall *e, size_t size)
{
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
		put_kstr(f, b, e, size, 1);
		return;
	case 2:				/* UPDATE: key, payload, its length */
		put_key(b, e->args[1]);
		put_kbuf(f, b, e, size, 2, e->args[3], false);
		put_u64(b, e->args[3]);
		return;
	case 3: case 7: case 16: case 21:	/* REVOKE, CLEAR, ASSUME_AUTHORITY, INVALIDATE */
		put_key(b, e->args[1]);
		return;
	case 4:				/* CHOWN: key, uid, gid */
		put_key(b, e->args[1]);
		put_uid(b, e->args[2]);
		put_uid(b, e->args[3]);
		return;
	case 5:				/* SETPERM */
		put_key(b, e->args[1]);
		sbuf_puts(b, ", ");
		mark = b->len;
		put_flagset_q(b, (uint32_t)e->args[2], xlat_key_perms, N(xlat_key_perms), "KEY_???");
		xlat_finish(b, mark, (uint32_t)e->args[2], XF_HEX);
		return;
	case 6: case 17:		/* DESCRIBE, GET_SECURITY: a string, its NUL left out */
		put_kread(f, b, e, size, true);
		return;
	case 11:			/* READ: the payload */
		put_kread(f, b, e, size, false);
		return;
	case 8: case 9:			/* LINK, UNLINK: key, keyring */
		put_key(b, e->args[1]);
		put_key(b, e->args[2]);
		return;
	case 10:			/* SEARCH: keyring, type, description, destination */
		put_key(b, e->args[1]);
		put_kstr(f, b, e, size, 2);
		put_kstr(f, b, e, size, 3);
		put_key(b, e->args[4]);
		return;
	case 12:			/* INSTANTIATE: key, payload, length, keyring */
		put_key(b, e->args[1]);
		put_kbuf(f, b, e, size, 2, e->args[3], false);
		put_u64(b, e->args[3]);
		put_key(b, e->args[4]);
		return;
	case 13:			/* NEGATE: key, timeout, keyring */
		put_key(b, e->args[1]);
		put_u32(b, e->args[2]);
		put_key(b, e->args[3]);
		return;
	case 14:			/* SET_REQKEY_KEYRING */
		sbuf_puts(b, ", ");
		mark = b->len;
		put_enum(b, (int32_t)e->args[1], xlat_key_reqkey, N(xlat_key_reqkey), NULL);
		if (b->len > mark && b->p[mark] == '0') {	/* unknown: decimal, as strace */
			b->len = mark;
			sbuf_printf(b, "%d /* KEY_REQKEY_DEFL_??? */", (int32_t)e->args[1]);
		}
		xlat_finish(b, mark, (uint64_t)(int64_t)(int32_t)e->args[1], XF_DEC);
		return;
	case 15:			/* SET_TIMEOUT: key, seconds */
		put_key(b, e->args[1]);
		put_u32(b, e->args[2]);
		return;
	case 18:			/* SESSION_TO_PARENT */
		return;
	case 19: {			/* REJECT: key, timeout, error, keyring */
		const char *en = errno_name((int)(uint32_t)e->args[3]);

		put_key(b, e->args[1]);
		put_u32(b, e->args[2]);
		sbuf_puts(b, ", ");
		mark = b->len;
		if (en && (uint32_t)e->args[3]) {
			sbuf_puts(b, en);
			xlat_finish(b, mark, (uint32_t)e->args[3], XF_UDEC);
		} else {
			sbuf_u64(b, (uint32_t)e->args[3]);
		}
		put_key(b, e->args[4]);
		return;
	}
	case 22:			/* GET_PERSISTENT: uid, keyring */
		put_uid(b, e->args[1]);
		put_key(b, e->args[2]);
		return;
	case 29:			/* RESTRICT_KEYRING: keyring, type, restriction */
		put_key(b, e->args[1]);
		put_kstr(f, b, e, size, 2);
		put_kstr(f, b, e, size, 3);
		return;
	case 30:			/* MOVE: key, from, to, flags */
		put_key(b, e->args[1]);
		put_key(b, e->args[2]);
		put_key(b, e->args[3]);
		sbuf_puts(b, ", ");
		mark = b->len;
		put_flagset_q(b, (uint32_t)e->args[4], xlat_keyctl_move_flags,
			      N(xlat_keyctl_move_flags), "KEYCTL_MOVE_???");
		xlat_finish(b, mark, (uint32_t)e->args[4], XF_HEX);
		return;
	}
	/* the others: their four arguments as numbers */
	for (int i = 1; i < 5; i++)
		put_num(b, e->args[i], true);
}
