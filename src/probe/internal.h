/* SPDX-License-Identifier: GPL-2.0 */
/* The probe engine's own helpers, shared between its files. */
#ifndef STROBE_PROBE_INTERNAL_H
#define STROBE_PROBE_INTERNAL_H

#include <gelf.h>
#include <libelf.h>

#include "probe.h"

struct probe_elf {
	int fd;
	Elf *elf;
};

int probe_elf_open(const char *path, struct probe_elf *pe);
void probe_elf_close(struct probe_elf *pe);
int probe_elf_vaddr_to_off(Elf *elf, uint64_t vaddr, uint64_t *off);
Elf_Scn *probe_elf_section(Elf *elf, const char *name, GElf_Shdr *sh);

#endif
