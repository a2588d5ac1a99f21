// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl request families beyond the terminal's and the socket's (ioctl.c):
 * input devices (evdev), block devices, loop devices, file systems.  A
 * family is a name table (xlat/ioctl_*.in, checked against the kernel's
 * headers), what each request's third argument is (a pointer, a number,
 * none, an int the call reads or writes), and for evdev the requests
 * whose number holds a parameter (EVIOCGNAME(len), EVIOCGBIT(EV_KEY, len),
 * EVIOCGABS(ABS_X)).  A new family is one more row of `families`.
 */
#include <linux/blkpg.h>
#include <linux/fs.h>
#include <linux/input.h>
#include <linux/loop.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../../bpf/event.h"

/* What strace shows for a request's third argument */
enum ioctl_arg {
	IA_PTR,		/* NULL or the address (a struct strobe does not decode) */
	IA_NONE,	/* no third argument: "ioctl(3, BLKRRPART)" */
	IA_RAW,		/* the register: 0 or hex (named, not decoded) */
	IA_INT,		/* an int passed by value */
	IA_ULONG,	/* an unsigned long passed by value */
	IA_INT_IN,	/* [int] the call reads */
	IA_U32_IN,	/* [unsigned] the call reads */
	IA_U32X2_IN,	/* [unsigned, unsigned] the call reads */
	IA_U64X2_IN,	/* [u64, u64] the call reads (a range) */
	IA_INT_OUT,	/* [int] the call writes, after success */
	IA_U32_OUT,
	IA_U16_OUT,
	IA_ULONG_OUT,
	IA_U64_OUT,
};

struct ioctl_arg_rule {
	uint32_t req;
	uint8_t arg;
};

static const struct ioctl_arg_rule evdev_args[] = {
	{ EVIOCRMFF, IA_INT }, { EVIOCGRAB, IA_ULONG }, { EVIOCREVOKE, IA_ULONG },
	{ EVIOCSCLOCKID, IA_U32_IN }, { EVIOCSREP, IA_U32X2_IN },
};

static const struct ioctl_arg_rule block_args[] = {
	{ BLKROSET, IA_INT_IN }, { BLKBSZSET, IA_INT_IN }, { BLKSECTSET, IA_RAW },
	{ BLKRRPART, IA_NONE },
	{ BLKFLSBUF, IA_NONE }, { BLKTRACESTART, IA_NONE }, { BLKTRACESTOP, IA_NONE },
	{ BLKTRACETEARDOWN, IA_NONE }, { BLKRASET, IA_ULONG }, { BLKFRASET, IA_ULONG },
	{ BLKDISCARD, IA_U64X2_IN }, { BLKSECDISCARD, IA_U64X2_IN }, { BLKZEROOUT, IA_U64X2_IN },
	{ BLKROGET, IA_INT_OUT }, { BLKBSZGET, IA_INT_OUT }, { BLKSSZGET, IA_INT_OUT },
	{ BLKALIGNOFF, IA_INT_OUT }, { BLKGETSIZE, IA_ULONG_OUT }, { BLKRAGET, IA_ULONG_OUT },
	{ BLKFRAGET, IA_ULONG_OUT }, { BLKSECTGET, IA_U16_OUT }, { BLKROTATIONAL, IA_U16_OUT },
	{ BLKIOMIN, IA_U32_OUT }, { BLKIOOPT, IA_U32_OUT }, { BLKPBSZGET, IA_U32_OUT },
	{ BLKDISCARDZEROES, IA_U32_OUT }, { BLKGETSIZE64, IA_U64_OUT },
	{ BLKGETDISKSEQ, IA_U64_OUT },
};

static const struct ioctl_arg_rule loop_args[] = {
	{ LOOP_SET_FD, IA_INT }, { LOOP_CHANGE_FD, IA_INT }, { LOOP_CTL_ADD, IA_INT },
	{ LOOP_CTL_REMOVE, IA_INT }, { LOOP_SET_DIRECT_IO, IA_ULONG },
	{ LOOP_SET_BLOCK_SIZE, IA_ULONG }, { LOOP_CLR_FD, IA_NONE },
	{ LOOP_SET_CAPACITY, IA_NONE }, { LOOP_CTL_GET_FREE, IA_NONE },
};

static const struct ioctl_arg_rule fs_args[] = {
	{ FIFREEZE, IA_NONE }, { FITHAW, IA_NONE }, { FS_IOC_GETVERSION, IA_RAW },
	{ FS_IOC_SETVERSION, IA_RAW }, { FIBMAP, IA_RAW }, { FIGETBSZ, IA_RAW },
};

/*
 * evdev's requests with a parameter in their number, as strace writes
 * them: a length (the size field), an event type, an axis.
 */
