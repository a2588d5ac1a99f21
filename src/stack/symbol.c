// SPDX-License-Identifier: GPL-2.0
/*
 * What an address is: its mapping, its symbol, and where symbols are
 * missing (stripped binaries, the static functions of a library that only
 * keeps .dynsym) the start of its function from the unwind tables: every
 * FDE of .eh_frame covers one function, and libdw finds it by address.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stack.h"
#include "internal.h"

static const char *terminated_path(struct uimage *im, const struct umap *m)
{
	if (m->path_len + 1 > im->path_cap) {
		char *p = realloc(im->path_buf, m->path_len + 1);

		if (!p)
			return NULL;
		im->path_buf = p;
		im->path_cap = m->path_len + 1;
	}
	memcpy(im->path_buf, m->path, m->path_len);
	im->path_buf[m->path_len] = 0;
	return im->path_buf;
}

static uint64_t build_id_hash(Dwfl_Module *mod)
{
	const unsigned char *bid;
	GElf_Addr vaddr;
	int n = dwfl_module_build_id(mod, &bid, &vaddr);
	uint64_t h = 1469598103934665603ull;

	if (n <= 0)
		return 0;
	for (int i = 0; i < n; i++)
		h = (h ^ bid[i]) * 1099511628211ull;
	return h | 1;
}

/*
 * What is kept per module (in libdwfl's per-module slot, freed with the
 * image): .eh_frame_hdr's table, and the function symbols as strace's
 * unwinder sees them.
 */
struct fsym {
	uint64_t value;
	uint32_t order;		/* position in the file: the first one wins a tie */
	const char *name;
};

/* A symbol as libdwfl's address search considers it. */
struct asym {
	uint64_t addr, size;	/* run-time address, as dwfl_module_getsym_info */
	uint64_t max_end;	/* the furthest end of this and every lower one */
	const char *name;
	uint32_t order;		/* position in libdwfl's tables */
	uint8_t bind;		/* 3 global, 2 weak, 1 other: the better wins */
};

struct modinfo {
	const int32_t *fde;	/* .eh_frame_hdr's table: start, FDE pairs */
	size_t nfde;
	uint64_t fde_base;	/* .eh_frame_hdr's address in the ELF file */
	uint64_t *fde_range;	/* no .eh_frame_hdr (static binaries): start,
				 * end pairs read from .eh_frame, sorted */
	size_t nrange;
	struct fsym *syms;	/* by value, then by order descending */
	size_t nsyms;
	bool syms_read;
	struct asym *as;	/* every symbol an address can be named by, sorted */
	size_t nas;
	bool as_read;
	struct modinfo *next;	/* the image's */
};

static struct modinfo none_info;

static void read_fde_table(struct modinfo *mi, Elf *elf)
{
	size_t nph;

	if (!elf || elf_getphdrnum(elf, &nph))
		return;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		Elf_Data *d;
		const uint8_t *h;
		uint32_t n;
		size_t at;

		if (!gelf_getphdr(elf, i, &ph) || ph.p_type != PT_GNU_EH_FRAME)
			continue;
		d = elf_getdata_rawchunk(elf, ph.p_offset, ph.p_filesz, ELF_T_BYTE);
		if (!d || d->d_size < 12)
			return;
		h = d->d_buf;
		/* version 1; eh_frame_ptr any 4- or 8-byte form; the count
		 * udata4; the table datarel|sdata4 (what every linker writes) */
		if (h[0] != 1 || h[2] != DW_EH_PE_udata4 ||
		    h[3] != (DW_EH_PE_datarel | DW_EH_PE_sdata4))
			return;
		at = 4 + ((h[1] & 7) == 4 ? 8 : 4);
		if (at + 4 > d->d_size)
			return;
		memcpy(&n, h + at, 4);
		at += 4;
		if (n > (d->d_size - at) / 8 || (at & 3))
			return;
		mi->fde = (const int32_t *)(h + at);
		mi->nfde = n;
		mi->fde_base = ph.p_vaddr;
		return;
	}
}

/* An encoded pointer of .eh_frame (DW_EH_PE_*) at p, the field's own
 * address at; false for forms this does not read. */
