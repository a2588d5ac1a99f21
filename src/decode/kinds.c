// SPDX-License-Identifier: GPL-2.0
/*
 * The decoder of each argument kind, dispatched from the one table of
 * kinds (src/syscalls/argkinds.def).  The decoders of whole families live
 * in the family files of src/decode/ (flags, structs, poll.c, net.c); the
 * ones here are what a single kind needs around them: the NULL pointer,
 * the capture that failed, the fd's path, the direction.
 */
#include <errno.h>
#include <string.h>

#include "../output/internal.h"
#include "decode.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"

#define ARGS struct formatter *f, struct sbuf *b, const struct syscall_desc *d, \
	     const struct ev_syscall *e, size_t size, int i

typedef void v_fn(struct sbuf *b, uint64_t v);
typedef void s_fn(struct sbuf *b, const uint8_t *p, size_t len);
typedef void c_fn(ARGS);

static bool written(const struct syscall_desc *d, int i)
{
	return d->args[i].dir == ARG_OUT;
}

/* The bytes captured for argument i, at least `min` of them; NULL, after
 * printing "NULL" or the address, when there are none (not captured,
 * unreadable, short, or written by a call that failed). */
static const uint8_t *arg_bytes(struct sbuf *b, const struct syscall_desc *d,
				const struct ev_syscall *e, size_t size, int i, size_t min,
				size_t *len)
{
	const struct cap *c;
	const char *data;

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return NULL;
	}
	if ((written(d, i) && e->ret < 0) || !cap_find(e, size, i, &c, &data) ||
	    (c->flags & CAP_FAULT) || c->len < min) {
		sbuf_hex(b, e->args[i]);
		return NULL;
	}
	*len = c->len;
	return (const uint8_t *)data;
}

/* a struct: at least its kind's size */
static const uint8_t *struct_bytes(struct sbuf *b, const struct syscall_desc *d,
				   const struct ev_syscall *e, size_t size, int i,
				   size_t *len)
{
	return arg_bytes(b, d, e, size, i, arg_kind_size(d->args[i].kind), len);
}

/* numbers: ints arrive in 64-bit registers whose upper half the ABI leaves
 * undefined, so 32-bit kinds print the low half */
static void put_int(struct sbuf *b, uint64_t v) { sbuf_s64(b, (int32_t)v); }
static void put_long(struct sbuf *b, uint64_t v) { sbuf_s64(b, (int64_t)v); }
static void put_uint(struct sbuf *b, uint64_t v) { sbuf_u64(b, (uint32_t)v); }
/* a user or group id: (uid_t)-1, "leave it as it is", prints as -1 */
static void put_id(struct sbuf *b, uint64_t v)
{
	if ((uint32_t)v == 0xffffffffu)
		sbuf_puts(b, "-1");
	else
		sbuf_u64(b, (uint32_t)v);
}
/* a mode as strace prints it: at least three digits, "000", "022", "0644" */
/* strace prints every mode as the kernel's 16-bit umode_t, umask's int too */
static void put_oct16(struct sbuf *b, uint64_t v) { sbuf_printf(b, "%#03o", (uint16_t)v); }
static void put_hex32(struct sbuf *b, uint64_t v) { sbuf_hex(b, (uint32_t)v); }
static void put_mode32(struct sbuf *b, uint64_t v) { decode_mode(b, (uint32_t)v); }
static void put_shm_cmd(struct sbuf *b, uint64_t v) { decode_ipc_cmd(b, v, 's'); }
static void put_msg_cmd(struct sbuf *b, uint64_t v) { decode_ipc_cmd(b, v, 'm'); }
static void put_sem_cmd(struct sbuf *b, uint64_t v) { decode_ipc_cmd(b, v, 'e'); }

static void put_signal_arg(struct sbuf *b, uint64_t v)
{
	if ((int32_t)v)
		decode_signal(b, (int32_t)v);
	else
		sbuf_putc(b, '0');
}

/* SOCK_CLOEXEC and SOCK_NONBLOCK, as in socket(2)'s type */
static void put_fd_arg(ARGS)
{
	sbuf_s64(b, (int32_t)e->args[i]);
	/* AT_FDCWD is a dirfd's: a plain fd of -100 has no path (strace) */
	if ((int32_t)e->args[i] >= 0)
		put_fd_decor(f, b, e, size, FDI_ARG + i, (int32_t)e->args[i]);
}

