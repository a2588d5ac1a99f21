// SPDX-License-Identifier: GPL-2.0
/*
 * Which calls the syscall probes must see, and through which tracepoints:
 * the raw sys_enter/sys_exit pair or each call's own (syscalls:sys_*_NAME),
 * and whether they wait for the injection filter's first call.
 */
#include <stdio.h>
#include <string.h>

#include "syscalls.lskel.h"
#include "session.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"
#include "../inject/inject.h"

/* Are syscall probes attached: a call is selected, or an injection has a
 * signal= to send (the syscall probes send it, even with -e trace=none) */
bool probes_any(const struct options *o)
{
	for (int nr = 0; nr < SYSCALL_TABLE_SIZE; nr++)
		if (sel_has(o->sel, nr))
			return true;
	return inject_has_signal(o->inject);
}

/*
 * The calls the syscall probes must see: the selected ones, and those the
 * seccomp filter sends to strobe (-e inject=), whose marks and signal=
 * the probes take even when the call is not shown.  The calls the filter
 * fails by itself need no probe unless they are shown: they leave no mark.
 */
bool probes_call(const struct options *o, int nr)
{
	const struct inject_rule *r;

	if (sel_has(o->sel, nr))
		return true;
	if (!o->inject || nr >= INJ_NR_MAX)
		return false;
	r = &o->inject->rule[nr];
	return r->on && !inject_in_filter(r, o->inject->filter_fails);
}

/*
 * Do the syscall probes wait for the first call the injection filter
 * sends to strobe (src/inject/notify.c calls back before answering it)?
 * Only when strobe hears of every call they would show or mark: each
 * probed call is sent to strobe by the filter, none failed in the filter
 * (which strobe would not see).  Until then no syscall tracepoint is in
 * use, and the kernel's slow path for traced syscalls, which every call
 * of every task takes while one is (W1: 1.18x), costs nothing: a command
 * that never makes the call runs at the filter's cost alone, as under
 * strace --seccomp-bpf.
 */
bool bpf_calls_lazy(const struct options *o, struct inject_lazy *lz)
{
	struct inject_lazy mine = { 0 };

	memset(lz, 0, sizeof(*lz));
	if (!o->inject || !o->cmd || inject_has_signal(o->inject))
		return false;
	for (int nr = 0; nr < SYSCALL_TABLE_SIZE; nr++) {
		const struct inject_rule *r;

		if (!probes_call(o, nr))
			continue;
		/* the command's own execve comes before any call strobe could
		 * attach at (the filter's hand-over answers it first) */
		if (nr == NR_execve || nr == NR_execveat)
			return false;
		/* clone followed quietly for strace's words on the child of a
		 * clone(CLONE_PTRACE) (cli/opt_finish.c): the filter sends
		 * those clones to strobe too; not with -Y's, which needs every
		 * child */
		if (nr == NR_clone && !o->decode_comm && sel_has(o->quiet_sel, nr) &&
		    !o->inject->rule[nr].on) {
			mine.clone_ptrace = true;
			continue;
		}
		/* numbers no table names, shown as strace shows them
		 * (syscall_0x1c3): the filter sends them to strobe */
		if (nr < INJ_NR_MAX && !syscall_get(nr) && !o->inject->rule[nr].on) {
			mine.unknown[nr / 64] |= 1ull << (nr % 64);
			continue;
		}
		if (nr >= INJ_NR_MAX)
			return false;
		r = &o->inject->rule[nr];
		if (!r->on || inject_in_filter(r, o->inject->filter_fails))
			return false;
	}
	mine.on = true;
	*lz = mine;
	return true;
}


/*
 * The per-syscall tracepoints (syscalls:sys_enter_NAME) cost an unselected
 * call nothing but the kernel's bit test; the raw pair (tp_btf on
 * sys_enter/sys_exit) runs strobe's program for every call of every task,
 * which returns at once for unselected ones.  For a selected call the two
 * cost about the same, but each selected call costs two perf events to
 * attach.  Measured on W1 (docs/design.md, Probes): the per-syscall ones
 * win whenever what is selected is not most of what runs, and attaching
 * them costs about 0.1 ms per call; up to TP_AUTO_MAX selected calls they
 * are the default.
 */
#define TP_AUTO_MAX 16

bool probes_choose(struct session *s)
{
	int nsel = 0, nsel_known = 0, ninj = 0, nunnamed = 0, err;
	const struct options *o = s->o;
	const char *why;
	bool tp;

	/* -e trace=none without signal=: no syscall probe at all */
	if (!probes_any(o))
		return false;
	for (int nr = 0; nr < SYSCALL_TABLE_SIZE; nr++) {
		if (!probes_call(o, nr))
			continue;
		/* numbers no table names (syscall_0x1c3(...), selected by
		 * every filter as in strace) need the raw pair; with named
		 * calls that have tracepoints they are left out rather than
		 * making every call of every task run strobe's program: the
		 * kernel has no such calls, they only ever fail with ENOSYS */
		if (!syscall_get(nr)) {
			nunnamed++;
			continue;
		}
		nsel++;
		ninj += !sel_has(o->sel, nr);
		if (syscall_get(nr) && !(syscall_get(nr)->flags & SCF_NO_FORMAT))
			nsel_known++;
	}
	if (!nsel && !nunnamed)
		return false;

	/* -e inject= needs no raw pair: a call seccomp answers (its error,
	 * or strobe's answer to a notification) never reaches its
	 * sys_enter_NAME but does reach sys_exit_NAME, as it reaches the raw
	 * sys_exit; the exit program knows it by the missing entry
	 * (bpf/inject.bpf.inc) */
	if (o->probe == PROBE_RAW) {
		tp = false;
		why = "--probe=raw";
	} else if (!nsel) {
		tp = false;
		why = "only numbers no table names are selected";
	} else if (nsel != nsel_known) {
		tp = false;
		why = "a selected call has no tracepoint of its own";
	} else if (o->probe == PROBE_TP) {
		tp = true;
		why = "--probe=tp";
	} else if (nsel <= TP_AUTO_MAX) {
		tp = true;
		why = o->inject ? "few calls selected or injected: unselected calls cost nothing, "
				  "and calls seccomp answers reach their exit tracepoint "
				  "(--probe=raw to change)"
				: "few calls selected: unselected calls cost nothing (--probe=raw to change)";
	} else {
		tp = false;
		why = "many calls selected: one probe pair is cheaper to attach "
		      "(--probe=tp to change)";
	}
	/* all looked up now: only the chosen path's programs are loaded */
	if (tp && (err = probes_resolve_tp(s))) {
		tp = false;
		why = err == -ENOENT ? "a selected call's tracepoint is missing"
				     : "tracefs is not available";
	}
	if (o->debug) {
		fprintf(stderr, "strobe: probing %d syscalls", nsel);
		if (ninj)
			fprintf(stderr, " (%d only for -e inject=)", ninj);
		fprintf(stderr, " through %s: %s\n",
			tp ? "their own tracepoints (syscalls:sys_enter_*/sys_exit_*)"
			   : "the raw sys_enter/sys_exit tracepoints (tp_btf)", why);
	}
	return tp;
}

