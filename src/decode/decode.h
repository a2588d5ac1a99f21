/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Decoders: turn raw syscall values into the text strace prints for them.
 * Each takes the value(s) and appends to a string builder; none allocates
 * except through the builder, none fails.
 */
#ifndef STROBE_DECODE_H
#define STROBE_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/util.h"

/* errno: "ENOENT" and "No such file or directory"; NULL when unknown.
 * Covers the kernel-internal restart codes (ERESTARTSYS, ...) too. */
const char *errno_name(int err);
const char *errno_msg(int err);
/* Codes that mean "interrupted, will be restarted": printed as "= ?". */
bool errno_is_restart(int err);

/* Signals: "SIGINT", "SIGRT_2", or the number. */
void decode_signal(struct sbuf *b, int sig);
void decode_signal_x(struct sbuf *b, uint64_t v);
/* "{si_signo=SIGCHLD, si_code=CLD_EXITED, ...}" from the kernel's siginfo. */
void decode_siginfo(struct sbuf *b, int sig, const uint8_t *info);
/* ...whose si_pid is seen from thread tid's pid namespace (-Y, pidns);
 * f NULL: none */
struct formatter;
void decode_siginfo_pids(struct formatter *f, uint32_t tid);
/* "+++ exited with 1 +++" / "+++ killed by SIGSEGV (core dumped) +++" */
void decode_exit_status(struct sbuf *b, int status);

/* A quoted, escaped string as strace prints it; "..." after it if cut. */
void decode_string(struct sbuf *b, const char *s, size_t len, bool truncated);
/* The same, how: ESC_BARE without the quotes, ESC_ANGLES with '<' and '>'
 * in octal too (an fd's path in -y's "3</a\74b>") */
enum { ESC_BARE = 1, ESC_ANGLES = 2 };
void decode_string_ex(struct sbuf *b, const char *s, size_t len, bool truncated,
		      unsigned how);
/* -x (1): strings with a non-printable byte all in \xNN; -xx (2): every
 * string.  Process-wide, set once from the command line. */
void decode_set_hex(int level);
int decode_hex(void);

/* -X: constants by name (abbrev), as numbers (raw), or both (verbose).
 * Decoders that print names take a mark (b->len) first and call
 * xlat_finish with the value after printing. */
enum { XLAT_ABBREV, XLAT_RAW, XLAT_VERBOSE };
enum xlat_fmt { XF_HEX, XF_DEC, XF_UDEC, XF_OCT };
void decode_set_xlat(int style);
/* -v: structs in full, the environment of execve (strace's -v) */
void decode_set_verbose(bool on);
bool decode_verbose(void);
/* -e verbose=SET: off for a call outside SET, whose structs (and execve's
 * argv and environment) print as addresses, as strace's */
void decode_set_structs(bool on);
bool decode_structs(void);
int decode_xlat(void);
void xlat_finish(struct sbuf *b, size_t mark, uint64_t v, enum xlat_fmt fmt);
/* ioctl_seccomp.c: a syscall number of arch (an AUDIT_ARCH_*), "__NR_NAME" */
void put_seccomp_nr(struct sbuf *b, uint32_t nr, uint32_t arch);

/* escape.c: strings in hex */
/* Bytes as "\x41\x16..." (strace's hex form, for random data). */
void decode_string_hex(struct sbuf *b, const char *s, size_t len, bool truncated);