static void put_dirfd_arg(ARGS)
{
	if (e->nr == NR_fanotify_mark && (int32_t)e->args[i] == -1)
		sbuf_puts(b, "FAN_NOFD");	/* -X: -1 (the kind's DEC) */
	else
		decode_dirfd(b, e->args[i]);
	/* AT_FDCWD: the cwd; with -X the decor follows the number (put_arg) */
	if (decode_xlat() == XLAT_ABBREV)
		put_fd_decor(f, b, e, size, FDI_ARG + i, (int32_t)e->args[i]);
}

static void put_at_flags(ARGS)
{
	decode_at_flags(b, (uint32_t)e->args[i], d->name);
}

static void put_fcntl_arg(ARGS)
{
	uint64_t cmd = i ? e->args[i - 1] : 0;
	const struct cap *c;
	const char *data;

	/* the lock commands' struct flock, read at exit (F_GETLK's answer) */
	if (fcntl_cmd_takes_flock(cmd) && cap_find(e, size, i, &c, &data) &&
	    !(c->flags & CAP_FAULT) && c->len >= 32 && !(e->ret < 0 && fcntl_cmd_gets_flock(cmd))) {
		decode_flock(b, (const uint8_t *)data, fcntl_cmd_gets_flock(cmd));
		return;
	}
	/* F_SETOWN_EX, F_GETOWN_EX (its answer) */
	if (((uint32_t)cmd == 15 || ((uint32_t)cmd == 16 && e->ret >= 0)) &&
	    cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT) && c->len >= 8) {
		decode_f_owner_ex(b, (const uint8_t *)data);
		return;
	}
	decode_fcntl_arg(b, cmd, e->args[i]);
}

/* "[0]" as the call got it; sendfile's moved by a successful call also
 * " => [3]" */
static void put_loff_c(ARGS)
{
	const struct cap *c;
	const char *data;
	int64_t before, after;

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (!cap_entry(e, size, i, &c, &data) || c->len < 8) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	memcpy(&before, data, 8);
	/* sendfile's offset is unsigned in strace's lines */
	sbuf_printf(b, d->args[i].kind == AK_LOFF_INOUT ? "[%llu]" : "[%lld]", (long long)before);
	if (d->args[i].kind == AK_LOFF_INOUT && e->ret > 0 && cap_exit(e, size, i, &c, &data) &&
	    c->len >= 8) {
		memcpy(&after, data, 8);
		sbuf_printf(b, " => [%llu]", (unsigned long long)after);
	}
}

static void put_sock_proto(ARGS)
{
	decode_sock_proto(b, e->args[0], e->args[i]);
}

static void put_ioctl_arg_c(ARGS)
{
	if (!ioctl_dev_arg(f, b, e, size, i) && !ioctl_sys_arg(f, b, e, size, i))
		put_ioctl_arg(b, e, size, i);
}

static void put_sockaddr_c(ARGS)
{
	put_sockaddr(f, b, d, e, size, i);
}

static void put_wait_arg_c(ARGS)
{
	if (!put_wait_arg(f, b, d, e, size, i))
		sbuf_hex(b, e->args[i]);
}

/* nanosleep's and clock_nanosleep's rmtp: the time left, which the kernel
 * writes when a signal interrupts a relative sleep; strace shows it then,
 * and the address otherwise */
static void put_wait4_rusage_c(ARGS)
{
	size_t len;
	const uint8_t *p;

	if (e->ret == 0 && e->args[i]) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	if ((p = struct_bytes(b, d, e, size, i, &len)))
		decode_rusage(b, p, len);
}

static void put_remain_c(ARGS)
{
	int err = RET_IS_ERROR(e->ret) ? (int)-e->ret : 0;
	bool absolute = e->nr == NR_clock_nanosleep && (e->args[1] & 1);	/* TIMER_ABSTIME */
	const struct cap *c;
	const char *data;

	if (e->args[i] && !absolute && (err == EINTR || errno_is_restart(err)) &&
	    cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT) &&
	    c->len >= (size_t)arg_kind_size(d->args[i].kind))
		decode_timespec(b, (const uint8_t *)data, c->len);
	else
		put_ptr(b, e->args[i]);
}

static void put_msg_arg_c(ARGS)
{
	if (!put_msg_arg(f, b, d, e, size, i))
		sbuf_hex(b, e->args[i]);
}

/* clone3's struct: at least the fields of the size given (the first 64,
 * version 0, at least), then the caps of what its pointers point to (in
 * CK_CLONE_ARGS's order; one that faulted or was empty is not used) */
