// SPDX-License-Identifier: GPL-2.0
/*
 * Attaching programs to uprobes: one uprobe_multi link for a whole set of
 * locations in one file (a thousand functions in one bpf() call), or one
 * perf event "uprobe" PMU event per location where the kernel has no
 * uprobe_multi (before 6.6) or the caller only has a plain program.
 * Kernel tracepoints through perf events too, each with its cookie.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <bpf/bpf.h>

#include "probe.h"

#define BPF_LINK_CREATE_CMD 28		/* enum bpf_cmd */
#define BPF_F_UPROBE_MULTI_RETURN 1

/* union bpf_attr for BPF_LINK_CREATE with uprobe_multi (Linux 6.6);
 * Debian 12's <linux/bpf.h> predates it. */
struct link_create_uprobe_multi {
	uint32_t prog_fd;
	uint32_t target_fd;
	uint32_t attach_type;
	uint32_t flags;
	uint64_t path;
	uint64_t offsets;
	uint64_t ref_ctr_offsets;
	uint64_t cookies;
	uint32_t cnt;
	uint32_t um_flags;
	uint32_t pid;
	uint32_t pad;
};

static int multi_state;		/* 0 unknown, 1 works, -1 refused */

bool probe_have_uprobe_multi(void)
{
	return multi_state >= 0;
}

static int keep_fd(struct probe_link *l, int fd)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 16;
		int *f = realloc(l->fds, cap * sizeof(*f));

		if (!f) {
			close(fd);
			return -ENOMEM;
		}
		l->fds = f;
		l->cap = cap;
	}
	l->fds[l->n++] = fd;
	return 0;
}

static uint64_t cookie_of(const struct probe_attach_opts *o, size_t i)
{
	if (o->cookies)
		return o->cookies[i];
	return o->cookie_per_loc ? o->cookie + i : o->cookie;
}

static int attach_multi(int prog_fd, const struct probe_set *set, size_t from, size_t to,
			const struct probe_attach_opts *o, struct probe_link *l)
{
	size_t n = to - from;
	uint64_t *offs = calloc(n, 8), *refs = calloc(n, 8), *cookies = calloc(n, 8);
	struct link_create_uprobe_multi a = {
		.prog_fd = prog_fd,
		.attach_type = PROBE_BPF_TRACE_UPROBE_MULTI,
		.path = (uintptr_t)set->path,
		.cnt = n,
		.um_flags = o->retprobe ? BPF_F_UPROBE_MULTI_RETURN : 0,
		.pid = o->pid > 0 ? o->pid : 0,
	};
	bool any_ref = false;
	int fd, err = 0;

	if (!offs || !refs || !cookies) {
		err = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		offs[i] = set->loc[from + i].offset;
		refs[i] = set->loc[from + i].ref_ctr;
		any_ref |= refs[i] != 0;
		cookies[i] = cookie_of(o, from + i);
	}
	a.offsets = (uintptr_t)offs;
	a.ref_ctr_offsets = any_ref ? (uintptr_t)refs : 0;
	a.cookies = (uintptr_t)cookies;
	fd = syscall(SYS_bpf, BPF_LINK_CREATE_CMD, &a, sizeof(a));
	if (fd < 0) {
		err = -errno;
		goto out;
	}
	multi_state = 1;
	l->multi = true;
	l->nprobes += n;
	err = keep_fd(l, fd);
out:
	free(offs);
	free(refs);
	free(cookies);
	return err;
}

/* A number from a sysfs file of the uprobe PMU, or -1. */
static long pmu_value(const char *file, const char *prefix)
{
	char path[256], buf[64];
	int fd, n;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/uprobe/%s", file);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	if (prefix) {
		if (strncmp(buf, prefix, strlen(prefix)))
			return -1;
		return strtol(buf + strlen(prefix), NULL, 10);
	}
	return strtol(buf, NULL, 10);
}

static int attach_perf_one(int prog_fd, const char *path, const struct probe_loc *loc,
			   const struct probe_attach_opts *o, uint64_t cookie,
			   struct probe_link *l)
{
	long type = pmu_value("type", NULL);
	long retbit = pmu_value("format/retprobe", "config:");
	long refshift = pmu_value("format/ref_ctr_offset", "config:");
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.sample_period = 1,
		.wakeup_events = 1,
	};
	int pfd, link;

	if (type < 0)
		return -EOPNOTSUPP;
	attr.type = type;
	attr.config1 = (uintptr_t)path;		/* uprobe_path */
	attr.config2 = loc->offset;		/* probe_offset */
	if (o->retprobe)
		attr.config |= 1ull << (retbit < 0 ? 0 : retbit);
	if (loc->ref_ctr) {
		if (refshift < 0 || loc->ref_ctr >> 32)
			return -EOPNOTSUPP;
		attr.config |= loc->ref_ctr << refshift;
	}
	/* every process: cpu 0 and no task (the program runs wherever the
	 * probe fires); one process: its task, any cpu */
	pfd = syscall(SYS_perf_event_open, &attr, o->pid > 0 ? o->pid : -1,
		      o->pid > 0 ? -1 : 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		return -errno;
	LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = cookie);
	link = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &lo);
	if (link < 0) {
		int err = -errno;

		close(pfd);
		return err;
	}
	l->nprobes++;
	if (keep_fd(l, link))
		return -ENOMEM;
	return keep_fd(l, pfd);
}

