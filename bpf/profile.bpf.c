// SPDX-License-Identifier: GPL-2.0
/*
 * strobe profile, kernel side.
 *
 * on_sample runs at every cpu-clock tick of every CPU.  For a target thread
 * it records the kernel stack, the user stack as far as frame pointers go,
 * the user registers and a copy of the top of the user stack, so that user
 * space can unwind with DWARF CFI code built without frame pointers.
 * on_switch does the same when a target thread blocks, and a short record
 * with the time it stayed off the CPU when it runs again.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "profile_event.h"
#include "py_walk.bpf.inc"

PY_WALKER(_local, PY_READ_LOCAL)

#define EEXIST 17
#define ENOMEM 12

char LICENSE[] SEC("license") = "GPL";

const volatile __u32 self_tgid = 0;
const volatile __u8 target_all = 0;
const volatile __u32 stack_bytes = 8192;	/* user stack copy, 0: none */
const volatile __u64 min_block_ns = 1000;
const volatile __u8 want_user = 1;
const volatile __u8 want_kernel = 1;
const volatile __u8 aggregate = 0;	/* --call-graph=fp: count by stack here */
const volatile __u8 want_python = 1;	/* Python frames where pyprocs says how */
const volatile __u8 want_gil = 0;	/* --gil: only threads holding a GIL */
const volatile __u8 per_thread = 0;	/* --per-thread: count by thread too */

__u64 lost_total = 0;
__u64 vma_failed = 0;
__u8 dump_mark_blocked = 0;	/* the task iterator starts off-CPU timing */
__u64 stacks_dropped = 0;	/* aggregating: the stack map was full */	/* bpf_find_vma could not say where the stack ends */
__u64 gil_cpu_left = 0;		/* --gil: samples of threads without a GIL */
__u64 gil_off_left = 0;		/* ...and blocks */

#define PY_BYTES (PY_MAX_FRAMES * sizeof(struct py_frame))

struct scratch {
	struct prof_sample s;
	__u8 data[2 * PROF_MAX_FRAMES * 8 + PROF_STACK_MAX + PY_BYTES];
	/* not sent: where the Python walk puts its frames and reads */
	struct py_frame py[PY_MAX_FRAMES];
	__u8 win[PY_WINDOW];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} scratch SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} lostc SEC(".maps");

/*
 * The Python walk of the current thread, appended at off to this CPU's
 * scratch record; returns the bytes added.  A global function: the
 * verifier checks it once, with unknown arguments, instead of once per
 * path through each program that reaches it (inlined, it tripled the
 * programs' verification time, and start-up took 0.2 s more).
 */
__noinline int py_walk_g(__u32 tgid, __u32 tid, __u64 fsbase, __u64 off)
{
	__u32 zero = 0;
	__u64 len;	/* 64-bit: no zero-extended copy for clang to check instead */
	struct scratch *sc = bpf_map_lookup_elem(&scratch, &zero);

	if (!sc)
		return 0;
	py_walk_local(NULL, fsbase, tgid, tid, sc->py, sc->win, &sc->s.py_len, &sc->s.py_state);
	/* the frames go after what the record holds so far */
	len = sc->s.py_len;
	sc->s.py_len = 0;
	if (off > 2 * PROF_MAX_FRAMES * 8 + PROF_STACK_MAX || !len)
		return 0;
	/* clamped where the verifier sees it (clang checks copies) */
	asm volatile("" : "+r"(off));
	if (off > 2 * PROF_MAX_FRAMES * 8 + PROF_STACK_MAX)
		off = 2 * PROF_MAX_FRAMES * 8 + PROF_STACK_MAX;
	asm volatile("" : "+r"(len));
	if (len > PY_BYTES)
		len = PY_BYTES;
	if (bpf_probe_read_kernel(sc->data + off, len, sc->py))
		return 0;
	sc->s.py_len = len;
	return len;
}

/*
 * --gil: whether the current thread holds its process's GIL.  A global
 * function, called only when want_gil (read-only data) is set: without
 * --gil the call is dead code, and the verifier does not check a global
 * function no live code calls.
 */
__noinline int py_gil_g(__u32 tgid, __u32 tid, __u64 fsbase)
{
	return py_gil_local(NULL, fsbase, tgid, tid);
}

