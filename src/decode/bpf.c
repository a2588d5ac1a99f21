// SPDX-License-Identifier: GPL-2.0
/*
 * bpf(2): the command, and union bpf_attr for the commands whose attribute
 * holds no pointer strace follows (maps, ids, object info, attach and
 * detach); the others show the attribute's address.  As strace: the
 * attribute is read as long as the size argument says (what is beyond is
 * zero), a command's leading fields are always shown, later ones when the
 * size covers them, and ", ..." ends it when bytes after the last field
 * shown are not zero.  A value the call writes back (the next id, the
 * object info's length) follows "=> ".
 */
#include <stdio.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

#define ATTR_MAX 128		/* bytes of the attribute captured */

enum fk { U32, S32, PTR, HEX64, STR16, MAP_TYPE, MAP_FLAGS, ELEM_FLAGS, ATTACH_TYPE,
	  ATTACH_FLAGS, OPEN_FLAGS, NEXT_ID };

struct field {
	const char *name;
	unsigned char off, size, kind;
};

struct attr {
	const uint8_t *p;	/* the attribute, zero past what was given */
	size_t size;		/* the size argument */
	const uint8_t *entry;	/* its first 16 bytes at entry, or NULL */
	bool done;		/* the call succeeded */
};

static void put_value(struct sbuf *b, const struct attr *a, const struct field *f)
{
	uint32_t v = load_u32(a->p, f->off);
	size_t mark = b->len;

	switch (f->kind) {
	case U32:
		sbuf_u64(b, v);
		break;
	case S32:
		sbuf_s64(b, (int32_t)v);
		break;
	case PTR:
		put_ptr(b, load_u64(a->p, f->off));
		break;
	case HEX64:
		put_hex0(b, load_u64(a->p, f->off));
		break;
	case STR16:
		decode_string(b, (const char *)a->p + f->off, strnlen((const char *)a->p + f->off, 16),
			      false);
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
	case ATTACH_TYPE:
		put_enum_x(b, v, xlat_bpf_attach_types, N(xlat_bpf_attach_types), "BPF_???");
		break;
	case ELEM_FLAGS:
		put_enum_x(b, load_u64(a->p, f->off), xlat_bpf_elem_flags, N(xlat_bpf_elem_flags),
			   "BPF_???");
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
	}
}

/* The fields: the first `always` whatever the size, the rest while the
 * size covers them; returns where the last one shown ends */
static size_t put_fields(struct sbuf *b, const struct attr *a, const struct field *f,
			 size_t n, size_t always, size_t end)
{
	for (size_t i = 0; i < n; i++) {
		if (i >= always && f[i].off + f[i].size > a->size)
			break;
		if (end)
			sbuf_puts(b, ", ");
		sbuf_printf(b, "%s=", f[i].name);
		put_value(b, a, &f[i]);
		end = f[i].off + f[i].size;
	}
	return end;
}

/* ", ..." when bytes after the last field shown are not zero */
static void put_tail(struct sbuf *b, const struct attr *a, size_t end)
{
	for (size_t k = end; k < a->size && k < ATTR_MAX; k++)
		if (a->p[k]) {
			sbuf_puts(b, ", ...");
			return;
		}
}

#define FIELDS(...) ((const struct field[]){ __VA_ARGS__ })
#define SHOW(end, always, ...)							\
	put_fields(b, a, FIELDS(__VA_ARGS__),					\
		   sizeof(FIELDS(__VA_ARGS__)) / sizeof(struct field), always, end)
#define PUT(always, ...) put_tail(b, a, SHOW(0, always, __VA_ARGS__))

static void put_map_create(struct sbuf *b, const struct attr *a)
{
	size_t end = SHOW(0, 4, { "map_type", 0, 4, MAP_TYPE }, { "key_size", 4, 4, U32 },
			  { "value_size", 8, 4, U32 }, { "max_entries", 12, 4, U32 },
			  { "map_flags", 16, 4, MAP_FLAGS }, { "inner_map_fd", 20, 4, S32 });

	/* numa_node only when BPF_F_NUMA_NODE asks for it */
	if ((load_u32(a->p, 16) & 4) && a->size >= 28) {
		sbuf_printf(b, ", numa_node=%u", load_u32(a->p, 24));
		end = 28;
	}
	if (end >= 24)
		end = SHOW(end, 0, { "map_name", 28, 16, STR16 }, { "map_ifindex", 44, 4, U32 },
			   { "btf_fd", 48, 4, S32 }, { "btf_key_type_id", 52, 4, U32 },
			   { "btf_value_type_id", 56, 4, U32 },
			   { "btf_vmlinux_value_type_id", 60, 4, U32 }, { "map_extra", 64, 8, HEX64 });
	put_tail(b, a, end);
}

