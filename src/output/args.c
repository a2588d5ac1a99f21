// SPDX-License-Identifier: GPL-2.0
/*
 * One argument's text, as strace prints it: by the argument's kind, from
 * its value and, for strings, buffers and structs, from what the kernel
 * side captured (walked with bounds checks: records may come from files).
 */
#include <string.h>

#include "output.h"
#include "internal.h"
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"

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

static void put_string_arg(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
			   size_t size, int i)
{
	const struct cap *c;
	const char *data;
	size_t max = formatter_strsize(f);

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (!cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT)) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	if (c->flags & CAP_DUMP)	/* captured whole for the dump: -s of it here */
		decode_string(b, data, c->len < max ? c->len : max,
			      c->len > max || (c->flags & CAP_TRUNC));
	else
		decode_string(b, data, c->len, c->flags & CAP_TRUNC);
}

/* -e read=/write=: " | 00000  68 65 6c 6c ...  hell... |" lines after the
 * call's line, for each buffer captured whole */
void put_dumps(struct sbuf *b, const struct ev_syscall *e, size_t size)
{
	struct capiter it;
	const struct cap *c;
	const char *data;

	cap_begin(&it, e, size);
	while (cap_next(&it, &c, &data)) {
		if (!(c->flags & CAP_DUMP) || (c->flags & CAP_FAULT))
			continue;
		for (size_t off = 0; off < c->len; off += 16) {
			char ascii[17];
			size_t n = c->len - off < 16 ? c->len - off : 16;

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
		if (c->flags & CAP_TRUNC)
			sbuf_printf(b, " | (strobe dumps the first %u bytes)\n", c->len);
	}
}

/* argv (and with -v the environment): `total` strings, or for argv (-1)
 * those captured and e->aux2 more */
static void put_argv(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		     size_t size, int i, int64_t total)
{
	struct capiter it;
	const struct cap *c;
	const char *data;
	bool more = total < 0 ? e->aux2 : false;
	int n = 0;

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	cap_begin(&it, e, size);
	while (cap_next(&it, &c, &data)) {
		if (c->arg != i || !(c->flags & CAP_ARGV))
			continue;
		/* strace shows -s elements at most, all of them with -v */
		if (n == formatter_strsize(f) && !decode_verbose()) {
			more = true;
			break;
		}
		sbuf_puts(b, n++ ? ", " : "[");
		if (c->flags & CAP_FAULT)
			sbuf_puts(b, "???");
		else
			decode_string(b, data, c->len, c->flags & CAP_TRUNC);
	}
	if (!n && !(e->flags & EVF_ENTRY)) {
		/* not captured (a lost entry half): the pointer is all we have */
		sbuf_hex(b, e->args[i]);
		return;
	}
	if (total >= 0 && n < total)
		more = true;
	if (!n)
		sbuf_putc(b, '[');
	if (more)
		sbuf_puts(b, n ? ", ..." : "...");
	sbuf_putc(b, ']');
}

/* A struct the kernel side captured whole; its pointer if it could not. */
static void put_struct(struct sbuf *b, int kind, const struct ev_syscall *e, size_t size,
		       int i)
{
	const struct cap *c;
	const char *data;
	int ck, want;

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (!arg_struct_capture(kind, &ck, &want) || !cap_find(e, size, i, &c, &data) ||
	    (c->flags & CAP_FAULT) || c->len < want) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	const uint8_t *p = (const uint8_t *)data;
	uint64_t mask;

	switch (kind) {
	case AK_STAT: decode_stat(b, p, c->len); break;
	case AK_TIMESPEC_IN: case AK_TIMESPEC_OUT: decode_timespec(b, p, c->len); break;
	case AK_SIGACTION_IN: case AK_SIGACTION_OUT: decode_sigaction(b, p, c->len); break;
	case AK_SIGSET_IN: case AK_SIGSET_OUT:
		memcpy(&mask, p, sizeof(mask));
		decode_sigset(b, mask);
		break;
	case AK_RLIMIT_IN: case AK_RLIMIT_OUT: decode_rlimit(b, p, c->len); break;
	case AK_WAIT_STATUS: decode_wait_status(b, p, c->len); break;
	case AK_STATX: decode_statx(b, p, c->len); break;
	case AK_UTSNAME: decode_utsname(b, p, c->len, decode_verbose()); break;
	case AK_SYSINFO: decode_sysinfo(b, p, c->len); break;
	case AK_STATFS: decode_statfs(b, p, c->len); break;
	case AK_CLONE_ARGS: put_clone_args(b, e, p, c->len); break;
	case AK_TIMEVAL_IN: case AK_TIMEVAL_OUT: decode_timeval(b, p, c->len); break;
	case AK_ITIMERSPEC_IN: case AK_ITIMERSPEC_OUT: decode_itimer(b, p, c->len, false); break;
	case AK_ITIMERVAL_IN: case AK_ITIMERVAL_OUT: decode_itimer(b, p, c->len, true); break;
	case AK_SIGEVENT: decode_sigevent(b, p, c->len); break;
	case AK_RUSAGE: decode_rusage(b, p, c->len); break;
	case AK_TMS: decode_tms(b, p, c->len); break;
	case AK_MQ_ATTR: case AK_MQ_ATTR_OUT: decode_mq_attr(b, p, c->len); break;
	case AK_OPEN_HOW: decode_open_how(b, p, c->len); break;
	case AK_STACK_IN: case AK_STACK_OUT: decode_stack(b, p, c->len); break;
	case AK_SIGINFO_IN: case AK_SIGINFO_OUT:
		if (c->len < 48 || !(p[0] | p[1] | p[2] | p[3]))
			sbuf_puts(b, "{}");	/* no signal: strace shows nothing of it */
		else
			decode_siginfo(b, 0, p);
		break;
	case AK_CAP_HEADER: decode_cap_header(b, p, c->len); break;
	case AK_CAP_DATA_IN: case AK_CAP_DATA_OUT: decode_cap_data(b, p, c->len); break;
	case AK_INT_IN: {
		int32_t n;

		memcpy(&n, p, sizeof(n));
		sbuf_printf(b, "[%d]", n);
		break;
	}
	case AK_UTIMES: decode_utimes(b, p, c->len); break;
	case AK_INT_OUT: {
		int32_t n;

		memcpy(&n, p, sizeof(n));
		sbuf_printf(b, "[%d]", n);
		break;
	}
	case AK_SIGFRAME_MASK:
		memcpy(&mask, p, sizeof(mask));
		sbuf_puts(b, "{mask=");
		decode_sigset(b, mask);
		sbuf_putc(b, '}');
		break;
	case AK_FD_PAIR: {
		int32_t fds[2];

		memcpy(fds, p, sizeof(fds));
		sbuf_printf(b, "[%d, %d]", fds[0], fds[1]);
		break;
	}
	default: sbuf_hex(b, e->args[i]);
	}
}

/* -X raw|verbose: how each kind's value is shown as a number, if it is
 * one shown by name (-1: not such a kind). */
static int xlat_fmt_of(int kind)
{
	switch (kind) {
	case AK_SIGNAL: case AK_DIRFD:
		return XF_DEC;
	case AK_OPEN_FLAGS: case AK_PROT: case AK_MMAP_FLAGS: case AK_ACCESS_MODE:
	case AK_AT_FLAGS: case AK_WHENCE: case AK_STATX_MASK: case AK_CLOCKID:
	case AK_TIMER_FLAGS: case AK_SIGMASK_HOW: case AK_RLIMIT_RESOURCE: case AK_ARCH_PRCTL:
	case AK_WAIT_OPTIONS: case AK_CLONE_FLAGS: case AK_IOCTL_REQ: case AK_FCNTL_CMD:
	case AK_SOCK_FAMILY: case AK_SOCK_TYPE: case AK_SOCK_PROTO: case AK_MADV: case AK_FADV:
	case AK_GRND: case AK_EPOLL_FLAGS: case AK_FD_FLAGS: case AK_SOCK_FLAGS:
	case AK_EPOLL_OP: case AK_MSG_FLAGS: case AK_SOCKOPT_LEVEL: case AK_SOCKOPT_NAME:
	case AK_TFD_FLAGS: case AK_TFD_TIMER_FLAGS: case AK_ITIMER_WHICH: case AK_RUSAGE_WHO:
	case AK_MSYNC_FLAGS: case AK_MREMAP_FLAGS: case AK_FLOCK_OP: case AK_RENAME_FLAGS:
	case AK_XATTR_FLAGS: case AK_INOTIFY_INIT_FLAGS: case AK_INOTIFY_MASK:
	case AK_EVENTFD_FLAGS: case AK_MEMFD_FLAGS: case AK_SIGNALFD_FLAGS: case AK_PRIO_WHICH:
	case AK_SCHED_POLICY: case AK_IDTYPE: case AK_SHMAT_FLAGS: case AK_SHM_CMD:
	case AK_MSG_CMD: case AK_SEM_CMD: case AK_MSG_IPC_FLAGS: case AK_MOUNT_FLAGS:
	case AK_UMOUNT_FLAGS: case AK_SPLICE_FLAGS: case AK_MLOCKALL_FLAGS: case AK_SFR_FLAGS:
	case AK_PIDFD_FLAGS:
		return XF_HEX;
	}
	return -1;
}

static void put_arg_text(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
			 const struct ev_syscall *e, size_t size, int i);

void put_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
	     const struct ev_syscall *e, size_t size, int i)
{
	int kind = d->args[i].kind, fmt = xlat_fmt_of(kind);
	uint64_t v = e->args[i];
	size_t mark = b->len;

	if (fmt < 0 || decode_xlat() == XLAT_ABBREV) {
		put_arg_text(f, b, d, e, size, i);
		return;
	}
	if (kind == AK_DIRFD)
		decode_dirfd(b, v);
	else
		put_arg_text(f, b, d, e, size, i);
	/* int arguments: the low half of the register */
	xlat_finish(b, mark, fmt == XF_DEC ? (uint64_t)(int64_t)(int32_t)v :
			     kind == AK_CLONE_FLAGS ? v : (uint32_t)v, fmt);
	if (kind == AK_DIRFD)
		put_fd_decor(f, b, e, size, FDI_ARG + i, (int32_t)v);
}

