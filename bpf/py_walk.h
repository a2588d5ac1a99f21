/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Walking a CPython thread's frame chain in BPF, at the moment of a sample
 * (so the Python frames and the native stack are one moment), without
 * stopping the thread: only reads, each of which may fail and ends the
 * walk.  Layouts come from user space (struct py_proc, per process).
 *
 * Which thread state is the sampled thread's: _PyRuntime's "current"
 * thread state (gilstate.tstate_current in 3.11) names only the thread
 * holding the GIL, so a sampled thread waiting for the GIL or blocked in
 * I/O with the GIL released would get another thread's frames.  Each
 * PyThreadState records thread_id = pthread_self() of its thread, which on
 * x86_64 glibc is the thread's TCB address, i.e. its fs base register: the
 * kernel keeps it in task->thread.fsbase.  So walk the interpreter's thread
 * list for the state whose thread_id is the sampled task's fs base, and
 * remember it per thread id (checked again at every use, one read).
 * Only the main interpreter's threads are looked at.
 */
#ifndef STROBE_PY_WALK_H
#define STROBE_PY_WALK_H

#include "python_event.h"

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, struct py_proc);
} pyprocs SEC(".maps");

/* The thread state last found for a thread id. */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 16384);
	__type(key, __u32);
	__type(value, __u64);
} pytstate SEC(".maps");

/*
 * The walk is two bpf_loop callbacks (the thread list, the frame chain), so
 * the verifier checks each step once instead of every unrolled iteration.
 * PY_WALKER(suffix, READ) defines them for one way of reading the target's
 * memory: bpf_probe_read_user for the current task (any program), or
 * bpf_copy_from_user_task for another (sleepable iterators only).
 */
struct py_walk_ctx {
	const struct py_proc *pp;
	struct py_frame *out;
	__u8 *win;
	__u32 *len;			/* bytes of frames written */
	struct task_struct *task;	/* whose memory, for remote reads */
	__u64 ptr;			/* thread state, or frame */
	__u64 fsbase;
	__u64 names[2];
	__u32 span;
};

#define PY_READ_LOCAL(c, dst, sz, src) bpf_probe_read_user(dst, sz, (const void *)(src))
#define PY_READ_TASK(c, dst, sz, src) \
	bpf_copy_from_user_task(dst, sz, (const void *)(src), (c)->task, 0)

#define PY_WALKER(SUFFIX, READ)							\
static __always_inline __u64 py_ptr##SUFFIX(struct py_walk_ctx *c, __u64 src)	\
{										\
	__u64 v = 0;								\
										\
	if (READ(c, &v, sizeof(v), src))					\
		return 0;							\
	return v;								\
}										\
										\
static long py_thread_step##SUFFIX(__u32 i, void *arg)				\
{										\
	struct py_walk_ctx *c = arg;						\
										\
	if (!c->ptr)								\
		return 1;							\
	if (py_ptr##SUFFIX(c, c->ptr + c->pp->tstate_thread_id) == c->fsbase)	\
		return 1;							\
	c->ptr = py_ptr##SUFFIX(c, c->ptr + c->pp->tstate_next);		\
	return 0;								\
}										\
										\
static long py_frame_step##SUFFIX(__u32 i, void *arg)				\
{										\
	struct py_walk_ctx *c = arg;						\
	const struct py_proc *pp = c->pp;					\
	struct py_frame *f = &c->out[i & (PY_MAX_FRAMES - 1)];			\
										\
	if (!c->ptr || i >= PY_MAX_FRAMES)					\
		return 1;							\
	if (READ(c, c->win, c->span & (PY_WINDOW - 1), c->ptr + pp->frame_win)) { \
		c->ptr = ~0ull;	/* unreadable: a failed walk */			\
		return 1;							\
	}									\
	f->code = *(__u64 *)(c->win + (pp->frame_code & (PY_WINDOW - 8)));	\
	f->code |= (__u64)c->win[pp->frame_flag & (PY_WINDOW - 1)] << PY_FLAG_SHIFT; \
	if (pp->instr_size == 4)						\
		f->instr = *(__u32 *)(c->win + (pp->frame_instr & (PY_WINDOW - 4))); \
	else									\
		f->instr = *(__u64 *)(c->win + (pp->frame_instr & (PY_WINDOW - 8))); \
	c->ptr = *(__u64 *)(c->win + (pp->frame_back & (PY_WINDOW - 8)));	\
	c->names[0] = c->names[1] = 0;						\
	READ(c, c->names, sizeof(c->names),					\
	     (f->code & PY_ADDR_MASK) + pp->code_names);			\
	f->sig = c->names[0] + 3 * c->names[1];					\
	/* the count goes through memory the verifier does not track, so	\
	 * it need not tell every count apart: the walk is checked once */	\
	*c->len = (i + 1) * sizeof(*f);						\
	return 0;								\
}										\
										\
/* The Python frames of the thread whose fs base is fsbase, innermost	\
 * first, into out[], *len bytes of them; sets *state.  win: PY_WINDOW bytes of scratch (a map value). */	\
static __always_inline void py_walk##SUFFIX(struct task_struct *task,		\
		__u64 fsbase, __u32 tgid, __u32 tid, struct py_frame *out,	\
		__u8 *win, __u32 *len, __u16 *state)				\
{										\
	struct py_proc *pp = bpf_map_lookup_elem(&pyprocs, &tgid);		\
	struct py_walk_ctx c = { .out = out, .win = win, .len = len, .task = task };	\
	__u64 *cached, interp, frame;						\
										\
	*state = PYS_NONE;							\
	*len = 0;								\
	if (!pp)								\
		return;							\
	c.pp = pp;								\
	c.fsbase = fsbase;							\
	*state = PYS_NO_TSTATE;							\
	cached = bpf_map_lookup_elem(&pytstate, &tid);				\
	if (cached && *cached &&						\
	    py_ptr##SUFFIX(&c, *cached + pp->tstate_thread_id) == c.fsbase) {	\
		c.ptr = *cached;						\
	} else {								\
		interp = py_ptr##SUFFIX(&c, pp->head);				\
		if (!interp)							\
			return;							\
		c.ptr = py_ptr##SUFFIX(&c, interp + pp->interp_tstate_head);	\
		bpf_loop(PY_MAX_THREADS, py_thread_step##SUFFIX, &c, 0);	\
		if (!c.ptr)							\
			return;							\
		bpf_map_update_elem(&pytstate, &tid, &c.ptr, BPF_ANY);		\
	}									\
	*state = PYS_READ_FAILED;						\
	frame = py_ptr##SUFFIX(&c, c.ptr + pp->tstate_frame);			\
	if (frame && pp->cframe_frame != 0xffff)				\
		frame = py_ptr##SUFFIX(&c, frame + pp->cframe_frame);		\
	c.ptr = frame;								\
	c.span = pp->frame_span;						\
	bpf_loop(PY_MAX_FRAMES, py_frame_step##SUFFIX, &c, 0);			\
	*state = c.ptr == ~0ull ? PYS_READ_FAILED : c.ptr ? PYS_TRUNCATED : PYS_OK; \
}

#endif
