// SPDX-License-Identifier: GPL-2.0
/*
 * Processes: clone flags, wait options and statuses, resource limits and
 * usage, arch_prctl and prctl options, priorities, id types, scheduling
 * policies, capabilities, personalities, CPU masks, pidfd flags; clone's
 * and futex's arguments.  prctl's arguments are in prctl.c.
 */
#include <arpa/inet.h>
#include <stddef.h>
#include <string.h>
#include <sys/prctl.h>

#include "flagtab.h"
#include "xlat_tables.h"
#include "../output/internal.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

void decode_rlimit_resource(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_rlimit_resource, N(xlat_rlimit_resource), "RLIMIT_???");
}

void decode_arch_prctl(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_arch_prctl, N(xlat_arch_prctl), "ARCH_???");
}

void decode_wait_options(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_wait_options, N(xlat_wait_options));
}

void decode_waitid_options(struct sbuf *b, uint64_t v)
{
	put_flagset(b, v, xlat_waitid_options, N(xlat_waitid_options));
}

FLAG_DECODER_Q(decode_module_init_flags, xlat_module_init_flags, "MODULE_INIT_???");
FLAG_DECODER(decode_memfd_secret_flags, xlat_memfd_secret_flags);

/* The flags, then the exit signal; under -X each is a number
 * ("0x1200000|17") */
void decode_clone_flags(struct sbuf *b, uint64_t v)
{
	uint64_t sig = v & 0xff, rest = v & ~0xffull;
	size_t mark = b->len;
	int first = put_flags(b, &rest, xlat_clone_flags, N(xlat_clone_flags), 1);

	if (rest) {
		if (!first)
			sbuf_putc(b, '|');
		sbuf_hex(b, rest);
		/* no flag known: strace says so */
		if (first)
			sbuf_puts(b, " /* CLONE_??? */");
		first = 0;
	}
	if (!first)
		xlat_finish(b, mark, v & ~0xffull, XF_HEX);
	if (sig) {
		if (!first)
			sbuf_putc(b, '|');
		mark = b->len;
		decode_signal(b, sig);
		xlat_finish(b, mark, sig, XF_DEC);
		first = 0;
	}
	if (first)
		sbuf_putc(b, '0');
}

/* unshare's flags: the namespaces and what a thread can stop sharing
 * (strace 6.1's table, CLONE_NEWTIME first), all 64 bits */
static const struct flag unshare_flags[] = {
	{ 0x80, "CLONE_NEWTIME" }, { 0x100, "CLONE_VM" }, { 0x200, "CLONE_FS" },
	{ 0x400, "CLONE_FILES" }, { 0x800, "CLONE_SIGHAND" }, { 0x10000, "CLONE_THREAD" },
	{ 0x20000, "CLONE_NEWNS" }, { 0x40000, "CLONE_SYSVSEM" },
	{ 0x2000000, "CLONE_NEWCGROUP" }, { 0x4000000, "CLONE_NEWUTS" },
	{ 0x8000000, "CLONE_NEWIPC" }, { 0x10000000, "CLONE_NEWUSER" },
	{ 0x20000000, "CLONE_NEWPID" }, { 0x40000000, "CLONE_NEWNET" },
};

void decode_unshare_flags(struct sbuf *b, uint64_t v)
{
	put_flagset_q64(b, v, unshare_flags, N(unshare_flags), "CLONE_???");
}

/* setns's nstype: the namespaces only, an unsigned int */
void decode_nstype(struct sbuf *b, uint64_t v)
{
	static const struct flag ns[] = {
		{ 0x80, "CLONE_NEWTIME" }, { 0x20000, "CLONE_NEWNS" },
		{ 0x2000000, "CLONE_NEWCGROUP" }, { 0x4000000, "CLONE_NEWUTS" },
		{ 0x8000000, "CLONE_NEWIPC" }, { 0x10000000, "CLONE_NEWUSER" },
		{ 0x20000000, "CLONE_NEWPID" }, { 0x40000000, "CLONE_NEWNET" },
	};

	put_flagset_q(b, (uint32_t)v, ns, N(ns), "CLONE_NEW???");
}

void put_hex0_32(struct sbuf *b, uint64_t v)
{
	put_hex0(b, (uint32_t)v);
}

/* reboot(2): the magic numbers and commands of <linux/reboot.h> */
void decode_reboot_magic(struct sbuf *b, uint64_t v)
{
	static const struct flag magic[] = {
		{ 0xfee1dead, "LINUX_REBOOT_MAGIC1" }, { 672274793, "LINUX_REBOOT_MAGIC2" },
		{ 85072278, "LINUX_REBOOT_MAGIC2A" }, { 369367448, "LINUX_REBOOT_MAGIC2B" },
		{ 537993216, "LINUX_REBOOT_MAGIC2C" },
	};

	put_enum(b, (uint32_t)v, magic, N(magic), "LINUX_REBOOT_MAGIC_???");
}

