// SPDX-License-Identifier: GPL-2.0
/*
 * One argument's text, as strace prints it: by the argument's kind, from
 * its value and, for strings, buffers and structs, from what the kernel
 * side captured (walked with bounds checks: records may come from files).
 */
#include <string.h>

#include "../output/internal.h"
#include "decode.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"

bool cap_next(struct capiter *it, const struct cap **c, const char **data)
{
	const struct cap *cc;

	if (!it->left || it->p + sizeof(*cc) > it->end)
		return false;
	cc = (const struct cap *)it->p;
	if (it->p + CAP_SIZE(cc->len) > it->end)
		return false;
	*c = cc;
	*data = (const char *)(it->p + sizeof(*cc));
	it->p += CAP_SIZE(cc->len);
	it->left--;
	return true;
}

void cap_begin(struct capiter *it, const struct ev_syscall *e, size_t size)
{
	it->p = (const uint8_t *)(e + 1);
	it->end = (const uint8_t *)e + size;
	it->left = e->ncaps;
}

bool cap_find(const struct ev_syscall *e, size_t size, int arg,
		     const struct cap **c, const char **data)
{
	struct capiter it;

	cap_begin(&it, e, size);
	while (cap_next(&it, c, data))
		if ((*c)->arg == arg && !((*c)->flags & (CAP_ARGV | CAP_ENTRY)))
			return true;
	return false;
}

bool cap_entry(const struct ev_syscall *e, size_t size, int arg,
	       const struct cap **c, const char **data)
{
	return cap_find_flagged(e, size, arg, CAP_ENTRY, c, data) && !((*c)->flags & CAP_FAULT);
}

bool cap_exit(const struct ev_syscall *e, size_t size, int arg,
	      const struct cap **c, const char **data)
{
	return cap_find(e, size, arg, c, data) && !((*c)->flags & CAP_FAULT);
}

bool cap_find_flagged(const struct ev_syscall *e, size_t size, int arg, int flags,
		      const struct cap **c, const char **data)
{
	struct capiter it;

	cap_begin(&it, e, size);
	while (cap_next(&it, c, data))
		if ((*c)->arg == arg && ((*c)->flags & flags) == flags)
			return true;
	return false;
}

void put_ptr(struct sbuf *b, uint64_t v)
{
	if (v)
		sbuf_hex(b, v);
	else
		sbuf_puts(b, "NULL");
}

struct nl_pid_ctx {
	struct formatter *f;
	uint32_t tid, pid;
};

/* a netlink message's nlmsg_pid, as any pid a call passes */
static void nl_pid_decor(void *ctx, struct sbuf *b, long pid)
{
	struct nl_pid_ctx *c = ctx;

	formatter_put_pid(c->f, b, c->tid, pid);
}

/* an fd in a netlink message, as any fd argument with -y */
static void nl_fd_decor(void *ctx, struct sbuf *b, int fd)
{
	struct nl_pid_ctx *c = ctx;

	put_fd_path(c->f, b, c->pid, fd);
}