/* Processes to profile (tgid); children of a target join at fork. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, __u8);
} targets SEC(".maps");

/* When each blocked target thread went off the CPU. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__type(key, __u32);
	__type(value, __u64);
} blocked SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_STACK_TRACE);
	__uint(max_entries, 16384);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, PROF_MAX_FRAMES * sizeof(__u64));
} stackmap SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__type(key, struct prof_count_key);
	__type(value, __u64);
} counts SEC(".maps");

/* Process images already announced to user space (pid and name). */
struct seen_key {
	__u32 pid;
	char comm[16];
};

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 16384);
	__type(key, struct seen_key);
	__type(value, __u8);
} seen SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 8 << 20);
} rb SEC(".maps");

#include "cgroup_sel.h"

/* tgid is the current task's (every caller's): --cgroup tests its cgroup */
static __always_inline bool is_target(__u32 tgid)
{
	if (!tgid || tgid == self_tgid || outside_cgroup())
		return false;
	return target_all || bpf_map_lookup_elem(&targets, &tgid);
}

struct vma_ctx {
	__u64 end;
};

static long vma_end(struct task_struct *task, struct vm_area_struct *vma, void *data)
{
	((struct vma_ctx *)data)->end = vma->vm_end;
	return 0;
}

static __always_inline void fill_regs(struct prof_sample *s, struct pt_regs *r)
{
	s->regs[PR_RAX] = r->ax;
	s->regs[PR_RDX] = r->dx;
	s->regs[PR_RCX] = r->cx;
	s->regs[PR_RBX] = r->bx;
	s->regs[PR_RSI] = r->si;
	s->regs[PR_RDI] = r->di;
	s->regs[PR_RBP] = r->bp;
	s->regs[PR_RSP] = r->sp;
	s->regs[PR_R8] = r->r8;
	s->regs[PR_R9] = r->r9;
	s->regs[PR_R10] = r->r10;
	s->regs[PR_R11] = r->r11;
	s->regs[PR_R12] = r->r12;
	s->regs[PR_R13] = r->r13;
	s->regs[PR_R14] = r->r14;
	s->regs[PR_R15] = r->r15;
	s->regs[PR_RIP] = r->ip;
}

static __always_inline void count_lost(void)
{
	__u32 zero = 0;
	__u64 *n = bpf_map_lookup_elem(&lostc, &zero);

	if (n)
		(*n)++;
	__sync_fetch_and_add(&lost_total, 1);
}

static __always_inline __u32 take_lost(void)
{
	__u32 zero = 0;
	__u64 *n = bpf_map_lookup_elem(&lostc, &zero);
	__u32 v = 0;

	if (n) {
		v = *n;
		*n = 0;
	}
	return v;
}

/* Fill the scratch record for the current task and send it. */
static __always_inline void emit_stacks(void *ctx, __u16 kind, __u64 id)
{
	struct task_struct *task = bpf_get_current_task_btf();
	__u32 zero = 0;
	struct scratch *sc = bpf_map_lookup_elem(&scratch, &zero);
	struct prof_sample *s;
	long n;
	__u32 off = 0, len;
	__u64 total;

	if (!sc)
		return;
	s = &sc->s;
	s->ts = bpf_ktime_get_ns();
	s->weight = 0;
	s->pid = id >> 32;
	s->tid = (__u32)id;
	s->cpu = bpf_get_smp_processor_id();
	s->kind = kind;
	s->user = 0;
	s->kstack_len = s->ustack_len = s->stack_len = s->py_len = 0;
	s->py_state = 0;
	bpf_get_current_comm(s->comm, sizeof(s->comm));
	if (want_kernel) {
		n = bpf_get_stack(ctx, sc->data, PROF_MAX_FRAMES * 8, 0);
		if (n > 0) {
			s->kstack_len = n;
			off = n;
		}
	}
	if (want_user && task->mm) {
		struct pt_regs *r = (struct pt_regs *)bpf_task_pt_regs(task);

		if (off > PROF_MAX_FRAMES * 8)
			off = PROF_MAX_FRAMES * 8;
		n = bpf_get_stack(ctx, sc->data + off, PROF_MAX_FRAMES * 8, BPF_F_USER_STACK);
		if (n > 0) {
			s->ustack_len = n;
			off += n;
		}
		if (r) {
			fill_regs(s, r);
			s->user = 1;
		}
		if (r && stack_bytes) {
			struct vma_ctx v = { 0 };
			__u64 sp = s->regs[PR_RSP];

			__u64 top = BPF_CORE_READ(task, mm, start_stack);

			len = stack_bytes;
			/* copy up to the top of the stack's mapping, not past it:
			 * the whole read fails if any page of it is missing */
			if (!bpf_find_vma(task, sp, vma_end, &v, 0)) {
				if (v.end > sp && v.end - sp < len)
					len = v.end - sp;
			} else {
				vma_failed++;
			}
			if (off > 2 * PROF_MAX_FRAMES * 8)
				off = 2 * PROF_MAX_FRAMES * 8;
			for (int i = 0; i < 5 && len; i++) {
				asm volatile("" : "+r"(len));
				if (len > PROF_STACK_MAX)
					len = PROF_STACK_MAX;
				if (!bpf_probe_read_user(sc->data + off, len, (void *)sp)) {
					s->stack_len = len;
					off += len;
					break;
				}
				/* A page was never touched: on the main thread the
				 * random gap above the auxiliary vector, which lies
				 * above start_stack; elsewhere, halve. */
				if (top > sp && top - sp < len)
					len = top - sp;
				else
					len /= 2;
			}
		}
	}
	if (want_python && want_user && task->mm) {
		/* a global function, checked once, not on every path here */
		len = py_walk_g(s->pid, s->tid, task->thread.fsbase, off);
		if (len <= PY_BYTES)
			off += len;
	}
	s->lost = take_lost();
	total = sizeof(*s) + (__u64)off;
	asm volatile("" : "+r"(total));
	if (total > __builtin_offsetof(struct scratch, py))
		total = __builtin_offsetof(struct scratch, py);
	asm volatile("" : "+r"(total));
	if (bpf_ringbuf_output(&rb, sc, total, BPF_RB_NO_WAKEUP)) {
		count_lost();
		s->lost = 0;
	}
}

