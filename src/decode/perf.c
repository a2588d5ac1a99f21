// SPDX-License-Identifier: GPL-2.0
/*
 * perf_event_open: struct perf_event_attr and the call's flags, as strace
 * prints them.  The struct is printed up to the size it declares (0 means
 * the first version's 64 bytes): without -v the leading fields, the bit
 * flags that are set (precise_ip always) and "..."; with -v every field the
 * size covers, those that only matter for some types or sample kinds only
 * then, and "..." for bytes past the last version known.
 */
#include <linux/perf_event.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

#define ATTR_VER0 64
#define ATTR_KNOWN 128		/* PERF_ATTR_SIZE_VER7: up to sig_data */

/* the 1-bit flags of the word at offset 40, in bit order; precise_ip (two
 * bits, 15-16) is printed in its place, and bits 38-63 are reserved */
static const char *const attr_bits[] = {
	"disabled", "inherit", "pinned", "exclusive", "exclude_user", "exclude_kernel",
	"exclude_hv", "exclude_idle", "mmap", "comm", "freq", "inherit_stat",
	"enable_on_exec", "task", "watermark", NULL, NULL, "mmap_data", "sample_id_all",
	"exclude_host", "exclude_guest", "exclude_callchain_kernel",
	"exclude_callchain_user", "mmap2", "comm_exec", "use_clockid", "context_switch",
	"write_backward", "namespaces", "ksymbol", "bpf_event", "aux_output", "cgroup",
	"text_poke", "build_id", "inherit_thread", "remove_on_exec", "sigtrap",
};

static const char *const skid[] = {
	"arbitrary skid", "constant skid", "requested to have 0 skid", "must have 0 skid",
};

/* "PERF_COUNT_HW_CACHE_RESULT_MISS<<16|PERF_COUNT_HW_CACHE_OP_READ<<8|
 * PERF_COUNT_HW_CACHE_L1D", after the bits above them: "0x3<<32|0x5<<24|" */
static void put_cache_config(struct sbuf *b, uint64_t c)
{
	if (c >> 32)
		sbuf_printf(b, "%#llx<<32|", (unsigned long long)(c >> 32));
	if ((c >> 24) & 0xff)
		sbuf_printf(b, "%#x<<24|", (unsigned)((c >> 24) & 0xff));
	put_enum_x(b, (c >> 16) & 0xff, xlat_perf_hw_cache_result, N(xlat_perf_hw_cache_result),
		   "PERF_COUNT_HW_CACHE_RESULT_???");
	sbuf_puts(b, "<<16|");
	put_enum_x(b, (c >> 8) & 0xff, xlat_perf_hw_cache_op, N(xlat_perf_hw_cache_op),
		   "PERF_COUNT_HW_CACHE_OP_???");
	sbuf_puts(b, "<<8|");
	put_enum_x(b, c & 0xff, xlat_perf_hw_cache_id, N(xlat_perf_hw_cache_id),
		   "PERF_COUNT_HW_CACHE_???");
}

static void put_config(struct sbuf *b, uint32_t type, uint64_t c)
{
	switch (type) {
	case PERF_TYPE_HARDWARE:
		/* the PMU of a hybrid CPU in the upper half */
		if (c >> 32)
			sbuf_printf(b, "%#llx<<32|", (unsigned long long)(c >> 32));
		put_enum_x(b, (uint32_t)c, xlat_perf_hw_id, N(xlat_perf_hw_id),
			   "PERF_COUNT_HW_???");
		break;
	case PERF_TYPE_SOFTWARE:
		put_enum_x(b, c, xlat_perf_sw_id, N(xlat_perf_sw_id), "PERF_COUNT_SW_???");
		break;
	case PERF_TYPE_HW_CACHE:
		put_cache_config(b, c);
		break;
	case PERF_TYPE_TRACEPOINT:	/* the event's id, as tracefs numbers it */
		sbuf_u64(b, c);
		break;
	default:
		put_hex0(b, c);
	}
}

static void put_bp_type(struct sbuf *b, uint32_t t)
{
	size_t mark = b->len;

	/* R, W and X combined beyond RW: the kernel's HW_BREAKPOINT_INVALID */
	if (t >= 5 && t <= 7)
		sbuf_printf(b, "%#x /* HW_BREAKPOINT_INVALID */", t);
	else
		put_enum(b, t, xlat_hw_breakpoint_type, N(xlat_hw_breakpoint_type),
			 "HW_BREAKPOINT_???");
	xlat_finish(b, mark, t, XF_HEX);
}

/* The flag word: each bit by name; without -v only those set. */
static void put_attr_bits(struct sbuf *b, uint64_t f, bool all)
{
	for (unsigned i = 0; i < N(attr_bits); i++) {
		if (i == 15) {
			unsigned ip = (f >> 15) & 3;

			sbuf_printf(b, ", precise_ip=%u /* %s */", ip, skid[ip]);
			continue;
		}
		if (!attr_bits[i] || (!all && !((f >> i) & 1)))
			continue;
		sbuf_printf(b, ", %s=%u", attr_bits[i], (unsigned)((f >> i) & 1));
	}
	if (f >> 38)
		sbuf_printf(b, ", __reserved_1=%#llx /* Bits 63..38 */",
			    (unsigned long long)(f >> 38));
}

