// SPDX-License-Identifier: GPL-2.0
/*
 * Process and signal structs and constants: stack_t, capability sets,
 * priority targets, waitid id types, scheduling policies, signalfd flags.
 */
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

/* stack_t {void *ss_sp; int ss_flags; size_t ss_size;} */
void decode_stack(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint64_t sp, size, flags = 0;

	if (too_short(b, len, 24))
		return;
	memcpy(&sp, p, 8);
	memcpy(&flags, p + 8, 4);
	memcpy(&size, p + 16, 8);
	sbuf_puts(b, "{ss_sp=");
	if (sp)
		sbuf_hex(b, sp);
	else
		sbuf_puts(b, "NULL");
	sbuf_puts(b, ", ss_flags=");
	put_rest(b, flags, put_flags(b, &flags, xlat_stack, N(xlat_stack), 1), "0");
	sbuf_printf(b, ", ss_size=%llu}", (unsigned long long)size);
}

/* "1<<CAP_CHOWN|1<<CAP_KILL" from the two 32-bit halves of a v3 set */
static void put_caps(struct sbuf *b, uint64_t set)
{
	bool first = true;

	for (int i = 0; i < 64; i++) {
		if (!(set & (1ull << i)))
			continue;
		sbuf_puts(b, first ? "1<<" : "|1<<");
		decode_capability(b, i);
		first = false;
	}
	if (first)
		sbuf_putc(b, '0');
}

/* struct __user_cap_header_struct {u32 version; int pid;} */
void decode_cap_header(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint32_t version;
	int32_t pid;

	if (too_short(b, len, 8))
		return;
	memcpy(&version, p, 4);
	memcpy(&pid, p + 4, 4);
	sbuf_puts(b, "{version=");
	put_enum(b, version, xlat_cap_header, N(xlat_cap_header), "_LINUX_CAPABILITY_VERSION_???");
	sbuf_printf(b, ", pid=%d}", pid);
}

/* two struct __user_cap_data_struct {u32 effective, permitted,
 * inheritable;}: the low and high halves of each set */
void decode_cap_data(struct sbuf *b, const uint8_t *p, size_t len)
{
	static const char *const names[] = { "effective", "permitted", "inheritable" };
	uint32_t w[6];

	if (too_short(b, len, sizeof(w)))
		return;
	memcpy(w, p, sizeof(w));
	sbuf_putc(b, '{');
	for (int i = 0; i < 3; i++) {
		sbuf_printf(b, "%s%s=", i ? ", " : "", names[i]);
		put_caps(b, w[i] | (uint64_t)w[3 + i] << 32);
	}
	sbuf_putc(b, '}');
}

void decode_prio_which(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_prio_which, N(xlat_prio_which), "PRIO_???");
}

void decode_idtype(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_idtype, N(xlat_idtype), "P_???");
}

void decode_sched_policy(struct sbuf *b, uint64_t v)
{
	uint64_t rest = (uint32_t)v & 0x40000000;

	put_enum(b, (uint32_t)v & ~0x40000000u, xlat_sched_policy, N(xlat_sched_policy), "SCHED_???");
	if (rest)
		sbuf_puts(b, "|SCHED_RESET_ON_FORK");
}

void decode_signalfd_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_signalfd_flags, N(xlat_signalfd_flags));
}
