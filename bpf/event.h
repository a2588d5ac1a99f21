/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The event layout shared by the BPF programs and user space, and the
 * configuration user space hands to the kernel side.  Every record in the
 * ring buffer starts with struct ev_header; `size` covers the whole record
 * so a reader can skip kinds it does not know.  Records are 8-byte aligned.
 *
 * Included from BPF code (after vmlinux.h) and from C (after <linux/types.h>).
 */
#ifndef STROBE_EVENT_H
#define STROBE_EVENT_H

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

#define SYSCALL_MAX 512			/* syscall numbers are below this */
#define SEL_WORDS (SYSCALL_MAX / 64)

enum ev_kind {
	EV_SYSCALL = 1,		/* a completed call, or the entry part of one */
	EV_SIGNAL = 2,		/* a signal delivered to a traced thread */
	EV_EXIT = 3,		/* a traced thread ended */
	EV_FORK = 4,		/* a traced thread created a traced child */
	EV_EXEC = 5,		/* a traced thread's command name after execve */
	EV_TRACEPOINT = 6,	/* a kernel tracepoint's raw record (--event) */
	EV_USTACK = 7,		/* -i, -k: the user registers (and stack) of the
				 * thread's syscall record that follows */
	EV_MAPS = 8,		/* -k: a process's file mappings, when they changed */
	EV_DETACH = 9,		/* -b execve: a thread no longer traced after
				 * its execve (a bare header) */
	EV_UPROBE = 10,		/* a user-space probe fired (bpf/uprobes.bpf.c) */
};

struct ev_header {
	__u64 ts;		/* CLOCK_MONOTONIC ns: syscall entry, or event time */
	__u32 pid;		/* thread group id */
	__u32 tid;
	__u16 kind;		/* enum ev_kind */
	__u16 cpu;
	__u32 size;		/* whole record, header included */
	__u32 lost;		/* records lost on this CPU just before this one */
	__u32 pad;
};

/* ev_syscall.flags */
#define EVF_NORETURN	0x01	/* exit, exit_group: emitted at entry, no result */
#define EVF_ENTRY	0x02	/* entry half of a call split in two (execve) */
#define EVF_EXIT	0x04	/* exit half of a split call */
#define EVF_RESUMED	0x08	/* its entry happened before tracing began */
#define EVF_UNFINISHED	0x10	/* in flight when tracing started or stopped
				 * (built by user space, for record files) */
#define EVF_DROPPED	0x20	/* exit half -e status= does not show: its
				 * entry half is forgotten, not unfinished */
#define EVF_KILLED	0x40	/* the thread dies by SIGKILL on its way out
				 * of the call: strace's "<unfinished ...>) = ?" */
#define EVF_DETACHED	0x80	/* with EVF_UNFINISHED: in flight when a signal
				 * stopped strobe: "<detached ...>" (user space) */

/* ev_syscall.inj, and struct inj_mark.flags */
#define INJ_INJECTED	0x01	/* the result is strobe's: " (INJECTED)" */
#define INJ_DELAYED	0x02	/* held before it ran: " (DELAYED)" */
#define INJ_RETVAL	0x04	/* retval=: print the number, even if it looks like an errno */
#define INJ_ARGS	0x08	/* poke_enter= wrote its data: " (INJECTED: args)" */
/* a mark's only: the syscall probes were attached while the call waited
 * in the filter, so its entry may go unseen (its syscall_work was read
 * before): its exit then makes its record (session/bpf_setup.c) */
#define INJ_NOENTRY	0x10

/*
 * -e inject=: what strobe did to a thread's call it was notified of, left
 * by user space (keyed by tid) before it answers the notification, and
 * taken by the kernel side at that call's sys_enter (when the call runs)
 * or sys_exit (when seccomp skipped it).
 */
struct inj_mark {
	__u64 ts;		/* when the call entered the filter (CLOCK_MONOTONIC) */
	__u32 sig;		/* signal=: sent to the thread as the call enters */
	__u32 flags;		/* INJ_* */
};

/* A syscall record: fixed part, then `ncaps` captures (struct cap). */
struct ev_syscall {
	struct ev_header h;
	__u64 dur;		/* ns from entry to exit */
	__s64 ret;
	__u64 args[6];
	__s32 nr;
	__u16 ncaps;
	__u8 flags;		/* EVF_* */
	__u8 inj;		/* INJ_*: what -e inject= did to the call */
	__u32 aux;		/* execve: number of environment strings
				 * (| EXEC_UNTERM_ENV);
				 * getdents, getdents64: entries returned;
				 * socket calls: the address length at entry */
	__u32 aux2;		/* execve: argv entries not captured
				 * (| EXEC_UNTERM_ARGV);
				 * socket calls: AUX2_ADDRLEN when aux holds that
				 * length, | the netlink protocol + 1 << 8 when
				 * the fd is a netlink socket (AUX2_NL_PROTO) */
};