/* -v: the fields after the flag word that `size` covers */
static void put_attr_tail(struct sbuf *b, const uint8_t *p, size_t size, uint32_t type,
			  uint64_t st, uint64_t f)
{
	sbuf_printf(b, ", %s=%u", (f >> 14) & 1 ? "wakeup_watermark" : "wakeup_events",
		    load_u32(p, 48));
	if (type == PERF_TYPE_BREAKPOINT) {
		sbuf_puts(b, ", bp_type=");
		put_bp_type(b, load_u32(p, 52));
		sbuf_puts(b, ", bp_addr=");
		put_hex0(b, load_u64(p, 56));
		if (size >= 72)
			sbuf_printf(b, ", bp_len=%llu", (unsigned long long)load_u64(p, 64));
	} else {
		sbuf_puts(b, ", config1=");
		put_hex0(b, load_u64(p, 56));
		if (size >= 72) {
			sbuf_puts(b, ", config2=");
			put_hex0(b, load_u64(p, 64));
		}
	}
	if (size >= 80 && (st & PERF_SAMPLE_BRANCH_STACK)) {
		sbuf_puts(b, ", branch_sample_type=");
		put_flagset_qx(b, load_u64(p, 72), xlat_perf_branch_sample_type,
			    N(xlat_perf_branch_sample_type), "PERF_SAMPLE_BRANCH_???");
	}
	if (size >= 96) {
		sbuf_puts(b, ", sample_regs_user=");
		put_hex0(b, load_u64(p, 80));
		if (st & PERF_SAMPLE_STACK_USER) {
			sbuf_puts(b, ", sample_stack_user=");
			put_hex0(b, load_u32(p, 88));
		}
		if ((f >> 25) & 1) {	/* use_clockid */
			size_t mark;

			sbuf_puts(b, ", clockid=");
			mark = b->len;
			decode_clockid(b, load_u32(p, 92));
			xlat_finish(b, mark, load_u32(p, 92), XF_HEX);
		}
	}
	if (size >= 104) {
		sbuf_puts(b, ", sample_regs_intr=");
		put_hex0(b, load_u64(p, 96));
	}
	if (size >= 112) {
		uint16_t max_stack;

		memcpy(&max_stack, p + 108, sizeof(max_stack));
		sbuf_printf(b, ", aux_watermark=%u, sample_max_stack=%u", load_u32(p, 104),
			    max_stack);
	}
	if (size >= 120)
		sbuf_printf(b, ", aux_sample_size=%u", load_u32(p, 112));
	if (size >= 128) {
		sbuf_puts(b, ", sig_data=");
		put_hex0(b, load_u64(p, 120));
	}
	if (size > ATTR_KNOWN)
		sbuf_puts(b, ", ...");
}

void decode_perf_attr(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint32_t type, size;
	uint64_t f, st;
	size_t mark, have;

	if (too_short(b, len, ATTR_VER0))
		return;
	type = load_u32(p, 0);
	size = load_u32(p, 4);
	f = load_u64(p, 40);
	st = load_u64(p, 24);
	sbuf_puts(b, "{type=");
	put_enum_x(b, type, xlat_perf_type, N(xlat_perf_type), "PERF_TYPE_???");
	sbuf_puts(b, ", size=");
	mark = b->len;
	if (size)
		put_enum(b, size, xlat_perf_attr_size, N(xlat_perf_attr_size),
			 "PERF_ATTR_SIZE_???");
	else
		sbuf_puts(b, "0 /* PERF_ATTR_SIZE_??? */");
	xlat_finish(b, mark, size, XF_HEX);
	sbuf_puts(b, ", config=");
	put_config(b, type, load_u64(p, 8));
	sbuf_printf(b, ", %s=%llu", (f >> 10) & 1 ? "sample_freq" : "sample_period",
		    (unsigned long long)load_u64(p, 16));
	sbuf_puts(b, ", sample_type=");
	put_flagset_qx(b, st, xlat_perf_sample_type, N(xlat_perf_sample_type), "PERF_SAMPLE_???");
	sbuf_puts(b, ", read_format=");
	put_flagset_qx(b, load_u64(p, 32), xlat_perf_read_format, N(xlat_perf_read_format),
		    "PERF_FORMAT_???");
	put_attr_bits(b, f, decode_verbose());
	if (!decode_verbose()) {
		sbuf_puts(b, ", ...}");
		return;
	}
	/* the kernel takes 0 for the first version; the capture (136 bytes)
	 * covers every version known */
	have = size ? size : ATTR_VER0;
	put_attr_tail(b, p, have < len ? have : len, type, st, f);
	sbuf_putc(b, '}');
}

/* an unsigned long: all 64 bits, as the kernel checks them */
void decode_perf_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q64(b, v, xlat_perf_event_open_flags, N(xlat_perf_event_open_flags),
		      "PERF_FLAG_???");
}
