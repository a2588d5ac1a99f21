// SPDX-License-Identifier: GPL-2.0
/*
 * Arrays of fixed-size elements, printed as strace's print_array prints
 * them: "[]" for none (no memory read), -s elements (all with -v) then
 * "...", and where the array runs into memory the process has not mapped,
 * the elements before it and "... /\* addr *\/" with the first unreadable
 * element's address (only the address when not even the first is
 * readable).  The kernel side captures these arrays up to the end of the
 * readable page (CAPR_UPTO_PAGE), cut (TRUNC) past what it holds.
 */
#include <string.h>

#include "../output/internal.h"
#include "flagtab.h"
#include "xlat_tables.h"
#include "../syscalls/syscalls.h"
#include "../util/util.h"

#define NGROUPS_MAX_LINUX 65536	/* the kernel's NGROUPS_MAX: more is an address */
#define FUTEX_WAITV_MAX 128	/* waiters futex_waitv takes; strace shows no more */

static const struct flag futex2_flags[] = {
	{ 0x2, "FUTEX_32" },
	{ 0x80, "FUTEX_PRIVATE_FLAG" },
};

/* what an element's decoder may need besides its bytes: -y's paths */
struct elem_ctx {
	struct formatter *f;
	uint32_t pid;
};

typedef void elem_fn(struct sbuf *b, const uint8_t *p, int kind, const struct elem_ctx *x);

/* n elements of esz bytes at addr, captured (what was readable) as
 * data/len; `unread` when there is nothing to show but the address (a
 * failed call's output, no capture) */
static void put_elems(struct sbuf *b, uint64_t addr, uint64_t n, size_t esz, size_t max,
		      const struct cap *c, const char *data, bool unread, elem_fn *fn, int kind,
		      const struct elem_ctx *x)
{
	uint64_t k;

	if (!addr) {
		sbuf_puts(b, "NULL");
		return;
	}
	if (!n) {
		sbuf_puts(b, "[]");
		return;
	}
	/* a count whose bytes wrap the address space: strace reads none */
	if (unread || !c || (c->flags & CAP_FAULT) || c->len < esz || n > UINT64_MAX / esz ||
	    addr + n * esz < addr) {
		sbuf_hex(b, addr);
		return;
	}
	sbuf_putc(b, '[');
	for (k = 0; k < n; k++) {
		if (k)
			sbuf_puts(b, ", ");
		if ((k + 1) * esz > c->len) {
			if (c->flags & CAP_TRUNC)
				sbuf_puts(b, "...");
			else
				sbuf_printf(b, "... /* %#llx */", (unsigned long long)(addr + k * esz));
			break;
		}
		if (k >= max) {
			sbuf_puts(b, "...");
			break;
		}
		fn(b, (const uint8_t *)data + k * esz, kind, x);
	}
	sbuf_putc(b, ']');
}

static void put_array_elem(struct sbuf *b, const uint8_t *p, int kind, const struct elem_ctx *x)
{
	int32_t v;

	switch (kind) {
	case AK_FD:		/* an fd, with -y's path */
		memcpy(&v, p, 4);
		sbuf_printf(b, "%d", v);
		if (x && v >= 0)
			put_fd_path(x->f, b, x->pid, v);
		return;
	case AK_PAGE_ADDRS:
		put_ptr(b, load_u64(p, 0));
		return;
	case AK_IOV_ADDRS:
		sbuf_printf(b, "{iov_base=%#llx, iov_len=%llu}", (unsigned long long)load_u64(p, 0),
			    (unsigned long long)load_u64(p, 8));
		return;
	case AK_KEXEC_SEGMENTS:
		sbuf_puts(b, "{buf=");
		put_ptr(b, load_u64(p, 0));
		sbuf_printf(b, ", bufsz=%llu, mem=", (unsigned long long)load_u64(p, 8));
		put_ptr(b, load_u64(p, 16));
		sbuf_printf(b, ", memsz=%llu}", (unsigned long long)load_u64(p, 24));
		return;
	case AK_FUTEX_WAITV: {	/* struct futex_waitv: val, uaddr, flags, __reserved */
		uint32_t fl, rsv;

		memcpy(&fl, p + 16, 4);
		memcpy(&rsv, p + 20, 4);
		sbuf_printf(b, "{val=%#llx, uaddr=", (unsigned long long)load_u64(p, 0));
		put_ptr(b, load_u64(p, 8));
		sbuf_puts(b, ", flags=");
		put_flagset_q(b, fl, futex2_flags, N(futex2_flags), "FUTEX_???");
		if (rsv)
			sbuf_printf(b, ", __reserved=%#x", rsv);
		sbuf_putc(b, '}');
		return;
	}
	case AK_IO_EVENTS:	/* struct io_event: data, obj, res, res2 */
		sbuf_printf(b, "{data=%#llx, obj=", (unsigned long long)load_u64(p, 0));
		put_ptr(b, load_u64(p, 8));
		sbuf_printf(b, ", res=%lld, res2=%lld}", (long long)load_u64(p, 16),
			    (long long)load_u64(p, 24));
		return;
	case AK_GROUPS: {
		uint32_t g;

		memcpy(&g, p, 4);
		if (g == UINT32_MAX)	/* strace: the "no group" id as -1 */
			sbuf_puts(b, "-1");
		else
			sbuf_printf(b, "%u", g);
		return;
	}
	}
	memcpy(&v, p, 4);
	if (kind == AK_PAGE_STATUS && v < 0 && errno_name(-v)) {
		size_t mark = b->len;

		/* an errno: "-ENOENT", -X raw the number, verbose both */
		sbuf_printf(b, "-%s", errno_name(-v));
		xlat_finish(b, mark, (uint64_t)(int64_t)v, XF_DEC);
	} else {
		sbuf_printf(b, "%d", v);
	}
}

