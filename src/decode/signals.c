// SPDX-License-Identifier: GPL-2.0
/* Signal names, siginfo and exit statuses. */
#include <arpa/inet.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../syscalls/syscalls.h"

void decode_sigmask_how(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_sigmask_how, N(xlat_sigmask_how), "SIG_???");
}

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

void decode_signalfd_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q(b, v, xlat_signalfd_flags, N(xlat_signalfd_flags), "SFD_???");
}

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

/* A signal argument where 0 means none ("0"); with -X raw or verbose its
 * number first, as strace */
void decode_signal_x(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	if ((int32_t)v)
		decode_signal(b, (int32_t)v);
	else
		sbuf_putc(b, '0');
	xlat_finish(b, mark, (uint32_t)v, XF_DEC);
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
		"SEGV_ADIPERR", "SEGV_MTEAERR", "SEGV_MTESERR" };	/* strace 6.1's: no SEGV_CPERR */
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

/* -Y, --decode-pids=pidns: whose si_pid a siginfo being decoded holds
 * (the struct decoders take no formatter); NULL: none */
static struct formatter *pid_f;
static uint32_t pid_tid;

void decode_siginfo_pids(struct formatter *f, uint32_t tid)
{
	pid_f = f;
	pid_tid = tid;
}

static void put_si_pid(struct sbuf *b, const uint8_t *info, bool decorate)
{
	sbuf_printf(b, ", si_pid=%d", i32_at(info, 16));
	if (decorate && pid_f && i32_at(info, 16) > 0)
		formatter_put_pid(pid_f, b, pid_tid, i32_at(info, 16));
	/* a uid as strace prints one: the "no uid" -1 as -1 */
	if (i32_at(info, 20) == -1)
		sbuf_puts(b, ", si_uid=-1");
	else
		sbuf_printf(b, ", si_uid=%u", (unsigned)i32_at(info, 20));
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
		sbuf_hex(b, (uint32_t)code);	/* strace: an unknown code in hex */
	}
	if (i32_at(info, 4)) {
		/* strace: by name when it has one */
		const char *en = errno_name(i32_at(info, 4));

		sbuf_puts(b, ", si_errno=");
		mark = b->len;
		if (en) {
			sbuf_puts(b, en);
			xlat_finish(b, mark, (uint32_t)i32_at(info, 4), XF_DEC);
		} else {	/* unsigned, as strace */
			sbuf_printf(b, "%u", (unsigned)i32_at(info, 4));
		}
	}
	if (code == 0x80) {
		/* kernel-generated: nothing more is meaningful */
	} else if (code == -2) {
		sbuf_printf(b, ", si_timerid=%#x, si_overrun=%d, si_int=%d, si_ptr=",
			    (unsigned)i32_at(info, 16), i32_at(info, 20), i32_at(info, 24));
		put_ptr(b, i64_at(info, 24));
	} else if (code == -5) {	/* SI_SIGIO: the band and fd, as SIGPOLL's */
		sbuf_printf(b, ", si_band=%lld, si_fd=%d", (long long)i64_at(info, 16),
			    i32_at(info, 24));
	} else if (code <= 0) {
		put_si_pid(b, info, true);
		/* the value sent with it, when there is one (strace too) */
		if ((code == -1 || code == -3) && i64_at(info, 24)) {
			sbuf_printf(b, ", si_int=%d, si_ptr=", i32_at(info, 24));
			put_ptr(b, i64_at(info, 24));
		}
	} else if (signo == SIGCHLD) {
		int status = i32_at(info, 24);

		/* strace 6.1 decorates a child's pid with its name, which
		 * /proc no longer has for one that exited and was reaped: only
		 * a stopped, trapped or continued child's */
		put_si_pid(b, info, code >= 4 && code <= 6);
		sbuf_puts(b, ", si_status=");
		if (code == 1) {	/* CLD_EXITED */
			sbuf_s64(b, status);
		} else {
			size_t at = b->len;

			decode_signal(b, status);
			xlat_finish(b, at, (uint32_t)status, XF_DEC);	/* -X raw: 15 */
		}
		sbuf_puts(b, ", si_utime=");
		put_clock_t_u(b, (uint64_t)i64_at(info, 32));
		sbuf_puts(b, ", si_stime=");
		put_clock_t_u(b, (uint64_t)i64_at(info, 40));
	} else if (signo == SIGSEGV || signo == SIGBUS || signo == SIGILL ||
		   signo == SIGFPE || signo == SIGTRAP) {
		sbuf_puts(b, ", si_addr=");
		put_ptr(b, i64_at(info, 16));
		/* what follows si_addr for some codes: BUS_MCEERR_AR/AO's
		 * si_addr_lsb (a short), SEGV_BNDERR's bounds, SEGV_PKUERR's key
		 * (after 8 bytes of padding) */
		if (signo == SIGBUS && (code == 4 || code == 5)) {
			sbuf_printf(b, ", si_addr_lsb=%#x", (uint16_t)i32_at(info, 24));
		} else if (signo == SIGSEGV && code == 3) {
			sbuf_puts(b, ", si_lower=");
			put_ptr(b, i64_at(info, 32));
			sbuf_puts(b, ", si_upper=");
			put_ptr(b, i64_at(info, 40));
		} else if (signo == SIGSEGV && code == 4) {
			sbuf_printf(b, ", si_pkey=%u", (uint32_t)i32_at(info, 32));
		}
	} else if (signo == SIGPOLL) {
		sbuf_printf(b, ", si_band=%lld, si_fd=%d", (long long)i64_at(info, 16),
			    i32_at(info, 24));
	} else if (signo == SIGSYS) {
		sbuf_puts(b, ", si_call_addr=");
		put_ptr(b, i64_at(info, 16));
		uint32_t nr = (uint32_t)i32_at(info, 24), arch = (uint32_t)i32_at(info, 28);
		const struct syscall_desc *sd = arch == 0xc000003e ? syscall_get(nr) : NULL;
		size_t at;

		/* the call by name when it is this architecture's */
		sbuf_puts(b, ", si_syscall=");
		at = b->len;
		if (sd) {
			sbuf_printf(b, "__NR_%s", sd->name);
			xlat_finish(b, at, nr, XF_UDEC);
		} else {
			sbuf_u64(b, nr);
		}
		sbuf_puts(b, ", si_arch=");
		at = b->len;
		put_enum(b, arch, xlat_audit_arch, N(xlat_audit_arch), "AUDIT_ARCH_???");
		xlat_finish(b, at, arch, XF_HEX);
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

/* Signal names in sets drop the SIG prefix; 32 is RTMIN, 33.. RT_1.. */
static void set_member(struct sbuf *b, int sig)
{
	struct sbuf t;

	if (sig == 32) {
		sbuf_puts(b, "RTMIN");
		return;
	}
	sbuf_init(&t, 16);
	decode_signal(&t, sig);
	sbuf_putc(&t, 0);
	sbuf_puts(b, !strncmp(t.p, "SIG", 3) ? t.p + 3 : t.p);
	sbuf_free(&t);
}

void decode_sigset(struct sbuf *b, uint64_t mask)
{
	int n = __builtin_popcountll(mask), first = 1;
	bool invert = n > 32;

	if (invert) {
		sbuf_putc(b, '~');
		mask = ~mask;
	}
	sbuf_putc(b, '[');
	for (int sig = 1; sig <= 64; sig++) {
		if (!(mask >> (sig - 1) & 1))
			continue;
		size_t mark;

		if (!first)
			sbuf_putc(b, ' ');
		first = 0;
		mark = b->len;
		set_member(b, sig);
		xlat_finish(b, mark, sig, XF_DEC);	/* -X: the numbers */
	}
	sbuf_putc(b, ']');
}

static const struct {
	uint64_t val;
	const char *name;
} sa_flags[] = {
	/* strace's order, not numeric */
	{ 0x04000000, "SA_RESTORER" }, { 0x08000000, "SA_ONSTACK" },
	{ 0x10000000, "SA_RESTART" }, { 0x20000000, "SA_INTERRUPT" },
	{ 0x40000000, "SA_NODEFER" },
	{ 0x80000000, "SA_RESETHAND" }, { 0x4, "SA_SIGINFO" },
	{ 0x1, "SA_NOCLDSTOP" }, { 0x2, "SA_NOCLDWAIT" },
};

/* The kernel's struct sigaction: handler 0, flags 8, restorer 16, mask 24. */
void decode_sigaction(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint64_t handler = load_u64(p, 0), flags = load_u64(p, 8), rest = flags;
	int first = 1;

	(void)len;
	sbuf_puts(b, "{sa_handler=");
	size_t hmark = b->len;
	if (handler == 0)
		sbuf_puts(b, "SIG_DFL");
	else if (handler == 1)
		sbuf_puts(b, "SIG_IGN");
	else
		sbuf_hex(b, handler);
	xlat_finish(b, hmark, handler, XF_HEX);	/* -X raw: "0x1", verbose: "0 /\* SIG_DFL *\/" */
	sbuf_puts(b, ", sa_mask=");
	decode_sigset(b, load_u64(p, 24));
	sbuf_puts(b, ", sa_flags=");
	size_t mark = b->len;
	for (size_t i = 0; i < sizeof(sa_flags) / sizeof(sa_flags[0]); i++) {
		if (!(rest & sa_flags[i].val))
			continue;
		if (!first)
			sbuf_putc(b, '|');
		first = 0;
		sbuf_puts(b, sa_flags[i].name);
		rest &= ~sa_flags[i].val;
	}
	if (rest) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_hex(b, rest);
	} else if (first) {
		sbuf_putc(b, '0');
	}
	xlat_finish(b, mark, flags, XF_HEX);
	if (flags & 0x04000000) {
		sbuf_puts(b, ", sa_restorer=");
		put_ptr(b, load_u64(p, 16));	/* NULL for none */
	}
	sbuf_putc(b, '}');
}
