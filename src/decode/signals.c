// SPDX-License-Identifier: GPL-2.0
/* Signal names, siginfo and exit statuses. */
#include <signal.h>
#include <string.h>

#include "decode.h"

void decode_signal(struct sbuf *b, int sig)
{
	const char *abbrev;

	/* glibc reserves the first two real-time signals, so names it gives
	 * them are off by two from the kernel's view; count from 32 instead. */
	if (sig == 32) {
		sbuf_puts(b, "SIGRTMIN");
		return;
	}
	if (sig > 32 && sig <= 64) {
		sbuf_puts(b, "SIGRT_");
		sbuf_u64(b, sig - 32);
		return;
	}
	abbrev = sig > 0 && sig < 32 ? sigabbrev_np(sig) : NULL;
	/* glibc calls 29 POLL, strace (and the kernel's signal.h first) IO;
	 * 6 is ABRT for both, 7 BUS */
	if (sig == SIGIO)
		abbrev = "IO";
	if (!abbrev) {
		sbuf_s64(b, sig);
		return;
	}
	sbuf_puts(b, "SIG");
	sbuf_puts(b, abbrev);
}

static int32_t i32_at(const uint8_t *p, int off)
{
	return (int32_t)load_u32(p, off);
}

static int64_t i64_at(const uint8_t *p, int off)
{
	return (int64_t)load_u64(p, off);
}

static const char *code_name(int sig, int code)
{
	static const char *const cld[] = { NULL, "CLD_EXITED", "CLD_KILLED",
		"CLD_DUMPED", "CLD_TRAPPED", "CLD_STOPPED", "CLD_CONTINUED" };
	static const char *const segv[] = { NULL, "SEGV_MAPERR", "SEGV_ACCERR",
		"SEGV_BNDERR", "SEGV_PKUERR", "SEGV_ACCADI", "SEGV_ADIDERR",
		"SEGV_ADIPERR", "SEGV_MTEAERR", "SEGV_MTESERR", "SEGV_CPERR" };
	static const char *const bus[] = { NULL, "BUS_ADRALN", "BUS_ADRERR",
		"BUS_OBJERR", "BUS_MCEERR_AR", "BUS_MCEERR_AO" };
	static const char *const ill[] = { NULL, "ILL_ILLOPC", "ILL_ILLOPN",
		"ILL_ILLADR", "ILL_ILLTRP", "ILL_PRVOPC", "ILL_PRVREG",
		"ILL_COPROC", "ILL_BADSTK", "ILL_BADIADDR" };
	static const char *const fpe[] = { NULL, "FPE_INTDIV", "FPE_INTOVF",
		"FPE_FLTDIV", "FPE_FLTOVF", "FPE_FLTUND", "FPE_FLTRES",
		"FPE_FLTINV", "FPE_FLTSUB", "FPE_FLTUNK", "FPE_CONDTRAP" };
	static const char *const trap[] = { NULL, "TRAP_BRKPT", "TRAP_TRACE",
		"TRAP_BRANCH", "TRAP_HWBKPT", "TRAP_UNK", "TRAP_PERF" };
	static const char *const poll[] = { NULL, "POLL_IN", "POLL_OUT",
		"POLL_MSG", "POLL_ERR", "POLL_PRI", "POLL_HUP" };
#define PICK(tab) (code < (int)(sizeof(tab) / sizeof(tab[0])) ? tab[code] : NULL)

	switch (code) {
	case 0: return "SI_USER";
	case 0x80: return "SI_KERNEL";
	case -1: return "SI_QUEUE";
	case -2: return "SI_TIMER";
	case -3: return "SI_MESGQ";
	case -4: return "SI_ASYNCIO";
	case -5: return "SI_SIGIO";
	case -6: return "SI_TKILL";
	case -7: return "SI_DETHREAD";
	case -60: return "SI_ASYNCNL";
	}
	if (code < 0)
		return NULL;
	switch (sig) {
	case SIGCHLD: return PICK(cld);
	case SIGSEGV: return PICK(segv);
	case SIGBUS: return PICK(bus);
	case SIGILL: return PICK(ill);
	case SIGFPE: return PICK(fpe);
	case SIGTRAP: return PICK(trap);
	case SIGPOLL: return PICK(poll);
	case SIGSYS: return code == 1 ? "SYS_SECCOMP" : NULL;
	}
	return NULL;
#undef PICK
}

