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

/* How an argument is decoded (see src/decode/). */
enum arg_kind {
	AK_INT, AK_LONG, AK_UINT, AK_ULONG, AK_HEX, AK_PTR, AK_FD, AK_DIRFD, AK_PATH, AK_STR,
	AK_OPEN_FLAGS, AK_OPEN_MODE, AK_MODE, AK_PROT, AK_MMAP_FLAGS, AK_OFF,
	AK_ACCESS_MODE, AK_AT_FLAGS, AK_ARGV, AK_ENVP, AK_SIGNAL, AK_WHENCE,
	AK_BUF_IN,	/* data the call reads; length in argument len_arg */
	AK_BUF_OUT,	/* data the call writes; length is the return value */
	AK_STR_OUT,	/* a string the call writes */
	/* structs captured whole: read by the call (_IN) or written (_OUT) */
	AK_STAT, AK_TIMESPEC_IN, AK_TIMESPEC_OUT, AK_SIGACTION_IN, AK_SIGACTION_OUT,
	AK_SIGSET_IN, AK_SIGSET_OUT, AK_RLIMIT_IN, AK_RLIMIT_OUT, AK_WAIT_STATUS,
	AK_STATX, AK_STATX_MASK,
	/* enums and flag sets */
	AK_CLOCKID, AK_TIMER_FLAGS, AK_SIGMASK_HOW, AK_RLIMIT_RESOURCE, AK_ARCH_PRCTL,
	AK_WAIT_OPTIONS, AK_CLONE_FLAGS,
	AK_IOCTL_REQ, AK_FCNTL_CMD, AK_FCNTL_ARG, AK_SOCK_FAMILY, AK_SOCK_TYPE,
	AK_SOCK_PROTO, AK_FD_PAIR, AK_MADV, AK_FADV, AK_BUF_OUT_HEX, AK_GRND,
	AK_EPOLL_FLAGS, AK_FD_FLAGS, AK_FUTEX_OP, AK_UTSNAME, AK_SYSINFO, AK_STATFS,
	AK_SIGFRAME_MASK,	/* rt_sigreturn: the mask in the signal frame */
	AK_CLONE_ARGS,		/* clone3's struct clone_args */
	AK_DIRENTS,	/* a getdents buffer, shown with its entry count */
	AK_SOCKADDR_IN,	/* a sockaddr the call reads, length in argument len_arg */
	AK_SOCKADDR_OUT, AK_SOCKLEN, AK_SOCK_FLAGS,
	AK_IOCTL_ARG,	/* by the request: an int for FICLONE, else an address */
	/* waiting for fds (src/output/waits.c) */
	AK_POLLFDS,	/* struct pollfd[], count in argument len_arg */
	AK_TIMESPEC_INOUT, AK_TIMEVAL_INOUT,	/* given, and rewritten with what is left */
	AK_FDSET,	/* an fd_set the call rewrites with the ready fds */
	AK_PSEL_SIGMASK, AK_EPOLL_OP, AK_EPOLL_EVENT, AK_EPOLL_EVENTS,
	AK_PRCTL_OPTION, AK_PRCTL_ARG,	/* src/output/prctl.c; 16 bytes at arg2 */
	/* src/output/msgs.c: iovec arrays and msghdrs, count in argument
	 * len_arg; _OUT: data up to the result */
	AK_IOV_IN, AK_IOV_OUT, AK_MSGHDR_IN, AK_MSGHDR_OUT, AK_MSG_FLAGS,
	AK_MMSG, AK_MMSG_OUT,	/* sendmmsg's and recvmmsg's arrays */
	AK_SOCKOPT_LEVEL, AK_SOCKOPT_NAME,
	AK_SOCKOPT_IN,	/* length in argument len_arg */
	AK_SOCKOPT_OUT,	/* length where argument len_arg points, after the call */
	/* clocks, timers, resource usage (src/decode/timestructs.c) */
	AK_TIMEVAL_IN, AK_TIMEVAL_OUT, AK_ITIMERSPEC_IN, AK_ITIMERSPEC_OUT, AK_ITIMERVAL_IN,
	AK_ITIMERVAL_OUT, AK_SIGEVENT, AK_INT_OUT, AK_RUSAGE, AK_TMS,
	AK_CPUMASK,	/* written: as many bytes as the result */
	AK_CPUMASK_IN,	/* read: length in argument len_arg */
	AK_TFD_FLAGS, AK_TFD_TIMER_FLAGS, AK_ITIMER_WHICH, AK_RUSAGE_WHO, AK_MSYNC_FLAGS,
	AK_MREMAP_FLAGS,
	/* more file calls (src/decode/fileflags.c) */
	AK_FLOCK_OP, AK_RENAME_FLAGS, AK_XATTR_FLAGS, AK_INOTIFY_INIT_FLAGS, AK_INOTIFY_MASK,
	AK_EVENTFD_FLAGS, AK_MEMFD_FLAGS, AK_OPEN_HOW, AK_UTIMES,
	AK_MKNOD_MODE, AK_MKNOD_DEV,	/* the device only for S_IFCHR and S_IFBLK */
	/* processes and signals (src/decode/procflags.c) */
	AK_STACK_IN, AK_STACK_OUT, AK_SIGINFO_IN, AK_SIGINFO_OUT, AK_SIGNALFD_FLAGS,
	AK_PRIO_WHICH, AK_GROUPS_OUT, AK_GROUPS_IN, AK_CAP_HEADER, AK_CAP_DATA_IN,
	AK_CAP_DATA_OUT, AK_INT_IN, AK_SCHED_POLICY, AK_IDTYPE,
	/* System V IPC, message queues (src/decode/ipc.c) */
	AK_IPC_KEY, AK_IPC_GET_FLAGS, AK_SHMAT_FLAGS, AK_SHM_CMD, AK_MSG_CMD, AK_SEM_CMD,
	AK_SEMBUFS,	/* count in argument len_arg */
	AK_MSGBUF_IN, AK_MSGBUF_OUT,	/* mtext's size in argument len_arg */
	AK_MSG_IPC_FLAGS, AK_MQ_ATTR, AK_MQ_ATTR_OUT,
	/* mounts and others (src/decode/sysflags.c) */
	AK_MOUNT_FLAGS, AK_UMOUNT_FLAGS, AK_SPLICE_FLAGS, AK_MLOCKALL_FLAGS, AK_SFR_FLAGS,
	AK_PIDFD_FLAGS, AK_PERSONALITY,
};

