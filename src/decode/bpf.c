// SPDX-License-Identifier: GPL-2.0
/*
 * bpf(2): the command, and union bpf_attr by command, as strace 6.1 shows
 * them.  The attribute is read as long as the size argument says (1 to a
 * page; other sizes show its address), what is beyond is zero; a
 * command's leading fields are always shown, later groups when the size
 * reaches into them (the points where older kernels' attributes ended);
 * when all were shown, bytes beyond the command's struct that are not zero
 * end it with ", ..." (-v: extra_data="\x.." and which bytes).  A value the
 * call writes back (the next id, the object info's length) follows "=> ".
 * Strings the attribute points to (a pin's path, a license, a raw
 * tracepoint's name, BTF data) are a second capture, CAP_ELEM.
 */
#include <stdio.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "netlink.h"
#include "../../bpf/event.h"
#include "../output/internal.h"

#define ATTR_MAX 4096		/* bytes of the attribute captured: a page */

enum fk { U32, S32, FD, PTR, X32, X64, U64, STR16, MAP_TYPE, PROG_TYPE, MAP_FLAGS, ELEM_FLAGS,
	  ATTACH_TYPE, ATTACH_FLAGS, OPEN_FLAGS, NEXT_ID, KVERSION, PROG_FLAGS, IFINDEX,
	  QUERY_FLAGS, TEST_FLAGS, FD_TYPE, NUMA, OLD_FD, STRPTR, LOGBUF, PROG_IDS, INSNS,
	  OBJ_INFO };

/* brk: the field (and those after it) only when the size reaches into it,
 * strace's point where an older kernel's attribute ended */
struct field {
	const char *name;
	unsigned char off, size, kind, brk;
};

struct attr {
	const uint8_t *p;	/* the attribute, zero past what was given */
	size_t size;		/* the size argument */
	size_t len;		/* bytes of it the command's struct holds */
	size_t have;		/* bytes captured */
	const uint8_t *entry;	/* its first 16 bytes at entry, or NULL */
	bool done;		/* the call succeeded */
	const struct bpf_nested *nested, *log;
	struct formatter *f;	/* -y: fds' paths */
	uint32_t pid;
	const struct ev_syscall *e;	/* the record: its other caps */
	size_t esize;
};

/* the cap of argument 1 with exactly `flags` (of CAP_ELEM, CAP_NAME,
 * CAP_CTRL, CAP_ARGV), the `nth` such; false when there is none */
static bool nested_cap(const struct attr *a, int flags, int nth, const struct cap **c,
		       const char **data)
{
	struct capiter it;

	if (!a->e)
		return false;
	cap_begin(&it, a->e, a->esize);
	while (cap_next(&it, c, data))
		if ((*c)->arg == 1 && ((*c)->flags & (CAP_ELEM | CAP_NAME | CAP_CTRL | CAP_ARGV)) ==
					      flags && nth-- == 0)
			return true;
	return false;
}

/*
 * An array of `n` elements at addr, captured in the cap of `flags`: each
 * element by put(), then "... /\* ADDR *\/" at the first not read (or
 * "..." past what was captured); [] when empty, the address when nothing
 * could be read.
 */
static void put_nested_array(struct sbuf *b, const struct attr *a, int flags, uint64_t addr,
			     uint32_t n, size_t esz,
			     void (*put)(struct sbuf *, const struct attr *, const uint8_t *, size_t))
{
	const struct cap *c;
	const char *data;
	size_t k, have;

	if (addr && !n) {
		sbuf_puts(b, "[]");
		return;
	}
	if (!addr || !nested_cap(a, flags, 0, &c, &data) || (c->flags & CAP_FAULT) ||
	    c->len < esz) {
		put_ptr(b, addr);
		return;
	}
	have = c->len / esz;
	sbuf_putc(b, '[');
	for (k = 0; k < n && k < have; k++) {
		if (k)
			sbuf_puts(b, ", ");
		put(b, a, (const uint8_t *)data + k * esz, k);
	}
	if (k < n) {
		sbuf_puts(b, ", ...");
		if (!(c->flags & CAP_TRUNC))
			sbuf_printf(b, " /* %#llx */", (unsigned long long)(addr + k * esz));
	}
	sbuf_putc(b, ']');
}