/* files.c: open, access, *at and fcntl flags, file flags and structs */
void decode_open_flags(struct sbuf *b, uint64_t v);
void decode_access_mode(struct sbuf *b, uint64_t v);
void decode_at_flags(struct sbuf *b, uint64_t v, const char *syscall);
void decode_whence(struct sbuf *b, uint64_t v);
void decode_dirfd(struct sbuf *b, int64_t v);
void decode_flock_op(struct sbuf *b, uint64_t v);
void decode_rename_flags(struct sbuf *b, uint64_t v);
void decode_xattr_flags(struct sbuf *b, uint64_t v);
void decode_inotify_init_flags(struct sbuf *b, uint64_t v);
void decode_inotify_mask(struct sbuf *b, uint64_t v);
void decode_eventfd_flags(struct sbuf *b, uint64_t v);
void decode_memfd_flags(struct sbuf *b, uint64_t v);
void decode_seals(struct sbuf *b, uint64_t v);
void put_open_how(struct sbuf *b, uint64_t addr, uint64_t size, const uint8_t *p, size_t len);
void decode_utimes(struct sbuf *b, const uint8_t *p, size_t len);
void decode_fcntl_cmd(struct sbuf *b, uint64_t v);
void decode_rwf_flags(struct sbuf *b, uint64_t v);
void decode_membarrier_cmd(struct sbuf *b, uint64_t v);
void decode_membarrier_cmds(struct sbuf *b, uint64_t v);
void decode_shutdown_how(struct sbuf *b, uint64_t v);
void decode_pkey_rights(struct sbuf *b, uint64_t v);
void decode_time_t(struct sbuf *b, const uint8_t *p, size_t len);
bool fcntl_cmd_takes_flock(uint64_t cmd);
bool fcntl_cmd_gets_flock(uint64_t cmd);
/* "{l_type=F_WRLCK, l_whence=SEEK_SET, l_start=0, l_len=5}", l_pid too */
void decode_flock(struct sbuf *b, const uint8_t *p, bool with_pid);
bool fcntl_cmd_has_arg(uint64_t cmd);
bool ioctl_req_has_arg(uint64_t req);
void decode_f_owner_ex(struct sbuf *b, const uint8_t *p);
void decode_falloc_mode(struct sbuf *b, uint64_t v);
void decode_delete_module_flags(struct sbuf *b, uint64_t v);
void decode_waitid_options(struct sbuf *b, uint64_t v);
void decode_module_init_flags(struct sbuf *b, uint64_t v);
void decode_memfd_secret_flags(struct sbuf *b, uint64_t v);
void decode_uffd_flags(struct sbuf *b, uint64_t v);
void decode_fsopen_flags(struct sbuf *b, uint64_t v);
void decode_open_tree_flags(struct sbuf *b, uint64_t v);
void decode_fan_init_flags(struct sbuf *b, uint64_t v);
void decode_mlock2_flags(struct sbuf *b, uint64_t v);
void decode_syslog_type(struct sbuf *b, uint64_t v);
bool syslog_type_has_args(uint64_t v);
void decode_kcmp_type(struct sbuf *b, uint64_t v);
bool kcmp_type_has_idx(uint64_t v);
void decode_close_range_flags(struct sbuf *b, uint64_t v);
void decode_fcntl_arg(struct sbuf *b, uint64_t cmd, uint64_t v);
bool decode_fcntl_result(struct sbuf *b, uint64_t cmd, int64_t ret);
void decode_fd_flags(struct sbuf *b, uint64_t v);
void decode_fadvise(struct sbuf *b, uint64_t v);

/* stat.c: stat, statx, statfs, directory entries */
void decode_mode(struct sbuf *b, uint32_t mode);
void decode_stat(struct sbuf *b, const uint8_t *p, size_t len);
void decode_statx(struct sbuf *b, const uint8_t *p, size_t len);
void decode_statx_attrs(struct sbuf *b, uint64_t a);
void decode_statx_mask_field(struct sbuf *b, uint32_t v);
void decode_makedev(struct sbuf *b, uint64_t dev);
/* every field (-v) */
void decode_stat_full(struct sbuf *b, const uint8_t *p, size_t len);
void decode_statx_full(struct sbuf *b, const uint8_t *p, size_t len);
/* after a time, its date in a comment: 1970-01-01T00:00:05.000000007+0000 */
void decode_date(struct sbuf *b, int64_t sec, uint32_t nsec);
void decode_date_paren(struct sbuf *b, int64_t sec);
void decode_timevals(struct sbuf *b, const uint8_t *p, size_t len);
void decode_utimbuf(struct sbuf *b, const uint8_t *p, size_t len);
void decode_statfs(struct sbuf *b, const uint8_t *p, size_t len);
void decode_dirents(struct sbuf *b, const uint8_t *p, size_t len, uint64_t total, bool old);
void decode_statx_mask(struct sbuf *b, uint64_t v);

/* memory.c: memory calls */
void decode_mmap_prot(struct sbuf *b, uint64_t v);
void decode_mmap_flags(struct sbuf *b, uint64_t v);
void decode_mlockall_flags(struct sbuf *b, uint64_t v);
void decode_msync_flags(struct sbuf *b, uint64_t v);
void decode_mremap_flags(struct sbuf *b, uint64_t v);
void decode_madvise(struct sbuf *b, uint64_t v);
void decode_mpol_mode(struct sbuf *b, uint64_t v);
void decode_swap_flags(struct sbuf *b, uint64_t v);
void decode_mpol_mode32(struct sbuf *b, uint64_t v);
void decode_mpol_modep(struct sbuf *b, const uint8_t *p, size_t len);
void decode_mbind_flags(struct sbuf *b, uint64_t v);
void decode_get_mempolicy_flags(struct sbuf *b, uint64_t v);
void decode_move_pages_flags(struct sbuf *b, uint64_t v);
/* maxnode bits at addr, of which len bytes captured (p NULL: none; cut:
 * the capture ended before the memory did), -s (max) longs shown */