static void put_ptr(struct sbuf *b, uint64_t p)
{
	if (p)
		sbuf_hex(b, p);
	else
		sbuf_puts(b, "NULL");
}

/* x86_64 siginfo: signo 0, errno 4, code 8, then the union at 16. */
void decode_siginfo(struct sbuf *b, int sig, const uint8_t *info)
{
	int signo = i32_at(info, 0), code = i32_at(info, 8);
	const char *cname;

	if (!signo)
		signo = sig;
	size_t mark;

	sbuf_puts(b, "{si_signo=");
	mark = b->len;
	decode_signal(b, signo);
	xlat_finish(b, mark, signo, XF_DEC);
	sbuf_puts(b, ", si_code=");
	cname = code_name(signo, code);
	mark = b->len;
	if (cname) {
		sbuf_puts(b, cname);
		xlat_finish(b, mark, (uint32_t)code, XF_HEX);
	} else {
		sbuf_s64(b, code);
	}
	if (i32_at(info, 4)) {
		sbuf_puts(b, ", si_errno=");
		sbuf_s64(b, i32_at(info, 4));
	}
	if (code == 0x80) {
		/* kernel-generated: nothing more is meaningful */
	} else if (code == -2) {
		sbuf_printf(b, ", si_timerid=%#x, si_overrun=%d, si_int=%d, si_ptr=",
			    (unsigned)i32_at(info, 16), i32_at(info, 20), i32_at(info, 24));
		put_ptr(b, i64_at(info, 24));
	} else if (code <= 0) {
		sbuf_printf(b, ", si_pid=%d, si_uid=%u", i32_at(info, 16),
			    (unsigned)i32_at(info, 20));
		/* the value sent with it, when there is one (strace too) */
		if ((code == -1 || code == -3) && i64_at(info, 24)) {
			sbuf_printf(b, ", si_int=%d, si_ptr=", i32_at(info, 24));
			put_ptr(b, i64_at(info, 24));
		}
	} else if (signo == SIGCHLD) {
		int status = i32_at(info, 24);

		sbuf_printf(b, ", si_pid=%d, si_uid=%u, si_status=", i32_at(info, 16),
			    (unsigned)i32_at(info, 20));
		if (code == 1)	/* CLD_EXITED */
			sbuf_s64(b, status);
		else
			decode_signal(b, status);
		sbuf_printf(b, ", si_utime=%lld, si_stime=%lld",
			    (long long)i64_at(info, 32), (long long)i64_at(info, 40));
	} else if (signo == SIGSEGV || signo == SIGBUS || signo == SIGILL ||
		   signo == SIGFPE || signo == SIGTRAP) {
		sbuf_puts(b, ", si_addr=");
		put_ptr(b, i64_at(info, 16));
	} else if (signo == SIGPOLL) {
		sbuf_printf(b, ", si_band=%lld, si_fd=%d", (long long)i64_at(info, 16),
			    i32_at(info, 24));
	} else if (signo == SIGSYS) {
		sbuf_puts(b, ", si_call_addr=");
		put_ptr(b, i64_at(info, 16));
		sbuf_printf(b, ", si_syscall=%d, si_arch=AUDIT_ARCH_X86_64", i32_at(info, 24));
	}
	sbuf_putc(b, '}');
}

void decode_exit_status(struct sbuf *b, int status)
{
	if ((status & 0x7f) == 0) {
		sbuf_puts(b, "+++ exited with ");
		sbuf_u64(b, (status >> 8) & 0xff);
		sbuf_puts(b, " +++");
		return;
	}
	sbuf_puts(b, "+++ killed by ");
	decode_signal(b, status & 0x7f);
	if (status & 0x80)
		sbuf_puts(b, " (core dumped)");
	sbuf_puts(b, " +++");
}
