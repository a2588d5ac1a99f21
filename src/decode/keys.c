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

/* ", __spare=[...]" of n u32s at p when any is not zero: 0, or in hex */
static void put_spare(struct sbuf *b, const uint8_t *p, size_t n)
{
	uint32_t v[8] = { 0 }, any = 0;

	memcpy(v, p, n * 4);
	for (size_t k = 0; k < n; k++)
		any |= v[k];
	if (!any)
		return;
	sbuf_puts(b, ", __spare=[");
	for (size_t k = 0; k < n; k++)
		sbuf_printf(b, v[k] ? "%s%#x" : "%s0", k ? ", " : "", v[k]);
	sbuf_putc(b, ']');
}

/* the second capture of argument i exactly `flags` (CAP_ELEM, | CAP_NAME)
 * as a string cut at -s; the pointer when it could not be read */
static void put_nested(struct sbuf *b, const struct ev_syscall *e, size_t size, int i,
		       int flags, uint64_t ptr)
{
	struct capiter it;
	const struct cap *c;
	const char *data;

	if (!ptr) {
		sbuf_puts(b, "NULL");
		return;
	}
	cap_begin(&it, e, size);
	while (cap_next(&it, &c, &data))
		if (c->arg == i && (c->flags & (CAP_ELEM | CAP_NAME)) == flags) {
			if (c->flags & CAP_FAULT)
				break;
			decode_string(b, data, c->len, c->flags & CAP_TRUNC);
			return;
		}
	sbuf_hex(b, ptr);
}

/* DH_COMPUTE: struct keyctl_dh_params (three keys), the buffer (what the
 * call wrote), its length, struct keyctl_kdf_params (the kernel side
 * reads the hash name and otherinfo it points to: CAP_ELEM, | CAP_NAME) */
static void put_dh_compute(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
			   size_t size)
{
	const uint8_t *p;
	size_t len;

	sbuf_puts(b, ", ");
	if ((p = (const uint8_t *)arg_data(b, e, size, 1, &len))) {
		if (len < 12) {
			sbuf_hex(b, e->args[1]);
		} else {
			sbuf_puts(b, "{private=");
			decode_key_serial(b, load_u32(p, 0));
			sbuf_puts(b, ", prime=");
			decode_key_serial(b, load_u32(p, 4));
			sbuf_puts(b, ", base=");
			decode_key_serial(b, load_u32(p, 8));
			sbuf_putc(b, '}');
		}
	}
	if (e->ret < 0) {
		sbuf_puts(b, ", ");
		put_ptr(b, e->args[2]);
	} else {
		put_kbuf(f, b, e, size, 2,
			 (uint64_t)e->ret > e->args[3] ? e->args[3] : (uint64_t)e->ret, false);
	}
	put_u64(b, e->args[3]);
	sbuf_puts(b, ", ");
	if (!(p = (const uint8_t *)arg_data(b, e, size, 4, &len)))
		return;
	if (len < 52) {
		sbuf_hex(b, e->args[4]);
		return;
	}
	sbuf_puts(b, "{hashname=");
	put_nested(b, e, size, 4, CAP_ELEM, load_u64(p, 0));
	sbuf_puts(b, ", otherinfo=");
	put_nested(b, e, size, 4, CAP_ELEM | CAP_NAME, load_u64(p, 8));
	sbuf_printf(b, ", otherinfolen=%u", load_u32(p, 16));
	put_spare(b, p + 20, 8);
	sbuf_putc(b, '}');
}

/* PKEY_ENCRYPT, DECRYPT, SIGN, VERIFY: struct keyctl_pkey_params, the
 * info string, the input (in_len bytes), and the output (after success,
 * what the call wrote) or VERIFY's second input (in2_len bytes); the
 * buffers' addresses when the struct cannot be read */