/* Tell user space about a process image the first time it is seen here
 * (sk: its pid and name), so it reads the mappings in time. */
static __always_inline void announce(struct seen_key *sk, __u32 tid)
{
	struct prof_sample *s;
	__u8 yes = 1;

	if (bpf_map_lookup_elem(&seen, sk))
		return;
	bpf_map_update_elem(&seen, sk, &yes, BPF_ANY);
	s = bpf_ringbuf_reserve(&rb, sizeof(*s), 0);
	if (!s) {
		count_lost();
		return;
	}
	__builtin_memset(s, 0, sizeof(*s));
	s->ts = bpf_ktime_get_ns();
	s->pid = sk->pid;
	s->tid = tid;
	s->kind = PK_NEW;
	__builtin_memcpy(s->comm, sk->comm, sizeof(s->comm));
	bpf_ringbuf_submit(s, 0);
}

/* Frame pointers only: count the sample under its stacks, here; tell user
 * space about each new process image. */
static __always_inline void count_sample(struct bpf_perf_event_data *ctx, __u64 id)
{
	struct prof_count_key k = { .pid = id >> 32, .kstack = -1, .ustack = -1,
				    .tid = per_thread ? (__u32)id : 0 };
	struct seen_key sk = { .pid = id >> 32 };
	struct task_struct *task = bpf_get_current_task_btf();
	__u64 one = 1, *n;

	bpf_get_current_comm(k.comm, sizeof(k.comm));
	__builtin_memcpy(sk.comm, k.comm, sizeof(sk.comm));
	if (want_kernel)
		k.kstack = bpf_get_stackid(ctx, &stackmap, 0);
	if (want_user && task->mm)
		k.ustack = bpf_get_stackid(ctx, &stackmap, BPF_F_USER_STACK);
	if (k.kstack == -EEXIST || k.kstack == -ENOMEM || k.ustack == -EEXIST ||
	    k.ustack == -ENOMEM)
		__sync_fetch_and_add(&stacks_dropped, 1);
	n = bpf_map_lookup_elem(&counts, &k);
	if (n)
		__sync_fetch_and_add(n, 1);
	else if (bpf_map_update_elem(&counts, &k, &one, BPF_NOEXIST))
		__sync_fetch_and_add(&stacks_dropped, 1);
	announce(&sk, (__u32)id);
}

/* --gil: true (and counted) when the thread id does not hold a GIL.  A
 * process user space has not looked at for an interpreter yet (-a: one
 * that ran before strobe) is announced: no sample of it reaches user
 * space until it is found. */
static __always_inline bool gil_left(__u64 *count, __u64 id, __u64 fsbase)
{
	struct seen_key sk = { .pid = id >> 32 };

	if (py_gil_g(id >> 32, (__u32)id, fsbase))
		return false;
	__sync_fetch_and_add(count, 1);
	if (!bpf_map_lookup_elem(&pyprocs, &sk.pid)) {
		bpf_get_current_comm(sk.comm, sizeof(sk.comm));
		announce(&sk, (__u32)id);
	}
	return true;
}

