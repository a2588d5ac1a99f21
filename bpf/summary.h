/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -c, -C: counting calls in the kernel, exactly.  Included once into
 * syscalls.bpf.c and uprobes.bpf.c (after their configuration globals; the
 * uprobes' "syscall number" is the probe's cookie).
 *
 * Nothing here allocates while a program runs: an insert into a hash map
 * without preallocation can fail in a tracepoint's context, and did (one
 * run counted execve only).  So:
 *   - without --by, the counts are a per-CPU array indexed by syscall
 *     number: a lookup that cannot fail;
 *   - with --by, a preallocated per-CPU hash keyed by (group, syscall),
 *     sized by user space; an insert fails only when it is full (or, very
 *     rarely, when its bucket is busy on this CPU), and every call it
 *     could not count is counted in summary_full;
 *   - latency histograms (4.6 KiB each) in a pool of per-CPU slots, sized
 *     by user space to what is needed within a memory budget: each CPU
 *     gives a key the next free slot of its own pool the first time it
 *     counts it there, so no two CPUs ever race for a slot.  Calls that
 *     find the pool full are counted (exact counts, partial histogram).
 * Per-CPU values: plain increments; user space adds the CPUs up.
 */
#ifndef STROBE_SUMMARY_H
#define STROBE_SUMMARY_H

__u64 summary_full = 0;		/* calls not counted: the --by table was full */
__u64 summary_nohist = 0;	/* calls counted outside any histogram */

/* sizes below are the defaults for a load without -c; user space sets them */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct sum_val);
} sum_nr SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 1);
	__type(key, struct sum_key);
	__type(value, struct sum_val);
} summ SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct sum_hist);
} sum_hists SEC(".maps");

/* each CPU's next free slot in sum_hists */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} sum_next SEC(".maps");

static __always_inline struct sum_val *sum_entry(__s32 nr)
{
	struct sum_key key = { .nr = nr };
	struct sum_val *v, z = {};
	__u32 k = nr;
	long err;

	if (summary_by == BY_NONE)
		return bpf_map_lookup_elem(&sum_nr, &k);
	switch (summary_by) {
	case BY_PID: key.group = bpf_get_current_pid_tgid() >> 32; break;
	case BY_TID: key.group = (__u32)bpf_get_current_pid_tgid(); break;
	case BY_COMM: bpf_get_current_comm(key.comm, sizeof(key.comm)); break;
	case BY_CGROUP: key.group = bpf_get_current_cgroup_id(); break;
	}
	v = bpf_map_lookup_elem(&summ, &key);
	if (v)
		return v;
	/* from a BPF program, the value goes to this CPU, zeroes to the others */
	bpf_get_current_comm(z.comm, sizeof(z.comm));
	err = bpf_map_update_elem(&summ, &key, &z, BPF_NOEXIST);
	if (err && err != -17 /* EEXIST: a nested program inserted it */)
		return NULL;
	return bpf_map_lookup_elem(&summ, &key);
}

static __always_inline struct sum_hist *sum_hist_of(struct sum_val *v)
{
	struct sum_hist *h;
	__u32 zero = 0, slot, *next;

	if (v->hslot == SUM_NO_SLOT)
		return NULL;
	if (v->hslot) {
		slot = v->hslot - 1;
		return bpf_map_lookup_elem(&sum_hists, &slot);
	}
	next = bpf_map_lookup_elem(&sum_next, &zero);
	if (!next)
		return NULL;
	slot = *next;
	h = bpf_map_lookup_elem(&sum_hists, &slot);
	if (!h) {
		v->hslot = SUM_NO_SLOT;
		return NULL;
	}
	*next = slot + 1;
	v->hslot = slot + 1;
	return h;
}

static __always_inline void account(__s32 nr, bool failed, __u64 dur)
{
	struct sum_val *v = sum_entry(nr);
	struct sum_hist *h;
	__u32 b;

	if (!v) {
		__sync_fetch_and_add(&summary_full, 1);
		return;
	}
	v->calls++;
	if (failed)
		v->errors++;
	v->total_ns += dur;
	if (dur > v->max_ns)
		v->max_ns = dur;
	h = sum_hist_of(v);
	b = hist_bucket(dur);
	if (h && b < HIST_BUCKETS)
		h->b[b]++;
	else
		__sync_fetch_and_add(&summary_nohist, 1);
}

#endif
