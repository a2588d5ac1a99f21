// SPDX-License-Identifier: GPL-2.0
/*
 * strobe's syscall tracer, kernel side.
 *
 * One generic pair of handlers (on_enter/on_exit) serves every syscall; two
 * front ends feed them:
 *   - tp_btf on the raw sys_enter/sys_exit tracepoints, when many syscalls
 *     are selected (every syscall of every task pays for the probe);
 *   - the per-syscall tracepoints syscalls:sys_{enter,exit}_NAME, attached
 *     only for the selected calls, when few are: unselected calls then cost
 *     nothing but the kernel's own bit test.
 * The object is built once per front end (-DPER_SYSCALL: the second), and
 * each again without -k/-i's and -y's code (-DLEAN); a session loads only
 * the build it needs (src/session/load_tp.c).  Both front ends' programs
 * are named on_sys_enter/on_sys_exit, so that every build has one layout.
 * Which threads are traced lives in task storage (struct task_state), set by
 * user space through pidfds for -p and the launched command, by on_fork for
 * -f children, and created on demand for -a.  The same storage stashes the
 * arguments between entry and exit, so a completed call is one record.
 *
 * Pieces included into this one object: capture.bpf.inc (reading strings,
 * buffers, structs, fds from the process), records.bpf.inc (a completed
 * call's record, by what it captures), capture_rules.bpf.inc (what each
 * syscall's rule captures), tasks.bpf.inc (forks, execs, exits, signals),
 * summary.bpf.inc (-c), ustack.bpf.inc (-k), inject.bpf.inc (-e inject=).
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_endian.h>
#include "event.h"
#include "hist.h"

#include "uregs.h"

char LICENSE[] SEC("license") = "GPL";

#include "../src/syscalls/nr_x86_64.h"	/* generated with the syscall table */
#define NR_EXECVE NR_execve
#define NR_EXIT NR_exit
#define NR_EXIT_GROUP NR_exit_group
#define NR_EXECVEAT NR_execveat
#define NR_GETDENTS NR_getdents
#define NR_GETDENTS64 NR_getdents64
#define SIGKILL 9
#define SIGSTOP 19
#define SIGTTOU 22

/* Configuration, fixed before load. */
const volatile __u32 self_tgid = 0;
const volatile __u8 target_all = 0;	/* -a: every task but strobe */
const volatile __u8 follow_forks = 0;	/* -f */
const volatile __u8 detach_on_exec = 0;	/* -b execve */
const volatile __u8 status_mask = ST_ALL;
const volatile __u32 str_max = 32;	/* -s */
const volatile __u64 wake_ns = 10000000;	/* wake the reader at least this often */
const volatile __u64 wake_bytes = 1 << 20;	/* ...or when this much is waiting */
const volatile __u64 sel[SEL_WORDS] = {};	/* selected syscall numbers */
const volatile __u64 entry_sel[SEL_WORDS] = {};
const volatile __u64 quiet_sel[SEL_WORDS] = {};	/* ...only for -y's fd table: not counted */
const volatile __u8 show_env = 0;	/* -v: execve's environment strings too */
const volatile __u8 fd_infos = 0;	/* -yy: what fds are (struct fd_info caps) */
/* -e read=SET / -e write=SET: fds whose data is captured whole */
const volatile __u8 dumping = 0;
const volatile __u64 dump_read[DUMP_FDS / 64] = {};
const volatile __u64 dump_write[DUMP_FDS / 64] = {};
/* ...and whether fds from DUMP_FDS on are in them (all, !none, !fd),
 * but for up to 4 named ones (-1: none) */
const volatile __u8 dump_read_high = 0;
const volatile __u8 dump_write_high = 0;
const volatile __s32 dump_read_flip[4] = { -1, -1, -1, -1 };
const volatile __s32 dump_write_flip[4] = { -1, -1, -1, -1 };

static __always_inline bool dumped(const volatile __u64 *set, bool high,
				   const volatile __s32 *flip, __u64 fd)
{
	__u64 w;

	fd = (__u32)fd;		/* the kernel reads an int (strace's read-write test) */
	w = fd >> 6;

	if (!dumping)
		return false;
	if (fd >= DUMP_FDS) {
		if ((__s32)fd < 0)
			return false;
		for (int j = 0; j < 4; j++)
			if (flip[j] == (__s32)fd)
				high = !high;
		return high;
	}
	asm volatile("" : "+r"(w));
	w &= DUMP_FDS / 64 - 1;
	return (set[w] >> (fd & 63)) & 1;
}	/* ...that read an argument at entry */
/* -e inject=: the calls strobe's seccomp filter sends to strobe
 * (notify), and those it fails by itself, unconditionally (errno) */
