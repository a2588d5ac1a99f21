/* SPDX-License-Identifier: GPL-2.0 */
/* Shared inside src/output/ only: pieces of a line, JSON renderers. */
#ifndef STROBE_OUTPUT_INTERNAL_H
#define STROBE_OUTPUT_INTERNAL_H

#include "output.h"

struct syscall_desc;

void put_leader(struct formatter *f, struct sbuf *b, const struct ev_header *h);
void end_line(struct formatter *f, struct sbuf *b);
struct sbuf *formatter_buf(struct formatter *f);
bool formatter_json(const struct formatter *f);
int formatter_decode_fds(const struct formatter *f);
const struct tp_table *formatter_tracepoints(const struct formatter *f);
void formatter_count_malformed(struct formatter *f);
const struct uprog *formatter_uprobes(const struct formatter *f);

/* uprobe_line.c: --event user-space probes; library arguments decoded
 * by their AK_ kinds through the syscall decoders */
void format_uprobe(struct formatter *f, const struct ev_uprobe *e, size_t size);
struct lib_proto;
void put_lib_args(struct formatter *f, struct sbuf *b, const struct lib_proto *p,
		  const struct ev_uprobe *e, size_t size, bool named);
void put_lib_result(struct formatter *f, struct sbuf *b, const struct lib_proto *p,
		    const struct ev_uprobe *e, size_t size);

/* args.c */
void put_call(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
	      size_t size);
void put_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
	     const struct ev_syscall *e, size_t size, int i);
int shown_args(const struct syscall_desc *d, const struct ev_syscall *e);
void put_dumps(struct sbuf *b, const struct ev_syscall *e, size_t size);
/* "NULL" or the address */
void put_ptr(struct sbuf *b, uint64_t v);

/* callargs.c: calls whose arguments read each other */
void put_ioctl_arg(struct sbuf *b, const struct ev_syscall *e, size_t size, int i);
void put_sockaddr(struct sbuf *b, const struct syscall_desc *d, const struct ev_syscall *e,
		  size_t size, int i);
void put_clone_args(struct sbuf *b, const struct ev_syscall *e, const uint8_t *p, size_t len);
void put_clone(struct sbuf *b, const struct ev_syscall *e);
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
/* the capture of argument `arg` with all of `flags` set (CAP_ENTRY) */
bool cap_find_flagged(const struct ev_syscall *e, size_t size, int arg, int flags,
		      const struct cap **c, const char **data);

/* waits.c: poll, select, epoll; put_wait_arg is false for other kinds */
bool put_wait_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i);
void put_wait_result(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		     size_t size);

/* msgs.c: iovecs, msghdrs, socket options; false for other kinds */
bool put_msg_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		 const struct ev_syscall *e, size_t size, int i);

/* prctl.c */
void put_prctl(struct formatter *f, struct sbuf *b, const struct ev_syscall *e, size_t size);
void put_prctl_result(struct sbuf *b, const struct ev_syscall *e);

/* -y: "<path>" after an fd, when its path is known */
void put_fd_path(struct formatter *f, struct sbuf *b, uint32_t pid, int fd);
/* ...with `suffix` inside the brackets; false when the path is unknown */
bool put_fd_path_ex(struct formatter *f, struct sbuf *b, uint32_t pid, int fd,
		    const char *suffix);
/* fdinfo.c: -yy's "<TCP:[...]>" from the fd_info cap `capid`, else -y's
 * path */
bool put_fd_info(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		 size_t size, int capid, int fd);
void put_fd_decor(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		  size_t size, int capid, int fd);
int formatter_strsize(const struct formatter *f);

void json_head(struct formatter *f, struct sbuf *b, const char *type,
	       const struct ev_header *h);
void json_syscall(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		  size_t size, bool unfinished);
void json_signal(struct formatter *f, struct sbuf *b, const struct ev_signal *s);
void json_exit(struct formatter *f, struct sbuf *b, const struct ev_exit *x);
void format_tracepoint(struct formatter *f, const struct ev_tp *e, size_t size);

#endif
