// SPDX-License-Identifier: GPL-2.0
/*
 * A uprobe's binary's own types, from its DWARF, as BTF types: bpftrace
 * reads `struct Foo` of a program built with -g from its debug info, so
 * `args->foo1->a` and `((struct Foo *)arg0)->a` are typed in a uprobe.
 * strobe converts the types a program uses (a parameter's type, a name in
 * a cast) into the split BTF that holds the program's own C declarations
 * (cdecl.c), after them, so member access, printing and comparing are the
 * code that serves the kernel's structs.
 *
 * Precedence of names: the program's definition, then the binary's, then
 * the kernel's (cdecl_find looks at the program's range only; the range
 * from c->btf_dwarf_first on is the binary's).
 *
 * Qualifiers (const, volatile) are dropped: nothing strobe does reads
 * them.  Enums become integers of their size, function pointers void *.
 */
#include <dwarf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <elfutils/libdw.h>

#include <bpf/btf.h>

#include "lang.h"

/* DIE offset -> BTF id, for the binary converted last (a struct met twice
 * is made once; a struct under way is its forward declaration). */
struct dwarf_btf_cache {
	char *path;
	struct { Dwarf_Off off; int id; } *e;
	int n, cap;
	int index_int;		/* arrays' index type */
};

struct conv {
	struct compiler *c;
	struct btf *btf;
	struct dwarf_btf_cache *k;
	int depth;
};

/* The split BTF the program's types go to, made when the program
 * declared none. */
static int split_btf(struct compiler *c)
{
	struct btf *split;

	if (cdecls_build(c))
		return -1;
	if (!c->btf_base) {
		if (btf_open(c) && !(c->btf = btf__new_empty()))
			return -1;
		split = btf__new_empty_split(c->btf);
		if (!split)
			return -1;
		c->btf_base = c->btf;
		c->btf = split;
	}
	if (!c->btf_dwarf_first)
		c->btf_dwarf_first = btf__type_cnt(c->btf);
	return 0;
}

static struct dwarf_btf_cache *cache_for(struct compiler *c, const char *path)
{
	struct dwarf_btf_cache *k = c->dwarf_btf;

	if (k && !strcmp(k->path, path))
		return k;
	if (!k && !(k = c->dwarf_btf = calloc(1, sizeof(*k))))
		return NULL;
	/* another binary: its DIE offsets are its own */
	free(k->path);
	k->n = 0;
	k->index_int = 0;
	k->path = strdup(path);
	return k->path ? k : NULL;
}

void dwarf_btf_free(struct compiler *c)
{
	if (!c->dwarf_btf)
		return;
	free(c->dwarf_btf->path);
	free(c->dwarf_btf->e);
	free(c->dwarf_btf);
	c->dwarf_btf = NULL;
}

static int *cache_slot(struct conv *cv, Dwarf_Off off)
{
	struct dwarf_btf_cache *k = cv->k;

	for (int i = 0; i < k->n; i++)
		if (k->e[i].off == off)
			return &k->e[i].id;
	if (k->n == k->cap) {
		int cap = k->cap ? 2 * k->cap : 32;
		void *e = realloc(k->e, cap * sizeof(*k->e));

		if (!e)
			return NULL;
		k->e = e;
		k->cap = cap;
	}
	k->e[k->n].off = off;
	k->e[k->n].id = -1;
	return &k->e[k->n++].id;
}

static bool type_of(Dwarf_Die *d, Dwarf_Die *t)
{
	Dwarf_Attribute a;

	return dwarf_attr_integrate(d, DW_AT_type, &a) && dwarf_formref_die(&a, t);
}

static int conv_type(struct conv *cv, Dwarf_Die *d);

/* The type of a DIE's DW_AT_type; 0 (void) without one. */
static int conv_ref(struct conv *cv, Dwarf_Die *d)
{
	Dwarf_Die t;

	return type_of(d, &t) ? conv_type(cv, &t) : 0;
}

static Dwarf_Word uattr(Dwarf_Die *d, int at, Dwarf_Word dflt)
{
	Dwarf_Attribute a;
	Dwarf_Word v;

	return dwarf_attr_integrate(d, at, &a) && !dwarf_formudata(&a, &v) ? v : dflt;
}

/* Pointers and typedefs made to the struct's forward declaration while
 * its members were converted now point at the struct. */
static void fwd_patch(struct conv *cv, int fwd, int id)
{
	int n = btf__type_cnt(cv->btf);

	for (int i = cv->c->btf_dwarf_first; i < n; i++) {
		struct btf_type *t = (struct btf_type *)btf__type_by_id(cv->btf, i);

		if ((btf_is_ptr(t) || btf_is_typedef(t)) && (int)t->type == fwd)
			t->type = id;
	}
}