const volatile __u8 inject_on = 0;
const volatile __u64 inj_notify_sel[SEL_WORDS] = {};
const volatile __u64 inj_errno_sel[SEL_WORDS] = {};
const volatile __u8 do_trace = 1;	/* emit records (not with -c) */
const volatile __u8 do_summary = 0;	/* -c, -C: aggregate in the kernel */
const volatile __u8 summary_by = BY_NONE;
const volatile __u8 events_on = 0;	/* --event */
const volatile __u8 no_call_probes = 0;	/* -e trace=none: no syscall probe attached */

/* Shared with user space through the skeleton's bss. */
__s64 live = 0;			/* traced threads still alive */
__u64 follow_failed = 0;	/* children we could not start tracing */
__u64 last_wake = 0;
__u8 stopped = 0;		/* set at detach: the programs do nothing (release.c) */

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct task_state);
} tstate SEC(".maps") = {};

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 8 << 20);
} rb SEC(".maps") = {};

struct scratch_buf {
	__u8 b[SCRATCH_SIZE];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch_buf);
} scratch SEC(".maps") = {};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, SYSCALL_MAX);
	__type(key, __u32);
	__type(value, struct cap_rule);
} caprules SEC(".maps") = {};

/* -e inject=: what strobe did to the call a thread is in (struct inj_mark) */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, struct inj_mark);
} injmark SEC(".maps") = {};

/* --cgroup: -a's tasks, only those inside a cgroup */
#include "cgroup_sel.h"

struct lost_ctr {
	__u64 total;
	__u64 pending;		/* lost since the last record that got through */
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct lost_ctr);
} lostc SEC(".maps") = {};

static __always_inline bool in_set(const volatile __u64 *set, __s32 nr)
{
	__u64 n = (__u32)nr, word;

	if (n >= SYSCALL_MAX)
		return false;
	/* Hide the range from clang so that it keeps the mask the verifier
	 * needs to see on the very register used as the index. */
	word = n >> 6;
	asm volatile("" : "+r"(word));
	word &= SEL_WORDS - 1;
	return (set[word] >> (n & 63)) & 1;
}

static __always_inline bool selected(__s32 nr)
{
	return in_set(sel, nr);
}

/*
 * Waking the reader for every record would cost more than the probe; wake it
 * when enough is waiting or enough time has passed, and let its poll timeout
 * pick up a quiet tail.
 */
static __always_inline __u64 wake_flags(__u64 now)
{
	__u64 since = now - last_wake;

	/* When the reader lags, every record would find enough waiting and
	 * send it a wakeup (an interrupt each, measured 1.4% of a recorded
	 * dd's time): once per wake_ns / 16 is enough. */
	if (since > wake_ns ||
	    (since > wake_ns / 16 &&
	     bpf_ringbuf_query(&rb, BPF_RB_AVAIL_DATA) > wake_bytes)) {
		last_wake = now;
		return BPF_RB_FORCE_WAKEUP;
	}
	return BPF_RB_NO_WAKEUP;
}

/*
 * The lost-record counter: an emitter looks it up once and passes it to
 * reserve/fill_header/submit (one lookup, not one in each, and one copy of
 * its code less for the verifier to walk per emitter and path).  The
 * lookup never fails (one slot, a constant key: the verifier knows it
 * cannot be NULL either), so an emitter without it just returns.
 */
static __always_inline struct lost_ctr *lost_get(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&lostc, &zero);
}

static __always_inline void fill_header_id(struct ev_header *h, __u16 kind,
					   __u32 size, __u64 ts, __u64 id,
					   struct lost_ctr *lc)
{
	h->ts = ts;
	h->pid = id >> 32;
	h->tid = (__u32)id;
	h->kind = kind;
	h->cpu = bpf_get_smp_processor_id();
	h->size = size;
	h->lost = lc->pending;
	h->pad = 0;
}

static __always_inline void fill_header(struct ev_header *h, __u16 kind,
					__u32 size, __u64 ts, struct lost_ctr *lc)
{
	fill_header_id(h, kind, size, ts, bpf_get_current_pid_tgid(), lc);
}

