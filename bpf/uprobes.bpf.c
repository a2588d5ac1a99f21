// SPDX-License-Identifier: GPL-2.0
/*
 * User-space probes, kernel side: uprobes, uretprobes and USDT markers
 * for --event, strobe ltrace and strobe sslsniff.
 *
 * One program pair serves every probe: the BPF cookie of the location
 * that fired indexes `descs`, which says what to read and what to emit.
 * The programs exist twice: *_multi for uprobe_multi links (loaded with
 * expected_attach_type BPF_TRACE_UPROBE_MULTI, which the build patches
 * into the light skeleton: Debian's libbpf 1.1 does not know the section
 * name), the others for perf event uprobes on kernels without them.
 *
 * Which processes: `targets` (tgid -> UT_*), children joining at fork
 * with -f; or every process but strobe with -a.  ltrace's meaning (calls
 * the program makes) is a check on the return address: it must lie in a
 * file of `callers`, found with bpf_find_vma and remembered per thread.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include "event.h"
#include "hist.h"
#include "uprobe_desc.h"

char LICENSE[] SEC("license") = "GPL";

const volatile __u32 self_tgid = 0;
const volatile __u8 target_all = 0;
const volatile __u8 follow_forks = 0;
const volatile __u8 emit_tasks = 0;	/* exit, fork and exec records (ltrace) */
const volatile __u8 stop_on_exec = 0;	/* SIGSTOP a traced process at exec (ltrace) */
const volatile __u32 str_max = 32;	/* bytes of a string or buffer, at most */
const volatile __u8 summary_by = 0;
const volatile __u64 wake_ns = 10000000;
const volatile __u64 wake_bytes = 1 << 20;

__u64 last_wake = 0;
__s64 live = 0;			/* traced processes alive */
__u64 frames_full = 0;		/* entries not kept: nested too deep */

#define UP_SCRATCH 32768
#define UP_CAP_LIMIT 16384	/* captures start below this */
#define UP_CAP_MAX 4096		/* bytes of one capture */

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 22);
} rb SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, UP_DESC_MAX);
	__type(key, __u32);
	__type(value, struct up_desc);
} descs SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, __u8);
} targets SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, struct up_caller);
	__type(value, struct up_caller_val);
} callers SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16384);
	__type(key, struct up_slot);
	__type(value, __u32);
} slots SEC(".maps");

struct uframe {
	__u64 ts, sp;
	__u64 fn;		/* the function's address (the entry's ip) */
	__u32 cookie;
	__u16 capfail;		/* arguments whose capture at entry faulted */
	__u16 checked;		/* the caller check was done at entry */
	__u64 args[6];
};

struct uthread {
	__u32 depth;
	__u32 pad;
	/* the last code range a return address was checked in, and for
	 * which address space: most calls come from the same place */
	__u64 mm, ok_start, ok_end, bad_start, bad_end;
	__u64 ok_bias, ok_ino;	/* the ok range's file: address - bias = vaddr */
	__u32 ok_dev, ok_lib;	/* ...and whether it is a library's */
	__u64 tgt_mm;		/* thread_targeted() said yes for this mm */
	struct uframe f[UP_FRAMES];
};

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct uthread);
} threads SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u8[UP_SCRATCH]);
} scratch SEC(".maps");

/* -c: counted exactly, as syscalls are (cookie for syscall number) */
#include "summary.bpf.inc"

struct lost_ctr {
	__u64 total;
	__u64 pending;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct lost_ctr);
} lostc SEC(".maps");

static __always_inline __u64 wake_flags(__u64 now)
{
	if (now - last_wake > wake_ns ||
	    bpf_ringbuf_query(&rb, BPF_RB_AVAIL_DATA) > wake_bytes) {
		last_wake = now;
		return BPF_RB_FORCE_WAKEUP;
	}
	return BPF_RB_NO_WAKEUP;
}

static __always_inline struct lost_ctr *lost_get(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&lostc, &zero);
}

/* lc: lost_get()'s (ustack.bpf.inc passes the one it looked up) */
static __always_inline void fill_header(struct ev_header *h, __u16 kind, __u32 size,
					__u64 ts, struct lost_ctr *lc)
{
	__u64 id = bpf_get_current_pid_tgid();

	h->ts = ts;
	h->pid = id >> 32;
	h->tid = (__u32)id;
	h->kind = kind;
	h->cpu = bpf_get_smp_processor_id();
	h->size = size;
	h->lost = lc ? lc->pending : 0;
	h->pad = 0;
}