struct field { const char *name; int type; uint32_t bit_off, bits; };

static int conv_record(struct conv *cv, Dwarf_Die *d)
{
	bool is_union = dwarf_tag(d) == DW_TAG_union_type;
	const char *name = dwarf_diename(d);
	struct field *f = NULL;
	int nf = 0, fwd, id = -1, *slot;
	Dwarf_Die m;

	fwd = btf__add_fwd(cv->btf, name ? name : "", is_union ? BTF_FWD_UNION : BTF_FWD_STRUCT);
	if (fwd < 0)
		return -1;
	/* pointers to it from its members go to the forward declaration */
	if (!(slot = cache_slot(cv, dwarf_dieoffset(d))))
		return -1;
	*slot = fwd;
	if (dwarf_hasattr(d, DW_AT_declaration))
		return fwd;	/* only declared here */
	if (dwarf_child(d, &m) == 0) {
		do {
			Dwarf_Word bits, loc;
			struct field *nfp;
			int ty;

			if (dwarf_tag(&m) != DW_TAG_member)
				continue;
			if ((ty = conv_ref(cv, &m)) < 0 ||
			    !(nfp = realloc(f, (nf + 1) * sizeof(*f))))
				goto out;
			f = nfp;
			bits = uattr(&m, DW_AT_bit_size, 0);
			loc = uattr(&m, DW_AT_data_member_location, 0) * 8;
			if (dwarf_hasattr(&m, DW_AT_data_bit_offset)) {
				loc = uattr(&m, DW_AT_data_bit_offset, 0);
			} else if (bits && dwarf_hasattr(&m, DW_AT_bit_offset)) {
				/* DWARF 2's: counted from the storage unit's
				 * most significant bit (little endian here) */
				Dwarf_Word unit = uattr(&m, DW_AT_byte_size, 0) * 8;

				loc += unit - uattr(&m, DW_AT_bit_offset, 0) - bits;
			}
			f[nf++] = (struct field){ dwarf_diename(&m), ty, (uint32_t)loc,
						  (uint32_t)bits };
		} while (dwarf_siblingof(&m, &m) == 0);
	}
	id = is_union ? btf__add_union(cv->btf, name, uattr(d, DW_AT_byte_size, 0)) :
			btf__add_struct(cv->btf, name, uattr(d, DW_AT_byte_size, 0));
	for (int i = 0; id > 0 && i < nf; i++)
		if (btf__add_field(cv->btf, f[i].name, f[i].type, f[i].bit_off, f[i].bits))
			id = -1;
	if (id > 0)
		fwd_patch(cv, fwd, id);
out:
	free(f);
	return id;
}

static int conv_array(struct conv *cv, Dwarf_Die *d)
{
	Dwarf_Word dims[8];
	int nd = 0, id = conv_ref(cv, d);
	Dwarf_Die s;

	if (id < 0)
		return -1;
	if (!cv->k->index_int &&
	    (cv->k->index_int = btf__add_int(cv->btf, "__ARRAY_SIZE_TYPE__", 4, 0)) < 0)
		return -1;
	if (dwarf_child(d, &s) == 0) {
		do {
			if (dwarf_tag(&s) != DW_TAG_subrange_type || nd == 8)
				continue;
			dims[nd++] = dwarf_hasattr(&s, DW_AT_count) ? uattr(&s, DW_AT_count, 0) :
				     dwarf_hasattr(&s, DW_AT_upper_bound) ?
				     uattr(&s, DW_AT_upper_bound, 0) + 1 : 0;
		} while (dwarf_siblingof(&s, &s) == 0);
	}
	if (!nd)
		dims[nd++] = 0;	/* int x[]: a flexible array */
	/* int m[2][3]: an array of 2 arrays of 3 */
	while (nd-- && id > 0)
		id = btf__add_array(cv->btf, cv->k->index_int, id, (uint32_t)dims[nd]);
	return id;
}

static int conv_base(struct conv *cv, Dwarf_Die *d)
{
	Dwarf_Word enc = uattr(d, DW_AT_encoding, 0), size = uattr(d, DW_AT_byte_size, 0);
	const char *name = dwarf_diename(d);
	int e = 0;

	if (enc == DW_ATE_float)
		return btf__add_float(cv->btf, name ? name : "double", size);
	if (enc == DW_ATE_signed || enc == DW_ATE_signed_char)
		e = BTF_INT_SIGNED;
	else if (enc == DW_ATE_boolean)
		e = BTF_INT_BOOL;
	if (size != 1 && size != 2 && size != 4 && size != 8 && size != 16)
		return 0;
	/* "char" names the type btf_is_char reads as a string */
	return btf__add_int(cv->btf, name ? name : "int", size, e);
}