static __always_inline void count_lost(struct lost_ctr *lc)
{
	lc->total++;
	lc->pending++;
}

static __always_inline void reset_pending(struct lost_ctr *lc)
{
	lc->pending = 0;
}

static __always_inline void *reserve(__u32 size, struct lost_ctr *lc)
{
	void *p = bpf_ringbuf_reserve(&rb, size, 0);

	if (!p)
		count_lost(lc);
	return p;
}

static __always_inline void submit(void *p, __u64 now, struct lost_ctr *lc)
{
	reset_pending(lc);
	bpf_ringbuf_submit(p, wake_flags(now));
}

/* a record built elsewhere (the scratch area), copied in */
static __always_inline void output(void *e, __u64 size, __u64 now, struct lost_ctr *lc)
{
	if (bpf_ringbuf_output(&rb, e, size, wake_flags(now)))
		count_lost(lc);
	else
		reset_pending(lc);
}

static __always_inline struct task_state *state_of(struct task_struct *t, bool create)
{
	return bpf_task_storage_get(&tstate, t, 0,
				    create ? BPF_LOCAL_STORAGE_GET_F_CREATE : 0);
}

static __always_inline struct task_state *state_of_current(bool create)
{
	return state_of(bpf_get_current_task_btf(), create);
}

/* bpf_get_current_pid_tgid()'s value, read from the task */
static __always_inline __u64 task_id(struct task_struct *t)
{
	return (__u64)t->tgid << 32 | (__u32)t->pid;
}

#include "capture.bpf.inc"
#include "ustack.bpf.inc"
#include "records.bpf.inc"
#include "pidns.bpf.inc"

static __always_inline void emit_signal(int sig, const void *info, __u64 id, __u64 now,
					__u32 flags);

static __always_inline void flush_ignored(struct task_state *st)
{
	if (st->ign_sig && !(st->flags & TS_PENDING_EXEC)) {
		emit_signal(st->ign_sig, st->ign_info, 0, bpf_ktime_get_ns(), 0);
		st->ign_sig = 0;
	}
}

/*
 * nr as a new value for the verifier: the cases of a switch on the copy
 * do not make nr itself a constant, so the paths merge after it.
 */
static __always_inline __s32 unlinked(__s32 nr)
{
	asm volatile("%[n] ^= 0" : [n] "+r"(nr));
	return nr;
}

/* 1 unless nr is execve or execveat, computed without a branch */
static __always_inline __u64 not_exec(__s32 nr)
{
	__u64 a = (__u32)nr ^ NR_EXECVE, b = (__u32)nr ^ NR_EXECVEAT, m;

	/* (x | -x) has its top bit set when x is not 0 */
	asm volatile("%[m] = %[a]; %[m] = -%[m]; %[m] |= %[a]; %[a] = %[b]; %[a] = -%[a]; "
		     "%[a] |= %[b]; %[m] &= %[a]; %[m] >>= 63"
		     : [m] "=&r"(m), [a] "+&r"(a) : [b] "r"(b));
	return m;
}