static void put_insn_elem(struct sbuf *b, const struct attr *a, const uint8_t *p, size_t k)
{
	(void)a; (void)k;
	put_ebpf_insn(b, p);
}

static void put_x64_elem(struct sbuf *b, const struct attr *a, const uint8_t *p, size_t k)
{
	(void)a; (void)k;
	put_hex0(b, load_u64(p, 0));
}

/* a symbol's name: the k-th non-NULL pointer's string (CAP_ARGV caps) */
static void put_sym_elem(struct sbuf *b, const struct attr *a, const uint8_t *p, size_t k)
{
	uint64_t ptr = load_u64(p, 0);
	const uint8_t *arr = p - 8 * k;
	const struct cap *c;
	const char *data;
	int nth = 0;

	if (!ptr) {
		sbuf_puts(b, "NULL");
		return;
	}
	for (size_t j = 0; j < k; j++)
		nth += load_u64(arr, 8 * j) != 0;
	if (nested_cap(a, CAP_ELEM | CAP_ARGV, nth, &c, &data) && !(c->flags & CAP_FAULT))
		decode_string(b, data, c->len, c->flags & CAP_TRUNC);
	else
		put_ptr(b, ptr);
}

static void put_nested_array(struct sbuf *b, const struct attr *a, int flags, uint64_t addr,
			     uint32_t n, size_t esz,
			     void (*put)(struct sbuf *, const struct attr *, const uint8_t *, size_t));
static void put_insn_elem(struct sbuf *b, const struct attr *a, const uint8_t *p, size_t k);
static bool put_value(struct sbuf *b, const struct attr *a, const struct field *f);
static bool nested_cap(const struct attr *a, int flags, int nth, const struct cap **c,
		       const char **data);

/*
 * BPF_OBJ_GET_INFO_BY_FD's struct bpf_map_info (with -v, when the call
 * succeeded and -y knows the fd for a map), as long as the call said it
 * wrote (info_len), fields as <linux/bpf.h>; false: not shown.
 */
static bool put_map_info(struct sbuf *b, const struct attr *a, uint64_t addr)
{
	static const struct field f[] = {
		{ "type", 0, 4, MAP_TYPE, 0 }, { "id", 4, 4, U32, 0 },
		{ "key_size", 8, 4, U32, 0 }, { "value_size", 12, 4, U32, 0 },
		{ "max_entries", 16, 4, U32, 0 }, { "map_flags", 20, 4, MAP_FLAGS, 0 },
		{ "name", 24, 16, STR16, 1 }, { "ifindex", 40, 4, IFINDEX, 1 },
		{ "btf_vmlinux_value_type_id", 44, 4, U32, 0 },
		{ "netns_dev", 48, 8, U64, 0 }, { "netns_ino", 56, 8, U64, 0 },
		{ "btf_id", 64, 4, U32, 1 }, { "btf_key_type_id", 68, 4, U32, 0 },
		{ "btf_value_type_id", 72, 4, U32, 0 },
	};
	const char *path = fd_path_of(a->f, a->pid, (int32_t)load_u32(a->p, 0));
	const struct cap *c;
	const char *data;
	struct attr info;
	uint8_t buf[88] = { 0 };
	size_t len = load_u32(a->p, 4);

	if (!addr || !decode_verbose() || !a->done || !path || strcmp(path, "anon_inode:bpf-map") ||
	    !nested_cap(a, CAP_ELEM, 0, &c, &data) || (c->flags & CAP_FAULT))
		return false;
	if (len > sizeof(buf))
		len = sizeof(buf);
	memcpy(buf, data, c->len < len ? c->len : len);
	info = *a;
	info.p = buf;
	info.len = len;
	sbuf_putc(b, '{');
	for (size_t i = 0; i < N(f); i++) {
		if (f[i].brk && len <= f[i].off)
			break;
		if (i)
			sbuf_puts(b, ", ");
		if (!strcmp(f[i].name, "netns_dev")) {
			uint64_t d = load_u64(buf, 48);
			size_t mark;

			sbuf_puts(b, "netns_dev=");
			mark = b->len;
			sbuf_printf(b, "makedev(%#x, %#x)", major(d), minor(d));
			xlat_finish(b, mark, d, XF_HEX);
			continue;
		}
		put_value(b, &info, &f[i]);
	}
	sbuf_putc(b, '}');
	return true;
}

