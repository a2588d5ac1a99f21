// SPDX-License-Identifier: GPL-2.0
/*
 * Functions of an ELF file by glob (libelf): .dynsym and .symtab, turned
 * from virtual addresses into the file offsets uprobes take through the
 * program headers; what a program imports (undefined .dynsym functions,
 * DT_NEEDED libraries).
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <gelf.h>
#include <libelf.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "probe.h"
#include "internal.h"

int probe_elf_open(const char *path, struct probe_elf *pe)
{
	memset(pe, 0, sizeof(*pe));
	elf_version(EV_CURRENT);
	pe->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (pe->fd < 0)
		return -errno;
	pe->elf = elf_begin(pe->fd, ELF_C_READ_MMAP, NULL);
	if (!pe->elf || elf_kind(pe->elf) != ELF_K_ELF) {
		probe_elf_close(pe);
		return -ENOEXEC;
	}
	return 0;
}

void probe_elf_close(struct probe_elf *pe)
{
	if (pe->elf)
		elf_end(pe->elf);
	if (pe->fd >= 0)
		close(pe->fd);
	pe->elf = NULL;
	pe->fd = -1;
}

/* The file offset of a virtual address, through the PT_LOAD holding it. */
int probe_elf_vaddr_to_off(Elf *elf, uint64_t vaddr, uint64_t *off)
{
	size_t n;

	if (elf_getphdrnum(elf, &n))
		return -ENOEXEC;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (vaddr >= ph.p_vaddr && vaddr < ph.p_vaddr + ph.p_memsz) {
			*off = vaddr - ph.p_vaddr + ph.p_offset;
			return 0;
		}
	}
	return -ENOENT;
}

Elf_Scn *probe_elf_section(Elf *elf, const char *name, GElf_Shdr *sh)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *n;

		if (!gelf_getshdr(scn, sh))
			continue;
		n = elf_strptr(elf, shstrndx, sh->sh_name);
		if (n && !strcmp(n, name))
			return scn;
	}
	return NULL;
}

int probe_set_add(struct probe_set *set, const char *name, uint64_t addr, uint64_t off)
{
	if (set->n == set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 64;
		struct probe_loc *l = realloc(set->loc, cap * sizeof(*l));

		if (!l)
			return -ENOMEM;
		set->loc = l;
		set->cap = cap;
	}
	memset(&set->loc[set->n], 0, sizeof(set->loc[0]));
	if (!(set->loc[set->n].name = strdup(name)))
		return -ENOMEM;
	set->loc[set->n].addr = addr;
	set->loc[set->n].offset = off;
	set->n++;
	return 0;
}

void probe_set_free(struct probe_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->loc[i].name);
	free(set->loc);
	free(set->path);
	memset(set, 0, sizeof(*set));
}

/* Which of two aliases of one address names it: the one the user wrote,
 * then a global over a weak one, then fewer leading underscores, then the
 * shorter. */
static int alias_rank(const char *name, int bind, const char *glob)
{
	int r = 0;

	if (!strcmp(name, glob))
		r += 1000;
	if (bind == STB_GLOBAL)
		r += 10;
	while (*name == '_') {
		r -= 50;
		name++;
	}
	return r - (int)(strlen(name) > 30 ? 30 : strlen(name)) / 3;
}

/*
 * The kernel's x86 uprobes refuse some first instructions (ENOTSUPP),
 * and one refusal fails a whole uprobe_multi link: VEX and EVEX encoded
 * ones (AVX, which string functions chosen by IFUNCs start with) are the
 * ones met in practice, and a LOCK or segment-override prefix (the
 * kernel's is_prefix_bad(): pthread_spin_lock starts with "lock decl").
 * Seen here, they cost no failed attach.
 */
static bool refused_insn(int fd, uint64_t off)
{
	uint8_t b[8];
	int i = 0;

	if (pread(fd, b, sizeof(b), off) != (ssize_t)sizeof(b))
		return false;
	while (i < 4 && (b[i] == 0x66 || b[i] == 0xf2 || b[i] == 0xf3 || b[i] == 0x67 ||
			 b[i] == 0xf0 || b[i] == 0x26 || b[i] == 0x2e || b[i] == 0x36 ||
			 b[i] == 0x3e || (b[i] >= 0x40 && b[i] <= 0x4f))) {
		if (b[i] == 0xf0 || b[i] == 0x26 || b[i] == 0x2e || b[i] == 0x36 || b[i] == 0x3e)
			return true;
		i++;
	}
	return b[i] == 0xc4 || b[i] == 0xc5 || b[i] == 0x62;
}