static void put_clone_args_c(ARGS)
{
	uint64_t sz = e->args[d->args[i].len_arg & 7];
	struct clone3_caps k;
	const struct cap *c, *s = NULL;
	const char *data, *sdata = NULL;
	struct capiter it;
	int n = 0;

	memset(&k, 0, sizeof(k));
	k.f = f;
	k.size = size;
	cap_begin(&it, e, size);
	while (cap_next(&it, &c, &data)) {
		if (c->arg != i || (c->flags & CAP_ENTRY))
			continue;
		if (!n++) {
			s = c;
			sdata = data;
		} else if (n <= 4 && !(c->flags & CAP_FAULT) && c->len) {
			k.el[n - 2] = c;
			k.data[n - 2] = (const uint8_t *)data;
		}
	}
	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (!s || (s->flags & CAP_FAULT) || sz < 64 || s->len < (sz < 88 ? sz : 88)) {
		put_ptr(b, e->args[i]);
		return;
	}
	/* the kernel side reads 128 bytes at most: a longer size read that
	 * far was readable */
	put_clone_args(b, e, sz, (const uint8_t *)sdata, s->len,
		       (s->flags & CAP_TRUNC) || (sz > 128 && s->len == 128), &k);
}

/* the header as the process gave it (at entry), else as it was at exit;
 * its address when structs are not decoded (-e verbose=!capget) */
static void put_cap_header_c(ARGS)
{
	const struct cap *c;
	const char *data;
	size_t len;
	const uint8_t *p;

	if (!decode_structs()) {
		put_ptr(b, e->args[i]);
		return;
	}
	if (e->args[i] && cap_entry(e, size, i, &c, &data) && c->len >= 8) {
		decode_cap_header(b, (const uint8_t *)data, c->len);
		return;
	}
	if ((p = struct_bytes(b, d, e, size, i, &len)))
		decode_cap_header(b, p, len);
}

/* capget's and capset's sets: as many as the header's version says (as
 * the header reads after the call), their address when the header is not
 * readable, as strace */
static void put_cap_data_c(ARGS)
{
	const struct cap *c;
	const char *data;
	uint32_t version;
	size_t len;
	const uint8_t *p;

	if (!decode_structs() || !e->args[0] || !e->args[i] ||
	    !cap_exit(e, size, 0, &c, &data) || c->len < 8) {
		put_ptr(b, e->args[i]);
		return;
	}
	memcpy(&version, data, 4);
	/* _LINUX_CAPABILITY_VERSION_2 and _3: two sets of 32 bits */
	int nsets = version == 0x20071026 || version == 0x20080522 ? 2 : 1;

	if ((p = arg_bytes(b, d, e, size, i, nsets * 12, &len)))
		decode_cap_data(b, p, len, nsets);
}

/* struct user_desc: modify_ldt's only when bytecount is its size; a
 * get_thread_area that failed shows the entry_number it was given */
static void put_user_desc_c(ARGS)
{
	const struct cap *c;
	const char *data;
	bool get = e->nr == NR_get_thread_area;

	(void)f; (void)d;
	if ((e->nr == NR_modify_ldt && e->args[2] != 16) || !e->args[i] ||
	    !cap_exit(e, size, i, &c, &data) || c->len < (get ? 4u : 16u)) {
		put_ptr(b, e->args[i]);
		return;
	}
	decode_user_desc(b, (const uint8_t *)data, !get || (e->ret >= 0 && c->len >= 16));
}

/* sched_setattr's struct as given (its size at entry), and the size the
 * kernel wants after it with E2BIG; sched_getattr's as it came back, as
 * far as its size argument */
static void put_sched_attr_c(ARGS)
{
	const struct cap *c, *ce;
	const char *data, *edata;
	bool set = e->nr == NR_sched_setattr;
	uint32_t usize;
	size_t need;

	(void)f; (void)d;
	if (!e->args[i] || (!set && e->ret < 0) || !cap_exit(e, size, i, &c, &data) ||
	    c->len < 4) {
		put_ptr(b, e->args[i]);
		return;
	}
	if (set)
		usize = cap_entry(e, size, i, &ce, &edata) && ce->len >= 4 ?
			load_u32(edata, 0) : load_u32(data, 0);
	else
		usize = (uint32_t)e->args[2];
	need = set ? (usize ? usize : 48) : usize;
	need = need < 56 ? need : 56;
	if (set && need < 48)
		need = 4;
	if (c->len < need) {
		put_ptr(b, e->args[i]);
		return;
	}
	decode_sched_attr_ex(b, (const uint8_t *)data, c->len, usize, set);
	if (set && e->ret == -7)	/* E2BIG: the size the kernel knows */
		sbuf_printf(b, " => {size=%u}", load_u32(data, 0));
}