static __always_inline void sent(bool ok)
{
	struct lost_ctr *lc = lost_get();

	if (!lc)
		return;
	if (ok) {
		lc->pending = 0;
	} else {
		lc->total++;
		lc->pending++;
	}
}

#include "cgroup_sel.h"

static __always_inline bool targeted(void)
{
	__u32 tgid = bpf_get_current_pid_tgid() >> 32;
	__u8 *st;

	if (tgid == self_tgid)
		return false;
	if (target_all)
		return !outside_cgroup();	/* --cgroup: -a inside a cgroup */
	st = bpf_map_lookup_elem(&targets, &tgid);
	return st && *st == UT_TRACED;
}

static __always_inline struct uthread *thread_get(bool create)
{
	return bpf_task_storage_get(&threads, bpf_get_current_task_btf(), 0,
				    create ? BPF_LOCAL_STORAGE_GET_F_CREATE : 0);
}

/* ltrace -w: the user stack at a call's entry (ustack_mode 2), with the
 * process's mappings, as the syscall program sends them for -k */
static __always_inline void count_lost(struct lost_ctr *lc)
{
	if (lc) {
		lc->total++;
		lc->pending++;
	}
}

static __always_inline void reset_pending(struct lost_ctr *lc)
{
	if (lc)
		lc->pending = 0;
}

static __always_inline void output(void *e, __u64 size, __u64 now, struct lost_ctr *lc)
{
	if (bpf_ringbuf_output(&rb, e, size, wake_flags(now)))
		count_lost(lc);
	else
		reset_pending(lc);
}

#include "ustack.bpf.inc"

/* Global: verified once, not in each of the entry programs. */
__noinline int ustack_g(__u64 ts, __u64 now)
{
	if (ustack_mode)
		emit_ustack(ts, now, ustack_mode == 2);
	return 0;
}

/* targeted() for a thread with storage: the answer is kept per address
 * space (a process leaves `targets` only when it dies, and enters it
 * fully only at an exec, which changes the mm), saving the hash lookup
 * on every call.  NULL: not targeted. */