/* false: the field is not shown (a condition on another field) */
static bool put_value(struct sbuf *b, const struct attr *a, const struct field *f)
{
	uint32_t v = load_u32(a->p, f->off);
	uint64_t v64 = load_u64(a->p, f->off);
	size_t mark = b->len;

	switch (f->kind) {
	case NUMA:		/* only when map_flags asks for a node */
		if (!(load_u32(a->p, 16) & 4))
			return false;
		sbuf_printf(b, "%s=%u", f->name, v);
		if (v == 0xffffffffu && decode_xlat() != XLAT_RAW)
			sbuf_puts(b, " /* NUMA_NO_NODE */");
		return true;
	case OLD_FD:		/* only with BPF_F_REPLACE */
		if (!(load_u32(a->p, 8) & 4))
			return false;
		break;
	}
	sbuf_printf(b, "%s=", f->name);
	mark = b->len;
	switch (f->kind) {
	case U32:
		sbuf_u64(b, v);
		break;
	case S32:
		sbuf_s64(b, (int32_t)v);
		break;
	case FD: case OLD_FD:
		sbuf_s64(b, (int32_t)v);
		if (a->f && (int32_t)v >= 0)
			put_fd_path(a->f, b, a->pid, (int32_t)v);
		break;
	case PTR:
		put_ptr(b, v64);
		break;
	case X32:
		put_hex0(b, v);
		break;
	case X64:
		put_hex0(b, v64);
		break;
	case U64:
		sbuf_u64(b, v64);
		break;
	case STR16: {		/* as much of the name as the size holds, its
				 * last byte the NUL: "..." when it is not */
		size_t n = a->len - f->off < 16 ? a->len - f->off : 16;
		size_t l = strnlen((const char *)a->p + f->off, n);

		decode_string(b, (const char *)a->p + f->off, l == n ? n - 1 : l, l == n);
		break;
	}
	case LOGBUF:		/* up to its NUL, log_size bytes at most */
		if (v64 && a->log && a->log->p) {
			size_t n = a->log->len < load_u32(a->p, 28) ? a->log->len
								   : load_u32(a->p, 28);
			size_t l = strnlen((const char *)a->log->p, n);

			/* no NUL in log_size bytes (or in what was read): "..." */
			decode_string(b, (const char *)a->log->p, l, l == n);
		} else {
			put_ptr(b, v64);
		}
		break;
	case OBJ_INFO:		/* -v: a map's info the call wrote */
		if (!put_map_info(b, a, v64))
			put_ptr(b, v64);
		break;
	case INSNS:		/* -v: the eBPF program (strace: 4096 at most) */
		if (decode_verbose())
			put_nested_array(b, a, CAP_ELEM | CAP_CTRL, v64,
					 load_u32(a->p, 4) > 4096 ? 4097 : load_u32(a->p, 4), 8,
					 put_insn_elem);
		else
			put_ptr(b, v64);
		break;
	case PROG_IDS: {	/* prog_cnt ids; none: [] */
		uint32_t n = load_u32(a->p, 24);

		if (v64 && !n) {
			sbuf_puts(b, "[]");
		} else if (v64 && a->done && a->nested && a->nested->p && a->nested->len >= 4) {
			/* (what the call wrote: nothing when it failed) */
			size_t k, have = a->nested->len / 4;

			sbuf_putc(b, '[');
			for (k = 0; k < n && k < have; k++)
				sbuf_printf(b, "%s%u", k ? ", " : "", load_u32(a->nested->p, 4 * k));
			if (k < n)
				sbuf_printf(b, ", ... /* %#llx */", (unsigned long long)(v64 + 4 * k));
			sbuf_putc(b, ']');
		} else {
			put_ptr(b, v64);
		}
		break;
	}
	case QUERY_FLAGS:
		put_flagset_q(b, v, xlat_bpf_query_flags, N(xlat_bpf_query_flags),
			      "BPF_F_QUERY_???");
		xlat_finish(b, mark, v, XF_HEX);
		break;
	case NEXT_ID:		/* an id the call writes back */
		if (a->entry && a->done && load_u32(a->entry, f->off) != v)
			sbuf_printf(b, "%u => %u", load_u32(a->entry, f->off), v);
		else
			sbuf_u64(b, v);
		break;
	case MAP_TYPE:
		put_enum_x(b, v, xlat_bpf_map_types, N(xlat_bpf_map_types), "BPF_MAP_TYPE_???");
		break;
	case PROG_TYPE:
		put_enum_x(b, v, xlat_bpf_prog_types, N(xlat_bpf_prog_types), "BPF_PROG_TYPE_???");
		break;
	case ATTACH_TYPE:
		put_enum_x(b, v, xlat_bpf_attach_types, N(xlat_bpf_attach_types), "BPF_???");
		break;
	case FD_TYPE:
		put_enum_x(b, v, xlat_bpf_task_fd_type, N(xlat_bpf_task_fd_type), "BPF_FD_TYPE_???");
		break;
	case ELEM_FLAGS:
		put_enum_x(b, v64, xlat_bpf_elem_flags, N(xlat_bpf_elem_flags), "BPF_???");
		break;
	case MAP_FLAGS:
		put_flagset_q(b, v, xlat_bpf_map_flags, N(xlat_bpf_map_flags), "BPF_F_???");
		xlat_finish(b, mark, v, XF_HEX);
		break;
	case ATTACH_FLAGS:
		put_flagset_q(b, v, xlat_bpf_attach_flags, N(xlat_bpf_attach_flags), "BPF_F_???");
		xlat_finish(b, mark, v, XF_HEX);
		break;
	case OPEN_FLAGS:
		put_flagset_q(b, v, xlat_bpf_open_flags, N(xlat_bpf_open_flags), "BPF_F_???");
		xlat_finish(b, mark, v, XF_HEX);
		break;
	case PROG_FLAGS:
		put_flagset_q(b, v, xlat_bpf_prog_flags, N(xlat_bpf_prog_flags), "BPF_F_???");
		xlat_finish(b, mark, v, XF_HEX);
		break;
	case TEST_FLAGS:
		put_flagset_q(b, v, xlat_bpf_test_run_flags, N(xlat_bpf_test_run_flags),
			      "BPF_F_???");
		xlat_finish(b, mark, v, XF_HEX);
		break;
	case KVERSION:		/* as the macro that makes it */
		sbuf_printf(b, "KERNEL_VERSION(%u, %u, %u)", v >> 16, (v >> 8) & 0xff, v & 0xff);
		xlat_finish(b, mark, v, XF_HEX);
		break;
	case IFINDEX:
		nl_ifindex(b, v);
		break;
	case STRPTR:		/* a string it points to, when it was captured */
		if (v64 && a->nested && a->nested->off == f->off && a->nested->p) {
			decode_string(b, (const char *)a->nested->p, a->nested->len,
				      a->nested->cut);
		} else {
			put_ptr(b, v64);
		}
		break;
	}
	return true;
}