static void put_mount_str_c(ARGS)
{
	uint64_t flags = (uint32_t)e->args[3];

	/* the old magic number in the high half is not flags */
	if ((flags & 0xffff0000) == 0xc0ed0000)
		flags &= 0xffff;
	/* MS_BIND, MS_MOVE, MS_UNBINDABLE, MS_PRIVATE, MS_SLAVE, MS_SHARED */
	bool bindlike = flags & (0x1000 | 0x2000 | 0x20000 | 0x40000 | 0x80000 | 0x100000);

	if ((d->args[i].kind == AK_MOUNT_TYPE && ((flags & 0x20) || bindlike)) ||	/* MS_REMOUNT */
	    (d->args[i].kind == AK_MOUNT_DATA && bindlike && !(flags & 0x20))) {
		put_ptr(b, e->args[i]);
		return;
	}
	put_string_arg(f, b, d, e, size, i);
}

static void put_seccomp_flags_c(ARGS)
{
	size_t mark = b->len;

	(void)f; (void)d; (void)size;
	if ((uint32_t)e->args[0] != 1) {	/* not SECCOMP_SET_MODE_FILTER */
		put_hex0(b, e->args[i]);
		return;
	}
	decode_seccomp_flags(b, e->args[i]);
	xlat_finish(b, mark, (uint32_t)e->args[i], XF_HEX);
}

/* bpf(2)'s attribute, as long as the size argument says (captured up to
 * 128 bytes; the first 16 also at entry, for what the call writes back) */
static void put_bpf_attr_c(ARGS)
{
	const struct cap *c, *ce;
	const char *data, *edata;
	bool ent = cap_entry(e, size, i, &ce, &edata);

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	const struct cap *nc;
	const char *ndata;
	/* the string or bytes a pointer in it leads to (bpf_nested_off) */
	struct bpf_nested nested = { bpf_nested_off((uint32_t)e->args[0]), NULL, 0, false };
	struct bpf_nested log = { 32, NULL, 0, false };
	struct capiter it;

	/* CAP_ELEM: what the pointer leads to; | CAP_NAME: a program's log */
	cap_begin(&it, e, size);
	while (cap_next(&it, &nc, &ndata)) {
		int kind = nc->flags & (CAP_ELEM | CAP_NAME | CAP_CTRL | CAP_ARGV);
		struct bpf_nested *to = kind == (CAP_ELEM | CAP_NAME) ? &log : &nested;

		/* (the others, by their flags: bpf.c's nested_cap) */
		if (nc->arg != i || (kind != CAP_ELEM && kind != (CAP_ELEM | CAP_NAME)) ||
		    (nc->flags & CAP_FAULT))
			continue;
		to->p = (const uint8_t *)ndata;
		to->len = nc->len;
		to->cut = nc->flags & CAP_TRUNC;
	}
	/* BPF_PROG_LOAD's log buffer as given (its first 16 bytes, in
	 * argument 2's entry slot), not what the verifier wrote */
	if (cap_entry(e, size, 2, &nc, &ndata)) {
		log.p = (const uint8_t *)ndata;
		log.len = nc->len;
		log.cut = false;
	}
	if (!cap_exit(e, size, i, &c, &data) ||
	    !decode_bpf_attr(b, e->args[0], (const uint8_t *)data, c->len, e->args[2] & 0xffffffff,
			     ent ? (const uint8_t *)edata : NULL, ent ? ce->len : 0, e->ret,
			     &nested, &log, f, e->h.pid, e, size))
		put_ptr(b, e->args[i]);
}

/* fsconfig's key and string values: strace reads at most 256 bytes of
 * them, and shows 256 characters with no NUL among them as cut */
static void put_fsconfig_str(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
			     const struct ev_syscall *e, size_t size, int i)
{
	const struct cap *c;
	const char *data;

	if (e->args[i] && cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT) &&
	    c->len >= 256 && formatter_strsize(f) >= 256)
		decode_string(b, data, 256, true);
	else
		put_string_arg(f, b, d, e, size, i);
}

/* fsconfig's _key: read by the FSCONFIG_SET_* commands (0 to 5) only */
static void put_fsconfig_key_c(ARGS)
{
	if ((e->args[1] & 0xffffffff) > 5)
		put_ptr(b, e->args[i]);
	else
		put_fsconfig_str(f, b, d, e, size, i);
}

/* fsconfig's _value by its command: FSCONFIG_SET_STRING and the path
 * commands a string, SET_BINARY its aux bytes in hex, the others the
 * pointer (NULL) */
