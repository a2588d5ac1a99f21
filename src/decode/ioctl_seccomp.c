// SPDX-License-Identifier: GPL-2.0
/*
 * seccomp's user-notification listener requests (linux/seccomp.h):
 * SECCOMP_IOCTL_NOTIF_RECV's struct seccomp_notif, _SEND's response,
 * _ID_VALID's cookie, _ADDFD's fd to install in the target.
 */
#include <linux/audit.h>
#include <linux/ioctl.h>
#include <linux/seccomp.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

#define NOTIF_SIZE 80		/* struct seccomp_notif */
#define RESP_SIZE 24		/* struct seccomp_notif_resp */
#define ADDFD_SIZE 24		/* struct seccomp_notif_addfd */

/* seccomp_data's nr: by name ("__NR_gettid", as strace) when the arch is
 * the one strobe has a table for (ptrace's syscall info too) */
void put_seccomp_nr(struct sbuf *b, uint32_t nr, uint32_t arch)
{
	const struct syscall_desc *d = arch == AUDIT_ARCH_X86_64 ? syscall_get(nr) : NULL;
	size_t mark = b->len;

	if (!d) {
		sbuf_printf(b, "%u", nr);
		return;
	}
	sbuf_printf(b, "__NR_%s", d->name);
	xlat_finish(b, mark, nr, XF_UDEC);
}

static void put_notif(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p)
{
	uint32_t arch = load_u32(p, 20);
	uint64_t ip = load_u64(p, 24);

	sbuf_puts(b, "{id=");
	put_hex0(b, load_u64(p, 0));
	sbuf_printf(b, ", pid=%d", (int32_t)load_u32(p, 8));
	/* --pidns-translation: in strobe's namespace too */
	formatter_put_pid(c->f, b, c->e->h.tid, (int32_t)load_u32(p, 8));
	sbuf_puts(b, ", flags=");
	put_hex0(b, load_u32(p, 12));
	sbuf_puts(b, ", data={nr=");
	put_seccomp_nr(b, load_u32(p, 16), arch);
	sbuf_puts(b, ", arch=");
	put_enum_x(b, arch, xlat_audit_arch, N(xlat_audit_arch), "AUDIT_ARCH_???");
	sbuf_puts(b, ", instruction_pointer=");
	if (ip)
		sbuf_hex(b, ip);
	else
		sbuf_puts(b, "NULL");
	sbuf_puts(b, ", args=[");
	for (int k = 0; k < 6; k++) {
		if (k)
			sbuf_puts(b, ", ");
		put_hex0(b, load_u64(p, 32 + 8 * k));
	}
	sbuf_puts(b, "]}}");
}

/* The kernel wants a zeroed struct: strace shows what it was given only
 * when that is not all zeros, then what the call wrote ("=> {...}", or
 * the address when the call failed) */
static void put_recv(struct sbuf *b, const struct ioctl_call *c)
{
	static const uint8_t zero[NOTIF_SIZE];
	const uint8_t *p = ioc_in(b, c, NOTIF_SIZE);

	if (!p)
		return;
	if (memcmp(p, zero, NOTIF_SIZE)) {
		put_notif(b, c, p);
		sbuf_puts(b, " => ");
	}
	if (c->ret < 0)
		sbuf_hex(b, c->addr);
	else
		put_notif(b, c, p);
}

static void put_resp(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = ioc_in(b, c, RESP_SIZE);
	int32_t err;
	size_t mark;

	if (!p)
		return;
	sbuf_puts(b, "{id=");
	put_hex0(b, load_u64(p, 0));
	sbuf_printf(b, ", val=%lld, error=", (long long)load_u64(p, 8));
	err = (int32_t)load_u32(p, 16);
	mark = b->len;
	if (err < 0 && err > -4096 && errno_name(-err)) {
		sbuf_printf(b, "-%s", errno_name(-err));
		xlat_finish(b, mark, (uint64_t)(int64_t)err, XF_DEC);
	} else {
		sbuf_printf(b, "%d", err);
	}
	sbuf_puts(b, ", flags=");
	put_flagset_qx(b, load_u32(p, 20), xlat_seccomp_notif_flags, N(xlat_seccomp_notif_flags),
		       "SECCOMP_USER_NOTIF_FLAG_???");
	sbuf_putc(b, '}');
}

static void put_addfd(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = ioc_in(b, c, ADDFD_SIZE);
	int32_t srcfd;

	if (!p)
		return;
	sbuf_puts(b, "{id=");
	put_hex0(b, load_u64(p, 0));
	sbuf_puts(b, ", flags=");
	put_flagset_qx(b, load_u32(p, 8), xlat_seccomp_addfd_flags, N(xlat_seccomp_addfd_flags),
		       "SECCOMP_ADDFD_FLAG_???");
	srcfd = (int32_t)load_u32(p, 12);
	sbuf_printf(b, ", srcfd=%d", srcfd);
	put_fd_path(c->f, b, c->e->h.pid, srcfd);
	sbuf_printf(b, ", newfd=%d, newfd_flags=", (int32_t)load_u32(p, 16));
	put_flagset_qx(b, load_u32(p, 20), xlat_open_flags, N(xlat_open_flags), "O_???");
	sbuf_putc(b, '}');
}

bool ioctl_seccomp_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;

	switch (c->req) {
	case SECCOMP_IOCTL_NOTIF_RECV:
		put_recv(b, c);
		return true;
	case SECCOMP_IOCTL_NOTIF_SEND:
		put_resp(b, c);
		return true;
	case SECCOMP_IOCTL_NOTIF_ID_VALID:
	case 0x80082102:	/* ..._ID_VALID as kernels before 5.17 numbered it */
		if ((p = ioc_in(b, c, 8))) {
			sbuf_putc(b, '[');
			put_hex0(b, load_u64(p, 0));
			sbuf_putc(b, ']');
		}
		return true;
	case SECCOMP_IOCTL_NOTIF_ADDFD:
		put_addfd(b, c);
		return true;
	}
	return false;
}
