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
#include <sys/stat.h>
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
	char *name;
	Dwarf_Off off;		/* its DIE (when read from the debug info) */
	uint64_t addr;		/* its entry (DW_AT_low_pc) */
	char *sig;		/* "RET K:name ...", from the DIE or the cache */
	struct lib_proto *proto;	/* made when first asked for */
	bool tried;
};

struct dw_file {
	char key[128];		/* build id in hex, or the path */
	int fd;
	Dwarf *dw;		/* NULL: no debug info, or read from the cache */
	struct dw_func *funcs;
	size_t n, cap;
	struct dw_func **byaddr;	/* made when first needed */
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
				Dwarf_Addr lo;

				if (dwarf_tag(&die) != DW_TAG_subprogram || dwarf_lowpc(&die, &lo) ||
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
				if (!(name = strdup(name)))
					return;
				f->funcs[f->n++] = (struct dw_func){ .name = (char *)name,
								     .off = dwarf_dieoffset(&die),
								     .addr = lo };
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

/*
 * The cache: reading a big library's debug info (libc's: about 0.1 s
 * here) at every start would be most of strobe ltrace's start-up, so
 * each file's signatures are kept, by build id, in
 * ${XDG_CACHE_HOME:-~/.cache}/strobe/dwarf/BUILDID: "strobe-dwarf 1",
 * then "name ADDRESS RET K:arg ..." a line (a function that cannot be shown has
 * no line).  Not writable: no cache, nothing else changes.
 */
#define CACHE_MAGIC "strobe-dwarf 4\n"	/* 4: asm functions have no signature, float results v */

static const char *sig_of(struct dw_file *f, struct dw_func *fn);

static int cache_path(const char *key, char *buf, size_t len, bool make)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char dir[512];

	if (xdg && *xdg)
		snprintf(dir, sizeof(dir), "%s/strobe/dwarf", xdg);
	else if (home && *home)
		snprintf(dir, sizeof(dir), "%s/.cache/strobe/dwarf", home);
	else
		return -1;
	if (make) {
		/* each level, as mkdir -p */
		for (char *p = strchr(dir + 1, '/'); p; p = strchr(p + 1, '/')) {
			*p = 0;
			mkdir(dir, 0755);
			*p = '/';
		}
		mkdir(dir, 0755);
	}
	snprintf(buf, len, "%s/%s", dir, key);
	return 0;
}

static bool cache_load(struct dw_file *f)
{
	char path[700], line[512];
	FILE *in;
	bool ok = false;

	if (cache_path(f->key, path, sizeof(path), false) || !(in = fopen(path, "re")))
		return false;
	if (!fgets(line, sizeof(line), in) || strcmp(line, CACHE_MAGIC))
		goto out;
	while (fgets(line, sizeof(line), in)) {
		char *sp = strchr(line, ' '), *nl = strchr(line, '\n'), *end;
		uint64_t addr;

		if (!sp || !nl)
			goto out;
		*sp = *nl = 0;
		addr = strtoull(sp + 1, &end, 16);
		if (*end != ' ')
			goto out;
		sp = end;
		if (f->n == f->cap) {
			size_t cap = f->cap ? f->cap * 2 : 256;
			struct dw_func *v = realloc(f->funcs, cap * sizeof(*v));

			if (!v)
				goto out;
			f->funcs = v;
			f->cap = cap;
		}
		f->funcs[f->n] = (struct dw_func){ .name = strdup(line), .sig = strdup(sp + 1),
						   .addr = addr };
		if (!f->funcs[f->n].name || !f->funcs[f->n].sig) {
			free(f->funcs[f->n].name);
			free(f->funcs[f->n].sig);
			goto out;
		}
		f->n++;
	}
	qsort(f->funcs, f->n, sizeof(*f->funcs), cmp_func);
	ok = true;
out:
	fclose(in);
	return ok;
}

static void cache_save(struct dw_file *f)
{
	char path[700], tmp[720];
	FILE *out;

	if (cache_path(f->key, path, sizeof(path), true))
		return;
	snprintf(tmp, sizeof(tmp), "%s.%d", path, (int)getpid());
	if (!(out = fopen(tmp, "we")))
		return;
	fputs(CACHE_MAGIC, out);
	for (size_t i = 0; i < f->n; i++)
		if (sig_of(f, &f->funcs[i]) && (i == 0 || strcmp(f->funcs[i].name,
							       f->funcs[i - 1].name)))
			fprintf(out, "%s %llx %s\n", f->funcs[i].name,
				(unsigned long long)f->funcs[i].addr, f->funcs[i].sig);
	/* complete, or not at all */
	if (fclose(out) || rename(tmp, path))
		unlink(tmp);
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
	if (has_id && cache_load(f)) {
		close(fd);
		return f;
	}
	f->dw = begin_dwarf(key, has_id, fd, &dfd);
	if (dfd >= 0) {
		close(fd);
		fd = dfd;
	}
	f->fd = fd;
	if (f->dw)
		index_funcs(f);
	if (f->dw && has_id)
		cache_save(f);
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

/* A register's letter: i int, l long, u unsigned, U unsigned long, s a
 * string, p a pointer; 0 when it cannot be shown. */
static char letter(Dwarf_Die *die)
{
	int size, cls = type_class(die, &size);

	switch (cls) {
	case T_SIGNED: return size > 4 ? 'l' : 'i';
	case T_UNSIGNED: return size > 4 ? 'U' : 'u';
	case T_STR: return 's';
	case T_PTR: return 'p';
	}
	return 0;
}

/* The signature of a function's DIE: "RET K:name ..." (RET v for void),
 * or NULL when its arguments cannot be told from the registers. */
static char *signature(Dwarf_Die *fn)
{
	char buf[256];
	size_t len;
	Dwarf_Die child;
	int n = 0;
	char r = dwarf_hasattr_integrate(fn, DW_AT_type) ? letter(fn) : 'v';
	Dwarf_Attribute a;
	Dwarf_Die t;

	/* glibc's functions written in assembly (getgid, _setjmp, the
	 * syscall wrappers) have DIEs of type DW_TAG_unspecified_type: their
	 * types are not known, and the result is not a pointer */
	if (dwarf_attr_integrate(fn, DW_AT_type, &a) && dwarf_formref_die(&a, &t) &&
	    dwarf_tag(&t) == DW_TAG_unspecified_type)
		return NULL;

	/* a float or struct result is not in rax: unknown, printed as '?' */
	snprintf(buf, sizeof(buf), "%c", r ? r : 'v');
	len = 1;
	if (dwarf_child(fn, &child) == 0) {
		do {
			const char *an;
			char k;

			if (dwarf_tag(&child) == DW_TAG_unspecified_parameters || n == 6)
				break;	/* the variadic rest is not known */
			if (dwarf_tag(&child) != DW_TAG_formal_parameter)
				continue;
			if (!(k = letter(&child)))
				return NULL;	/* the registers no longer match */
			an = dwarf_diename(&child);
			len += snprintf(buf + len, sizeof(buf) - len, " %c:%.24s", k,
					an && !strpbrk(an, " \n") ? an : "arg");
			if (len >= sizeof(buf))
				return NULL;
			n++;
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	return strdup(buf);
}

static struct lib_proto *make_proto(const char *name, const char *sig)
{
	struct dw_proto *d = calloc(1, sizeof(*d));
	const char *q = sig + 1;
	int n = 0;

	if (!d)
		return NULL;
	d->p.d.name = name;
	d->p.err = UE_NONE;
	switch (sig[0]) {
	case 'v': d->p.ret = LR_VOID; break;
	case 'i': d->p.ret = LR_INT; break;
	case 'l': d->p.ret = LR_LONG; break;
	case 'u': d->p.ret = LR_UINT; break;
	case 'U': d->p.ret = LR_ULONG; break;
	case 's': d->p.ret = LR_STR; break;
	default: d->p.ret = LR_PTR; break;
	}
	while (n < 6 && q[0] == ' ' && q[1] && q[2] == ':') {
		struct syscall_arg *arg = &d->p.d.args[n];
		size_t l = strcspn(q + 3, " ");

		switch (q[1]) {
		case 'i': arg->kind = AK_INT; break;
		case 'l': arg->kind = AK_LONG; break;
		case 'u': arg->kind = AK_UINT; break;
		case 'U': arg->kind = AK_ULONG; break;
		case 's': arg->kind = AK_STR; break;
		default: arg->kind = AK_PTR; break;
		}
		snprintf(d->names[n], sizeof(d->names[n]), "%.*s", (int)l, q + 3);
		arg->name = d->names[n];
		arg->dir = ARG_IN;
		n++;
		q += 3 + l;
	}
	d->p.d.nargs = n;
	return &d->p;
}

static const char *sig_of(struct dw_file *f, struct dw_func *fn)
{
	Dwarf_Die die;

	if (!fn->sig && f->dw && dwarf_offdie(f->dw, fn->off, &die))
		fn->sig = signature(&die);
	return fn->sig;
}

static int cmp_addr(const void *a, const void *b)
{
	const struct dw_func *x = *(struct dw_func *const *)a, *y = *(struct dw_func *const *)b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The function at addr: the debug info names one alias of it (libc's
 * DIE is __opendir, the program imports opendir). */
static struct dw_func *by_addr(struct dw_file *f, uint64_t addr)
{
	size_t lo = 0, hi = f->n;

	if (!f->byaddr) {
		if (!(f->byaddr = malloc(f->n * sizeof(*f->byaddr))))
			return NULL;
		for (size_t i = 0; i < f->n; i++)
			f->byaddr[i] = &f->funcs[i];
		qsort(f->byaddr, f->n, sizeof(*f->byaddr), cmp_addr);
	}
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (f->byaddr[mid]->addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < f->n && f->byaddr[lo]->addr == addr ? f->byaddr[lo] : NULL;
}

const struct lib_proto *proto_dwarf(const char *path, const char *func, uint64_t addr)
{
	struct dw_file *f = file_of(path);
	struct dw_func key = { .name = (char *)func }, *fn;

	if (!f || !f->n)
		return NULL;
	fn = bsearch(&key, f->funcs, f->n, sizeof(*f->funcs), cmp_func);
	if (!fn && addr)
		fn = by_addr(f, addr);
	if (!fn)
		return NULL;
	if (!fn->tried) {
		fn->tried = true;
		if (sig_of(f, fn))
			fn->proto = make_proto(fn->name, fn->sig);
	}
	return fn->proto;
}

void proto_dwarf_free(void)
{
	for (size_t i = 0; i < nfiles; i++) {
		for (size_t k = 0; k < files[i].n; k++) {
			free(files[i].funcs[k].proto);
			free(files[i].funcs[k].sig);
			free(files[i].funcs[k].name);
		}
		free(files[i].funcs);
		free(files[i].byaddr);
		if (files[i].dw)
			dwarf_end(files[i].dw);
		if (files[i].fd >= 0)
			close(files[i].fd);
	}
	free(files);
	files = NULL;
	nfiles = 0;
}
