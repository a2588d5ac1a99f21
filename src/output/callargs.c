// SPDX-License-Identifier: GPL-2.0
/*
 * The calls whose arguments read each other: clone (strace's argument
 * order and names), clone3's struct, futex (which arguments its operation
 * uses), ioctl's third argument (by request), and socket addresses with
 * their lengths.
 */
#include <string.h>

#include "output.h"
#include "internal.h"
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"

/* ioctl's third argument, by request: termios, winsize, an int written
 * ("[0]") or read, FICLONE's fd; otherwise the address */
void put_ioctl_arg(struct sbuf *b, const struct ev_syscall *e, size_t size, int i)
{
	uint32_t req = (uint32_t)e->args[i - 1];
	uint64_t v = e->args[i];
	const struct cap *c;
	const char *data;
	bool got = cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT);
	int32_t n = 0;

	if (req == 0x40049409) {	/* FICLONE: the source fd */
		sbuf_printf(b, "%d", (int)v);
		return;
	}
	if (got && c->len >= 4)
		memcpy(&n, data, 4);
	switch (req) {
	case 0x5401:			/* TCGETS: what the call wrote */
		if (e->ret < 0)
			got = false;
		/* fall through */
	case 0x5402: case 0x5403: case 0x5404:
		if (got) {
			decode_termios(b, (const uint8_t *)data, c->len);
			return;
		}
		break;
	case 0x5413:			/* TIOCGWINSZ */
		if (e->ret < 0)
			got = false;
		/* fall through */
	case 0x5414:
		if (got) {
			decode_winsize(b, (const uint8_t *)data, c->len);
			return;
		}
		break;
	case 0x541B: case 0x5411: case 0x540F: case 0x80045430:	/* written ints */
		if (got && e->ret >= 0 && c->len >= 4) {
			sbuf_printf(b, "[%d]", n);
			return;
		}
		break;
	case 0x5421: case 0x5410: case 0x40045431: case 0x5452:	/* ints it reads */
		if (got && c->len >= 4) {
			sbuf_printf(b, "[%d]", n);
			return;
		}
		break;
	}
	if (v)
		sbuf_hex(b, v);
	else
		sbuf_putc(b, '0');
}

/*
 * Socket addresses: one the call reads is as long as its length argument
 * says; one it writes is as long as the length it wrote back ("[16]").
 */
void put_sockaddr(struct sbuf *b, const struct syscall_desc *d,
			 const struct ev_syscall *e, size_t size, int i)
{
	const struct cap *c;
	const char *data;
	int kind = d->args[i].kind;

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (!cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT) || c->len < 2) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	if (kind == AK_SOCKLEN) {
		int32_t n;

		if (c->len < 4) {
			sbuf_hex(b, e->args[i]);
			return;
		}
		memcpy(&n, data, 4);
		/* the length as the caller gave it, and as the call left it */
		if (e->aux2 == 1 && (int32_t)e->aux != n)
			sbuf_printf(b, "[%d => %d]", (int32_t)e->aux, n);
		else
			sbuf_printf(b, "[%d]", n);
		return;
	}
	size_t len = c->len;

	if (kind == AK_SOCKADDR && d->args[i].dir == ARG_OUT) {
		/* the length the call wrote back is the next argument's */
		const struct cap *lc;
		const char *ldata;
		int32_t n;

		if (i + 1 < d->nargs && cap_find(e, size, i + 1, &lc, &ldata) &&
		    !(lc->flags & CAP_FAULT) && lc->len >= 4) {
			memcpy(&n, ldata, 4);
			if (n >= 0 && (size_t)n < len)
				len = n;
		}
	}
	decode_sockaddr(b, (const uint8_t *)data, len);
}

/* clone3's struct clone_args, with the fields its flags make meaningful;
 * after a successful call, the parent_tid the kernel wrote (the result). */
void put_clone_args(struct sbuf *b, const struct ev_syscall *e, const uint8_t *p,
			   size_t len)
{
	uint64_t flags = load_u64(p, 0), sig = load_u64(p, 32);

	(void)len;
	sbuf_puts(b, "{flags=");
	decode_clone_flags(b, flags);
	if (flags & 0x1000) {			/* CLONE_PIDFD */
		sbuf_puts(b, ", pidfd=");
		put_ptr(b, load_u64(p, 8));
	}
	if (flags & (0x1000000 | 0x200000)) {	/* CLONE_CHILD_SETTID, _CLEARTID */
		sbuf_puts(b, ", child_tid=");
		put_ptr(b, load_u64(p, 16));
	}
	if (flags & 0x100000) {			/* CLONE_PARENT_SETTID */
		sbuf_puts(b, ", parent_tid=");
		put_ptr(b, load_u64(p, 24));
	}
	sbuf_puts(b, ", exit_signal=");
	if (sig)
		decode_signal(b, (int)sig);
	else
		sbuf_putc(b, '0');
	sbuf_puts(b, ", stack=");
	put_ptr(b, load_u64(p, 40));
	sbuf_puts(b, ", stack_size=");
	if (load_u64(p, 48))
		sbuf_hex(b, load_u64(p, 48));
	else
		sbuf_putc(b, '0');
	if (flags & 0x80000) {			/* CLONE_SETTLS */
		sbuf_puts(b, ", tls=");
		put_ptr(b, load_u64(p, 56));
	}
	if (load_u64(p, 72)) {
		sbuf_puts(b, ", set_tid=");
		put_ptr(b, load_u64(p, 64));
		sbuf_printf(b, ", set_tid_size=%llu", (unsigned long long)load_u64(p, 72));
	}
	if (flags & 0x200000000ull) {		/* CLONE_INTO_CGROUP */
		sbuf_printf(b, ", cgroup=%llu", (unsigned long long)load_u64(p, 80));
	}
	sbuf_putc(b, '}');
	if ((flags & 0x100000) && e->ret > 0)
		sbuf_printf(b, " => {parent_tid=[%lld]}", (long long)e->ret);
}

