// SPDX-License-Identifier: GPL-2.0
/*
 * strobe profile's session: load the BPF side, open a sampling perf event
 * per CPU, run or attach to the targets, keep the samples as they come
 * (reading each process's mappings while it lives), and when sampling
 * stops unwind, symbolise, merge and write.  Unwinding waits for the end
 * so that strobe takes no CPU from the profiled work while it runs.
 */
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <dirent.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "profile.h"
#include "../util/lskel.h"	/* the loader's fds: held (util/lskel.c) */
#include "profile.lskel.h"
#include "../python/python.h"
#include "../session/session.h"
#include "../../bpf/profile_event.h"

#define MAX_CPUS 1024

/* A kept sample: its record is at arena[off], len bytes. */
struct kept {
	struct proc *p;
	size_t off;
	uint32_t len;
	uint64_t off_ns;	/* off-CPU: the time it stayed blocked */
};

/* The last "blocked here" record of a thread, until it runs again. */
struct parked {
	uint32_t tid;
	struct proc *p;
	void *rec;
	uint32_t len;
};

/* Kept samples are unwound in batches of this many bytes: a long profile
 * takes memory in proportion to its distinct stacks, not its samples. */
#define KEEP_MAX (64u << 20)
/* ...and while sampling, once this many are kept */
#define BUILD_BATCH 512

struct prof {
	struct prof_options *o;
	struct prof_result *r;
	struct profile_bpf *skel;
	int links[MAX_CPUS + 4], nlinks;
	const char *event_name;
	struct procs *procs;
	struct pyinfo *py;	/* NULL: --no-python */
	char *arena;
	size_t used, cap;
	struct kept *k;
	size_t nk, capk;
	size_t kdone;		/* k[0..kdone) are built (a batch in progress) */
	struct parked *park;	/* open addressing by tid */
	size_t npark;
	uint64_t samples, off_events, lost_marked;
	bool oom;
	/* the launched command, until its exec: that time is strobe's */
	pid_t child;
	bool child_execd;
	char self_comm[16];
	double cpu_sampling_ms;
	uint64_t kept_bytes;
	uint64_t counted_keys;	/* --call-graph=fp: distinct (process, stacks) */
	uint64_t built_at;	/* the last build while sampling */
	uint64_t end_ns;	/* when the window ended (CLOCK_MONOTONIC) */
	uint64_t live_last;	/* strobe top: the last view's time */
	bool live_done;		/* ...and it said stop */
};

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static int keep(struct prof *pf, struct proc *p, const void *rec, uint32_t len,
		uint64_t off_ns)
{
	if (pf->used + len + 8 > pf->cap) {
		size_t nc = pf->cap ? pf->cap * 2 : 1 << 20;
		char *a;

		while (nc < pf->used + len + 8)
			nc *= 2;
		a = realloc(pf->arena, nc);
		if (!a)
			return -ENOMEM;
		pf->arena = a;
		pf->cap = nc;
	}
	if (pf->nk == pf->capk) {
		size_t nc = pf->capk ? pf->capk * 2 : 4096;
		struct kept *k = realloc(pf->k, nc * sizeof(*k));

		if (!k)
			return -ENOMEM;
		pf->k = k;
		pf->capk = nc;
	}
	memcpy(pf->arena + pf->used, rec, len);
	pf->k[pf->nk++] = (struct kept){ p, pf->used, len, off_ns };
	pf->used += (len + 7) & ~7u;	/* the next record stays aligned */
	pf->kept_bytes += len;
	return 0;
}

static struct parked *park_slot(struct prof *pf, uint32_t tid)
{
	size_t j = (tid * 2654435761u) & (pf->npark - 1);

	while (pf->park[j].tid && pf->park[j].tid != tid)
		j = (j + 1) & (pf->npark - 1);
	return &pf->park[j];
}

static void build(struct prof *pf, struct prof_result *r);
static void build_for(struct prof *pf, struct prof_result *r, uint64_t budget);

/*
 * The window ended: every thread still blocked counts for the time it has
 * been blocked inside it (since its "blocked here" record, or since the
 * window's start for one blocked then), as py-spy --idle shows a thread
 * asleep the whole time: a server stuck in accept() is not idle.
 */
static void flush_parked(struct prof *pf)
{
	for (size_t i = 0; i < pf->npark; i++) {
		struct parked *pk = &pf->park[i];
		const struct prof_sample *s = pk->rec;

		if (!s)
			continue;
		if (s->ts < pf->end_ns && pf->end_ns - s->ts >= pf->o->min_block_ns) {
			pf->off_events++;
			if (keep(pf, pk->p, pk->rec, pk->len, pf->end_ns - s->ts))
				pf->oom = true;
		}
		free(pk->rec);
		pk->rec = NULL;
	}
}