static void put_pkey_op(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
			size_t size, bool verify)
{
	const uint8_t *p;
	size_t len;
	uint32_t in = 0, out = 0;
	bool got = false;

	sbuf_puts(b, ", ");
	if ((p = (const uint8_t *)arg_data(b, e, size, 1, &len))) {
		if (len < 40) {
			sbuf_hex(b, e->args[1]);
		} else {
			got = true;
			in = load_u32(p, 4);
			out = load_u32(p, 8);
			sbuf_puts(b, "{key_id=");
			decode_key_serial(b, load_u32(p, 0));
			sbuf_printf(b, ", in_len=%u, %s=%u", in, verify ? "in2_len" : "out_len", out);
			put_spare(b, p + 12, 7);
			sbuf_putc(b, '}');
		}
	}
	put_kstr(f, b, e, size, 2);
	if (got) {
		put_kbuf(f, b, e, size, 3, in, false);
	} else {
		sbuf_puts(b, ", ");
		put_ptr(b, e->args[3]);
	}
	if (got && verify) {
		put_kbuf(f, b, e, size, 4, out, false);
	} else if (got && e->ret >= 0) {
		put_kbuf(f, b, e, size, 4, (uint64_t)e->ret > out ? out : (uint64_t)e->ret, false);
	} else {
		sbuf_puts(b, ", ");
		put_ptr(b, e->args[4]);
	}
}

/* CAPABILITIES: the bytes the call wrote (up to its result), the first
 * two as flag sets, then the buffer's size */
static void put_capabilities(struct sbuf *b, const struct ev_syscall *e, size_t size)
{
	static const struct { const struct flag *tab; size_t n; const char *unknown; } caps[] = {
		{ xlat_keyctl_caps0, N(xlat_keyctl_caps0), "KEYCTL_CAPS0_???" },
		{ xlat_keyctl_caps1, N(xlat_keyctl_caps1), "KEYCTL_CAPS1_???" },
	};
	uint64_t n = (uint64_t)e->ret < e->args[2] ? (uint64_t)e->ret : e->args[2];
	const uint8_t *p;
	size_t len, mark;

	sbuf_puts(b, ", ");
	if (e->ret < 0 || !e->args[1]) {
		put_ptr(b, e->args[1]);
	} else if ((p = (const uint8_t *)arg_data(b, e, size, 1, &len))) {
		if (len < n) {
			sbuf_hex(b, e->args[1]);
		} else {
			sbuf_putc(b, '[');
			for (size_t k = 0; k < n; k++) {
				if (k)
					sbuf_puts(b, ", ");
				mark = b->len;
				if (k < N(caps))
					put_flagset_q(b, p[k], caps[k].tab, caps[k].n, caps[k].unknown);
				else
					sbuf_printf(b, "%#x", p[k]);
				xlat_finish(b, mark, p[k], XF_HEX);
			}
			sbuf_putc(b, ']');
		}
	}
	put_u64(b, e->args[2]);
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
	case 20:			/* INSTANTIATE_IOV: key, iovecs, count, keyring */
		put_key(b, e->args[1]);
		sbuf_puts(b, ", ");
		if (!e->args[2])
			sbuf_puts(b, "NULL");
		else
			put_iov_array(f, b, e, size, 2, e->args[3], false);
		put_u64(b, e->args[3]);
		put_key(b, e->args[4]);
		return;
	case 23:
		put_dh_compute(f, b, e, size);
		return;
	case 24:			/* PKEY_QUERY: key, reserved, info, the answer */
		put_key(b, e->args[1]);
		sbuf_puts(b, ", ");
		put_hex0(b, e->args[2]);
		put_kstr(f, b, e, size, 3);
		sbuf_puts(b, ", ");
		put_ptr(b, e->args[4]);
		return;
	case 25: case 26: case 27: case 28:
		put_pkey_op(f, b, e, size, cmd == 28);
		return;
	case 31:
		put_capabilities(b, e, size);
		return;
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