#define AUX2_ADDRLEN	0x1
/* execve: the environment (aux) or argv (aux2) array ran into memory that
 * could not be read before its NULL (strace: "unterminated") */
#define EXEC_UNTERM_ENV		0x80000000u
#define EXEC_UNTERM_ARGV	0x80
#define AUX2_NL_PROTO(aux2) ((int)(((aux2) >> 8) & 0xff) - 1)	/* -1: not netlink */

/* cap.flags */
#define CAP_TRUNC	0x01	/* more bytes followed in the process */
#define CAP_FAULT	0x02	/* could not be read; len is 0 */
#define CAP_ARGV	0x04	/* one element of an argv-style array */
#define CAP_ENTRY	0x08	/* read at entry (the call rewrites it), shown as given */
#define CAP_ELEM	0x10	/* one iovec: base, len (16 bytes), then its data */
#define CAP_NAME	0x20	/* a msghdr's msg_name */
#define CAP_CTRL	0x40	/* a msghdr's msg_control */
#define CAP_DUMP	0x80	/* -e read=/write=: the data whole (to DUMP_MAX), for a hex dump */

/* A captured string or buffer: header, `len` bytes, padding to 8. */
struct cap {
	__u16 len;
	__u8 arg;		/* index of the syscall argument it belongs to */
	__u8 flags;		/* CAP_* */
};
#define CAP_SIZE(len) ((sizeof(struct cap) + (len) + 7) & ~7u)

#define SIGF_STOPS 1	/* a stop signal with its default action: the thread stops */

struct ev_signal {
	struct ev_header h;
	__s32 sig;
	__u32 flags;		/* SIGF_*; 0 in older recordings */
	__u8 info[48];		/* struct siginfo's first 48 bytes, as the kernel has them */
};

struct ev_exit {
	struct ev_header h;
	__s32 code;		/* wait(2)-style status: exit code << 8, or signal */
	__u32 group_dead;
};

/* --decode-pids=pidns: the key of the ids map (bpf/pidns.bpf.inc); its
 * value is the pid in the root namespace, or for ns 0 and a thread's
 * global tid, the thread's namespace */
struct pidns_key {
	__u64 ns;		/* struct pid_namespace's address */
	__u32 nr;		/* a number in that namespace */
	__u32 pad;
};

struct ev_fork {
	struct ev_header h;
	__u32 child_pid;
	__u32 child_tid;
	char comm[16];		/* the child's, inherited from the parent */
};

struct ev_exec {
	struct ev_header h;
	char comm[16];
	/* the thread's id before the exec: another than h.tid when a thread
	 * other than the leader exec'd and took the leader's (older
	 * recordings end before this field: read it when the size has it) */
	__u32 old_tid;
	__u32 pad;
};

/* The tracepoint's record as the kernel wrote it; decoded by its format. */
struct ev_tp {
	struct ev_header h;
	__u32 id;		/* the tracepoint's id (its record's common_type) */
	__u32 len;		/* bytes of data */
	/* __u8 data[len], padded to 8 */
};

/*
 * -i, -k: the thread's user registers at the call (DWARF numbering, as
 * enum prof_reg in profile_event.h), then with -k stack_len bytes copied
 * from the user stack at regs[7] (the stack pointer), for user space to
 * unwind with the binaries' CFI.  h.ts is the call's entry time, as in the
 * syscall record it belongs to, so that a record lost in between cannot
 * pair a stack with the wrong call.
 */
#define USTACK_NREGS 17
#define USTACK_MAX 16384	/* bytes of user stack copied, at most */
#define USF_SHORT 0x01		/* the copy was cut short (a page not mapped in) */
#define USF_NONE 0x02		/* no stack could be copied */
struct ev_ustack {
	struct ev_header h;
	__u64 regs[USTACK_NREGS];
	__u32 stack_len;
	__u16 flags;		/* USF_* */
	__u16 pad;
	/* __u8 stack[stack_len], padded to 8 */
};