void decode_reboot_cmd(struct sbuf *b, uint64_t v)
{
	static const struct flag cmd[] = {
		{ 0x01234567, "LINUX_REBOOT_CMD_RESTART" }, { 0xcdef0123, "LINUX_REBOOT_CMD_HALT" },
		{ 0x89abcdef, "LINUX_REBOOT_CMD_CAD_ON" }, { 0, "LINUX_REBOOT_CMD_CAD_OFF" },
		{ 0x4321fedc, "LINUX_REBOOT_CMD_POWER_OFF" },
		{ 0xa1b2c3d4, "LINUX_REBOOT_CMD_RESTART2" },
		{ 0xd000fce2, "LINUX_REBOOT_CMD_SW_SUSPEND" }, { 0x45584543, "LINUX_REBOOT_CMD_KEXEC" },
	};

	put_enum(b, (uint32_t)v, cmd, N(cmd), "LINUX_REBOOT_CMD_???");
}

/* LINUX_REBOOT_CMD_RESTART2's command string: the kernel reads 256 bytes,
 * strace shows 255 of them, with "..." when the 256th is not the first NUL */
void put_reboot_arg(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		    const struct ev_syscall *e, size_t size, int i)
{
	const struct cap *c;
	const char *data;
	size_t n;

	(void)f;
	(void)d;
	if (!e->args[i] || !cap_find(e, size, i, &c, &data) || (c->flags & CAP_FAULT)) {
		put_ptr(b, e->args[i]);
		return;
	}
	/* 255 characters and more: cut; no NUL in what was readable before
	 * an unmapped page, and fewer: the address (strace's 256-byte read) */
	n = strnlen(data, c->len);
	if (n >= 255) {
		decode_string(b, data, 255, true);
		return;
	}
	if (n == c->len) {
		put_ptr(b, e->args[i]);
		return;
	}
	decode_string(b, data, n, false);
}

/* an fd of process `pid` (kcmp's), with -y's path when it is known */
static void put_pid_fd(struct formatter *f, struct sbuf *b, uint64_t pid, int fd)
{
	sbuf_printf(b, "%d", fd);
	if (f)
		put_fd_path(f, b, (uint32_t)pid, fd);
}

void put_kcmp_idx(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		  const struct ev_syscall *e, size_t size, int i)
{
	uint32_t type = (uint32_t)e->args[2];
	uint64_t v = e->args[i];
	const struct cap *c;
	const char *data;

	(void)d;
	if (type == 0 || (type == 7 && i == 3)) {	/* KCMP_FILE, KCMP_EPOLL_TFD */
		put_pid_fd(f, b, e->args[i - 3], (int)v);
	} else if (type == 7) {
		/* struct kcmp_epoll_slot { __u32 efd, tfd, toff; } of pid2 */
		if (v && cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT) &&
		    c->len >= 12) {
			sbuf_puts(b, "{efd=");
			put_pid_fd(f, b, e->args[1], (int)load_u32(data, 0));
			sbuf_puts(b, ", tfd=");
			put_pid_fd(f, b, e->args[1], (int)load_u32(data, 4));
			sbuf_printf(b, ", toff=%u}", load_u32(data, 8));
		} else {
			put_ptr(b, v);
		}
	} else {
		put_hex0(b, v);
	}
}

void decode_prctl_option(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_pr_options, N(xlat_pr_options), "PR_???");
}

static const char *const caps[] = {
	"CAP_CHOWN", "CAP_DAC_OVERRIDE", "CAP_DAC_READ_SEARCH", "CAP_FOWNER",
	"CAP_FSETID", "CAP_KILL", "CAP_SETGID", "CAP_SETUID", "CAP_SETPCAP",
	"CAP_LINUX_IMMUTABLE", "CAP_NET_BIND_SERVICE", "CAP_NET_BROADCAST",
	"CAP_NET_ADMIN", "CAP_NET_RAW", "CAP_IPC_LOCK", "CAP_IPC_OWNER",
	"CAP_SYS_MODULE", "CAP_SYS_RAWIO", "CAP_SYS_CHROOT", "CAP_SYS_PTRACE",
	"CAP_SYS_PACCT", "CAP_SYS_ADMIN", "CAP_SYS_BOOT", "CAP_SYS_NICE",
	"CAP_SYS_RESOURCE", "CAP_SYS_TIME", "CAP_SYS_TTY_CONFIG", "CAP_MKNOD",
	"CAP_LEASE", "CAP_AUDIT_WRITE", "CAP_AUDIT_CONTROL", "CAP_SETFCAP",
	"CAP_MAC_OVERRIDE", "CAP_MAC_ADMIN", "CAP_SYSLOG", "CAP_WAKE_ALARM",
	"CAP_BLOCK_SUSPEND", "CAP_AUDIT_READ", "CAP_PERFMON", "CAP_BPF",
	"CAP_CHECKPOINT_RESTORE",
};

void decode_capability(struct sbuf *b, uint64_t v)
{
	if (v < N(caps))
		sbuf_puts(b, caps[v]);
	else
		sbuf_printf(b, "%#llx /* CAP_??? */", (unsigned long long)v);
}