void decode_nodemask(struct sbuf *b, uint64_t addr, uint64_t maxnode, const uint8_t *p,
		     size_t len, bool cut, size_t max);

/* process.c: processes, limits, prctl, capabilities */
void decode_rlimit(struct sbuf *b, const uint8_t *p, size_t len);
void decode_wait_status(struct sbuf *b, const uint8_t *p, size_t len);
void decode_pidfd_flags(struct sbuf *b, uint64_t v);
void decode_personality(struct sbuf *b, uint64_t v);
void decode_cap_header(struct sbuf *b, const uint8_t *p, size_t len);
void decode_cap_data(struct sbuf *b, const uint8_t *p, size_t len, int nsets);
void decode_prio_which(struct sbuf *b, uint64_t v);
void decode_idtype(struct sbuf *b, uint64_t v);
void decode_sched_policy(struct sbuf *b, uint64_t v);
void decode_sched_policy_arg(struct sbuf *b, uint64_t v);
void decode_sched_attr_ex(struct sbuf *b, const uint8_t *p, size_t len, uint32_t usize, bool set);
/* perf.c: perf_event_open's struct perf_event_attr and flags */
void decode_perf_attr(struct sbuf *b, const uint8_t *p, size_t len);
void decode_perf_flags(struct sbuf *b, uint64_t v);
/* bpf.c: bpf(2)'s command, and its attribute for the commands it decodes
 * (false: not one of those); entry: the attribute's first bytes at entry */
void decode_bpf_cmd(struct sbuf *b, uint64_t v);
/* a string or bytes the attribute points to (at offset off), captured;
 * BPF_PROG_LOAD's log_buf is a second one */
struct bpf_nested {
	unsigned off;
	const uint8_t *p;	/* NULL: not captured */
	size_t len;
	bool cut;		/* "..." after it */
};
struct ev_syscall;
struct formatter;
/* where the command's attribute holds that pointer (~0u: none) */
unsigned bpf_nested_off(uint32_t cmd);
bool decode_bpf_attr(struct sbuf *b, uint64_t cmd, const uint8_t *p, size_t len, uint64_t size,
		     const uint8_t *entry, size_t entry_len, int64_t ret,
		     const struct bpf_nested *nested, const struct bpf_nested *log,
		     struct formatter *f, uint32_t pid, const struct ev_syscall *e, size_t esize);
/* landlock.c: Landlock's flags, rule types and attributes */
void decode_landlock_create_flags(struct sbuf *b, uint64_t v);
void decode_landlock_rule_type(struct sbuf *b, uint64_t v);
/* mount.c: the new mount API and fanotify_mark */
void decode_fan_mark_flags(struct sbuf *b, uint64_t v);
void decode_fan_mark_mask(struct sbuf *b, uint64_t v);
void decode_fsmount_flags(struct sbuf *b, uint64_t v);
void decode_mount_attr_flags(struct sbuf *b, uint64_t v);
void decode_fspick_flags(struct sbuf *b, uint64_t v);
void decode_move_mount_flags(struct sbuf *b, uint64_t v);
void decode_fsconfig_cmd(struct sbuf *b, uint64_t v);
void decode_mount_attr(struct sbuf *b, const uint8_t *p, size_t len);
/* time.c: adjtimex's and clock_adjtime's struct timex and result */
void decode_timex(struct sbuf *b, const uint8_t *p, size_t len);
void decode_timex_state(struct sbuf *b, int64_t ret);
/* io_uring.c: io_uring_setup's params (before and after wq_fd, which the
 * caller prints: head says whether there is one), io_uring_enter's flags,
 * io_uring_register's opcodes */
bool decode_uring_params_head(struct sbuf *b, const uint8_t *p, size_t len);
void decode_uring_params_tail(struct sbuf *b, const uint8_t *p, bool done);
void decode_uring_enter_flags(struct sbuf *b, uint64_t v);
void decode_uring_register_op(struct sbuf *b, uint64_t v);
/* clock_t ticks with strace's "/\* 0.22 s *\/" */
void put_clock_t(struct sbuf *b, int64_t v);
void put_clock_t_u(struct sbuf *b, uint64_t v);
void decode_ioprio_which(struct sbuf *b, uint64_t v);
/* "IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4)"; as an argument (-X raw: the
 * number) or as ioprio_get's result (the macro only) */
