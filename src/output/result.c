// SPDX-License-Identifier: GPL-2.0
/*
 * The result after "= ", as strace shows it: errors with their names,
 * fds with -y's path, what some calls add in parentheses.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"
#include "../tracepoint/tracepoint.h"

#include "formatter.h"

/* The result as strace shows it after "= ". */
static void put_result_text(struct sbuf *b, const struct ev_syscall *e, size_t size)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	int64_t ret = e->ret;

	/* exit and exit_group return nothing, unless -e inject= made them
	 * fail: then they came back with the error strace shows */
	if ((e->flags & (EVF_NORETURN | EVF_KILLED)) ||
	    (d && d->ret == RK_NONE && !(e->inj & INJ_INJECTED))) {
		sbuf_putc(b, '?');
	} else if (d && d->ret == RK_UDEC) {
		sbuf_u64(b, (uint64_t)ret);	/* what -e inject=getpid:retval= said */
	} else if (d && d->ret == RK_OCT) {
		sbuf_printf(b, "%#03llo", (unsigned long long)ret);	/* umask: "022", "000" */
	} else if (e->nr == NR_modify_ldt && ret >= 0xfffff000 && ret <= 0xffffffff) {
		/* modify_ldt returns its int error as unsigned (the x86-64 ABI
		 * "expects int"): strace shows the number and the error */
		const char *name = errno_name((int)(0x100000000 - ret));

		sbuf_printf(b, "%lld", (long long)ret);
		if (name)
			sbuf_printf(b, " %s (%s)", name, errno_msg((int)(0x100000000 - ret)));
	} else if (RET_IS_ERROR(ret) && !(e->inj & INJ_RETVAL)) {
		int err = -ret;
		const char *name = errno_name(err), *msg = errno_msg(err);

		sbuf_puts(b, errno_is_restart(err) ? "? " : "-1 ");
		if (name) {
			sbuf_puts(b, name);
			sbuf_puts(b, " (");
			sbuf_puts(b, msg ? msg : name);
			sbuf_putc(b, ')');
		} else {
			sbuf_printf(b, "E??? (errno %d)", err);
		}
	} else if (d && d->ret == RK_PID) {
		sbuf_s64(b, (int32_t)ret);
	} else if (d && d->nargs >= 2 && d->args[1].kind == AK_FCNTL_CMD &&
		   decode_fcntl_result(b, e->args[1], ret)) {
		/* F_GETFD, F_GETFL: "0x1 (flags FD_CLOEXEC)" */
	} else if (d && d->nargs >= 2 && d->args[1].kind == AK_IOCTL_REQ &&
		   ioctl_sys_result(b, (uint32_t)e->args[1], ret)) {
		/* NS_GET_NSTYPE: "268435456 (CLONE_NEWUSER)" */
	} else if (d && d->nargs >= 3 && d->args[1].kind == AK_IOCTL_REQ &&
		   ioctl_v4l2_result(b, e, size)) {
		/* VIDIOC_CREATE_BUFS: "0 ({index=0, count=2})" */
	} else if ((d && d->ret == RK_HEX && ret) ||
		   (d && d->nargs && d->args[0].kind == AK_PRCTL_OPTION && prctl_result_hex(e)) ||
		   (d && d->nargs && d->args[0].kind == AK_ARCH_PRCTL && arch_prctl_result_hex(e))) {
		sbuf_hex(b, ret);
	} else if (d && d->ret == RK_SIGNAL && ret > 0) {
		sbuf_printf(b, "%lld (", (long long)ret);	/* "12 (SIGUSR2)" */
		decode_signal(b, (int)ret);
		sbuf_putc(b, ')');
	} else if (d && d->ret == RK_PERSONALITY) {
		/* "0 (PER_LINUX)", "0x40000 (PER_LINUX|ADDR_NO_RANDOMIZE)" */
		if (ret)
			sbuf_hex(b, (uint64_t)ret);
		else
			sbuf_putc(b, '0');
		sbuf_puts(b, " (");
		decode_personality(b, (uint64_t)ret);	/* -X: each part as a number */
		sbuf_putc(b, ')');
	} else if (d && d->ret == RK_IOPRIO && ret >= 0 && decode_xlat() != XLAT_RAW) {
		sbuf_printf(b, "%lld (", (long long)ret);
		decode_ioprio_macro(b, (uint64_t)ret);
		sbuf_putc(b, ')');
	} else if (d && d->ret == RK_TIME && ret >= 0) {
		sbuf_s64(b, ret);	/* "1795624739 (2026-11-25T16:38:59+0000)" */
		decode_date_paren(b, ret);
	} else if (d && d->ret == RK_MEMBARRIER && ret > 0 && !(uint32_t)e->args[0]) {
		size_t mark;

		sbuf_hex(b, (uint64_t)ret);
		sbuf_puts(b, " (");
		mark = b->len;
		decode_membarrier_cmds(b, (uint64_t)ret);
		xlat_finish(b, mark, (uint64_t)ret, XF_HEX);
		sbuf_putc(b, ')');
	} else if (d && d->ret == RK_TIMEX && ret >= 0) {
		decode_timex_state(b, ret);	/* "5 (TIME_ERROR)" */
	} else if (d && d->ret == RK_SCHED && !(ret & 0x40000000)) {
		/* with SCHED_RESET_ON_FORK strace 6.1 prints the number alone */
		sbuf_printf(b, "%lld (", (long long)ret);	/* "0 (SCHED_OTHER)" */
		decode_sched_policy(b, (uint64_t)ret);
		sbuf_putc(b, ')');
	} else if ((e->inj & INJ_RETVAL) && (!d || d->ret != RK_FD)) {
		/* strace shows a value -e inject=...:retval= gave unsigned:
		 * "close(3) = 18446744073709547520 (INJECTED)"; an fd signed */
		sbuf_u64(b, (uint64_t)ret);
	} else {
		sbuf_s64(b, ret);
	}
}

