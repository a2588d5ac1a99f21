// SPDX-License-Identifier: GPL-2.0
/* The counter subsystem's requests (linux/counter.h): COUNTER_ADD_WATCH_IOCTL's
 * struct counter_watch. */
#include <linux/ioctl.h>
#include <linux/counter.h>

#include "flagtab.h"
#include "xlat_tables.h"

bool ioctl_counter_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;

	if (c->req != COUNTER_ADD_WATCH_IOCTL)
		return false;
	/* u8 type, scope; u8 parent, id; u8 event, channel */
	if (!(p = ioc_in(b, c, 6)))
		return true;
	sbuf_puts(b, "{component={type=");
	put_enum_x(b, p[0], xlat_counter_component_type, N(xlat_counter_component_type),
		   "COUNTER_COMPONENT_???");
	sbuf_puts(b, ", scope=");
	put_enum_x(b, p[1], xlat_counter_scope, N(xlat_counter_scope), "COUNTER_SCOPE_???");
	sbuf_printf(b, ", parent=%u, id=%u}, event=", p[2], p[3]);
	put_enum_x(b, p[4], xlat_counter_event_type, N(xlat_counter_event_type),
		   "COUNTER_EVENT_???");
	sbuf_printf(b, ", channel=%u}", p[5]);
	return true;
}