static __always_inline struct uthread *thread_targeted(void)
{
	struct task_struct *task = bpf_get_current_task_btf();
	__u64 mm = (__u64)task->mm;
	struct uthread *t = bpf_task_storage_get(&threads, task, 0, 0);

	if (t && t->tgt_mm == mm)
		return t;
	if (!targeted())
		return NULL;
	t = bpf_task_storage_get(&threads, task, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (t)
		t->tgt_mm = mm;
	return t;
}

/* --- the caller check (ltrace) --- */

struct vma_ctx {
	__u64 ino, start, end, pgoff;
	__u32 dev;
};

static long vma_cb(struct task_struct *task, struct vm_area_struct *vma, void *data)
{
	struct vma_ctx *c = data;
	struct file *f = vma->vm_file;

	c->start = vma->vm_start;
	c->end = vma->vm_end;
	c->pgoff = vma->vm_pgoff;
	if (f) {
		c->ino = BPF_CORE_READ(f, f_inode, i_ino);
		c->dev = BPF_CORE_READ(f, f_inode, i_sb, s_dev);
	}
	return 0;
}

/*
 * The GOT slot a call site went through (0: not a form we know): `call
 * *slot(%rip)` (-fno-plt) just before ra, or `call stub` where the stub
 * is `[endbr64] [bnd] jmp *slot(%rip)` (.plt, .plt.sec, .plt.got).  A
 * call whose slot is another function's is not a call of this one: a
 * tail call inside the library (realloc(NULL, n) jumping to malloc), or
 * an alias at the same address (memcpy and memmove).  SLOT_DIRECT: `call
 * rel32` to the probed address: a call inside the function's own object
 * that no PLT takes (libc's own calls of its functions, which ltrace does
 * not see), or a call of the PLT stub the probe is on.
 */
#define SLOT_DIRECT 1
static __always_inline __u64 callsite_slot(__u64 ra, __u64 fn, bool *got)
{
	__u8 b[6], s[12];
	__s32 d;
	__u64 stub;
	int p = 0;

	if (bpf_probe_read_user(b, sizeof(b), (void *)(ra - 6)))
		return 0;
	if (b[0] == 0xff && b[1] == 0x15) {
		__builtin_memcpy(&d, &b[2], 4);
		*got = true;
		return ra + d;
	}
	if (b[1] != 0xe8)
		return 0;
	__builtin_memcpy(&d, &b[2], 4);
	stub = ra + d;
	/* the probed address itself (whose first byte now reads as the
	 * uprobe's int3): the function, or the PLT stub the probe is on */
	if (fn && stub == fn)
		return SLOT_DIRECT;
	if (bpf_probe_read_user(s, sizeof(s), (void *)stub))
		return 0;
	if (s[0] == 0xf3 && s[1] == 0x0f && s[2] == 0x1e && s[3] == 0xfa) {
		if (s[4] == 0xf2 && s[5] == 0xff && s[6] == 0x25)
			p = 5;
		else if (s[4] == 0xff && s[5] == 0x25)
			p = 4;
		else
			return 0;
	} else if (s[0] == 0xf2 && s[1] == 0xff && s[2] == 0x25) {
		p = 1;
	} else if (s[0] != 0xff || s[1] != 0x25) {
		return 0;
	}
	switch (p) {
	case 0: __builtin_memcpy(&d, &s[2], 4); break;
	case 1: __builtin_memcpy(&d, &s[3], 4); break;
	case 4: __builtin_memcpy(&d, &s[6], 4); break;
	default: __builtin_memcpy(&d, &s[7], 4); break;
	}
	return stub + p + 6 + d;
}

/*
 * Whether a return address lies in a file of `callers`, and whether its
 * call went through the slot of d's name, when that is known.  A library
 * calling a function of its own file: only through its PLT, as ltrace
 * sees calls (libz.so.1->deflateReset); its direct calls, its calls
 * through function pointers (libc's stdio tables) and through the GOT
 * (libc's malloc, kept interposable that way) do not count.
 */
static __always_inline bool caller_in(struct uthread *t, __u64 ra, const struct up_desc *d,
				      __u64 fn)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct vma_ctx c = {};
	struct up_caller key = {};
	struct up_caller_val *v;
	struct up_slot sk = {};
	__u64 mm = (__u64)task->mm, slot;
	bool got = false, own;
	__u32 *bound;

	if (t->mm == mm) {
		if (ra >= t->ok_start && ra < t->ok_end)
			goto in;
		if (ra >= t->bad_start && ra < t->bad_end)
			return false;
	} else {
		t->mm = mm;
		t->ok_start = t->ok_end = t->bad_start = t->bad_end = 0;
	}
	if (bpf_find_vma(task, ra, vma_cb, &c, 0) || !c.ino)
		return false;
	key.ino = c.ino;
	key.dev = c.dev;
	if (!(v = bpf_map_lookup_elem(&callers, &key))) {
		t->bad_start = c.start;
		t->bad_end = c.end;
		return false;
	}
	t->ok_start = c.start;
	t->ok_end = c.end;
	t->ok_bias = c.start - (c.pgoff << 12) - v->delta;
	t->ok_ino = c.ino;
	t->ok_dev = c.dev;
	t->ok_lib = v->lib;
in:
	if (!d->sym)
		return true;
	own = t->ok_lib && t->ok_ino == d->ino && t->ok_dev == d->dev;
	/* a call through a function pointer, or a tail jump from the
	 * program's code (`jmp memcpy@plt`): only the first alias takes it */
	if (!(slot = callsite_slot(ra, fn, &got)))
		return !d->strict && !own;
	/* a direct call: inside one object, unless the probe is on the
	 * program's PLT stub that the call went to (UDX_STUB) */
	if (slot == SLOT_DIRECT)
		return (d->xflags & UDX_STUB) && !d->strict;
	if (own && got)
		return false;
	sk.ino = t->ok_ino;
	sk.dev = t->ok_dev;
	sk.vaddr = slot - t->ok_bias;
	bound = bpf_map_lookup_elem(&slots, &sk);
	/* a slot of no name (libc's IFUNCs, IRELATIVE) or a GOT one: not
	 * one of its own PLT's */
	if (own && (!bound || (*bound & UP_SLOT_GOT)))
		return false;
	return bound ? (*bound & ~UP_SLOT_GOT) == (d->sym & ~UP_SLOT_GOT) : !d->strict;
}

/* At a function's entry the return address is at sp.  Reading it costs
 * more than the rest of the entry program (about 250 ns here), so where
 * nothing is emitted at entry the check waits for the return, where the
 * kernel has put the return address in the registers' ip. */