void put_string_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		    const struct ev_syscall *e, size_t size, int i)
{
	const struct cap *c;
	const char *data;
	size_t max = formatter_strsize(f);

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	/* a list of xattr names asked for its size only (0 bytes): strace
	 * shows the address */
	/* ...and a value longer than the kernel's XATTR_SIZE_MAX (65536):
	 * strace does not read it */
	if (!cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT) ||
	    (strstr(d->name, "listxattr") && d->args[i].len_arg > 0 &&
	     !e->args[d->args[i].len_arg]) ||
	    (strstr(d->name, "setxattr") && d->args[i].len_arg > 0 &&
	     e->args[d->args[i].len_arg] > 65536)) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	/* a netlink socket's messages (the kernel side read them whole) */
	if (d->args[i].kind == AK_BUF && AUX2_NL_PROTO(e->aux2) >= 0 &&
	    (d->args[i].dir == ARG_OUT ? e->ret >= 0 : d->args[i].len_arg > 0)) {
		struct nl_pid_ctx pc = { f, e->h.tid, e->h.pid };

		decode_netlink(b, AUX2_NL_PROTO(e->aux2), (const uint8_t *)data, c->len, e->args[i],
			       d->args[i].dir == ARG_OUT ? (uint64_t)e->ret : e->args[d->args[i].len_arg],
			       max, nl_pid_decor, nl_fd_decor, &pc);
		return;
	}
	if (c->flags & CAP_DUMP) {	/* captured whole for the dump: -s of it here */
		decode_string(b, data, c->len < max ? c->len : max,
			      c->len > max || (c->flags & CAP_TRUNC));
		return;
	}
	/* a buffer the call wrote holds no more than its size argument says,
	 * whatever the result (getxattr's size query into a 0-byte buffer) */
	size_t len = c->len;
	int la = d->args[i].len_arg;

	if (d->args[i].dir == ARG_OUT && la > 0 && la < d->nargs && e->args[la] < len)
		len = e->args[la];
	bool cut = (c->flags & CAP_TRUNC) && len == c->len;

	/* an xattr value: strace leaves out a NUL that ends what it shows,
	 * and then marks no cut ("AAA" for "AAA\0"; 31 characters for a long
	 * value whose 32nd byte is NUL); with -x or -xx the NUL makes it hex,
	 * and stays */
	if (d->args[i].kind == AK_BUF && strstr(d->name, "xattr") && !strstr(d->name, "list") &&
	    len && !data[len - 1] && decode_hex() != 1 && decode_hex() != 2) {
		len--;
		cut = false;
	}
	decode_string(b, data, len, cut);
}

/* -e read=/write=: " | 00000  68 65 6c 6c ...  hell... |" lines after the
 * call's line, for each buffer captured whole */
static void put_hex_lines(struct sbuf *b, const char *data, size_t len)
{
	for (size_t off = 0; off < len; off += 16) {
		char ascii[17];
		size_t n = len - off < 16 ? len - off : 16;

		sbuf_printf(b, " | %05zx  ", off);
		for (size_t j = 0; j < 16; j++) {
			unsigned char ch = j < n ? (unsigned char)data[off + j] : ' ';

			if (j < n)
				sbuf_printf(b, "%02x ", ch);
			else
				sbuf_puts(b, "   ");
			if (j == 7)
				sbuf_putc(b, ' ');
			ascii[j] = j < n ? (ch >= 0x20 && ch < 0x7f ? (char)ch : '.') : ' ';
		}
		ascii[16] = 0;
		sbuf_printf(b, " %s |\n", ascii);
	}
}

/* An iovec array (AK_IOV) the kernel side stopped reading at a page
 * boundary, short of its count and of IOV_CAP_MAX: strace reads the array
 * whole for the dump, fails, and dumps none of it (a failed pwritev) */
static bool iov_arg_cut(const struct ev_syscall *e, size_t size, int arg)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	struct capiter it;
	const struct cap *c;
	const char *data;
	uint64_t k = 0, cnt;

	if (!d || arg >= d->nargs || d->args[arg].kind != AK_IOV)
		return false;
	cnt = e->args[d->args[arg].len_arg];
	cap_begin(&it, e, size);
	while (cap_next(&it, &c, &data))
		k += c->arg == arg && (c->flags & CAP_ELEM) && c->len >= 16;
	return k < cnt && k < IOV_CAP_MAX && !((e->args[arg] + k * 16) & 4095);
}

/* Whether the call's iovecs were captured for the dump: a CAP_DUMP
 * element among its captures */
static bool dumping_mmsg(const struct ev_syscall *e, size_t size)
{
	struct capiter it;
	const struct cap *c;
	const char *data;

	cap_begin(&it, e, size);
	while (cap_next(&it, &c, &data))
		if ((c->flags & (CAP_ELEM | CAP_DUMP)) == (CAP_ELEM | CAP_DUMP))
			return true;
	return false;
}

/* A buffer's lines; an iovec's (CAP_ELEM: its data after base and
 * length) after strace's " * N bytes in buffer K".  A failed write's
 * too, as strace dumps what it was given; a failed read has nothing
 * captured, or empty iovecs. */
