// SPDX-License-Identifier: GPL-2.0
/*
 * prctl(2)'s arguments and results, option by option, as strace shows them.
 */
#include <string.h>
#include <sys/prctl.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

/*
 * prctl(2): which arguments strace shows, and how, depends on the option:
 * none (PR_GET_DUMPABLE), one (a signal, a capability, a name, a pointer to
 * what the call wrote: "[SIGTERM]"), or all four in decimal for the options
 * that require the unused ones to be 0.  Unknown options: all in hex.
 * The kernel side captured 16 bytes at arg2 at exit (a name or an int).
 */

/* Debian 12's headers (Linux 6.1) predate PR_GET_MDWE */
#ifndef PR_GET_MDWE
#define PR_GET_MDWE 66
#endif
#ifndef PR_SCHED_CORE
#define PR_SCHED_CORE 62
#endif

static void put_u(struct sbuf *b, uint64_t v)
{
	sbuf_printf(b, ", %llu", (unsigned long long)v);
}

/* What the call wrote at argument i: "[value]" after success, else the
 * pointer. */
static bool out_word_at(const struct ev_syscall *e, size_t size, int i, uint64_t *v, int width)
{
	const struct cap *c;
	const char *data;

	if (e->ret < 0 || !cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT) ||
	    c->len < width)
		return false;
	*v = 0;
	memcpy(v, data, width);
	return true;
}

static bool out_word(const struct ev_syscall *e, size_t size, uint64_t *v, int width)
{
	return out_word_at(e, size, 1, v, width);
}

/* argument i's captured bytes as the NUL-terminated string they hold (a
 * call's name or description); out: written by the call, so not shown
 * when it failed */
void put_cstr_arg(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		  size_t size, int i, bool out)
{
	const struct cap *c;
	const char *data;
	size_t n, max = formatter_strsize(f);

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	if ((out && e->ret < 0) || !cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT)) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	n = strnlen(data, c->len);
	decode_string(b, data, n < max ? n : max, n > max);
}

/* ", 0x1" and ", 0": an argument as a number */
static void put_x(struct sbuf *b, uint64_t v)
{
	sbuf_puts(b, ", ");
	put_hex0(b, v);
}

/* ", NAME" from a small table, ", 0x7 /\* UNKNOWN *\/" else; -X as usual */
static void put_named(struct sbuf *b, uint64_t v, const char *const *names, size_t n,
		      const char *unknown)
{
	size_t mark;

	sbuf_puts(b, ", ");
	mark = b->len;
	if (v < n && names[v])
		sbuf_puts(b, names[v]);
	else
		sbuf_printf(b, "%#llx /* %s */", (unsigned long long)v, unknown);
	xlat_finish(b, mark, v, XF_HEX);
}