/* PR_SET_DUMPABLE's argument and PR_GET_DUMPABLE's result */
void decode_dumpable(struct sbuf *b, uint64_t v)
{
	put_enum(b, v, xlat_dumpable, N(xlat_dumpable), "SUID_DUMP_???");
}

void decode_pr_tsc(struct sbuf *b, uint64_t v)
{
	put_enum(b, v, xlat_pr_tsc, N(xlat_pr_tsc), "PR_TSC_???");
}

void decode_pr_cap_ambient(struct sbuf *b, uint64_t v)
{
	put_enum(b, v, xlat_pr_cap_ambient, N(xlat_pr_cap_ambient), "PR_CAP_AMBIENT_???");
}

/* "1<<CAP_CHOWN|1<<CAP_KILL" of the capabilities from..to-1 in set */
static void put_cap_bits(struct sbuf *b, uint64_t set, int from, int to)
{
	bool first = true;

	for (int i = from; i < to; i++) {
		if (!(set & (1ull << i)))
			continue;
		sbuf_puts(b, first ? "1<<" : "|1<<");
		decode_capability(b, i);
		first = false;
	}
	if (first)
		sbuf_putc(b, '0');
}

/* a v3 set from its two 32-bit halves; -X raw shows the halves as
 * numbers, "0xfeffffff|0x1ff", as strace (verbose: each with its names) */
static void put_caps(struct sbuf *b, uint64_t set)
{
	size_t mark = b->len;

	if (decode_xlat() == XLAT_ABBREV) {
		put_cap_bits(b, set, 0, 64);
		return;
	}
	put_cap_bits(b, set, 0, 32);
	xlat_finish(b, mark, (uint32_t)set, XF_HEX);
	if (set >> 32) {
		sbuf_putc(b, '|');
		mark = b->len;
		put_cap_bits(b, set, 32, 64);
		xlat_finish(b, mark, set >> 32, XF_HEX);
	}
}

/* struct __user_cap_header_struct {u32 version; int pid;} */
void decode_cap_header(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint32_t version;
	int32_t pid;
	size_t mark;

	if (too_short(b, len, 8))
		return;
	memcpy(&version, p, 4);
	memcpy(&pid, p + 4, 4);
	sbuf_puts(b, "{version=");
	mark = b->len;
	put_enum(b, version, xlat_cap_header, N(xlat_cap_header), "_LINUX_CAPABILITY_VERSION_???");
	xlat_finish(b, mark, version, XF_HEX);
	sbuf_printf(b, ", pid=%d}", pid);
}

/* struct __user_cap_data_struct {u32 effective, permitted, inheritable;}:
 * two of them (the low and high halves of each set) for versions 2 and 3,
 * one for version 1 and versions the kernel does not know */
void decode_cap_data(struct sbuf *b, const uint8_t *p, size_t len, int nsets)
{
	static const char *const names[] = { "effective", "permitted", "inheritable" };
	uint32_t w[6] = { 0 };

	if (too_short(b, len, nsets * 12))
		return;
	memcpy(w, p, nsets * 12);
	sbuf_putc(b, '{');
	for (int i = 0; i < 3; i++) {
		sbuf_printf(b, "%s%s=", i ? ", " : "", names[i]);
		put_caps(b, w[i] | (uint64_t)w[3 + i] << 32);
	}
	sbuf_putc(b, '}');
}

void decode_prio_which(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_prio_which, N(xlat_prio_which), "PRIO_???");
}

void decode_idtype(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_idtype, N(xlat_idtype), "P_???");
}

/* ...as sched_setscheduler's argument: strace 6.1 names a plain policy
 * only ("0x40000003 /\* SCHED_??? *\/" with SCHED_RESET_ON_FORK) */
void decode_sched_policy_arg(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_sched_policy, N(xlat_sched_policy), "SCHED_???");
}

void decode_sched_policy(struct sbuf *b, uint64_t v)
{
	uint64_t rest = (uint32_t)v & 0x40000000;

	put_enum(b, (uint32_t)v & ~0x40000000u, xlat_sched_policy, N(xlat_sched_policy), "SCHED_???");
	if (rest)
		sbuf_puts(b, "|SCHED_RESET_ON_FORK");
}

/* struct sched_attr as strace shows it: `usize` the size to show (what
 * sched_setattr was given in its size field, sched_getattr's argument, as
 * far as 56), `set` for sched_setattr (its KEEP_POLICY and KEEP_PARAMS
 * leave those fields out); fewer than 48 bytes: the size alone; "..." when
 * the size given is larger than what is shown */
