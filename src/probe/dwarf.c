// SPDX-License-Identifier: GPL-2.0
/*
 * Prototypes from DWARF: a function the built-in table (protos.c) does
 * not know is decoded by its parameters' types when the file, or its
 * separate debug file (/usr/lib/debug/.build-id/NN/REST.debug), has debug
 * info: integers signed or unsigned by size, char pointers as strings,
 * other pointers in hex, enums as integers.  Only parameters passed in
 * the six integer registers can be shown: a function with a float or a
 * struct passed by value keeps its raw values.
 *
 * Each file is opened once per run and indexed once (its functions'
 * names to their DIEs), keyed by build id, so aliases and several paths
 * of one library share it; a file without debug info costs one open.
 */
#include <dwarf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libelf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwelf.h>

#include "probe.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"
#include "../../bpf/uprobe_desc.h"

struct dw_func {
	const char *name;	/* libdw's string, valid while dw is open */
	Dwarf_Off off;		/* its DIE */
	struct lib_proto *proto;	/* made when first asked for */
	bool tried;
};

struct dw_file {
	char key[128];		/* build id in hex, or the path */
	int fd;
	Dwarf *dw;		/* NULL: no debug info */
	struct dw_func *funcs;
	size_t n, cap;
};

/* a prototype and the names its arguments point to */
struct dw_proto {
	struct lib_proto p;
	char names[6][32];
};

static struct dw_file *files;
static size_t nfiles;

static int cmp_func(const void *a, const void *b)
{
	return strcmp(((const struct dw_func *)a)->name, ((const struct dw_func *)b)->name);
}

/* The functions defined at the top of each compilation unit. */
static void index_funcs(struct dw_file *f)
{
	Dwarf_Off off = 0, next;
	size_t hsize;

	while (!dwarf_nextcu(f->dw, off, &next, &hsize, NULL, NULL, NULL)) {
		Dwarf_Die cu, die;

		if (dwarf_offdie(f->dw, off + hsize, &cu) && dwarf_child(&cu, &die) == 0) {
			do {
				const char *name;

				if (dwarf_tag(&die) != DW_TAG_subprogram ||
				    !dwarf_hasattr(&die, DW_AT_low_pc) ||
				    !(name = dwarf_diename(&die)))
					continue;
				if (f->n == f->cap) {
					size_t cap = f->cap ? f->cap * 2 : 256;
					struct dw_func *v = realloc(f->funcs, cap * sizeof(*v));

					if (!v)
						return;
					f->funcs = v;
					f->cap = cap;
				}
				f->funcs[f->n++] = (struct dw_func){ .name = name,
								     .off = dwarf_dieoffset(&die) };
			} while (dwarf_siblingof(&die, &die) == 0);
		}
		off = next;
	}
	qsort(f->funcs, f->n, sizeof(*f->funcs), cmp_func);
}

/* Open a file and name it by its build id (hex), else by its path. */
static int open_keyed(const char *path, char *key, size_t keylen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	Elf *elf;
	const void *id;
	ssize_t idlen;

	snprintf(key, keylen, "%s", path);
	if (fd < 0)
		return -1;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	idlen = elf ? dwelf_elf_gnu_build_id(elf, &id) : -1;
	for (ssize_t i = 0; i < idlen && (size_t)(2 * i + 2) < keylen; i++)
		sprintf(key + 2 * i, "%02x", ((const unsigned char *)id)[i]);
	if (elf)
		elf_end(elf);
	return fd;
}

/* The debug info of the file with this key (build id): its own, else
 * the separate debug file the build id names. */
