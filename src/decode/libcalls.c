// SPDX-License-Identifier: GPL-2.0
/*
 * Values of library calls' arguments that ltrace shows by name and no
 * system call carries: setlocale's category, and sigprocmask's `how` in
 * ltrace's form (a name, else the number in decimal, where strace's
 * decoder would write "0x7 /\* SIG_??? *\/").
 */
#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"

/* <locale.h>'s LC_* as glibc numbers them */
static const struct flag lc_categories[] = {
	{ 0, "LC_CTYPE" }, { 1, "LC_NUMERIC" }, { 2, "LC_TIME" }, { 3, "LC_COLLATE" },
	{ 4, "LC_MONETARY" }, { 5, "LC_MESSAGES" }, { 6, "LC_ALL" }, { 7, "LC_PAPER" },
	{ 8, "LC_NAME" }, { 9, "LC_ADDRESS" }, { 10, "LC_TELEPHONE" },
	{ 11, "LC_MEASUREMENT" }, { 12, "LC_IDENTIFICATION" },
};

static void name_or_int(struct sbuf *b, uint64_t v, const struct flag *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (t[i].val == (uint32_t)v) {
			sbuf_puts(b, t[i].name);
			return;
		}
	sbuf_printf(b, "%d", (int)v);
}

void decode_lc_category(struct sbuf *b, uint64_t v)
{
	name_or_int(b, v, lc_categories, N(lc_categories));
}

void decode_lib_sigmask_how(struct sbuf *b, uint64_t v)
{
	name_or_int(b, v, xlat_sigmask_how, N(xlat_sigmask_how));
}
