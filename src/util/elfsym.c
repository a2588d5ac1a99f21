// SPDX-License-Identifier: GPL-2.0
/* The defined symbols of an ELF file, .symtab and .dynsym alike, in the
 * order the file lists them: the one walk that symbolising, USDT operands,
 * uaddr() and Python's runtime lookup all need. */
#include "util.h"

int elf_each_sym(Elf *elf, int (*fn)(const GElf_Sym *sym, const char *name, void *ctx),
		 void *ctx)
{
	Elf_Scn *scn = NULL;

	while (elf && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) ||
		    !sh.sh_entsize || !(d = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym sym;
			const char *name;
			int rc;

			if (!gelf_getsym(d, i, &sym) || sym.st_shndx == SHN_UNDEF ||
			    !(name = elf_strptr(elf, sh.sh_link, sym.st_name)))
				continue;
			if ((rc = fn(&sym, name, ctx)))
				return rc;
		}
	}
	return 0;
}