struct sym_tmp {
	uint64_t addr;
	int rank;
	char *name;
};

static int cmp_addr(const void *a, const void *b)
{
	const struct sym_tmp *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->rank != y->rank)
		return y->rank - x->rank;
	return strcmp(x->name, y->name);	/* memcpy before memmove */
}

/* A library strobe itself has loaded (libc, libz, libelf...): an IFUNC's
 * choice for this CPU is what the loader gives for it through that
 * library's own handle (not an interposer's, as under ASan), as a vaddr
 * of the file. */
static bool ifunc_target(const char *path, const char *name, uint64_t *vaddr)
{
	struct stat a, b;
	Dl_info info;
	void *h, *sym;
	bool ok = false;

	if (stat(path, &a) || !(h = dlopen(path, RTLD_LAZY | RTLD_NOLOAD)))
		return false;
	sym = dlsym(h, name);
	if (sym && dladdr(sym, &info) && info.dli_fname && !stat(info.dli_fname, &b) &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
		/* a shared object's vaddr 0 maps at dli_fbase */
		*vaddr = (uint64_t)((char *)sym - (char *)info.dli_fbase);
		ok = true;
	}
	dlclose(h);
	return ok;
}

/* .gnu.version's data, to tell a symbol's default version (what a
 * program binds to) from the hidden older ones: memcpy@GLIBC_2.2.5 is
 * memmove's old meaning, memcpy@@GLIBC_2.14 is what programs call. */
static Elf_Data *versyms(Elf *elf)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_GNU_versym)
			return elf_getdata(scn, NULL);
	return NULL;
}

static int collect(Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh, const char *glob,
		   const char *path, struct sym_tmp **out, size_t *n, size_t *cap,
		   size_t *outside)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	Elf_Data *vd = sh->sh_type == SHT_DYNSYM ? versyms(elf) : NULL;
	size_t cnt = sh->sh_entsize ? sh->sh_size / sh->sh_entsize : 0;

	for (size_t i = 0; d && i < cnt; i++) {
		GElf_Sym sym;
		const char *name;
		uint64_t vaddr, off;
		int type;

		if (!gelf_getsym(d, i, &sym))
			continue;
		type = GELF_ST_TYPE(sym.st_info);
		if ((type != STT_FUNC && type != STT_GNU_IFUNC) || sym.st_shndx == SHN_UNDEF ||
		    !sym.st_value)
			continue;
		name = elf_strptr(elf, sh->sh_link, sym.st_name);
		if (!name || !*name || fnmatch(glob, name, 0))
			continue;
		if (vd) {
			GElf_Versym vs;

			if (gelf_getversym(vd, i, &vs) && (vs & 0x8000))
				continue;	/* hidden: not the default version */
		}
		vaddr = sym.st_value;
		/* an IFUNC's own address is its resolver, run once at load */
		if (type == STT_GNU_IFUNC && !ifunc_target(path, name, &vaddr)) {
			(*outside)++;
			continue;
		}
		if (probe_elf_vaddr_to_off(elf, vaddr, &off))
			continue;
		if (*n == *cap) {
			size_t c = *cap ? *cap * 2 : 256;
			struct sym_tmp *t = realloc(*out, c * sizeof(*t));

			if (!t)
				return -ENOMEM;
			*out = t;
			*cap = c;
		}
		(*out)[*n].addr = off;	/* dedup by what gets probed */
		(*out)[*n].rank = alias_rank(name, GELF_ST_BIND(sym.st_info), glob);
		if (!((*out)[*n].name = strdup(name)))
			return -ENOMEM;
		(*n)++;
	}
	return 0;
}

static int elf_funcs(const char *path, const char *glob, struct probe_set *set,
		     bool aliases)
{
	struct probe_elf pe;
	struct sym_tmp *t = NULL;
	size_t n = 0, cap = 0;
	Elf_Scn *scn = NULL;
	int err = probe_elf_open(path, &pe);

	if (err)
		return err;
	while ((scn = elf_nextscn(pe.elf, scn))) {
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh) ||
		    (sh.sh_type != SHT_DYNSYM && sh.sh_type != SHT_SYMTAB))
			continue;
		if ((err = collect(pe.elf, scn, &sh, glob, path, &t, &n, &cap,
				   &set->ifunc_outside)))
			goto out;
	}
	if (n)
		qsort(t, n, sizeof(*t), cmp_addr);
	for (size_t i = 0; i < n; i++) {
		if (i && t[i].addr == t[i - 1].addr && !aliases)
			continue;
		if ((err = probe_set_add(set, t[i].name, t[i].addr, t[i].addr)))
			goto out;
		set->loc[set->n - 1].bad_insn = refused_insn(pe.fd, t[i].addr);
	}