static __always_inline bool caller_ok(struct uthread *t, __u64 sp, const struct up_desc *d,
				      __u64 fn)
{
	__u64 ra = 0;

	if (bpf_probe_read_user(&ra, sizeof(ra), (void *)sp))
		return false;
	return caller_in(t, ra, d, fn);
}


/* --- captures --- */

/* Append one capture at `off` of the scratch record; returns its size. */
__noinline int cap_g(__u32 off, __u64 uptr, __u64 len, __u32 argstr)
{
	__u32 zero = 0, n, lim;
	__u8 *buf = bpf_map_lookup_elem(&scratch, &zero), *data;
	struct cap *c;
	long r;
	bool str = (argstr >> 8) & 1, cut = false;

	if (!buf || off >= UP_CAP_LIMIT)
		return 0;
	asm volatile("" : "+r"(off));
	off &= UP_CAP_LIMIT - 1;
	c = (struct cap *)(buf + off);
	data = buf + off + sizeof(*c);
	c->arg = argstr & 0xff;
	c->flags = 0;
	c->len = 0;
	if (len > str_max && !(argstr & 0x200)) {	/* 0x200: a value, whole */
		len = str_max;
		cut = true;	/* a buffer longer than -s: "..."... */
	}
	if (len > UP_CAP_MAX - 1)
		len = UP_CAP_MAX - 1;
	if (str) {
		lim = len + 1;
		asm volatile("" : "+r"(lim));
		lim &= UP_CAP_MAX - 1;
		r = bpf_probe_read_user_str(data, lim, (void *)uptr);
		if (r <= 0) {
			c->flags = CAP_FAULT;
			return CAP_SIZE(0);
		}
		n = r - 1;
		if (n >= len) {
			/* as much as -s shows: is there more? */
			char more = 0;

			bpf_probe_read_user(&more, 1, (void *)(uptr + len));
			if (more)
				c->flags = CAP_TRUNC;
			n = len;
		}
	} else {
		n = len;
		asm volatile("" : "+r"(n));
		n &= UP_CAP_MAX - 1;
		if (n && bpf_probe_read_user(data, n, (void *)uptr)) {
			c->flags = CAP_FAULT;
			return CAP_SIZE(0);
		}
		if (cut)
			c->flags = CAP_TRUNC;
	}
	c->len = n;
	return CAP_SIZE(n);
}

static __always_inline __u64 usdt_arg(struct pt_regs *ctx, const struct up_usdt_arg *a)
{
	__u64 v = 0, p = 0;
	int bytes = a->size < 0 ? -a->size : a->size, shift;

	switch (a->type) {
	case 0:	/* USDT_CONST */
		v = a->val;
		break;
	case 1:	/* USDT_REG */
		bpf_probe_read_kernel(&v, 8, (void *)ctx + (a->reg_off & 0xf8));
		break;
	default:	/* USDT_DEREF */
		bpf_probe_read_kernel(&p, 8, (void *)ctx + (a->reg_off & 0xf8));
		bytes &= 15;
		if (bytes < 1 || bytes > 8)
			bytes = 8;
		bpf_probe_read_user(&v, bytes, (void *)(p + a->val));
		break;
	}
	if (bytes >= 1 && bytes < 8) {
		shift = 64 - bytes * 8;
		v = a->size < 0 ? (__u64)((__s64)(v << shift) >> shift) : (v << shift) >> shift;
	}
	return v;
}

static __always_inline bool is_error(__u8 err, __s64 ret)
{
	switch (err) {
	case UE_NEG: return ret < 0;
	case UE_NULL: return ret == 0;
	case UE_NONZERO: return ret != 0;
	case UE_LE0: return ret <= 0;
	case UE_NEG1: return ret == -1;
	}
	return false;
}

/* What one hit gathered, for the global functions below. */
struct hit {
	__u64 args[UP_ARGS];
	__s64 ret;
	__u64 ts, dur, now;
	__u8 flags, depth;
	__u8 retry;		/* return: entry captures that faulted, again */
	__u8 pad;
	__u64 cino;		/* UDX_CALLER_ID at entry: the caller's file */
	__u32 cdev, pad2;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct hit);
} hits SEC(".maps");

/*
 * Build the record in scratch from this CPU's hit: header, then the
 * captures; send it.  Global, so the verifier checks it once and not in
 * each program for each path.
 */