static bool evdev_param_name(struct sbuf *b, uint32_t req)
{
	static const struct { uint8_t nr; const char *name; } sized[] = {
		{ 0x06, "EVIOCGNAME" }, { 0x07, "EVIOCGPHYS" }, { 0x08, "EVIOCGUNIQ" },
		{ 0x09, "EVIOCGPROP" }, { 0x0a, "EVIOCGMTSLOTS" }, { 0x18, "EVIOCGKEY" },
		{ 0x19, "EVIOCGLED" }, { 0x1a, "EVIOCGSND" }, { 0x1b, "EVIOCGSW" },
	};
	uint32_t dir = _IOC_DIR(req), nr = _IOC_NR(req), len = _IOC_SIZE(req);
	/* inside -X verbose's comment, no comment of its own */
	bool inner = decode_xlat() != XLAT_VERBOSE;

	if (_IOC_TYPE(req) != 'E')
		return false;
	if (dir == _IOC_READ) {
		for (size_t i = 0; i < N(sized); i++)
			if (sized[i].nr == nr) {
				sbuf_printf(b, "%s(%u)", sized[i].name, len);
				return true;
			}
		if (nr >= 0x20 && nr < 0x40) {	/* EVIOCGBIT(type, len): 0 is all types */
			sbuf_puts(b, "EVIOCGBIT(");
			if (nr == 0x20)
				sbuf_putc(b, '0');
			else
				put_enum(b, nr - 0x20, xlat_ev_types, N(xlat_ev_types),
					 inner ? "EV_???" : NULL);
			sbuf_printf(b, ", %u)", len);
			return true;
		}
	}
	/* any size: the struct is decoded as far as the size reaches */
	if ((dir == _IOC_READ && nr >= 0x40 && nr < 0x80) || (dir == _IOC_WRITE && nr >= 0xc0)) {
		sbuf_puts(b, dir == _IOC_READ ? "EVIOCGABS(" : "EVIOCSABS(");
		put_enum(b, nr & 0x3f, xlat_ev_abs, N(xlat_ev_abs), inner ? "ABS_???" : NULL);
		sbuf_putc(b, ')');
		return true;
	}
	return false;
}

static const struct ioctl_family {
	const struct flag *names;
	size_t nnames;
	const struct ioctl_arg_rule *args;
	size_t nargs;
	bool (*param_name)(struct sbuf *b, uint32_t req);
} families[] = {
	{ xlat_ioctl_evdev, N(xlat_ioctl_evdev), evdev_args, N(evdev_args), evdev_param_name },
	{ xlat_ioctl_block, N(xlat_ioctl_block), block_args, N(block_args), NULL },
	{ xlat_ioctl_loop, N(xlat_ioctl_loop), loop_args, N(loop_args), NULL },
	{ xlat_ioctl_fs, N(xlat_ioctl_fs), fs_args, N(fs_args), NULL },
};

/* The family that names req, or NULL; its name into b when b is given */
static const struct ioctl_family *family_of(struct sbuf *b, uint32_t req)
{
	for (size_t f = 0; f < N(families); f++) {
		for (size_t i = 0; i < families[f].nnames; i++)
			if (families[f].names[i].val == req) {
				if (b)
					sbuf_puts(b, families[f].names[i].name);
				return &families[f];
			}
		if (families[f].param_name) {
			struct sbuf tmp;
			bool named;

			sbuf_init(&tmp, 64);
			named = families[f].param_name(&tmp, req);
			if (named && b)
				sbuf_mem(b, tmp.p, tmp.len);
			sbuf_free(&tmp);
			if (named)
				return &families[f];
		}
	}
	return NULL;
}

bool ioctl_family_name(struct sbuf *b, uint32_t req)
{
	return family_of(b, req) != NULL;
}

/* -1 when no family names req, else its enum ioctl_arg */
static int arg_kind_of(uint32_t req)
{
	const struct ioctl_family *f = family_of(NULL, req);

	if (!f)
		return -1;
	for (size_t i = 0; i < f->nargs; i++)
		if (f->args[i].req == req)
			return f->args[i].arg;
	return IA_PTR;
}

bool ioctl_family_has_arg(uint32_t req)
{
	return arg_kind_of(req) != IA_NONE;
}

bool ioctl_family_arg(struct sbuf *b, const struct ev_syscall *e, size_t size, int i)
{
	int kind = arg_kind_of((uint32_t)e->args[i - 1]);
	uint64_t v = e->args[i], w[2] = { 0, 0 };
	const struct cap *c;
	const char *data;
	size_t len = 0;

	if (kind < 0)
		return false;
	if (cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT)) {
		len = c->len;
		memcpy(w, data, len < sizeof(w) ? len : sizeof(w));
	}
	/* what the call writes is there after success only */
	if (kind >= IA_INT_OUT && e->ret < 0)
		len = 0;
	switch (kind) {
	case IA_RAW:
		put_hex0(b, v);
		return true;
	case IA_INT:
		sbuf_printf(b, "%d", (int32_t)v);
		return true;
	case IA_ULONG:
		sbuf_u64(b, v);
		return true;
	}
	if (!v) {
		sbuf_puts(b, "NULL");
		return true;
	}
	switch (kind) {
	case IA_INT_IN: case IA_INT_OUT:
		if (len >= 4) {
			sbuf_printf(b, "[%d]", (int32_t)w[0]);
			return true;
		}
		break;
	case IA_U32_IN: case IA_U32_OUT:
		if (len >= 4) {
			sbuf_printf(b, "[%u]", (uint32_t)w[0]);
			return true;
		}
		break;
	case IA_U16_OUT:
		if (len >= 2) {
			sbuf_printf(b, "[%u]", (uint16_t)w[0]);
			return true;
		}
		break;
	case IA_ULONG_OUT: case IA_U64_OUT:
		if (len >= 8) {
			sbuf_printf(b, "[%llu]", (unsigned long long)w[0]);
			return true;
		}
		break;
	case IA_U32X2_IN:
		if (len >= 8) {
			sbuf_printf(b, "[%u, %u]", (uint32_t)w[0], (uint32_t)(w[0] >> 32));
			return true;
		}
		break;
	case IA_U64X2_IN:
		if (len >= 16) {
			sbuf_printf(b, "[%llu, %llu]", (unsigned long long)w[0],
				    (unsigned long long)w[1]);
			return true;
		}
		break;
	}
	sbuf_hex(b, v);
	return true;
}
