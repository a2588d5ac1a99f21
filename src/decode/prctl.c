// SPDX-License-Identifier: GPL-2.0
/* prctl options and the values some of them take; capabilities. */
#include "flagtab.h"

static const struct flag pr_options[] = {
	{ 1, "PR_SET_PDEATHSIG" }, { 2, "PR_GET_PDEATHSIG" }, { 3, "PR_GET_DUMPABLE" },
	{ 4, "PR_SET_DUMPABLE" }, { 5, "PR_GET_UNALIGN" }, { 6, "PR_SET_UNALIGN" },
	{ 7, "PR_GET_KEEPCAPS" }, { 8, "PR_SET_KEEPCAPS" }, { 9, "PR_GET_FPEMU" },
	{ 10, "PR_SET_FPEMU" }, { 11, "PR_GET_FPEXC" }, { 12, "PR_SET_FPEXC" },
	{ 13, "PR_GET_TIMING" }, { 14, "PR_SET_TIMING" }, { 15, "PR_SET_NAME" },
	{ 16, "PR_GET_NAME" }, { 19, "PR_GET_ENDIAN" }, { 20, "PR_SET_ENDIAN" },
	{ 21, "PR_GET_SECCOMP" }, { 22, "PR_SET_SECCOMP" }, { 23, "PR_CAPBSET_READ" },
	{ 24, "PR_CAPBSET_DROP" }, { 25, "PR_GET_TSC" }, { 26, "PR_SET_TSC" },
	{ 27, "PR_GET_SECUREBITS" }, { 28, "PR_SET_SECUREBITS" },
	{ 29, "PR_SET_TIMERSLACK" }, { 30, "PR_GET_TIMERSLACK" },
	{ 31, "PR_TASK_PERF_EVENTS_DISABLE" }, { 32, "PR_TASK_PERF_EVENTS_ENABLE" },
	{ 33, "PR_MCE_KILL" }, { 34, "PR_MCE_KILL_GET" }, { 35, "PR_SET_MM" },
	{ 36, "PR_SET_CHILD_SUBREAPER" }, { 37, "PR_GET_CHILD_SUBREAPER" },
	{ 38, "PR_SET_NO_NEW_PRIVS" }, { 39, "PR_GET_NO_NEW_PRIVS" },
	{ 40, "PR_GET_TID_ADDRESS" }, { 41, "PR_SET_THP_DISABLE" },
	{ 42, "PR_GET_THP_DISABLE" }, { 43, "PR_MPX_ENABLE_MANAGEMENT" },
	{ 44, "PR_MPX_DISABLE_MANAGEMENT" }, { 45, "PR_SET_FP_MODE" },
	{ 46, "PR_GET_FP_MODE" }, { 47, "PR_CAP_AMBIENT" }, { 50, "PR_SVE_SET_VL" },
	{ 51, "PR_SVE_GET_VL" }, { 52, "PR_GET_SPECULATION_CTRL" },
	{ 53, "PR_SET_SPECULATION_CTRL" }, { 54, "PR_PAC_RESET_KEYS" },
	{ 55, "PR_SET_TAGGED_ADDR_CTRL" }, { 56, "PR_GET_TAGGED_ADDR_CTRL" },
	{ 57, "PR_SET_IO_FLUSHER" }, { 58, "PR_GET_IO_FLUSHER" },
	{ 59, "PR_SET_SYSCALL_USER_DISPATCH" }, { 62, "PR_SCHED_CORE" },
	{ 65, "PR_SET_MDWE" }, { 66, "PR_GET_MDWE" },
	{ 0x53564d41, "PR_SET_VMA" }, { 0x59616d61, "PR_SET_PTRACER" },
};

void decode_prctl_option(struct sbuf *b, uint64_t v)
{
	put_enum(b, (uint32_t)v, pr_options, N(pr_options), "PR_???");
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
	static const struct flag t[] = {
		{ 0, "SUID_DUMP_DISABLE" }, { 1, "SUID_DUMP_USER" }, { 2, "SUID_DUMP_ROOT" },
	};

	put_enum(b, v, t, N(t), "SUID_DUMP_???");
}

void decode_pr_tsc(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = { { 1, "PR_TSC_ENABLE" }, { 2, "PR_TSC_SIGSEGV" } };

	put_enum(b, v, t, N(t), "PR_TSC_???");
}

void decode_pr_cap_ambient(struct sbuf *b, uint64_t v)
{
	static const struct flag t[] = {
		{ 1, "PR_CAP_AMBIENT_IS_SET" }, { 2, "PR_CAP_AMBIENT_RAISE" },
		{ 3, "PR_CAP_AMBIENT_LOWER" }, { 4, "PR_CAP_AMBIENT_CLEAR_ALL" },
	};

	put_enum(b, v, t, N(t), "PR_CAP_AMBIENT_???");
}
