// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl requests of file systems, seccomp's listener, counters and other
 * kernel interfaces whose argument strace shows as a struct: their names
 * (xlat/ioctl_sys.in), the requests without an argument, and the dispatch
 * of the argument to the family's decoder (ioctl_fs.c, ioctl_seccomp.c,
 * ...) by the request's type byte.
 *
 * The argument's bytes are read at exit (CK_IOCTL_ARG: as many as the
 * request's size field says), so a struct the call both reads and writes
 * shows what the call left, which for what strace shows on entry is what
 * it was given (the kernel writes back other fields).
 */
#include <linux/ioctl.h>
#include <linux/kvm.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../../bpf/event.h"

static const struct {
	const struct flag *names;
	size_t n;
} name_tables[] = {
	{ xlat_ioctl_sys, N(xlat_ioctl_sys) },
	{ xlat_ioctl_nbd, N(xlat_ioctl_nbd) },
	{ xlat_ioctl_scsi, N(xlat_ioctl_scsi) },
	{ xlat_ioctl_perf, N(xlat_ioctl_perf) },
	{ xlat_ioctl_nsfs, N(xlat_ioctl_nsfs) },
	{ xlat_ioctl_mtd, N(xlat_ioctl_mtd) },
	{ xlat_ioctl_ubi, N(xlat_ioctl_ubi) },
	{ xlat_ioctl_kvm, N(xlat_ioctl_kvm) },
	{ xlat_ioctl_dm, N(xlat_ioctl_dm) },
	{ xlat_ioctl_tee, N(xlat_ioctl_tee) },
	{ xlat_ioctl_uffd, N(xlat_ioctl_uffd) },
};

bool ioctl_sys_name(struct sbuf *b, uint32_t req)
{
	for (size_t t = 0; t < N(name_tables); t++)
		for (size_t i = 0; i < name_tables[t].n; i++)
			if (name_tables[t].names[i].val == req) {
				if (b)
					sbuf_puts(b, name_tables[t].names[i].name);
				return true;
			}
	return false;
}

/* the requests strace shows without a third argument */
bool ioctl_sys_has_arg(uint32_t req)
{
	static const uint32_t none[] = {
		0x3e01, 0x3e02,		/* COUNTER_ENABLE_EVENTS_IOCTL, ..._DISABLE_... */
		0xab03, 0xab04, 0xab05, 0xab06, 0xab08,	/* NBD_DO_IT, _CLEAR_SOCK, ... */
		0x2202,			/* SG_GET_TIMEOUT */
		0xb701, 0xb702, 0xb703,	/* NS_GET_USERNS, _PARENT, _NSTYPE */
		0x40804f07, 0x4f08,	/* UBI_IOCVOLCRBLK, UBI_IOCVOLRMBLK */
	};

	for (size_t i = 0; i < N(none); i++)
		if (none[i] == req)
			return false;
	return true;
}

bool ioctl_sys_returns_fd(uint32_t req)
{
	return req == KVM_CREATE_VM || req == KVM_CREATE_VCPU;
}

const uint8_t *ioc_in(struct sbuf *b, const struct ioctl_call *c, size_t need)
{
	if (!c->addr) {
		sbuf_puts(b, "NULL");
		return NULL;
	}
	if (!c->p || c->len < need) {
		sbuf_hex(b, c->addr);
		return NULL;
	}
	return c->p;
}

const uint8_t *ioc_out(struct sbuf *b, const struct ioctl_call *c, size_t need)
{
	if (c->addr && c->ret < 0) {
		sbuf_hex(b, c->addr);
		return NULL;
	}
	return ioc_in(b, c, need);
}

/* the family's decoder, by the request's type byte */
static bool family_arg(struct sbuf *b, const struct ioctl_call *c)
{
	switch (_IOC_TYPE(c->req)) {
	case 'f': case 'X':
		return ioctl_fs_arg(b, c);
	case 0x3e:
		return ioctl_counter_arg(b, c);
	case '!':
		return ioctl_seccomp_arg(b, c);
	case 0xab:
		return ioctl_nbd_arg(b, c);
	case 0x22:
		return ioctl_scsi_arg(b, c);
	case '$':
		return ioctl_perf_arg(b, c);
	case 0xb7:
		return ioctl_nsfs_arg(b, c);
	case 'L':
		return ioctl_loop_arg(b, c);
	case 'M':
		return ioctl_mtd_arg(b, c);
	case 'o': case 'O':
		return ioctl_ubi_arg(b, c);
	case KVMIO:
		return ioctl_kvm_arg(b, c);
	case 0xfd:
		return ioctl_dm_arg(b, c);
	case 0x89:
		return ioctl_sock_arg(b, c);
	case 0x12:
		return ioctl_block_arg(b, c);
	case 0xa4:
		return ioctl_tee_arg(b, c);
	case 0xaa:
		return ioctl_uffd_arg(b, c);
	}
	return false;
}

bool ioctl_sys_arg(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		   size_t size, int i)
{
	struct ioctl_call c = {
		.f = f, .e = e, .req = (uint32_t)e->args[i - 1], .addr = e->args[i],
		.ret = e->ret, .strsize = formatter_strsize(f), .size = size, .arg = i,
	};
	const struct cap *cp;
	const char *data;

	if (cap_find(e, size, i, &cp, &data) && !(cp->flags & CAP_FAULT)) {
		c.p = (const uint8_t *)data;
		c.len = cp->len;
	}
	if (family_arg(b, &c))
		return true;
	/* a request of these families without a decoder: a pointer */
	if (!ioctl_sys_name(NULL, c.req))
		return false;
	if (c.addr)
		sbuf_hex(b, c.addr);
	else
		sbuf_puts(b, "NULL");
	return true;
}