void decode_sched_attr_ex(struct sbuf *b, const uint8_t *p, size_t len, uint32_t usize, bool set)
{
	uint32_t size, policy, prio, umin, umax, given = usize;
	int32_t nice;
	uint64_t flags, rt, dl, period;
	size_t mark;

	if (set && !given)
		given = 48;	/* SCHED_ATTR_SIZE_VER0: what a 0 means */
	size = given < 56 ? given : 56;
	if (!set)
		size = len >= 4 ? load_u32(p, 0) : 0;	/* what the kernel wrote */
	sbuf_printf(b, "{size=%u", set ? usize : size);
	if (size < 48)
		goto end;
	memcpy(&policy, p + 4, 4);
	memcpy(&flags, p + 8, 8);
	memcpy(&nice, p + 16, 4);
	memcpy(&prio, p + 20, 4);
	memcpy(&rt, p + 24, 8);
	memcpy(&dl, p + 32, 8);
	memcpy(&period, p + 40, 8);
	/* SCHED_FLAG_KEEP_POLICY, SCHED_FLAG_KEEP_PARAMS */
	if (!set || (int32_t)policy < 0 || !(flags & 0x18)) {
		sbuf_puts(b, ", sched_policy=");
		mark = b->len;
		decode_sched_policy_arg(b, policy);
		xlat_finish(b, mark, policy, XF_HEX);
	}
	sbuf_puts(b, ", sched_flags=");
	mark = b->len;
	put_flagset_q64(b, flags, xlat_sched_attr_flags, N(xlat_sched_attr_flags), "SCHED_FLAG_???");
	xlat_finish(b, mark, flags, XF_HEX);
	if (!set || !(flags & 0x10))
		sbuf_printf(b, ", sched_nice=%d, sched_priority=%u, sched_runtime=%llu, "
			    "sched_deadline=%llu, sched_period=%llu", nice, prio,
			    (unsigned long long)rt, (unsigned long long)dl, (unsigned long long)period);
	if (size >= 56 && len >= 56) {
		memcpy(&umin, p + 48, 4);
		memcpy(&umax, p + 52, 4);
		sbuf_printf(b, ", sched_util_min=%u, sched_util_max=%u", umin, umax);
	}
end:
	if (set && given > size)
		sbuf_puts(b, ", ...");
	sbuf_putc(b, '}');
}

void decode_kcmp_type(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_kcmp_types, N(xlat_kcmp_types), "KCMP_???");
}

/* ...whose two indexes matter: a file's, an epoll target's, an unknown's */
bool kcmp_type_has_idx(uint64_t v)
{
	return (uint32_t)v == 0 || (uint32_t)v >= 7;
}

void decode_ioprio_which(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_ioprio_who, N(xlat_ioprio_who), "IOPRIO_WHO_???");
}

/* an I/O priority: the class in bits 13-15, the level below, as the
 * macro that makes it; -X verbose names the class in a comment */
void decode_ioprio_macro(struct sbuf *b, uint64_t v)
{
	/* (strace: the class is all the bits above the level) */
	uint32_t cls = (uint32_t)v >> 13, data = (uint32_t)v & 0x1fff;
	size_t inner;

	sbuf_puts(b, "IOPRIO_PRIO_VALUE(");
	inner = b->len;
	put_enum(b, cls, xlat_ioprio_class, N(xlat_ioprio_class), "IOPRIO_CLASS_???");
	xlat_finish(b, inner, cls, XF_HEX);
	sbuf_printf(b, ", %u)", data);
}

/* ...as an argument: -X raw and verbose give the number too */
void decode_ioprio(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	decode_ioprio_macro(b, v);
	xlat_finish(b, mark, (uint64_t)(int64_t)(int32_t)v, XF_DEC);	/* an int */
}

static void rlim_value(struct sbuf *b, uint64_t v)
{
	size_t mark = b->len;

	if (v == ~0ull)
		sbuf_puts(b, "RLIM64_INFINITY");
	else if (v > 1024 && !(v % 1024)) {
		sbuf_u64(b, v / 1024);
		sbuf_puts(b, "*1024");
	} else {
		sbuf_u64(b, v);
		return;
	}
	xlat_finish(b, mark, v, XF_UDEC);
}

void decode_rlimit(struct sbuf *b, const uint8_t *p, size_t len)
{
	(void)len;
	sbuf_puts(b, "{rlim_cur=");
	rlim_value(b, load_u64(p, 0));
	sbuf_puts(b, ", rlim_max=");
	rlim_value(b, load_u64(p, 8));
	sbuf_putc(b, '}');
}

void decode_wait_status(struct sbuf *b, const uint8_t *p, size_t len)
{
	uint32_t s = load_u32(p, 0);

	(void)len;
	sbuf_puts(b, "[{");
	if ((s & 0x7f) == 0) {
		sbuf_printf(b, "WIFEXITED(s) && WEXITSTATUS(s) == %u", (s >> 8) & 0xff);
	} else if ((s & 0xff) == 0x7f) {
		sbuf_puts(b, "WIFSTOPPED(s) && WSTOPSIG(s) == ");
		decode_signal(b, (s >> 8) & 0xff);
		if (s >> 16)
			sbuf_printf(b, " && s>>16 == %u", s >> 16);
	} else if (s == 0xffff) {
		sbuf_puts(b, "WIFCONTINUED(s)");
	} else {
		sbuf_puts(b, "WIFSIGNALED(s) && WTERMSIG(s) == ");
		decode_signal(b, s & 0x7f);
		if (s & 0x80)
			sbuf_puts(b, " && WCOREDUMP(s)");
	}
	sbuf_puts(b, "}]");
}