void decode_ioprio(struct sbuf *b, uint64_t v);
void decode_ioprio_macro(struct sbuf *b, uint64_t v);
void decode_rusage(struct sbuf *b, const uint8_t *p, size_t len);
void decode_tms(struct sbuf *b, const uint8_t *p, size_t len);
void decode_cpumask(struct sbuf *b, const uint8_t *p, size_t len);
void decode_rusage_who(struct sbuf *b, uint64_t v);
void decode_prctl_option(struct sbuf *b, uint64_t v);
void decode_capability(struct sbuf *b, uint64_t v);
void decode_dumpable(struct sbuf *b, uint64_t v);
void decode_pr_tsc(struct sbuf *b, uint64_t v);
void decode_pr_cap_ambient(struct sbuf *b, uint64_t v);
void decode_rlimit_resource(struct sbuf *b, uint64_t v);
void decode_arch_prctl(struct sbuf *b, uint64_t v);
void decode_wait_options(struct sbuf *b, uint64_t v);
void decode_clone_flags(struct sbuf *b, uint64_t v);

/* signals.c: signal sets, actions, stacks */
void decode_sigaction(struct sbuf *b, const uint8_t *p, size_t len);
void decode_sigset(struct sbuf *b, uint64_t mask);
void decode_stack(struct sbuf *b, const uint8_t *p, size_t len);
void decode_signalfd_flags(struct sbuf *b, uint64_t v);
void decode_sigmask_how(struct sbuf *b, uint64_t v);
/* libcalls.c: values only library calls carry (ltrace) */
void decode_lc_category(struct sbuf *b, uint64_t v);
void decode_lib_sigmask_how(struct sbuf *b, uint64_t v);

/* time.c: clocks and timers */
void decode_timespec(struct sbuf *b, const uint8_t *p, size_t len);
void decode_timeval(struct sbuf *b, const uint8_t *p, size_t len);
void decode_itimer(struct sbuf *b, const uint8_t *p, size_t len, bool usec);
void decode_sigevent(struct sbuf *b, const uint8_t *p, size_t len);
void decode_tfd_flags(struct sbuf *b, uint64_t v);
void decode_tfd_timer_flags(struct sbuf *b, uint64_t v);
void decode_itimer_which(struct sbuf *b, uint64_t v);
/* Enums and flags. */
void decode_clockid(struct sbuf *b, uint64_t v);
void decode_timer_flags(struct sbuf *b, uint64_t v);

/* sockaddr.c: a socket address of len bytes, by family as strace 6.1;
 * _fd: an fd inside one (AF_XDP's) decorated as -y says for process pid
 * (f NULL: no decoration) */
void decode_sockaddr(struct sbuf *b, const uint8_t *p, size_t len);
struct formatter;
void put_iov_array(struct formatter *f, struct sbuf *b, const struct ev_syscall *e, size_t size,
		   int i, uint64_t cnt, bool failed);
struct formatter;
void decode_sockaddr_fd(struct sbuf *b, const uint8_t *p, size_t len, struct formatter *f,
			uint32_t pid);
/* netlink.c: the buffer of a call on a netlink socket of protocol `proto`
 * (NETLINK_*): `len` bytes at `addr`, of which `avail` were read into p;
 * strmax is -s; pid_decor and fd_decor(ctx, b, N) print what follows a
 * pid (--decode-pids) and an fd (-y) */
void decode_netlink(struct sbuf *b, int proto, const uint8_t *p, size_t avail,
		    uint64_t addr, uint64_t len, size_t strmax,
		    void (*pid_decor)(void *ctx, struct sbuf *b, long pid),
		    void (*fd_decor)(void *ctx, struct sbuf *b, int fd), void *ctx);
void decode_sockopt_level(struct sbuf *b, uint64_t v);
void decode_sockopt_name(struct sbuf *b, uint64_t level, uint64_t v);
void decode_msg_flags(struct sbuf *b, uint64_t v);
/* cmsg.c: control messages of controllen bytes at addr, avail of them
 * captured into p; -s is strmax, f and pid -y's for SCM_RIGHTS (f NULL:
 * none).  False: strace shows the address (shorter than a header) */
bool decode_cmsgs(struct sbuf *b, const uint8_t *p, size_t avail, uint64_t addr,
		  uint64_t controllen, size_t strmax, struct formatter *f, uint32_t pid);
