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

