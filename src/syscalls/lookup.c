// SPDX-License-Identifier: GPL-2.0
/* Lookups in the syscall table by number, name and class. */
#include <stdio.h>
#include <string.h>

#include "syscalls.h"
#include "../../bpf/event.h"

bool arg_struct_capture(int kind, int *cap_kind, int *size)
{
	static const struct {
		int kind, cap, size;
	} t[] = {
		/* x86_64 layouts: struct stat 144, timespec 16, the kernel's
		 * sigaction 32 (handler, flags, restorer, mask), sigset 8,
		 * rlimit64 16, wait status 4 */
		{ AK_STAT, CK_STRUCT_OUT, 144 },
		{ AK_TIMESPEC_IN, CK_STRUCT_IN, 16 }, { AK_TIMESPEC_OUT, CK_STRUCT_OUT, 16 },
		{ AK_SIGACTION_IN, CK_STRUCT_IN, 32 }, { AK_SIGACTION_OUT, CK_STRUCT_OUT, 32 },
		{ AK_SIGSET_IN, CK_STRUCT_IN, 8 }, { AK_SIGSET_OUT, CK_STRUCT_OUT, 8 },
		{ AK_RLIMIT_IN, CK_STRUCT_IN, 16 }, { AK_RLIMIT_OUT, CK_STRUCT_OUT, 16 },
		{ AK_WAIT_STATUS, CK_STRUCT_OUT, 4 }, { AK_STATX, CK_STRUCT_OUT, 256 },
		{ AK_FD_PAIR, CK_STRUCT_OUT, 8 },
		/* struct utsname 390, sysinfo 112, statfs 120 */
		{ AK_UTSNAME, CK_STRUCT_OUT, 390 }, { AK_SYSINFO, CK_STRUCT_OUT, 112 },
		{ AK_STATFS, CK_STRUCT_OUT, 120 }, { AK_SIGFRAME_MASK, CK_STRUCT_IN, 8 },
		/* struct clone_args up to cgroup (v2, 88 bytes) */
		{ AK_CLONE_ARGS, CK_STRUCT_IN, 88 },
		/* sockaddr_storage is 128 bytes; a sockaddr read by the call is
		 * captured at the length its caller gives (CK_STRUCT_IN_LEN) */
		{ AK_SOCKADDR_OUT, CK_STRUCT_OUT, 128 },
		/* read at exit even when the call fails: then it is what the caller gave */
		{ AK_SOCKLEN, CK_STRUCT_IN, 4 },
		{ AK_SOCKADDR_IN, CK_STRUCT_IN_LEN, 2 },
		/* arrays: struct pollfd 8 bytes, epoll_event 12 (packed) */
		{ AK_POLLFDS, CK_ARRAY, 8 }, { AK_EPOLL_EVENTS, CK_ARRAY, 12 },
		{ AK_EPOLL_EVENT, CK_STRUCT_IN, 12 },
		/* what is left of the timeout, and the ready fds: at exit (the
		 * first 128 fds of a set); as given: at entry (arg_entry_size) */
		{ AK_TIMESPEC_INOUT, CK_STRUCT_OUT, 16 }, { AK_TIMEVAL_INOUT, CK_STRUCT_OUT, 16 },
		{ AK_FDSET, CK_STRUCT_OUT, 16 }, { AK_PRCTL_ARG, CK_STRUCT_IN, 16 },
		{ AK_IOV_IN, CK_IOV_IN, 0 }, { AK_IOV_OUT, CK_IOV_OUT, 0 },
		{ AK_MSGHDR_IN, CK_MSGHDR_IN, 0 }, { AK_MSGHDR_OUT, CK_MSGHDR_OUT, 0 },
		{ AK_MMSG, CK_MMSG_IN, 0 }, { AK_MMSG_OUT, CK_MMSG_OUT, 0 },
		{ AK_SOCKOPT_IN, CK_STRUCT_IN_LEN, 0 }, { AK_SOCKOPT_OUT, CK_STRUCT_OUT_LENP, 0 },
		/* timeval 16, itimerspec and itimerval 32, sigevent 64 (its
		 * first 16 bytes matter), rusage: its two timevals, tms 32 */
		{ AK_TIMEVAL_IN, CK_STRUCT_IN, 16 }, { AK_TIMEVAL_OUT, CK_STRUCT_OUT, 16 },
		{ AK_ITIMERSPEC_IN, CK_STRUCT_IN, 32 }, { AK_ITIMERSPEC_OUT, CK_STRUCT_OUT, 32 },
		{ AK_ITIMERVAL_IN, CK_STRUCT_IN, 32 }, { AK_ITIMERVAL_OUT, CK_STRUCT_OUT, 32 },
		{ AK_SIGEVENT, CK_STRUCT_IN, 16 }, { AK_INT_OUT, CK_STRUCT_OUT, 4 },
		{ AK_RUSAGE, CK_STRUCT_OUT, 32 }, { AK_TMS, CK_STRUCT_OUT, 32 },
		{ AK_CPUMASK, CK_ARRAY, 1 }, { AK_CPUMASK_IN, CK_STRUCT_IN_LEN, 0 },
		/* open_how 24 bytes, utimensat's two timespecs 32 */
		{ AK_OPEN_HOW, CK_STRUCT_IN, 24 }, { AK_UTIMES, CK_STRUCT_IN, 32 },
		/* ioctl's argument: the start of struct termios (16 bytes of
		 * flags), a winsize or an int; unreadable when it is a number */
		{ AK_IOCTL_ARG, CK_STRUCT_IN, 16 },
		/* stack_t 24, siginfo: its first 48 bytes, gid_t arrays, the
		 * capability header 8 and two data structs 24 */
		{ AK_STACK_IN, CK_STRUCT_IN, 24 }, { AK_STACK_OUT, CK_STRUCT_OUT, 24 },
		{ AK_SIGINFO_IN, CK_STRUCT_IN, 48 }, { AK_SIGINFO_OUT, CK_STRUCT_OUT, 48 },
		{ AK_GROUPS_OUT, CK_ARRAY, 4 }, { AK_GROUPS_IN, CK_ARRAY, 4 },
		{ AK_CAP_HEADER, CK_STRUCT_IN, 8 }, { AK_CAP_DATA_IN, CK_STRUCT_IN, 24 },
		{ AK_CAP_DATA_OUT, CK_STRUCT_OUT, 24 }, { AK_INT_IN, CK_STRUCT_IN, 4 },
		/* struct sembuf 6 bytes; a msgbuf: mtype and msgsz bytes of
		 * text, 8 + argument len_arg (up to 128); mq_attr 32 */
		{ AK_SEMBUFS, CK_ARRAY, 6 }, { AK_MSGBUF_IN, CK_MSGBUF_IN, 0 },
		{ AK_MSGBUF_OUT, CK_MSGBUF_OUT, 0 }, { AK_MQ_ATTR, CK_STRUCT_IN, 32 },
		{ AK_MQ_ATTR_OUT, CK_STRUCT_OUT, 32 }, { AK_PSEL_SIGMASK, CK_SIGMASK_PAIR, 24 },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].kind == kind) {
			*cap_kind = t[i].cap;
			*size = t[i].size;
			return true;
		}
	return false;
}

int arg_entry_size(int kind)
{
	switch (kind) {
	case AK_TIMESPEC_INOUT: case AK_TIMEVAL_INOUT: case AK_FDSET:
		return STASH_SIZE;
	}
	return 0;
}

bool arg_count_is_result(int kind)
{
	return kind == AK_EPOLL_EVENTS || kind == AK_CPUMASK || kind == AK_GROUPS_OUT;
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