void put_prctl(struct formatter *f, struct sbuf *b, const struct ev_syscall *e, size_t size)
{
	uint64_t op = (uint32_t)e->args[0], a2 = e->args[1], v;
	size_t mark = b->len;

	decode_prctl_option(b, op);
	xlat_finish(b, mark, op, XF_HEX);
	if (put_prctl_cpu(b, e))
		return;
	switch (op) {
	case PR_GET_DUMPABLE: case PR_GET_KEEPCAPS: case PR_GET_TIMING: case PR_GET_SECCOMP:
	case PR_GET_TIMERSLACK: case PR_TASK_PERF_EVENTS_DISABLE:
	case PR_TASK_PERF_EVENTS_ENABLE: case PR_GET_SECUREBITS: case PR_GET_FP_MODE:
		return;
	case PR_SET_PDEATHSIG:		/* strace: above 128, the number */
		sbuf_puts(b, ", ");
		if (a2 > 128) {
			sbuf_u64(b, a2);
			return;
		}
		mark = b->len;
		decode_signal(b, (int)a2);
		xlat_finish(b, mark, (uint32_t)a2, XF_DEC);
		return;
	case PR_SET_DUMPABLE:
		sbuf_puts(b, ", ");
		mark = b->len;
		decode_dumpable(b, a2);
		xlat_finish(b, mark, a2, XF_HEX);
		return;
	case PR_SET_TSC:	/* the kernel reads an unsigned int */
		sbuf_puts(b, ", ");
		mark = b->len;
		decode_pr_tsc(b, (uint32_t)a2);
		xlat_finish(b, mark, (uint32_t)a2, XF_HEX);
		return;
	case PR_CAPBSET_READ: case PR_CAPBSET_DROP:
		sbuf_puts(b, ", ");
		mark = b->len;
		decode_capability(b, a2);
		xlat_finish(b, mark, a2, XF_HEX);
		return;
	case PR_SET_PTRACER:		/* a pid, 0, or -1: any process (an int) */
		if ((int32_t)a2 == -1) {
			sbuf_puts(b, ", ");
			mark = b->len;
			sbuf_puts(b, "PR_SET_PTRACER_ANY");
			xlat_finish(b, mark, (uint64_t)-1, XF_DEC);
			return;
		}
		sbuf_printf(b, ", %d", (int32_t)a2);
		if ((int32_t)a2 > 0)
			formatter_put_pid(f, b, e->h.tid, (int32_t)a2);
		return;
	case PR_SET_TIMERSLACK:		/* strace: signed */
		sbuf_printf(b, ", %lld", (long long)a2);
		return;
	case PR_SET_KEEPCAPS: case PR_SET_TIMING:
	case PR_SET_CHILD_SUBREAPER:
		put_u(b, a2);
		return;
	case PR_MCE_KILL: {
		static const char *const what[] = { "PR_MCE_KILL_CLEAR", "PR_MCE_KILL_SET" };
		static const char *const policy[] = { "PR_MCE_KILL_LATE", "PR_MCE_KILL_EARLY",
						      "PR_MCE_KILL_DEFAULT" };

		put_named(b, a2, what, 2, "PR_MCE_KILL_???");
		if (a2 == 1)
			put_named(b, e->args[2], policy, 3, "PR_MCE_KILL_???");
		else
			put_x(b, e->args[2]);
		put_x(b, e->args[3]);
		put_x(b, e->args[4]);
		return;
	}
	case PR_SET_MM: {
		static const char *const opts[] = {
			NULL, "PR_SET_MM_START_CODE", "PR_SET_MM_END_CODE", "PR_SET_MM_START_DATA",
			"PR_SET_MM_END_DATA", "PR_SET_MM_START_STACK", "PR_SET_MM_START_BRK",
			"PR_SET_MM_BRK", "PR_SET_MM_ARG_START", "PR_SET_MM_ARG_END",
			"PR_SET_MM_ENV_START", "PR_SET_MM_ENV_END", "PR_SET_MM_AUXV",
			"PR_SET_MM_EXE_FILE", "PR_SET_MM_MAP", "PR_SET_MM_MAP_SIZE",
		};

		put_named(b, (uint32_t)a2, opts, 16, "PR_SET_MM_???");
		for (int i = 2; i < 5; i++)
			put_x(b, e->args[i]);
		return;
	}
	case PR_SET_NAME: {	/* a task name: 15 characters at most, as strace */
		const struct cap *c;
		const char *data;
		size_t n, max = formatter_strsize(f) < 15 ? formatter_strsize(f) : 15;

		sbuf_puts(b, ", ");
		if (!a2 || !cap_find(e, size, 1, &c, &data) || (c->flags & CAP_FAULT)) {
			put_ptr(b, a2);
			return;
		}
		n = strnlen(data, c->len < 16 ? c->len : 16);
		/* read short (a page ended) with no NUL and fewer than the 15
		 * characters strace reads: strace sees a fault */
		if (n == c->len && c->len < 15) {
			sbuf_hex(b, a2);
			return;
		}
		decode_string(b, data, n < max ? n : max, n >= max && (n > max || n >= 15));
		return;
	}
	case PR_SET_VMA: {	/* ANON_NAME: an address, a size, a name (80 at most) */
		static const char *const ops[] = { "PR_SET_VMA_ANON_NAME" };
		const struct cap *c;
		const char *data;
		size_t n, max = formatter_strsize(f);

		put_named(b, a2, ops, 1, "PR_SET_VMA_???");
		if (a2 != PR_SET_VMA_ANON_NAME) {
			for (int i = 2; i < 5; i++)
				put_x(b, e->args[i]);
			return;
		}
		sbuf_puts(b, ", ");
		put_ptr(b, e->args[2]);
		sbuf_printf(b, ", %llu, ", (unsigned long long)e->args[3]);
		if (!e->args[4]) {
			sbuf_puts(b, "NULL");
			return;
		}
		/* as strace reads a string: up to -s's length and one more;
		 * the page's end before a NUL within that is a fault */
		if (!cap_find(e, size, 4, &c, &data) || (c->flags & CAP_FAULT) ||
		    ((n = strnlen(data, c->len)) == c->len && c->len <= max)) {
			sbuf_hex(b, e->args[4]);
			return;
		}
		decode_string(b, data, n < max ? n : max, n > max);
		return;
	}
	case PR_GET_NAME: {
		const struct cap *c;
		const char *data;

		sbuf_puts(b, ", ");
		/* read short (a page ended) with no NUL: strace sees a fault */
		if (a2 && e->ret >= 0 && cap_find(e, size, 1, &c, &data) &&
		    !(c->flags & CAP_FAULT) && c->len < 16 && strnlen(data, c->len) == c->len) {
			sbuf_hex(b, a2);
			return;
		}
		put_cstr_arg(f, b, e, size, 1, true);
		return;
	}
	case PR_GET_PDEATHSIG: case PR_GET_CHILD_SUBREAPER: case PR_GET_TSC:
	case PR_GET_TID_ADDRESS:
		sbuf_puts(b, ", ");
		if (!a2) {
			sbuf_puts(b, "NULL");
		} else if (!out_word(e, size, &v, op == PR_GET_TID_ADDRESS ? 8 : 4)) {
			sbuf_hex(b, a2);
		} else {
			sbuf_putc(b, '[');
			mark = b->len;
			if (op == PR_GET_PDEATHSIG) {
				decode_signal(b, (int)v);
				xlat_finish(b, mark, (uint32_t)v, XF_DEC);
			} else if (op == PR_GET_TSC) {
				decode_pr_tsc(b, v);
				xlat_finish(b, mark, (uint32_t)v, XF_HEX);
			} else if (op == PR_GET_TID_ADDRESS)
				sbuf_hex(b, v);
			else
				sbuf_u64(b, (uint32_t)v);
			sbuf_putc(b, ']');
		}
		return;
	case PR_SET_SECCOMP: {		/* the mode, and a filter's program */
		sbuf_puts(b, ", ");
		mark = b->len;
		if (a2 > 0xffffffffu)	/* strace names it from all 64 bits */
			sbuf_printf(b, "%#llx /* SECCOMP_MODE_??? */", (unsigned long long)a2);
		else
			decode_seccomp_mode(b, a2);
		xlat_finish(b, mark, a2, XF_HEX);
		if (a2 == 1)		/* SECCOMP_MODE_STRICT: nothing more */
			return;
		if (a2 != 2) {		/* not SECCOMP_MODE_FILTER: the rest as numbers */
			for (int i = 2; i < 5; i++)
				put_x(b, e->args[i]);
			return;
		}
		sbuf_puts(b, ", ");
		put_sock_fprog_arg(b, e, size, 2, FILTER_SECCOMP);
		return;
	}
	case PR_SET_NO_NEW_PRIVS: case PR_SET_THP_DISABLE: case PR_SET_IO_FLUSHER:
		put_u(b, a2);
		for (int i = 2; i < 5; i++)
			put_x(b, e->args[i]);
		return;
	case PR_SET_ENDIAN: case PR_SET_FPEMU: case PR_SET_FPEXC:	/* the value alone */
		put_u(b, a2);
		return;
	case PR_GET_ENDIAN: case PR_GET_FPEMU: case PR_GET_FPEXC:	/* [what it wrote] */
		sbuf_puts(b, ", ");
		if (!a2)
			sbuf_puts(b, "NULL");
		else if (out_word(e, size, &v, 4))
			sbuf_printf(b, "[%u]", (uint32_t)v);
		else
			sbuf_hex(b, a2);
		return;
	case PR_SET_SECUREBITS: case PR_SET_UNALIGN: case PR_SET_FP_MODE: {
		static const struct flag secbits[] = {
			{ 1, "SECBIT_NOROOT" }, { 2, "SECBIT_NOROOT_LOCKED" },
			{ 4, "SECBIT_NO_SETUID_FIXUP" }, { 8, "SECBIT_NO_SETUID_FIXUP_LOCKED" },
			{ 16, "SECBIT_KEEP_CAPS" }, { 32, "SECBIT_KEEP_CAPS_LOCKED" },
			{ 64, "SECBIT_NO_CAP_AMBIENT_RAISE" },
			{ 128, "SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED" },
		}, unalign[] = { { 1, "PR_UNALIGN_NOPRINT" }, { 2, "PR_UNALIGN_SIGBUS" } },
		   fp[] = { { 1, "PR_FP_MODE_FR" }, { 2, "PR_FP_MODE_FRE" } };

		/* one argument, a flag set (strace: 64 bits of the secure
		 * bits, 32 of the others) */
		sbuf_puts(b, ", ");
		mark = b->len;
		if (op == PR_SET_SECUREBITS)
			put_flagset_q64(b, a2, secbits, N(secbits), "SECBIT_???");
		else if (op == PR_SET_UNALIGN)
			put_flagset_q(b, a2, unalign, N(unalign), "PR_UNALIGN_???");
		else
			put_flagset_q(b, a2, fp, N(fp), "PR_FP_MODE_???");
		xlat_finish(b, mark, op == PR_SET_SECUREBITS ? a2 : (uint32_t)a2, XF_HEX);
		return;
	}
	case PR_CAP_AMBIENT:
		sbuf_puts(b, ", ");
		mark = b->len;
		decode_pr_cap_ambient(b, a2);
		xlat_finish(b, mark, a2, XF_HEX);
		sbuf_puts(b, ", ");
		mark = b->len;
		if (a2 >= 1 && a2 <= 3) {
			decode_capability(b, e->args[2]);
			xlat_finish(b, mark, e->args[2], XF_HEX);
		} else {
			put_hex0(b, e->args[2]);
		}
		put_x(b, e->args[3]);
		put_x(b, e->args[4]);
		return;
	case PR_SCHED_CORE: {
		static const char *const cmds[] = { "PR_SCHED_CORE_GET", "PR_SCHED_CORE_CREATE",
						    "PR_SCHED_CORE_SHARE_TO",
						    "PR_SCHED_CORE_SHARE_FROM" };
		static const char *const types[] = { "PIDTYPE_PID", "PIDTYPE_TGID",
						     "PIDTYPE_PGID", "PIDTYPE_SID" };
		uint32_t cmd = (uint32_t)a2, type = (uint32_t)e->args[3];

		put_named(b, cmd, cmds, N(cmds), "PR_SCHED_CORE_???");
		sbuf_printf(b, ", %d", (int32_t)e->args[2]);
		/* the id is a thread's, a process's, a group's or a session's */
		if ((int32_t)e->args[2] > 0 && type <= 1)
			formatter_put_pid(f, b, e->h.tid, (int32_t)e->args[2]);
		else if ((int32_t)e->args[2] > 0 && type <= 3)
			formatter_put_pgid(f, b, e->h.tid, (int32_t)e->args[2]);
		sbuf_puts(b, ", ");
		/* the pid type: its number, and its name as a comment (strace
		 * shows both unless -X raw) */
		sbuf_printf(b, type ? "%#x" : "0", type);
		if (decode_xlat() != XLAT_RAW)
			sbuf_printf(b, " /* %s */", type < N(types) ? types[type] : "PIDTYPE_???");
		sbuf_puts(b, ", ");
		/* PR_SCHED_CORE_GET writes the cookie there */
		if (!e->args[4])
			sbuf_puts(b, "NULL");
		else if (cmd == 0 && out_word_at(e, size, 4, &v, 8))
			sbuf_printf(b, "[%#llx]", (unsigned long long)v);
		else
			sbuf_hex(b, e->args[4]);
		return;
	}
	case PR_GET_SPECULATION_CTRL: case PR_SET_SPECULATION_CTRL: {
		static const char *const t[] = { "PR_SPEC_STORE_BYPASS", "PR_SPEC_INDIRECT_BRANCH",
						 "PR_SPEC_L1D_FLUSH" };
		/* the control set: one value, not flags */
		static const char *const ctl[] = { [2] = "PR_SPEC_ENABLE", [4] = "PR_SPEC_DISABLE",
						 [8] = "PR_SPEC_FORCE_DISABLE",
						 [16] = "PR_SPEC_DISABLE_NOEXEC" };

		put_named(b, a2, t, 3, "PR_SPEC_???");
		if (op == PR_SET_SPECULATION_CTRL) {
			if (a2 < 3)
				put_named(b, e->args[2], ctl, N(ctl), "PR_SPEC_???");
			else
				put_x(b, e->args[2]);
		}
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

bool prctl_result_hex(const struct ev_syscall *e)
{
	return ((uint32_t)e->args[0] == PR_GET_SPECULATION_CTRL && e->ret > 0 && e->args[1] < 3) ||
	       prctl_cpu_result_hex(e);
}

void put_prctl_result(struct sbuf *b, const struct ev_syscall *e)
{
	static const char *const mce[] = { "PR_MCE_KILL_LATE", "PR_MCE_KILL_EARLY",
					   "PR_MCE_KILL_DEFAULT" };
	const struct syscall_desc *d = syscall_get(e->nr);
	uint32_t op = (uint32_t)e->args[0];

	if (!d || !d->nargs || d->args[0].kind != AK_PRCTL_OPTION || e->ret < 0)
		return;
	put_prctl_cpu_result(b, e);
	if (op == PR_GET_DUMPABLE) {
		sbuf_puts(b, " (");
		decode_dumpable(b, e->ret);
		sbuf_putc(b, ')');
	} else if (op == PR_MCE_KILL_GET && e->ret < 3) {	/* in every -X style */
		sbuf_printf(b, " (%s)", mce[e->ret]);
	} else if (op == PR_GET_SPECULATION_CTRL && e->ret == 0 && e->args[1] < 3 &&
		   decode_xlat() != XLAT_RAW) {	/* a control strace knows */
		sbuf_puts(b, " (PR_SPEC_NOT_AFFECTED)");
	} else if (op == PR_GET_SPECULATION_CTRL && (e->ret & 0x1f) && e->args[1] < 3 &&
		   decode_xlat() != XLAT_RAW) {	/* unknown bits alone: none */		/* "0x3 (PR_SPEC_PRCTL|...)" */
		static const struct flag spec[] = {
			{ 1, "PR_SPEC_PRCTL" }, { 2, "PR_SPEC_ENABLE" }, { 4, "PR_SPEC_DISABLE" },
			{ 8, "PR_SPEC_FORCE_DISABLE" }, { 16, "PR_SPEC_DISABLE_NOEXEC" },
		};

		sbuf_puts(b, " (");
		put_flagset(b, (uint64_t)e->ret, spec, N(spec));
		sbuf_putc(b, ')');
	}
}
