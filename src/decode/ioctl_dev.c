// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl requests of device families, each in a file of its own
 * (ioctl_evdev.c, ioctl_v4l2.c, ...): their names, whether strace shows a
 * third argument, and that argument decoded from what the kernel side
 * captured (CK_IOCTL_ARG: as many bytes as the request's size field says, at
 * least the rule's 40, read at the call's exit; the requests these
 * families decode leave what they read unchanged when they fail, and
 * strace shows what they wrote only after success).
 */
#include <string.h>

#include "flagtab.h"
#include "../output/internal.h"
#include "../../bpf/event.h"

static const struct ioctl_dev *const devs[] = {
	&ioctl_dev_evdev, &ioctl_dev_gpio, &ioctl_dev_hdio, &ioctl_dev_chardevs, &ioctl_dev_lirc,
	&ioctl_dev_rtc, &ioctl_dev_ptp, &ioctl_dev_kd, &ioctl_dev_v4l2, &ioctl_dev_other, &ioctl_dev_termios,
};

static const struct ioctl_dev *named(struct sbuf *b, uint32_t req)
{
	for (size_t d = 0; d < N(devs); d++) {
		for (size_t i = 0; i < devs[d]->nnames; i++)
			if (devs[d]->names[i].val == req) {
				if (b)
					sbuf_puts(b, devs[d]->names[i].name);
				return devs[d];
			}
		if (devs[d]->name) {
			struct sbuf tmp;
			bool ok;

			sbuf_init(&tmp, 64);
			ok = devs[d]->name(&tmp, req);
			if (ok && b)
				sbuf_mem(b, tmp.p, tmp.len);
			sbuf_free(&tmp);
			if (ok)
				return devs[d];
		}
	}
	return NULL;
}

bool ioctl_dev_name(struct sbuf *b, uint32_t req)
{
	return named(b, req) != NULL;
}

bool ioctl_dev_has_arg(uint32_t req)
{
	struct ioctl_call c = { .req = req };

	for (size_t d = 0; d < N(devs); d++)
		if (devs[d]->arg && devs[d]->arg(NULL, &c) == IOCTL_NO_ARG)
			return false;
	return true;
}

bool ioctl_dev_arg(struct formatter *f, struct sbuf *b, const struct ev_syscall *e,
		   size_t size, int i)
{
	struct ioctl_call c = { .req = (uint32_t)e->args[i - 1], .addr = e->args[i],
				.ret = e->ret, .strsize = formatter_strsize(f),
				.e = e, .size = size, .arg = i };
	const struct cap *cp;
	const char *data;

	if (cap_find(e, size, i, &cp, &data) && !(cp->flags & CAP_FAULT)) {
		c.p = (const uint8_t *)data;
		c.len = cp->len;
	}
	for (size_t d = 0; d < N(devs); d++)
		if (devs[d]->arg && devs[d]->arg(b, &c) == IOCTL_SHOWN)
			return true;
	return false;
}

int ioctl_ptr(struct sbuf *b, const struct ioctl_call *c)
{
	put_ptr(b, c->addr);
	return IOCTL_SHOWN;
}

bool ioctl_in(const struct ioctl_call *c, size_t n)
{
	return c->addr && c->p && c->len >= n;
}

bool ioctl_out(const struct ioctl_call *c, size_t n)
{
	return c->ret >= 0 && ioctl_in(c, n);
}

void ioctl_uarray(struct sbuf *b, const struct ioctl_call *c, const uint8_t *p, size_t n,
		  size_t size, bool hex)
{
	sbuf_putc(b, '[');
	for (size_t i = 0; i < n; i++) {
		uint64_t v = 0;

		if (i)
			sbuf_puts(b, ", ");
		if (i == c->strsize && !decode_verbose()) {
			sbuf_puts(b, "...");
			break;
		}
		memcpy(&v, p + i * size, size);
		if (hex)
			put_hex0(b, v);
		else
			sbuf_u64(b, v);
	}
	sbuf_putc(b, ']');
}
