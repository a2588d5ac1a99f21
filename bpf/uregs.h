/* SPDX-License-Identifier: GPL-2.0 */
#ifndef STROBE_UREGS_H
#define STROBE_UREGS_H

/*
 * The user registers the syscall entry code saves, in its order (x86-64's
 * struct pt_regs, which ptrace's user_regs_struct mirrors).  Read through
 * this local type, not vmlinux.h's: a CO-RE relocation makes the kernel
 * look the type's name up in its BTF at every load, a linear scan, unless
 * its small cache of names holds it, and "pt_regs" shares a slot of that
 * cache with "linux_binprm" (on_exec): the two evicted each other at every
 * start (docs/design.md, Loading).  The layout is the kernel's ABI.
 */
struct uregs {
	unsigned long r15, r14, r13, r12, bp, bx, r11, r10, r9, r8;
	unsigned long ax, cx, dx, si, di, orig_ax, ip, cs, flags, sp, ss;
};

#endif