static int on_record(void *ctx, void *data, size_t size)
{
	struct prof *pf = ctx;
	const struct prof_sample *s = data;
	size_t need;

	if (size < sizeof(*s))
		return 0;
	pf->lost_marked += s->lost;
	need = sizeof(*s) + (size_t)s->kstack_len + s->ustack_len + s->stack_len + s->py_len;
	if (s->kind != PK_ON && need > size)
		return 0;
	if (s->pid == (__u32)pf->child && !pf->child_execd && s->kind != PK_ON) {
		if (!strncmp(s->comm, pf->self_comm, sizeof(s->comm)))
			return 0;
		pf->child_execd = true;
	}
	if (pf->py && s->kind != PK_ON)
		pyinfo_sample(pf->py, s, s + 1);
	switch (s->kind) {
	case PK_CPU:
		pf->samples++;
		if (keep(pf, procs_note(pf->procs, s), s, need, 0))
			pf->oom = true;
		if (pf->used > KEEP_MAX)
			build(pf, pf->r);
		break;
	case PK_OFF: {
		struct parked *pk = park_slot(pf, s->tid);
		void *copy = malloc(need);

		if (!copy) {
			pf->oom = true;
			break;
		}
		memcpy(copy, s, need);
		free(pk->rec);
		/* the table is sized for every thread at once; a full one
		 * only overwrites its own slots */
		*pk = (struct parked){ s->tid, procs_note(pf->procs, s), copy, need };
		break;
	}
	case PK_DUMP: {
		/* the start of an off-CPU profile: a blocked thread counts as
		 * blocked here since now (the kernel times it from now too) */
		struct parked *pk;
		struct prof_sample *copy;

		if (!(uint32_t)s->weight || s->weight >> 32 || need > size)
			break;
		copy = malloc(need);
		if (!copy) {
			pf->oom = true;
			break;
		}
		memcpy(copy, s, need);
		copy->kind = PK_OFF;
		copy->weight = 0;
		pk = park_slot(pf, s->tid);
		free(pk->rec);
		*pk = (struct parked){ s->tid, procs_note(pf->procs, s), copy, need };
		break;
	}
	case PK_NEW:
		procs_note(pf->procs, s);
		break;
	case PK_ON: {
		struct parked *pk = park_slot(pf, s->tid);
		uint64_t w = s->weight;

		if (!pk->rec)
			break;
		/* woken after the window: only its part inside counts */
		if (pf->end_ns && s->ts > pf->end_ns)
			w = s->ts - pf->end_ns < w ? w - (s->ts - pf->end_ns) : 0;
		pf->off_events++;
		if (keep(pf, pk->p, pk->rec, pk->len, w))
			pf->oom = true;
		free(pk->rec);
		pk->rec = NULL;
		if (pf->used > KEEP_MAX)
			build(pf, pf->r);
		break;
	}
	}
	return pf->oom ? -ENOMEM : 0;
}

static int open_sampler(struct prof *pf, int cpu)
{
	/* cycles where the machine counts them, cpu-clock everywhere */
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.freq = 1,
		.sample_freq = pf->o->hz,
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_CPU_CYCLES,
	};
	int fd = -1;

	if (!pf->event_name || !strcmp(pf->event_name, "cycles"))
		fd = syscall(SYS_perf_event_open, &attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd >= 0) {
		pf->event_name = "cycles";
		return fd;
	}
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	fd = syscall(SYS_perf_event_open, &attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd >= 0)
		pf->event_name = "cpu-clock";
	return fd < 0 ? -errno : fd;
}

static void perf_hint(int err)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "re");
	int level = 2;

	if (f) {
		if (fscanf(f, "%d", &level) != 1)
			level = 2;
		fclose(f);
	}
	if (err == -EACCES || err == -EPERM)
		fprintf(stderr, "strobe profile: the kernel refused a sampling event (%s; "
			"perf_event_paranoid is %d): run as root, or give strobe "
			"CAP_PERFMON, or 'sysctl kernel.perf_event_paranoid=-1'\n",
			strerror(-err), level);
	else
		fprintf(stderr, "strobe profile: cannot open a cpu-clock sampling event: %s "
			"(this kernel needs CONFIG_PERF_EVENTS)\n", strerror(-err));
}