out:
	for (size_t i = 0; i < n; i++)
		free(t[i].name);
	free(t);
	probe_elf_close(&pe);
	return err;
}

int probe_elf_funcs(const char *path, const char *glob, struct probe_set *set)
{
	return elf_funcs(path, glob, set, false);
}

int probe_elf_funcs_aliases(const char *path, const char *glob, struct probe_set *set)
{
	return elf_funcs(path, glob, set, true);
}

static int push_str(char ***v, size_t *n, const char *s)
{
	char **nv = realloc(*v, (*n + 1) * sizeof(**v));

	if (!nv)
		return -ENOMEM;
	*v = nv;
	if (!(nv[*n] = strdup(s)))
		return -ENOMEM;
	(*n)++;
	return 0;
}

/*
 * A needed library in a search list (DT_RPATH, LD_LIBRARY_PATH,
 * DT_RUNPATH: colon-separated directories, "$ORIGIN" or "${ORIGIN}" the
 * directory of the file that needs it), as the dynamic loader looks.
 */
static bool in_search_list(const char *list, const char *origin, const char *name,
			   char *out, size_t len)
{
	const char *p = list;

	while (p && *p) {
		const char *end = strchr(p, ':');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		char dir[4096];

		if (n && n < sizeof(dir)) {
			int w;

			memcpy(dir, p, n);
			dir[n] = 0;
			if (!strncmp(dir, "$ORIGIN", 7) || !strncmp(dir, "${ORIGIN}", 9))
				w = snprintf(out, len, "%s%s/%s", origin,
					     dir + (dir[1] == '{' ? 9 : 7), name);
			else
				w = snprintf(out, len, "%s/%s", dir, name);
			if (w > 0 && (size_t)w < len && !access(out, R_OK))
				return true;
		}
		p = end ? end + 1 : NULL;
	}
	return false;
}

int probe_elf_imports(const char *path, struct probe_imports *imp)
{
	struct probe_elf pe;
	GElf_Shdr sh;
	Elf_Scn *scn;
	char err[256], lib[4096];
	int rc = probe_elf_open(path, &pe);

	memset(imp, 0, sizeof(*imp));
	if (rc)
		return rc;
	if ((scn = probe_elf_section(pe.elf, ".dynsym", &sh))) {
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t cnt = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;

		for (size_t i = 0; d && i < cnt && !rc; i++) {
			GElf_Sym sym;
			const char *name;

			if (!gelf_getsym(d, i, &sym) || sym.st_shndx != SHN_UNDEF ||
			    GELF_ST_TYPE(sym.st_info) != STT_FUNC)
				continue;
			name = elf_strptr(pe.elf, sh.sh_link, sym.st_name);
			if (name && *name)
				rc = push_str(&imp->names, &imp->nnames, name);
		}
	}
	if (!rc && (scn = probe_elf_section(pe.elf, ".dynamic", &sh))) {
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t cnt = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
		const char *rpath = NULL, *runpath = NULL, *slash = strrchr(path, '/');
		char origin[4096];

		/* the loader's order: DT_RPATH (when there is no DT_RUNPATH),
		 * LD_LIBRARY_PATH, DT_RUNPATH, then the cache and the system's
		 * directories (a program built with -rpath, or run from a build
		 * tree) */
		snprintf(origin, sizeof(origin), "%.*s", slash ? (int)(slash - path) : 1,
			 slash ? path : ".");
		for (size_t i = 0; d && i < cnt; i++) {
			GElf_Dyn dyn;

			if (!gelf_getdyn(d, i, &dyn))
				continue;
			if (dyn.d_tag == DT_RPATH)
				rpath = elf_strptr(pe.elf, sh.sh_link, dyn.d_un.d_val);
			else if (dyn.d_tag == DT_RUNPATH)
				runpath = elf_strptr(pe.elf, sh.sh_link, dyn.d_un.d_val);
		}
		for (size_t i = 0; d && i < cnt && !rc; i++) {
			GElf_Dyn dyn;
			const char *name;

			if (!gelf_getdyn(d, i, &dyn) || dyn.d_tag != DT_NEEDED)
				continue;
			name = elf_strptr(pe.elf, sh.sh_link, dyn.d_un.d_val);
			if (!name)
				continue;
			if ((!strchr(name, '/') &&
			     ((!runpath && in_search_list(rpath, origin, name, lib, sizeof(lib))) ||
			      in_search_list(getenv("LD_LIBRARY_PATH"), origin, name, lib,
					     sizeof(lib)) ||
			      in_search_list(runpath, origin, name, lib, sizeof(lib)))) ||
			    !probe_find_lib(name, 0, lib, sizeof(lib), err, sizeof(err)))
				rc = push_str(&imp->libs, &imp->nlibs, lib);
		}
	}
	probe_elf_close(&pe);
	if (rc)
		probe_imports_free(imp);
	return rc;
}