/*
 * -k: the file mappings (and the vDSO) of the record's process, sent before
 * its first stack and again when its executable mappings change (dlopen,
 * exec), so that stacks can be symbolised after the process is gone and in
 * a recording.  Entries are struct ev_vma, each followed by its path's
 * components from the file up (NUL-terminated each), padded to 8.
 */
#define MAPF_TRUNC 0x01		/* more mappings than the record holds */
struct ev_maps {
	struct ev_header h;
	__u32 n;
	__u32 flags;		/* MAPF_* */
};

#define VMA_READ 0x1
#define VMA_WRITE 0x2
#define VMA_EXEC 0x4
#define VMA_SHARED 0x8
#define VMA_VDSO 0x10		/* the vDSO: no file, no path */
struct ev_vma {
	__u64 start, end, pgoff;	/* pgoff in bytes */
	__u64 ino;
	__u32 dev;		/* the kernel's dev_t: major << 20 | minor */
	__u16 flags;		/* VMA_* */
	__u16 len;		/* bytes of path components that follow */
};
/* ev_uprobe.flags */
#define UPF_ENTRY	0x01	/* a function's entry or a USDT marker: args */
#define UPF_RETURN	0x02	/* a function's return: ret */
#define UPF_PAIRED	0x04	/* a return whose entry was seen: args and dur too */
#define UP_ARGS		12	/* USDT markers have up to 12 arguments */

/* A uprobe, uretprobe or USDT hit: fixed part, then `ncaps` captures
 * (struct cap, `arg` 0..11, or UP_CAP_RET for what the result points to). */
struct ev_uprobe {
	struct ev_header h;
	__u32 cookie;		/* which probe: an index into user space's table */
	__u16 ncaps;
	__u8 flags;		/* UPF_* */
	__u8 depth;		/* traced calls the thread was already inside */
	__u64 dur;		/* UPF_PAIRED: ns from entry to return */
	__s64 ret;
	__u64 args[UP_ARGS];
};
#define UP_CAP_RET 15
#define UP_CAP_CALLER 14	/* struct up_caller: the file the call came from */

/* Per-thread state kept in BPF task storage. */
#define TS_TRACED	0x01
#define TS_PENDING_EXEC	0x02	/* launched command: show nothing before execve */
#define TS_IN_CALL	0x04	/* entry seen, exit not yet */
#define TS_RESUMED	0x08	/* in-flight call found by user space at attach */
#define TS_SIGRETURN	0x10	/* per-syscall path: rt_sigreturn entered, completed
				 * by tp_exit, tail-called (see syscalls.bpf.c) */

/* cap->arg of a struct fd_info: FDI_ARG + argument, FDI_RESULT, or
 * FDI_PAIR + 0/1 for the two fds of an fd pair */
#define FDI_ARG		8
#define FDI_RESULT	14
#define FDI_PAIR	16
#define FDI_PATH_MAX	108

/* -yy: what an fd refers to, read in the kernel (fd arguments at entry,
 * new fds at exit), so that what strobe prints is what the fd was at the
 * call, however long ago: a socket closed since is still described. */
struct fd_info {
	__u32 mode;		/* the inode's i_mode; 0: no such fd */
	__s32 fd;
	__u64 ino;
	__u64 peer;		/* unix: the peer's inode; devices: i_rdev;
				 * pidfds ("[pidfd]"): the pid */
	__u16 family;		/* sockets: AF_* */
	__u16 type;		/* SOCK_* */
	__u16 protocol;
	__u8 state;		/* TCP_* (10: listening) */
	__u8 pathlen;		/* unix: bytes of path[]; anon inodes: of the name */
	__u8 src[16], dst[16];	/* inet: 4 bytes, inet6: 16 */
	__u16 sport, dport;	/* host order */
	__u32 portid;		/* netlink */
	char path[FDI_PATH_MAX];	/* unix: sun_path ('\0' first: abstract);
					 * anon inodes: "[eventpoll]" */
};

/* A syscall result that is an error: -1 to -4095 (-errno); a larger
 * negative value is a result (an address, lseek's offset). */
#define RET_IS_ERROR(r) ((r) < 0 && (r) >= -4095)

#define STASH_SIZE 16		/* bytes of one argument read at entry */
#define FDI_SLOTS 2		/* -yy: fd arguments described at entry, at most */