static int conv_type(struct conv *cv, Dwarf_Die *d)
{
	int *slot = cache_slot(cv, dwarf_dieoffset(d)), id;

	if (!slot)
		return -1;
	if (*slot >= 0)
		return *slot;
	if (++cv->depth > 64) {	/* a chain no C program has */
		cv->depth--;
		return 0;
	}
	switch (dwarf_tag(d)) {
	case DW_TAG_base_type:
		id = conv_base(cv, d);
		break;
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
		id = conv_ref(cv, d);
		id = id < 0 ? id : btf__add_ptr(cv->btf, id);
		break;
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
		id = conv_ref(cv, d);
		break;
	case DW_TAG_typedef:
		id = conv_ref(cv, d);
		id = id < 0 ? id : btf__add_typedef(cv->btf, dwarf_diename(d), id);
		break;
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
	case DW_TAG_union_type:
		id = conv_record(cv, d);
		break;
	case DW_TAG_array_type:
		id = conv_array(cv, d);
		break;
	case DW_TAG_enumeration_type: {
		Dwarf_Word size = uattr(d, DW_AT_byte_size, 4);

		id = btf__add_int(cv->btf, "int", size == 1 || size == 2 || size == 8 ? size : 4,
				  BTF_INT_SIGNED);
		break;
	}
	default:		/* functions: void, so a function pointer is void * */
		id = 0;
	}
	cv->depth--;
	/* the slot may have moved (conv_record's members grew the cache) */
	if (id >= 0 && (slot = cache_slot(cv, dwarf_dieoffset(d))))
		*slot = id;
	return id;
}

typedef bool (*die_pick)(Dwarf_Die *die, const char *name);

/* The first top-level DIE of a compile unit the picker takes. */
static bool find_die(Dwarf *dw, die_pick pick, const char *name, Dwarf_Die *out)
{
	Dwarf_Off off = 0, next;
	size_t hsize;

	while (!dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL)) {
		Dwarf_Die cu;

		if (dwarf_offdie(dw, off + hsize, &cu) && dwarf_child(&cu, out) == 0) {
			do {
				if (pick(out, name))
					return true;
			} while (dwarf_siblingof(out, out) == 0);
		}
		off = next;
	}
	return false;
}

static bool pick_function(Dwarf_Die *d, const char *name)
{
	const char *n = dwarf_diename(d);

	return dwarf_tag(d) == DW_TAG_subprogram && n && !strcmp(n, name) &&
	       dwarf_hasattr(d, DW_AT_low_pc);
}

/* "Foo": a struct, union or typedef of that name, defined (not only
 * declared). */
static bool pick_type(Dwarf_Die *d, const char *name)
{
	const char *n = dwarf_diename(d);
	int tag = dwarf_tag(d);

	return n && !strcmp(n, name) && !dwarf_hasattr(d, DW_AT_declaration) &&
	       (tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
		tag == DW_TAG_class_type || tag == DW_TAG_typedef);
}

/* Opens the binary's DWARF and readies the conversion. */
static Dwarf *begin(struct compiler *c, const char *path, struct conv *cv, int *fd)
{
	Dwarf *dw;

	if ((*fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return NULL;
	if (!(dw = dwarf_begin(*fd, DWARF_C_READ)) || split_btf(c) ||
	    !(cv->k = cache_for(c, path))) {
		if (dw)
			dwarf_end(dw);
		close(*fd);
		return NULL;
	}
	cv->c = c;
	cv->btf = c->btf;
	return dw;
}

int dwarf_param_btf(struct compiler *c, const char *path, const char *func, const char *param)
{
	struct conv cv = { 0 };
	Dwarf_Die fn, p;
	int fd, id = -1;
	Dwarf *dw = begin(c, path, &cv, &fd);

	if (!dw)
		return -1;
	if (find_die(dw, pick_function, func, &fn) && dwarf_child(&fn, &p) == 0) {
		do {
			const char *n = dwarf_diename(&p);

			if (dwarf_tag(&p) == DW_TAG_formal_parameter && n && !strcmp(n, param)) {
				id = conv_ref(&cv, &p);
				break;
			}
		} while (dwarf_siblingof(&p, &p) == 0);
	}
	dwarf_end(dw);
	close(fd);
	return id;
}

int dwarf_struct_btf(struct compiler *c, const char *path, const char *name)
{
	struct conv cv = { 0 };
	Dwarf_Die d;
	int fd, id = -1;
	Dwarf *dw = begin(c, path, &cv, &fd);

	if (!dw)
		return -1;
	if (find_die(dw, pick_type, name, &d))
		id = conv_type(&cv, &d);
	dwarf_end(dw);
	close(fd);
	return id;
}