static int attach(struct prof *pf)
{
	int ncpu = libbpf_num_possible_cpus(), fd, opened = 0;

	if (ncpu > MAX_CPUS)
		ncpu = MAX_CPUS;
	if (pf->o->what != PW_OFF) {
		for (int cpu = 0; cpu < ncpu; cpu++) {
			fd = open_sampler(pf, cpu);
			if (fd == -ENODEV || fd == -EINVAL)
				continue;	/* a possible CPU that is offline */
			if (fd < 0) {
				perf_hint(fd);
				return fd;
			}
			pf->links[pf->nlinks++] = fd;
			int link = bpf_link_create(pf->skel->progs.on_sample.prog_fd, fd,
						   BPF_PERF_EVENT, NULL);

			if (link < 0) {
				fprintf(stderr, "strobe profile: cannot attach to the sampling "
					"event: %s\n", strerror(errno));
				return -errno;
			}
			pf->links[pf->nlinks++] = link;
			opened++;
		}
		if (!opened) {
			perf_hint(-ENODEV);
			return -ENODEV;
		}
		if (pf->o->verbose)
			fprintf(stderr, "strobe profile: sampling %d CPUs at %u Hz with %s\n",
				opened, pf->o->hz, pf->event_name);
	}
	if (pf->o->what != PW_ON) {
		fd = bpf_raw_tracepoint_open(NULL, pf->skel->progs.on_switch.prog_fd);
		if (fd < 0) {
			fprintf(stderr, "strobe profile: cannot attach to sched_switch: %s\n",
				strerror(errno));
			return -errno;
		}
		pf->links[pf->nlinks++] = fd;
	}
	if (!pf->o->no_python) {
		fd = bpf_raw_tracepoint_open(NULL, pf->skel->progs.prof_exec.prog_fd);
		if (fd < 0) {
			fprintf(stderr, "strobe profile: cannot attach to sched_process_exec: %s\n",
				strerror(errno));
			return -errno;
		}
		pf->links[pf->nlinks++] = fd;
	}
	if (!pf->o->all || !pf->o->no_python) {
		fd = bpf_raw_tracepoint_open(NULL, pf->skel->progs.on_fork.prog_fd);
		if (fd < 0) {
			fprintf(stderr, "strobe profile: cannot attach to sched_process_fork: %s\n",
				strerror(errno));
			return -errno;
		}
		pf->links[pf->nlinks++] = fd;
	}
	return 0;
}

static void detach(struct prof *pf)
{
	while (pf->nlinks)
		close(pf->links[--pf->nlinks]);
}

static int load(struct prof *pf)
{
	static char log[1 << 20];
	struct prof_options *o = pf->o;
	int err;

	pf->skel = profile_bpf__open();
	if (!pf->skel)
		return -errno ? -errno : -ENOMEM;
	pf->skel->rodata->self_tgid = getpid();
	pf->skel->rodata->target_all = o->all;
	pf->skel->rodata->cgroup_on = o->cgroup != NULL;
	pf->skel->rodata->stack_bytes = o->unwind == PU_FP || o->no_user ? 0 : o->stack_bytes;
	pf->skel->rodata->min_block_ns = o->min_block_ns;
	pf->skel->rodata->want_user = !o->no_user;
	pf->skel->rodata->want_kernel = !o->no_kernel;
	pf->skel->rodata->aggregate = o->unwind == PU_FP && o->what != PW_OFF;
	pf->skel->rodata->want_python = !o->no_python;
	pf->skel->rodata->want_gil = o->gil;
	pf->skel->rodata->per_thread = o->per_thread;
	if (o->verbose >= 2) {
		pf->skel->ctx.log_level = 1;
		pf->skel->ctx.log_size = sizeof(log);
		pf->skel->ctx.log_buf = (long)log;
	}
	lskel_hold(true);
	err = profile_bpf__load(pf->skel);
	lskel_hold(false);
	if (err && o->verbose >= 2 && log[0])
		fprintf(stderr, "strobe: verifier log:\n%s\n", log);
	if (!err && o->cgroup)
		err = cgroup_select(pf->skel->maps.cgroup_sel.map_fd, o->cgroup);
	return err < 0 ? err : -err;
}

static int add_target(struct prof *pf, pid_t pid)
{
	__u32 key = pid;
	__u8 one = 1;

	return bpf_map_update_elem(pf->skel->maps.targets.map_fd, &key, &one, BPF_ANY) ? -errno : 0;
}

static double cpu_ms(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3 +
	       ru.ru_stime.tv_sec * 1e3 + ru.ru_stime.tv_usec / 1e3;
}

/* -v: what profiling cost, where it can be measured: strobe's own CPU
 * while sampling, and the BPF program's time per run when the kernel
 * counts it (sysctl kernel.bpf_stats_enabled=1). */