void decode_sock_family(struct sbuf *b, uint64_t v);
void decode_sock_type(struct sbuf *b, uint64_t v);
void decode_sock_proto(struct sbuf *b, uint64_t family, uint64_t v);

/* poll.c: poll, select, epoll */
/* poll, select, epoll.  decode_pollfds prints n entries (those
 * with revents only, when `revents`), at most `max`; returns how many. */
int decode_pollfds(struct sbuf *b, const uint8_t *p, size_t len, size_t n, bool revents,
		   int max);
void decode_fdset(struct sbuf *b, const uint8_t *p, size_t len, int nfds);
/* whether len captured bytes of an fd_set of nfds fds hold what strace
 * reads of it (whole longs; the kernel side captures 16 bytes, or the 8
 * before an unmapped page) */
bool fdset_readable(int nfds, size_t len);
bool fdset_empty(const uint8_t *p, size_t len, int nfds);
void decode_epoll_event(struct sbuf *b, const uint8_t *p);
void decode_epoll_events(struct sbuf *b, uint32_t v);
void decode_epoll_op(struct sbuf *b, uint64_t v);
void decode_epoll_flags(struct sbuf *b, uint64_t v);

/* ioctl.c: ioctl requests, terminals */
void decode_termios(struct sbuf *b, const uint8_t *p, size_t len);
void decode_winsize(struct sbuf *b, const uint8_t *p, size_t len);
void decode_ioctl_req(struct sbuf *b, uint64_t v);
/* ioctl_families.c: evdev, block, loop and file system requests: the
 * name (false: none of these families), whether strace shows a third
 * argument, and that argument (false: not one of theirs) */
bool ioctl_family_name(struct sbuf *b, uint32_t req);
bool ioctl_family_has_arg(uint32_t req);
/* ioctl_sys.c: the requests of file systems (FIEMAP, FITRIM, fsxattr,
 * inode flags), seccomp's listener, counters, ...: name (false: not one
 * of these), whether it has an argument, the argument (false: not one of
 * theirs); the family decoders each take a struct ioctl_call */
struct formatter;
struct ev_syscall;
bool ioctl_sys_name(struct sbuf *b, uint32_t req);
bool ioctl_sys_has_arg(uint32_t req);
bool ioctl_sys_arg(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		   size_t size, int i);
struct ioctl_call {
	struct formatter *f;
	const struct ev_syscall *e;
	uint32_t req;
	uint64_t addr;		/* the argument */
	const uint8_t *p;	/* what was read there, at exit; NULL: nothing */
	size_t len;
	int64_t ret;
	size_t strsize;		/* -s: elements of an array shown without -v */
	size_t size;		/* the record's, and the argument's index: */
	int arg;		/* a second capture (CAP_ELEM) is looked up by them */
};
/* the struct of `need` bytes the call reads (in) or, after success, wrote
 * (out); NULL when there is none, and then "NULL" or the address printed */
