// SPDX-License-Identifier: GPL-2.0
/*
 * The rest of the system: mounts, splice, sync_file_range, getrandom,
 * uname and sysinfo.
 */
#include <stddef.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

void decode_grnd(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_grnd, N(xlat_grnd));
}

/* mount's flags: the old magic number in the high half first, if there */
/* MS_MGC_VAL, the old magic number in the high half, apart: and with -X
 * the two parts each as a number, as strace */
void decode_mount_flags(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	/* an unsigned long: bits above 32 are the caller's too, but for the
	 * old magic, whose discarding drops them (the kernel's and strace's
	 * ~0xffff0000 is an unsigned int's) */
	if ((v & 0xffff0000) == 0xc0ed0000) {
		sbuf_puts(b, "MS_MGC_VAL");
		xlat_finish(b, mark, 0xc0ed0000, XF_HEX);
		v &= 0xffff;
		if (!v)
			return;
		uint64_t rest = v;
		int first;

		sbuf_putc(b, '|');
		mark = b->len;
		first = put_flags(b, &rest, xlat_mount_flags, N(xlat_mount_flags), 1);
		put_rest(b, rest, first, "0");
		xlat_finish(b, mark, v, XF_HEX);
		return;
	}
	/* unknown bits alone: "0x200 /\* MS_??? *\/" */
	put_flagset_q64(b, v, xlat_mount_flags, N(xlat_mount_flags), "MS_???");
	xlat_finish(b, mark, v, XF_HEX);
}

/* swapon's flags, then the priority (its low 15 bits) in decimal */
void decode_swap_flags(struct sbuf *b, uint64_t v)
{
	uint64_t flags = (uint32_t)v & ~0x7fffull, rest = flags;
	size_t mark = b->len;
	int first = put_flags(b, &rest, xlat_swap_flags, N(xlat_swap_flags), 1);

	if (rest) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_hex(b, rest);
		first = 0;
	}
	if (!first)	/* -X: the flags as a number, the priority apart */
		xlat_finish(b, mark, flags, XF_HEX);
	sbuf_printf(b, "%s%u", first ? "" : "|", (unsigned)(v & 0x7fff));
}

FLAG_DECODER_Q(decode_umount_flags, xlat_umount_flags, "MNT_???");

/* syslog's action: the number, its name in a comment, as strace (in
 * every -X style) */
void decode_syslog_type(struct sbuf *b, uint64_t v)
{
	const char *name = NULL;

	for (size_t i = 0; i < N(xlat_syslog_actions); i++)
		if (xlat_syslog_actions[i].val == (uint32_t)v)
			name = xlat_syslog_actions[i].name;
	sbuf_printf(b, "%d /* %s */", (int32_t)v, name ? name : "SYSLOG_ACTION_???");
}

/* ...whose buffer and length are used: reads, the console level, unknown */
bool syslog_type_has_args(uint64_t v)
{
	return !((uint32_t)v <= 1 || ((uint32_t)v >= 5 && (uint32_t)v <= 7) ||
		 (uint32_t)v == 9 || (uint32_t)v == 10);
}
FLAG_DECODER_Q(decode_splice_flags, xlat_splice_flags, "SPLICE_F_???");
FLAG_DECODER_Q(decode_sync_file_range_flags, xlat_sfr_flags, "SYNC_FILE_RANGE_???");
static void put_field_str(struct sbuf *b, const char *name, const uint8_t *p, size_t max)
{
	sbuf_puts(b, name);
	sbuf_putc(b, '=');
	decode_string(b, (const char *)p, strnlen((const char *)p, max), false);
}

/* struct utsname: six 65-byte strings; strace shows two, then "..." */
void decode_utsname(struct sbuf *b, const uint8_t *p, size_t len, bool verbose)
{
	static const char *const names[] = { "sysname", "nodename", "release", "version",
					     "machine", "domainname" };

	sbuf_putc(b, '{');
	for (int i = 0; i < 6 && (size_t)(i + 1) * 65 <= len; i++) {
		if (i)
			sbuf_puts(b, ", ");
		if (i == 2 && !verbose) {
			sbuf_puts(b, "...");
			break;
		}
		put_field_str(b, names[i], p + i * 65, 65);
	}
	sbuf_putc(b, '}');
}

