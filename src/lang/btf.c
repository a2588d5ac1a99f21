// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's types from its BTF: what bpftrace gets from kernel headers
 * through clang, strobe reads from /sys/kernel/btf/vmlinux, so `#include`
 * lines need no headers and `curtask->real_parent->pid` is typed.
 */
#include <errno.h>
#include <ctype.h>
#include <string.h>

#include <bpf/btf.h>

#include "lang.h"

int btf_open(struct compiler *c)
{
	if (c->btf)
		return 0;
	c->btf = btf__load_vmlinux_btf();
	if (!c->btf) {
		c->btf = NULL;
		return -1;
	}
	return 0;
}

/* Skip typedefs and qualifiers. */
bool btf_is_char(struct compiler *c, int id);

static int resolve(struct btf *btf, int id)
{
	const struct btf_type *t;

	while (id > 0 && (t = btf__type_by_id(btf, id))) {
		int k = btf_kind(t);

		if (k != BTF_KIND_TYPEDEF && k != BTF_KIND_CONST && k != BTF_KIND_VOLATILE &&
		    k != BTF_KIND_RESTRICT && k != BTF_KIND_TYPE_TAG && k != BTF_KIND_DECL_TAG)
			return id;
		id = t->type;
	}
	return id;
}

int btf_struct(struct compiler *c, const char *name)
{
	int id;

	if (btf_open(c))
		return -1;
	/* the program's own definition first (it may redefine the kernel's) */
	id = cdecl_find(c, name, BTF_KIND_STRUCT);
	if (id < 0)
		id = cdecl_find(c, name, BTF_KIND_UNION);
	if (id < 0) {
		id = cdecl_find(c, name, BTF_KIND_TYPEDEF);
		if (id > 0)
			return resolve(c->btf, id);
	}
	if (id > 0)
		return id;
	/* then the uprobe's binary's, from its DWARF (struct Foo of a
	 * program built with -g) */
	if (c->cur && (provider_of(c->cur->kind)->offers & PV_USER) && c->cur->set.path &&
	    c->cur->set.path[0] &&
	    (id = dwarf_struct_btf(c, c->cur->set.path, name)) > 0)
		return resolve(c->btf, id);
	id = btf__find_by_name_kind(c->btf, name, BTF_KIND_STRUCT);
	if (id < 0)
		id = btf__find_by_name_kind(c->btf, name, BTF_KIND_UNION);
	if (id < 0) {
		id = btf__find_by_name_kind(c->btf, name, BTF_KIND_TYPEDEF);
		if (id > 0)
			id = resolve(c->btf, id);
	}
	return id < 0 ? -1 : id;
}

bool btf_is_union_id(struct compiler *c, int id)
{
	const struct btf_type *t = c->btf ? btf__type_by_id(c->btf, resolve(c->btf, id)) : NULL;

	return t && btf_is_union(t);
}

const char *btf_name_of(struct compiler *c, int id)
{
	const struct btf_type *t = c->btf ? btf__type_by_id(c->btf, id) : NULL;

	return t ? btf__name_by_offset(c->btf, t->name_off) : "?";
}

uint32_t btf_size(struct compiler *c, int id)
{
	int64_t sz = c->btf ? btf__resolve_size(c->btf, id) : -1;

	return sz < 0 ? 0 : (uint32_t)sz;
}

int btf_member(struct compiler *c, int id, const char *name, uint32_t *off, int *type_id)
{
	uint32_t bit_off, bit_size;
	int r = btf_member_bits(c, id, name, &bit_off, &bit_size, type_id);

	if (r)
		return r;
	if (bit_size || bit_off % 8)
		return -2;
	*off = bit_off / 8;
	return 0;
}

int btf_member_bits(struct compiler *c, int id, const char *name, uint32_t *bit_off,
		    uint32_t *bit_size, int *type_id)
{
	const struct btf_type *t = btf__type_by_id(c->btf, resolve(c->btf, id));
	const struct btf_member *m;

	if (!t || (!btf_is_struct(t) && !btf_is_union(t)))
		return -1;
	m = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++, m++) {
		const char *mn = btf__name_by_offset(c->btf, m->name_off);
		uint32_t bits = btf_member_bit_offset(t, i);

		if (mn && *mn) {
			if (strcmp(mn, name))
				continue;
			*bit_off = bits;
			*bit_size = btf_member_bitfield_size(t, i);
			*type_id = m->type;
			return 0;
		}
		/* an anonymous struct or union: its members are ours */
		uint32_t inner;

		if (!btf_member_bits(c, m->type, name, &inner, bit_size, type_id)) {
			*bit_off = bits + inner;
			return 0;
		}
	}
	return -1;
}

