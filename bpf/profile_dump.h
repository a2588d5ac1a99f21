/* SPDX-License-Identifier: GPL-2.0 */
/*
 * strobe profile --dump: one snapshot of every thread of a process, from a
 * sleepable task iterator, so threads that are blocked (most, in a dump)
 * are seen without being woken or stopped: each thread's kernel stack, its
 * user registers (saved at its last entry to the kernel), a copy of its
 * user stack read from its address space, and its Python frames.  A thread
 * running on another CPU at that moment is caught where it last entered
 * the kernel.  Included by profile.bpf.c (one skeleton).
 */
#ifndef STROBE_PROFILE_DUMP_H
#define STROBE_PROFILE_DUMP_H

PY_WALKER(_task, PY_READ_TASK)

SEC("iter.s/task")
int dump_task(struct bpf_iter__task *ctx)
{
	struct task_struct *task = ctx->task;
	__u32 zero = 0;
	struct scratch *sc;
	struct prof_sample *s;
	struct pt_regs *r;
	__u32 off = 0, len;
	long n;

	if (!task || !task->mm || (task->flags & 0x00200000 /* PF_KTHREAD */))
		return 0;
	sc = bpf_map_lookup_elem(&scratch, &zero);
	if (!sc)
		return 0;
	s = &sc->s;
	__builtin_memset(s, 0, sizeof(*s));
	s->ts = bpf_ktime_get_ns();
	s->pid = task->tgid;
	s->tid = task->pid;
	s->kind = PK_DUMP;
	/* weight: the scheduler state, and whether it is on a CPU now */
	s->weight = task->__state | (__u64)task->on_cpu << 32;
	__builtin_memcpy(s->comm, task->comm, sizeof(s->comm));
	if (want_python)	/* first: fewer paths for the verifier to check it on */
		py_walk_task(task, task->thread.fsbase, s->pid, s->tid, sc->py, sc->win, &s->py_len, &s->py_state);
	n = bpf_get_task_stack(task, sc->data, PROF_MAX_FRAMES * 8, 0);
	if (n > 0) {
		s->kstack_len = n;
		off = n;
	}
	r = (struct pt_regs *)bpf_task_pt_regs(task);
	if (r) {
		__u64 sp;

		fill_regs(s, r);
		s->user = 1;
		sp = s->regs[PR_RSP];
		len = stack_bytes;
		if (off > PROF_MAX_FRAMES * 8)
			off = PROF_MAX_FRAMES * 8;
		/* copy_from_user_task faults pages in, but fails whole past
		 * the stack's end: shorten until it fits */
		for (int i = 0; i < 6 && len; i++) {
			asm volatile("" : "+r"(len));
			if (len > PROF_STACK_MAX)
				len = PROF_STACK_MAX;
			if (!bpf_copy_from_user_task(sc->data + off, len, (void *)sp, task, 0)) {
				s->stack_len = len;
				off += len;
				break;
			}
			len /= 2;
		}
	}
	if (want_python) {
		if (off > 2 * PROF_MAX_FRAMES * 8 + PROF_STACK_MAX)
			off = 2 * PROF_MAX_FRAMES * 8 + PROF_STACK_MAX;
		len = s->py_len;
		s->py_len = 0;
		if (len > PY_BYTES)
			len = PY_BYTES;
		if (len && !bpf_probe_read_kernel(sc->data + off, len, sc->py)) {
			s->py_len = len;
			off += len;
		}
	}
	len = sizeof(*s) + off;
	asm volatile("" : "+r"(len));
	if (len > __builtin_offsetof(struct scratch, py))
		len = __builtin_offsetof(struct scratch, py);
	if (bpf_ringbuf_output(&rb, sc, len, 0))
		count_lost();
	return 0;
}

#endif
