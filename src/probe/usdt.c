// SPDX-License-Identifier: GPL-2.0
/*
 * USDT markers: the .note.stapsdt notes a program carries (one per
 * marker: its address, the .stapsdt.base address at link time, the
 * semaphore, provider, name and argument string), and the argument
 * strings themselves ("-4@%eax 8@-8(%rbp) 8@$3"), turned into what the
 * BPF side reads from struct pt_regs.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "../util/util.h"

/* offsetof(struct pt_regs, ...) on x86-64, by any name of the register */
static const struct { const char *names[4]; int16_t off; } regs[] = {
	{ { "rax", "eax", "ax", "al" }, 80 },  { { "rbx", "ebx", "bx", "bl" }, 40 },
	{ { "rcx", "ecx", "cx", "cl" }, 88 },  { { "rdx", "edx", "dx", "dl" }, 96 },
	{ { "rsi", "esi", "si", "sil" }, 104 }, { { "rdi", "edi", "di", "dil" }, 112 },
	{ { "rbp", "ebp", "bp", "bpl" }, 32 }, { { "rsp", "esp", "sp", "spl" }, 152 },
	{ { "r8", "r8d", "r8w", "r8b" }, 72 }, { { "r9", "r9d", "r9w", "r9b" }, 64 },
	{ { "r10", "r10d", "r10w", "r10b" }, 56 }, { { "r11", "r11d", "r11w", "r11b" }, 48 },
	{ { "r12", "r12d", "r12w", "r12b" }, 24 }, { { "r13", "r13d", "r13w", "r13b" }, 16 },
	{ { "r14", "r14d", "r14w", "r14b" }, 8 }, { { "r15", "r15d", "r15w", "r15b" }, 0 },
	{ { "rip", "eip", "ip", NULL }, 128 },
};

static int reg_offset(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
		for (int j = 0; j < 4 && regs[i].names[j]; j++)
			if (strlen(regs[i].names[j]) == len && !strncmp(regs[i].names[j], name, len))
				return regs[i].off;
	return -1;
}

struct sym_want {
	const char *name;
	size_t len;
	uint64_t value;
};

static int match_sym(const GElf_Sym *sym, const char *name, void *ctx)
{
	struct sym_want *w = ctx;

	if (strlen(name) != w->len || strncmp(name, w->name, w->len))
		return 0;
	w->value = sym->st_value;
	return 1;
}

/* A symbol's value in the file, for operands such as "counter(%rip)". */
static int sym_value(Elf *elf, const char *name, size_t len, uint64_t *v)
{
	struct sym_want w = { name, len, 0 };

	if (elf_each_sym(elf, match_sym, &w) != 1)
		return -1;
	*v = w.value;
	return 0;
}

/* One operand: "%reg", "$imm", "off(%reg)", "(%reg)", or "sym+off(%rip)"
 * (a global: its address is where the probe fired, pt_regs' ip, plus its
 * distance from the marker in the file; elf and the marker's address
 * given). */
