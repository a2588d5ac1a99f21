/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What bpf/uprobes.bpf.c does when a probe fires, one struct up_desc per
 * cookie, filled by user space (src/probe/uprog.c) before attaching.
 * Included from BPF code (after vmlinux.h) and from C.
 */
#ifndef STROBE_UPROBE_DESC_H
#define STROBE_UPROBE_DESC_H

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

#define UP_DESC_MAX 16384	/* probes (cookies) one session can have */
#define UP_FRAMES 16		/* nested traced calls kept per thread */

/* up_desc.cap[i]: what to read where argument i points */
enum up_cap {
	UC_NONE = 0,
	UC_STR = 1,		/* a string, at entry */
	UC_BUF_IN = 2,		/* bytes at entry, length in argument len_arg[i] */
	UC_BUF_OUT = 3,		/* bytes at return, length the result (if > 0) */
	UC_BUF_OUT_PLEN = 4,	/* bytes at return, length at *argument len_arg[i] */
	UC_STR_OUT = 5,		/* a string the call wrote, at return */
};

/* up_desc.flags */
#define UD_EMIT_ENTRY	0x01	/* a record at entry */
#define UD_EMIT_RETURN	0x02	/* a record at return */
#define UD_PAIR		0x04	/* keep the entry for its return (dur, args) */
#define UD_CALLER	0x08	/* only calls from a file in `callers` (ltrace) */
#define UD_COUNT	0x10	/* count in the summary map (at return with UD_PAIR) */
#define UD_USDT		0x20	/* arguments from usdt[], not registers */
#define UD_RET_STR	0x40	/* the result points to a string */
#define UD_STACK	0x80	/* a struct ev_ustack before the entry record (ltrace -w) */

/* up_desc.xflags */
#define UDX_CALLER_ID	0x01	/* with UD_CALLER: the entry record names the
				 * caller's file (a capture UP_CAP_CALLER of
				 * struct up_caller): ltrace's "prog->func(" */
#define UDX_IN_CALLER	0x02	/* with UD_CALLER: the function's own file is
				 * a caller file (ino, dev): its tail calls
				 * through its PLT are calls from that file */
#define UDX_STUB	0x04	/* the probe is on a PLT stub of the program,
				 * not on the function (IFUNCs, the vDSO's) */

/* up_desc.err: which results count as errors in a summary */
enum up_err { UE_NONE, UE_NEG, UE_NULL, UE_NONZERO, UE_LE0, UE_NEG1 };

struct up_usdt_arg {
	__s8 size;		/* bytes, negative when signed */
	__u8 type;		/* enum usdt_arg_type of src/probe/probe.h */
	__s16 reg_off;		/* offsetof(struct pt_regs, ...) */
	__u32 pad;
	__s64 val;		/* constant, or offset of the dereference */
};

struct up_desc {
	__u8 flags;		/* UD_* */
	__u8 nargs;		/* usdt: arguments to fetch */
	__u8 err;		/* enum up_err */
	__u8 strict;		/* sym: an unknown call site is not this name's */
	__u8 cap[6];		/* enum up_cap, per argument */
	__u8 len_arg[6];
	/* UD_CALLER: the name's hash (up_sym_hash); the call site must go
	 * through the GOT slot of that name, when it can be told */
	__u32 sym;
	__u32 xflags;		/* UDX_* */
	__u64 ino;		/* UDX_IN_CALLER: the function's file */
	__u32 dev;
	__u32 pad;
	struct up_usdt_arg usdt[UP_ARGS];
};

/* A file whose code may make the calls ltrace shows (the main program). */
struct up_caller {
	__u64 ino;
	__u32 dev;
	__u32 pad;
};

/* callers' value: the executable segment's p_vaddr - p_offset, to turn
 * an address in it into a virtual address of the file */
struct up_caller_val {
	__s64 delta;
	/* a library, not a program: a call from it through a function
	 * pointer (stdio's tables in libc) is not one through its PLT, and
	 * ltrace does not see it; a program's is taken (-fno-plt's loads) */
	__u32 lib;
	__u32 pad;
};

/* A GOT slot of a caller file (its virtual address) -> the hash of the
 * symbol it is bound to: which function a call site calls. */
/* in a `slots` value: the slot is a GLOB_DAT one (a GOT entry, not the
 * PLT's); the name's hash is the other 31 bits */
#define UP_SLOT_GOT 0x80000000u

struct up_slot {
	__u64 ino;
	__u32 dev;
	__u32 pad;
	__u64 vaddr;
};

/* FNV-1a of a name, never 0 (0: no check) */
static inline __u32 up_sym_hash(const char *s)
{
	__u32 h = 2166136261u;

	while (*s)
		h = (h ^ (__u8)*s++) * 16777619u;
	return h ? h : 1;
}

/* targets: a process's state */
#define UT_PENDING_EXEC 1	/* the launched command, before its execve */
#define UT_TRACED 2

#endif
