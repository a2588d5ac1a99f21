// SPDX-License-Identifier: GPL-2.0
/* --event tracepoint records as trace lines and JSON objects. */
#include <string.h>

#include "output.h"
#include "internal.h"
#include "../tracepoint/tracepoint.h"

/* A --event tracepoint: "sched:sched_process_exec(filename=..., pid=...)". */
void format_tracepoint(struct formatter *f, const struct ev_tp *e, size_t size)
{
	const struct tp_table *t = formatter_tracepoints(f);
	const struct tp_event *ev = t ? tp_find(t, e->id) : NULL;
	const uint8_t *data = (const uint8_t *)(e + 1);
	struct sbuf *b = formatter_buf(f);

	if (size < sizeof(*e) || e->len > size - sizeof(*e)) {
		formatter_count_malformed(f);
		return;
	}
	if (formatter_json(f)) {
		json_head(f, b, "tracepoint", &e->h);
		sbuf_puts(b, ",\"name\":");
		if (ev)
			json_string(b, ev->name, strlen(ev->name));
		else
			sbuf_printf(b, "\"tracepoint_%u\"", e->id);
		sbuf_puts(b, ",\"fields\":{");
		if (ev)
			tp_print_json(b, ev, data, e->len);
		sbuf_puts(b, "}}");
	} else {
		put_leader(f, b, &e->h);
		if (ev)
			tp_print(b, ev, data, e->len);
		else
			sbuf_printf(b, "tracepoint_%u(?)", e->id);
	}
	end_line(f, b);
}