static Dwarf *begin_dwarf(const char *key, bool has_id, int fd, int *dfd)
{
	Dwarf *dw = dwarf_begin(fd, DWARF_C_READ);
	char path[300];

	*dfd = -1;
	if (dw || !has_id || strlen(key) < 4)
		return dw;
	snprintf(path, sizeof(path), "/usr/lib/debug/.build-id/%.2s/%s.debug", key, key + 2);
	if ((*dfd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return NULL;
	return dwarf_begin(*dfd, DWARF_C_READ);
}

static struct dw_file *file_of(const char *path)
{
	char key[128];
	int fd, dfd;
	struct dw_file *f, *v;
	bool has_id;

	fd = open_keyed(path, key, sizeof(key));
	has_id = strcmp(key, path) != 0;
	for (size_t i = 0; i < nfiles; i++)
		if (!strcmp(files[i].key, key)) {
			if (fd >= 0)
				close(fd);
			return &files[i];
		}
	if (!(v = realloc(files, (nfiles + 1) * sizeof(*v)))) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	files = v;
	f = &files[nfiles++];
	memset(f, 0, sizeof(*f));
	snprintf(f->key, sizeof(f->key), "%s", key);
	f->fd = -1;
	if (fd < 0)
		return f;
	f->dw = begin_dwarf(key, has_id, fd, &dfd);
	if (dfd >= 0) {
		close(fd);
		fd = dfd;
	}
	f->fd = fd;
	if (f->dw)
		index_funcs(f);
	return f;
}

enum { T_BAD, T_SIGNED, T_UNSIGNED, T_STR, T_PTR };

/* What a type is, for a register: its class and size. */
static int type_class(Dwarf_Die *die, int *size)
{
	Dwarf_Attribute a;
	Dwarf_Die t, pointee;
	Dwarf_Word enc = 0;

	*size = 8;
	if (!dwarf_attr_integrate(die, DW_AT_type, &a) || !dwarf_formref_die(&a, &t) ||
	    dwarf_peel_type(&t, &t))
		return T_BAD;
	switch (dwarf_tag(&t)) {
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
		if (dwarf_attr_integrate(&t, DW_AT_type, &a) && dwarf_formref_die(&a, &pointee) &&
		    !dwarf_peel_type(&pointee, &pointee) &&
		    dwarf_tag(&pointee) == DW_TAG_base_type &&
		    dwarf_attr_integrate(&pointee, DW_AT_encoding, &a) &&
		    !dwarf_formudata(&a, &enc) &&
		    (enc == DW_ATE_signed_char || enc == DW_ATE_unsigned_char) &&
		    dwarf_bytesize(&pointee) == 1)
			return T_STR;
		return T_PTR;
	case DW_TAG_enumeration_type:
		*size = dwarf_bytesize(&t);
		return T_SIGNED;
	case DW_TAG_base_type:
		*size = dwarf_bytesize(&t);
		if (*size <= 0 || *size > 8 || !dwarf_attr_integrate(&t, DW_AT_encoding, &a) ||
		    dwarf_formudata(&a, &enc))
			return T_BAD;
		switch (enc) {
		case DW_ATE_signed:
		case DW_ATE_signed_char:
			return T_SIGNED;
		case DW_ATE_unsigned:
		case DW_ATE_unsigned_char:
		case DW_ATE_boolean:
			return T_UNSIGNED;
		}
		return T_BAD;	/* floats go in other registers */
	}
	return T_BAD;		/* structs, unions, arrays by value */
}

static struct lib_proto *make_proto(Dwarf_Die *fn, const char *name)
{
	struct dw_proto *d = calloc(1, sizeof(*d));
	Dwarf_Die child;
	int size, cls, n = 0;

	if (!d)
		return NULL;
	d->p.d.name = name;
	d->p.err = UE_NONE;
	if (!dwarf_hasattr_integrate(fn, DW_AT_type)) {
		d->p.ret = LR_VOID;
	} else {
		cls = type_class(fn, &size);
		d->p.ret = cls == T_SIGNED ? (size > 4 ? LR_LONG : LR_INT) :
			   cls == T_UNSIGNED ? (size > 4 ? LR_ULONG : LR_UINT) :
			   cls == T_STR ? LR_STR : LR_PTR;
	}
	if (dwarf_child(fn, &child) == 0) {
		do {
			const char *an;
			struct syscall_arg *arg;

			if (dwarf_tag(&child) == DW_TAG_unspecified_parameters)
				break;	/* the variadic rest is not known */
			if (dwarf_tag(&child) != DW_TAG_formal_parameter)
				continue;
			if (n == 6)
				break;
			cls = type_class(&child, &size);
			if (cls == T_BAD) {
				free(d);	/* the registers no longer match */
				return NULL;
			}
			arg = &d->p.d.args[n];
			an = dwarf_diename(&child);
			snprintf(d->names[n], sizeof(d->names[n]), "%s", an ? an : "arg");
			if (!an)
				snprintf(d->names[n], sizeof(d->names[n]), "arg%d", n);
			arg->name = d->names[n];
			arg->dir = ARG_IN;
			arg->kind = cls == T_STR ? AK_STR : cls == T_PTR ? AK_PTR :
				    cls == T_SIGNED ? (size > 4 ? AK_LONG : AK_INT) :
				    (size > 4 ? AK_ULONG : AK_UINT);
			n++;
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	d->p.d.nargs = n;
	return &d->p;
}

const struct lib_proto *proto_dwarf(const char *path, const char *func)
{
	struct dw_file *f = file_of(path);
	struct dw_func key = { .name = func }, *fn;
	Dwarf_Die die;

	if (!f || !f->dw || !f->n)
		return NULL;
	fn = bsearch(&key, f->funcs, f->n, sizeof(*f->funcs), cmp_func);
	if (!fn)
		return NULL;
	if (!fn->tried) {
		fn->tried = true;
		if (dwarf_offdie(f->dw, fn->off, &die))
			fn->proto = make_proto(&die, fn->name);
	}
	return fn->proto;
}

void proto_dwarf_free(void)
{
	for (size_t i = 0; i < nfiles; i++) {
		for (size_t k = 0; k < files[i].n; k++)
			free(files[i].funcs[k].proto);
		free(files[i].funcs);
		if (files[i].dw)
			dwarf_end(files[i].dw);
		if (files[i].fd >= 0)
			close(files[i].fd);
	}
	free(files);
	files = NULL;
	nfiles = 0;
}