static void put_arg_text(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
			 const struct ev_syscall *e, size_t size, int i)
{
	uint64_t v = e->args[i];

	if (put_wait_arg(f, b, d, e, size, i) || put_msg_arg(f, b, d, e, size, i))
		return;
	switch (d->args[i].kind) {
	case AK_INT: sbuf_s64(b, (int32_t)v); break;
	case AK_FD:
		sbuf_s64(b, (int32_t)v);
		put_fd_decor(f, b, e, size, FDI_ARG + i, (int32_t)v);
		break;
	case AK_LONG: sbuf_s64(b, (int64_t)v); break;
	case AK_UINT: sbuf_u64(b, (uint32_t)v); break;
	case AK_ULONG: sbuf_u64(b, v); break;
	case AK_HEX: if (v) sbuf_hex(b, v); else sbuf_putc(b, '0'); break;	/* %#lx */
	case AK_PTR: put_ptr(b, v); break;
	case AK_DIRFD:
		decode_dirfd(b, v);
		put_fd_decor(f, b, e, size, FDI_ARG + i, (int32_t)v);	/* AT_FDCWD: the cwd */
		break;
	case AK_PATH: case AK_STR: case AK_BUF_IN: case AK_BUF_OUT: case AK_STR_OUT:
		put_string_arg(f, b, e, size, i);
		break;
	case AK_OPEN_FLAGS: decode_open_flags(b, v); break;
	case AK_OPEN_MODE: case AK_MODE: sbuf_oct(b, (uint32_t)v); break;
	case AK_PROT: decode_mmap_prot(b, v); break;
	case AK_MMAP_FLAGS: decode_mmap_flags(b, v); break;
	case AK_OFF: if (v) sbuf_hex(b, v); else sbuf_putc(b, '0'); break;
	case AK_ACCESS_MODE: decode_access_mode(b, (uint32_t)v); break;
	case AK_AT_FLAGS: decode_at_flags(b, (uint32_t)v, d->name); break;
	case AK_ARGV: put_argv(f, b, e, size, i, -1); break;
	case AK_ENVP: {
		struct capiter it;
		const struct cap *c;
		const char *data;
		bool captured = false;

		/* -v: the strings, when they were captured */
		cap_begin(&it, e, size);
		while (!captured && cap_next(&it, &c, &data))
			captured = c->arg == i && (c->flags & CAP_ARGV);
		if (v && captured) {
			put_argv(f, b, e, size, i, e->aux);
			break;
		}
		put_ptr(b, v);
		if (v && (e->flags & EVF_ENTRY)) {
			sbuf_puts(b, " /* ");
			sbuf_u64(b, e->aux);
			sbuf_puts(b, e->aux == 1 ? " var */" : " vars */");
		}
		break;
	}
	case AK_SIGNAL:
		if ((int32_t)v)
			decode_signal(b, (int32_t)v);
		else
			sbuf_putc(b, '0');
		break;
	case AK_WHENCE: decode_whence(b, (uint32_t)v); break;
	case AK_STAT: case AK_TIMESPEC_IN: case AK_TIMESPEC_OUT: case AK_SIGACTION_IN:
	case AK_SIGACTION_OUT: case AK_SIGSET_IN: case AK_SIGSET_OUT: case AK_RLIMIT_IN:
	case AK_RLIMIT_OUT: case AK_WAIT_STATUS: case AK_STATX: case AK_UTSNAME:
	case AK_SYSINFO: case AK_STATFS: case AK_SIGFRAME_MASK: case AK_CLONE_ARGS:
	case AK_TIMEVAL_IN: case AK_TIMEVAL_OUT: case AK_ITIMERSPEC_IN: case AK_ITIMERSPEC_OUT:
	case AK_ITIMERVAL_IN: case AK_ITIMERVAL_OUT: case AK_SIGEVENT: case AK_RUSAGE:
	case AK_TMS: case AK_INT_OUT: case AK_OPEN_HOW: case AK_UTIMES: case AK_STACK_IN:
	case AK_STACK_OUT: case AK_SIGINFO_IN: case AK_SIGINFO_OUT: case AK_CAP_HEADER:
	case AK_CAP_DATA_IN: case AK_CAP_DATA_OUT: case AK_INT_IN: case AK_MQ_ATTR:
	case AK_MQ_ATTR_OUT:
		put_struct(b, d->args[i].kind, e, size, i);
		break;
	case AK_GROUPS_OUT: case AK_GROUPS_IN: {
		const struct cap *c;
		const char *data;

		if (!v) {
			sbuf_puts(b, "NULL");
		} else if (d->args[i].kind == AK_GROUPS_OUT && e->ret == 0) {
			sbuf_puts(b, "[]");
		} else if ((d->args[i].kind == AK_GROUPS_OUT && e->ret < 0) ||
			   !cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT)) {
			sbuf_hex(b, v);
		} else {
			sbuf_putc(b, '[');
			for (size_t k = 0; k + 4 <= c->len; k += 4) {
				uint32_t g;

				memcpy(&g, data + k, 4);
				sbuf_printf(b, k ? ", %u" : "%u", g);
			}
			sbuf_putc(b, ']');
		}
		break;
	}
	case AK_SIGNALFD_FLAGS: decode_signalfd_flags(b, v); break;
	case AK_IPC_KEY: decode_ipc_key(b, v); break;
	case AK_MOUNT_FLAGS: decode_mount_flags(b, v); break;
	case AK_UMOUNT_FLAGS: decode_umount_flags(b, v); break;
	case AK_SPLICE_FLAGS: decode_splice_flags(b, v); break;
	case AK_MLOCKALL_FLAGS: decode_mlockall_flags(b, v); break;
	case AK_SFR_FLAGS: decode_sync_file_range_flags(b, v); break;
	case AK_PIDFD_FLAGS: decode_pidfd_flags(b, v); break;
	case AK_PERSONALITY: decode_personality(b, v); break;
	case AK_IPC_GET_FLAGS: decode_ipc_get_flags(b, v); break;
	case AK_SHMAT_FLAGS: decode_shmat_flags(b, v); break;
	case AK_SHM_CMD: decode_ipc_cmd(b, v, 's'); break;
	case AK_MSG_CMD: decode_ipc_cmd(b, v, 'm'); break;
	case AK_SEM_CMD: decode_ipc_cmd(b, v, 'e'); break;
	case AK_MSG_IPC_FLAGS: decode_msg_ipc_flags(b, v); break;
	case AK_SEMBUFS: case AK_MSGBUF_IN: case AK_MSGBUF_OUT: {
		const struct cap *c;
		const char *data;
		int kind = d->args[i].kind;
		uint64_t n = e->args[d->args[i].len_arg];

		if (!v)
			sbuf_puts(b, "NULL");
		else if ((kind == AK_MSGBUF_OUT && e->ret < 0) || !cap_find(e, size, i, &c, &data) ||
			 (c->flags & CAP_FAULT))
			sbuf_hex(b, v);
		else if (kind == AK_SEMBUFS)
			decode_sembufs(b, (const uint8_t *)data, c->len, n);
		else
			decode_msgbuf(b, (const uint8_t *)data, c->len, n, formatter_strsize(f));
		break;
	}
	case AK_PRIO_WHICH: decode_prio_which(b, v); break;
	case AK_SCHED_POLICY: decode_sched_policy(b, v); break;
	case AK_IDTYPE: decode_idtype(b, v); break;
	case AK_FLOCK_OP: decode_flock_op(b, v); break;
	case AK_RENAME_FLAGS: decode_rename_flags(b, v); break;
	case AK_XATTR_FLAGS: decode_xattr_flags(b, v); break;
	case AK_INOTIFY_INIT_FLAGS: decode_inotify_init_flags(b, v); break;
	case AK_INOTIFY_MASK: decode_inotify_mask(b, v); break;
	case AK_EVENTFD_FLAGS: decode_eventfd_flags(b, v); break;
	case AK_MEMFD_FLAGS: decode_memfd_flags(b, v); break;
	case AK_MKNOD_MODE: decode_mode(b, (uint32_t)v); break;
	case AK_MKNOD_DEV: decode_makedev(b, v); break;
	case AK_CPUMASK: case AK_CPUMASK_IN: {
		const struct cap *c;
		const char *data;

		if (!v)
			sbuf_puts(b, "NULL");
		else if ((d->args[i].kind == AK_CPUMASK && e->ret < 0) ||
			 !cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT))
			sbuf_hex(b, v);
		else
			decode_cpumask(b, (const uint8_t *)data, c->len);
		break;
	}
	case AK_TFD_FLAGS: decode_tfd_flags(b, v); break;
	case AK_TFD_TIMER_FLAGS: decode_tfd_timer_flags(b, v); break;
	case AK_ITIMER_WHICH: decode_itimer_which(b, v); break;
	case AK_RUSAGE_WHO: decode_rusage_who(b, v); break;
	case AK_MSYNC_FLAGS: decode_msync_flags(b, v); break;
	case AK_MREMAP_FLAGS: decode_mremap_flags(b, v); break;
	case AK_FUTEX_OP:
		sbuf_hex(b, (uint32_t)v);	/* in context: put_futex */
		break;
	case AK_STATX_MASK: decode_statx_mask(b, v); break;
	case AK_CLOCKID: decode_clockid(b, v); break;
	case AK_TIMER_FLAGS: decode_timer_flags(b, v); break;
	case AK_SIGMASK_HOW: decode_sigmask_how(b, v); break;
	case AK_RLIMIT_RESOURCE: decode_rlimit_resource(b, v); break;
	case AK_ARCH_PRCTL: decode_arch_prctl(b, v); break;
	case AK_WAIT_OPTIONS: decode_wait_options(b, v); break;
	case AK_CLONE_FLAGS: decode_clone_flags(b, v); break;
	case AK_IOCTL_REQ: decode_ioctl_req(b, v); break;
	case AK_IOCTL_ARG:
		put_ioctl_arg(b, e, size, i);
		break;
	case AK_FCNTL_CMD: decode_fcntl_cmd(b, v); break;
	case AK_FCNTL_ARG: decode_fcntl_arg(b, i ? e->args[i - 1] : 0, v); break;
	case AK_SOCK_FAMILY: decode_sock_family(b, v); break;
	case AK_SOCK_TYPE: decode_sock_type(b, v); break;
	case AK_SOCK_PROTO: decode_sock_proto(b, e->args[0], v); break;
	case AK_MADV: decode_madvise(b, v); break;
	case AK_FADV: decode_fadvise(b, v); break;
	case AK_GRND: decode_grnd(b, v); break;
	case AK_EPOLL_FLAGS: decode_epoll_flags(b, v); break;
	case AK_FD_FLAGS: decode_fd_flags(b, v); break;
	case AK_SOCKADDR_IN: case AK_SOCKADDR_OUT: case AK_SOCKLEN:
		put_sockaddr(b, d, e, size, i);
		break;
	case AK_SOCK_FLAGS: {
		/* SOCK_CLOEXEC and SOCK_NONBLOCK, as in socket(2)'s type */
		uint64_t t = (uint32_t)v;

		if (!t)
			sbuf_putc(b, '0');
		else if (t & 0xf)
			sbuf_hex(b, t);
		else {
			struct sbuf tmp;

			sbuf_init(&tmp, 64);
			decode_sock_type(&tmp, t);
			/* drop the type name decode_sock_type leads with */
			const char *bar = memchr(tmp.p, '|', tmp.len);
			sbuf_mem(b, bar ? bar + 1 : tmp.p, bar ? tmp.len - (bar + 1 - tmp.p) : tmp.len);
			sbuf_free(&tmp);
		}
		break;
	}
	case AK_DIRENTS: {
		const struct cap *c;
		const char *data;

		if (v && e->ret >= 0 && cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT)) {
			/* -v: the entries (getdents64's layout) */
			decode_dirents64(b, (const uint8_t *)data, c->len, (uint64_t)e->ret);
			break;
		}
		if (v && e->ret == 0 && decode_verbose() && e->nr == 217) {
			sbuf_puts(b, "[]");	/* -v: no entries */
			break;
		}
		put_ptr(b, v);
		if (e->ret >= 0 && !(e->flags & (EVF_UNFINISHED | EVF_RESUMED)))
			sbuf_printf(b, " /* %u entries */", e->aux);
		break;
	}
	case AK_FD_PAIR: {
		const struct cap *c;
		const char *data;
		int32_t fds[2];

		if (!v || e->ret < 0 || !cap_find(e, size, i, &c, &data) ||
		    (c->flags & CAP_FAULT) || c->len < sizeof(fds)) {
			put_struct(b, d->args[i].kind, e, size, i);
			break;
		}
		memcpy(fds, data, sizeof(fds));
		for (int k = 0; k < 2; k++) {
			sbuf_printf(b, k ? ", %d" : "[%d", fds[k]);
			put_fd_decor(f, b, e, size, FDI_PAIR + k, fds[k]);
		}
		sbuf_putc(b, ']');
		break;
	}
	case AK_BUF_OUT_HEX: {
		const struct cap *c;
		const char *data;

		if (!v)
			sbuf_puts(b, "NULL");
		else if (!cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT))
			sbuf_hex(b, v);
		else
			decode_string_hex(b, data, c->len, c->flags & CAP_TRUNC);
		break;
	}
	default: sbuf_hex(b, v); break;
	}
}