SEC("perf_event")
int on_sample(struct bpf_perf_event_data *ctx)
{
	__u64 id = bpf_get_current_pid_tgid();

	if (!is_target(id >> 32))
		return 0;
	if (want_gil && gil_left(&gil_cpu_left, id, bpf_get_current_task_btf()->thread.fsbase))
		return 0;
	/* Python processes send their samples: the kernel's stack tables
	 * cannot key a sample by its Python frames */
	if (aggregate && !(want_python && bpf_map_lookup_elem(&pyprocs, &(__u32){ id >> 32 })))
		count_sample(ctx, id);
	else
		emit_stacks(ctx, PK_CPU, id);
	return 0;
}

/* sched_switch runs in prev's context: its stacks are where it blocks. */
SEC("tp_btf/sched_switch")
int BPF_PROG(on_switch, bool preempt, struct task_struct *prev, struct task_struct *next)
{
	__u64 id = bpf_get_current_pid_tgid(), now;
	__u32 tid = next->pid;
	__u64 *since;

	/* --gil: a block without the GIL is not recorded, so its wake-up
	 * (below) finds nothing to pair with either */
	if (!preempt && prev->__state && is_target(id >> 32) &&
	    !(want_gil && gil_left(&gil_off_left, id, prev->thread.fsbase))) {
		__u32 ptid = (__u32)id;

		now = bpf_ktime_get_ns();
		emit_stacks(ctx, PK_OFF, id);
		bpf_map_update_elem(&blocked, &ptid, &now, BPF_ANY);
	}
	since = bpf_map_lookup_elem(&blocked, &tid);
	if (since) {
		__u64 dur = bpf_ktime_get_ns() - *since;

		bpf_map_delete_elem(&blocked, &tid);
		if (dur >= min_block_ns) {
			struct prof_sample *s = bpf_ringbuf_reserve(&rb, sizeof(*s), 0);

			if (!s) {
				count_lost();
				return 0;
			}
			__builtin_memset(s, 0, sizeof(*s));
			s->ts = bpf_ktime_get_ns();
			s->weight = dur;
			s->pid = next->tgid;
			s->tid = tid;
			s->cpu = bpf_get_smp_processor_id();
			s->kind = PK_ON;
			s->lost = take_lost();
			bpf_ringbuf_submit(s, BPF_RB_NO_WAKEUP);
		}
	}
	return 0;
}

/* A target's new process is a target too (perf's inherit); a Python
 * process's fork has its parent's interpreter where the parent has it. */
SEC("tp_btf/sched_process_fork")
int BPF_PROG(on_fork, struct task_struct *parent, struct task_struct *child)
{
	__u32 ptgid = parent->tgid, ctgid = child->tgid;
	struct py_proc *pp;
	__u8 one = 1;

	if (ptgid == ctgid)
		return 0;
	if (!target_all && bpf_map_lookup_elem(&targets, &ptgid))
		bpf_map_update_elem(&targets, &ctgid, &one, BPF_ANY);
	pp = want_python ? bpf_map_lookup_elem(&pyprocs, &ptgid) : NULL;
	if (pp)
		bpf_map_update_elem(&pyprocs, &ctgid, pp, BPF_ANY);
	return 0;
}

/* A target's new image: forget its interpreter, and wake user space now to
 * look for one, before the program's own code runs. */
SEC("tp_btf/sched_process_exec")
int BPF_PROG(prof_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	__u64 id = bpf_get_current_pid_tgid();
	__u32 tgid = id >> 32;
	struct prof_sample *s;

	if (!want_python || !is_target(tgid))
		return 0;
	bpf_map_delete_elem(&pyprocs, &tgid);
	s = bpf_ringbuf_reserve(&rb, sizeof(*s), 0);
	if (!s) {
		count_lost();
		return 0;
	}
	__builtin_memset(s, 0, sizeof(*s));
	s->ts = bpf_ktime_get_ns();
	s->pid = tgid;
	s->tid = (__u32)id;
	s->kind = PK_EXEC;
	bpf_get_current_comm(s->comm, sizeof(s->comm));
	bpf_ringbuf_submit(s, BPF_RB_FORCE_WAKEUP);
	return 0;
}

#include "profile_dump.bpf.inc"