static __always_inline int on_enter(__s32 nr, __u64 a0, __u64 a1, __u64 a2,
				    __u64 a3, __u64 a4, __u64 a5)
{
	struct task_struct *t;
	struct task_state *st;
	__u64 now, mark_ts = 0;
	__u32 inj = 0, sent = 0;

	/* strobe answered this call's seccomp notification: send the
	 * signal= now, as the call enters (a blocking call is interrupted,
	 * as under strace), and keep what was done for the line */
	if (inject_on && in_set(inj_notify_sel, nr)) {
		__u32 tid = (__u32)bpf_get_current_pid_tgid();
		struct inj_mark *m = bpf_map_lookup_elem(&injmark, &tid);

		if (m) {
			if (m->sig)
				bpf_send_signal_thread(m->sig);
			sent = m->sig;
			inj = m->flags & ~INJ_NOENTRY;
			mark_ts = m->ts;
			bpf_map_delete_elem(&injmark, &tid);
		}
	}
	if (!selected(nr))
		return 0;
	t = bpf_get_current_task_btf();
	if (target_all) {
		if (t->tgid == self_tgid || outside_cgroup())
			return 0;
		st = state_of(t, true);
		if (st)
			st->flags |= TS_TRACED;
	} else {
		st = state_of(t, false);
	}
	if (!st || !(st->flags & TS_TRACED))
		return 0;
	/* sent while the thread ran in user space: strace shows it before
	 * the next call; not signal= just sent as this call enters, which
	 * ignored, strace shows after the call's line (flushed at exit) */
	if (st->ign_sig && st->ign_sig != sent)
		flush_ignored(st);
	/* The launched command shows nothing before its execve.  Tested
	 * without a branch on nr (one would make nr a constant on its side,
	 * and the verifier walk the rest once per value); the barrier keeps
	 * clang from testing the flag before the flush on one path only,
	 * which split the walk as well (docs/design.md, Loading). */
	asm volatile("" ::: "memory");
	if ((st->flags & TS_PENDING_EXEC) && not_exec(nr))
		return 0;
	if (pidns_on)
		pidns_note(t);
	now = bpf_ktime_get_ns();
	/* a delayed call entered when it reached the filter */
	st->ts = mark_ts ? mark_ts : now;
	st->id = task_id(t);
	st->nr = nr;
	st->args[0] = a0;
	st->args[1] = a1;
	st->args[2] = a2;
	st->args[3] = a3;
	st->args[4] = a4;
	st->args[5] = a5;
	st->flags = (st->flags & ~TS_RESUMED) | TS_IN_CALL;
	st->inj = inj;
	st->len_in = 0;
	st->stash_mask = 0;
	st->entry_n = 0;
	st->fdi_mask = 0;
	st->nl_proto = 0;
	if (do_trace) {
		int la = addrlen_arg(unlinked(nr));
		/* recvmsg's: msg_namelen, 8 bytes into the msghdr */
		__u64 p = la == 5 ? a5 : la == 4 ? a4 : la == 2 ? a2 : la == 1 && a1 ? a1 + 8 : 0;
		__u32 len;

		if (p && !bpf_probe_read_user(&len, sizeof(len), (void *)p))
			st->len_in = len + 1;
	}

	/* -i, -k: calls with a record at entry have their registers (and
	 * stack) taken now; execve's only for -i, where the old image called
	 * it (its stack is taken at exit, in the new image) */
	if (ustack_mode && do_trace &&
	    (((nr == NR_EXIT || nr == NR_EXIT_GROUP) && (status_mask & ST_UNFINISHED)) ||
	     nr == NR_EXECVE || nr == NR_EXECVEAT))
		emit_ustack(now, now, ustack_mode > 1 && nr != NR_EXECVE && nr != NR_EXECVEAT);
	if (nr == NR_EXIT || nr == NR_EXIT_GROUP) {
		st->flags &= ~TS_IN_CALL;
		/* not counted by -c: it has no latency, and strace -c skips it too */
		if ((status_mask & ST_UNFINISHED) && do_trace)
			emit_plain(st, 0, now, EVF_NORETURN);
		return 0;
	}
	if (!do_trace)
		return 0;
	if (nr == NR_EXECVE || nr == NR_EXECVEAT)
		emit_exec_entry(st, now);
	else if (in_set(entry_sel, nr))
		stash_entry_g(st, nr);
	return 0;
}

static __always_inline void exit_call(void *ctx, struct task_state *st, __s64 ret,
				      bool stacks, struct task_struct *t);

static __always_inline void exit_skipped(struct task_state *st, struct uregs *regs,
					 __s32 nr);

/* the raw front end's (unused in the per-syscall object) */
static __always_inline __attribute__((unused)) int on_exit(void *ctx, struct uregs *regs,
							   __s64 ret)
{
	struct task_struct *t = bpf_get_current_task_btf();
	struct task_state *st = state_of(t, false);

	if (inject_on && regs && (!st || !(st->flags & TS_IN_CALL))) {
		__s32 nr = regs->orig_ax;

		if (in_set(inj_notify_sel, nr) || in_set(inj_errno_sel, nr))
			exit_skipped(st, regs, nr);
	}
	if (!st)
		return 0;
	exit_call(ctx, st, ret, true, t);	/* -k: the stack at exit is the call's */
	/* sent while the thread was in the call (SIGCHLD during wait4):
	 * strace shows it after the call's line */
	if (st->ign_sig)
		flush_ignored(st);
	return 0;
}