void put_dumps(struct sbuf *b, const struct ev_syscall *e, size_t size)
{
	struct capiter it;
	const struct cap *c;
	const char *data;
	int elem = 0, ended = -1, vec = 0;
	bool mmsg = e->nr == NR_sendmmsg || e->nr == NR_recvmmsg;

	cap_begin(&it, e, size);
	while (cap_next(&it, &c, &data)) {
		size_t len = c->len;

		/* sendmmsg/recvmmsg: each message's header (its msghdr and
		 * msg_len, 64 bytes) opens a vector of the dump */
		if (mmsg && c->arg == 1 && !(c->flags & (CAP_ELEM | CAP_NAME | CAP_CTRL)) &&
		    c->len >= 64 && !(c->flags & CAP_FAULT) && dumping_mmsg(e, size)) {
			uint64_t iovlen;

			memcpy(&iovlen, data + 24, 8);
			sbuf_printf(b, " = %llu buffers in vector %d\n", (unsigned long long)iovlen,
				    vec++);
			elem = 0;
			ended = -1;
			continue;
		}
		if (!(c->flags & CAP_DUMP))
			continue;
		if (c->flags & CAP_ELEM) {
			if (len < 16 || c->arg == ended)
				continue;
			if (iov_arg_cut(e, size, c->arg)) {
				ended = c->arg;
				continue;
			}
			if (c->flags & CAP_FAULT) {
				/* a buffer it cannot read (writev's EFAULT):
				 * strace names it, at its length, and dumps
				 * nothing of it */
				uint64_t iovlen;

				memcpy(&iovlen, data + 8, 8);
				if (!iovlen)
					ended = c->arg;
				else
					sbuf_printf(b, " * %llu bytes in buffer %d\n",
						    (unsigned long long)iovlen, elem++);
				continue;
			}
			data += 16;
			len -= 16;
			/* strace 6.1 ends a vector's dump at its first empty
			 * buffer (an iov_len of 0, or the data used up before
			 * it), even when later buffers hold data */
			if (!len) {
				ended = c->arg;
				continue;
			}
			sbuf_printf(b, " * %zu bytes in buffer %d\n", len, elem++);
		} else if (c->flags & CAP_FAULT) {
			continue;
		}
		put_hex_lines(b, data, len);
		if (c->flags & CAP_TRUNC)
			sbuf_printf(b, " | (strobe dumps the first %zu bytes)\n", len);
	}
}

/*
 * argv (and with -v the environment): `total` strings, or for argv (-1)
 * those captured and the count in e->aux2 more; `unterm`: the array ran
 * into memory that could not be read after them.  As strace: a string it
 * could not read is its pointer (the cap holds it), an array it could not
 * read at all is its address, and one that ends unreadable ends in
 * "... /\* address *\/".
 */
static void put_argv(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		     size_t size, int i, int64_t total, bool unterm)
{
	struct capiter it;
	const struct cap *c;
	const char *data;
	int64_t more = total < 0 ? e->aux2 & ~EXEC_UNTERM_ARGV : 0;
	int n = 0, got = 0;

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	cap_begin(&it, e, size);
	while (cap_next(&it, &c, &data)) {
		if (c->arg != i || !(c->flags & CAP_ARGV))
			continue;
		got++;
		/* strace shows -s elements at most, all of them with -v */
		if (n == formatter_strsize(f) && !decode_verbose()) {
			more = 1;
			continue;
		}
		sbuf_puts(b, n++ ? ", " : "[");
		if ((c->flags & CAP_FAULT) && c->len == 8) {
			uint64_t p;

			memcpy(&p, data, 8);
			sbuf_hex(b, p);
		} else if (c->flags & CAP_FAULT) {
			sbuf_puts(b, "???");
		} else {
			decode_string(b, data, c->len, c->flags & CAP_TRUNC);
		}
	}
	if (!n && !(e->flags & EVF_ENTRY)) {
		/* not captured (a lost entry half): the pointer is all we have */
		sbuf_hex(b, e->args[i]);
		return;
	}
	if (total < 0)
		total = got + more;
	else if (got < total)
		more = 1;
	if (unterm && !total) {		/* not even its first pointer */
		sbuf_hex(b, e->args[i]);
		return;
	}
	if (!n)
		sbuf_putc(b, '[');
	if (unterm && n == total) {
		sbuf_puts(b, n ? ", ... /* " : "... /* ");
		sbuf_hex(b, e->args[i] + 8 * (uint64_t)total);
		sbuf_puts(b, " */");
	} else if (more) {
		sbuf_puts(b, n ? ", ..." : "...");
	}
	sbuf_putc(b, ']');
}

