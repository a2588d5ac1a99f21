/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -i and -k: each call's user registers and, with -k, a copy of the top of
 * its user stack, sent just before the call's record (struct ev_ustack).
 * User space unwinds the copy with the binaries' CFI, so code built without
 * frame pointers unwinds too, as in the profiler.
 *
 * Symbolising needs the process's mappings, and a short process is gone
 * before user space could read /proc/PID/maps; so with -k the kernel side
 * sends them itself (struct ev_maps), walking the process's VMAs with the
 * task_vma iterator, whenever its executable mappings changed since the
 * last time (a new process, an exec, a dlopen).  A recording then holds
 * everything report needs.
 *
 * Included once, from syscalls.bpf.c, after capture.h.
 */
#ifndef STROBE_USTACK_H
#define STROBE_USTACK_H

const volatile __u8 ustack_mode = 0;	/* 1: registers (-i), 2: and the stack (-k) */
const volatile __u32 ustack_bytes = 8192;	/* user stack copied per call */

__u64 ustack_short = 0;		/* stacks copied short, or not at all */
__u64 maps_failed = 0;		/* mapping snapshots not taken (retried at the next call) */
__u64 maps_trunc = 0;		/* snapshots with more mappings than a record holds */

struct ustack_buf {
	struct ev_ustack e;
	__u8 stack[USTACK_MAX];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ustack_buf);
} ustack_scratch SEC(".maps");

#define MAPS_BUF 28672		/* a mappings record, at most (a per-CPU value holds 32K) */
#define VMA_PATH_MAX 1024	/* path bytes of one mapping, at most */
#define NAME_MAX_B 256

struct maps_buf {
	__u32 off;		/* where the next entry goes in b */
	__u32 n;
	__u32 full;
	__u32 plen;		/* path bytes of the entry being written */
	__u64 dentry, mnt;	/* where the path walk is */
	__u8 b[MAPS_BUF + VMA_PATH_MAX + NAME_MAX_B + 64];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct maps_buf);
} maps_scratch SEC(".maps");

/* What the mappings were last sent as, per process: its mm and how much
 * executable memory it maps (any library mapped or unmapped changes it). */
struct maps_sig {
	__u64 mm;
	__u64 exec_vm;
};

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 16384);
	__type(key, __u32);
	__type(value, struct maps_sig);
} maps_seen SEC(".maps");

extern int bpf_iter_task_vma_new(struct bpf_iter_task_vma *it, struct task_struct *task,
				 __u64 addr) __weak __ksym;
extern struct vm_area_struct *bpf_iter_task_vma_next(struct bpf_iter_task_vma *it) __weak __ksym;
extern void bpf_iter_task_vma_destroy(struct bpf_iter_task_vma *it) __weak __ksym;

extern int bpf_iter_num_new(struct bpf_iter_num *it, int start, int end) __weak __ksym;
extern int *bpf_iter_num_next(struct bpf_iter_num *it) __weak __ksym;
extern void bpf_iter_num_destroy(struct bpf_iter_num *it) __weak __ksym;

/*
 * One step of a path walk, from the file up through the mounts: a name
 * written at mb->b[base + mb->plen], or a mount crossed; 1 at the root.
 * Open-coded loops (not callbacks: the light skeleton's loader holds 32
 * programs and functions in all), with what changes kept in the map, so
 * that the verifier sees every turn alike.
 */
static __always_inline int path_step(struct maps_buf *mb, __u32 base)
{
	struct dentry *d = (struct dentry *)mb->dentry, *parent;
	struct mount *m = (struct mount *)mb->mnt;
	const unsigned char *name;
	__u32 p = mb->plen;
	long n;

	if (d == BPF_CORE_READ(m, mnt.mnt_root)) {
		/* the top of this mount: go on from where it is mounted */
		struct mount *pm = BPF_CORE_READ(m, mnt_parent);

		if (pm == m)
			return 1;
		mb->dentry = (__u64)BPF_CORE_READ(m, mnt_mountpoint);
		mb->mnt = (__u64)pm;
		return 0;
	}
	parent = BPF_CORE_READ(d, d_parent);
	if (parent == d || base >= MAPS_BUF || p > VMA_PATH_MAX)
		return 1;
	name = BPF_CORE_READ(d, d_name.name);
	n = bpf_probe_read_kernel_str(&mb->b[base + p], NAME_MAX_B, name);
	if (n <= 0)
		return 1;
	mb->plen = p + (n & (NAME_MAX_B * 2 - 1));
	mb->dentry = (__u64)parent;
	return 0;
}