/*
 * Does the thread die by SIGKILL on its way out of the call?  strace never
 * sees such a call return (ptrace reports no exit to a killed tracee) and
 * prints "<unfinished ...>) = ?".  kill -9, another thread's exit_group
 * or execve (they send SIGKILL to the others) do this.  A default-fatal
 * signal does too without ptrace (the kernel turns it into a group
 * SIGKILL as it is sent), but under strace the tracee still sees it
 * delivered, after the call's error: that case keeps its result (its
 * group_exit_code is the signal).
 */
static __always_inline __u8 killed(struct task_struct *t)
{
	__u64 k = (t->pending.signal.sig[0] >> (SIGKILL - 1)) & 1, code, a;

	if (k) {
		/* read, not walked: the verifier looks each pointer field
		 * walked from a trusted task up by name in the kernel's BTF,
		 * a linear scan that cost start-up 5 ms (docs/design.md,
		 * Loading) */
		code = BPF_CORE_READ(t, signal, group_exit_code) & 0x7f;
		a = code ^ SIGKILL;
		/* k = code == 0 || code == SIGKILL, without a branch: after
		 * this if, both sides then reach the rest of the exit with k
		 * unknown or 0, and the verifier walks it once, not once per
		 * value (the other side's 0 is within this side's range) */
		asm volatile("%[k] = %[c]; %[k] = -%[k]; %[k] |= %[c]; %[c] = %[a]; "
			     "%[c] = -%[c]; %[c] |= %[a]; %[k] &= %[c]; %[k] >>= 63; %[k] ^= 1"
			     : [k] "=&r"(k), [c] "+&r"(code) : [a] "r"(a));
	}
	_Static_assert(EVF_KILLED == 1 << 6, "killed() shifts its bit into EVF_KILLED");
	return k << 6;
}

/* Tail calls: the exit's captures (on_exit_cap, both front ends), and the
 * per-syscall front end's rt_sigreturn (on_sys_exit, below); strobe fills
 * the slots before it attaches anything */
#define TAIL_SIGRETURN 0
#define TAIL_EXIT_CAP 1
struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u32);
} tp_tail SEC(".maps") = {};

static __always_inline void exit_call(void *ctx, struct task_state *st, __s64 ret,
				      bool stacks, struct task_struct *t)
{
	struct ev_syscall *e;
	struct cap_rule *r;
	__u8 flags = 0;
	__u32 key;
	__u64 now, failed;

	if (!(st->flags & TS_IN_CALL))
		return;
	/* flags taken from bits, not set in branches: a branch that makes
	 * them a constant on each side had the verifier walk the rest of
	 * the exit once per combination (docs/design.md, Loading) */
	_Static_assert(TS_RESUMED == EVF_RESUMED, "the task's bit is the record's");
	flags = (st->flags & TS_RESUMED) | killed(t);	/* EVF_RESUMED, EVF_KILLED */
	st->flags &= ~(TS_IN_CALL | TS_RESUMED);
	/* a killed call is unfinished for -e status=, as strace's; without
	 * -e status= (status_mask, read-only, is all of them) the verifier
	 * skips it all, and does not split its walk on the result */
	if ((status_mask & ST_ALL) != ST_ALL &&
	    ((flags & EVF_KILLED) ? !(status_mask & ST_UNFINISHED) :
	     RET_IS_ERROR(ret) ? !(status_mask & ST_FAILED) :
	     !(status_mask & ST_SUCCESSFUL))) {
		/* execve's entry half is out: say it is not to be shown */
		if (do_trace && !(flags & EVF_RESUMED) &&
		    (st->nr == NR_EXECVE || st->nr == NR_EXECVEAT))
			emit_plain(st, ret, bpf_ktime_get_ns(), flags | EVF_EXIT | EVF_DROPPED);
		return;
	}
	now = bpf_ktime_get_ns();
	if (do_summary && !in_set(quiet_sel, st->nr))
		account(st->nr, RET_IS_ERROR(ret), now - st->ts);
	if (!do_trace)
		return;
	if (stacks && ustack_mode && !in_set(quiet_sel, st->nr))
		emit_ustack(st->ts, now, ustack_mode > 1);
	key = st->nr;
	r = bpf_map_lookup_elem(&caprules, &key);
	/* RET_IS_ERROR in bits, not branches: a branch would leave ret's
	 * range different on each side, and the verifier would walk what
	 * follows once per side */
	failed = ((__u64)ret >> 63) & (((__u64)(ret + 4095) >> 63) ^ 1);
	/* execve's exit half: its result; a failed one's path again too (a
	 * string literal in a page the program had not touched could not be
	 * read at entry, and the kernel has read it since: strace reads it
	 * at the exit; src/output/join.c takes it in place of a faulted one) */
	if (r && r->split && !(flags & EVF_RESUMED) && !failed)
		emit_plain(st, ret, now, flags | EVF_EXIT);
	else if (r && r->fast && str_max <= FAST_CAP && !fd_infos && !dumping &&
		 !(flags & EVF_RESUMED))
		emit_buf(st, r, ret, now, flags);
	else if (r && r->caps && !(flags & EVF_RESUMED) &&
		 (e = start_captured(st, ret, now, flags | (r->split & 1) * EVF_EXIT))) {
		bpf_tail_call(ctx, &tp_tail, TAIL_EXIT_CAP);	/* on_exit_cap: no return */
		/* not reached while the slot holds on_exit_cap */
		output_scratch(e, sizeof(*e), st, now);
	} else
		emit_plain(st, ret, now, flags);
	return;
}

