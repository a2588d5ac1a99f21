/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Log-linear latency histograms, shared by the BPF side (which fills them)
 * and user space (which reads percentiles from them).
 *
 * Values (nanoseconds) below 32 get a bucket each.  Above, each power of
 * two [2^e, 2^(e+1)) is cut into 32 equal sub-buckets, so a bucket is at
 * most 1/32 (3.1%) of its lower bound wide; interpolating inside it keeps
 * percentiles within about 1.5% of the exact value for smooth data.
 * 2^41 ns (36 minutes) and above share the last bucket.
 */
#ifndef STROBE_HIST_H
#define STROBE_HIST_H

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

#define HIST_SUB_BITS 5
#define HIST_SUB (1 << HIST_SUB_BITS)
#define HIST_MAX_EXP 40
#define HIST_BUCKETS ((HIST_MAX_EXP - HIST_SUB_BITS + 2) * HIST_SUB)	/* 1184 */

static inline __u32 hist_ilog2(__u64 v)
{
	__u32 r = 0;

	if (v >> 32) { v >>= 32; r += 32; }
	if (v >> 16) { v >>= 16; r += 16; }
	if (v >> 8) { v >>= 8; r += 8; }
	if (v >> 4) { v >>= 4; r += 4; }
	if (v >> 2) { v >>= 2; r += 2; }
	if (v >> 1) { r += 1; }
	return r;
}

static inline __u32 hist_bucket(__u64 v)
{
	__u32 e;

	if (v < HIST_SUB)
		return v;
	e = hist_ilog2(v);
	if (e > HIST_MAX_EXP)
		return HIST_BUCKETS - 1;
	return (e - HIST_SUB_BITS + 1) * HIST_SUB +
	       ((v >> (e - HIST_SUB_BITS)) & (HIST_SUB - 1));
}

/* The first value a bucket holds, and how many it holds. */
static inline __u64 hist_bucket_low(__u32 b)
{
	__u32 e;

	if (b < HIST_SUB)
		return b;
	e = b / HIST_SUB + HIST_SUB_BITS - 1;
	return (__u64)(HIST_SUB + b % HIST_SUB) << (e - HIST_SUB_BITS);
}

static inline __u64 hist_bucket_width(__u32 b)
{
	if (b < HIST_SUB)
		return 1;
	return 1ull << (b / HIST_SUB - 1);
}

/* Summary aggregation, kept in the kernel per CPU. */
enum sum_by { BY_NONE, BY_PID, BY_TID, BY_COMM, BY_CGROUP };

struct sum_key {
	__u64 group;		/* pid, tid or cgroup id; 0 for BY_NONE/BY_COMM */
	__s32 nr;
	__u32 pad;
	char comm[16];		/* BY_COMM only */
};

/*
 * The counts of one (group, syscall): exact, in a map that never allocates
 * at run time (an array indexed by syscall number without --by, a
 * preallocated hash with it).  The histogram lives apart, in a pool of
 * per-CPU slots (a 4.6 KiB value per key and CPU would not fit a sensible
 * preallocation): hslot is this CPU's slot + 1 (0: none yet, SUM_NO_SLOT:
 * the pool was full).
 */
struct sum_val {
	__u64 calls;
	__u64 errors;
	__u64 total_ns;
	__u64 max_ns;
	__u32 hslot;
	__u32 pad;
	char comm[16];		/* the group's command name when first seen */
};

#define SUM_NO_SLOT 0xffffffffu

struct sum_hist {
	__u32 b[HIST_BUCKETS];
};

#endif