FLAG_DECODER_Q(decode_pidfd_flags, xlat_pidfd_flags, "PIDFD_???");
/* a personality: its execution domain, then its flags; 0xffffffff (a
 * query) as it is */
void decode_personality(struct sbuf *b, uint64_t v)
{
	/* the domain is the low byte (PER_MASK), the flags the rest */
	uint64_t f = (uint32_t)v & ~0xffu, dom = (uint32_t)v & 0xff;

	size_t mark = b->len;

	if ((uint32_t)v == 0xffffffff) {
		sbuf_hex(b, 0xffffffff);
		return;
	}
	put_enum(b, dom, xlat_personality_domains, N(xlat_personality_domains), "PER_???");
	xlat_finish(b, mark, dom, XF_HEX);
	if (decode_xlat() == XLAT_ABBREV) {
		put_rest(b, f, put_flags(b, &f, xlat_personality_flags,
					 N(xlat_personality_flags), 0), "");
		return;
	}
	/* -X raw: "0|0x40000", verbose: each part with its name, as strace */
	if (f) {
		sbuf_putc(b, '|');
		mark = b->len;
		uint64_t rest = f;

		put_rest(b, rest, put_flags(b, &rest, xlat_personality_flags,
					    N(xlat_personality_flags), 1), "0");
		xlat_finish(b, mark, f, XF_HEX);
	}
}

/* struct rusage: ru_utime, ru_stime (timevals), then 14 longs strace
 * abbreviates */
/* struct timezone: two ints */
void decode_timezone(struct sbuf *b, const uint8_t *p, size_t len)
{
	if (too_short(b, len, 8))
		return;
	sbuf_printf(b, "{tz_minuteswest=%d, tz_dsttime=%d}", (int32_t)load_u32(p, 0),
		    (int32_t)load_u32(p, 4));
}

void decode_rusage(struct sbuf *b, const uint8_t *p, size_t len)
{
	static const char *const longs[] = {
		"ru_maxrss", "ru_ixrss", "ru_idrss", "ru_isrss", "ru_minflt", "ru_majflt",
		"ru_nswap", "ru_inblock", "ru_oublock", "ru_msgsnd", "ru_msgrcv",
		"ru_nsignals", "ru_nvcsw", "ru_nivcsw",
	};

	if (too_short(b, len, 32))
		return;
	sbuf_puts(b, "{ru_utime=");
	put_pair(b, p, "tv_usec");
	sbuf_puts(b, ", ru_stime=");
	put_pair(b, p + 16, "tv_usec");
	/* -v: the counters too (unsigned, as strace prints them) */
	if (!decode_verbose() || len < 144) {
		sbuf_puts(b, ", ...}");
		return;
	}
	for (size_t k = 0; k < N(longs); k++)
		sbuf_printf(b, ", %s=%llu", longs[k], (unsigned long long)load_u64(p, 32 + 8 * k));
	sbuf_putc(b, '}');
}

/* A clock_t count of ticks (USER_HZ, 100 on Linux), with strace's seconds
 * comment when not 0: "22 /\* 0.22 s *\/" */
void put_clock_t(struct sbuf *b, int64_t v)
{
	sbuf_s64(b, v);
	if (v > 0 && decode_xlat() != XLAT_RAW)	/* -X raw: the number alone */
		sbuf_printf(b, " /* %lld.%02lld s */", (long long)(v / 100), (long long)(v % 100));
}

/* ...unsigned, as siginfo's si_utime and si_stime are printed (a field the
 * kernel left unset, all ones, is 18446744073709551615) */
void put_clock_t_u(struct sbuf *b, uint64_t v)
{
	sbuf_u64(b, v);
	if (v && decode_xlat() != XLAT_RAW)
		sbuf_printf(b, " /* %llu.%02llu s */", (unsigned long long)(v / 100),
			    (unsigned long long)(v % 100));
}

void decode_tms(struct sbuf *b, const uint8_t *p, size_t len)
{
	static const char *const names[] = { "{tms_utime=", ", tms_stime=", ", tms_cutime=",
					     ", tms_cstime=" };

	if (too_short(b, len, 32))
		return;
	for (int i = 0; i < 4; i++) {
		sbuf_puts(b, names[i]);
		put_clock_t(b, i64(p, i * 8));
	}
	sbuf_putc(b, '}');
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

void decode_rusage_who(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, xlat_rusage_who, N(xlat_rusage_who), "RUSAGE_???");
}

/*
 * clone (strace's argument order and names), clone3's struct, futex
 * (which arguments its operation uses).
 */