/*
 * A location the kernel cannot probe (uprobes refuse some instructions,
 * e.g. the AVX one an IFUNC's choice may start with: ENOTSUPP) fails a
 * whole uprobe_multi link: with skip_unprobeable, halve the range until
 * the culprits stand alone, and leave them out.
 */
static int attach_multi_split(int prog_fd, const struct probe_set *set, size_t from,
			      size_t to, const struct probe_attach_opts *o,
			      struct probe_link *l)
{
	int err = attach_multi(prog_fd, set, from, to, o, l);

	if (err != -524 || !o->skip_unprobeable)
		return err;
	if (to - from == 1) {
		if (o->on_skip)
			o->on_skip(o->skip_ctx, &set->loc[from]);
		return 0;
	}
	err = attach_multi_split(prog_fd, set, from, from + (to - from) / 2, o, l);
	return err ? err : attach_multi_split(prog_fd, set, from + (to - from) / 2, to, o, l);
}

/* The set without the locations known to be refused, and their cookies. */
static int drop_refused(const struct probe_set *set, const struct probe_attach_opts *o,
			struct probe_set *good, uint64_t **cookies)
{
	memset(good, 0, sizeof(*good));
	good->kind = set->kind;
	good->path = set->path;
	if (!(good->loc = calloc(set->n, sizeof(*good->loc))) ||
	    !(*cookies = calloc(set->n, sizeof(**cookies)))) {
		free(good->loc);
		return -ENOMEM;
	}
	for (size_t i = 0; i < set->n; i++) {
		if (set->loc[i].bad_insn) {
			if (o->on_skip)
				o->on_skip(o->skip_ctx, &set->loc[i]);
			continue;
		}
		good->loc[good->n] = set->loc[i];
		(*cookies)[good->n++] = cookie_of(o, i);
	}
	return 0;
}

int probe_attach(const struct probe_prog *prog, const struct probe_set *set,
		 const struct probe_attach_opts *o, struct probe_link *l)
{
	size_t base = l->n, nprobes = l->nprobes;
	int err = -EINVAL;
	bool refused = false;

	for (size_t i = 0; i < set->n && o->skip_unprobeable; i++)
		refused |= set->loc[i].bad_insn;
	if (refused) {
		struct probe_set good;
		struct probe_attach_opts oo = *o;
		uint64_t *cookies;

		if ((err = drop_refused(set, o, &good, &cookies)))
			return err;
		oo.cookies = cookies;
		oo.cookie_per_loc = false;
		err = good.n ? probe_attach(prog, &good, &oo, l) : 0;
		free(good.loc);
		free(cookies);
		return err;
	}
	if (!set->n)
		return 0;
	if (prog->multi_fd >= 0 && !o->force_perf && multi_state >= 0) {
		err = attach_multi_split(prog->multi_fd, set, 0, set->n, o, l);
		if (!err)
			return 0;
		/* a missing file or process is not the kernel's fault */
		if (err == -ENOENT || err == -ESRCH || err == -EACCES || err == -EPERM ||
		    prog->perf_fd < 0)
			return err;
		if (multi_state == 0)
			multi_state = -1;	/* no uprobe_multi here: fall back */
	}
	if (prog->perf_fd < 0)
		return err;
	for (size_t i = 0; i < set->n; i++) {
		err = attach_perf_one(prog->perf_fd, set->path, &set->loc[i], o,
				      cookie_of(o, i), l);
		if (err == -524 && o->skip_unprobeable) {
			if (o->on_skip)
				o->on_skip(o->skip_ctx, &set->loc[i]);
			continue;
		}
		if (err) {
			while (l->n > base)
				close(l->fds[--l->n]);
			l->nprobes = nprobes;
			return err;
		}
	}
	return 0;
}

int probe_attach_tracepoint(int prog_fd, const char *sys, const char *name,
			    uint64_t cookie, struct probe_link *l)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.sample_period = 1,
		.wakeup_events = 1,
	};
	char path[512];
	unsigned long long id;
	int err, pfd, link;

	snprintf(path, sizeof(path), "/sys/kernel/tracing/events/%s/%s/id", sys, name);
	if ((err = read_ull_at(AT_FDCWD, path, &id)))
		return err;
	attr.config = id;
	pfd = syscall(SYS_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		return -errno;
	LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = cookie);
	link = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &lo);
	if (link < 0 || ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0)) {
		err = -errno;
		if (link >= 0)
			close(link);
		close(pfd);
		return err;
	}
	l->nprobes++;
	if (keep_fd(l, link))
		return -ENOMEM;
	return keep_fd(l, pfd);
}

void probe_detach(struct probe_link *l)
{
	while (l->n)
		close(l->fds[--l->n]);
	free(l->fds);
	memset(l, 0, sizeof(*l));
}
