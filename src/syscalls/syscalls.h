/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The syscall table: names, argument names and kinds, return kinds and
 * classes for every x86_64 syscall, generated from the kernel by
 * scripts/gen-syscall-table.py, plus lookups by name, class and regex.
 */
#ifndef STROBE_SYSCALLS_H
#define STROBE_SYSCALLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SYSCALL_TABLE_SIZE 512

/* How an argument is captured and decoded: one row per kind in
 * argkinds.def. */
enum arg_kind {
#define ARGKIND(name, in, out, size, entry, count, xlat, decoder) AK_##name,
#include "argkinds.def"
#undef ARGKIND
	AK__COUNT
};

/* syscall_arg.dir: whether the call reads the argument or writes it */
enum { ARG_IN, ARG_OUT };

enum ret_kind { RK_INT, RK_HEX, RK_NONE, RK_FD, RK_OCT, RK_SIGNAL, RK_SCHED, RK_PERSONALITY,
		RK_IOPRIO, RK_TIME, RK_MEMBARRIER, RK_TIMEX,
		RK_UDEC,	/* never fails: unsigned, even "-1" (getuid) */
		RK_PID };	/* a pid: the register's low 32 bits */

/* Classes, as strace's -e trace=%CLASS names them. */
#define SC_FILE		(1u << 0)
#define SC_DESC		(1u << 1)
#define SC_PROCESS	(1u << 2)
#define SC_NETWORK	(1u << 3)
#define SC_SIGNAL	(1u << 4)
#define SC_IPC		(1u << 5)
#define SC_MEMORY	(1u << 6)
#define SC_CREDS	(1u << 7)
#define SC_CLOCK	(1u << 8)
#define SC_STAT		(1u << 9)
#define SC_LSTAT	(1u << 10)
#define SC_FSTAT	(1u << 11)
#define SC_STAT_ALL	(1u << 12)
#define SC_STATFS	(1u << 13)
#define SC_FSTATFS	(1u << 14)
#define SC_STATFS_ALL	(1u << 15)
#define SC_PURE		(1u << 16)

/* syscall_desc.fx: what a successful call does to the process's fds and
 * working directory (-y follows them) */
#define FX_NEW_FD	0x01	/* the result is a new fd */
#define FX_DUP		0x02	/* ...a copy of argument 0 (fcntl: F_DUPFD*) */
#define FX_CLOSE	0x04	/* closes argument 0 */
#define FX_CLOSE_RANGE	0x08	/* closes arguments 0 to 1 */
#define FX_CHDIR	0x10	/* moves the cwd to its path or fd argument 0 */
#define FX_EXEC		0x20	/* a new program: close-on-exec fds are gone */
#define FX_FD_PAIR	0x40	/* fills an int[2] with two new fds */
#define FX_AT		0x80	/* its path is relative to dir fd argument 0 */

/* syscall_desc.fdkind: what /proc/PID/fd/N says of the fds it creates */
enum { FDK_NONE, FDK_SOCKET, FDK_PIPE, FDK_ANON, FDK_MEMFD };

/* syscall_desc.flags */
#define SCF_NO_FORMAT	0x01	/* arguments unknown: print all six raw */

struct syscall_arg {
	const char *name;
	uint8_t kind;		/* enum arg_kind */
	uint8_t len_arg;	/* the argument holding its length or count */
	uint8_t dir;		/* ARG_IN or ARG_OUT */
	uint8_t bytes;		/* 4 or 2: the kernel reads an int (umode_t) of
				 * the register, whose upper bits may hold
				 * anything; 0: all 8 */
	uint8_t sign;		/* ...a signed one */
};

struct syscall_desc {
	const char *name;
	uint8_t nargs;
	uint8_t ret;		/* enum ret_kind */
	uint32_t classes;	/* SC_* */
	struct syscall_arg args[6];
	uint8_t flags;		/* SCF_* */
	const char *event;	/* trace event name when not the syscall's */
	uint8_t fx;		/* FX_*: what it does to fds and the cwd */
	uint8_t fdkind;		/* FDK_*: the kind of fd it creates without a path */
};

extern const struct syscall_desc syscall_table[SYSCALL_TABLE_SIZE];

/* How the kernel side captures an argument (argkinds.def). */
struct arg_capture {
	uint8_t ck;		/* enum cap_kind of bpf/event.h */
	uint8_t entry;		/* bytes also read at entry */
	uint8_t len_arg;	/* the argument holding the count, or LEN_RET */
	uint16_t size;		/* a struct's or an array element's bytes */
	bool upto_page;		/* the kind's largest size, of which what is
				 * readable to the page's end will do */
};

/* False when the kernel side captures nothing for the argument. */
bool arg_capture(const struct syscall_arg *a, struct arg_capture *c);
/* The struct size of a kind, 0 for kinds that are not structs. */
int arg_kind_size(int kind);

/* args[] as the kernel reads them: an int argument's low 32 bits (an
 * umode_t's 16) extended as C extends its type.  False when that changes
 * nothing. */
bool syscall_narrow_args(const struct syscall_desc *d, const uint64_t *args,
			 uint64_t *out);

/* The entry for nr, or NULL when the number is not a known syscall. */
const struct syscall_desc *syscall_get(long nr);
/* The number of a syscall name, or -1. */
int syscall_lookup(const char *name);
/* Class bits for "%file", "%%stat", ...; 0 when unknown. */
uint32_t syscall_class_lookup(const char *name);
/* Up to `max` known names close to `name`, comma separated, into buf. */
void syscall_suggest(const char *name, char *buf, size_t len, int max);

#endif