void put_argv_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i)
{
	put_argv(f, b, e, size, i, -1, e->aux2 & EXEC_UNTERM_ARGV);
}

/* The environment: its strings with -v, else the pointer and how many */
void put_envp_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i)
{
	struct capiter it;
	const struct cap *c;
	const char *data;
	bool captured = false, unterm = e->aux & EXEC_UNTERM_ENV;
	uint32_t count = e->aux & ~EXEC_UNTERM_ENV;
	uint64_t v = e->args[i];

	cap_begin(&it, e, size);
	while (!captured && cap_next(&it, &c, &data))
		captured = c->arg == i && (c->flags & CAP_ARGV);
	/* (-e abbrev=SET captures it anyway; an empty one has nothing to) */
	if (v && (captured || (!count && (e->flags & EVF_ENTRY))) && decode_verbose()) {
		put_argv(f, b, e, size, i, count, unterm);
		return;
	}
	put_ptr(b, v);
	/* strace counts none of an array it cannot read at all */
	if (v && (e->flags & EVF_ENTRY) && (count || !unterm)) {
		sbuf_puts(b, " /* ");
		sbuf_u64(b, count);
		sbuf_puts(b, count == 1 ? " var" : " vars");
		sbuf_puts(b, unterm ? ", unterminated */" : " */");
	}
}

/*
 * -Y, --decode-pids=pidns: the arguments that hold an id: PID_THREAD for
 * a thread's or a process's (strace's PT_TID and PT_TGID: "<comm>" and
 * the pid namespace's comment), PID_GROUP for a process group's or a
 * session's (the comment only); who depends on which for some calls
 */
enum { PID_NONE, PID_THREAD, PID_GROUP };

static int pid_arg(const struct ev_syscall *e, int i)
{
	static const struct { short nr; unsigned char mask, group; } calls[] = {
		{ NR_kill, 1, 0 }, { NR_tkill, 1, 0 }, { NR_tgkill, 3, 0 },
		{ NR_rt_sigqueueinfo, 1, 0 }, { NR_rt_tgsigqueueinfo, 3, 0 },
		{ NR_pidfd_open, 1, 0 }, { NR_setpgid, 1, 2 },
		{ NR_getpgid, 1, 0 }, { NR_getsid, 1, 0 }, { NR_sched_setparam, 1, 0 },
		{ NR_sched_getparam, 1, 0 }, { NR_sched_setscheduler, 1, 0 },
		{ NR_sched_getscheduler, 1, 0 }, { NR_sched_setaffinity, 1, 0 },
		{ NR_sched_getaffinity, 1, 0 }, { NR_sched_setattr, 1, 0 },
		{ NR_sched_getattr, 1, 0 }, { NR_sched_rr_get_interval, 1, 0 },
		{ NR_prlimit64, 1, 0 }, { NR_kcmp, 3, 0 },
		{ NR_process_vm_readv, 1, 0 }, { NR_process_vm_writev, 1, 0 },
		{ NR_get_robust_list, 1, 0 }, { NR_migrate_pages, 1, 0 },
		{ NR_move_pages, 1, 0 }, { NR_process_madvise, 0, 0 }, { NR_wait4, 1, 0 },
	};

	/* getpriority, setpriority: PRIO_PROCESS, PRIO_PGRP; ioprio_*:
	 * IOPRIO_WHO_PROCESS, IOPRIO_WHO_PGRP */
	if ((e->nr == NR_getpriority || e->nr == NR_setpriority) && i == 1)
		return (uint32_t)e->args[0] == 0 ? PID_THREAD :
		       (uint32_t)e->args[0] == 1 ? PID_GROUP : PID_NONE;
	if ((e->nr == NR_ioprio_get || e->nr == NR_ioprio_set) && i == 1)
		return (uint32_t)e->args[0] == 1 ? PID_THREAD :
		       (uint32_t)e->args[0] == 2 ? PID_GROUP : PID_NONE;
	/* waitid: P_PID, P_PGID */
	if (e->nr == NR_waitid && i == 1)
		return (uint32_t)e->args[0] == 1 ? PID_THREAD :
		       (uint32_t)e->args[0] == 2 ? PID_GROUP : PID_NONE;
	for (size_t k = 0; k < sizeof(calls) / sizeof(calls[0]); k++)
		if (calls[k].nr == e->nr)
			return (calls[k].group >> i) & 1 ? PID_GROUP :
			       (calls[k].mask >> i) & 1 ? PID_THREAD : PID_NONE;
	return PID_NONE;
}