int btf_to_type(struct compiler *c, int id, struct type *ty)
{
	const struct btf_type *t;
	int rid = resolve(c->btf, id);

	memset(ty, 0, sizeof(*ty));
	t = rid > 0 ? btf__type_by_id(c->btf, rid) : NULL;
	if (!t) {
		ty->kind = TY_INT;	/* void */
		ty->size = 8;
		return 0;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		ty->kind = TY_INT;
		ty->size = t->size;
		ty->is_signed = btf_int_encoding(t) & BTF_INT_SIGNED;
		if (t->size > 8)
			ty->size = 8;
		return 0;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		ty->kind = TY_INT;
		ty->size = t->size;
		ty->is_signed = true;
		return 0;
	case BTF_KIND_PTR: {
		int pid = resolve(c->btf, t->type);
		const struct btf_type *p = pid > 0 ? btf__type_by_id(c->btf, pid) : NULL;

		ty->kind = TY_PTR;
		ty->size = 8;
		ty->btf_id = pid;
		if (!p) {
			ty->btf_id = 0;
			ty->ptr_level = 1;
			ty->elem = 1;
		}
		return 0;
	}
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(t);
		struct type et;

		btf_to_type(c, a->type, &et);
		ty->kind = TY_ARRAY;
		ty->btf_id = rid;
		ty->nelem = a->nelems;
		ty->elem = btf__resolve_size(c->btf, a->type);
		ty->elem_signed = et.is_signed;
		ty->size = ty->elem * a->nelems;
		/* char name[N] reads as a string (uint8_t b[N] is an array) */
		if (et.kind == TY_INT && et.size == 1 && btf_is_char(c, a->type)) {
			ty->kind = TY_STR;
			ty->size = a->nelems;
		}
		return 0;
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		ty->kind = TY_RECORD;
		ty->btf_id = rid;
		ty->size = t->size;
		return 0;
	default:
		return -1;
	}
}

int btf_array_elem(struct compiler *c, int id, struct type *ty)
{
	const struct btf_type *t = btf__type_by_id(c->btf, resolve(c->btf, id));

	if (!t || !btf_is_array(t))
		return -1;
	return btf_to_type(c, btf_array(t)->type, ty);
}

/* #defines tools take from kernel headers, which BTF does not carry. */
static const struct { const char *name; int64_t v; } defines[] = {
	{ "TASK_RUNNING", 0 }, { "TASK_INTERRUPTIBLE", 1 }, { "TASK_UNINTERRUPTIBLE", 2 },
	{ "__TASK_STOPPED", 4 }, { "__TASK_TRACED", 8 }, { "EXIT_DEAD", 16 },
	{ "EXIT_ZOMBIE", 32 }, { "TASK_DEAD", 128 }, { "AF_UNIX", 1 }, { "AF_INET", 2 },
	{ "AF_INET6", 10 }, { "NSEC_PER_SEC", 1000000000 }, { "NSEC_PER_MSEC", 1000000 },
	{ "NSEC_PER_USEC", 1000 }, { "PAGE_SIZE", 4096 }, { "O_RDONLY", 0 }, { "O_WRONLY", 1 },
	{ "O_RDWR", 2 }, { "O_CREAT", 0100 },
};

int kernel_const(struct compiler *c, const char *name, int64_t *v)
{
	int n;

	for (size_t i = 0; i < sizeof(defines) / sizeof(defines[0]); i++)
		if (!strcmp(name, defines[i].name)) {
			*v = defines[i].v;
			return 0;
		}
	/* errno.h's names (EPERM...), from the C library */
	if (name[0] == 'E' && isupper((unsigned char)name[1]))
		for (int e = 1; e < 256; e++) {
			const char *en = strerrorname_np(e);

			if (en && !strcmp(en, name)) {
				*v = e;
				return 0;
			}
		}
	/* an enumerator of the kernel's (TCP_ESTABLISHED...) */
	if (btf_open(c))
		return -1;
	n = btf__type_cnt(c->btf);
	for (int id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(c->btf, id);

		if (btf_is_enum(t)) {
			const struct btf_enum *e = btf_enum(t);

			for (int i = 0; i < btf_vlen(t); i++, e++)
				if (!strcmp(btf__name_by_offset(c->btf, e->name_off), name)) {
					*v = e->val;
					return 0;
				}
		} else if (btf_is_enum64(t)) {
			const struct btf_enum64 *e = btf_enum64(t);

			for (int i = 0; i < btf_vlen(t); i++, e++)
				if (!strcmp(btf__name_by_offset(c->btf, e->name_off), name)) {
					*v = btf_enum64_value(e);
					return 0;
				}
		}
	}
	return -1;
}

/* ---- struct values as bpftrace prints them */