__noinline int emit_g(__u32 cookie)
{
	__u32 zero = 0, off = sizeof(struct ev_uprobe);
	__u8 *buf = bpf_map_lookup_elem(&scratch, &zero);
	struct hit *x = bpf_map_lookup_elem(&hits, &zero);
	const struct up_desc *d = bpf_map_lookup_elem(&descs, &cookie);
	struct ev_uprobe *e;
	__u16 ncaps = 0;
	int i, failed = 0;

	if (!buf || !x || !d)
		return 0;
	e = (void *)buf;
	e->cookie = cookie;
	e->flags = x->flags;
	e->depth = x->depth;
	e->dur = x->dur;
	e->ret = x->ret;
	for (i = 0; i < UP_ARGS; i++)
		e->args[i] = x->args[i];
	for (i = 0; i < 6; i++) {
		__u8 k = d->cap[i];
		bool at_entry = k == UC_STR || k == UC_BUF_IN;
		bool str = k == UC_STR || k == UC_STR_OUT;
		__u64 len = 0, p = x->args[i];
		int sz;

		if (k == UC_NONE || !p)
			continue;
		/* what the entry reads goes in the entry record if there is
		 * one, else in the return's (sslsniff: SSL_write's buffer) */
		if (at_entry ? !(x->flags & UPF_ENTRY) && (d->flags & UD_EMIT_ENTRY) &&
			       !(x->retry & (1 << i))
			     : !(x->flags & UPF_RETURN))
			continue;
		if (k == UC_BUF_IN) {
			len = x->args[d->len_arg[i] & 7];
		} else if (k == UC_BUF_OUT) {
			if (x->ret <= 0)
				continue;
			len = x->ret;
		} else if (k == UC_BUF_OUT_PLEN) {
			if (bpf_probe_read_user(&len, sizeof(len),
						(void *)x->args[d->len_arg[i] & 7]))
				continue;
		} else if (k == UC_STR_OUT && x->ret < 0) {
			continue;
		}
		sz = cap_g(off, p, str ? 4096 : len, i | (str ? 0x100 : 0));
		/* a page the call has not touched yet: read it at return */
		if (sz == CAP_SIZE(0) && (x->flags & UPF_ENTRY))
			failed |= 1 << i;
		off += sz & 0x1fff;
		ncaps += sz > 0;
		/* the length itself (SSL_read_ex's *readbytes), whatever -s cut */
		if (k == UC_BUF_OUT_PLEN) {
			__u8 la = d->len_arg[i] & 7;

			sz = cap_g(off, x->args[la], 8, la | 0x200);
			off += sz & 0x1fff;
			ncaps += sz > 0;
		}
	}
	if ((x->flags & UPF_RETURN) && (d->flags & UD_RET_STR) && x->ret) {
		int sz = cap_g(off, x->ret, 4096, UP_CAP_RET | 0x100);

		off += sz & 0x1fff;
		ncaps += sz > 0;
	}
	if ((x->flags & UPF_ENTRY) && x->cino && off < UP_CAP_LIMIT) {
		__u32 o = off;
		struct cap *c;
		struct up_caller *who;

		asm volatile("" : "+r"(o));
		o &= UP_CAP_LIMIT - 1;
		c = (struct cap *)(buf + o);
		c->arg = UP_CAP_CALLER;
		c->flags = 0;
		c->len = sizeof(*who);
		who = (struct up_caller *)(buf + o + sizeof(*c));
		who->ino = x->cino;
		who->dev = x->cdev;
		who->pad = 0;
		off += CAP_SIZE(sizeof(*who));
		ncaps++;
	}
	e->ncaps = ncaps;
	fill_header(&e->h, EV_UPROBE, off, x->ts, lost_get());
	if (off > UP_SCRATCH)
		return 0;
	sent(!bpf_ringbuf_output(&rb, buf, off & (UP_SCRATCH - 1), wake_flags(x->now)));
	return failed;
}

/* A USDT marker's arguments, as its note describes them, into the hit. */
__noinline int usdt_args_g(struct pt_regs *ctx, __u32 cookie)
{
	__u32 zero = 0;
	struct hit *x = bpf_map_lookup_elem(&hits, &zero);
	const struct up_desc *d = bpf_map_lookup_elem(&descs, &cookie);

	if (!x || !d)
		return 0;
	for (int i = 0; i < UP_ARGS; i++)
		x->args[i] = i < d->nargs ? usdt_arg(ctx, &d->usdt[i]) : 0;
	return 0;
}