static bool eh_pointer(const uint8_t *p, const uint8_t *end, uint8_t enc, uint64_t at,
		       uint64_t *out, size_t *len)
{
	uint64_t v;
	int32_t s4;
	uint32_t u4;

	switch (enc & 0x0f) {
	case DW_EH_PE_absptr: case DW_EH_PE_udata8: case DW_EH_PE_sdata8:
		if (end - p < 8)
			return false;
		memcpy(&v, p, 8);
		*len = 8;
		break;
	case DW_EH_PE_sdata4:
		if (end - p < 4)
			return false;
		memcpy(&s4, p, 4);
		v = (uint64_t)(int64_t)s4;
		*len = 4;
		break;
	case DW_EH_PE_udata4:
		if (end - p < 4)
			return false;
		memcpy(&u4, p, 4);
		v = u4;
		*len = 4;
		break;
	default:
		return false;
	}
	switch (enc & 0x70) {
	case 0: break;
	case DW_EH_PE_pcrel: v += at; break;
	default: return false;
	}
	*out = v;
	return true;
}

static int by_start(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return (x[0] > y[0]) - (x[0] < y[0]);
}

/* The FDE encoding a CIE's augmentation ("zR", "zPLR") gives; absptr without. */
static uint8_t cie_fde_encoding(const Dwarf_CIE *c)
{
	const uint8_t *d = c->augmentation_data, *end = d ? d + c->augmentation_data_size : NULL;
	const char *a = c->augmentation;

	if (!a || a[0] != 'z' || !d)
		return DW_EH_PE_absptr;
	for (a++; *a && d < end; a++) {
		uint64_t v;
		size_t len;

		switch (*a) {
		case 'R':
			return *d;
		case 'L':
			d++;
			break;
		case 'P':
			if (!eh_pointer(d + 1, end, d[0], 0, &v, &len))
				return DW_EH_PE_absptr;
			d += 1 + len;
			break;
		default:	/* 'S', 'B': no data */
			break;
		}
	}
	return DW_EH_PE_absptr;
}

/*
 * A static binary has .eh_frame but no .eh_frame_hdr (its table is made
 * by the dynamic linker's --eh-frame-hdr, which static links leave out):
 * read every FDE's range from .eh_frame itself.
 */
static void read_eh_frame(struct modinfo *mi, Elf *elf)
{
	struct cie_enc { Dwarf_Off off; uint8_t enc; } cie[32];
	size_t shstr, ncie = 0, cap = 0;
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;

	if (!elf || !gelf_getehdr(elf, &eh) || elf_getshdrstrndx(elf, &shstr))
		return;
	while ((scn = elf_nextscn(elf, scn))) {
		Dwarf_Off off = 0, next;
		Dwarf_CFI_Entry e;
		const char *name;
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS ||
		    !(name = elf_strptr(elf, shstr, sh.sh_name)) || strcmp(name, ".eh_frame"))
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf)
			return;
		while (dwarf_next_cfi(eh.e_ident, d, true, off, &next, &e) == 0) {
			if (dwarf_cfi_cie_p(&e)) {
				if (ncie < sizeof(cie) / sizeof(cie[0]))
					cie[ncie++] = (struct cie_enc){ off, cie_fde_encoding(&e.cie) };
			} else {
				uint8_t enc = DW_EH_PE_pcrel | DW_EH_PE_sdata4;	/* GCC's */
				const uint8_t *p = e.fde.start, *end = e.fde.end;
				uint64_t start, range;
				size_t len, len2;

				for (size_t i = 0; i < ncie; i++)
					if (cie[i].off == e.fde.CIE_pointer)
						enc = cie[i].enc;
				if (eh_pointer(p, end, enc, sh.sh_addr + (p - (const uint8_t *)d->d_buf),
					       &start, &len) &&
				    eh_pointer(p + len, end, enc & 0x0f, 0, &range, &len2) && range) {
					if (mi->nrange == cap) {
						uint64_t *n = realloc(mi->fde_range,
								      (cap ? cap * 2 : 512) * 2 * 8);

						if (!n)
							return;
						mi->fde_range = n;
						cap = cap ? cap * 2 : 512;
					}
					mi->fde_range[2 * mi->nrange] = start;
					mi->fde_range[2 * mi->nrange + 1] = start + range;
					mi->nrange++;
				}
			}
			off = next;
		}
		if (mi->nrange)
			qsort(mi->fde_range, mi->nrange, 16, by_start);
		return;
	}
}

