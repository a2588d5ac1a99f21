// SPDX-License-Identifier: GPL-2.0
/*
 * prctl(2): which arguments strace shows, and how, depends on the option:
 * none (PR_GET_DUMPABLE), one (a signal, a capability, a name, a pointer to
 * what the call wrote: "[SIGTERM]"), or all four in decimal for the options
 * that require the unused ones to be 0.  Unknown options: all in hex.
 * The kernel side captured 16 bytes at arg2 at exit (a name or an int).
 */
#include <string.h>
#include <sys/prctl.h>

#include "internal.h"
#include "../../bpf/event.h"
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"

/* Debian 12's headers (Linux 6.1) predate PR_GET_MDWE */
#ifndef PR_GET_MDWE
#define PR_GET_MDWE 66
#endif

static void put_u(struct sbuf *b, uint64_t v)
{
	sbuf_printf(b, ", %llu", (unsigned long long)v);
}

/* What the call wrote at arg2: "[value]" after success, else the pointer. */
static bool out_word(const struct ev_syscall *e, size_t size, uint64_t *v, int width)
{
	const struct cap *c;
	const char *data;

	if (e->ret < 0 || !cap_find(e, size, 1, &c, &data) || (c->flags & CAP_FAULT) ||
	    c->len < width)
		return false;
	*v = 0;
	memcpy(v, data, width);
	return true;
}

static void put_name(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		     size_t size, bool out)
{
	const struct cap *c;
	const char *data;
	size_t n, max = formatter_strsize(f);

	if (!e->args[1]) {
		sbuf_puts(b, "NULL");
		return;
	}
	if ((out && e->ret < 0) || !cap_find(e, size, 1, &c, &data) || (c->flags & CAP_FAULT)) {
		sbuf_hex(b, e->args[1]);
		return;
	}
	for (n = 0; n < c->len && data[n]; n++)
		;
	decode_string(b, data, n < max ? n : max, n > max);
}

void put_prctl(struct formatter *f, struct sbuf *b, const struct ev_syscall *e, size_t size)
{
	uint64_t op = (uint32_t)e->args[0], a2 = e->args[1], v;

	decode_prctl_option(b, op);
	switch (op) {
	case PR_GET_DUMPABLE: case PR_GET_KEEPCAPS: case PR_GET_TIMING: case PR_GET_SECCOMP:
	case PR_GET_TIMERSLACK: case PR_TASK_PERF_EVENTS_DISABLE:
	case PR_TASK_PERF_EVENTS_ENABLE: case PR_GET_SECUREBITS: case PR_GET_FP_MODE:
	case PR_GET_IO_FLUSHER:
		return;
	case PR_SET_PDEATHSIG:
		sbuf_puts(b, ", ");
		decode_signal(b, (int)a2);
		return;
	case PR_SET_DUMPABLE:
		sbuf_puts(b, ", ");
		decode_dumpable(b, a2);
		return;
	case PR_SET_TSC:
		sbuf_puts(b, ", ");
		decode_pr_tsc(b, a2);
		return;
	case PR_CAPBSET_READ: case PR_CAPBSET_DROP:
		sbuf_puts(b, ", ");
		decode_capability(b, a2);
		return;
	case PR_SET_KEEPCAPS: case PR_SET_TIMING: case PR_SET_TIMERSLACK:
	case PR_SET_CHILD_SUBREAPER: case PR_SET_PTRACER:
		put_u(b, a2);
		return;
	case PR_SET_NAME: case PR_GET_NAME:
		sbuf_puts(b, ", ");
		put_name(f, b, e, size, op == PR_GET_NAME);
		return;
	case PR_GET_PDEATHSIG: case PR_GET_CHILD_SUBREAPER: case PR_GET_TSC:
	case PR_GET_TID_ADDRESS:
		sbuf_puts(b, ", ");
		if (!a2) {
			sbuf_puts(b, "NULL");
		} else if (!out_word(e, size, &v, op == PR_GET_TID_ADDRESS ? 8 : 4)) {
			sbuf_hex(b, a2);
		} else {
			sbuf_putc(b, '[');
			if (op == PR_GET_PDEATHSIG)
				decode_signal(b, (int)v);
			else if (op == PR_GET_TSC)
				decode_pr_tsc(b, v);
			else if (op == PR_GET_TID_ADDRESS)
				sbuf_hex(b, v);
			else
				sbuf_u64(b, (uint32_t)v);
			sbuf_putc(b, ']');
		}
		return;
	case PR_SET_NO_NEW_PRIVS: case PR_GET_NO_NEW_PRIVS: case PR_SET_THP_DISABLE:
	case PR_GET_THP_DISABLE: case PR_MCE_KILL_GET: case PR_GET_MDWE:
		for (int i = 1; i < 5; i++)
			put_u(b, e->args[i]);
		return;
	case PR_CAP_AMBIENT:
		sbuf_puts(b, ", ");
		decode_pr_cap_ambient(b, a2);
		sbuf_puts(b, ", ");
		if (a2 >= 1 && a2 <= 3)
			decode_capability(b, e->args[2]);
		else
			sbuf_u64(b, e->args[2]);
		put_u(b, e->args[3]);
		put_u(b, e->args[4]);
		return;
	case PR_GET_SPECULATION_CTRL: {
		static const char *const t[] = { "PR_SPEC_STORE_BYPASS", "PR_SPEC_INDIRECT_BRANCH",
						 "PR_SPEC_L1D_FLUSH" };

		sbuf_puts(b, ", ");
		if (a2 < 3)
			sbuf_puts(b, t[a2]);
		else
			sbuf_printf(b, "%#llx /* PR_SPEC_??? */", (unsigned long long)a2);
		return;
	}
	}
	for (int i = 1; i < 5; i++) {
		sbuf_puts(b, ", ");
		if (e->args[i])
			sbuf_hex(b, e->args[i]);
		else
			sbuf_putc(b, '0');
	}
}

void put_prctl_result(struct sbuf *b, const struct ev_syscall *e)
{
	const struct syscall_desc *d = syscall_get(e->nr);

	if (!d || !d->nargs || d->args[0].kind != AK_PRCTL_OPTION || e->ret < 0 ||
	    (uint32_t)e->args[0] != PR_GET_DUMPABLE)
		return;
	sbuf_puts(b, " (");
	decode_dumpable(b, e->ret);
	sbuf_putc(b, ')');
}
