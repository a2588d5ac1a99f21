// SPDX-License-Identifier: GPL-2.0
/*
 * Clocks and timers: clock ids, timer flags, timespecs and timevals,
 * itimers, sigevents, timerfd flags.
 */
#include <arpa/inet.h>
#include <stddef.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"

/* A clock id; the dynamic ones (a process's or thread's CPU clock, an fd's:
 * negative) unnamed, in hex, as strace 6.1 prints them */
void decode_clockid(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_clockid, N(xlat_clockid), "CLOCK_???");
}

void decode_timer_flags(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_timer_flags, N(xlat_timer_flags));
}

void decode_timespec(struct sbuf *b, const uint8_t *p, size_t len)
{
	(void)len;
	sbuf_puts(b, "{tv_sec=");
	sbuf_s64(b, (int64_t)load_u64(p, 0));
	/* strace: the seconds signed, the fraction unsigned (a negative
	 * one, which the kernel refuses, as a large number) */
	sbuf_puts(b, ", tv_nsec=");
	sbuf_u64(b, load_u64(p, 8));
	sbuf_putc(b, '}');
}

int64_t i64(const uint8_t *p, size_t off)
{
	int64_t v;

	memcpy(&v, p + off, 8);
	return v;
}

void put_pair(struct sbuf *b, const uint8_t *p, const char *sub)
{
	sbuf_printf(b, "{tv_sec=%lld, %s=%llu}", (long long)i64(p, 0), sub,
		    (unsigned long long)i64(p, 8));
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
 * the thread id (SIGEV_THREAD_ID) at 16, or SIGEV_THREAD's function and
 * attributes at 16 and 24 */
void decode_sigevent(struct sbuf *b, const uint8_t *p, size_t len)
{
	int32_t signo, how;
	uint64_t fn, attr;

	if (too_short(b, len, 16))
		return;
	memcpy(&signo, p + 8, 4);
	memcpy(&how, p + 12, 4);
	sbuf_putc(b, '{');
	if (i64(p, 0))	/* as strace: only a value that is not 0 */
		sbuf_printf(b, "sigev_value={sival_int=%d, sival_ptr=%#llx}, ", (int32_t)i64(p, 0),
			    (unsigned long long)i64(p, 0));
	/* a signal for the ways of notifying that send one (SIGEV_SIGNAL,
	 * SIGEV_THREAD, SIGEV_THREAD_ID), else an unsigned number, as strace */
	sbuf_puts(b, "sigev_signo=");
	if (how != 0 && how != 2 && how != 4)
		sbuf_u64(b, (uint32_t)signo);
	else if (signo)
		decode_signal(b, signo);
	else
		sbuf_putc(b, '0');
	sbuf_puts(b, ", sigev_notify=");
	put_enum(b, (uint32_t)how, xlat_sigevent_notify, N(xlat_sigevent_notify), "SIGEV_???");
	if (how == 2 && len >= 32) {
		fn = load_u64(p, 16);
		attr = load_u64(p, 24);
		sbuf_puts(b, ", sigev_notify_function=");
		if (fn)
			sbuf_hex(b, fn);
		else
			sbuf_puts(b, "NULL");
		sbuf_puts(b, ", sigev_notify_attributes=");
		if (attr)
			sbuf_hex(b, attr);
		else
			sbuf_puts(b, "NULL");
	} else if (how == 4 && len >= 20) {
		sbuf_printf(b, ", sigev_notify_thread_id=%d", (int32_t)load_u32(p, 16));
	}
	sbuf_putc(b, '}');
}

void decode_tfd_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_timerfd_flags, N(xlat_timerfd_flags), "TFD_???");
}

void decode_tfd_timer_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_timerfd_flags, N(xlat_timerfd_flags), "TFD_???");
}

void decode_itimer_which(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_itimer_which, N(xlat_itimer_which), "ITIMER_???");
}

void decode_timeval(struct sbuf *b, const uint8_t *p, size_t len)
{
	int64_t v[2];

	if (too_short(b, len, 16))
		return;
	memcpy(v, p, 16);
	sbuf_printf(b, "{tv_sec=%lld, tv_usec=%llu}", (long long)v[0], (unsigned long long)v[1]);
}

/* struct timex as adjtimex and clock_adjtime leave it (strace shows it
 * when the call succeeds): every field, modes and status by name */
void decode_timex(struct sbuf *b, const uint8_t *p, size_t len)
{
	static const struct { const char *name; size_t off; } longs[] = {
		{ "constant", 48 }, { "precision", 56 }, { "tolerance", 64 },
	}, tail[] = {
		{ "tick", 88 }, { "ppsfreq", 96 }, { "jitter", 104 }, { "shift", 112 },
		{ "stabil", 120 }, { "jitcnt", 128 }, { "calcnt", 136 }, { "errcnt", 144 },
		{ "stbcnt", 152 }, { "tai", 160 },
	};
	uint32_t modes, status;
	size_t mark;

	if (too_short(b, len, 164))
		return;
	memcpy(&modes, p, 4);
	memcpy(&status, p + 40, 4);
	sbuf_puts(b, "{modes=");
	mark = b->len;
	put_flagset_q(b, modes, xlat_adjtimex_modes, N(xlat_adjtimex_modes), "ADJ_???");
	xlat_finish(b, mark, modes, XF_HEX);
	sbuf_printf(b, ", offset=%lld, freq=%lld, maxerror=%lld, esterror=%lld, status=",
		    (long long)i64(p, 8), (long long)i64(p, 16), (long long)i64(p, 24),
		    (long long)i64(p, 32));
	mark = b->len;
	put_flagset_q(b, status, xlat_adjtimex_status, N(xlat_adjtimex_status), "STA_???");
	xlat_finish(b, mark, status, XF_HEX);
	for (size_t i = 0; i < N(longs); i++)
		sbuf_printf(b, ", %s=%lld", longs[i].name, (long long)i64(p, longs[i].off));
	sbuf_puts(b, ", time=");
	put_pair(b, p + 72, "tv_usec");
	for (size_t i = 0; i < N(tail); i++) {
		/* shift and tai are ints */
		int64_t v = tail[i].off == 112 || tail[i].off == 160 ? (int32_t)i64(p, tail[i].off) :
			    i64(p, tail[i].off);

		sbuf_printf(b, ", %s=%lld", tail[i].name, (long long)v);
	}
	sbuf_putc(b, '}');
}

/* the clock's state adjtimex returns: "5 (TIME_ERROR)" */
void decode_timex_state(struct sbuf *b, int64_t ret)
{
	sbuf_printf(b, "%lld (", (long long)ret);
	put_enum(b, (uint64_t)ret, xlat_adjtimex_state, N(xlat_adjtimex_state), NULL);
	sbuf_putc(b, ')');
}