static void say_costs(struct prof *pf)
{
	struct bpf_prog_info info;
	__u32 len = sizeof(info);

	if (pf->o->what != PW_ON)
		fprintf(stderr, "strobe profile: %llu off-CPU periods\n",
			(unsigned long long)pf->off_events);
	if (pf->o->gil)
		fprintf(stderr, "strobe profile: --gil left out %llu samples and %llu blocks "
			"without the GIL\n", (unsigned long long)pf->skel->bss->gil_cpu_left,
			(unsigned long long)pf->skel->bss->gil_off_left);
	if (pf->skel->bss->vma_failed)
		fprintf(stderr, "strobe profile: %llu stack copies sized without the stack's "
			"mapping\n", (unsigned long long)pf->skel->bss->vma_failed);
	if (pf->o->what == PW_OFF)
		return;

	fprintf(stderr, "strobe profile: %llu samples, %.1f MB kept; strobe used %.1f ms of "
		"CPU while sampling\n", (unsigned long long)pf->samples, pf->kept_bytes / 1e6,
		pf->cpu_sampling_ms);
	memset(&info, 0, sizeof(info));
	if (pf->o->what != PW_OFF && !bpf_obj_get_info_by_fd(pf->skel->progs.on_sample.prog_fd, &info, &len) &&
	    info.run_cnt)
		fprintf(stderr, "strobe profile: the sampling program ran %llu times, %.2f us "
			"each\n", (unsigned long long)info.run_cnt,
			info.run_time_ns / 1e3 / info.run_cnt);
}

/* --per-thread: a frame under the root naming the thread, "thread TID
 * NAME": a Python thread's name from its threading module, else the OS
 * name.  Frames hold frames[0..*n); the new one goes at 1. */
static void thread_frame(struct prof *pf, struct stacks *st, pid_t pid, pid_t tid,
			 const char *comm, uint64_t ts, uint32_t **frames, uint32_t *n,
			 uint32_t *cap)
{
	const char *py = pf->py ? pyinfo_thread_name(pf->py, pid, tid, ts) : NULL;
	char name[200];

	if (!*n)
		return;
	if (*n == *cap) {
		uint32_t nc = *cap ? *cap * 2 : 256, *nf = realloc(*frames, nc * sizeof(*nf));

		if (!nf)
			return;
		*frames = nf;
		*cap = nc;
	}
	snprintf(name, sizeof(name), "thread %u %.*s", (unsigned)tid, py ? 160 : 16,
		 py ? py : comm[0] ? comm : "?");
	memmove(*frames + 2, *frames + 1, (*n - 1) * sizeof(**frames));
	(*frames)[1] = stacks_intern(st, name, FK_ROOT);
	(*n)++;
}

/* --call-graph=fp: the samples the kernel counted by stack, as stacks. */
static void build_counted(struct prof *pf, struct prof_result *r)
{
	int cfd = pf->skel->maps.counts.map_fd, sfd = pf->skel->maps.stackmap.map_fd;
	struct prof_count_key key, next, *prev = NULL;
	uint32_t *frames = NULL, n, cap = 0;
	struct {
		struct prof_sample s;
		uint64_t ips[2 * PROF_MAX_FRAMES];
	} rec;

	while (!bpf_map_get_next_key(cfd, prev, &next)) {
		uint64_t count = 0, st[PROF_MAX_FRAMES];
		uint32_t nk = 0, nu = 0, id;
		struct proc *p;
		bool full = false;

		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(cfd, &key, &count) || !count)
			continue;
		/* the command before its exec is strobe */
		if (key.pid == (uint32_t)pf->child &&
		    !strncmp(key.comm, pf->self_comm, sizeof(key.comm)))
			continue;
		memset(&rec.s, 0, sizeof(rec.s));
		rec.s.kind = PK_CPU;
		rec.s.pid = rec.s.tid = key.pid;
		memcpy(rec.s.comm, key.comm, sizeof(rec.s.comm));
		id = key.kstack;
		if (key.kstack >= 0 && !bpf_map_lookup_elem(sfd, &id, st))
			for (; nk < PROF_MAX_FRAMES && st[nk]; nk++)
				rec.ips[nk] = st[nk];
		id = key.ustack;
		if (key.ustack >= 0 && !bpf_map_lookup_elem(sfd, &id, st))
			for (; nu < PROF_MAX_FRAMES && st[nu]; nu++)
				rec.ips[nk + nu] = st[nu];
		rec.s.kstack_len = nk * 8;
		rec.s.ustack_len = nu * 8;
		rec.s.user = nu > 0;
		rec.s.regs[PR_RIP] = nu ? rec.ips[nk] : 0;
		p = procs_find(pf->procs, key.pid, key.comm);
		if (!p)
			p = procs_note(pf->procs, &rec.s);
		n = 0;
		procs_unwind(pf->procs, p, &rec.s, rec.ips, PU_FP, &r->st, &frames, &n, &cap,
			     &full);
		if (pf->o->per_pid && n) {
			char root[40];

			snprintf(root, sizeof(root), "%.16s %u", key.comm[0] ? key.comm : "?",
				 key.pid);
			frames[0] = stacks_intern(&r->st, root, FK_ROOT);
		}
		if (pf->o->per_thread)
			thread_frame(pf, &r->st, key.pid, key.tid, key.comm, 0, &frames, &n, &cap);
		if (rec.s.user && !pf->o->no_user) {
			r->user_samples += count;
			r->user_full += full ? count : 0;
		}
		stacks_add(&r->st, frames, n, count, 0);
		pf->samples += count;
		pf->counted_keys++;
	}
	free(frames);
	if (pf->o->verbose)
		fprintf(stderr, "strobe profile: %llu samples counted in the kernel under %llu "
			"stacks\n", (unsigned long long)pf->samples,
			(unsigned long long)pf->counted_keys);
}

