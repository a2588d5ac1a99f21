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
/* "{si_signo=SIGCHLD, si_code=CLD_EXITED, ...}" from the kernel's siginfo. */
void decode_siginfo(struct sbuf *b, int sig, const uint8_t *info);
/* "+++ exited with 1 +++" / "+++ killed by SIGSEGV (core dumped) +++" */
void decode_exit_status(struct sbuf *b, int status);

/* A quoted, escaped string as strace prints it; "..." after it if cut. */
void decode_string(struct sbuf *b, const char *s, size_t len, bool truncated);
/* -x (1): strings with a non-printable byte all in \xNN; -xx (2): every
 * string.  Process-wide, set once from the command line. */
void decode_set_hex(int level);

/* -X: constants by name (abbrev), as numbers (raw), or both (verbose).
 * Decoders that print names take a mark (b->len) first and call
 * xlat_finish with the value after printing. */
enum { XLAT_ABBREV, XLAT_RAW, XLAT_VERBOSE };
enum xlat_fmt { XF_HEX, XF_DEC, XF_UDEC, XF_OCT };
void decode_set_xlat(int style);
/* -v: structs in full, the environment of execve (strace's -v) */
void decode_set_verbose(bool on);
bool decode_verbose(void);
int decode_xlat(void);
void xlat_finish(struct sbuf *b, size_t mark, uint64_t v, enum xlat_fmt fmt);

/* Flags and enums. */
void decode_open_flags(struct sbuf *b, uint64_t v);
void decode_mmap_prot(struct sbuf *b, uint64_t v);
void decode_mmap_flags(struct sbuf *b, uint64_t v);
void decode_access_mode(struct sbuf *b, uint64_t v);
void decode_at_flags(struct sbuf *b, uint64_t v, const char *syscall);
void decode_whence(struct sbuf *b, uint64_t v);
void decode_dirfd(struct sbuf *b, int64_t v);

/* Structs captured from the process (x86_64 layouts). */
void decode_mode(struct sbuf *b, uint32_t mode);
void decode_stat(struct sbuf *b, const uint8_t *p, size_t len);
void decode_statx(struct sbuf *b, const uint8_t *p, size_t len);
void decode_statx_attrs(struct sbuf *b, uint64_t a);
void decode_statx_mask_field(struct sbuf *b, uint32_t v);
void decode_makedev(struct sbuf *b, uint64_t dev);
/* statfull.c: every field (-v) */
void decode_stat_full(struct sbuf *b, const uint8_t *p, size_t len);
void decode_statx_full(struct sbuf *b, const uint8_t *p, size_t len);
/* after a time, its date in a comment: 1970-01-01T00:00:05.000000007+0000 */
void decode_date(struct sbuf *b, int64_t sec, uint32_t nsec);
/* sysstructs.c */
void decode_utsname(struct sbuf *b, const uint8_t *p, size_t len, bool verbose);
void decode_sysinfo(struct sbuf *b, const uint8_t *p, size_t len);
void decode_statfs(struct sbuf *b, const uint8_t *p, size_t len);
void decode_dirents64(struct sbuf *b, const uint8_t *p, size_t len, uint64_t total);
void decode_timespec(struct sbuf *b, const uint8_t *p, size_t len);
void decode_sigaction(struct sbuf *b, const uint8_t *p, size_t len);
void decode_sigset(struct sbuf *b, uint64_t mask);
void decode_rlimit(struct sbuf *b, const uint8_t *p, size_t len);
void decode_wait_status(struct sbuf *b, const uint8_t *p, size_t len);
void decode_sockaddr(struct sbuf *b, const uint8_t *p, size_t len);

/* waits.c: poll, select, epoll.  decode_pollfds prints n entries (those
 * with revents only, when `revents`), at most `max`; returns how many. */
int decode_pollfds(struct sbuf *b, const uint8_t *p, size_t len, size_t n, bool revents,
		   int max);
void decode_fdset(struct sbuf *b, const uint8_t *p, size_t len, int nfds);
bool fdset_empty(const uint8_t *p, size_t len, int nfds);
void decode_epoll_event(struct sbuf *b, const uint8_t *p);
void decode_epoll_events(struct sbuf *b, uint32_t v);
void decode_epoll_op(struct sbuf *b, uint64_t v);
void decode_timeval(struct sbuf *b, const uint8_t *p, size_t len);

/* sockopt.c */
void decode_sockopt_level(struct sbuf *b, uint64_t v);
void decode_sockopt_name(struct sbuf *b, uint64_t level, uint64_t v);
void decode_msg_flags(struct sbuf *b, uint64_t v);
void decode_cmsgs(struct sbuf *b, const uint8_t *p, size_t len);
/* fileflags.c */
void decode_flock_op(struct sbuf *b, uint64_t v);
void decode_rename_flags(struct sbuf *b, uint64_t v);
void decode_xattr_flags(struct sbuf *b, uint64_t v);
void decode_inotify_init_flags(struct sbuf *b, uint64_t v);
void decode_inotify_mask(struct sbuf *b, uint64_t v);
void decode_eventfd_flags(struct sbuf *b, uint64_t v);
void decode_memfd_flags(struct sbuf *b, uint64_t v);
void decode_seals(struct sbuf *b, uint64_t v);
void decode_open_how(struct sbuf *b, const uint8_t *p, size_t len);
void decode_utimes(struct sbuf *b, const uint8_t *p, size_t len);