/*
 * After the fields, bytes of the attribute beyond the command's struct
 * that are not zero: ", ..." (with -v the bytes, and where they are).
 * strace looks only when every field was shown.
 */
static void put_extra(struct sbuf *b, const struct attr *a, size_t attr_size)
{
	size_t k, end = a->size < a->have ? a->size : a->have;

	if (a->size <= attr_size)
		return;
	for (k = attr_size; k < end; k++)
		if (a->p[k])
			break;
	if (k == end)
		return;
	if (!decode_verbose() || a->size > a->have) {
		sbuf_puts(b, ", ...");
		return;
	}
	sbuf_puts(b, ", extra_data=");
	decode_string_hex(b, (const char *)a->p + attr_size, a->size - attr_size, false);
	sbuf_printf(b, " /* bytes %zu..%zu */", attr_size, a->size - 1);
}

struct cmd {
	const char *wrap;		/* "info", "test", ...: a struct in the struct */
	unsigned char attr_size;	/* strace's struct for the command */
	unsigned char n;
	const struct field *f;
};

#define F(...) ((const struct field[]){ __VA_ARGS__ })
#define CMD(wrap, size, ...)							\
	{ wrap, size, sizeof(F(__VA_ARGS__)) / sizeof(struct field), F(__VA_ARGS__) }