static __always_inline void put_vma(struct maps_buf *mb, struct vm_area_struct *vma, __u64 vdso)
{
	struct file *f = BPF_CORE_READ(vma, vm_file);
	__u64 start = BPF_CORE_READ(vma, vm_start);
	__u32 off = mb->off;
	struct ev_vma *v;

	if (!f && start != vdso)
		return;
	if (off >= MAPS_BUF - VMA_PATH_MAX - NAME_MAX_B - sizeof(*v)) {
		mb->full = 1;
		return;
	}
	v = (void *)&mb->b[off];
	v->start = start;
	v->end = BPF_CORE_READ(vma, vm_end);
	v->pgoff = (__u64)BPF_CORE_READ(vma, vm_pgoff) << 12;
	v->flags = BPF_CORE_READ(vma, vm_flags) & (VMA_READ | VMA_WRITE | VMA_EXEC | VMA_SHARED);
	v->ino = 0;
	v->dev = 0;
	v->len = 0;
	if (f) {
		struct vfsmount *vm = BPF_CORE_READ(f, f_path.mnt);
		struct bpf_iter_num it;

		v->ino = BPF_CORE_READ(f, f_inode, i_ino);
		v->dev = BPF_CORE_READ(f, f_inode, i_sb, s_dev);
		mb->plen = 0;
		mb->dentry = (__u64)BPF_CORE_READ(f, f_path.dentry);
		mb->mnt = (__u64)((void *)vm - bpf_core_field_offset(struct mount, mnt));
		bpf_iter_num_new(&it, 0, 64);
		while (bpf_iter_num_next(&it))
			if (path_step(mb, off + sizeof(*v)))
				break;
		bpf_iter_num_destroy(&it);
		v->len = mb->plen & (VMA_PATH_MAX * 2 - 1);
	} else {
		v->flags |= VMA_VDSO;
	}
	mb->off = (off + sizeof(*v) + v->len + 7) & ~7u;
	mb->n++;
}

/* Send the mappings of the current process; 0 if they went out. */
static __always_inline int emit_maps(struct task_struct *task, __u64 ts, __u64 now)
{
	struct bpf_iter_task_vma it;
	struct vm_area_struct *vma;
	struct maps_buf *mb;
	struct ev_maps *e;
	__u32 zero = 0, size;
	__u64 vdso;
	int err;

	mb = bpf_map_lookup_elem(&maps_scratch, &zero);
	if (!mb)
		return -1;
	vdso = (__u64)BPF_CORE_READ(task, mm, context.vdso);
	mb->off = sizeof(*e);
	mb->n = 0;
	mb->full = 0;
	/* fails when another thread holds the mmap lock: tried again later */
	err = bpf_iter_task_vma_new(&it, task, 0);
	while (!err && (vma = bpf_iter_task_vma_next(&it)))
		put_vma(mb, vma, vdso);
	bpf_iter_task_vma_destroy(&it);
	if (err)
		return -1;
	e = (void *)mb->b;
	e->n = mb->n;
	e->flags = mb->full ? MAPF_TRUNC : 0;
	if (mb->full)
		__sync_fetch_and_add(&maps_trunc, 1);
	size = mb->off;
	if (size > MAPS_BUF)
		return -1;
	fill_header(&e->h, EV_MAPS, size, ts);
	if (bpf_ringbuf_output(&rb, e, size, wake_flags(now))) {
		count_lost();
		return -1;
	}
	reset_pending();
	return 0;
}