static void put_fsconfig_value_c(ARGS)
{
	const struct cap *c;
	const char *data;
	uint64_t cmd = e->args[1] & 0xffffffff, aux = e->args[4] & 0xffffffff;

	if (!e->args[i] || (cmd != 1 && cmd != 2 && cmd != 3 && cmd != 4) ||
	    !cap_exit(e, size, i, &c, &data)) {
		put_ptr(b, e->args[i]);
		return;
	}
	if (cmd == 2) {
		/* bytes, not a string: the kernel side read aux of them */
		if (aux > 1 << 20)
			put_ptr(b, e->args[i]);
		else
			decode_string_hex(b, data, c->len < aux ? c->len : aux, aux > c->len);
	} else if (cmd == 3 || cmd == 4) {
		decode_string(b, data, c->len, (c->flags & CAP_TRUNC) != 0);	/* a path, whole */
	} else {
		put_fsconfig_str(f, b, d, e, size, i);
	}
}

/* fsconfig's aux: the dirfd of the path commands, else a number */
static void put_fsconfig_aux_c(ARGS)
{
	uint64_t cmd = e->args[1] & 0xffffffff;

	if (cmd == 3 || cmd == 4)	/* FSCONFIG_SET_PATH, _PATH_EMPTY */
		put_dirfd_arg(f, b, d, e, size, i);
	else if (cmd == 5)		/* FSCONFIG_SET_FD: an fd */
		put_fd_arg(f, b, d, e, size, i);
	else
		sbuf_s64(b, (int32_t)e->args[i]);
}

/* mount_setattr's struct mount_attr: only when the size given covers it */
static void put_mount_attr_c(ARGS)
{
	uint64_t usize = e->args[d->args[i].len_arg & 7];
	size_t len;
	const uint8_t *p;

	if (e->args[i] && usize < 32) {
		put_ptr(b, e->args[i]);
		return;
	}
	if (!(p = struct_bytes(b, d, e, size, i, &len)))
		return;
	decode_mount_attr(b, p, len);
	if (len < 32 || !b->len || b->p[b->len - 1] != '}')
		return;
	b->len--;
	/* with MOUNT_ATTR_IDMAP set, userns_fd is an fd: -y's path (strace) */
	if ((load_u64(p, 0) & 0x100000) && load_u64(p, 24) <= INT32_MAX)
		put_fd_path(f, b, e->h.pid, (int)load_u64(p, 24));
	/* a larger struct than this one: the rest, as strace (up to a page) */
	put_struct_tail(b, p, len, 32, usize > 4096 ? 4096 : usize, 128);
	sbuf_putc(b, '}');
}

static void put_hostname_arg(ARGS)
{
	uint64_t n = e->args[d->args[i].len_arg];

	if (n > 64)		/* __NEW_UTS_LEN: the kernel reads none of it */
		put_ptr(b, e->args[i]);
	else
		put_string_arg(f, b, d, e, size, i);
}

/* syslog's buffer: what SYSLOG_ACTION_READ* read into it, an address for
 * the other actions */
static void put_syslog_buf(ARGS)
{
	uint32_t type = (uint32_t)e->args[0];

	if (type >= 2 && type <= 4)
		put_string_arg(f, b, d, e, size, i);
	else
		put_ptr(b, e->args[i]);
}

static void put_syslog_len(ARGS)
{
	static const char *const levels[] = {
		"LOGLEVEL_EMERG", "LOGLEVEL_ALERT", "LOGLEVEL_CRIT", "LOGLEVEL_ERR",
		"LOGLEVEL_WARNING", "LOGLEVEL_NOTICE", "LOGLEVEL_INFO", "LOGLEVEL_DEBUG",
		"LOGLEVEL_DEBUG+1",
	};
	int32_t v = (int32_t)e->args[i];

	(void)f, (void)d, (void)size;
	sbuf_printf(b, "%d", v);
	/* the level: a number with its name in a comment (in every -X style) */
	if ((uint32_t)e->args[0] == 8)
		sbuf_printf(b, " /* %s */", v >= 0 && v < 9 ? levels[v] : "LOGLEVEL_???");
}

static void put_sigset(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint64_t mask;

	memcpy(&mask, p, sizeof(mask));
	decode_sigset(b, mask);
}

/* strace decodes a sigset only when the call's size argument is the
 * kernel's (8 bytes): else the address, as the kernel refuses it */
static void put_sigset_c(ARGS)
{
	size_t len;
	const uint8_t *p;

	for (int j = 0; j < d->nargs && e->args[i]; j++)
		if ((!strcmp(d->args[j].name, "sigsetsize") || !strcmp(d->args[j].name, "sizemask")) &&
		    e->args[j] != 8) {
			sbuf_hex(b, e->args[i]);
			return;
		}
	if ((p = struct_bytes(b, d, e, size, i, &len)))
		put_sigset(b, p, len);
}