enum ret_kind { RK_INT, RK_HEX, RK_NONE, RK_FD, RK_OCT, RK_SIGNAL, RK_SCHED, RK_PERSONALITY };

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

/* syscall_desc.flags */
#define SCF_NO_FORMAT	0x01	/* arguments unknown: print all six raw */

struct syscall_arg {
	const char *name;
	uint8_t kind;		/* enum arg_kind */
	uint8_t len_arg;	/* AK_BUF_IN: the argument holding the length */
};

struct syscall_desc {
	const char *name;
	uint8_t nargs;
	uint8_t ret;		/* enum ret_kind */
	uint32_t classes;	/* SC_* */
	struct syscall_arg args[6];
	uint8_t flags;		/* SCF_* */
	const char *event;	/* trace event name when not the syscall's */
};

extern const struct syscall_desc syscall_table[SYSCALL_TABLE_SIZE];

/* For struct kinds: how the kernel side captures the argument (enum
 * cap_kind of bpf/event.h) and how many bytes; false for other kinds. */
bool arg_struct_capture(int kind, int *cap_kind, int *size);
/* Bytes of the argument read at entry as well (a struct the call
 * rewrites), 0 if none. */
int arg_entry_size(int kind);
/* Whether an array argument's element count is the call's result. */
bool arg_count_is_result(int kind);

/* The entry for nr, or NULL when the number is not a known syscall. */
const struct syscall_desc *syscall_get(long nr);
/* The number of a syscall name, or -1. */
int syscall_lookup(const char *name);
/* Class bits for "%file", "%%stat", ...; 0 when unknown. */
uint32_t syscall_class_lookup(const char *name);
/* Up to `max` known names close to `name`, comma separated, into buf. */
void syscall_suggest(const char *name, char *buf, size_t len, int max);

#endif