/* How many arguments strace shows: open's mode only with O_CREAT/O_TMPFILE. */
int shown_args(const struct syscall_desc *d, const struct ev_syscall *e)
{
	for (int i = 0; i < d->nargs; i++) {
		if (d->args[i].kind == AK_FCNTL_ARG && i > 0 && !fcntl_cmd_has_arg(e->args[i - 1]))
			return i;
		if (d->args[i].kind == AK_OPEN_MODE && i > 0 &&
		    !(e->args[i - 1] & (0100 | 020000000)))
			return i;
		/* mknod's device only for character and block devices */
		if (d->args[i].kind == AK_MKNOD_DEV && i > 0 &&
		    (e->args[i - 1] & 0170000) != 0020000 && (e->args[i - 1] & 0170000) != 0060000)
			return i;
		/* mremap's new address only with MREMAP_FIXED */
		if (d->args[i].kind == AK_MREMAP_FLAGS && !(e->args[i] & 2))
			return i + 1;
	}
	return d->nargs;
}

void put_call(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
	      size_t size)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	int n;

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
		return;
	}
	sbuf_puts(b, d->name);
	sbuf_putc(b, '(');
	if (d->nargs == 5 && d->args[0].kind == AK_CLONE_FLAGS) {
		put_clone(b, e);
		return;
	}
	if (d->args[0].kind == AK_PRCTL_OPTION) {
		put_prctl(f, b, e, size);
		return;
	}
	if (d->nargs == 6 && d->args[1].kind == AK_FUTEX_OP) {
		put_futex(f, b, d, e, size);
		return;
	}
	n = shown_args(d, e);
	for (int i = 0; i < n; i++) {
		if (i)
			sbuf_puts(b, ", ");
		put_arg(f, b, d, e, size, i);
	}
}