static __always_inline void maybe_emit_maps(struct task_struct *task, __u64 ts, __u64 now)
{
	__u32 tgid = bpf_get_current_pid_tgid() >> 32;
	struct maps_sig sig, *old;

	sig.mm = (__u64)BPF_CORE_READ(task, mm);
	sig.exec_vm = BPF_CORE_READ(task, mm, exec_vm);
	old = bpf_map_lookup_elem(&maps_seen, &tgid);
	if (old && old->mm == sig.mm && old->exec_vm == sig.exec_vm)
		return;
	if (emit_maps(task, ts, now)) {
		__sync_fetch_and_add(&maps_failed, 1);
		return;
	}
	bpf_map_update_elem(&maps_seen, &tgid, &sig, BPF_ANY);
}

/* The end of the mapping holding addr (the stack), or 0. */
static __always_inline __u64 vma_end(struct task_struct *task, __u64 addr)
{
	struct bpf_iter_task_vma it;
	struct vm_area_struct *vma;
	__u64 end = 0;

	if (!bpf_iter_task_vma_new(&it, task, addr) && (vma = bpf_iter_task_vma_next(&it)) &&
	    BPF_CORE_READ(vma, vm_start) <= addr)
		end = BPF_CORE_READ(vma, vm_end);
	bpf_iter_task_vma_destroy(&it);
	return end;
}

/*
 * The record for the call that st describes, sent before it.  ts: the
 * call's entry time, as its record carries it.
 */
static __always_inline void emit_ustack(__u64 ts, __u64 now, bool with_stack)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct pt_regs *r = (struct pt_regs *)bpf_task_pt_regs(task);
	struct ustack_buf *ub;
	__u32 zero = 0, len = 0, size;
	__u16 flags = 0;

	ub = bpf_map_lookup_elem(&ustack_scratch, &zero);
	if (!ub || !r)
		return;
	/* an exiting thread's memory may be gone already: registers only */
	if (!BPF_CORE_READ(task, mm))
		with_stack = false;
	if (with_stack)
		maybe_emit_maps(task, ts, now);
	ub->e.regs[0] = r->ax;
	ub->e.regs[1] = r->dx;
	ub->e.regs[2] = r->cx;
	ub->e.regs[3] = r->bx;
	ub->e.regs[4] = r->si;
	ub->e.regs[5] = r->di;
	ub->e.regs[6] = r->bp;
	ub->e.regs[7] = r->sp;
	ub->e.regs[8] = r->r8;
	ub->e.regs[9] = r->r9;
	ub->e.regs[10] = r->r10;
	ub->e.regs[11] = r->r11;
	ub->e.regs[12] = r->r12;
	ub->e.regs[13] = r->r13;
	ub->e.regs[14] = r->r14;
	ub->e.regs[15] = r->r15;
	ub->e.regs[16] = r->ip;
	if (with_stack && ustack_bytes) {
		__u64 sp = r->sp, top = BPF_CORE_READ(task, mm, start_stack);
		__u64 end = vma_end(task, sp);
		__u32 want = ustack_bytes;

		/* up to the end of the stack's mapping, not past it: one
		 * missing page fails the whole read */
		if (end > sp && end - sp < want)
			want = end - sp;
		for (int i = 0; i < 5 && want; i++) {
			asm volatile("" : "+r"(want));
			if (want > USTACK_MAX)
				want = USTACK_MAX;
			if (!bpf_probe_read_user(ub->stack, want, (void *)sp)) {
				len = want;
				break;
			}
			/* a page never touched: on the main thread the gap
			 * above the auxiliary vector (no frames live above
			 * start_stack); elsewhere, halve */
			if (top > sp && top - sp < want) {
				want = top - sp;
			} else {
				want /= 2;
				flags |= USF_SHORT;
			}
		}
		if (!len)
			flags |= USF_NONE;
		if (flags)
			__sync_fetch_and_add(&ustack_short, 1);
	}
	ub->e.stack_len = len;
	ub->e.flags = flags;
	ub->e.pad = 0;
	size = (sizeof(ub->e) + len + 7) & ~7u;
	asm volatile("" : "+r"(size));
	if (size > sizeof(*ub))
		size = sizeof(*ub);
	fill_header(&ub->e.h, EV_USTACK, size, ts);
	if (bpf_ringbuf_output(&rb, ub, size, wake_flags(now)))
		count_lost();
	else
		reset_pending();
}

#endif
