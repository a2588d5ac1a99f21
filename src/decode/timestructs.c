// SPDX-License-Identifier: GPL-2.0
/*
 * Timer and resource structs, and the flags of the calls that take them:
 * itimerspec, itimerval, sigevent, rusage (its two times, then "..."),
 * tms, CPU masks; timerfd, itimer, rusage, msync and mremap constants.
 * x86_64 layouts.
 */
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

static int64_t i64(const uint8_t *p, size_t off)
{
	int64_t v;

	memcpy(&v, p + off, 8);
	return v;
}

static void put_pair(struct sbuf *b, const uint8_t *p, const char *sub)
{
	sbuf_printf(b, "{tv_sec=%lld, %s=%lld}", (long long)i64(p, 0), sub, (long long)i64(p, 8));
}

/* {it_interval={tv_sec=0, tv_nsec=0}, it_value={tv_sec=5, tv_nsec=0}};
 * usec: itimerval's timevals */
void decode_itimer(struct sbuf *b, const uint8_t *p, size_t len, bool usec)
{
	const char *sub = usec ? "tv_usec" : "tv_nsec";

	if (too_short(b, len, 32))
		return;
	sbuf_puts(b, "{it_interval=");
	put_pair(b, p, sub);
	sbuf_puts(b, ", it_value=");
	put_pair(b, p + 16, sub);
	sbuf_putc(b, '}');
}

/* struct sigevent: sigev_value 0, sigev_signo 8, sigev_notify 12, then
 * the thread id (SIGEV_THREAD_ID) at 16 */
void decode_sigevent(struct sbuf *b, const uint8_t *p, size_t len)
{
	int32_t signo, how;

	if (too_short(b, len, 16))
		return;
	memcpy(&signo, p + 8, 4);
	memcpy(&how, p + 12, 4);
	sbuf_putc(b, '{');
	if (how != 1)
		sbuf_printf(b, "sigev_value={sival_int=%d, sival_ptr=%#llx}, ", (int32_t)i64(p, 0),
			    (unsigned long long)i64(p, 0));
	sbuf_puts(b, "sigev_signo=");
	if (signo)
		decode_signal(b, signo);
	else
		sbuf_putc(b, '0');
	sbuf_puts(b, ", sigev_notify=");
	put_enum(b, (uint32_t)how, xlat_sigevent_notify, N(xlat_sigevent_notify), "SIGEV_???");
	sbuf_putc(b, '}');
}

/* struct rusage: ru_utime, ru_stime (timevals), then 14 longs strace
 * abbreviates */
void decode_rusage(struct sbuf *b, const uint8_t *p, size_t len)
{
	if (too_short(b, len, 32))
		return;
	sbuf_puts(b, "{ru_utime=");
	put_pair(b, p, "tv_usec");
	sbuf_puts(b, ", ru_stime=");
	put_pair(b, p + 16, "tv_usec");
	sbuf_puts(b, ", ...}");
}

void decode_tms(struct sbuf *b, const uint8_t *p, size_t len)
{
	if (too_short(b, len, 32))
		return;
	sbuf_printf(b, "{tms_utime=%lld, tms_stime=%lld, tms_cutime=%lld, tms_cstime=%lld}",
		    (long long)i64(p, 0), (long long)i64(p, 8), (long long)i64(p, 16),
		    (long long)i64(p, 24));
}

/* "[0 1]": the CPUs set in a mask of len bytes */
void decode_cpumask(struct sbuf *b, const uint8_t *p, size_t len)
{
	bool first = true;

	sbuf_putc(b, '[');
	for (size_t i = 0; i < len * 8; i++)
		if (p[i / 8] & (1u << (i % 8))) {
			sbuf_printf(b, first ? "%zu" : " %zu", i);
			first = false;
		}
	sbuf_putc(b, ']');
}

void decode_tfd_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_tfd_flags, N(xlat_tfd_flags));
}

void decode_tfd_timer_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_tfd_timer_flags, N(xlat_tfd_timer_flags));
}

void decode_itimer_which(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_itimer_which, N(xlat_itimer_which), "ITIMER_???");
}

void decode_rusage_who(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_rusage_who, N(xlat_rusage_who), "RUSAGE_???");
}

void decode_msync_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_msync_flags, N(xlat_msync_flags));
}

void decode_mremap_flags(struct sbuf *b, uint64_t v)
{
	put_rest(b, v, put_flags(b, &v, xlat_mremap_flags, N(xlat_mremap_flags), 1), "0");
}