/* false: a command whose attribute is not decoded */
static bool put_attr(struct sbuf *b, uint32_t cmd, const struct attr *a)
{
	switch (cmd) {
	case 0:		/* BPF_MAP_CREATE */
		put_map_create(b, a);
		return true;
	case 1: case 2:	/* BPF_MAP_LOOKUP_ELEM, BPF_MAP_UPDATE_ELEM */
		PUT(4, { "map_fd", 0, 4, S32 }, { "key", 8, 8, PTR }, { "value", 16, 8, PTR },
		    { "flags", 24, 8, ELEM_FLAGS });
		return true;
	case 3:		/* BPF_MAP_DELETE_ELEM */
		PUT(2, { "map_fd", 0, 4, S32 }, { "key", 8, 8, PTR });
		return true;
	case 4:		/* BPF_MAP_GET_NEXT_KEY */
		PUT(3, { "map_fd", 0, 4, S32 }, { "key", 8, 8, PTR }, { "next_key", 16, 8, PTR });
		return true;
	case 8:		/* BPF_PROG_ATTACH */
		PUT(4, { "target_fd", 0, 4, S32 }, { "attach_bpf_fd", 4, 4, S32 },
		    { "attach_type", 8, 4, ATTACH_TYPE }, { "attach_flags", 12, 4, ATTACH_FLAGS },
		    { "replace_bpf_fd", 16, 4, S32 });
		return true;
	case 9:		/* BPF_PROG_DETACH */
		PUT(2, { "target_fd", 0, 4, S32 }, { "attach_type", 8, 4, ATTACH_TYPE });
		return true;
	case 11: case 12: case 23: case 31:	/* BPF_*_GET_NEXT_ID */
		PUT(2, { "start_id", 0, 4, U32 }, { "next_id", 4, 4, NEXT_ID },
		    { "open_flags", 8, 4, OPEN_FLAGS });
		return true;
	case 13:	/* BPF_PROG_GET_FD_BY_ID */
		PUT(2, { "prog_id", 0, 4, U32 }, { "next_id", 4, 4, U32 },
		    { "open_flags", 8, 4, OPEN_FLAGS });
		return true;
	case 14:	/* BPF_MAP_GET_FD_BY_ID */
		PUT(2, { "map_id", 0, 4, U32 }, { "next_id", 4, 4, U32 },
		    { "open_flags", 8, 4, OPEN_FLAGS });
		return true;
	case 19:	/* BPF_BTF_GET_FD_BY_ID */
		PUT(1, { "btf_id", 0, 4, U32 });
		return true;
	case 30:	/* BPF_LINK_GET_FD_BY_ID */
		PUT(1, { "link_id", 0, 4, U32 });
		return true;
	case 15:	/* BPF_OBJ_GET_INFO_BY_FD */
		sbuf_puts(b, "info={");
		PUT(3, { "bpf_fd", 0, 4, S32 }, { "info_len", 4, 4, NEXT_ID }, { "info", 8, 8, PTR });
		sbuf_putc(b, '}');
		return true;
	case 22:	/* BPF_MAP_FREEZE */
		PUT(1, { "map_fd", 0, 4, S32 });
		return true;
	}
	return false;
}

void decode_bpf_cmd(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_bpf_cmds, N(xlat_bpf_cmds), "BPF_???");
}

bool decode_bpf_attr(struct sbuf *b, uint64_t cmd, const uint8_t *p, size_t len, uint64_t size,
		     const uint8_t *entry, size_t entry_len, bool done)
{
	uint8_t buf[ATTR_MAX];
	struct attr a = { buf, size, entry_len >= 16 ? entry : NULL, done };
	size_t mark = b->len;

	memset(buf, 0, sizeof(buf));
	memcpy(buf, p, len < sizeof(buf) ? len : sizeof(buf));
	sbuf_putc(b, '{');
	if (!put_attr(b, (uint32_t)cmd, &a)) {
		b->len = mark;
		return false;
	}
	sbuf_putc(b, '}');
	return true;
}