/* Frame i of a thread; the mask is applied on the very register used as
 * the index, where the verifier needs to see it. */
static __always_inline struct uframe *frame_at(struct uthread *t, __u32 i)
{
	asm volatile("" : "+r"(i));
	i &= UP_FRAMES - 1;
	return &t->f[i];
}

/*
 * A tail call from the traced function in the top frame (its `jmp
 * NAME@plt`): no return address tells where it came from, but the jump
 * was in that function's code.  ltrace sees it through the PLT of that
 * function's object (libz.so.1->compress2 inside compress), so it is
 * taken when that object is a caller file (UDX_IN_CALLER), and named
 * after it.  The first alias only, as a call site of unknown form.
 */
static __always_inline bool tail_from_caller(struct uthread *t, const struct up_desc *d,
					     __u64 *ino, __u32 *dev)
{
	const struct up_desc *od;
	__u32 c;

	if (d->strict || t->depth == 0 || t->depth > UP_FRAMES)
		return false;
	c = frame_at(t, t->depth - 1)->cookie;
	if (!(od = bpf_map_lookup_elem(&descs, &c)) || !(od->xflags & UDX_IN_CALLER))
		return false;
	*ino = od->ino;
	*dev = od->dev;
	return true;
}

/* Push a frame for the return to find; its index, or UP_FRAMES when
 * the thread is nested too deep.  A tail call (`tail`) shares its sp with
 * the frame it came from, which stays: both return at once. */
static __always_inline __u32 push_frame(struct uthread *t, __u64 sp, __u64 ts, __u32 cookie,
					__u64 fn, bool tail)
{
	__u32 i = t->depth;

	/* frames left by calls that never returned (longjmp) */
#pragma unroll
	for (int k = 0; k < 3; k++)
		if (i > 0 && i <= UP_FRAMES && frame_at(t, i - 1)->sp <= sp &&
		    !(tail && frame_at(t, i - 1)->sp == sp))
			i--;
	if (i < UP_FRAMES) {
		struct uframe *f = frame_at(t, i);

		f->ts = ts;
		f->sp = sp;
		f->fn = fn;
		f->cookie = cookie;
		f->capfail = 0;
		f->checked = tail;
		t->depth = i + 1;
	} else {
		__sync_fetch_and_add(&frames_full, 1);
	}
	return i;
}