/* rt_sigpending's: the kernel writes as many bytes as asked, up to 8 */
static void put_sigset_n(ARGS)
{
	uint64_t n = e->args[d->args[i].len_arg], mask = 0;
	size_t len;
	const uint8_t *p;

	if (e->args[i] && (n < 1 || n > 8)) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	if (!(p = arg_bytes(b, d, e, size, i, (size_t)n, &len)))
		return;
	memcpy(&mask, p, (size_t)n);
	decode_sigset(b, mask);
}

/* io_uring_setup's params: wq_fd (with IORING_SETUP_ATTACH_WQ) is an fd,
 * with -y's path */
static void put_uring_params_c(ARGS)
{
	size_t len;
	const uint8_t *p = struct_bytes(b, d, e, size, i, &len);

	if (!p)
		return;
	if (decode_uring_params_head(b, p, len)) {
		int fd = (int32_t)load_u32(p, 24);

		sbuf_printf(b, ", wq_fd=%d", fd);
		put_fd_path(f, b, e->h.pid, fd);
	}
	decode_uring_params_tail(b, p, e->ret >= 0);
}

/* io_uring_enter's argp: a signal mask, unless IORING_ENTER_EXT_ARG says it
 * points to a struct io_uring_getevents_arg (which strace does not show) */
static void put_uring_argp_c(ARGS)
{
	size_t len;
	const uint8_t *p;

	/* as strace, a signal set whatever the flags (IORING_ENTER_EXT_ARG's
	 * struct too) when the size argument is the kernel's sigset size;
	 * else the address */
	if (i < 5 && e->args[i + 1] != 8) {
		put_ptr(b, e->args[i]);
		return;
	}
	if ((p = struct_bytes(b, d, e, size, i, &len)))
		put_sigset(b, p, len);
}

static void put_sigframe_mask(struct sbuf *b, const uint8_t *p, size_t len)
{
	sbuf_puts(b, "{mask=");
	put_sigset(b, p, len);
	sbuf_putc(b, '}');
}

static void put_siginfo(struct sbuf *b, const uint8_t *p, size_t len)
{
	if (len < 48 || !(p[0] | p[1] | p[2] | p[3]))
		sbuf_puts(b, "{}");	/* no signal: strace shows nothing of it */
	else
		decode_siginfo(b, 0, p);
}

static void put_intp(struct sbuf *b, const uint8_t *p, size_t len)
{
	int32_t n;

	memcpy(&n, p, sizeof(n));
	sbuf_printf(b, "[%d]", n);
}

/* a pointer or a length the call wrote: "[0x7f...]", "[24]" */
static void put_ptrp(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	sbuf_putc(b, '[');
	put_ptr(b, v);
	sbuf_putc(b, ']');
}

static void put_ulongp(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	sbuf_printf(b, "[%llu]", (unsigned long long)v);
}

static void put_int_pair(struct sbuf *b, const uint8_t *p, size_t len)
{
	int32_t fds[2];

	memcpy(fds, p, sizeof(fds));
	sbuf_printf(b, "[%d, %d]", fds[0], fds[1]);
}

static void put_itimerspec(struct sbuf *b, const uint8_t *p, size_t len)
{
	decode_itimer(b, p, len, false);
}

static void put_itimerval(struct sbuf *b, const uint8_t *p, size_t len)
{
	decode_itimer(b, p, len, true);
}

static void put_utsname(struct sbuf *b, const uint8_t *p, size_t len)
{
	decode_utsname(b, p, len, decode_verbose());
}

/* wait4's status: only a call that reaped a child wrote it */
static void put_wait_status_arg(ARGS)
{
	size_t len;
	const uint8_t *p;

	if (e->args[i] && e->ret <= 0) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	if ((p = struct_bytes(b, d, e, size, i, &len)))
		decode_wait_status(b, p, len);
}

/* pipe2's and socketpair's new fds, each with its -y decor */
static void put_fd_pair(ARGS)
{
	const struct cap *c;
	const char *data;
	int32_t fds[2];

	if (!e->args[i] || e->ret < 0 || !cap_find(e, size, i, &c, &data) ||
	    (c->flags & CAP_FAULT) || c->len < sizeof(fds)) {
		size_t len;
		const uint8_t *p = struct_bytes(b, d, e, size, i, &len);

		if (p)
			put_int_pair(b, p, len);
		return;
	}
	memcpy(fds, data, sizeof(fds));
	for (int k = 0; k < 2; k++) {
		sbuf_printf(b, k ? ", %d" : "[%d", fds[k]);
		put_fd_decor(f, b, e, size, FDI_PAIR + k, fds[k]);
	}
	sbuf_putc(b, ']');
}