#define LOOKUP_ELEM							\
	CMD(NULL, 32, { "map_fd", 0, 4, FD, 0 }, { "key", 8, 8, PTR, 0 },	\
	    { "value", 16, 8, PTR, 0 }, { "flags", 24, 8, ELEM_FLAGS, 1 })
#define NEXT_IDS							\
	CMD(NULL, 12, { "start_id", 0, 4, U32, 0 }, { "next_id", 4, 4, NEXT_ID, 0 },	\
	    { "open_flags", 8, 4, OPEN_FLAGS, 1 })
#define OBJ_PATH							\
	CMD(NULL, 16, { "pathname", 0, 8, STRPTR, 0 }, { "bpf_fd", 8, 4, FD, 0 },	\
	    { "file_flags", 12, 4, OPEN_FLAGS, 1 })
#define LOOKUP_BATCH							\
	CMD("batch", 56, { "in_batch", 0, 8, PTR, 0 }, { "out_batch", 8, 8, PTR, 0 },	\
	    { "keys", 16, 8, PTR, 0 }, { "values", 24, 8, PTR, 0 },		\
	    { "count", 32, 4, U32, 0 }, { "map_fd", 36, 4, FD, 0 },		\
	    { "elem_flags", 40, 8, ELEM_FLAGS, 0 }, { "flags", 48, 8, X64, 0 })