void put_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
	     const struct ev_syscall *e, size_t size, int i)
{
	int kind = d->args[i].kind, xs = arg_kind_xlat(kind);
	uint64_t v = e->args[i];
	size_t mark = b->len;

	decode_siginfo_pids(f, e->h.tid);
	put_arg_kind(f, b, d, e, size, i);
	decode_siginfo_pids(NULL, 0);
	/* pidfd_getfd's fd of the other process: strace decorates it as
	 * the file it is, which the new fd is too */
	if (e->nr == NR_pidfd_getfd && i == 1 && e->ret >= 0 && !(e->flags & EVF_ENTRY)) {
		learn_getfd(f, e, size);
		put_fd_decor(f, b, e, size, FDI_RESULT, (int)e->ret);
	}
	if ((int32_t)v > 0) {
		int pk = pid_arg(e, i);

		if (pk == PID_THREAD)
			formatter_put_pid(f, b, e->h.tid, (int32_t)v);
		else if (pk == PID_GROUP)
			formatter_put_pgid(f, b, e->h.tid, (int32_t)v);
	}
	if (xs == XS_NONE || decode_xlat() == XLAT_ABBREV)
		return;
	/* -X raw|verbose: the number, or both; int arguments: the low half */
	xlat_finish(b, mark, xs == XS_DEC ? (uint64_t)(int64_t)(int32_t)v : (uint32_t)v,
		    xs == XS_DEC ? XF_DEC : XF_HEX);
	if (kind == AK_DIRFD)
		put_fd_decor(f, b, e, size, FDI_ARG + i, (int32_t)v);
}

/* How many arguments strace shows: open's mode only with O_CREAT/O_TMPFILE. */
int shown_args(const struct syscall_desc *d, const struct ev_syscall *e)
{
	if (d->nargs && d->args[0].kind == AK_ARCH_PRCTL)
		return arch_prctl_shown_args(e);
	/* reboot: its string only with LINUX_REBOOT_CMD_RESTART2 */
	if (d->nargs == 4 && d->args[3].kind == AK_REBOOT_ARG && (uint32_t)e->args[2] != 0xa1b2c3d4)
		return 3;
	/* kcmp: the indexes only of KCMP_FILE, KCMP_EPOLL_TFD and unknown types */
	if (d->nargs > 3 && d->args[3].kind == AK_KCMP_IDX &&
	    (uint32_t)e->args[2] >= 1 && (uint32_t)e->args[2] <= 6)
		return 3;
	for (int i = 0; i < d->nargs; i++) {
		if (d->args[i].kind == AK_FCNTL_ARG && i > 0 && !fcntl_cmd_has_arg(e->args[i - 1]))
			return i;
		if (d->args[i].kind == AK_IOCTL_ARG && i > 0 && !ioctl_req_has_arg(e->args[i - 1]))
			return i;
		if (d->args[i].kind == AK_OPEN_MODE && i > 0 &&
		    !(e->args[i - 1] & (0100 | 020000000)))
			return i;
		/* mq_open's mode and attributes only with O_CREAT */
		if (d->args[i].kind == AK_MQ_OPEN_ATTR && !(e->args[i - 2] & 0100))
			return i - 1;
		/* mknod's device only for character and block devices */
		if (d->args[i].kind == AK_MKNOD_DEV && i > 0 &&
		    (e->args[i - 1] & 0170000) != 0020000 && (e->args[i - 1] & 0170000) != 0060000)
			return i;
		/* syslog's buffer and length only for the actions that use them;
		 * kcmp's indexes only for the types that take them */
		if (d->args[i].kind == AK_SYSLOG_TYPE && !syslog_type_has_args(e->args[i]))
			return i + 1;
		if (d->args[i].kind == AK_KCMP_TYPE && !kcmp_type_has_idx(e->args[i]))
			return i + 1;
		/* membarrier's cpu_id only with MEMBARRIER_CMD_FLAG_CPU */
		if (d->args[i].kind == AK_MEMBARRIER_FLAGS && !(e->args[i] & 1))
			return i + 1;
		/* mremap's new address only with MREMAP_FIXED */
		if (d->args[i].kind == AK_MREMAP_FLAGS && !(e->args[i] & 2))
			return i + 1;
	}
	return d->nargs;
}

