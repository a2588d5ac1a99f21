// SPDX-License-Identifier: GPL-2.0
/*
 * A function's parameters from the file's DWARF, as C names them: for
 * `args->name` in a uprobe and for `-lv` (bpftrace's listing: "int* n",
 * "struct Foo* foo1").  Read straight from the file's own debug info, one
 * function at a time (dwarf.c's index serves ltrace's prototypes and may
 * come from its cache, without the DIEs).
 */
#include <dwarf.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <elfutils/libdw.h>

#include "probe.h"

/* "int", "struct Foo*", "char**": the type's C name, pointers as bpftrace
 * writes them (the star against the type). */
static void type_name(Dwarf_Die *t, char *buf, size_t len)
{
	Dwarf_Attribute a;
	Dwarf_Die inner;
	const char *name = dwarf_diename(t);
	bool has_inner = dwarf_attr_integrate(t, DW_AT_type, &a) && dwarf_formref_die(&a, &inner);

	switch (dwarf_tag(t)) {
	case DW_TAG_pointer_type:
		if (!has_inner) {
			snprintf(buf, len, "void*");
			return;
		}
		type_name(&inner, buf, len);
		if (strlen(buf) + 1 < len)
			strcat(buf, "*");
		return;
	case DW_TAG_const_type:
	case DW_TAG_volatile_type: {
		char in[128];

		if (!has_inner) {
			snprintf(buf, len, "void");
			return;
		}
		type_name(&inner, in, sizeof(in));
		snprintf(buf, len, "%s %.100s", dwarf_tag(t) == DW_TAG_const_type ? "const" :
			 "volatile", in);
		return;
	}
	case DW_TAG_structure_type:
		snprintf(buf, len, "struct %s", name ? name : "(anonymous)");
		return;
	case DW_TAG_union_type:
		snprintf(buf, len, "union %s", name ? name : "(anonymous)");
		return;
	case DW_TAG_enumeration_type:
		snprintf(buf, len, "enum %s", name ? name : "(anonymous)");
		return;
	}
	snprintf(buf, len, "%s", name ? name : "?");
}

/* Size and sign of an integer type (typedefs, const... peeled); 0 size
 * when it is no integer. */
static void int_of(Dwarf_Die *t, int *size, bool *is_signed)
{
	Dwarf_Attribute a;
	Dwarf_Word enc;
	Dwarf_Die p;

	*size = 0;
	*is_signed = false;
	if (dwarf_peel_type(t, &p))
		return;
	if (dwarf_tag(&p) == DW_TAG_enumeration_type) {
		*size = dwarf_bytesize(&p);
		*is_signed = true;
		return;
	}
	if (dwarf_tag(&p) != DW_TAG_base_type || !dwarf_attr_integrate(&p, DW_AT_encoding, &a) ||
	    dwarf_formudata(&a, &enc))
		return;
	if (enc != DW_ATE_signed && enc != DW_ATE_signed_char && enc != DW_ATE_unsigned &&
	    enc != DW_ATE_unsigned_char && enc != DW_ATE_boolean)
		return;		/* floats: not in the integer registers */
	*size = dwarf_bytesize(&p);
	*is_signed = enc == DW_ATE_signed || enc == DW_ATE_signed_char;
}

static void describe(Dwarf_Die *param, struct probe_param *out)
{
	Dwarf_Attribute a;
	Dwarf_Die t, p, in;
	const char *name = dwarf_diename(param);

	memset(out, 0, sizeof(*out));
	snprintf(out->name, sizeof(out->name), "%s", name ? name : "");
	if (!dwarf_attr_integrate(param, DW_AT_type, &a) || !dwarf_formref_die(&a, &t)) {
		snprintf(out->type, sizeof(out->type), "void");
		return;
	}
	type_name(&t, out->type, sizeof(out->type));
	if (dwarf_peel_type(&t, &p))
		return;
	if (dwarf_tag(&p) != DW_TAG_pointer_type) {
		int_of(&t, &out->size, &out->is_signed);
		return;
	}
	out->size = 8;
	out->ptr_level = 1;
	/* what it points to, when an integer: *(args->n) reads its size */
	if (dwarf_attr_integrate(&p, DW_AT_type, &a) && dwarf_formref_die(&a, &in))
		int_of(&in, &out->elem_size, &out->elem_signed);
}

int probe_dwarf_params(const char *path, const char *func, struct probe_param *out, int max)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), n = -1;
	Dwarf *dw;
	Dwarf_Off off = 0, next;
	size_t hsize;

	if (fd < 0)
		return -1;
	if (!(dw = dwarf_begin(fd, DWARF_C_READ))) {
		close(fd);
		return -1;
	}
	while (n < 0 && !dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL)) {
		Dwarf_Die cu, die;

		if (dwarf_offdie(dw, off + hsize, &cu) && dwarf_child(&cu, &die) == 0) {
			do {
				const char *name = dwarf_diename(&die);
				Dwarf_Die child;

				if (dwarf_tag(&die) != DW_TAG_subprogram || !name ||
				    strcmp(name, func) || !dwarf_hasattr(&die, DW_AT_low_pc))
					continue;
				n = 0;
				if (dwarf_child(&die, &child) == 0) {
					do {
						if (dwarf_tag(&child) != DW_TAG_formal_parameter)
							continue;
						if (n < max)
							describe(&child, &out[n]);
						n++;
					} while (dwarf_siblingof(&child, &child) == 0);
				}
				break;
			} while (dwarf_siblingof(&die, &die) == 0);
		}
		off = next;
	}
	dwarf_end(dw);
	close(fd);
	return n;
}