static __always_inline int on_entry_body(struct pt_regs *ctx)
{
	__u32 cookie = bpf_get_attach_cookie(ctx), zero = 0;
	const struct up_desc *d;
	struct uthread *t = NULL;
	struct hit *x;
	__u64 sp = PT_REGS_SP(ctx), ip = PT_REGS_IP(ctx), ts, cino = 0;
	__u32 depth = 0, cdev = 0;
	bool tail = false;
	__u8 flags;

	if (!(d = bpf_map_lookup_elem(&descs, &cookie)))
		return 0;
	flags = d->flags;
	if (flags & (UD_CALLER | UD_PAIR)) {
		if (!(t = thread_targeted()))
			return 0;
		/* without an entry record, the return checks the caller; a
		 * call sharing its sp with the top frame is a tail call from
		 * that traced function (realloc(NULL, n) jumping to malloc):
		 * its return address is already the uretprobe trampoline's,
		 * so it is checked here, or its frame would hide the outer
		 * call's at their common return */
		if (flags & UD_CALLER) {
			bool emit = flags & (UD_EMIT_ENTRY | UD_EMIT_RETURN);

			tail = t->depth > 0 && t->depth <= UP_FRAMES &&
			       frame_at(t, t->depth - 1)->sp == sp;
			if (emit || tail) {
				if (caller_ok(t, sp, d, ip)) {
					tail = false;
					cino = t->ok_ino;	/* the file caller_ok found */
					cdev = t->ok_dev;
				} else if (!tail || !tail_from_caller(t, d, &cino, &cdev)) {
					return 0;
				}
				if (!(d->xflags & UDX_CALLER_ID))
					cino = cdev = 0;
			}
		}
		depth = t->depth;
	} else if (!targeted()) {
		return 0;
	}
	ts = bpf_ktime_get_ns();
	/* -c without a trace (ltrace -c, --event pairs under -c): the
	 * return needs the time and where the frame was, nothing more */
	if (!(flags & (UD_EMIT_ENTRY | UD_EMIT_RETURN))) {
		if (t && (flags & UD_PAIR))
			push_frame(t, sp, ts, cookie, ip, tail);
		else if (flags & UD_COUNT)
			account(cookie, false, 0);
		return 0;
	}
	if (!(x = bpf_map_lookup_elem(&hits, &zero)))
		return 0;
	x->now = x->ts = ts;
	if (flags & UD_USDT) {
		usdt_args_g(ctx, cookie);
	} else {
		x->args[0] = PT_REGS_PARM1(ctx);
		x->args[1] = PT_REGS_PARM2(ctx);
		x->args[2] = PT_REGS_PARM3(ctx);
		x->args[3] = PT_REGS_PARM4(ctx);
		x->args[4] = PT_REGS_PARM5(ctx);
		x->args[5] = ctx->r9;	/* libbpf 1.1 has no PT_REGS_PARM6 */
	}
	if (t && (flags & UD_PAIR)) {
		depth = push_frame(t, sp, ts, cookie, ip, tail);
		if (depth < UP_FRAMES)
			__builtin_memcpy(frame_at(t, depth)->args, x->args,
					 sizeof(frame_at(t, depth)->args));
	}
	if ((flags & UD_COUNT) && !(flags & UD_PAIR))
		account(cookie, false, 0);
	if ((flags & UD_STACK) && ustack_mode)
		ustack_g(x->ts, x->now);
	if (flags & UD_EMIT_ENTRY) {
		x->flags = UPF_ENTRY;
		x->cino = cino;
		x->cdev = cdev;
		x->depth = depth;
		x->dur = 0;
		x->ret = 0;
		x->retry = 0;
		int failed = emit_g(cookie);

		if (failed && t && (flags & UD_PAIR) && depth < UP_FRAMES)
			frame_at(t, depth)->capfail = failed;
	}
	return 0;
}

static __always_inline int on_return_body(struct pt_regs *ctx)
{
	__u32 cookie = bpf_get_attach_cookie(ctx), zero = 0;
	const struct up_desc *d;
	struct uframe *f = NULL;
	struct hit *x;
	__u64 now, sp = PT_REGS_SP(ctx), ts, dur = 0;
	__u8 flags = UPF_RETURN, dflags;
	__u32 depth = 0;

	if (!(d = bpf_map_lookup_elem(&descs, &cookie)))
		return 0;
	dflags = d->flags;
	now = bpf_ktime_get_ns();
	ts = now;
	if (dflags & UD_PAIR) {
		/* a frame is there only if the entry was targeted */
		struct uthread *t = thread_get(false);
		__u32 i;

		if (!t)
			return 0;
		i = t->depth;
		/* the entry's sp pointed at the return address, popped now */
#pragma unroll
		for (int k = 0; k < 3; k++)
			if (i > 1 && i <= UP_FRAMES && frame_at(t, i - 1)->sp < sp - 8)
				i--;
		if (i == 0 || i > UP_FRAMES) {
			t->depth = 0;
			return 0;
		}
		f = frame_at(t, i - 1);
		if (f->sp != sp - 8 || f->cookie != cookie) {
			if (f->sp < sp - 8)
				t->depth = i - 1;
			return 0;	/* an entry the caller check refused */
		}
		ts = f->ts;
		dur = now - ts;
		t->depth = i - 1;
		depth = i - 1;
		if ((dflags & UD_CALLER) && !(dflags & (UD_EMIT_ENTRY | UD_EMIT_RETURN)) &&
		    !f->checked && !caller_in(t, PT_REGS_IP(ctx), d, f->fn))
			return 0;
		flags |= UPF_PAIRED;
		if (dflags & UD_COUNT)
			account(cookie, is_error(d->err, PT_REGS_RC(ctx)), dur);
	} else if (!targeted()) {
		return 0;
	} else if (dflags & UD_COUNT) {	/* a uretprobe alone: no duration */
		account(cookie, is_error(d->err, PT_REGS_RC(ctx)), 0);
	}
	if (!(dflags & UD_EMIT_RETURN) || !(x = bpf_map_lookup_elem(&hits, &zero)))
		return 0;
	__builtin_memset(x->args, 0, sizeof(x->args));
	x->retry = 0;
	if (f) {
		x->retry = f->capfail;
		__builtin_memcpy(x->args, f->args, sizeof(f->args));
	}
	x->flags = flags;
	x->depth = depth;
	x->ts = ts;
	x->now = now;
	x->dur = dur;
	x->ret = PT_REGS_RC(ctx);
	emit_g(cookie);
	return 0;
}