/* strace names clone's arguments, in its own order, and shows only those
 * the flags make meaningful. */
void put_clone(struct sbuf *b, const struct ev_syscall *e)
{
	uint64_t flags = e->args[0];

	sbuf_puts(b, "child_stack=");
	put_ptr(b, e->args[1]);
	sbuf_puts(b, ", flags=");
	decode_clone_flags(b, flags);
	if (flags & (0x100000 | 0x1000)) {	/* CLONE_PARENT_SETTID, CLONE_PIDFD */
		sbuf_puts(b, ", parent_tid=");
		put_ptr(b, e->args[2]);
	}
	if (flags & (0x1000000 | 0x200000)) {	/* CLONE_CHILD_SETTID, _CLEARTID */
		sbuf_puts(b, ", child_tidptr=");
		put_ptr(b, e->args[3]);
	}
	if (flags & 0x80000) {			/* CLONE_SETTLS */
		sbuf_puts(b, ", tls=");
		sbuf_hex(b, e->args[4]);
	}
}

/*
 * futex(2): which arguments mean something depends on the operation, and
 * strace shows only those: the timeout (a timespec) for waits, a count
 * (val2) in its place for requeues, the bitset for the *_BITSET ops.
 */
void put_futex(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		      const struct ev_syscall *e, size_t size)
{
	static const char *const ops[] = {
		"FUTEX_WAIT", "FUTEX_WAKE", "FUTEX_FD", "FUTEX_REQUEUE", "FUTEX_CMP_REQUEUE",
		"FUTEX_WAKE_OP", "FUTEX_LOCK_PI", "FUTEX_UNLOCK_PI", "FUTEX_TRYLOCK_PI",
		"FUTEX_WAIT_BITSET", "FUTEX_WAKE_BITSET", "FUTEX_WAIT_REQUEUE_PI",
		"FUTEX_CMP_REQUEUE_PI", "FUTEX_LOCK_PI2",
	};
	/* what follows uaddr and op: v val, t timeout, 2 val2, a uaddr2, 3 val3,
	 * b val3 as a bitset */
	static const char *const shape[] = {
		"vt", "v", "v", "v2a", "v2a3", "v2a3", "t", "", "", "vtb", "vb", "vta",
		"v2a3", "t",
	};
	uint32_t op = (uint32_t)e->args[1], cmd = op & ~(128u | 256u);
	const char *s;

	put_ptr(b, e->args[0]);
	sbuf_puts(b, ", ");
	if (cmd >= sizeof(ops) / sizeof(ops[0])) {
		sbuf_hex(b, op);
		sbuf_puts(b, " /* FUTEX_??? */, ");
		sbuf_u64(b, (uint32_t)e->args[2]);
		sbuf_puts(b, ", ");
		put_ptr(b, e->args[3]);
		sbuf_puts(b, ", ");
		put_ptr(b, e->args[4]);
		sbuf_puts(b, ", ");
		sbuf_u64(b, (uint32_t)e->args[5]);
		return;
	}
	sbuf_puts(b, ops[cmd]);
	if (op & 128)
		sbuf_puts(b, "_PRIVATE");
	if (op & 256)
		sbuf_puts(b, "|FUTEX_CLOCK_REALTIME");
	for (s = shape[cmd]; *s; s++) {
		sbuf_puts(b, ", ");
		switch (*s) {
		case 'v': sbuf_u64(b, (uint32_t)e->args[2]); break;
		case 't': put_arg(f, b, d, e, size, 3); break;
		case '2': sbuf_u64(b, (uint32_t)e->args[3]); break;
		case 'a': put_ptr(b, e->args[4]); break;
		case '3': sbuf_u64(b, (uint32_t)e->args[5]); break;
		case 'b':
			if ((uint32_t)e->args[5] == 0xffffffffu)
				sbuf_puts(b, "FUTEX_BITSET_MATCH_ANY");
			else
				sbuf_hex(b, (uint32_t)e->args[5]);
			break;
		}
	}
}
