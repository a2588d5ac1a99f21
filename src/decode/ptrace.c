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

/*
 * PTRACE_GET_SYSCALL_INFO's struct ptrace_syscall_info: the kernel writes
 * as much of it as the size given allows and returns its whole size, so
 * what was written is the smaller of the two; strace shows each field
 * that is wholly in it (op at 0, arch at 4, the pointers at 8 and 16,
 * then the union at 24: entry's and seccomp's nr and args[6], seccomp's
 * ret_data at 80; exit's rval, is_error at 32).
 */
static void put_syscall_info(struct sbuf *b, const struct ev_syscall *e, size_t size,
			     uint64_t given)
{
	uint64_t n = (uint64_t)e->ret < given ? (uint64_t)e->ret : given, data = e->args[3];
	const uint8_t *p;
	const struct cap *c;
	const char *cp;
	uint32_t arch;
	uint8_t op;
	size_t mark;

	if (e->ret <= 0 || !n || !data || !cap_find(e, size, 3, &c, &cp) ||
	    (c->flags & CAP_FAULT) || c->len < n) {
		put_ptr(b, data);
		return;
	}
	p = (const uint8_t *)cp;
	op = p[0];
	arch = n >= 8 ? load_u32(p, 4) : 0;
	sbuf_puts(b, "{op=");
	put_enum_x(b, op, xlat_ptrace_sysinfo_ops, N(xlat_ptrace_sysinfo_ops),
		   "PTRACE_SYSCALL_INFO_???");
	if (n >= 8) {
		sbuf_puts(b, ", arch=");
		put_enum_x(b, arch, xlat_audit_arch, N(xlat_audit_arch), "AUDIT_ARCH_???");
	}
	if (n >= 16)
		sbuf_printf(b, ", instruction_pointer=%#llx", (unsigned long long)load_u64(p, 8));
	if (n >= 24)
		sbuf_printf(b, ", stack_pointer=%#llx", (unsigned long long)load_u64(p, 16));
	if (n >= 32 && (op == 1 || op == 3)) {		/* ENTRY, SECCOMP */
		sbuf_puts(b, op == 1 ? ", entry={nr=" : ", seccomp={nr=");
		put_seccomp_nr(b, (uint32_t)load_u64(p, 24), arch);
		for (uint64_t i = 0; i < 6 && n >= 40 + 8 * i; i++) {
			sbuf_puts(b, i ? ", " : ", args=[");
			put_hex0(b, load_u64(p, 32 + 8 * i));
		}
		if (n >= 40)
			sbuf_putc(b, ']');
		if (op == 3 && n >= 84)
			sbuf_printf(b, ", ret_data=%u", load_u32(p, 80));
		sbuf_putc(b, '}');
	} else if (n >= 32 && op == 2) {		/* EXIT */
		int64_t rval = (int64_t)load_u64(p, 24);
		const char *name = n >= 33 && p[32] && rval < 0 && rval > -4096 ?
				   errno_name((int)-rval) : NULL;

		sbuf_puts(b, ", exit={rval=");
		mark = b->len;
		if (name) {
			sbuf_printf(b, "-%s", name);
			xlat_finish(b, mark, (uint64_t)rval, XF_DEC);
		} else {
			sbuf_s64(b, rval);
		}
		if (n >= 33)
			sbuf_printf(b, ", is_error=%u", p[32]);
		sbuf_putc(b, '}');
	}
	sbuf_putc(b, '}');
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
	case 0x420c:			/* SECCOMP_GET_FILTER: an index */
		put_size_addr(b, addr);
		put_ptr(b, data);
		return;
	case 0x420e:			/* GET_SYSCALL_INFO: a size, what was written */
		put_size_addr(b, addr);
		put_syscall_info(b, e, size, addr);
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