/* put_call, or with `at_entry` what strace shows of a call that never
 * returned: the arguments before the first one the call writes, and
 * ", " if that one is cut off ("read(0, "); false if one is. */
static bool read_at_entry(const struct syscall_arg *a)
{
	struct arg_capture c;

	return arg_capture(a, &c) && c.entry;
}

static bool put_call_as(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
			size_t size, bool at_entry)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	int n, k;

	if (!d || (d->flags & SCF_NO_FORMAT)) {
		if (d) {
			sbuf_puts(b, d->name);
		} else {
			sbuf_puts(b, "syscall_");
			sbuf_hex(b, (uint32_t)e->nr);
		}
		sbuf_putc(b, '(');
		for (int i = 0; i < 6; i++) {
			if (i)
				sbuf_puts(b, ", ");
			sbuf_hex(b, e->args[i]);
		}
		return true;
	}
	sbuf_puts(b, d->name);
	sbuf_putc(b, '(');
	if (d->nargs == 5 && d->args[0].kind == AK_CLONE_FLAGS) {
		put_clone(f, b, e, size);
		return true;
	}
	if (d->args[0].kind == AK_PRCTL_OPTION) {
		put_prctl(f, b, e, size);
		return true;
	}
	if (d->args[0].kind == AK_KEYCTL_CMD) {
		put_keyctl(f, b, e, size);
		return true;
	}
	if (d->args[0].kind == AK_PTRACE_REQ) {
		put_ptrace(b, e, size);
		return true;
	}
	if (d->nargs == 6 && d->args[1].kind == AK_FUTEX_OP) {
		put_futex(f, b, d, e, size);
		return true;
	}
	n = shown_args(d, e);
	/* at entry: the arguments up to the first the call writes, but for
	 * those also read at entry (select's fd sets, its timeout: strace
	 * shows what was given) */
	for (k = 0; at_entry && k < n && (d->args[k].dir != ARG_OUT || read_at_entry(&d->args[k]));
	     k++)
		;
	for (int i = 0, shown = 0; i < (at_entry ? k : n); i++) {
		/* (quotactl's id and address: shown by command, not as a tail) */
		if (d->args[i].kind == AK_SKIP || quota_arg_hidden(d, e, i))
			continue;
		if (shown++)
			sbuf_puts(b, ", ");
		put_arg(f, b, d, e, size, i);
	}
	if (at_entry && k < n && k > 0)
		sbuf_puts(b, ", ");
	if (!at_entry)
		return true;
	/* complete when nothing was left for the exit: no argument the call
	 * writes (a timeout shown as given is also shown as left), and not
	 * poll, whose answer follows its result ("= 1 ([{fd=3, revents=...}])") */
	for (int i = 0; i < n; i++)
		if (d->args[i].dir == ARG_OUT || d->args[i].kind == AK_POLLFDS)
			return false;
	return k == n;
}

void put_call(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
	      size_t size)
{
	put_call_as(f, b, e, size, false);
}

bool put_call_at_entry(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		       size_t size)
{
	return put_call_as(f, b, e, size, true);
}

