// SPDX-License-Identifier: GPL-2.0
/* Lookups in the syscall table by number, name and class. */
#include <stdio.h>
#include <string.h>

#include "syscalls.h"
#include "../../bpf/event.h"

enum { CNT_ARG, CNT_RET };

static const struct {
	uint8_t in, out, entry, count;
	uint16_t size;
} kinds[AK__COUNT] = {
#define ARGKIND(name, cin, cout, sz, ent, cnt, xlat, decoder)			\
	[AK_##name] = { .in = CK_##cin, .out = CK_##cout, .entry = ent,		\
			.count = CNT_##cnt, .size = sz },
#include "argkinds.def"
#undef ARGKIND
};

bool arg_capture(const struct syscall_arg *a, struct arg_capture *c)
{
	bool out = a->dir == ARG_OUT;
	uint8_t ck;

	if (a->kind >= AK__COUNT)
		return false;
	/* a kind captured one way only is captured so whatever the mark */
	ck = out ? kinds[a->kind].out : kinds[a->kind].in;
	if (ck == CK_NONE)
		ck = out ? kinds[a->kind].in : kinds[a->kind].out;
	if (ck == CK_NONE)
		return false;
	c->ck = ck;
	c->entry = kinds[a->kind].entry;
	c->size = kinds[a->kind].size;
	c->len_arg = out && kinds[a->kind].count == CNT_RET ? LEN_RET : a->len_arg;
	if (ck == CK_IOCTL_ARG)		/* its size is the request's */
		c->len_arg = 1;
	/* a sockaddr (128 bytes read for the few the call wrote), ioctl's or
	 * prctl's argument (40 or 16 bytes read for an int), seccomp's (16
	 * for 6 bytes of sizes) at the end of the process's memory: strace
	 * shows what is there, so the kernel side reads up to the end of the
	 * page when the whole size is not readable (their decoders check the
	 * length they need) */
	c->upto_page = (a->kind == AK_SOCKADDR && out) || a->kind == AK_SOCKOPT || a->kind == AK_IOCTL_ARG ||
		       a->kind == AK_PRCTL_ARG || a->kind == AK_PRCTL_ARG5 ||
		       a->kind == AK_SECCOMP_ARGS || a->kind == AK_NODEMASK ||
		       a->kind == AK_POLLFDS || a->kind == AK_SEMBUFS || a->kind == AK_MEMFD_NAME ||
		       a->kind == AK_OPEN_HOW || a->kind == AK_MOUNT_ATTR || a->kind == AK_FCNTL_ARG ||
		       a->kind == AK_URING_REGISTER_ARG ||
		       a->kind == AK_PAGE_ADDRS || a->kind == AK_NODE_IDS ||
		       a->kind == AK_QUOTA_ADDR || a->kind == AK_IOV_ADDRS || a->kind == AK_GROUPS ||
		       a->kind == AK_CAP_DATA ||	/* version 1's 12 bytes */
		       a->kind == AK_KEXEC_SEGMENTS || a->kind == AK_USER_DESC ||
		       a->kind == AK_FUTEX_WAITV || a->kind == AK_MINCORE_VEC || a->kind == AK_FDSET ||
		       a->kind == AK_REBOOT_ARG ||
		       a->kind == AK_PTRACE_DATA || a->kind == AK_KEYCTL_ARG || a->kind == AK_PTRACE_ADDR ||
		       a->kind == AK_SCHED_ATTR;
	return true;
}

int arg_kind_size(int kind)
{
	return kind >= 0 && kind < AK__COUNT ? kinds[kind].size : 0;
}

const struct syscall_desc *syscall_get(long nr)
{
	if (nr < 0 || nr >= SYSCALL_TABLE_SIZE || !syscall_table[nr].name)
		return NULL;
	return &syscall_table[nr];
}

int syscall_lookup(const char *name)
{
	for (int i = 0; i < SYSCALL_TABLE_SIZE; i++)
		if (syscall_table[i].name && !strcmp(syscall_table[i].name, name))
			return i;
	return -1;
}

static const struct {
	const char *name;
	uint32_t bits;
} classes[] = {
	{ "%file", SC_FILE }, { "file", SC_FILE },
	{ "%desc", SC_DESC }, { "desc", SC_DESC },
	{ "%process", SC_PROCESS }, { "process", SC_PROCESS },
	{ "%network", SC_NETWORK }, { "network", SC_NETWORK },
	{ "%net", SC_NETWORK },
	{ "%signal", SC_SIGNAL }, { "signal", SC_SIGNAL },
	{ "%ipc", SC_IPC }, { "ipc", SC_IPC },
	{ "%memory", SC_MEMORY }, { "memory", SC_MEMORY },
	{ "%creds", SC_CREDS }, { "%clock", SC_CLOCK },
	{ "%stat", SC_STAT }, { "%lstat", SC_LSTAT }, { "%fstat", SC_FSTAT },
	{ "%%stat", SC_STAT_ALL }, { "%statfs", SC_STATFS },
	{ "%fstatfs", SC_FSTATFS }, { "%%statfs", SC_STATFS_ALL },
	{ "%pure", SC_PURE },
};

uint32_t syscall_class_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++)
		if (!strcmp(classes[i].name, name))
			return classes[i].bits;
	return 0;
}

/* Levenshtein distance, capped: names are short, so a small DP suffices. */
static int distance(const char *a, const char *b)
{
	int la = strlen(a), lb = strlen(b), row[64];

	if (la > 62 || lb > 62)
		return 99;
	for (int j = 0; j <= lb; j++)
		row[j] = j;
	for (int i = 1; i <= la; i++) {
		int prev = row[0], cur;

		row[0] = i;
		for (int j = 1; j <= lb; j++) {
			cur = row[j];
			int best = prev + (a[i - 1] != b[j - 1]);
			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			prev = cur;
		}
	}
	return row[lb];
}

void syscall_suggest(const char *name, char *buf, size_t len, int max)
{
	size_t used = 0;
	int found = 0;

	buf[0] = 0;
	/* Closest first: distance 1, then 2; then names that contain it. */
	for (int d = 1; d <= 3 && found < max; d++) {
		for (int i = 0; i < SYSCALL_TABLE_SIZE && found < max; i++) {
			const char *s = syscall_table[i].name;
			int dist;

			if (!s)
				continue;
			dist = distance(name, s);
			if (d == 3 ? (dist <= 2 || !strstr(s, name)) : dist != d)
				continue;
			used += snprintf(buf + used, len - used, "%s%s",
					 found ? ", " : "", s);
			if (used >= len)
				return;
			found++;
		}
	}
}

bool syscall_narrow_args(const struct syscall_desc *d, const uint64_t *args, uint64_t *out)
{
	bool changed = false;

	for (int i = 0; i < 6; i++) {
		uint64_t v = args[i];

		if (d && i < d->nargs && d->args[i].bytes == 4)
			v = d->args[i].sign ? (uint64_t)(int64_t)(int32_t)v : (uint32_t)v;
		else if (d && i < d->nargs && d->args[i].bytes == 2)
			v = (uint16_t)v;
		changed |= v != args[i];
		out[i] = v;
	}
	return changed;
}
