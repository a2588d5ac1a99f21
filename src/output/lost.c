// SPDX-License-Identifier: GPL-2.0
/*
 * Lost events: "strobe: N events lost here" where the kernel said so, and
 * the ones no record reported, at the end.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"
#include "../tracepoint/tracepoint.h"

#include "formatter.h"

uint64_t formatter_lost(const struct formatter *f)
{
	return f->lost;
}

void put_lost(struct formatter *f, uint64_t n)
{
	struct sbuf *b = &f->w->buf;

	f->lost += n;
	if (f->o.json) {
		sbuf_printf(b, "{\"type\":\"lost\",\"count\":%llu}\n", (unsigned long long)n);
		return;
	}
	sbuf_puts(b, "strobe: ");
	sbuf_u64(b, n);
	sbuf_puts(b, " events lost here (ring buffer full; raise -m)\n");
}

void formatter_lost_tail(struct formatter *f, uint64_t total)
{
	if (total > f->lost)
		put_lost(f, total - f->lost);
}