/* Turn every kept sample into a stack of names, merged. */
static void build(struct prof *pf, struct prof_result *r)
{
	build_for(pf, r, 0);
}

/* ...for at most budget ns (0: all), from where the last call stopped: a
 * batch while sampling must not keep the ring buffer unread for long (new
 * processes' libdwfl sessions and debug files can take a while) */
static void build_for(struct prof *pf, struct prof_result *r, uint64_t budget)
{
	if (pf->kdone >= pf->nk)
		return;
	uint32_t *frames = NULL, n, cap = 0;
	uint32_t off_marker = stacks_intern(&r->st, "[off-cpu]", FK_ROOT);
	uint64_t until = budget ? mono_ns() + budget : 0;
	size_t i;

	for (i = pf->kdone; i < pf->nk; i++) {
		if (until && !(i & 15) && i > pf->kdone && mono_ns() > until)
			break;
		const struct prof_sample *s = (const void *)(pf->arena + pf->k[i].off);
		bool full = false;

		n = 0;
		procs_unwind(pf->procs, pf->k[i].p, s, s + 1, pf->o->unwind, &r->st,
			     &frames, &n, &cap, &full);
		if (pf->py)
			pyinfo_merge(pf->py, s, s + 1, &r->st, &frames, &n, &cap, 0);
		if (pf->o->per_pid && n) {
			char root[40];

			snprintf(root, sizeof(root), "%.16s %u", s->comm[0] ? s->comm : "?", s->pid);
			frames[0] = stacks_intern(&r->st, root, FK_ROOT);
		}
		if (pf->o->per_thread)
			thread_frame(pf, &r->st, s->pid, s->tid, s->comm, s->ts, &frames, &n, &cap);
		if (s->user && !pf->o->no_user) {
			r->user_samples++;
			r->user_full += full;
		}
		if (s->kind == PK_OFF && pf->o->what == PW_BOTH) {
			if (n == cap) {
				cap = cap ? cap * 2 : 256;
				frames = realloc(frames, cap * sizeof(*frames));
				if (!frames)
					return;
			}
			frames[n++] = off_marker;
		}
		stacks_add(&r->st, frames, n, s->kind == PK_CPU, pf->k[i].off_ns);
	}
	free(frames);
	pf->kdone = i;
	if (i < pf->nk)
		return;
	pf->nk = 0;
	pf->used = 0;
	pf->kdone = 0;
}

