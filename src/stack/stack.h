/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User stacks: unwinding a copy of a thread's stack with the binaries' CFI
 * (so code built without frame pointers unwinds), and symbolising the
 * addresses, for the profiler and for -k.  Built on libdwfl.
 *
 * A struct uimage is one process image: its mappings (the text of
 * /proc/PID/maps, read live or rebuilt from the kernel's struct ev_maps)
 * and, made when first needed, a libdwfl session over them.
 *
 * image.c: images, unwinding.  symbol.c: symbols, function starts from
 * the unwind tables, source lines.  calls.c: -k/-i, the images of traced
 * processes and the lines strace prints under a call.
 */
#ifndef STROBE_STACK_H
#define STROBE_STACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "../util/util.h"

#define UREG_SP 7		/* DWARF register numbers, as enum prof_reg */
#define UREG_IP 16
#define UREG_N 17

struct uimage;

/* /proc/PID/maps now, or NULL. */
char *uimage_read_maps(pid_t pid);
/* ...or, when the main thread has exited (its maps are empty), thread tid's */
char *uimage_read_maps_of(pid_t pid, pid_t tid);
/* An image from maps text in /proc/PID/maps format (taken over). */
struct uimage *uimage_new(pid_t pid, char *maps);
void uimage_free(struct uimage *im);
const char *uimage_maps(const struct uimage *im);
/* JIT symbols from /tmp/perf-PID.map, as perf reads them. */
void uimage_read_jit(struct uimage *im);
bool uimage_has_jit(const struct uimage *im);
/* ip lies in an executable mapping the image knows. */
bool uimage_knows(const struct uimage *im, uint64_t ip);

/*
 * Unwind a thread: regs (UREG_N, DWARF numbering) and `len` bytes of its
 * stack copied from regs[UREG_SP].  pcs[0] is the instruction pointer, the
 * others return addresses as found (not adjusted); act[i] (optional) says
 * the frame was interrupted rather than calling (the first one, signal
 * frames).  Returns how many; *complete when the walk reached the
 * outermost frame rather than the end of the copy.  -1 if the image has
 * no usable libdwfl session.
 */
int uimage_unwind(struct uimage *im, pid_t tid, const uint64_t *regs, const void *stack,
		  uint32_t len, uint64_t *pcs, bool *act, int max, bool *complete);
/* ...and whether that walk stopped for want of stack above the copy */
bool uimage_last_cut(const struct uimage *im);

/* What an address is. */
struct usym {
	const char *path;	/* the mapped file, or NULL when no mapping holds pc */
	uint64_t map_off;	/* pc - mapping start + its file offset (strace's [0x...]) */
	const char *module;	/* libdwfl's module name (the file's base name) */
	uint64_t mod_rel;	/* pc - the module's load address */
	const char *name;	/* the nearest symbol at or below pc, or NULL */
	uint64_t name_off;	/* pc - the symbol's value */
	bool name_covers;	/* the symbol is that of the function holding pc */
	bool has_fde;		/* the unwind tables know the function holding pc: */
	uint64_t fde_start;	/* its first address, in the ELF file's addresses */
	uint64_t elf_addr;	/* pc in the ELF file's addresses */
	const char *src;	/* USYM_SOURCE: the source file, or NULL */
	int line;
	uint64_t build_id_hash;	/* 0 when the module has no build id */
};

#define USYM_FDE	0x1	/* find the function start in the unwind tables */
#define USYM_SOURCE	0x2	/* the source line (DWARF line tables) */
#define USYM_NEAREST	0x4	/* name: the nearest function symbol below, as strace */
#define USYM_RETURN	0x8	/* ...pc is a return address */

/* Fills *s (strings valid as long as the image); false when no mapping
 * holds pc. */
bool uimage_symbol(struct uimage *im, uint64_t pc, unsigned what, struct usym *s);
/* A function's name for a profile: its symbol when the symbol covers pc,
 * else "module+0xSTART" from the unwind tables, else "module+0xADDR". */
void usym_function(const struct usym *s, char *buf, size_t len);
/* Names of the functions inlined at pc, outermost first (DWARF). */
int uimage_inlines(struct uimage *im, uint64_t pc, const char **names, int max);
/* The JIT symbol holding pc (/tmp/perf-PID.map), or NULL. */
const char *uimage_jit_symbol(const struct uimage *im, uint64_t pc);

/* ---- calls.c: -k and -i for the syscall tracer ---- */
struct ev_maps;
struct ev_ustack;
struct ustacks;

/* source: -kk (source lines, and debug info for them); live: the traced
 * processes run now (not a recording), /proc can stand in for mappings
 * the kernel could not send */
struct ustacks *ustacks_new(bool source, bool live);
void ustacks_free(struct ustacks *u);
/* A process's mappings, from the kernel (replaces what it had). */
void ustacks_maps(struct ustacks *u, const struct ev_maps *m, size_t size);
/* The process is gone: its image can go. */
void ustacks_forget(struct ustacks *u, pid_t pid);
/* Lines " > /path(func+0xoff) [0xoff]" for the call's stack, as strace -k
 * prints them (source: -kk's " file:line" after each). */
void ustacks_print(struct ustacks *u, struct sbuf *b, const struct ev_ustack *e,
		   size_t size, bool source);
/* ltrace -w: at most max frames from frame `skip` on, as ltrace prints
 * them: " > /path(func+0xoff) [0xADDRESS]", "(???)" without a symbol. */
void ustacks_print_ltrace(struct ustacks *u, struct sbuf *b, const struct ev_ustack *e,
			  size_t size, int skip, int max);
/* Stacks that could not be unwound for want of the process's mappings. */
uint64_t ustacks_unmapped(const struct ustacks *u);
/* stacks whose walk ran past the copied stack (--stack-size) */
uint64_t ustacks_cut(const struct ustacks *u);

#endif