/* The commands, by number: field layouts as <linux/bpf.h> */
static const struct cmd cmds[] = {
	[0] = CMD(NULL, 72, { "map_type", 0, 4, MAP_TYPE, 0 }, { "key_size", 4, 4, U32, 0 },
		  { "value_size", 8, 4, U32, 0 }, { "max_entries", 12, 4, U32, 0 },
		  { "map_flags", 16, 4, MAP_FLAGS, 1 }, { "inner_map_fd", 20, 4, FD, 1 },
		  { "numa_node", 24, 4, NUMA, 1 }, { "map_name", 28, 16, STR16, 1 },
		  { "map_ifindex", 44, 4, IFINDEX, 1 }, { "btf_fd", 48, 4, FD, 1 },
		  { "btf_key_type_id", 52, 4, U32, 0 }, { "btf_value_type_id", 56, 4, U32, 0 },
		  { "btf_vmlinux_value_type_id", 60, 4, U32, 1 },
		  { "map_extra", 64, 8, U64, 1 }),
	[1] = LOOKUP_ELEM,
	[2] = CMD(NULL, 32, { "map_fd", 0, 4, FD, 0 }, { "key", 8, 8, PTR, 0 },
		  { "value", 16, 8, PTR, 0 }, { "flags", 24, 8, ELEM_FLAGS, 0 }),
	[3] = CMD(NULL, 16, { "map_fd", 0, 4, FD, 0 }, { "key", 8, 8, PTR, 0 }),
	[4] = CMD(NULL, 24, { "map_fd", 0, 4, FD, 0 }, { "key", 8, 8, PTR, 0 },
		  { "next_key", 16, 8, PTR, 0 }),
	[5] = CMD(NULL, 128, { "prog_type", 0, 4, PROG_TYPE, 0 }, { "insn_cnt", 4, 4, U32, 0 },
		  { "insns", 8, 8, INSNS, 0 }, { "license", 16, 8, STRPTR, 0 },
		  { "log_level", 24, 4, U32, 1 }, { "log_size", 28, 4, U32, 0 },
		  { "log_buf", 32, 8, LOGBUF, 0 }, { "kern_version", 40, 4, KVERSION, 1 },
		  { "prog_flags", 44, 4, PROG_FLAGS, 1 }, { "prog_name", 48, 16, STR16, 1 },
		  { "prog_ifindex", 64, 4, IFINDEX, 1 },
		  { "expected_attach_type", 68, 4, ATTACH_TYPE, 1 },
		  { "prog_btf_fd", 72, 4, FD, 1 }, { "func_info_rec_size", 76, 4, U32, 0 },
		  { "func_info", 80, 8, PTR, 0 }, { "func_info_cnt", 88, 4, U32, 0 },
		  { "line_info_rec_size", 92, 4, U32, 0 }, { "line_info", 96, 8, PTR, 0 },
		  { "line_info_cnt", 104, 4, U32, 0 }, { "attach_btf_id", 108, 4, U32, 1 },
		  { "attach_prog_fd", 112, 4, FD, 1 }, { "fd_array", 120, 8, PTR, 1 }),
	[6] = OBJ_PATH,
	[7] = OBJ_PATH,
	[8] = CMD(NULL, 20, { "target_fd", 0, 4, FD, 0 }, { "attach_bpf_fd", 4, 4, FD, 0 },
		  { "attach_type", 8, 4, ATTACH_TYPE, 0 },
		  { "attach_flags", 12, 4, ATTACH_FLAGS, 0 },
		  { "replace_bpf_fd", 16, 4, FD, 1 }),
	[9] = CMD(NULL, 12, { "target_fd", 0, 4, FD, 0 }, { "attach_type", 8, 4, ATTACH_TYPE, 0 }),
	[10] = CMD("test", 76, { "prog_fd", 0, 4, FD, 0 }, { "retval", 4, 4, U32, 0 },
		   { "data_size_in", 8, 4, U32, 0 }, { "data_size_out", 12, 4, U32, 0 },
		   { "data_in", 16, 8, PTR, 0 }, { "data_out", 24, 8, PTR, 0 },
		   { "repeat", 32, 4, U32, 0 }, { "duration", 36, 4, U32, 0 },
		   { "ctx_size_in", 40, 4, U32, 1 }, { "ctx_size_out", 44, 4, U32, 0 },
		   { "ctx_in", 48, 8, PTR, 0 }, { "ctx_out", 56, 8, PTR, 0 },
		   { "flags", 64, 4, TEST_FLAGS, 1 }, { "cpu", 68, 4, U32, 0 },
		   { "batch_size", 72, 4, U32, 1 }),
	[11] = NEXT_IDS,
	[12] = NEXT_IDS,
	[13] = CMD(NULL, 12, { "prog_id", 0, 4, U32, 0 }, { "next_id", 4, 4, U32, 0 },
		   { "open_flags", 8, 4, OPEN_FLAGS, 1 }),
	[14] = CMD(NULL, 12, { "map_id", 0, 4, U32, 0 }, { "next_id", 4, 4, U32, 0 },
		   { "open_flags", 8, 4, OPEN_FLAGS, 1 }),
	[15] = CMD("info", 16, { "bpf_fd", 0, 4, FD, 0 }, { "info_len", 4, 4, NEXT_ID, 0 },
		   { "info", 8, 8, OBJ_INFO, 0 }),
	[16] = CMD("query", 28, { "target_fd", 0, 4, FD, 0 },
		   { "attach_type", 4, 4, ATTACH_TYPE, 0 },
		   { "query_flags", 8, 4, QUERY_FLAGS, 0 },
		   { "attach_flags", 12, 4, ATTACH_FLAGS, 0 }, { "prog_ids", 16, 8, PROG_IDS, 0 },
		   { "prog_cnt", 24, 4, U32, 0 }),
	[17] = CMD("raw_tracepoint", 12, { "name", 0, 8, STRPTR, 0 },
		   { "prog_fd", 8, 4, FD, 0 }),
	[18] = CMD(NULL, 28, { "btf", 0, 8, STRPTR, 0 }, { "btf_log_buf", 8, 8, PTR, 0 },
		   { "btf_size", 16, 4, U32, 0 }, { "btf_log_size", 20, 4, U32, 0 },
		   { "btf_log_level", 24, 4, U32, 0 }),
	[19] = CMD(NULL, 4, { "btf_id", 0, 4, U32, 0 }),
	[20] = CMD("task_fd_query", 48, { "pid", 0, 4, S32, 0 }, { "fd", 4, 4, FD, 0 },
		   { "flags", 8, 4, U32, 0 }, { "buf_len", 12, 4, U32, 0 },
		   { "buf", 16, 8, PTR, 0 }, { "prog_id", 24, 4, U32, 0 },
		   { "fd_type", 28, 4, FD_TYPE, 0 }, { "probe_offset", 32, 8, X64, 0 },
		   { "probe_addr", 40, 8, X64, 0 }),
	[21] = LOOKUP_ELEM,
	[22] = CMD(NULL, 4, { "map_fd", 0, 4, FD, 0 }),
	[23] = NEXT_IDS,
	[24] = LOOKUP_BATCH,
	[25] = LOOKUP_BATCH,
	[26] = CMD("batch", 56, { "keys", 16, 8, PTR, 0 }, { "values", 24, 8, PTR, 0 },
		   { "count", 32, 4, U32, 0 }, { "map_fd", 36, 4, FD, 0 },
		   { "elem_flags", 40, 8, ELEM_FLAGS, 0 }, { "flags", 48, 8, X64, 0 }),
	[27] = CMD("batch", 56, { "keys", 16, 8, PTR, 0 }, { "count", 32, 4, U32, 0 },
		   { "map_fd", 36, 4, FD, 0 }, { "elem_flags", 40, 8, ELEM_FLAGS, 0 },
		   { "flags", 48, 8, X64, 0 }),
	/* (the union after flags, by attach type, is not shown: its bytes
	 * count as what follows the struct) */
	[28] = CMD("link_create", 48, { "prog_fd", 0, 4, FD, 0 }, { "target_fd", 4, 4, FD, 0 },
		   { "attach_type", 8, 4, ATTACH_TYPE, 0 }, { "flags", 12, 4, X32, 0 }),
	[29] = CMD("link_update", 16, { "link_fd", 0, 4, FD, 0 },
		   { "new_prog_fd", 4, 4, FD, 0 }, { "flags", 8, 4, ATTACH_FLAGS, 0 },
		   { "old_prog_fd", 12, 4, OLD_FD, 0 }),
	[30] = CMD(NULL, 4, { "link_id", 0, 4, U32, 0 }),
	[31] = NEXT_IDS,
};

