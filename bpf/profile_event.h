/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The profiler's sample record, shared by bpf/profile.bpf.c and
 * src/profile/.  A record is the fixed part below, then kstack_len bytes of
 * kernel return addresses, ustack_len bytes of frame-pointer user addresses,
 * then stack_len bytes copied from the user stack at regs[SP], then py_len
 * bytes of Python frames (bpf/python_event.h).
 */
#ifndef STROBE_PROFILE_EVENT_H
#define STROBE_PROFILE_EVENT_H

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

#define PROF_MAX_FRAMES 127
#define PROF_STACK_MAX 16384	/* user stack bytes copied for DWARF unwinding */

enum prof_kind {
	PK_CPU = 1,		/* a cpu-clock sample */
	PK_OFF = 2,		/* a thread blocked here (sched_switch out) */
	PK_ON = 3,		/* ...and ran again after `weight` ns (no stacks) */
	PK_NEW = 4,		/* --call-graph=fp: a process image first sampled */
	PK_EXEC = 5,		/* a target exec'd (no stacks) */
	PK_DUMP = 6,		/* --dump: a thread's stacks now; weight: its
				 * __state, on_cpu << 32 */
};

/* --call-graph=fp: samples counted in the kernel by stack. */
struct prof_count_key {
	__u32 pid;
	__s32 kstack, ustack;	/* ids in the stack map, negative: none */
	__u32 tid;		/* --per-thread, else 0 */
	char comm[16];
};

/* x86_64 user registers in DWARF numbering: what CFI unwinding starts from */
enum prof_reg {
	PR_RAX, PR_RDX, PR_RCX, PR_RBX, PR_RSI, PR_RDI, PR_RBP, PR_RSP,
	PR_R8, PR_R9, PR_R10, PR_R11, PR_R12, PR_R13, PR_R14, PR_R15, PR_RIP,
	PR_NREGS
};

struct prof_sample {
	__u64 ts;
	__u64 weight;		/* PK_ON: ns off the CPU */
	__u32 pid, tid;
	__u32 cpu;
	__u16 kind;
	__u16 user;		/* regs[] hold user registers */
	__u32 kstack_len, ustack_len, stack_len;
	__u32 lost;		/* records this CPU lost just before this one */
	__u32 py_len;		/* bytes of struct py_frame after the stack */
	__u16 py_state;		/* enum py_state */
	__u16 pad;
	__u64 regs[PR_NREGS];
	char comm[16];
};

#endif