SEC("uprobe")
int on_entry(struct pt_regs *ctx)
{
	return on_entry_body(ctx);
}

SEC("uprobe")
int on_entry_multi(struct pt_regs *ctx)
{
	return on_entry_body(ctx);
}

SEC("uretprobe")
int on_return(struct pt_regs *ctx)
{
	return on_return_body(ctx);
}

SEC("uretprobe")
int on_return_multi(struct pt_regs *ctx)
{
	return on_return_body(ctx);
}

/* --- which processes --- */

SEC("tp_btf/sched_process_fork")
int BPF_PROG(up_fork, struct task_struct *parent, struct task_struct *child)
{
	__u32 ptgid = parent->tgid, ctgid = child->tgid;
	__u8 *st, traced = UT_TRACED;

	if (!follow_forks || target_all || ptgid == ctgid)
		return 0;
	st = bpf_map_lookup_elem(&targets, &ptgid);
	if (!st || *st != UT_TRACED)
		return 0;
	if (!bpf_map_update_elem(&targets, &ctgid, &traced, BPF_NOEXIST))
		__sync_fetch_and_add(&live, 1);
	if (emit_tasks) {
		struct ev_fork *e = bpf_ringbuf_reserve(&rb, sizeof(*e), 0);

		if (!e) {
			sent(false);
			return 0;
		}
		fill_header(&e->h, EV_FORK, sizeof(*e), bpf_ktime_get_ns(), lost_get());
		e->child_pid = ctgid;
		e->child_tid = child->pid;
		__builtin_memcpy(e->comm, child->comm, sizeof(e->comm));
		sent(true);
		bpf_ringbuf_submit(e, 0);
	}
	return 0;
}

SEC("tp_btf/sched_process_exec")
int BPF_PROG(up_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	__u32 tgid = p->tgid;
	__u8 *st = bpf_map_lookup_elem(&targets, &tgid);
	struct uthread *t;
	struct ev_exec *e;

	if (!st)
		return 0;
	if (*st == UT_PENDING_EXEC) {
		*st = UT_TRACED;
		return 0;
	}
	if (*st != UT_TRACED || !emit_tasks)
		return 0;
	/* a traced process runs another program: the old image's calls
	 * in flight never return */
	if ((t = bpf_task_storage_get(&threads, p, 0, 0)))
		t->depth = 0;
	if ((e = bpf_ringbuf_reserve(&rb, sizeof(*e), 0))) {
		fill_header(&e->h, EV_EXEC, sizeof(*e), bpf_ktime_get_ns(), lost_get());
		__builtin_memcpy(e->comm, p->comm, sizeof(e->comm));
		e->old_tid = old_pid;
		e->pad = 0;
		sent(true);
		bpf_ringbuf_submit(e, BPF_RB_FORCE_WAKEUP);
	} else {
		sent(false);
	}
	/* ltrace: the new program's imports are probed before it runs
	 * (user space sends SIGCONT when they are) */
	if (stop_on_exec)
		bpf_send_signal(19 /* SIGSTOP */);
	return 0;
}

SEC("tp_btf/sched_process_exit")
int BPF_PROG(up_exit, struct task_struct *p, bool group_dead)
{
	__u32 tgid = p->tgid;
	__u8 *st = bpf_map_lookup_elem(&targets, &tgid);

	if (target_all || !st)
		return 0;
	if (emit_tasks && *st == UT_TRACED) {
		struct ev_exit *e = bpf_ringbuf_reserve(&rb, sizeof(*e), 0);

		if (e) {
			fill_header(&e->h, EV_EXIT, sizeof(*e), bpf_ktime_get_ns(), lost_get());
			e->code = p->exit_code;
			e->group_dead = group_dead;
			sent(true);
			bpf_ringbuf_submit(e, BPF_RB_FORCE_WAKEUP);
		} else {
			sent(false);
		}
	}
	if (group_dead) {
		bpf_map_delete_elem(&targets, &tgid);
		/* after the exit record is in: user space stops at 0 */
		__sync_fetch_and_sub(&live, 1);
	}
	return 0;
}