/* mode: 0 a value ({ .a = 1, .b = [1,2] }), 1 a map key, compact
 * ({.a=1,.b=[1,2]}), 2 JSON ({ "a": 1, "b": [1,2] }) */
static void members_text(struct compiler *c, FILE *f, const struct btf_type *t,
			 const uint8_t *p, bool *first, int mode);

static int64_t int_at(const uint8_t *p, uint32_t size, bool sign)
{
	switch (size) {
	case 1: return sign ? (int64_t)*(const int8_t *)p : (int64_t)*p;
	case 2: { int16_t v; memcpy(&v, p, 2); return sign ? v : (int64_t)(uint16_t)v; }
	case 4: { int32_t v; memcpy(&v, p, 4); return sign ? v : (int64_t)(uint32_t)v; }
	default: { int64_t v; memcpy(&v, p, 8); return v; }
	}
}

bool btf_is_char(struct compiler *c, int id)
{
	const struct btf_type *t = btf__type_by_id(c->btf, resolve(c->btf, id));

	return t && btf_is_int(t) && t->size == 1 &&
	       !strcmp(btf__name_by_offset(c->btf, t->name_off), "char");
}

static void one_value(struct compiler *c, FILE *f, int tid, const uint8_t *p, int mode)
{
	int rid = resolve(c->btf, tid);
	const struct btf_type *t = rid > 0 ? btf__type_by_id(c->btf, rid) : NULL;
	bool first = true;

	if (!t) {
		fputs("0", f);
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_INT: {
		bool sign = btf_int_encoding(t) & BTF_INT_SIGNED;
		int64_t v = int_at(p, t->size > 8 ? 8 : t->size, sign);

		fprintf(f, sign || t->size < 8 ? "%lld" : "%llu", (long long)v);
		return;
	}
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		fprintf(f, "%lld", (long long)int_at(p, t->size, true));
		return;
	case BTF_KIND_PTR:	/* bpftrace shows pointers as signed numbers */
		fprintf(f, "%lld", (long long)int_at(p, 8, true));
		return;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		fputs(mode == 1 ? "{" : "{ ", f);
		members_text(c, f, t, p, &first, mode);
		fputs(mode == 1 ? "}" : " }", f);
		return;
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(t);
		int64_t es = btf__resolve_size(c->btf, a->type);

		if (btf_is_char(c, a->type)) {	/* char name[N]: a string */
			int n = (int)strnlen((const char *)p, a->nelems);

			if (mode == 2)
				json_str(f, (const char *)p, n);
			else
				fprintf(f, "%.*s", n, p);
			return;
		}
		/* bpftrace prints arrays without blanks: [1,2,3] */
		fputc('[', f);
		for (uint32_t i = 0; es > 0 && i < a->nelems; i++) {
			if (i)
				fputc(',', f);
			one_value(c, f, a->type, p + i * es, mode);
		}
		fputc(']', f);
		return;
	}
	default:
		fputs("?", f);
	}
}

static void members_text(struct compiler *c, FILE *f, const struct btf_type *t,
			 const uint8_t *p, bool *first, int mode)
{
	const struct btf_member *m = btf_members(t);

	for (int i = 0; i < btf_vlen(t); i++, m++) {
		const char *name = btf__name_by_offset(c->btf, m->name_off);
		uint32_t bits = btf_member_bit_offset(t, i), bsz = btf_member_bitfield_size(t, i);
		int rid = resolve(c->btf, m->type);
		const struct btf_type *mt = btf__type_by_id(c->btf, rid);

		if ((!name || !*name) && mt && (btf_is_struct(mt) || btf_is_union(mt))) {
			/* an anonymous struct or union: its members are the parent's */
			members_text(c, f, mt, p + bits / 8, first, mode);
			continue;
		}
		if (mode == 2)
			fprintf(f, "%s\"%s\": ", *first ? "" : ", ", name ? name : "");
		else
			fprintf(f, mode == 1 ? "%s.%s=" : "%s.%s = ", *first ? "" : mode == 1 ?
				"," : ", ", name ? name : "");
		*first = false;
		if (bsz) {
			uint64_t v = 0;
			uint32_t from = bits / 8, n = (bits % 8 + bsz + 7) / 8;

			memcpy(&v, p + from, n > 8 ? 8 : n);
			v = (v >> (bits % 8)) & (bsz >= 64 ? ~0ULL : (1ULL << bsz) - 1);
			fprintf(f, "%llu", (unsigned long long)v);
			continue;
		}
		one_value(c, f, m->type, p + bits / 8, mode);
	}
}

void btf_value_text(struct compiler *c, FILE *f, int id, const uint8_t *p, int mode)
{
	one_value(c, f, id, p, mode);
}