unsigned bpf_nested_off(uint32_t cmd)
{
	switch (cmd) {
	case 5:				/* BPF_PROG_LOAD: license */
		return 16;
	case 6: case 7: case 17: case 18:	/* pathname, name, btf */
		return 0;
	case 16: case 28:		/* prog_ids, iter_info */
		return 16;
	}
	return ~0u;
}

/*
 * BPF_LINK_CREATE's union after flags, by attach type (strace's guess);
 * returns the struct's size for what follows it.  Arrays it points to are
 * their address ([] when empty); iter_info's are captured (nested).
 */
static size_t put_link_create(struct sbuf *b, const struct attr *a)
{
	uint32_t type = load_u32(a->p, 8), n;
	uint64_t p;

	(void)p;
	switch (type) {
	case 0:			/* BPF_CGROUP_INET_INGRESS: an extension's target */
		if (load_u32(a->p, 16))
			sbuf_printf(b, ", target_btf_id=%u", load_u32(a->p, 16));
		return 20;
	case 0x1c:		/* BPF_TRACE_ITER */
		p = load_u64(a->p, 16);
		n = load_u32(a->p, 24);
		sbuf_puts(b, ", iter_info=");
		if (p && n && a->nested && a->nested->p) {
			size_t k, have = a->nested->len / 4;

			sbuf_putc(b, '[');
			for (k = 0; k < n && k < have; k++) {
				int32_t fd = (int32_t)load_u32(a->nested->p, 4 * k);

				sbuf_printf(b, "%s{map={map_fd=%d", k ? ", " : "", fd);
				if (a->f && fd >= 0)
					put_fd_path(a->f, b, a->pid, fd);
				sbuf_puts(b, "}}");
			}
			if (k < n)
				sbuf_printf(b, "%s... /* %#llx */", k ? ", " : "",
					    (unsigned long long)(p + 4 * k));
			sbuf_putc(b, ']');
		} else if (p && !n) {
			sbuf_puts(b, "[]");
		} else {
			put_ptr(b, p);
		}
		sbuf_printf(b, ", iter_info_len=%u", n);
		return 28;
	case 0x29:		/* BPF_PERF_EVENT */
		sbuf_printf(b, ", perf_event={bpf_cookie=");
		put_hex0(b, load_u64(a->p, 16));
		sbuf_putc(b, '}');
		return 24;
	case 0x2a: {		/* BPF_TRACE_KPROBE_MULTI */
		static const char *const arrays[] = { "syms", "addrs", "cookies" };
		uint32_t flags = load_u32(a->p, 16);
		size_t mark;

		n = load_u32(a->p, 20);
		sbuf_puts(b, ", kprobe_multi={flags=");
		mark = b->len;
		if (flags == 1)
			sbuf_puts(b, "BPF_F_KPROBE_MULTI_RETURN");
		else if (!flags)
			sbuf_putc(b, '0');
		else if (flags & 1)
			sbuf_printf(b, "BPF_F_KPROBE_MULTI_RETURN|%#x", flags & ~1u);
		else
			sbuf_printf(b, "%#x /* BPF_F_??? */", flags);
		xlat_finish(b, mark, flags, XF_HEX);
		sbuf_printf(b, ", cnt=%u", n);
		sbuf_printf(b, ", %s=", arrays[0]);
		put_nested_array(b, a, CAP_ELEM | CAP_CTRL, load_u64(a->p, 24), n, 8, put_sym_elem);
		sbuf_printf(b, ", %s=", arrays[1]);
		put_nested_array(b, a, CAP_ELEM | CAP_NAME, load_u64(a->p, 32), n, 8, put_x64_elem);
		sbuf_printf(b, ", %s=", arrays[2]);
		put_nested_array(b, a, CAP_ELEM | CAP_NAME | CAP_CTRL, load_u64(a->p, 40), n, 8,
				 put_x64_elem);
		sbuf_putc(b, '}');
		return 48;
	}
	}
	return 16;
}