/* clone3's flags: clone's and clone3's own, all 64 bits (no signal) */
static const struct flag clone3_flags[] = {
	{ 0x100, "CLONE_VM" }, { 0x200, "CLONE_FS" }, { 0x400, "CLONE_FILES" },
	{ 0x800, "CLONE_SIGHAND" }, { 0x1000, "CLONE_PIDFD" }, { 0x2000, "CLONE_PTRACE" },
	{ 0x4000, "CLONE_VFORK" }, { 0x8000, "CLONE_PARENT" }, { 0x10000, "CLONE_THREAD" },
	{ 0x20000, "CLONE_NEWNS" }, { 0x40000, "CLONE_SYSVSEM" }, { 0x80000, "CLONE_SETTLS" },
	{ 0x100000, "CLONE_PARENT_SETTID" }, { 0x200000, "CLONE_CHILD_CLEARTID" },
	{ 0x800000, "CLONE_UNTRACED" }, { 0x1000000, "CLONE_CHILD_SETTID" },
	{ 0x2000000, "CLONE_NEWCGROUP" }, { 0x4000000, "CLONE_NEWUTS" },
	{ 0x8000000, "CLONE_NEWIPC" }, { 0x10000000, "CLONE_NEWUSER" },
	{ 0x20000000, "CLONE_NEWPID" }, { 0x40000000, "CLONE_NEWNET" },
	{ 0x80000000, "CLONE_IO" }, { 0x80, "CLONE_NEWTIME" },
	{ 0x100000000ull, "CLONE_CLEAR_SIGHAND" }, { 0x200000000ull, "CLONE_INTO_CGROUP" },
};

#define CLONE_ARGS_KNOWN 88	/* struct clone_args v2, up to cgroup */

/* The bytes past the struct strobe knows: "???" when they could not be
 * read, "/\* bytes 88..95 *\/ \"\\xde...\"" when not all zero; false when
 * nothing was printed */
static bool put_clone_tail(struct sbuf *b, const char *sep, const uint8_t *p, size_t len,
			   uint64_t size, bool trunc)
{
	size_t k;

	if (size <= CLONE_ARGS_KNOWN)
		return false;
	if (len < size && !trunc) {
		sbuf_printf(b, "%s???", sep);
		return true;
	}
	for (k = CLONE_ARGS_KNOWN; k < len && !p[k]; k++)
		;
	if (k == len)
		return false;
	sbuf_printf(b, "%s/* bytes %u..%llu */ ", sep, CLONE_ARGS_KNOWN,
		    (unsigned long long)size - 1);
	decode_string_hex(b, (const char *)p + CLONE_ARGS_KNOWN, len - CLONE_ARGS_KNOWN, trunc);
	return true;
}

/* "[N]", the int a pointer points to (a pidfd: with -y its path), or the
 * pointer when it was not read */
static void put_int_at(struct sbuf *b, const struct ev_syscall *e, uint64_t ptr,
		       const struct clone3_caps *k, int which)
{
	int32_t v;

	if (!k->el[which] || k->el[which]->len < 4) {
		put_ptr(b, ptr);
		return;
	}
	v = (int32_t)load_u32(k->data[which], 0);
	sbuf_printf(b, "[%d", v);
	if (which == 1 && k->f && v >= 0)	/* as the kernel side saw it, else /proc */
		put_fd_decor(k->f, b, e, k->size, FDI_PAIR, v);
	sbuf_putc(b, ']');
}

/*
 * clone3's struct clone_args, the fields of the size given (`size`; `len`
 * bytes of it were read, the rest was not readable, unless `trunc`), with
 * the fields its flags make meaningful; set_tid's pids.  After a
 * successful call " => {...}": what pidfd and parent_tid point to, and
 * the tail again, as strace prints them.
 */
