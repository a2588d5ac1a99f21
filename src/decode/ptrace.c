// SPDX-License-Identifier: GPL-2.0
/*
 * ptrace: its requests with the arguments each takes (a pid alone, the
 * options, a signal to resume with, a register set and its iovec), as
 * strace prints them.  Values as <linux/ptrace.h> and x86-64's
 * <asm/ptrace-abi.h>.
 */
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

static void put_next_ptr(struct sbuf *b, uint64_t v)
{
	sbuf_puts(b, ", ");
	put_ptr(b, v);
}

/* the data argument's iovec (PTRACE_GETREGSET, SETREGSET), read at exit */
static void put_regset_iov(struct sbuf *b, const struct ev_syscall *e, size_t size)
{
	const struct cap *c;
	const char *data;
	uint64_t iov[2];

	if (!e->args[3] || !cap_find(e, size, 3, &c, &data) || (c->flags & CAP_FAULT) ||
	    c->len < sizeof(iov)) {
		put_ptr(b, e->args[3]);
		return;
	}
	memcpy(iov, data, sizeof(iov));
	sbuf_puts(b, "{iov_base=");
	put_ptr(b, iov[0]);
	sbuf_printf(b, ", iov_len=%llu}", (unsigned long long)iov[1]);
}

/* the data argument's bytes (read at exit, up to the end of its page),
 * at least `min` of them; NULL after printing its address when there are
 * fewer, or when the call failed and `out` (the kernel wrote them) */
static const uint8_t *data_bytes(struct sbuf *b, const struct ev_syscall *e, size_t size,
				 size_t min, bool out)
{
	const struct cap *c;
	const char *data;

	if (!e->args[3] || (out && e->ret < 0) || !cap_find(e, size, 3, &c, &data) ||
	    (c->flags & CAP_FAULT) || c->len < min) {
		put_ptr(b, e->args[3]);
		return NULL;
	}
	return (const uint8_t *)data;
}

/* the requests whose address argument is a size: "8", not "0x8" */
static void put_size_addr(struct sbuf *b, uint64_t addr)
{
	sbuf_printf(b, ", %llu, ", (unsigned long long)addr);
}

void put_ptrace(struct sbuf *b, const struct ev_syscall *e, size_t size)
{
	uint64_t req = e->args[0], addr = e->args[2], data = e->args[3];
	size_t mark;

	put_enum_x(b, req, xlat_ptrace_reqs, N(xlat_ptrace_reqs), "PTRACE_???");
	if (req == 0)			/* TRACEME */
		return;
	sbuf_printf(b, ", %d", (int32_t)e->args[1]);
	switch (req) {
	case 16: case 0x4207: case 0x4208: case 8:	/* ATTACH, INTERRUPT, LISTEN, KILL */
		return;
	case 0x4206: case 0x4200:			/* SEIZE, SETOPTIONS */
		put_next_ptr(b, addr);
		sbuf_puts(b, ", ");
		mark = b->len;
		put_flagset(b, data, xlat_ptrace_opts, N(xlat_ptrace_opts));
		xlat_finish(b, mark, (uint32_t)data, XF_HEX);
		return;
	case 7: case 24: case 17: case 9: case 31: case 32: case 33:
		/* CONT, SYSCALL, DETACH, SINGLESTEP, SYSEMU*, SINGLEBLOCK: a signal */
		put_next_ptr(b, addr);
		sbuf_puts(b, ", ");
		decode_signal_x(b, data);
		return;
	case 0x4204: case 0x4205:			/* GETREGSET, SETREGSET */
		sbuf_puts(b, ", ");
		put_enum_x(b, addr, xlat_nt_types, N(xlat_nt_types), "NT_???");
		sbuf_puts(b, ", ");
		put_regset_iov(b, e, size);
		return;
	case 0x420a: case 0x420b: {			/* GETSIGMASK, SETSIGMASK: a size, a set */
		const uint8_t *p;

		put_size_addr(b, addr);
		if (addr != 8) {
			put_ptr(b, data);
			return;
		}
		if ((p = data_bytes(b, e, size, 8, req == 0x420a)))
			decode_sigset(b, load_u64(p, 0));
		return;
	}
	case 0x420c: case 0x420e:	/* SECCOMP_GET_FILTER (an index), GET_SYSCALL_INFO (a size) */
		put_size_addr(b, addr);
		put_ptr(b, data);
		return;
	case 0x420d: {				/* SECCOMP_GET_METADATA: size, {filter_off, flags} */
		const uint8_t *p;

		put_size_addr(b, addr);
		if (addr < 8) {
			put_ptr(b, data);
			return;
		}
		if (!(p = data_bytes(b, e, size, 8, false)))
			return;
		sbuf_printf(b, "{filter_off=%llu", (unsigned long long)load_u64(p, 0));
		sbuf_putc(b, '}');
		return;
	}
	case 0x4209: {				/* PEEKSIGINFO: {off, flags, nr}, the siginfos */
		const struct cap *c;
		const char *p;
		int64_t k;

		sbuf_puts(b, ", ");
		if (!addr || !cap_find(e, size, 2, &c, &p) || (c->flags & CAP_FAULT) ||
		    c->len < 16) {
			put_ptr(b, addr);
		} else {
			sbuf_printf(b, "{off=%llu, flags=", (unsigned long long)load_u64(p, 0));
			mark = b->len;
			if (load_u32(p, 8) == 1)
				sbuf_puts(b, "PTRACE_PEEKSIGINFO_SHARED");
			else
				put_flagset_q(b, load_u32(p, 8), NULL, 0, "PTRACE_PEEKSIGINFO_???");
			xlat_finish(b, mark, load_u32(p, 8), XF_HEX);
			sbuf_printf(b, ", nr=%d}", (int32_t)load_u32(p, 12));
		}
		sbuf_puts(b, ", ");
		/* the siginfos read: one (128 bytes are captured); more are
		 * their address */
		if (e->ret <= 0 || !cap_find(e, size, 3, &c, &p) || (c->flags & CAP_FAULT) ||
		    c->len < (size_t)e->ret * 128) {
			put_ptr(b, data);
			return;
		}
		sbuf_putc(b, '[');
		for (k = 0; k < e->ret && (size_t)(k + 1) * 128 <= c->len; k++) {
			if (k)
				sbuf_puts(b, ", ");
			decode_siginfo(b, 0, (const uint8_t *)p + k * 128);
		}
		sbuf_putc(b, ']');
		return;
	}
	case 0x4203: {				/* SETSIGINFO: the siginfo given */
		const uint8_t *p;

		put_next_ptr(b, addr);
		sbuf_puts(b, ", ");
		if ((p = data_bytes(b, e, size, 128, false)))	/* a whole siginfo_t */
			decode_siginfo(b, 0, p);
		return;
	}
	case 12: case 13: case 14: case 15: case 18: case 19:
		/* GETREGS and friends: no address, the buffer */
		put_next_ptr(b, data);
		return;
	}
	put_next_ptr(b, addr);
	put_next_ptr(b, data);
}
