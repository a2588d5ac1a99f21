/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The life of traced tasks: forks (-f follows them in the kernel), execs,
 * exits and signals, each as a record in the trace.  Included once, at the
 * end of syscalls.bpf.c.
 */
#ifndef STROBE_TASKS_H
#define STROBE_TASKS_H

static __always_inline void emit_signal(int sig, const void *info, bool kernel_ptr,
					__u64 now)
{
	struct ev_signal *e;

	if (!do_trace)
		return;
	/* -i, -k: where the thread is as it gets the signal */
	if (ustack_mode)
		emit_ustack(now, now, ustack_mode > 1);
	e = reserve(sizeof(*e));
	if (!e)
		return;
	fill_header(&e->h, EV_SIGNAL, sizeof(*e), now);
	e->sig = sig;
	e->pad = 0;
	__builtin_memset(e->info, 0, sizeof(e->info));
	if (kernel_ptr)
		bpf_probe_read_kernel(e->info, sizeof(e->info), info);
	else
		__builtin_memcpy(e->info, info, sizeof(e->info));
	submit(e, now);
}

SEC("tp_btf/sched_process_fork")
int BPF_PROG(on_fork, struct task_struct *parent, struct task_struct *child)
{
	struct task_state *pst, *cst;
	struct ev_fork *e;
	__u64 now;

	if (!follow_forks || target_all)
		return 0;
	pst = bpf_task_storage_get(&tstate, parent, 0, 0);
	if (!pst || !(pst->flags & TS_TRACED))
		return 0;
	/* created zeroed (the state is too big for an initial value on the
	 * stack); the child does not run before this tracepoint returns */
	cst = bpf_task_storage_get(&tstate, child, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!cst) {
		__sync_fetch_and_add(&follow_failed, 1);
		return 0;
	}
	cst->flags = TS_TRACED;
	__sync_fetch_and_add(&live, 1);
	if (!do_trace)
		return 0;
	now = bpf_ktime_get_ns();
	e = reserve(sizeof(*e));
	if (!e)
		return 0;
	fill_header(&e->h, EV_FORK, sizeof(*e), now);
	e->child_pid = BPF_CORE_READ(child, tgid);
	e->child_tid = BPF_CORE_READ(child, pid);
	bpf_probe_read_kernel_str(e->comm, sizeof(e->comm), child->comm);
	submit(e, now);
	return 0;
}

SEC("tp_btf/sched_process_exec")
int BPF_PROG(on_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	struct task_state *st = bpf_task_storage_get(&tstate, p, 0, 0);
	struct ev_exec *e;
	__u64 now;

	if (!st || !(st->flags & TS_TRACED))
		return 0;
	/* -b execve: a traced task's exec ends its tracing, except the
	 * launched command's own first one */
	if (detach_on_exec && !target_all && !(st->flags & TS_PENDING_EXEC)) {
		bpf_task_storage_delete(&tstate, p);
		now = bpf_ktime_get_ns();
		e = do_trace ? reserve(sizeof(struct ev_header)) : NULL;
		if (e) {
			fill_header(&e->h, EV_DETACH, sizeof(struct ev_header), now);
			submit(e, now);
		}
		__sync_fetch_and_add(&live, -1);
		return 0;
	}
	st->flags &= ~TS_PENDING_EXEC;
	if (!do_trace)
		return 0;
	/* the new command name, for reports and exports of recordings */
	now = bpf_ktime_get_ns();
	e = reserve(sizeof(*e));
	if (!e)
		return 0;
	fill_header(&e->h, EV_EXEC, sizeof(*e), now);
	bpf_probe_read_kernel_str(e->comm, sizeof(e->comm), p->comm);
	submit(e, now);
	return 0;
}

SEC("tp_btf/sched_process_exit")
int BPF_PROG(on_task_exit, struct task_struct *p, bool group_dead)
{
	struct task_state *st = bpf_task_storage_get(&tstate, p, 0, 0);
	struct ev_exit *e;
	__u32 flags;
	__s32 code;
	__u64 now;

	if (!st || !(st->flags & TS_TRACED))
		return 0;
	flags = st->flags;
	code = BPF_CORE_READ(p, exit_code);
	now = bpf_ktime_get_ns();
	if (!(flags & TS_PENDING_EXEC)) {
		/* killed by a signal that never passed signal_deliver */
		if (st->ign_sig)
			flush_ignored(st);
		if (st->sent_sig && (code & 0x7f) == st->sent_sig)
			emit_signal(st->sent_sig, st->sent_info, false, now);
		e = do_trace ? reserve(sizeof(*e)) : NULL;
		if (e) {
			fill_header(&e->h, EV_EXIT, sizeof(*e), now);
			e->code = code;
			e->group_dead = group_dead;
			submit(e, now);
		}
	}
	bpf_task_storage_delete(&tstate, p);
	/* after the exit record is in: user space stops when this reaches 0 */
	if (!target_all)
		__sync_fetch_and_add(&live, -1);
	return 0;
}

SEC("tp_btf/signal_generate")
int BPF_PROG(on_signal_generate, int sig, struct kernel_siginfo *info,
	     struct task_struct *task, int group, int result)
{
	struct task_state *st;
	__u8 *buf;
	__u32 *w;

	/* 0: TRACE_SIGNAL_DELIVERED, 1: TRACE_SIGNAL_IGNORED */
	if ((result != 0 && result != 1) || sig == SIGKILL)
		return 0;
	st = bpf_task_storage_get(&tstate, task, 0, 0);
	if (!st || !(st->flags & TS_TRACED))
		return 0;
	if (result == 1) {
		/* strace sees one of two alike while the first is pending */
		if (st->ign_sig == sig)
			return 0;
		st->ign_sig = sig;
		buf = st->ign_info;
	} else {
		st->sent_sig = sig;
		buf = st->sent_info;
	}
	__builtin_memset(buf, 0, 48);
	w = (__u32 *)buf;
	if ((unsigned long)info > 4096) {
		bpf_probe_read_kernel(buf, 48, info);
	} else {
		/* SEND_SIG_NOINFO (0): from user space, SI_USER by the sender;
		 * SEND_SIG_PRIV (1): from the kernel, SI_KERNEL */
		w[0] = sig;
		if ((unsigned long)info == 1) {
			w[2] = 0x80;
		} else {
			w[4] = bpf_get_current_pid_tgid() >> 32;
			w[5] = (__u32)bpf_get_current_uid_gid();
		}
	}
	return 0;
}

SEC("tp_btf/signal_deliver")
int BPF_PROG(on_signal, int sig, struct kernel_siginfo *info, struct k_sigaction *ka)
{
	struct task_state *st = state_of_current(false);

	/* A fatal SIGKILL is reported by the exit record, as strace does. */
	if (!st || !(st->flags & TS_TRACED) || sig == SIGKILL ||
	    (st->flags & TS_PENDING_EXEC))
		return 0;
	if (st->sent_sig == sig)
		st->sent_sig = 0;
	/* at delivery the kernel has filled in a real siginfo */
	emit_signal(sig, info, true, bpf_ktime_get_ns());
	return 0;
}

#endif
