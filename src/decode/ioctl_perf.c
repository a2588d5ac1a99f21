// SPDX-License-Identifier: GPL-2.0
/* perf events' requests (linux/perf_event.h): flags, numbers and fds by
 * value, the period and id, the filter string, PERF_EVENT_IOC_QUERY_BPF's
 * program ids, PERF_EVENT_IOC_MODIFY_ATTRIBUTES's struct perf_event_attr. */
#include <linux/ioctl.h>
#include <linux/perf_event.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../../bpf/event.h"

/* ids_len, then after success prog_cnt and as many ids as both allow:
 * strace's array, cut at -s's count or where memory ends ("... /\* addr *\/") */
static void put_query_bpf(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = ioc_in(b, c, 4);
	uint32_t n, have, k;

	if (!p)
		return;
	sbuf_printf(b, "{ids_len=%u", load_u32(p, 0));
	if (c->ret < 0 || c->len < 8) {
		sbuf_puts(b, ", ...}");
		return;
	}
	n = load_u32(p, 4) < load_u32(p, 0) ? load_u32(p, 4) : load_u32(p, 0);
	have = (uint32_t)((c->len - 8) / 4);
	sbuf_printf(b, ", prog_cnt=%u, ids=", load_u32(p, 4));
	if (n && !have) {
		sbuf_hex(b, c->addr + 8);
		sbuf_putc(b, '}');
		return;
	}
	sbuf_putc(b, '[');
	for (k = 0; k < n && k < have && k < 32; k++)
		sbuf_printf(b, k ? ", %u" : "%u", load_u32(p, 8 + 4 * k));
	if (k < n && k == have) {
		sbuf_puts(b, ", ... /* ");
		sbuf_hex(b, c->addr + 8 + 4 * (uint64_t)k);
		sbuf_puts(b, " */");
	} else if (k < n) {
		sbuf_puts(b, ", ...");
	}
	sbuf_puts(b, "]}");
}

/* the filter: a string, to -s's limit (and the 511 bytes captured); the
 * address when no NUL comes before the memory ends */
static void put_filter(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p = ioc_in(b, c, 1);
	size_t n, max = c->f ? (size_t)formatter_strsize(c->f) : 32;

	if (!p)
		return;
	if (max >= STRUCT_CAP_MAX)
		max = STRUCT_CAP_MAX - 2;
	n = strnlen((const char *)p, c->len);
	if (n == c->len && n <= max) {
		sbuf_hex(b, c->addr);
		return;
	}
	decode_string(b, (const char *)p, n > max ? max : n, n > max);
}

bool ioctl_perf_arg(struct sbuf *b, const struct ioctl_call *c)
{
	const uint8_t *p;
	size_t mark = b->len;

	switch (c->req) {
	case PERF_EVENT_IOC_ENABLE: case PERF_EVENT_IOC_DISABLE: case PERF_EVENT_IOC_RESET:
		put_flagset_q(b, (uint32_t)c->addr, xlat_perf_ioc_flags, N(xlat_perf_ioc_flags),
			      "PERF_IOC_FLAG_???");
		xlat_finish(b, mark, (uint32_t)c->addr, XF_HEX);
		return true;
	case PERF_EVENT_IOC_REFRESH: case PERF_EVENT_IOC_SET_OUTPUT: case PERF_EVENT_IOC_SET_BPF:
		sbuf_printf(b, "%d", (int)c->addr);
		return true;
	case PERF_EVENT_IOC_PAUSE_OUTPUT:
		sbuf_u64(b, c->addr);
		return true;
	case PERF_EVENT_IOC_PERIOD:
		p = ioc_in(b, c, 8);
		break;
	case PERF_EVENT_IOC_ID:
		p = ioc_out(b, c, 8);
		break;
	case PERF_EVENT_IOC_SET_FILTER:
		put_filter(b, c);
		return true;
	case PERF_EVENT_IOC_QUERY_BPF:
		put_query_bpf(b, c);
		return true;
	case PERF_EVENT_IOC_MODIFY_ATTRIBUTES:
		if ((p = ioc_in(b, c, 64)))
			decode_perf_attr(b, p, c->len);
		return true;
	default:
		return false;
	}
	if (p) {
		uint64_t v;

		memcpy(&v, p, 8);
		sbuf_printf(b, "[%llu]", (unsigned long long)v);
	}
	return true;
}
