// SPDX-License-Identifier: GPL-2.0
/*
 * Which calls the syscall probes must see when injecting, and whether
 * they can wait for the injection filter's first call to strobe: option
 * logic, here so that inject_check() can choose between the filter's two
 * ways of failing a call (inject.h, filter_fails) by what each costs.
 */
#include <string.h>

#include "inject.h"
#include "../cli/cli.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"

static bool sel_bit(const uint64_t *sel, int nr)
{
	return (sel[nr >> 6] >> (nr & 63)) & 1;
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

	if (sel_bit(o->sel, nr))
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
		if (nr == NR_clone && !o->decode_comm && sel_bit(o->quiet_sel, nr) &&
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
 * With -f (and without -u) the filter can fail a call by itself, with no
 * round trip to strobe: the cheapest way when no probe needs to see the
 * call.  When the call is shown, though, that way needs the syscall
 * probes attached from the start (the filter tells strobe nothing), and
 * while they are every call of every task takes the kernel's slow path
 * (W1 with -f -e trace=accept -e inject=accept:error=EPERM: 1.38-1.47x,
 * against 1.18-1.20x without -f).  Sent to strobe instead, the call
 * costs a round trip each time it is made (as strace's ptrace stops do)
 * and the probes wait for the first one: a command that never makes it
 * runs at the filter's cost.  So the filter fails calls itself unless
 * that alone keeps the probes from waiting.
 */
void inject_choose_filter(struct options *o)
{
	struct inject_lazy lz;

	if (!o->inject || !o->inject->filter_fails)
		return;
	if (bpf_calls_lazy(o, &lz))
		return;		/* no probe at all, or they wait anyway */
	o->inject->filter_fails = false;
	if (!bpf_calls_lazy(o, &lz))
		o->inject->filter_fails = true;	/* attached from the start either way */
}