static void put_cpumask(ARGS)
{
	size_t len;
	const uint8_t *p = arg_bytes(b, d, e, size, i, 0, &len);

	if (p)
		decode_cpumask(b, p, len);
}

/* mincore's vector: a byte per page of the range (argument 1), as many
 * as -s shows; the kernel side reads its first 32 (MINCORE_VEC) */
static void put_mincore_vec(ARGS)
{
	size_t len, max = formatter_strsize(f);
	const uint8_t *p = arg_bytes(b, d, e, size, i, 0, &len);
	uint64_t pages = e->args[1] / 4096 + !!(e->args[1] % 4096), k;

	if (!p)
		return;
	sbuf_putc(b, '[');
	for (k = 0; k < pages && k < len && k < max; k++)
		sbuf_printf(b, k ? ", %u" : "%u", p[k]);
	if (k < pages)
		sbuf_puts(b, k ? ", ..." : "...");
	sbuf_putc(b, ']');
}

static void put_open_how_c(ARGS)
{
	const struct cap *c;
	const char *data;
	bool ok = cap_exit(e, size, i, &c, &data);

	(void)f;
	put_open_how(b, e->args[i], e->args[d->args[i].len_arg & 7],
		     ok ? (const uint8_t *)data : NULL, ok ? c->len : 0);
}

static void put_memfd_name(ARGS)
{
	const struct cap *c;
	const char *data, *nul;
	size_t n, max = (size_t)formatter_strsize(f);

	if (!e->args[i]) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (!cap_exit(e, size, i, &c, &data) || !c->len) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	nul = memchr(data, 0, c->len);
	n = nul ? (size_t)(nul - data) : c->len;
	decode_string(b, data, n < max ? n : max, !nul || n > max);
}

/* mbind's, set_mempolicy's, get_mempolicy's and migrate_pages' node
 * masks; what a failed call would have written is its address */
static void put_nodemask_c(ARGS)
{
	const struct cap *c;
	const char *data;
	bool ok = e->args[i] && !(written(d, i) && e->ret < 0) && cap_exit(e, size, i, &c, &data);

	if (e->args[i] && written(d, i) && e->ret < 0) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	decode_nodemask(b, e->args[i], e->args[d->args[i].len_arg & 7],
			ok ? (const uint8_t *)data : NULL, ok ? c->len : 0,
			ok && c->len >= (size_t)arg_kind_size(AK_NODEMASK), formatter_arraysize(f));
}

/* shmctl's and msgctl's buffer, semctl's argument: what the command reads
 * or writes (IPC_SET, the STAT and INFO commands); the command is the
 * argument before it */
static void put_ipc_ctl_buf(ARGS)
{
	uint64_t cmd = e->args[i - 1] & ~0x100u;
	const struct cap *c;
	const char *data;
	bool sets = cmd == 1;	/* IPC_SET: read, shown whatever the result */
	/* "shmctl", "msgctl", "semctl" */
	int which = d->name[0] == 'm' ? 'm' : d->name[1] == 'h' ? 's' : 'e';

	if (e->args[i] && (sets || e->ret >= 0) && cap_find(e, size, i, &c, &data) &&
	    !(c->flags & CAP_FAULT) &&
	    decode_ipc_ctl_buf(b, which, cmd, (const uint8_t *)data, c->len))
		return;
	put_ptr(b, e->args[i]);
}

/* seccomp's argument, by its operation (argument 0) */
static void put_seccomp_args_c(ARGS)
{
	/* what each operation reads: a struct sock_fprog, an action, the
	 * three sizes; less readable than that is its address */
	static const uint8_t want[] = { 0, 16, 4, 6 };
	size_t len;
	const uint8_t *p;

	if (e->ret < 0 && e->args[0] == 3) {	/* GET_NOTIF_SIZES wrote nothing */
		put_ptr(b, e->args[i]);
		return;
	}
	if (e->args[0] > 3) {			/* unknown: no struct to read */
		put_ptr(b, e->args[i]);
		return;
	}
	if (e->args[0] == 1) {			/* SET_MODE_FILTER: the program */
		put_sock_fprog_arg(b, e, size, i, FILTER_SECCOMP);
		return;
	}
	p = arg_bytes(b, d, e, size, i, want[e->args[0]], &len);
	if (p)
		decode_seccomp_args(b, e->args[0], p, len, e->ret);
}