/* The captures of a call exit_call started (start_captured), in a program
 * of its own that it tail-calls: the task's state and rule looked up again,
 * the record's fixed part waiting in the scratch map. */
static __always_inline int exit_cap(void)
{
	struct task_state *st = state_of(bpf_get_current_task_btf(), false);
	__u32 zero = 0, key;
	struct ev_syscall *e = bpf_map_lookup_elem(&scratch, &zero);
	struct cap_rule *r;

	if (!st || !e)
		return 0;
	key = st->nr;
	r = bpf_map_lookup_elem(&caprules, &key);
	if (r)
		finish_captured(e, st, r);
	if (st->ign_sig)
		flush_ignored(st);
	return 0;
}

#include "inject.bpf.inc"

/* rt_sigreturn takes no arguments; strace shows the signal mask it
 * restores.  The frame starts a word below the user sp at entry (the
 * restorer's return popped pretcode): ucontext, whose uc_sigmask is at 296
 * (flags 8, link 8, stack_t 24, sigcontext 256).  Its address goes in
 * argument 0, captured at exit like any struct the call leaves behind. */
#define NR_RT_SIGRETURN NR_rt_sigreturn
#define UC_SIGMASK_OFF 296


#ifndef PER_SYSCALL
/*
 * The raw pair runs for every call of every task: an unselected call
 * returns at entry before its arguments are read.
 */
SEC("tp_btf/sys_enter")
int BPF_PROG(on_sys_enter, struct uregs *regs, long id)
{
	__u64 x = id ^ NR_RT_SIGRETURN, m;

	if ((!selected(id) && !(inject_on && in_set(inj_notify_sel, id))) || stopped)
		return 0;
	/* One call of on_enter, not two (each inlined copy takes stack),
	 * and without a branch on rt_sigreturn: on the branch's side the
	 * verifier would know the number and the zeroed arguments as
	 * constants, and walk all of on_enter twice (300 instructions).
	 * m: all ones but for rt_sigreturn, where it is 0. */
	asm volatile("%[m] = %[x]; %[m] = -%[m]; %[m] |= %[x]; %[m] s>>= 63"
		     : [m] "=&r"(m) : [x] "r"(x));
	return on_enter(id, (regs->di & m) | ((regs->sp + UC_SIGMASK_OFF) & ~m), regs->si & m,
			regs->dx & m, regs->r10 & m, regs->r8 & m, regs->r9 & m);
}

SEC("tp_btf/sys_exit")
int BPF_PROG(on_sys_exit, struct uregs *regs, long ret)
{
	/* every exit, selected or not: a signal the thread ignores, sent
	 * during the call, is shown at its exit, where strace shows it */
	if (stopped)
		return 0;
	return on_exit(ctx, regs, ret);
}

SEC("tp_btf/sys_exit")
int BPF_PROG(on_exit_cap, struct uregs *regs, long ret)
{
	if (stopped)
		return 0;
	return exit_cap();
}

#else
/*
 * The per-syscall tracepoints syscalls:sys_{enter,exit}_NAME.  The kernel
 * refuses to attach a program that reads past the end of a tracepoint's
 * record (its max_ctx_offset, checked at PERF_EVENT_IOC_SET_BPF), and the
 * records are as long as the call has arguments: sys_enter_getpid's ends
 * after __syscall_nr.  So these programs read only __syscall_nr (and at
 * exit ret) from the record, and the arguments from the task's saved user
 * registers, as the raw tracepoint gets them.
 */