void decode_bpf_cmd(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_bpf_cmds, N(xlat_bpf_cmds), "BPF_???");
}

bool decode_bpf_attr(struct sbuf *b, uint64_t cmd, const uint8_t *p, size_t len, uint64_t size,
		     const uint8_t *entry, size_t entry_len, int64_t ret,
		     const struct bpf_nested *nested, const struct bpf_nested *log,
		     struct formatter *f, uint32_t pid, const struct ev_syscall *e, size_t esize)
{
	static uint8_t buf[ATTR_MAX];
	const struct cmd *c;
	struct attr a = { buf, size, 0, len, entry_len >= 16 ? entry : NULL, ret >= 0,
			  nested, log, f, pid, e, esize };
	bool stopped = false, first = true;
	size_t i, attr_size;

	/* strace reads an attribute of 1 to a page's bytes */
	if (cmd >= N(cmds) || !cmds[cmd].f || !size || size > 4096)
		return false;
	c = &cmds[cmd];
	attr_size = c->attr_size;
	memset(buf, 0, sizeof(buf));
	memcpy(buf, p, len < sizeof(buf) ? len : sizeof(buf));
	a.len = size < c->attr_size ? size : c->attr_size;
	/* what was not captured of what the struct holds is not known */
	if (a.len > len)
		return false;
	sbuf_putc(b, '{');
	if (c->wrap)
		sbuf_printf(b, "%s={", c->wrap);
	for (i = 0; i < c->n; i++) {
		const struct field *fl = &c->f[i];
		size_t mark = b->len;

		if (fl->brk && a.len <= fl->off) {
			stopped = true;
			break;
		}
		if (!first)
			sbuf_puts(b, ", ");
		if (put_value(b, &a, fl))
			first = false;
		else
			b->len = mark;
	}
	if (cmd == 28 && !stopped)
		attr_size = a.len > 16 ? put_link_create(b, &a) : 48;
	if (c->wrap)
		sbuf_putc(b, '}');
	if (!stopped)
		put_extra(b, &a, attr_size);
	sbuf_putc(b, '}');
	return true;
}
