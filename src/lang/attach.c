// SPDX-License-Identifier: GPL-2.0
/*
 * Loading the generated programs and attaching them: tracepoints through
 * perf events (PERF_EVENT_IOC_SET_BPF), raw tracepoints through
 * bpf_raw_tracepoint_open, profile/interval/software through software perf
 * events per CPU; uprobes and usdt through the probe engine (uprobes.c),
 * loaded for uprobe_multi links; BEGIN and END are run once with BPF_PROG_TEST_RUN on
 * the current CPU, so their output goes through the same ring buffer.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/perf_event.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "lang.h"
#include "../tracepoint/tracepoint.h"

/* The verifier's reason: the last line of its log that is not a count. */
static void reason(const char *log, char *out, size_t n)
{
	const char *end = log + strlen(log), *p;

	snprintf(out, n, "no reason given");
	while (end > log) {
		while (end > log && (end[-1] == '\n' || end[-1] == ' '))
			end--;
		p = end;
		while (p > log && p[-1] != '\n')
			p--;
		if (end > p && strncmp(p, "processed ", 10) && strncmp(p, "verification time",
									17) &&
		    strncmp(p, "stack depth", 11) && strncmp(p, "max_states", 10)) {
			snprintf(out, n, "%.*s", (int)(end - p), p);
			return;
		}
		end = p;
	}
}

int prog_load(struct compiler *c, struct probe_point *pt, const struct gen *g)
{
	struct probe *pr = &c->prog->probes[pt->probe];
	size_t log_size = 1 << 22;
	char *log = NULL, why[256];
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	int fd;

	if (c->verbose >= 1) {
		fprintf(stderr, "; %s: %d instructions, %d bytes of stack\n", pt->name, g->n,
			g->max_stack);
		if (c->verbose >= 2 || c->verbose == 1)
			insns_dump(stderr, g->ins, g->n);
	}
	if (c->verbose >= 3) {
		log = calloc(1, log_size);
		opts.log_buf = log;
		opts.log_size = log_size;
		opts.log_level = 2;
	}
	if (pt->multi)
		opts.expected_attach_type = PROBE_BPF_TRACE_UPROBE_MULTI;
	fd = bpf_prog_load(provider_of(pt->kind)->prog_type, "strobe_script", "GPL", g->ins, g->n, &opts);
	if (fd < 0 && pt->multi && errno == EINVAL) {
		/* a kernel without uprobe_multi (before 6.6): a plain program,
		 * attached by perf events */
		pt->multi = false;
		opts.expected_attach_type = 0;
		fd = bpf_prog_load(provider_of(pt->kind)->prog_type, "strobe_script", "GPL", g->ins, g->n,
				   &opts);
	}
	if (fd < 0 && !log) {
		int err = errno;

		log = calloc(1, log_size);
		opts.log_buf = log;
		opts.log_size = log_size;
		opts.log_level = 1;
		fd = bpf_prog_load(provider_of(pt->kind)->prog_type, "strobe_script", "GPL", g->ins, g->n,
				   &opts);
		if (fd < 0 && !*log) {
			free(log);
			fprintf(stderr, "strobe: cannot load the program for %s: %s\n", pt->name,
				strerror(err));
			return -1;
		}
	}
	if (log && c->verbose >= 3)
		fprintf(stderr, "%s", log);
	if (fd < 0) {
		reason(log, why, sizeof(why));
		lang_error(c->src, pr->l, "the kernel's verifier refused the program for %s: %s "
			   "(strobe script -dd shows its log)", pt->name, why);
		free(log);
		return -1;
	}
	free(log);
	pt->prog_fd = fd;
	return 0;
}

static int add_fd(struct probe_point *pt, int fd)
{
	int *v = realloc(pt->fds, (pt->nfds + 1) * sizeof(*v));

	if (!v) {
		close(fd);
		return -ENOMEM;
	}
	pt->fds = v;
	pt->fds[pt->nfds++] = fd;
	return 0;
}

static int perf_attach(struct probe_point *pt, struct perf_event_attr *a, int cpu)
{
	int fd = syscall(SYS_perf_event_open, a, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, pt->prog_fd) ||
	    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		int err = -errno;

		close(fd);
		return err;
	}
	return add_fd(pt, fd);
}

static int attached(struct probe_point *pt, int err)
{
	if (err) {
		fprintf(stderr, "strobe: cannot attach %s: %s\n", pt->name, strerror(-err));
		return -1;
	}
	return 0;
}

int attach_tracepoint(struct compiler *c, struct probe_point *pt)
{
	struct perf_event_attr a = {
		.size = sizeof(a), .type = PERF_TYPE_TRACEPOINT, .config = pt->tp->id,
		.sample_period = 1, .wakeup_events = 1,
	};

	(void)c;
	return attached(pt, perf_attach(pt, &a, 0));
}

int attach_rawtp(struct compiler *c, struct probe_point *pt)
{
	int fd = bpf_raw_tracepoint_open(pt->func, pt->prog_fd);

	(void)c;
	return attached(pt, fd < 0 ? -errno : add_fd(pt, fd));
}

/* profile, interval, software: a software perf event per CPU (interval:
 * on one) */
int attach_perf_sw(struct compiler *c, struct probe_point *pt)
{
	struct perf_event_attr a = { .size = sizeof(a), .type = PERF_TYPE_SOFTWARE };
	int err = 0;

	a.config = pt->kind == P_SOFTWARE ? (uint64_t)pt->sw_config : PERF_COUNT_SW_CPU_CLOCK;
	a.freq = pt->freq;
	if (pt->freq)
		a.sample_freq = pt->period;
	else
		a.sample_period = pt->period;
	for (int cpu = 0; cpu < (pt->kind == P_INTERVAL ? 1 : c->ncpus); cpu++) {
		int e = perf_attach(pt, &a, cpu);

		if (e && e != -ENODEV && e != -EINVAL)
			err = e;
	}
	if (!pt->nfds && !err)
		err = -ENODEV;
	return attached(pt, err);
}

int point_attach(struct compiler *c, struct probe_point *pt)
{
	const struct provider *pv = provider_of(pt->kind);

	return pv->attach ? pv->attach(c, pt) : 0;
}

void point_detach(struct probe_point *pt)
{
	for (int i = 0; i < pt->nfds; i++)
		close(pt->fds[i]);
	free(pt->fds);
	pt->fds = NULL;
	free(pt->wp_addrs);
	pt->wp_addrs = NULL;
	pt->nfds = 0;
	probe_detach(&pt->link);
}

int probe_run_once(struct probe_point *pt)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts);

	if (bpf_prog_test_run_opts(pt->prog_fd, &opts)) {
		fprintf(stderr, "strobe: cannot run %s: %s\n", pt->name, strerror(errno));
		return -1;
	}
	return 0;
}