/* semop's sembufs, msgsnd's and msgrcv's msgbufs */
static void put_ipc_buf(ARGS)
{
	size_t len;
	const uint8_t *p = arg_bytes(b, d, e, size, i, 0, &len);
	uint64_t n = e->args[d->args[i].len_arg];
	const struct cap *c;
	const char *data;

	if (!p)
		return;
	if (d->args[i].kind == AK_SEMBUFS)
		decode_sembufs(b, p, len, n,
			       cap_find(e, size, i, &c, &data) && !(c->flags & CAP_TRUNC) ?
			       e->args[i] : 0, formatter_arraysize(f));
	else
		decode_msgbuf(b, p, len, n, formatter_strsize(f));
}

static void put_buf_hex(ARGS)
{
	const struct cap *c;
	const char *data;

	if (!e->args[i])
		sbuf_puts(b, "NULL");
	else if (!cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT))
		sbuf_hex(b, e->args[i]);
	else
		decode_string_hex(b, data, c->len, c->flags & CAP_TRUNC);
}

/* -e verbose=SET: false while a call outside SET prints */
static bool structs = true;

static void put_dirents(ARGS)
{
	const struct cap *c;
	const char *data;
	uint64_t v = e->args[i];

	if (v && e->ret >= 0 && cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT)) {
		/* -v: the entries */
		decode_dirents(b, (const uint8_t *)data, c->len, (uint64_t)e->ret,
			       e->nr == NR_getdents);
		return;
	}
	if (v && e->ret == 0 && decode_verbose()) {
		sbuf_puts(b, "[]");	/* -v: no entries */
		return;
	}
	put_ptr(b, v);
	if (e->ret >= 0 && !(e->flags & (EVF_UNFINISHED | EVF_RESUMED)) && structs)
		sbuf_printf(b, " /* %u entries */", e->aux);
}

/* The dispatch: each kind's decoder, of one of three shapes. */
static const struct {
	v_fn *v;
	s_fn *s;
	c_fn *c;
} decoders[AK__COUNT] = {
#define V(fn) .v = fn
#define S(fn) .s = fn
#define C(fn) .c = fn
#define ARGKIND(name, in, out, size, entry, count, xlat, decoder) [AK_##name] = { decoder },
#include "../syscalls/argkinds.def"
#undef ARGKIND
#undef V
#undef S
#undef C
};

void decode_set_structs(bool on)
{
	structs = on;
}

bool decode_structs(void)
{
	return structs;
}

void put_arg_kind(ARGS)
{
	int kind = d->args[i].kind;
	size_t len;
	const uint8_t *p;

	if (!structs && kind == AK_SIGFRAME_MASK) {
		sbuf_puts(b, "{mask=");	/* (the argument is the mask's address) */
		put_ptr(b, e->args[i]);
		sbuf_putc(b, '}');
	} else if (!structs && kind < AK__COUNT && kind != AK_POLLFDS &&
		   (decoders[kind].s || kind == AK_ARGV || kind == AK_ENVP ||
		    kind == AK_WAIT_STATUS || kind == AK_FD_PAIR || kind == AK_MMSG ||
		    kind == AK_PERF_ATTR || kind == AK_SOCKADDR || kind == AK_SOCKLEN ||
		    kind == AK_MSGHDR || kind == AK_SOCKOPT || kind == AK_CPUMASK ||
		    kind == AK_OPEN_HOW || kind == AK_NODEMASK ||
		    /* (recvmmsg's timeout too, not ppoll's or pselect6's) */
		    (kind == AK_TIMESPEC_INOUT && e->nr == NR_recvmmsg))) {
		put_ptr(b, e->args[i]);	/* -e verbose=SET, a call outside SET */
	} else if (kind >= AK__COUNT) {
		sbuf_hex(b, e->args[i]);
	} else if (decoders[kind].c) {
		decoders[kind].c(f, b, d, e, size, i);
	} else if (kind == AK_SIGSET && e->args[i] && d->args[i].len_arg &&
		   e->args[d->args[i].len_arg & 7] != 8) {
		/* a signal set of another size than the kernel's (its size
		 * in argument len_arg): strace shows the address */
		sbuf_hex(b, e->args[i]);
	} else if (decoders[kind].s) {
		if ((p = struct_bytes(b, d, e, size, i, &len)))
			decoders[kind].s(b, p, len);
	} else {
		decoders[kind].v(b, e->args[i]);
	}
}

int arg_kind_xlat(int kind)
{
	static const signed char xlat[AK__COUNT] = {
#define ARGKIND(name, in, out, size, entry, count, x, decoder) [AK_##name] = XS_##x,
#include "../syscalls/argkinds.def"
#undef ARGKIND
	};

	return kind >= 0 && kind < AK__COUNT ? xlat[kind] : XS_NONE;
}