/* The result, and with -y the path of a new fd. */
static void put_result_fd(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
			  size_t size)
{
	const struct syscall_desc *d = syscall_get(e->nr);

	put_result_text(b, e, size);
	/* (landlock_create_ruleset's LANDLOCK_CREATE_RULESET_VERSION asks
	 * for the ABI version, not an fd) */
	if (f->fds && d && e->ret >= 0 && !(e->flags & EVF_NORETURN) &&
	    !(e->nr == NR_landlock_create_ruleset && (e->args[2] & 1)) &&
	    (d->ret == RK_FD || (d->nargs >= 2 && d->args[1].kind == AK_FCNTL_CMD &&
				 (e->args[1] == 0 || e->args[1] == 1030)) ||
	     (d->nargs >= 2 && d->args[1].kind == AK_IOCTL_REQ &&
	      ioctl_sys_returns_fd((uint32_t)e->args[1]))))
		put_fd_decor(f, b, e, size, FDI_RESULT, (int)e->ret);
}

void put_result(struct formatter *f, struct sbuf *b, size_t line_start,
		const struct ev_syscall *e, size_t size)
{
	if (b->len - line_start < (size_t)f->o.columns)
		sbuf_pad_to(b, line_start, f->o.columns);
	else
		sbuf_putc(b, ' ');
	sbuf_puts(b, "= ");
	if (e->flags & EVF_KILLED) {	/* strace: "= ?", no more */
		sbuf_putc(b, '?');
		return;
	}
	if (call_in_set(f->o.raw, e->nr) && !RET_IS_ERROR(e->ret) &&
	    !(e->flags & EVF_NORETURN)) {
		/* -e raw=: the result in hex too, errors as ever */
		if (e->ret)
			sbuf_hex(b, (uint64_t)e->ret);
		else
			sbuf_putc(b, '0');
	} else {
		put_result_fd(f, b, e, size);
		put_wait_result(f, b, e, size);
		put_prctl_result(b, e);
		put_arch_prctl_result(b, e);
		const struct syscall_desc *d = syscall_get(e->nr);

		/* -Y: the pid a call returns is a thread's, named;
		 * --decode-pids=pidns: a group's or session's too, and a
		 * new child's */
		if (e->ret > 0 && d && (d->ret == RK_PID || e->nr == NR_fork ||
					e->nr == NR_vfork || e->nr == NR_clone ||
					e->nr == NR_clone3) &&
		    (f->o.pidns || e->nr == NR_getpid || e->nr == NR_gettid ||
		     e->nr == NR_getppid)) {
			/* (the caller's own ids are the record's) */
			uint32_t own = e->nr == NR_getpid ? e->h.pid :
				       e->nr == NR_gettid ? e->h.tid : 0;

			if (own && own != (uint32_t)e->ret)
				note_own_pid(f, e);
			if (e->nr == NR_getpgrp || e->nr == NR_getpgid || e->nr == NR_getsid)
				formatter_put_pgid(f, b, e->h.tid, e->ret);
			else
				put_pid_decor(f, b, e->h.tid, e->ret, own);
		}
	}
	/* -e inject=: what strobe did to the call, as strace marks it */
	if (e->inj & INJ_ARGS)
		sbuf_puts(b, e->inj & INJ_INJECTED ? " (INJECTED: args, retval)" :
			  " (INJECTED: args)");
	else if (e->inj & INJ_INJECTED)
		sbuf_puts(b, " (INJECTED)");
	if (e->inj & INJ_DELAYED)
		sbuf_puts(b, " (DELAYED)");
	if (f->o.syscall_times && !(e->flags & EVF_NORETURN)) {
		sbuf_puts(b, " <");
		put_secs(b, e->dur, false, f->o.times_prec);
		sbuf_putc(b, '>');
	}
}

void formatter_result_text(struct sbuf *b, const struct ev_syscall *e)
{
	put_result_text(b, e, 0);
}