static int write_one(struct prof_result *r, const char *path, enum prof_format fmt)
{
	FILE *f = path ? fopen(path, "we") : stdout;
	int err;

	if (!f) {
		fprintf(stderr, "strobe profile: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	switch (fmt) {
	case PF_FOLDED: err = out_folded(f, r); break;
	case PF_SVG: err = out_svg(f, r); break;
	case PF_PPROF: err = out_pprof(f, r); break;
	case PF_SPEEDSCOPE: err = out_speedscope(f, r); break;
	default: err = out_text(f, r); break;
	}
	if (fflush(f) || ferror(f))
		err = -1;
	if (f != stdout && fclose(f))
		err = -1;
	if (err)
		fprintf(stderr, "strobe profile: cannot write %s: %s\n",
			path ? path : "the profile", strerror(errno));
	return err ? -1 : 0;
}

static int write_out(struct prof_result *r)
{
	const struct prof_options *o = r->o;
	int err = 0;

	stacks_sort(&r->st);
	if (!o->nout)
		return write_one(r, NULL, o->format);
	for (int i = 0; i < o->nout; i++)
		err |= write_one(r, o->outfile[i], o->fmt[i]);
	return err;
}

/* strobe top --profile: the stacks so far to the live view at each
 * interval (it keeps what it saw before, to count the interval: frame ids
 * are cached across builds, so the table cannot restart); the view is
 * asked at every poll whether to stop. */
static bool live_tick(struct prof *pf, uint64_t *last)
{
	const struct prof_live *lv = pf->o->live;
	uint64_t now = mono_ns();
	struct prof_result *r = pf->r;
	bool stop;

	if (now < *last + lv->interval * 1e9)
		return pf->live_done = lv->tick(lv->arg, NULL, 0);
	build(pf, r);
	r->samples = pf->samples;
	r->off_events = pf->off_events;
	stop = lv->tick(lv->arg, r, (now - *last) / 1e9);
	*last = now;
	pf->live_done = stop;
	return stop;
}

static int consume(struct prof *pf, struct ring_buffer *rb, int sigfd, struct launch *l,
		   int *child_status)
{
	uint64_t end = pf->o->duration ? mono_ns() + pf->o->duration * 1e9 : 0;
	int stop = 0;

	pf->live_last = mono_ns();

	for (;;) {
		struct signalfd_siginfo si;
		/* the BPF side never wakes us (a wakeup per sample costs the
		 * profiled CPUs): look every 20 ms */
		int n = ring_buffer__poll(rb, 20);

		if (n >= 0)
			n = ring_buffer__consume(rb);
		if (pf->py)
			pyinfo_poll(pf->py, mono_ns());
		if (pf->o->live && live_tick(pf, &pf->live_last))
			break;
		/* unwind and name what came so far, a batch at a time, so that
		 * the output is written soon after the window ends: cached
		 * names make this cheap (a few us a sample), and batches keep
		 * a short run at a low rate from paying anything while it
		 * samples */
		if (!pf->o->live && (pf->kdone ||
		    (pf->nk >= BUILD_BATCH && mono_ns() - pf->built_at > 250000000ull))) {
			build_for(pf, pf->r, 20000000ull);
			pf->built_at = mono_ns();
		}

		if (n < 0 && n != -EINTR) {
			if (n == -ENOMEM)
				fprintf(stderr, "strobe profile: out of memory keeping samples; "
					"profile for less time or at a lower -F\n");
			break;
		}
		while (read(sigfd, &si, sizeof(si)) == sizeof(si)) {
			if (si.ssi_signo != SIGCHLD)
				stop = si.ssi_signo;
		}
		if (stop)
			break;
		if (end && mono_ns() >= end)
			break;
		if (l && l->pid > 0 && waitpid(l->pid, child_status, WNOHANG) == l->pid) {
			l->pid = 0;
			break;
		}
		if (pf->o->npids) {
			int alive = 0;

			for (int i = 0; i < pf->o->npids; i++)
				alive += !kill(pf->o->pids[i], 0) || errno == EPERM;
			if (!alive)
				break;
		}
	}
	return stop;
}

void profile_end_command(pid_t pid, int *status)
{
	int st = 0;

	/* what Ctrl-C does to a command in the terminal's foreground group;
	 * one that ignores it is killed after two seconds */
	kill(pid, SIGINT);
	for (int i = 0; i < 200; i++) {
		if (waitpid(pid, &st, WNOHANG) == pid)
			goto done;
		usleep(10000);
	}
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
done:
	if (status)
		*status = st;
}

/*
 * --subprocesses: add every descendant of the -p processes to o->pids
 * (the kernel side follows the ones forked from now on).  From each
 * process's parent in /proc/N/stat, which needs no CONFIG_PROC_CHILDREN.
 */
static int add_descendants(struct prof_options *o)
{
	struct { pid_t pid, ppid; } *all = NULL;
	size_t n = 0, cap = 0;
	DIR *d = opendir("/proc");
	struct dirent *e;

	if (!d)
		return -errno;
	while ((e = readdir(d))) {
		char path[64], buf[512], *rp;
		int pid = atoi(e->d_name), ppid;
		FILE *f;

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		f = fopen(path, "re");
		if (!f)
			continue;
		buf[0] = 0;
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = 0;
		fclose(f);
		/* the name may hold spaces and parentheses: after the last ')' */
		rp = strrchr(buf, ')');
		if (!rp || sscanf(rp + 1, " %*c %d", &ppid) != 1)
			continue;
		if (n == cap) {
			void *nv = realloc(all, (cap = cap ? cap * 2 : 1024) * sizeof(*all));

			if (!nv) {
				closedir(d);
				free(all);
				return -ENOMEM;
			}
			all = nv;
		}
		all[n].pid = pid;
		all[n++].ppid = ppid;
	}
	closedir(d);
	/* breadth first: o->pids grows as children are found */
	for (int i = 0; i < o->npids; i++)
		for (size_t j = 0; j < n; j++) {
			bool have = false;

			if (all[j].ppid != o->pids[i])
				continue;
			for (int k = 0; k < o->npids && !have; k++)
				have = o->pids[k] == all[j].pid;
			if (have)
				continue;
			pid_t *np = realloc(o->pids, (o->npids + 1) * sizeof(*np));

			if (!np) {
				free(all);
				return -ENOMEM;
			}
			o->pids = np;
			o->pids[o->npids++] = all[j].pid;
		}
	free(all);
	return 0;
}

int profile_main(int argc, char **argv)
{
	struct prof_options o;
	int rc = prof_options_parse(&o, argc, argv);

	if (rc) {
		free(o.pids);	/* -p given before the bad option */
		return rc > 0 ? 0 : 1;
	}
	return profile_run(&o);
}

int profile_run(struct prof_options *op)
{
	struct prof_options o = *op;
	struct prof_result r = { .o = &o };
	struct prof pf = { .o = &o, .r = &r };
	struct ring_buffer *rb = NULL;
	struct launch l = { .pid = 0, .gate_fd = -1, .exec_err_fd = -1 };
	int status = 1, sigfd = -1, err;
	uint64_t missed;
	int child_status = 0, stop;
	uint64_t t0;

	if (hint_check_privileges())
		goto out;
	pf.procs = procs_new();
	pf.npark = 1 << 16;
	pf.park = calloc(pf.npark, sizeof(*pf.park));
	if (!pf.procs || !pf.park)
		goto out;
	sigfd = session_signalfd();
	if (sigfd < 0) {
		fprintf(stderr, "strobe profile: out of resources: %s\n", strerror(errno));
		goto out;
	}
	err = load(&pf);
	if (err) {
		hint_load_failure(err);
		goto out;
	}
	if (!o.no_python) {
		pf.py = pyinfo_new(pf.skel->maps.pyprocs.map_fd, o.verbose, o.gil);
		if (!pf.py)
			goto out;
		if (o.per_thread)
			pyinfo_want_names(pf.py);
	}
	for (int i = 0; i < o.npids; i++) {
		if (kill(o.pids[i], 0) && errno == ESRCH) {
			fprintf(stderr, "strobe profile: no process %d\n", o.pids[i]);
			goto out;
		}
	}
	if (o.subprocesses && o.npids) {
		int given = o.npids;

		if (add_descendants(&o)) {
			fprintf(stderr, "strobe profile: cannot list the children: %s\n",
				strerror(errno));
			goto out;
		}
		if (o.verbose)
			fprintf(stderr, "strobe profile: %d processes under the %d given\n",
				o.npids - given, given);
	}
	for (int i = 0; i < o.npids; i++) {
		add_target(&pf, o.pids[i]);
		if (pf.py)
			pyinfo_attach(pf.py, o.pids[i]);
	}
	if (o.dump) {
		status = profile_dump(pf.skel, &o, pf.py) ? 1 : 0;
		goto out;
	}
	if (o.cmd) {
		err = launch_fork(o.cmd, &l);
		if (err) {
			status = err == -ENOENT ? 127 : err == -EACCES ? 126 : 1;
			goto out;
		}
		add_target(&pf, l.pid);
		pf.child = l.pid;
		prctl(PR_GET_NAME, pf.self_comm);
	}
	/* the kernel's symbols now, not in the window nor after it */
	if (!o.no_kernel)
		procs_load_ksyms(pf.procs);
	if (attach(&pf))
		goto out;
	rb = ring_buffer__new(pf.skel->maps.rb.map_fd, on_record, &pf, NULL);
	if (!rb) {
		fprintf(stderr, "strobe profile: ring buffer: %s\n", strerror(errno));
		goto out;
	}
	/* off-CPU: the threads of -p that are blocked now, with their
	 * stacks, timed from now (inside the window: it starts first) */
	t0 = mono_ns();
	if (o.what != PW_ON && o.npids) {
		pf.skel->bss->dump_mark_blocked = 1;
		for (int i = 0; i < o.npids; i++)
			profile_snapshot(pf.skel, o.pids[i]);
		pf.skel->bss->dump_mark_blocked = 0;
		ring_buffer__consume(rb);
	}
	if (o.cmd) {
		err = launch_go(&l, o.cmd[0]);
		if (err) {
			status = err == -ENOENT ? 127 : 126;
			l.pid = 0;
			goto out;
		}
	}
	double cpu0 = cpu_ms();

	stop = consume(&pf, rb, sigfd, o.cmd ? &l : NULL, &child_status);
	/* strobe top's q ends the command it runs, as Ctrl-C would */
	if (o.live && pf.live_done && l.pid > 0) {
		profile_end_command(l.pid, NULL);
		l.pid = -1;
	}
	pf.end_ns = mono_ns();
	ring_buffer__consume(rb);
	/* the names threads have now, while the processes live (those read
	 * as samples came stay for threads that have ended) */
	if (o.per_thread && pf.py)
		pyinfo_read_all_names(pf.py);
	pf.cpu_sampling_ms = cpu_ms() - cpu0;
	detach(&pf);
	ring_buffer__consume(rb);
	if (o.what != PW_ON)
		flush_parked(&pf);
	if (o.verbose)
		say_costs(&pf);
	missed = lskel_missed(&pf.skel->progs, sizeof(pf.skel->progs));
	if (missed)
		fprintf(stderr, "strobe profile: %llu probe runs skipped by the kernel (another "
			"BPF program was running on that CPU): samples are missing\n", (unsigned long long)missed);
	r.duration_ns = mono_ns() - t0;
	r.samples = pf.samples;
	r.off_events = pf.off_events;
	r.lost = pf.skel->bss->lost_total;
	r.gil_cpu_left = pf.skel->bss->gil_cpu_left;
	r.gil_off_left = pf.skel->bss->gil_off_left;
	double cpu1 = cpu_ms();
	uint64_t wall1 = mono_ns();
	if (pf.skel->rodata->aggregate)
		build_counted(&pf, &r);
	build(&pf, &r);
	/* the targets ended: the live view gets the last, partial interval */
	if (o.live && !pf.live_done && mono_ns() - pf.live_last > 50000000ull)
		o.live->tick(o.live->arg, &r, (mono_ns() - pf.live_last) / 1e9);
	r.samples = pf.samples;
	if (pf.skel->bss->stacks_dropped)
		fprintf(stderr, "strobe profile: %llu samples lost a stack or their count "
			"(the kernel's stack tables were full)\n",
			(unsigned long long)pf.skel->bss->stacks_dropped);
	status = o.live ? 0 : write_out(&r) ? 1 : 0;
	if (o.verbose && !o.live) {
		uint64_t frames, lookups;

		procs_counts(pf.procs, &frames, &lookups);
		fprintf(stderr, "strobe profile: %llu user frames named, %llu looked up\n",
			(unsigned long long)frames, (unsigned long long)lookups);
	}
	if (o.verbose && !o.live)
		fprintf(stderr, "strobe profile: after sampling, %.1f ms of CPU (%.1f us a "
			"sample) and %.1f ms to the output written\n", cpu_ms() - cpu1,
			pf.samples + pf.off_events ? (cpu_ms() - cpu1) * 1e3 /
			(pf.samples + pf.off_events) : 0.0, (mono_ns() - wall1) / 1e6);
	if (r.lost)
		fprintf(stderr, "strobe profile: %llu samples lost (ring buffer full)\n",
			(unsigned long long)r.lost);
	if (!status && o.cmd && !l.pid) {
		if (WIFEXITED(child_status))
			status = WEXITSTATUS(child_status);
		else if (WIFSIGNALED(child_status))
			status = 128 + WTERMSIG(child_status);
	} else if (!status && stop) {
		status = 128 + stop;
	}
out:
	detach(&pf);
	if (l.pid > 0) {
		/* strobe gave up (or was stopped) before the command ended:
		 * an unreleased command exits at once; a running one goes on */
		if (l.gate_fd >= 0)
			close(l.gate_fd);
		if (l.exec_err_fd >= 0)
			close(l.exec_err_fd);
	}
	if (rb)
		ring_buffer__free(rb);
	if (pf.skel)
		profile_bpf__destroy(pf.skel);
	lskel_release();
	for (size_t i = 0; pf.park && i < pf.npark; i++)
		free(pf.park[i].rec);
	free(pf.park);
	free(pf.arena);
	free(pf.k);
	stacks_free(&r.st);
	procs_free(pf.procs);
	pyinfo_free(pf.py);
	if (sigfd >= 0)
		close(sigfd);
	free(o.pids);
	return status;
}