static int parse_operand(const char *p, size_t len, struct usdt_arg *a, Elf *elf,
			 uint64_t at)
{
	char *end;

	if (*p == '$') {
		a->type = USDT_CONST;
		a->val = strtoll(p + 1, &end, 0);
		return end == p + len ? 0 : -1;
	}
	if (*p == '%') {
		a->type = USDT_REG;
		a->reg_off = reg_offset(p + 1, len - 1);
		return a->reg_off < 0 ? -1 : 0;
	}
	a->type = USDT_DEREF;
	const char *lim = p + len, *q = p;
	if (*q == '_' || (*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z')) {
		const char *name = q;
		uint64_t v;

		while (q < lim && *q != '(' && *q != '+' && *q != '-')
			q++;
		if (sym_value(elf, name, q - name, &v) || lim - q < 6 || strncmp(lim - 6, "(%rip)", 6))
			return -1;
		a->val = (int64_t)(v - at);
		if (*q == '+' || *q == '-') {
			a->val += strtoll(q, &end, 0);
			q = end;
		}
		a->reg_off = reg_offset("rip", 3);
		return q == lim - 6 ? 0 : -1;
	}
	if (*q != '(') {
		a->val = strtoll(q, &end, 0);
		q = end;
	}
	if (q + 2 >= lim || q[0] != '(' || q[1] != '%')
		return -1;
	const char *close = memchr(q, ')', lim - q), *comma;
	if (!close || close + 1 != lim)
		return -1;
	comma = memchr(q, ',', close - q);
	a->reg_off = reg_offset(q + 2, (comma ? comma : close) - q - 2);
	if (a->reg_off < 0)
		return -1;
	if (comma) {
		/* "(%rsp,%rax,8)": base, index, scale (arrays indexed in
		 * the marker's arguments) */
		const char *c2 = memchr(comma + 1, ',', close - comma - 1);
		long scale = 1;

		if (comma[1] != '%')
			return -1;
		a->idx_off = reg_offset(comma + 2, (c2 ? c2 : close) - comma - 2);
		if (c2) {
			scale = strtol(c2 + 1, &end, 10);
			if (end != close || (scale != 1 && scale != 2 && scale != 4 && scale != 8))
				return -1;
		}
		a->scale = scale;
		return a->idx_off < 0 ? -1 : 0;
	}
	return 0;
}

static int parse_args(const char *text, struct probe_loc *loc, Elf *elf);

int probe_usdt_parse_args(const char *text, struct probe_loc *loc)
{
	return parse_args(text, loc, NULL);
}

static int parse_args(const char *text, struct probe_loc *loc, Elf *elf)
{
	const char *p = text;

	loc->nargs = 0;
	while (*p) {
		struct usdt_arg a = { .size = 8, .reg_off = -1, .idx_off = -1 };
		const char *tok, *at;
		size_t len;
		char *end;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		if (loc->nargs == USDT_MAX_ARGS)
			return -1;
		tok = p;
		len = strcspn(p, " ");
		p += len;
		at = memchr(tok, '@', len);
		if (at) {
			long sz = strtol(tok, &end, 10);

			if (end != at || !sz || sz < -8 || sz > 8)
				return -1;
			a.size = sz;
			len -= at + 1 - tok;
			tok = at + 1;
		}
		if (parse_operand(tok, len, &a, elf, loc->addr))
			return -1;
		loc->args[loc->nargs++] = a;
	}
	return 0;
}

int probe_elf_usdt(const char *path, const char *provider, const char *name,
		   struct probe_set *set)
{
	struct probe_elf pe;
	GElf_Shdr sh, bsh;
	Elf_Scn *scn, *base_scn;
	int err = probe_elf_open(path, &pe);

	if (err)
		return err;
	scn = probe_elf_section(pe.elf, ".note.stapsdt", &sh);
	base_scn = probe_elf_section(pe.elf, ".stapsdt.base", &bsh);
	if (!scn) {
		err = -ENOMSG;
		goto out;
	}
	Elf_Data *d = elf_getdata(scn, NULL);
	size_t off = 0, name_off, desc_off;
	GElf_Nhdr nh;

	while (d && (off = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
		const char *desc = (const char *)d->d_buf + desc_off;
		const char *owner = (const char *)d->d_buf + name_off;
		uint64_t pc, base, sem, foff, soff = 0;
		const char *prov, *nm, *args, *lim = desc + nh.n_descsz;
		char full[512];

		if (nh.n_type != 3 || nh.n_namesz != 8 || strcmp(owner, "stapsdt") ||
		    nh.n_descsz < 3 * 8 + 3)
			continue;
		memcpy(&pc, desc, 8);
		memcpy(&base, desc + 8, 8);
		memcpy(&sem, desc + 16, 8);
		prov = desc + 24;
		nm = memchr(prov, 0, lim - prov);
		if (!nm++ || nm >= lim || !(args = memchr(nm, 0, lim - nm)) || ++args >= lim ||
		    !memchr(args, 0, lim - args))
			continue;
		if (fnmatch(provider, prov, 0) || fnmatch(name, nm, 0))
			continue;
		/* prelink may have moved the file: the note says where
		 * .stapsdt.base was, the section where it is */
		if (base_scn && base) {
			pc += bsh.sh_addr - base;
			if (sem)
				sem += bsh.sh_addr - base;
		}
		if (probe_elf_vaddr_to_off(pe.elf, pc, &foff) ||
		    (sem && probe_elf_vaddr_to_off(pe.elf, sem, &soff)))
			continue;
		snprintf(full, sizeof(full), "%s:%s", prov, nm);
		if ((err = probe_set_add(set, full, pc, foff)))
			goto out;
		struct probe_loc *l = &set->loc[set->n - 1];
		l->ref_ctr = soff;
		if (parse_args(args, l, pe.elf))
			l->nargs = -1;	/* arguments we cannot read: shown as absent */
	}
out:
	probe_elf_close(&pe);
	return err;
}
