// SPDX-License-Identifier: GPL-2.0
/*
 * One-line explanations with the command that fixes it, instead of libbpf
 * or kernel noise, for what stops strobe from tracing.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "session.h"

#define CAP_SYS_ADMIN 21
#define CAP_PERFMON 38
#define CAP_BPF 39

static unsigned long long effective_caps(void)
{
	char v[32];

	return proc_status(0, "CapEff", v, sizeof(v)) ? strtoull(v, NULL, 16) : 0;
}

int hint_check_privileges(void)
{
	unsigned long long caps = effective_caps();
	bool bpf_ok = (caps >> CAP_SYS_ADMIN & 1) ||
		      ((caps >> CAP_BPF & 1) && (caps >> CAP_PERFMON & 1));

	if (geteuid() == 0 && bpf_ok)
		return 0;
	if (bpf_ok)
		return 0;
	fprintf(stderr, "strobe: tracing needs root, or the CAP_BPF and CAP_PERFMON "
		"capabilities: run 'sudo strobe ...' or 'sudo setcap "
		"cap_bpf,cap_perfmon,cap_sys_ptrace+ep \"$(command -v strobe)\"'\n");
	return -EPERM;
}

static bool read_first_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	bool ok;

	if (!f)
		return false;
	ok = fgets(buf, len, f) != NULL;
	fclose(f);
	return ok;
}

/* Not the initial user namespace: its uid map is not the whole range
 * mapped onto itself ("0 0 4294967295") */
static bool in_user_namespace(void)
{
	char buf[128];
	unsigned long a, b, n;

	if (!read_first_line("/proc/self/uid_map", buf, sizeof(buf)))
		return false;
	return sscanf(buf, "%lu %lu %lu", &a, &b, &n) != 3 || a || b || n != 4294967295UL;
}

void hint_load_failure(int err)
{
	char buf[256];

	if (access("/sys/kernel/btf/vmlinux", R_OK)) {
		fprintf(stderr, "strobe: this kernel has no BTF (/sys/kernel/btf/vmlinux "
			"is missing); strobe needs a kernel built with CONFIG_DEBUG_INFO_BTF=y\n");
		return;
	}
	if (err == -EPERM || err == -EACCES) {
		if (read_first_line("/sys/kernel/security/lockdown", buf, sizeof(buf)) &&
		    strstr(buf, "[confidentiality]")) {
			fprintf(stderr, "strobe: kernel lockdown (confidentiality) forbids "
				"BPF tracing; boot with lockdown=integrity or without lockdown\n");
			return;
		}
		if (geteuid() == 0 && err == -EACCES) {
			fprintf(stderr, "strobe: the kernel's BPF verifier rejected strobe's "
				"programs (a strobe bug on this kernel); run with -dd for the "
				"verifier log and report it\n");
			return;
		}
		if (in_user_namespace()) {
			fprintf(stderr, "strobe: the kernel refused to load BPF programs (%s): "
				"strobe runs in a user namespace (unshare -U, a rootless "
				"container), where even root lacks the initial namespace's "
				"CAP_BPF; run strobe outside it (it can trace the namespace's "
				"processes from there)\n", strerror(-err));
			return;
		}
		fprintf(stderr, "strobe: the kernel refused to load BPF programs (%s); "
			"run as root ('sudo strobe ...')\n", strerror(-err));
		return;
	}
	if (err == -ENOMEM || err == -E2BIG) {
		fprintf(stderr, "strobe: cannot allocate the BPF maps (%s); try a smaller "
			"ring buffer with -m\n", strerror(-err));
		return;
	}
	fprintf(stderr, "strobe: cannot load the BPF programs: %s (kernel %s needs "
		"BTF, tp_btf tracepoints and task storage: Linux 5.11 or later)\n",
		strerror(-err), read_first_line("/proc/sys/kernel/osrelease", buf,
						sizeof(buf)) ? strtok(buf, "\n") : "?");
}