void put_clone_args(struct sbuf *b, const struct ev_syscall *e, uint64_t size, const uint8_t *p,
		    size_t len, bool trunc, const struct clone3_caps *k)
{
	uint64_t flags = load_u64(p, 0), sig = load_u64(p, 32);
	const char *sep = " => {";
	bool any = false;

	sbuf_puts(b, "{flags=");
	put_flagset_qx(b, flags, clone3_flags, N(clone3_flags), "CLONE_???");
	if (flags & 0x1000) {			/* CLONE_PIDFD */
		sbuf_puts(b, ", pidfd=");
		put_ptr(b, load_u64(p, 8));
	}
	if (flags & (0x1000000 | 0x200000)) {	/* CLONE_CHILD_SETTID, _CLEARTID */
		sbuf_puts(b, ", child_tid=");
		put_ptr(b, load_u64(p, 16));
	}
	if (flags & 0x100000) {			/* CLONE_PARENT_SETTID */
		sbuf_puts(b, ", parent_tid=");
		put_ptr(b, load_u64(p, 24));
	}
	sbuf_puts(b, ", exit_signal=");
	if (sig && sig <= 64) {
		size_t at = b->len;

		decode_signal(b, (int)sig);
		xlat_finish(b, at, sig, XF_DEC);	/* -X */
	} else {
		sbuf_u64(b, sig);		/* a 64-bit field, not a signal */
	}
	sbuf_puts(b, ", stack=");
	put_ptr(b, load_u64(p, 40));
	sbuf_puts(b, ", stack_size=");
	if (load_u64(p, 48))
		sbuf_hex(b, load_u64(p, 48));
	else
		sbuf_putc(b, '0');
	if (flags & 0x80000) {			/* CLONE_SETTLS */
		sbuf_puts(b, ", tls=");
		put_ptr(b, load_u64(p, 56));
	}
	if (size >= 80 && len >= 80 && (load_u64(p, 64) || load_u64(p, 72))) {
		uint64_t tids = load_u64(p, 64), n = load_u64(p, 72);

		sbuf_puts(b, ", set_tid=");
		if (tids && n && n <= 32 && k->el[0] && k->el[0]->len == n * 4) {
			for (uint64_t t = 0; t < n; t++)
				sbuf_printf(b, "%s%d", t ? ", " : "[",
					    (int32_t)load_u32(k->data[0], t * 4));
			sbuf_putc(b, ']');
		} else {
			put_ptr(b, tids);
		}
		sbuf_printf(b, ", set_tid_size=%llu", (unsigned long long)n);
	}
	if (size > 80 && len >= 88 && (load_u64(p, 80) || (flags & 0x200000000ull)))
		sbuf_printf(b, ", cgroup=%llu", (unsigned long long)load_u64(p, 80));	/* CLONE_INTO_CGROUP */
	put_clone_tail(b, ", ", p, len, size, trunc);
	sbuf_putc(b, '}');
	if (e->ret < 0)
		return;
	if (flags & 0x1000) {
		sbuf_printf(b, "%spidfd=", sep);
		put_int_at(b, e, load_u64(p, 8), k, 1);
		sep = ", ";
		any = true;
	}
	if (flags & 0x100000) {
		sbuf_printf(b, "%sparent_tid=", sep);
		put_int_at(b, e, load_u64(p, 24), k, 2);
		sep = ", ";
		any = true;
	}
	if (put_clone_tail(b, sep, p, len, size, trunc))
		any = true;
	if (any)
		sbuf_putc(b, '}');
}

/* strace names clone's arguments, in its own order, and shows only those
 * the flags make meaningful. */
void put_clone(struct formatter *f, struct sbuf *b, const struct ev_syscall *e, size_t size)
{
	uint64_t flags = e->args[0];
	const struct cap *c;
	const char *data;

	sbuf_puts(b, "child_stack=");
	put_ptr(b, e->args[1]);
	sbuf_puts(b, ", flags=");
	decode_clone_flags(b, flags);
	if (flags & (0x100000 | 0x1000)) {	/* CLONE_PARENT_SETTID, CLONE_PIDFD */
		/* what the call wrote there: the child's tid, or the pidfd */
		sbuf_puts(b, ", parent_tid=");
		if (e->args[2] && e->ret > 0 && cap_exit(e, size, 2, &c, &data) && c->len >= 4) {
			int32_t v = (int32_t)load_u32(data, 0);

			sbuf_printf(b, "[%d", v);
			if ((flags & 0x1000) && v >= 0)	/* -y: the pidfd (the kernel side's) */
				put_fd_decor(f, b, e, size, FDI_PAIR, v);
			sbuf_putc(b, ']');
		} else
			put_ptr(b, e->args[2]);
	}
	if (flags & (0x1000000 | 0x200000)) {	/* CLONE_CHILD_SETTID, _CLEARTID */
		sbuf_puts(b, ", child_tidptr=");
		put_ptr(b, e->args[3]);
	}
	if (flags & 0x80000) {			/* CLONE_SETTLS */
		sbuf_puts(b, ", tls=");
		sbuf_hex(b, e->args[4]);
	}
}

/*
 * futex(2): which arguments mean something depends on the operation, and
 * strace shows only those: the timeout (a timespec) for waits, a count
 * (val2) in its place for requeues, the bitset for the *_BITSET ops.
 */
/* One part of FUTEX_WAKE_OP's operation, "FUTEX_OP_ADD<<28": -X verbose
 * as "0x1 /\* FUTEX_OP_ADD *\/<<28", and -X raw, as strace 6.1 prints it,
 * "0x1<<28 /\* FUTEX_OP_??? *\/" (its lookup finds no name there) */
static void put_wake_op_part(struct sbuf *b, uint32_t v, const char *const *names, size_t n,
			     const char *unknown, int shift)
{
	bool known = v < n;

	if (decode_xlat() == XLAT_RAW || !known) {
		put_hex0(b, v);
		sbuf_printf(b, "<<%d /* %s */", shift, unknown);
	} else if (decode_xlat() == XLAT_VERBOSE) {
		put_hex0(b, v);
		sbuf_printf(b, " /* %s */<<%d", names[v], shift);
	} else {
		sbuf_printf(b, "%s<<%d", names[v], shift);
	}
}