const uint8_t *ioc_in(struct sbuf *b, const struct ioctl_call *c, size_t need);
const uint8_t *ioc_out(struct sbuf *b, const struct ioctl_call *c, size_t need);
/* ioctl_fs.c, ioctl_seccomp.c, ...: one family each */
bool ioctl_fs_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_counter_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_seccomp_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_nbd_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_scsi_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_perf_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_nsfs_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_loop_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_mtd_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_ubi_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_kvm_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_dm_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_sock_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_block_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_tee_arg(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_uffd_arg(struct sbuf *b, const struct ioctl_call *c);
/* the requests whose result is a new fd (-y's path after it) */
bool ioctl_sys_returns_fd(uint32_t req);
/* a request's result strace decodes (NS_GET_NSTYPE's flag); false: none */
bool ioctl_sys_result(struct sbuf *b, uint32_t req, int64_t ret);

/* ipc.c: System V IPC and POSIX message queues */
void decode_ipc_key(struct sbuf *b, uint64_t v);
void decode_ipc_get_flags(struct sbuf *b, uint64_t v);
void decode_shm_get_flags(struct sbuf *b, uint64_t v);
void decode_shmat_flags(struct sbuf *b, uint64_t v);
bool decode_ipc_ctl_buf(struct sbuf *b, int which, uint64_t cmd, const uint8_t *p, size_t len);
void decode_ipc_cmd(struct sbuf *b, uint64_t v, int which);
void decode_sembufs(struct sbuf *b, const uint8_t *p, size_t len, size_t n, uint64_t end,
		    size_t max);
void decode_msg_ipc_flags(struct sbuf *b, uint64_t v);
void decode_msgbuf(struct sbuf *b, const uint8_t *p, size_t len, size_t msgsz, size_t max);
void decode_mq_attr(struct sbuf *b, const uint8_t *p, size_t len);
void decode_mq_open_attr(struct sbuf *b, const uint8_t *p, size_t len);

/* system.c: mounts, splice, uname, sysinfo */
void decode_utsname(struct sbuf *b, const uint8_t *p, size_t len, bool verbose);
void decode_sysinfo(struct sbuf *b, const uint8_t *p, size_t len);
void decode_mount_flags(struct sbuf *b, uint64_t v);
void decode_membarrier_flags(struct sbuf *b, uint64_t v);
/* An extensible struct's bytes past the `known` a decoder shows, `size`
 * given by the caller, `len` of them captured (up to `cap`): ", ???" when
 * unreadable, ", /\* bytes K..N *\/ "\x.."" when not all zero (strace) */
void put_struct_tail(struct sbuf *b, const uint8_t *p, size_t len, size_t known, uint64_t size,
		     size_t cap);
void decode_sock_flags(struct sbuf *b, uint64_t v);
void decode_handle_at_flags(struct sbuf *b, uint64_t v);
void decode_umount_flags(struct sbuf *b, uint64_t v);
void decode_splice_flags(struct sbuf *b, uint64_t v);
void decode_sync_file_range_flags(struct sbuf *b, uint64_t v);
void decode_grnd(struct sbuf *b, uint64_t v);
/* kexec_load's architecture and flags, kexec_file_load's flags */
void decode_kexec_flags(struct sbuf *b, uint64_t v);
void decode_kexec_file_flags(struct sbuf *b, uint64_t v);
/* _sysctl's arguments; struct user_desc (whole, or entry_number and "...") */
void decode_sysctl_args(struct sbuf *b, const uint8_t *p, size_t len);
void decode_user_desc(struct sbuf *b, const uint8_t *p, bool whole);

/*
 * Whole calls, from a syscall record (bpf/event.h) and its captures: what
 * the formatter (src/output/) prints between the name and the result.
 * These use the formatter's services (-s, -y decorations) of
 * src/output/internal.h.
 */
struct formatter;
struct ev_syscall;
struct syscall_desc;
/* landlock.c: either call's attribute */
void put_landlock_attr(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		       const struct ev_syscall *e, size_t size, int i);
struct cap;

/* args.c: a call's arguments, from its record */
void put_call(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
	      size_t size);
/* ...as strace shows a call that never returned: its arguments up to the
 * first one the call writes ("read(0, "); true when that is all of them
 * (nothing was left for the return: "kill(1, SIGKILL" gets no
 * "<unfinished ...>") */
bool put_call_at_entry(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		       size_t size);
void put_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
	     const struct ev_syscall *e, size_t size, int i);
int shown_args(const struct syscall_desc *d, const struct ev_syscall *e);
void put_dumps(struct sbuf *b, const struct ev_syscall *e, size_t size);
/* "NULL" or the address */
void put_ptr(struct sbuf *b, uint64_t v);
/* %#lx: the number in hex, 0 without the prefix (stat.c) */
void put_hex0(struct sbuf *b, uint64_t v);
void put_hex0_32(struct sbuf *b, uint64_t v);	/* of the low 32 bits */
void decode_unshare_flags(struct sbuf *b, uint64_t v);
void decode_nstype(struct sbuf *b, uint64_t v);
void decode_reboot_magic(struct sbuf *b, uint64_t v);
void decode_reboot_cmd(struct sbuf *b, uint64_t v);
void put_reboot_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		    const struct ev_syscall *e, size_t size, int i);
void decode_timezone(struct sbuf *b, const uint8_t *p, size_t len);
void put_kcmp_idx(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i);
/* arrays.c: arrays as strace's print_array shows them */
void put_array_c(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		 const struct ev_syscall *e, size_t size, int i);
void put_io_events(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		   const struct ev_syscall *e, size_t size, int i);
void decode_iocb_head(struct sbuf *b, const uint8_t *p, size_t len);
/* io_uring_register's argument by opcode (arrays.c) */
void put_uring_register_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
			    const struct ev_syscall *e, size_t size, int i);
/* io_submit's array of iocbs (aio.c) */
void put_iocbs(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
	       const struct ev_syscall *e, size_t size, int i);