static struct modinfo *modinfo(struct uimage *im, Dwfl_Module *mod)
{
	void **slot = NULL;
	struct modinfo *mi;
	GElf_Addr bias;

	dwfl_module_info(mod, &slot, NULL, NULL, NULL, NULL, NULL, NULL);
	if (slot && *slot)
		return *slot;
	mi = calloc(1, sizeof(*mi));
	if (!slot || !mi) {
		free(mi);
		return &none_info;
	}
	mi->next = im->modinfos;
	im->modinfos = mi;
	*slot = mi;
	read_fde_table(mi, dwfl_module_getelf(mod, &bias));
	if (!mi->nfde)
		read_eh_frame(mi, dwfl_module_getelf(mod, &bias));
	return mi;
}

/*
 * The first address of the function holding pc, from .eh_frame_hdr's
 * table: the start of every FDE, sorted, so the FDE holding pc is the last
 * one starting at or below it.  libdw's CFI says pc is inside an FDE at
 * all (its row ranges are parts of a function, not the whole).
 */
static bool fde_start(struct uimage *im, Dwfl_Module *mod, uint64_t pc, uint64_t elf_addr,
		      uint64_t *start)
{
	const struct modinfo *mi = modinfo(im, mod);
	Dwarf_Addr bias;
	Dwarf_CFI *cfi = dwfl_module_eh_cfi(mod, &bias);
	Dwarf_Frame *fr;
	size_t lo = 0, hi = mi->nfde;

	if (!mi->nfde && mi->nrange) {
		/* .eh_frame's own ranges: the last start at or below, if its
		 * FDE reaches the address */
		hi = mi->nrange;
		while (hi - lo > 1) {
			size_t mid = (lo + hi) / 2;

			if (mi->fde_range[2 * mid] <= elf_addr)
				lo = mid;
			else
				hi = mid;
		}
		if (mi->fde_range[2 * lo] > elf_addr || mi->fde_range[2 * lo + 1] <= elf_addr)
			return false;
		*start = mi->fde_range[2 * lo];
		return true;
	}
	if (!mi->nfde || !cfi || dwarf_cfi_addrframe(cfi, pc - bias, &fr))
		return false;
	free(fr);
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (mi->fde_base + mi->fde[2 * mid] <= elf_addr)
			lo = mid;
		else
			hi = mid;
	}
	if (mi->fde_base + mi->fde[2 * lo] > elf_addr)
		return false;
	*start = mi->fde_base + mi->fde[2 * lo];
	return true;
}

static int by_value(const void *a, const void *b)
{
	const struct fsym *x = a, *y = b;

	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	return x->order < y->order ? 1 : x->order > y->order ? -1 : 0;
}

struct func_syms {
	struct modinfo *mi;
	size_t cap;
	uint32_t order;
};

static int add_func_sym(const GElf_Sym *sym, const char *name, void *ctx)
{
	struct func_syms *f = ctx;
	struct modinfo *mi = f->mi;

	if (GELF_ST_TYPE(sym->st_info) != STT_FUNC)
		return 0;
	if (mi->nsyms == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 256;
		struct fsym *n = realloc(mi->syms, cap * sizeof(*n));

		if (!n)
			return -1;
		mi->syms = n;
		f->cap = cap;
	}
	mi->syms[mi->nsyms++] = (struct fsym){ sym->st_value, f->order++, name };
	return 0;
}

/* Every defined function symbol of the mapped file, .symtab and .dynsym
 * alike, in the order the file has them. */
static void read_func_syms(struct modinfo *mi, Elf *elf)
{
	struct func_syms f = { mi, 0, 0 };
	size_t shstr;

	mi->syms_read = true;
	if (!elf || elf_getshdrstrndx(elf, &shstr))
		return;
	elf_each_sym(elf, add_func_sym, &f);
	if (mi->nsyms)
		qsort(mi->syms, mi->nsyms, sizeof(*mi->syms), by_value);
}

/*
 * strace's way (libunwind's): the nearest function symbol at or below the
 * address, whatever its size, from the mapped file alone; a tie goes to the
 * one the file lists first.
 */