/* FUTEX_WAKE_OP's val3: "FUTEX_OP_ADD<<28|0x1<<12|FUTEX_OP_CMP_GT<<24|0" */
static void put_futex_wake_op(struct sbuf *b, uint32_t v)
{
	static const char *const op[] = {
		"FUTEX_OP_SET", "FUTEX_OP_ADD", "FUTEX_OP_OR", "FUTEX_OP_ANDN", "FUTEX_OP_XOR",
	};
	static const char *const cmp[] = {
		"FUTEX_OP_CMP_EQ", "FUTEX_OP_CMP_NE", "FUTEX_OP_CMP_LT", "FUTEX_OP_CMP_LE",
		"FUTEX_OP_CMP_GT", "FUTEX_OP_CMP_GE",
	};

	if (v >> 31) {
		size_t mark = b->len;

		sbuf_puts(b, "FUTEX_OP_OPARG_SHIFT");
		xlat_finish(b, mark, 8, XF_HEX);
		sbuf_puts(b, "<<28|");
	}
	put_wake_op_part(b, (v >> 28) & 7, op, sizeof(op) / sizeof(op[0]), "FUTEX_OP_???", 28);
	sbuf_putc(b, '|');
	put_hex0(b, (v >> 12) & 0xfff);
	sbuf_puts(b, "<<12|");
	put_wake_op_part(b, (v >> 24) & 0xf, cmp, sizeof(cmp) / sizeof(cmp[0]),
			 "FUTEX_OP_CMP_???", 24);
	sbuf_putc(b, '|');
	put_hex0(b, v & 0xfff);
}

void put_futex(struct formatter *f, struct sbuf *b, const struct syscall_desc *d,
		      const struct ev_syscall *e, size_t size)
{
	static const char *const ops[] = {
		"FUTEX_WAIT", "FUTEX_WAKE", "FUTEX_FD", "FUTEX_REQUEUE", "FUTEX_CMP_REQUEUE",
		"FUTEX_WAKE_OP", "FUTEX_LOCK_PI", "FUTEX_UNLOCK_PI", "FUTEX_TRYLOCK_PI",
		"FUTEX_WAIT_BITSET", "FUTEX_WAKE_BITSET", "FUTEX_WAIT_REQUEUE_PI",
		"FUTEX_CMP_REQUEUE_PI", "FUTEX_LOCK_PI2",
	};
	/* what follows uaddr and op: v val, t timeout, 2 val2, a uaddr2, 3 val3,
	 * b val3 as a bitset */
	static const char *const shape[] = {
		"vt", "v", "v", "v2a", "v2a3", "v2ao", "t", "", "", "vtb", "vb", "vta",
		"v2a3", "t",
	};
	uint32_t op = (uint32_t)e->args[1], cmd = op & ~(128u | 256u);
	const char *s;
	size_t mark;

	put_ptr(b, e->args[0]);
	sbuf_puts(b, ", ");
	if (cmd >= sizeof(ops) / sizeof(ops[0])) {
		sbuf_hex(b, op);
		sbuf_puts(b, decode_xlat() == XLAT_RAW ? ", " : " /* FUTEX_??? */, ");
		sbuf_u64(b, (uint32_t)e->args[2]);
		sbuf_puts(b, ", ");
		put_ptr(b, e->args[3]);
		sbuf_puts(b, ", ");
		put_ptr(b, e->args[4]);
		sbuf_puts(b, ", ");
		put_hex0(b, (uint32_t)e->args[5]);
		return;
	}
	mark = b->len;
	if ((op & 256) && cmd != 0 && cmd != 9 && cmd != 11 && cmd != 13) {
		/* a clock only the waits take: strace has no name for it,
		 * the arguments are the command's still */
		sbuf_printf(b, "%#x /* FUTEX_??? */", op);
	} else {
		sbuf_puts(b, ops[cmd]);
		if ((op & 128) && cmd == 2)	/* (no FUTEX_FD_PRIVATE) */
			sbuf_puts(b, "|FUTEX_PRIVATE_FLAG");
		else if (op & 128)
			sbuf_puts(b, "_PRIVATE");
		if (op & 256)
			sbuf_puts(b, "|FUTEX_CLOCK_REALTIME");
	}
	xlat_finish(b, mark, op, XF_HEX);	/* -X raw, verbose */
	for (s = shape[cmd]; *s; s++) {
		sbuf_puts(b, ", ");
		switch (*s) {
		case 'v': sbuf_u64(b, (uint32_t)e->args[2]); break;
		case 't': put_arg(f, b, d, e, size, 3); break;
		case '2': sbuf_u64(b, (uint32_t)e->args[3]); break;
		case 'a': put_ptr(b, e->args[4]); break;
		case '3': sbuf_u64(b, (uint32_t)e->args[5]); break;
		case 'o': put_futex_wake_op(b, (uint32_t)e->args[5]); break;
		case 'b':
			if ((uint32_t)e->args[5] == 0xffffffffu) {
				mark = b->len;
				sbuf_puts(b, "FUTEX_BITSET_MATCH_ANY");
				xlat_finish(b, mark, 0xffffffffu, XF_HEX);
			} else
				put_hex0(b, (uint32_t)e->args[5]);
			break;
		}
	}
}