void probe_imports_free(struct probe_imports *imp)
{
	for (size_t i = 0; i < imp->nnames; i++)
		free(imp->names[i]);
	for (size_t i = 0; i < imp->nlibs; i++)
		free(imp->libs[i]);
	free(imp->names);
	free(imp->libs);
	memset(imp, 0, sizeof(*imp));
}

/* The GOT slot an imported name is bound to (JUMP_SLOT or GLOB_DAT). */
static int got_slot(Elf *elf, const char *name, uint64_t *slot)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh, symsh;
		Elf_Scn *symscn;
		Elf_Data *d, *sd;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || !sh.sh_entsize ||
		    !(symscn = elf_getscn(elf, sh.sh_link)) || !gelf_getshdr(symscn, &symsh) ||
		    !(d = elf_getdata(scn, NULL)) || !(sd = elf_getdata(symscn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Rela r;
			GElf_Sym sym;
			const char *n;

			if (!gelf_getrela(d, i, &r) ||
			    (GELF_R_TYPE(r.r_info) != R_X86_64_JUMP_SLOT &&
			     GELF_R_TYPE(r.r_info) != R_X86_64_GLOB_DAT) ||
			    !gelf_getsym(sd, GELF_R_SYM(r.r_info), &sym) ||
			    !(n = elf_strptr(elf, symsh.sh_link, sym.st_name)) || strcmp(n, name))
				continue;
			*slot = r.r_offset;
			return 0;
		}
	}
	return -ENOENT;
}

/* x86-64 PLT entries: [endbr64] [bnd] jmp *disp32(%rip), as the kernel
 * side decodes them (bpf/uprobes.bpf.c callsite_slot) */
static bool stub_slot(const uint8_t *s, size_t len, uint64_t at, uint64_t *slot)
{
	size_t p = 0;
	int32_t d;

	if (len >= 4 && s[0] == 0xf3 && s[1] == 0x0f && s[2] == 0x1e && s[3] == 0xfa)
		p = 4;
	if (p < len && s[p] == 0xf2)
		p++;
	if (p + 6 > len || s[p] != 0xff || s[p + 1] != 0x25)
		return false;
	memcpy(&d, s + p + 2, 4);
	*slot = at + p + 6 + d;
	return true;
}

int probe_elf_plt_stub(const char *path, const char *name, uint64_t *vaddr, uint64_t *off)
{
	static const char *const secs[] = { ".plt.sec", ".plt", ".plt.got" };
	struct probe_elf pe;
	uint64_t want;
	int err = probe_elf_open(path, &pe);

	if (err)
		return err;
	err = got_slot(pe.elf, name, &want);
	for (size_t i = 0; !err && i < sizeof(secs) / sizeof(secs[0]); i++) {
		GElf_Shdr sh;
		Elf_Scn *scn = probe_elf_section(pe.elf, secs[i], &sh);
		Elf_Data *d = scn ? elf_getdata(scn, NULL) : NULL;
		size_t step = sh.sh_entsize ? sh.sh_entsize : 16;

		for (size_t k = 0; d && d->d_buf && k + 6 <= d->d_size; k += step) {
			uint64_t slot;

			if (stub_slot((const uint8_t *)d->d_buf + k, d->d_size - k,
				      sh.sh_addr + k, &slot) && slot == want) {
				*vaddr = sh.sh_addr + k;
				err = probe_elf_vaddr_to_off(pe.elf, *vaddr, off);
				probe_elf_close(&pe);
				return err;
			}
		}
	}
	probe_elf_close(&pe);
	return err ? err : -ENOENT;
}