static const char *nearest_func(struct uimage *im, Dwfl_Module *mod, uint64_t elf_addr,
				uint64_t *off)
{
	struct modinfo *mi = modinfo(im, mod);
	size_t lo = 0, hi;
	GElf_Addr bias;

	if (!mi->syms_read)
		read_func_syms(mi, dwfl_module_getelf(mod, &bias));
	hi = mi->nsyms;
	if (!hi || mi->syms[0].value > elf_addr)
		return NULL;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (mi->syms[mid].value <= elf_addr)
			lo = mid;
		else
			hi = mid;
	}
	*off = elf_addr - mi->syms[lo].value;
	return mi->syms[lo].name;
}

void uimage_free_modinfos(struct uimage *im)
{
	struct modinfo *mi = im->modinfos;

	while (mi) {
		struct modinfo *next = mi->next;

		free(mi->syms);
		free(mi->as);
		free(mi->fde_range);
		free(mi);
		mi = next;
	}
	im->modinfos = NULL;
}

static int by_addr(const void *a, const void *b)
{
	const struct asym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static void read_addr_syms(struct modinfo *mi, Dwfl_Module *mod)
{
	int n = dwfl_module_getsymtab(mod);
	size_t cap = 0;
	uint64_t end = 0;

	mi->as_read = true;
	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr addr;
		GElf_Word shndx;
		const char *name = dwfl_module_getsym_info(mod, i, &sym, &addr, &shndx, NULL, NULL);
		int type = GELF_ST_TYPE(sym.st_info), bind = GELF_ST_BIND(sym.st_info);

		if (!name || !*name || sym.st_shndx == SHN_UNDEF || type == STT_SECTION ||
		    type == STT_FILE || type == STT_TLS)
			continue;
		if (mi->nas == cap) {
			struct asym *a = realloc(mi->as, (cap ? cap * 2 : 1024) * sizeof(*a));

			if (!a)
				return;
			mi->as = a;
			cap = cap ? cap * 2 : 1024;
		}
		mi->as[mi->nas++] = (struct asym){
			.addr = addr, .size = sym.st_size, .name = name, .order = i,
			.bind = bind == STB_GLOBAL ? 3 : bind == STB_WEAK ? 2 : 1,
		};
	}
	if (mi->nas)
		qsort(mi->as, mi->nas, sizeof(*mi->as), by_addr);
	for (size_t i = 0; i < mi->nas; i++) {
		if (mi->as[i].addr + mi->as[i].size > end)
			end = mi->as[i].addr + mi->as[i].size;
		mi->as[i].max_end = end;
	}
}

/*
 * dwfl_module_addrinfo's choice, by binary search: it scans every symbol
 * of the module at each call, which was 85% of a profile's processing
 * (python3.11's 12,000 symbols, thousands of distinct addresses).  The
 * closest symbol at or below pc that covers it (the better binding on a
 * tie), else the closest sizeless one no sized symbol below pc reaches
 * past.
 */
static const char *addr_symbol(struct uimage *im, Dwfl_Module *mod, uint64_t pc,
			       uint64_t *off, uint64_t *size)
{
	struct modinfo *mi = modinfo(im, mod);
	const struct asym *best = NULL;
	size_t lo = 0, hi;

	if (!mi->as_read)
		read_addr_syms(mi, mod);
	hi = mi->nas;
	if (!hi || mi->as[0].addr > pc)
		return NULL;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (mi->as[mid].addr <= pc)
			lo = mid;
		else
			hi = mid;
	}
	/* sized symbols covering pc: below the first whose prefix end does
	 * not reach pc, none can (bounded: a huge object would make it long) */
	for (size_t i = lo + 1, steps = 0; i-- > 0 && steps < 512; steps++) {
		const struct asym *a = &mi->as[i];

		if (a->max_end <= pc)
			break;
		if (!a->size || pc - a->addr >= a->size)
			continue;
		if (!best || a->addr > best->addr ||
		    (a->addr == best->addr && a->bind >= best->bind))
			best = a;	/* ties: the better binding, then the first */
	}
	/* else a sizeless label at the top, if nothing below reaches past it
	 * (then whatever sits at its address is sizeless too) */
	if (!best && mi->as[lo].addr >= mi->as[lo].max_end)
		for (size_t i = lo + 1; i-- > 0 && mi->as[i].addr == mi->as[lo].addr;)
			if (!best || mi->as[i].bind >= best->bind)
				best = &mi->as[i];
	if (!best)
		return NULL;
	*off = pc - best->addr;
	*size = best->size;
	return best->name;
}