struct task_state {
	__u64 ts;
	/* pid << 32 | tid, as bpf_get_current_pid_tgid() gives it, taken at
	 * the call's entry from the task (on_exec renews it: a thread's
	 * execve takes its leader's pid), so that the exit's record needs no
	 * helper call for it */
	__u64 id;
	__u64 args[6];
	__s32 nr;
	__u32 flags;
	/* The last signal sent to the thread and not yet delivered: a
	 * default-fatal signal kills without passing signal_deliver, and is
	 * shown from here just before the thread's exit. */
	__s32 sent_sig;
	__u32 len_in;		/* socket calls: *addrlen at entry, + 1 (0: none) */
	__u8 sent_info[48];
	/* A signal the thread ignores (SIG_IGN, or SIGCHLD-like by default):
	 * the kernel drops it when it is sent, where strace's ptrace still
	 * sees it stop the thread.  Kept here and shown when the thread next
	 * leaves or enters a syscall, where strace shows it. */
	__s32 ign_sig;
	__u32 stash_mask;	/* which stash[] slots hold data read at entry; bit
				 * 8 + i: only 8 bytes of slot i (ENTRY_UPTO_PAGE) */
	__u8 ign_info[48];
	/* Small structs the call rewrites (select's fd_sets, ppoll's
	 * timeout), read at entry for the line to show what was given. */
	__u8 stash[6][STASH_SIZE];
	/* -yy: the first FDI_SLOTS fd arguments, described at entry (close
	 * ends what they were, bind and connect change it), and one slot for
	 * the fds a call returns, described at exit */
	__u8 fdi_mask;		/* which slots hold one */
	__u8 fdi_arg[FDI_SLOTS];	/* the argument each describes */
	__u8 inj;		/* INJ_* of the call in flight */
	/* the call's fd (argument 0) is a netlink socket: its protocol + 1
	 * (cap_rule.nl calls; 0: not netlink) */
	__u8 nl_proto;
	__u8 entry_n;		/* how many of entry_u32 are read */
	__u8 pad3[2];
	struct fd_info fdi[FDI_SLOTS + 1];
	/* A u32 of each element of an array the call rewrites, as given, for
	 * the elements captured: recvmmsg's msg_namelen ("msg_namelen=128 =>
	 * 16"), io_submit's aio_key (the kernel writes 0 there) */
	__u32 entry_u32[32];
};

/* What to capture for each argument of a syscall, indexed by number. */
enum cap_kind {
	CK_NONE = 0,
	CK_PATH = 1,		/* NUL-terminated, up to PATH_MAX */
	CK_STR = 2,		/* NUL-terminated, up to the -s limit */
	CK_ARGV = 3,		/* array of strings (execve argv) */
	CK_ENVC = 4,		/* array of strings, only counted */
	CK_BUF_IN = 5,		/* bytes, length in argument len_arg[i] */
	CK_BUF_OUT = 6,		/* bytes, length is the return value */
	CK_STR_OUT = 7,		/* NUL-terminated, written by a successful call */
	CK_STRUCT_IN = 8,	/* size[i] bytes the call reads */
	CK_STRUCT_OUT = 9,	/* size[i] bytes a successful call writes */
	CK_STRUCT_IN_LEN = 10,	/* up to 128 bytes (or size) the call reads, length in len_arg[i] */
	CK_ARRAY = 11,		/* elements of size[i] bytes at exit; count in argument
				 * len_arg[i], or the result when len_arg[i] is LEN_RET */
	CK_SIGMASK_PAIR = 12,	/* pselect6's {sigset ptr, size}, then 8 bytes of the set */
	CK_STRUCT_OUT_LENP = 13,/* written by a successful call, length at *argument len_arg[i] */
	CK_IOV_IN = 14,		/* iovec array, count in len_arg[i]: CAP_ELEM caps, all data */
	CK_IOV_OUT = 15,	/* ...data up to the call's result (readv) */
	CK_MSGHDR_IN = 16,	/* msghdr (56 bytes), then name, iovecs, control */
	CK_MSGHDR_OUT = 17,	/* ...after a successful call, data up to its result */
	CK_WHOLE_OUT = 18,	/* written, up to the result, whole (to DUMP_MAX): -v dirents */
	CK_MMSG_IN = 19,	/* mmsghdr array (sendmmsg): the first messages sent, as msghdrs */
	CK_MMSG_OUT = 20,	/* ...(recvmmsg): data up to each message's msg_len */
	CK_MSGBUF_IN = 21,	/* msgsnd's msgbuf: 8 + argument len_arg bytes (to 136) */
	CK_MSGBUF_OUT = 22,	/* msgrcv's, after a successful call */
	CK_IOCTL_ARG = 23,	/* ioctl's argument: as many bytes as the request in
				 * argument len_arg[i] says (_IOC_SIZE), at least
				 * size[i]; FIEMAP's and dm's extents too */
	CK_QUOTA_ADDR = 24,	/* quotactl's address: a path for Q_QUOTAON (the
				 * command in argument len_arg[i]), else size[i]
				 * bytes the call reads or writes */
	CK_CLONE_ARGS = 25,	/* clone3's struct: what is readable of argument
				 * len_arg's size (to 128), then three CAP_ELEM
				 * caps (cap_arg_g) */
	CK_IOCBS = 26,		/* io_submit's iocb pointers, count in len_arg[i]:
				 * the array, then each iocb (CAP_ELEM | CAP_CTRL)
				 * and what it points to (cap_iocbs_g) */
};