/* sysflags.c */
void decode_mount_flags(struct sbuf *b, uint64_t v);
void decode_umount_flags(struct sbuf *b, uint64_t v);
void decode_splice_flags(struct sbuf *b, uint64_t v);
void decode_mlockall_flags(struct sbuf *b, uint64_t v);
void decode_sync_file_range_flags(struct sbuf *b, uint64_t v);
void decode_pidfd_flags(struct sbuf *b, uint64_t v);
void decode_personality(struct sbuf *b, uint64_t v);

/* ipc.c */
void decode_ipc_key(struct sbuf *b, uint64_t v);
void decode_ipc_get_flags(struct sbuf *b, uint64_t v);
void decode_shmat_flags(struct sbuf *b, uint64_t v);
void decode_ipc_cmd(struct sbuf *b, uint64_t v, int which);
void decode_sembufs(struct sbuf *b, const uint8_t *p, size_t len, size_t n);
void decode_msg_ipc_flags(struct sbuf *b, uint64_t v);
void decode_msgbuf(struct sbuf *b, const uint8_t *p, size_t len, size_t msgsz, size_t max);
void decode_mq_attr(struct sbuf *b, const uint8_t *p, size_t len);

/* termios.c */
void decode_termios(struct sbuf *b, const uint8_t *p, size_t len);
void decode_winsize(struct sbuf *b, const uint8_t *p, size_t len);

/* procflags.c */
void decode_stack(struct sbuf *b, const uint8_t *p, size_t len);
void decode_cap_header(struct sbuf *b, const uint8_t *p, size_t len);
void decode_cap_data(struct sbuf *b, const uint8_t *p, size_t len);
void decode_prio_which(struct sbuf *b, uint64_t v);
void decode_idtype(struct sbuf *b, uint64_t v);
void decode_sched_policy(struct sbuf *b, uint64_t v);
void decode_signalfd_flags(struct sbuf *b, uint64_t v);

/* timestructs.c */
void decode_itimer(struct sbuf *b, const uint8_t *p, size_t len, bool usec);
void decode_sigevent(struct sbuf *b, const uint8_t *p, size_t len);
void decode_rusage(struct sbuf *b, const uint8_t *p, size_t len);
void decode_tms(struct sbuf *b, const uint8_t *p, size_t len);
void decode_cpumask(struct sbuf *b, const uint8_t *p, size_t len);
void decode_tfd_flags(struct sbuf *b, uint64_t v);
void decode_tfd_timer_flags(struct sbuf *b, uint64_t v);
void decode_itimer_which(struct sbuf *b, uint64_t v);
void decode_rusage_who(struct sbuf *b, uint64_t v);
void decode_msync_flags(struct sbuf *b, uint64_t v);
void decode_mremap_flags(struct sbuf *b, uint64_t v);

/* prctl.c */
void decode_prctl_option(struct sbuf *b, uint64_t v);
void decode_capability(struct sbuf *b, uint64_t v);
void decode_dumpable(struct sbuf *b, uint64_t v);
void decode_pr_tsc(struct sbuf *b, uint64_t v);
void decode_pr_cap_ambient(struct sbuf *b, uint64_t v);

/* Enums and flags. */
void decode_clockid(struct sbuf *b, uint64_t v);
void decode_timer_flags(struct sbuf *b, uint64_t v);
void decode_sigmask_how(struct sbuf *b, uint64_t v);
void decode_rlimit_resource(struct sbuf *b, uint64_t v);
void decode_arch_prctl(struct sbuf *b, uint64_t v);
void decode_wait_options(struct sbuf *b, uint64_t v);
void decode_clone_flags(struct sbuf *b, uint64_t v);
void decode_statx_mask(struct sbuf *b, uint64_t v);
void decode_ioctl_req(struct sbuf *b, uint64_t v);
void decode_fcntl_cmd(struct sbuf *b, uint64_t v);
bool fcntl_cmd_has_arg(uint64_t cmd);
void decode_fcntl_arg(struct sbuf *b, uint64_t cmd, uint64_t v);
bool decode_fcntl_result(struct sbuf *b, uint64_t cmd, int64_t ret);
void decode_fd_flags(struct sbuf *b, uint64_t v);
void decode_sock_family(struct sbuf *b, uint64_t v);
void decode_sock_type(struct sbuf *b, uint64_t v);
void decode_sock_proto(struct sbuf *b, uint64_t family, uint64_t v);
void decode_madvise(struct sbuf *b, uint64_t v);
void decode_fadvise(struct sbuf *b, uint64_t v);
void decode_grnd(struct sbuf *b, uint64_t v);
void decode_epoll_flags(struct sbuf *b, uint64_t v);
/* Bytes as "\x41\x16..." (strace's hex form, for random data). */
void decode_string_hex(struct sbuf *b, const char *s, size_t len, bool truncated);

#endif