/* One capture and its bytes; the captures of argument i in order, as
 * many as fit in refs[MAX_REFS] (net.c) */
struct capref {
	const struct cap *c;
	const char *data;
};
#define MAX_REFS 256
size_t collect_caps(const struct ev_syscall *e, size_t size, int i, struct capref *refs);
/* iovec captures (CAP_ELEM) among refs, cnt iovecs: "[{iov_base=...,
 * iov_len=N}, ...]", -s of them; `failed`: the bases without data */
void put_iov_refs(struct formatter *f, struct sbuf *b, const struct capref *refs, size_t n,
		  uint64_t cnt, bool failed);
void put_groups(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		const struct ev_syscall *e, size_t size, int i);
void put_futex_waitv(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		     const struct ev_syscall *e, size_t size, int i);
/* strings, buffers, argv and the environment, from their captures */
void put_string_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		    const struct ev_syscall *e, size_t size, int i);
void put_argv_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i);
void put_envp_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i);

/* kinds.c: argument i by its kind (src/syscalls/argkinds.def), and how
 * -X shows it as a number */
enum { XS_NONE = -1, XS_HEX, XS_DEC };
void put_arg_kind(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i);
int arg_kind_xlat(int kind);

/* calls whose arguments read each other: ioctl.c, net.c, process.c */
void put_ioctl_arg(struct sbuf *b, const struct ev_syscall *e, size_t size, int i);
bool ioctl_family_arg(struct sbuf *b, const struct ev_syscall *e, size_t size, int i);
void put_sockaddr(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i);
/* clone3's captures after its struct: set_tid's pids, the ints at pidfd
 * and parent_tid (NULL: not read) */
struct clone3_caps {
	const struct cap *el[3];
	const uint8_t *data[3];
	struct formatter *f;	/* -y: the pidfd's path */
	size_t size;		/* the record's */
};
void put_clone_args(struct sbuf *b, const struct ev_syscall *e, uint64_t size, const uint8_t *p,
		    size_t len, bool trunc, const struct clone3_caps *k);
/* quota.c: quotactl's and quotactl_fd's command, id and address, and
 * whether the command shows argument i (its id, its address) at all */
void decode_quota_cmd(struct sbuf *b, uint64_t v);
void put_quota_id(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i);
void put_quota_addr(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		    const struct ev_syscall *e, size_t size, int i);
bool quota_arg_hidden(const struct syscall_desc *d, const struct ev_syscall *e, int i);
/* arch_prctl.c: the second argument by option, how many arguments show
 * (ARCH_GET_CPUID: one), and ARCH_REQ_XCOMP_*'s mask result */
void put_arch_prctl_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
			const struct ev_syscall *e, size_t size, int i);
int arch_prctl_shown_args(const struct ev_syscall *e);
bool arch_prctl_result_hex(const struct ev_syscall *e);
void put_arch_prctl_result(struct sbuf *b, const struct ev_syscall *e);
void put_clone(struct formatter *f, struct sbuf *b, const struct ev_syscall *e, size_t size);
void put_futex(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
	       const struct ev_syscall *e, size_t size);
struct cap;
/* Captures of a syscall record, walked with bounds checks. */
struct capiter {
	const uint8_t *p, *end;
	unsigned left;
};
void cap_begin(struct capiter *it, const struct ev_syscall *e, size_t size);
bool cap_next(struct capiter *it, const struct cap **c, const char **data);
bool cap_find(const struct ev_syscall *e, size_t size, int arg, const struct cap **c,
	      const char **data);
/* ...read at entry (CAP_ENTRY), or at exit, and not faulted */
bool cap_entry(const struct ev_syscall *e, size_t size, int arg,
	       const struct cap **c, const char **data);
bool cap_exit(const struct ev_syscall *e, size_t size, int arg,
	      const struct cap **c, const char **data);
/* the capture of argument `arg` with all of `flags` set (CAP_ENTRY) */
bool cap_find_flagged(const struct ev_syscall *e, size_t size, int arg, int flags,
		      const struct cap **c, const char **data);

/* poll.c: poll, select, epoll; put_wait_arg is false for other kinds */
bool put_wait_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i);
void put_wait_result(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		     size_t size);

/* net.c: iovecs, msghdrs, socket options; false for other kinds */
bool put_msg_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		 const struct ev_syscall *e, size_t size, int i);

/* prctl.c: prctl's arguments and result; an argument's C string (a name,
 * a description: "out" when the call wrote it) */
