// SPDX-License-Identifier: GPL-2.0
/* prctl options and the values some of them take; capabilities. */
#include "flagtab.h"
#include "xlat_tables.h"

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