/* An array of count (argument len_arg) elements: move_pages' arrays,
 * process_madvise's and process_vm_readv/writev's remote iovecs (their
 * addresses and lengths only); a failed call's output as its address */
void put_array_c(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		 const struct ev_syscall *e, size_t size, int i)
{
	int kind = d->args[i].kind;
	const struct cap *c = NULL;
	const char *data = NULL;
	bool ok = cap_exit(e, size, i, &c, &data);

	/* more segments than the kernel takes (KEXEC_SEGMENT_MAX): the address */
	if (kind == AK_KEXEC_SEGMENTS && e->args[i] && e->args[d->args[i].len_arg & 7] > 16) {
		sbuf_hex(b, e->args[i]);
		return;
	}
	put_elems(b, e->args[i], e->args[d->args[i].len_arg & 7], (size_t)arg_kind_size(kind),
		  (size_t)formatter_arraysize(f), ok ? c : NULL, data,
		  d->args[i].dir == ARG_OUT && e->ret < 0, put_array_elem, kind, NULL);
}

/* io_getevents' and io_pgetevents' events: as many as the result; a
 * failed call's, the address */
void put_io_events(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		   const struct ev_syscall *e, size_t size, int i)
{
	const struct cap *c = NULL;
	const char *data = NULL;
	bool ok = cap_exit(e, size, i, &c, &data);

	(void)d;
	put_elems(b, e->args[i], e->ret < 0 ? 1 : (uint64_t)e->ret, 32,
		  (size_t)formatter_arraysize(f), ok ? c : NULL, data, e->ret < 0,
		  put_array_elem, AK_IO_EVENTS, NULL);
}

/*
 * io_uring_register's argument by its opcode (argument 1), nr_args
 * (argument 3) elements: IORING_REGISTER_BUFFERS' iovecs (their addresses
 * and lengths), REGISTER_FILES', REGISTER_EVENTFD's and EVENTFD_ASYNC's
 * fds (with -y's paths), as strace; the other opcodes' the address (their
 * structs point to more: not decoded).  The kernel side reads 16 bytes an
 * element, what is readable of them.
 */
void put_uring_register_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
			    const struct ev_syscall *e, size_t size, int i)
{
	uint32_t op = (uint32_t)e->args[1], n = (uint32_t)e->args[3];
	struct elem_ctx x = { f, e->h.pid };
	const struct cap *c = NULL;
	const char *data = NULL;
	bool ok = cap_exit(e, size, i, &c, &data);

	(void)d;
	if (op == 0)
		put_elems(b, e->args[i], n, 16, (size_t)formatter_arraysize(f), ok ? c : NULL, data,
			  false, put_array_elem, AK_IOV_ADDRS, NULL);
	else if (op == 2 || op == 4 || op == 7)
		put_elems(b, e->args[i], n, 4, (size_t)formatter_arraysize(f), ok ? c : NULL, data,
			  false, put_array_elem, AK_FD, &x);
	else
		put_ptr(b, e->args[i]);
}

/* getgroups' answer (as many as the result) and setgroups' list (as many
 * as its int count says; more than the kernel's NGROUPS_MAX: the address) */
void put_groups(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		const struct ev_syscall *e, size_t size, int i)
{
	bool out = d->args[i].dir == ARG_OUT;
	uint64_t n = out ? (uint64_t)(e->ret < 0 ? 0 : e->ret) : (uint32_t)e->args[i ? i - 1 : 0];
	const struct cap *c = NULL;
	const char *data = NULL;
	bool ok = cap_exit(e, size, i, &c, &data);

	if (!out && n > NGROUPS_MAX_LINUX) {
		put_ptr(b, e->args[i]);
		return;
	}
	put_elems(b, e->args[i], n, 4, (size_t)formatter_arraysize(f), ok ? c : NULL, data,
		  out && e->ret < 0, put_array_elem, AK_GROUPS, NULL);
}

/* futex_waitv's waiters: as many as its (unsigned int) count says, up to
 * the FUTEX_WAITV_MAX the kernel takes, "..." after those when more */
void put_futex_waitv(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		     const struct ev_syscall *e, size_t size, int i)
{
	uint32_t n = (uint32_t)e->args[d->args[i].len_arg & 7];
	size_t max = (size_t)formatter_arraysize(f);
	const struct cap *c = NULL;
	const char *data = NULL;
	bool ok = cap_exit(e, size, i, &c, &data);
	size_t mark = b->len;

	put_elems(b, e->args[i], n > FUTEX_WAITV_MAX ? FUTEX_WAITV_MAX : n, 24, max,
		  ok ? c : NULL, data, false, put_array_elem, AK_FUTEX_WAITV, NULL);
	/* all FUTEX_WAITV_MAX shown: the more strace does not read */
	if (n > FUTEX_WAITV_MAX && max >= FUTEX_WAITV_MAX && b->len > mark &&
	    b->p[b->len - 1] == ']' && b->p[b->len - 2] == '}') {
		b->len--;
		sbuf_puts(b, ", ...]");
	}
}
