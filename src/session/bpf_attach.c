// SPDX-License-Identifier: GPL-2.0
/*
 * Attach the loaded programs: the task and signal tracepoints, the
 * syscall probes (the raw pair, or each call's own tracepoint through a
 * perf event), --event's tracepoints; and detach them.
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
#include <bpf/libbpf.h>

#include "../util/util.h"
#include "syscalls.lskel.h"
#include "session.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"
#include "../inject/inject.h"

#define TRACEFS "/sys/kernel/tracing"

static int add_link(struct session *s, int fd)
{
	if (fd < 0)
		return -errno;
	if (s->nlinks == MAX_LINKS) {
		close(fd);
		return -E2BIG;
	}
	s->links[s->nlinks++] = fd;
	return 0;
}

static int attach_btf(struct session *s, int prog_fd)
{
	return add_link(s, bpf_raw_tracepoint_open(NULL, prog_fd));
}

/* a raw_tp program (no BTF attach target: see tasks.bpf.inc) by its
 * tracepoint's name */
static int attach_raw(struct session *s, const char *tp, int prog_fd)
{
	return add_link(s, bpf_raw_tracepoint_open(tp, prog_fd));
}

/* tracefs's root, opened once per session (see tracefs_open). */
static int tracefs_fd(struct session *s)
{
	const char *how = "";

	if (s->tracefs >= 0)
		return s->tracefs;
	s->tracefs = tracefs_open(&how);
	if (s->o->debug) {
		if (s->tracefs >= 0)
			fprintf(stderr, "strobe: tracepoints through %s\n", how);
		else
			fprintf(stderr, "strobe: cannot open tracefs: %s\n", strerror(-s->tracefs));
	}
	return s->tracefs;
}

static int tracepoint_id(struct session *s, const char *event)
{
	char path[256];
	unsigned long long id;
	int err, dir = tracefs_fd(s);

	if (dir < 0)
		return dir;
	snprintf(path, sizeof(path), "events/%s/id", event);
	if ((err = read_ull_at(dir, path, &id)))
		return err;
	return id > INT32_MAX ? -EINVAL : (int)id;
}

static int attach_tracepoint_id(struct session *s, int id, int prog_fd, __u64 cookie)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.sample_period = 1,
		.wakeup_events = 1,
	};
	int fd;

	attr.config = id;
	/* one event on one CPU: a BPF program on a tracepoint runs on all */
	fd = syscall(SYS_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* through a link (its cookie tells tp_event which tracepoint fired);
	 * the link and the event are closed by perf_release */
	LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = cookie);
	int link = bpf_link_create(prog_fd, fd, BPF_PERF_EVENT, &lo);

	if (link < 0 || ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		int err = -errno;

		int both[2] = { link, fd };

		if (link >= 0)
			perf_release(both, 2);
		else
			perf_release(&fd, 1);
		return err;
	}
	if (s->nperf + 2 > MAX_LINKS) {
		int both[2] = { link, fd };

		perf_release(both, 2);
		return -E2BIG;
	}
	s->perf[s->nperf++] = link;
	s->perf[s->nperf++] = fd;
	return 0;
}

/* The per-syscall tracepoints' ids, for each selected call; -errno if one
 * is missing (exit and exit_group have no exit event: 0). */
int probes_resolve_tp(struct session *s)
{
	char ev[96];

	for (int nr = 0; nr < SYSCALL_TABLE_SIZE && nr < SYSCALL_MAX; nr++) {
		const struct syscall_desc *d = syscall_get(nr);
		const char *name = d ? (d->event ? d->event : d->name) : NULL;
		int id;

		if (!probes_call(s->o, nr) || !d)
			continue;
		snprintf(ev, sizeof(ev), "syscalls/sys_enter_%s", name);
		if ((id = tracepoint_id(s, ev)) < 0)
			return id;
		s->tp_ids[nr][0] = id;
		snprintf(ev, sizeof(ev), "syscalls/sys_exit_%s", name);
		id = tracepoint_id(s, ev);
		if (id < 0 && id != -ENOENT)
			return id;
		s->tp_ids[nr][1] = id < 0 ? 0 : id;
	}
	return 0;
}

static int attach_per_syscall(struct session *s)
{
	int err;

	for (int nr = 0; nr < SYSCALL_TABLE_SIZE && nr < SYSCALL_MAX; nr++) {
		if (!s->tp_ids[nr][0])
			continue;
		err = attach_tracepoint_id(s, s->tp_ids[nr][0],
					   s->skel->progs.on_sys_enter.prog_fd, 0);
		if (!err && s->tp_ids[nr][1])
			err = attach_tracepoint_id(s, s->tp_ids[nr][1],
						   s->skel->progs.on_sys_exit.prog_fd, 0);
		if (err) {
			fprintf(stderr, "strobe: cannot attach to syscalls:sys_enter_%s: %s "
				"(--probe=raw avoids it)\n", syscall_get(nr)->name, strerror(-err));
			return -EALREADY;
		}
	}
	/* A successful execveat returns through syscalls:sys_exit_execve, not
	 * sys_exit_execveat (seen on 6.18: the new image's registers say
	 * execve); the exit program goes by the call the thread entered, so
	 * execve's exit serves execveat too */
	if (s->tp_ids[NR_execveat][0] && !s->tp_ids[NR_execve][0]) {
		int id = tracepoint_id(s, "syscalls/sys_exit_execve");

		if (id > 0 && (err = attach_tracepoint_id(s, id, s->skel->progs.on_sys_exit.prog_fd, 0))) {
			fprintf(stderr, "strobe: cannot attach to syscalls:sys_exit_execve: %s "
				"(--probe=raw avoids it)\n", strerror(-err));
			return -EALREADY;
		}
	}
	return 0;
}