void decode_sysinfo(struct sbuf *b, const uint8_t *p, size_t len)
{
	(void)len;
	sbuf_printf(b, "{uptime=%lld, loads=[%llu, %llu, %llu], totalram=%llu, freeram=%llu, "
		    "sharedram=%llu, bufferram=%llu, totalswap=%llu, freeswap=%llu, procs=%u, "
		    "totalhigh=%llu, freehigh=%llu, mem_unit=%u}",
		    (long long)load_u64(p, 0), (unsigned long long)load_u64(p, 8),
		    (unsigned long long)load_u64(p, 16), (unsigned long long)load_u64(p, 24),
		    (unsigned long long)load_u64(p, 32), (unsigned long long)load_u64(p, 40),
		    (unsigned long long)load_u64(p, 48), (unsigned long long)load_u64(p, 56),
		    (unsigned long long)load_u64(p, 64), (unsigned long long)load_u64(p, 72),
		    (unsigned)(load_u32(p, 80) & 0xffff), (unsigned long long)load_u64(p, 88),
		    (unsigned long long)load_u64(p, 96), load_u32(p, 104));
}

/* kexec_load's flags: the architecture in the high half of the low 32
 * bits (KEXEC_ARCH_MASK), then the flags in the rest of the 64; -X raw
 * and verbose show the two parts apart, as strace */
void decode_kexec_flags(struct sbuf *b, uint64_t v)
{
	uint64_t arch = v & 0xffff0000u, rest = v & ~(uint64_t)0xffff0000u;
	size_t mark = b->len;

	put_enum(b, arch, xlat_kexec_arch, N(xlat_kexec_arch), "KEXEC_ARCH_???");
	xlat_finish(b, mark, arch, XF_HEX);
	if (rest) {
		sbuf_putc(b, '|');
		mark = b->len;
		put_flagset_q64(b, rest, xlat_kexec_flags, N(xlat_kexec_flags), "KEXEC_???");
		xlat_finish(b, mark, rest, XF_HEX);
	}
}

void decode_kexec_file_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_qx(b, v, xlat_kexec_file_flags, N(xlat_kexec_file_flags),
		       "KEXEC_FILE_???");
}

/* _sysctl's struct __sysctl_args: name, nlen, oldval, oldlenp, newval,
 * newlen (then four unused longs) */
void decode_sysctl_args(struct sbuf *b, const uint8_t *p, size_t len)
{
	if (too_short(b, len, 80))
		return;
	sbuf_puts(b, "{name=");
	put_ptr(b, load_u64(p, 0));
	sbuf_printf(b, ", nlen=%d, oldval=", (int32_t)load_u32(p, 8));
	put_ptr(b, load_u64(p, 16));
	sbuf_puts(b, ", oldlenp=");
	put_ptr(b, load_u64(p, 24));
	sbuf_puts(b, ", newval=");
	put_ptr(b, load_u64(p, 32));
	sbuf_printf(b, ", newlen=%llu}", (unsigned long long)load_u64(p, 40));
}

/* struct user_desc: entry_number (-1 as -1), base_addr, limit, then the
 * bit fields; `whole` false: entry_number alone and "..." (what strace
 * shows of get_thread_area's that failed) */
void decode_user_desc(struct sbuf *b, const uint8_t *p, bool whole)
{
	uint32_t n = load_u32(p, 0), bits;

	sbuf_puts(b, "{entry_number=");
	if (n == 0xffffffffu)
		sbuf_puts(b, "-1");
	else
		sbuf_u64(b, n);
	if (!whole) {
		sbuf_puts(b, ", ...}");
		return;
	}
	bits = load_u32(p, 12);
	sbuf_printf(b, ", base_addr=%#08x, limit=%#08x, seg_32bit=%u, contents=%u, "
		    "read_exec_only=%u, limit_in_pages=%u, seg_not_present=%u, useable=%u, lm=%u}",
		    load_u32(p, 4), load_u32(p, 8), bits & 1, (bits >> 1) & 3, (bits >> 3) & 1,
		    (bits >> 4) & 1, (bits >> 5) & 1, (bits >> 6) & 1, (bits >> 7) & 1);
}
