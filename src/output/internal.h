/* SPDX-License-Identifier: GPL-2.0 */
/* Shared by the formatter's pieces (src/output/) and the decoders of whole
 * calls (src/decode/): pieces of a line, fd decorations, JSON renderers. */
#ifndef STROBE_OUTPUT_INTERNAL_H
#define STROBE_OUTPUT_INTERNAL_H

#include "output.h"
#include "../decode/decode.h"

struct syscall_desc;

void put_leader(struct formatter *f, struct sbuf *b, const struct ev_header *h);

/* ustack.c: -i and -k, each call's pointer and stack beside its line */
struct fmt_ustacks;
struct fmt_ustacks *fus_new(bool stacks, bool source, bool live);
void fus_free(struct fmt_ustacks *f);
void fus_record(struct fmt_ustacks *f, const struct ev_ustack *e, size_t size);
void fus_maps(struct fmt_ustacks *f, const struct ev_maps *m, size_t size);
void fus_begin(struct fmt_ustacks *f, const struct ev_header *h, uint8_t sc_flags);
void fus_put_ip(struct fmt_ustacks *f, struct sbuf *b, const struct ev_header *h);
void fus_put_stack(struct fmt_ustacks *f, struct sbuf *b, bool noreturn);
void fus_end(struct fmt_ustacks *f);
void fus_exit(struct fmt_ustacks *f, struct sbuf *b, const struct ev_exit *x);
uint64_t fus_unmapped(const struct fmt_ustacks *f);
uint64_t fus_cut(const struct fmt_ustacks *f);
bool fus_seen(const struct fmt_ustacks *f);
void end_line(struct formatter *f, struct sbuf *b);
struct sbuf *formatter_buf(struct formatter *f);
bool formatter_json(const struct formatter *f);
int formatter_decode_fds(const struct formatter *f);
/* DFD_* of output.h: what -e decode-fds= shows */
unsigned formatter_fd_set(const struct formatter *f);
/* -Y, --decode-pids=pidns: "<comm>" and the pid in strobe's namespace
 * after a thread's or process's id that thread tid passes */
void formatter_put_pid(struct formatter *f, struct sbuf *b, uint32_t tid, long pid);
/* ...after a process group's or session's id: the pid namespace's only
 * (strace names no process for those) */
void formatter_put_pgid(struct formatter *f, struct sbuf *b, uint32_t tid, long pgid);
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

/* fdpaths.c: what /proc/PID/fd/N says of the fds a call creates without
 * a path (syscall_desc.fdkind): "socket:", ...; NULL when unknown */
const char *fdkind_prefix(int fdkind);
/* -y: "<path>" after an fd, when its path is known */
void put_fd_path(struct formatter *f, struct sbuf *b, uint32_t pid, int fd);
/* -y's path of an fd, NULL when unknown (or no -y) */
const char *fd_path_of(struct formatter *f, uint32_t pid, int fd);
/* ...with `suffix` inside the brackets; false when the path is unknown */
bool put_fd_path_ex(struct formatter *f, struct sbuf *b, uint32_t pid, int fd,
		    const char *suffix);
/* fdinfo.c: -yy's "<TCP:[...]>" from the fd_info cap `capid`, else -y's
 * path */
bool put_fd_info(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		 size_t size, int capid, int fd);
void put_fd_decor(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		  size_t size, int capid, int fd);
/* pidfd_getfd's new fd: its path, when it can be known (-y) */
void learn_getfd(struct formatter *f, const struct ev_syscall *e, size_t size);
bool fd_info_anon_path(const struct ev_syscall *e, size_t size, int capid, int fd,
		       char *out, size_t n);
int formatter_strsize(const struct formatter *f);
int formatter_arraysize(const struct formatter *f);

void json_head(struct formatter *f, struct sbuf *b, const char *type,
	       const struct ev_header *h);
void json_syscall(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		  size_t size, bool unfinished);
void json_signal(struct formatter *f, struct sbuf *b, const struct ev_signal *s);
void json_exit(struct formatter *f, struct sbuf *b, const struct ev_exit *x);
void format_tracepoint(struct formatter *f, const struct ev_tp *e, size_t size);

#endif