/* --event: find the tracepoints, tell the kernel side how much of each
 * record to copy, and attach the one generic program to each. */
static int attach_events(struct session *s)
{
	char err[512], ev[300];
	int rc;

	if (tracefs_fd(s) < 0) {
		fprintf(stderr, "strobe: --event needs tracefs (%s); mount it: mount -t tracefs "
			"nodev " TRACEFS "\n", strerror(-s->tracefs));
		return -EALREADY;
	}
	for (int i = 0; i < s->o->nevents; i++)
		if (tp_resolve(&s->tps, s->tracefs, s->o->events[i], err, sizeof(err)) < 0) {
			fprintf(stderr, "strobe: %s\n", err);
			return -EALREADY;
		}
	for (int i = 0; i < s->tps.n; i++) {
		const struct tp_event *t = &s->tps.ev[i];
		__u32 id = t->id, copy = t->copy;
		const char *colon = strchr(t->name, ':');

		if (bpf_map_update_elem(s->skel->maps.tpinfo.map_fd, &id, &copy, BPF_ANY))
			return -errno;
		snprintf(ev, sizeof(ev), "%.*s/%s", (int)(colon - t->name), t->name, colon + 1);
		rc = tracepoint_id(s, ev);
		if (rc >= 0)
			rc = attach_tracepoint_id(s, rc, s->skel->progs.tp_event.prog_fd, t->id);
		if (rc) {
			fprintf(stderr, "strobe: cannot attach to %s: %s\n", t->name, strerror(-rc));
			return -EALREADY;
		}
	}
	if (s->o->debug)
		fprintf(stderr, "strobe: %d tracepoints from --event\n", s->tps.n);
	return 0;
}

int bpf_setup_attach(struct session *s)
{
	const struct options *o = s->o;
	int err;

	/* Probes on one tracepoint run in the order they were attached: the
	 * --event ones go first, so they see a task before on_task_exit
	 * forgets it (sched:sched_process_exit). */
	if (s->o->nevents && (err = attach_events(s)))
		return err;
	if ((err = attach_raw(s, "sched_process_exit", s->skel->progs.on_task_exit.prog_fd)) ||
	    (err = attach_raw(s, "signal_deliver", s->skel->progs.on_signal.prog_fd)) ||
	    (err = attach_btf(s, s->skel->progs.on_signal_generate.prog_fd)))
		return err;
	if (o->follow && (err = attach_btf(s, s->skel->progs.on_fork.prog_fd)))
		return err;
	if ((o->cmd || o->trace) &&
	    (err = attach_raw(s, "sched_process_exec", s->skel->progs.on_exec.prog_fd)))
		return err;
	s->inj_probes = probes_any(o);
	if (!s->inj_probes)
		return 0;
	struct inject_lazy lz;

	if (bpf_calls_lazy(o, &lz)) {
		s->calls_pending = true;
		if (o->debug)
			fprintf(stderr, "strobe: syscall probes attached at the first call the "
				"filter sends to strobe: every call they would show goes "
				"through it, and until then no syscall tracepoint costs the "
				"command anything\n");
		return 0;
	}
	return bpf_setup_attach_calls(s);
}

int bpf_setup_attach_calls(struct session *s)
{
	int err;

	s->calls_pending = false;
	if (s->per_syscall)
		return attach_per_syscall(s);
	if ((err = attach_btf(s, s->skel->progs.on_sys_enter.prog_fd)) ||
	    (err = attach_btf(s, s->skel->progs.on_sys_exit.prog_fd)))
		return err;
	return 0;
}

void bpf_setup_detach(struct session *s)
{
	/* Detaching is slow (release.c): the programs are made inert first,
	 * then a child detaches them after strobe has exited.  The perf
	 * events are disabled here; tp_btf links are handed over as they
	 * are. */
	int fds[2 * MAX_LINKS], n = 0;

	if (s->skel)
		__atomic_store_n(&s->skel->bss->stopped, 1, __ATOMIC_RELEASE);
	else
		while (s->nlinks)
			close(s->links[--s->nlinks]);
	for (int i = 0; i < s->nperf; i++)
		ioctl(s->perf[i], PERF_EVENT_IOC_DISABLE, 0);
	while (s->nlinks)
		fds[n++] = s->links[--s->nlinks];
	for (int i = 0; i < s->nperf; i++)
		fds[n++] = s->perf[i];
	release_at_exit(fds, n);
	s->nperf = 0;
	if (s->skel && !s->detached) {
		s->lost_final = bpf_lost_total(s);
		s->missed_final = bpf_missed_total(s);
		s->detached = true;
	}
}