bool uimage_symbol(struct uimage *im, uint64_t pc, unsigned what, struct usym *s)
{
	const struct umap *m = uimage_mapping(im, pc);
	Dwfl *d = uimage_dwfl(im);
	Dwfl_Module *mod = d ? dwfl_addrmodule(d, pc) : NULL;
	GElf_Addr lo = 0, bias = 0;
	GElf_Off off = 0;
	GElf_Sym sym;

	memset(s, 0, sizeof(*s));
	if (m) {
		s->path = terminated_path(im, m);
		s->map_off = pc - m->lo + m->pgoff;
	}
	if (!mod)
		return m;
	s->module = dwfl_module_info(mod, NULL, &lo, NULL, NULL, NULL, NULL, NULL);
	s->mod_rel = pc - lo;
	s->build_id_hash = build_id_hash(mod);
	s->elf_addr = pc;
	if (dwfl_module_getelf(mod, &bias))
		s->elf_addr = pc - bias;
	if (what & USYM_NEAREST) {
		/* a return address is after its call: looked up a byte
		 * before, as libunwind does, so that a call ending a function
		 * counts in it */
		uint64_t o = 0;

		s->name = nearest_func(im, mod, s->elf_addr - !!(what & USYM_RETURN), &o);
		s->name_off = o + !!(what & USYM_RETURN);
		sym.st_size = 0;
	} else {
		uint64_t o = 0, size = 0;

		s->name = addr_symbol(im, mod, pc, &o, &size);
		s->name_off = off = o;
		sym.st_size = size;
	}
	if (what & USYM_FDE)
		s->has_fde = fde_start(im, mod, pc, s->elf_addr, &s->fde_start);
	if (s->name && *s->name) {
		/* libdwfl gives the nearest symbol below, even when it ends
		 * before pc (a static function after it in a library that
		 * only exports): a sized symbol must reach pc, a sizeless
		 * one must not start before pc's function */
		if (sym.st_size)
			s->name_covers = off < sym.st_size;
		else
			s->name_covers = !s->has_fde || s->fde_start <= s->elf_addr - off;
	}
	if (what & USYM_SOURCE) {
		Dwfl_Line *l = dwfl_module_getsrc(mod, pc);

		if (l)
			s->src = dwfl_lineinfo(l, NULL, &s->line, NULL, NULL, NULL);
	}
	return true;
}

void usym_function(const struct usym *s, char *buf, size_t len)
{
	const char *mod = s->module;

	if (s->name && *s->name && s->name_covers) {
		/* "memcpy@@GLIBC_2.14": the version is not the function */
		snprintf(buf, len, "%.*s", (int)strcspn(s->name, "@"), s->name);
		return;
	}
	if (!mod && s->path)
		mod = s->path;
	if (!mod) {
		snprintf(buf, len, "[unknown]");
		return;
	}
	if (strrchr(mod, '/'))
		mod = strrchr(mod, '/') + 1;
	snprintf(buf, len, "%s+0x%llx", mod,
		 (unsigned long long)(s->has_fde ? s->fde_start : s->elf_addr));
}

static const char *die_name(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Die origin;
	const char *name = dwarf_diename(die);

	if (name)
		return name;
	if (dwarf_attr_integrate(die, DW_AT_abstract_origin, &a) &&
	    dwarf_formref_die(&a, &origin))
		return dwarf_diename(&origin);
	return NULL;
}

int uimage_inlines(struct uimage *im, uint64_t pc, const char **names, int max)
{
	Dwfl *d = uimage_dwfl(im);
	Dwfl_Module *mod = d ? dwfl_addrmodule(d, pc) : NULL;
	Dwarf_Addr bias;
	Dwarf_Die *cu = mod ? dwfl_module_addrdie(mod, pc, &bias) : NULL, *scopes = NULL;
	int ns = cu ? dwarf_getscopes(cu, pc - bias, &scopes) : 0, n = 0;

	/* scopes run from the innermost out; inlined calls outermost first */
	for (int i = ns - 1; i >= 0 && n < max; i--)
		if (dwarf_tag(&scopes[i]) == DW_TAG_inlined_subroutine) {
			const char *in = die_name(&scopes[i]);

			if (in)
				names[n++] = in;
		}
	free(scopes);
	return n;
}