#define IOV_CAP_MAX 32		/* iovecs captured, at most (strace shows -s of them) */
#define IOCB_CAP_MAX 32		/* io_submit's iocbs captured, at most (-s's 32 shown) */
#define MMSG_CAP_MAX 32		/* messages of sendmmsg/recvmmsg captured (-s's 32 shown) */
_Static_assert(sizeof(((struct task_state *)0)->entry_u32) == MMSG_CAP_MAX * 4 &&
	       MMSG_CAP_MAX == IOCB_CAP_MAX, "one for each element captured");

#define LEN_RET 6		/* len_arg: the count is the call's result */

#define STRUCT_CAP_MAX 512	/* bytes of one struct captured, at most */
#define FPROG_CAP_MAX 8184	/* ...of a classic BPF program: 1023 instructions */
#define IOCTL_CAP_MAX 2048	/* ...of ioctl's (ptp_sys_offset_extended: 1216) */

struct cap_rule {
	__u8 arg[6];		/* enum cap_kind for each argument */
	__u8 len_arg[6];	/* CK_BUF_IN: which argument holds the length */
	__u16 size[6];		/* CK_STRUCT_*: how many bytes */
	__u8 split;		/* capture at entry and emit two halves (execve) */
	__u8 fast;		/* 1 + the argument of the rule's only capture,
				 * a buffer (read, write): the record is built in
				 * the ring buffer itself (syscalls.bpf.c) */
	__u8 caps;		/* anything at all to capture (set by strobe: one
				 * test where the kernel side would make twelve) */
	__u8 nl;		/* argument 0 is a socket whose netlink messages
				 * are decoded: looked at, at entry; on a netlink
				 * socket the buffer is read whole (to DUMP_MAX) */
	__u8 entry[6];		/* bytes to read at entry (<= STASH_SIZE), CAP_ENTRY,
				 * | ENTRY_UPTO_PAGE */
	/* -yy: what the fds are (struct fd_info caps): bit i for argument i,
	 * FDM_RESULT for the result; fdpair: the argument holding an int[2]
	 * of new fds (pipe2, socketpair), or FDPAIR_NONE */
	__u8 fdmask;
	__u8 fdpair;
};

/* cap_rule.size: a struct read at its kind's largest size, of which what
 * is readable up to the end of its page will do (a sockaddr the process
 * put at the end of its memory, ioctl's argument) */
#define ENTRY_UPTO_PAGE		0x80	/* entry[]: or 8 bytes before an unmapped page */
#define CAPR_UPTO_PAGE_SIZE	0x8000
#define CAPR_UPTO_PAGE		1	/* the same, in cap_struct's argument */
#define CAPR_BIG		2	/* cap_struct: up to DUMP_MAX bytes, not
					 * STRUCT_CAP_MAX (an ioctl's large struct) */

#define FDM_RESULT	0x40
#define FDPAIR_NONE	0xff

/* status= filter bits, tested at exit in the kernel */
#define ST_SUCCESSFUL	0x01
#define ST_FAILED	0x02
#define ST_UNFINISHED	0x04	/* calls without a result: exit, execve in old image */
#define ST_ALL		0x07

#define PATH_CAP	4096
#define STR_CAP_MAX	8189	/* highest -s the kernel side captures (cap_str reads
				 * str_max + 2 bytes, within its 0x1fff mask) */
#define ARGV_MAX	32	/* argv elements captured */
#define ARGV_MAX_V	255	/* ... with -v (strace -v shows them all) */
#define DUMP_MAX	8191	/* bytes of a buffer captured for -e read=/write= */
#define DUMP_FDS	1024	/* fds that -e read=/write= can name */
#define SCRATCH_SIZE	32768	/* per-CPU record assembly area */
#define SCRATCH_CAP_LIMIT 16384	/* captures start below this offset */

#endif