struct sc_enter_rec {
	__u64 common;
	__s32 nr;
};

struct sc_exit_rec {
	__u64 common;
	__s32 nr;
	__u32 pad;
	__s64 ret;
};

/*
 * rt_sigreturn restores the registers, orig_ax included (-1, so that the
 * interrupted call is not restarted twice), and the kernel finds a
 * per-syscall exit event by orig_ax: sys_exit_rt_sigreturn never fires.
 * Its result is the ax it restores, in the frame it reads (sigcontext's ax
 * is at 144 in the ucontext: 40 bytes of flags, link, stack_t, then r8-r15,
 * di, si, bp, bx, dx), so the call is completed at entry, with that.
 */
#define UC_AX_OFF 144

SEC("tracepoint")
int on_sys_enter(struct sc_enter_rec *ctx)
{
	struct uregs *r;
	__s32 nr;

	if (stopped)
		return 0;
	r = (struct uregs *)bpf_task_pt_regs(bpf_get_current_task_btf());
	nr = ctx->nr;
	if (!r)
		return 0;
	if (nr == NR_RT_SIGRETURN) {
		struct task_state *st = state_of_current(target_all);

		if (st) {
			st->flags |= TS_SIGRETURN;
			bpf_tail_call(ctx, &tp_tail, TAIL_SIGRETURN);	/* on_sys_exit */
		}
		return 0;
	}
	return on_enter(nr, r->di, r->si, r->dx, r->r10, r->r8, r->r9);
}

/*
 * on_sys_exit is also tail-called by on_sys_enter for rt_sigreturn: the
 * call's entry as on_enter records it, and its completion at once (-k's
 * stack is not taken for it on this path).
 */
SEC("tracepoint")
int on_sys_exit(struct sc_exit_rec *ctx)
{
	struct task_struct *t;
	struct task_state *st;
	struct uregs *r;
	bool sigret = true;
	__s64 ret;
	int i;

	if (stopped)
		return 0;
	t = bpf_get_current_task_btf();
	st = state_of(t, false);
	/* -e inject=: a call seccomp answered exits here without having
	 * entered (inject.bpf.inc); the injected calls are attached too */
	if (inject_on && (!st || !(st->flags & (TS_IN_CALL | TS_SIGRETURN))) &&
	    (in_set(inj_notify_sel, ctx->nr) || in_set(inj_errno_sel, ctx->nr))) {
		r = (struct uregs *)bpf_task_pt_regs(t);
		if (r)
			exit_skipped(st, r, ctx->nr);
	}
	if (!st)
		return 0;
	if (ctx->nr != NR_RT_SIGRETURN || !(st->flags & TS_SIGRETURN)) {
		ret = ctx->ret;
		sigret = false;
		goto done;
	}
	st->flags &= ~TS_SIGRETURN;
	r = (struct uregs *)bpf_task_pt_regs(t);
	if (!r)
		return 0;
	if (target_all) {
		if ((bpf_get_current_pid_tgid() >> 32) == self_tgid || outside_cgroup())
			return 0;
		st->flags |= TS_TRACED;
	}
	if (!(st->flags & TS_TRACED) || (st->flags & TS_PENDING_EXEC))
		return 0;
	if (st->ign_sig)
		flush_ignored(st);
	st->ts = bpf_ktime_get_ns();
	st->id = bpf_get_current_pid_tgid();
	st->nr = NR_RT_SIGRETURN;
	st->args[0] = r->sp + UC_SIGMASK_OFF;
	for (i = 1; i < 6; i++)
		st->args[i] = 0;
	st->flags = (st->flags & ~TS_RESUMED) | TS_IN_CALL;
	st->len_in = 0;
	st->stash_mask = 0;
	st->entry_n = 0;
	st->fdi_mask = 0;
	st->nl_proto = 0;
	ret = 0;
	bpf_probe_read_user(&ret, sizeof(ret), (void *)(r->sp + UC_AX_OFF));
done:
	/* one copy of exit_call: the verifier checks each copy */
	exit_call(ctx, st, ret, !sigret, t);
	if (st->ign_sig)
		flush_ignored(st);
	return 0;
}

SEC("tracepoint")
int on_exit_cap(struct sc_exit_rec *ctx)
{
	return exit_cap();
}

#endif /* PER_SYSCALL */

#include "events.bpf.inc"
#include "tasks.bpf.inc"