void put_prctl(struct formatter *f, struct sbuf *b, const struct ev_syscall *e, size_t size);
void put_prctl_result(struct sbuf *b, const struct ev_syscall *e);
/* a result prctl's option prints in hex (PR_GET_SPECULATION_CTRL's flags) */
bool prctl_result_hex(const struct ev_syscall *e);
void put_cstr_arg(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		  size_t size, int i, bool out);
/* ptrace.c */
void put_ptrace(struct sbuf *b, const struct ev_syscall *e, size_t size);
/* seccomp.c */
void decode_seccomp_op(struct sbuf *b, uint64_t v);
void decode_seccomp_flags(struct sbuf *b, uint64_t v);
void decode_seccomp_mode(struct sbuf *b, uint64_t v);
/* sock_filter.c: classic BPF programs, whose constants depend on what
 * runs them */
enum bpf_filter_kind { FILTER_PLAIN, FILTER_SOCK, FILTER_SECCOMP };
/* one instruction (8 bytes) as BPF_STMT(...) / BPF_JUMP(...) */
void put_bpf_filter_insn(struct sbuf *b, const uint8_t *e, enum bpf_filter_kind kind);
void put_sock_filter_insn(struct sbuf *b, const uint8_t *e);
/* one eBPF instruction (struct bpf_insn) as {code=..., dst_reg=...} */
void put_ebpf_insn(struct sbuf *b, const uint8_t *e);
/* `count` instructions at addr, `len` bytes of them captured at p (cut:
 * the capture stopped before the program did) */
void put_bpf_filter(struct sbuf *b, uint64_t addr, uint32_t count, const uint8_t *p,
		    size_t len, bool cut, enum bpf_filter_kind kind);
/* argument i, a struct sock_fprog, and its program (a CAP_ELEM cap) */
void put_sock_fprog_arg(struct sbuf *b, const struct ev_syscall *e, size_t size, int i,
			enum bpf_filter_kind kind);
void decode_seccomp_args(struct sbuf *b, uint64_t op, const uint8_t *p, size_t len,
			 int64_t ret);
/* keys.c */
void put_keyctl(struct formatter *f, struct sbuf *b, const struct ev_syscall *e, size_t size);
void decode_key_serial(struct sbuf *b, uint64_t v);

/*
 * ioctl_dev.c: the device families' requests (ioctl_evdev.c, ioctl_v4l2.c,
 * ioctl_gpio.c, ioctl_kd.c, ...): a family names its requests and prints the third
 * argument of the ones it knows, from what the kernel side read there
 * (the request's _IOC_SIZE bytes, at least 40, at the call's exit).
 */
struct flag;
/* struct ioctl_call: above, with ioctl_sys.c's */
enum { IOCTL_NOT_MINE, IOCTL_SHOWN, IOCTL_NO_ARG };
struct ioctl_dev {
	const struct flag *names;	/* a name table, or NULL */
	size_t nnames;
	bool (*name)(struct sbuf *b, uint32_t req);	/* names built from parts */
	/* the argument: IOCTL_SHOWN when printed, IOCTL_NO_ARG for a request
	 * strace shows with two arguments (b is NULL then: asked only) */
	int (*arg)(struct sbuf *b, const struct ioctl_call *c);
};
bool ioctl_dev_name(struct sbuf *b, uint32_t req);
bool ioctl_dev_has_arg(uint32_t req);
bool ioctl_dev_arg(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		   size_t size, int i);
/* shared by the families: NULL or the address; whether the call read or
 * (after success) wrote n bytes there that were captured */
int ioctl_ptr(struct sbuf *b, const struct ioctl_call *c);
bool ioctl_in(const struct ioctl_call *c, size_t n);
bool ioctl_out(const struct ioctl_call *c, size_t n);
/* n elements of an array of unsigned ints of `size` bytes each, as
 * strace prints them: no more than -s without -v ("...") */
void ioctl_uarray(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p, size_t n,
		  size_t size, bool hex);
extern const struct ioctl_dev ioctl_dev_evdev, ioctl_dev_gpio, ioctl_dev_hdio, ioctl_dev_chardevs,
	ioctl_dev_lirc, ioctl_dev_rtc, ioctl_dev_ptp, ioctl_dev_kd, ioctl_dev_v4l2, ioctl_dev_other,
	ioctl_dev_termios;
/* ioctl_v4l2.c: VIDIOC_CREATE_BUFS's answer after its result, "42 ({index=0,
 * count=2})"; false: another request */
bool ioctl_v4l2_result(struct sbuf *b, const struct ev_syscall *e, size_t size);

#endif
