// SPDX-License-Identifier: GPL-2.0
/*
 * strobe top's syscall view.  The tracing session runs as `strobe -c
 * --by=pid` would (counts and latency histograms kept per (process,
 * syscall) in a per-CPU map, in the kernel, no record per call); every
 * interval the map is read, the previous reading subtracted, and the rows
 * added up by syscall or by process, so switching between the two needs
 * no new session.  Percentiles come from the summed histograms.
 */
#include <bpf/libbpf.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "top.h"
#include "../profile/profile.h"
#include "../session/session.h"
#include "../syscalls/syscalls.h"

enum { S_CALLS, S_ERRORS, S_P99, S_MAX, S_TOTAL, S_NSORTS };
static const char *const sort_names[] = { "calls", "errors", "p99", "max", "total" };

struct vrow {
	int nr;
	uint64_t pid;
	char comm[16];
	uint64_t calls, errors, total_ns, max_ns, p50, p99;
	uint32_t hist[HIST_BUCKETS];
};

struct view {
	struct vrow *r;
	size_t n, cap;
};

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static const char *sys_name(int nr, char *buf, size_t len)
{
	const struct syscall_desc *d = syscall_get(nr);

	if (d && d->name)
		return d->name;
	snprintf(buf, len, "syscall_%d", nr);
	return buf;
}

/* Rows of an interval, added up by syscall or by process. */
static int aggregate(const struct summary *in, bool by_process, struct view *v)
{
	v->n = 0;
	for (size_t i = 0; i < in->n; i++) {
		const struct sum_row *s = &in->rows[i];
		struct vrow *r = NULL;

		if (!s->calls)
			continue;
		for (size_t j = 0; j < v->n && !r; j++)
			if (by_process ? v->r[j].pid == s->group : v->r[j].nr == s->nr)
				r = &v->r[j];
		if (!r) {
			if (v->n == v->cap) {
				size_t nc = v->cap ? v->cap * 2 : 64;
				struct vrow *nr = realloc(v->r, nc * sizeof(*nr));

				if (!nr)
					return -ENOMEM;
				v->r = nr;
				v->cap = nc;
			}
			r = &v->r[v->n++];
			memset(r, 0, sizeof(*r));
			r->nr = s->nr;
			r->pid = s->group;
			memcpy(r->comm, s->comm, sizeof(r->comm));
		}
		r->calls += s->calls;
		r->errors += s->errors;
		r->total_ns += s->total_ns;
		if (s->max_ns > r->max_ns)
			r->max_ns = s->max_ns;
		for (int b = 0; b < HIST_BUCKETS; b++)
			r->hist[b] += s->hist[b];
	}
	for (size_t j = 0; j < v->n; j++) {
		v->r[j].p50 = hist_quantile(v->r[j].hist, v->r[j].calls, 0.5, v->r[j].max_ns);
		v->r[j].p99 = hist_quantile(v->r[j].hist, v->r[j].calls, 0.99, v->r[j].max_ns);
	}
	return 0;
}

static int sort_key;

static uint64_t key_of(const struct vrow *r)
{
	switch (sort_key) {
	case S_ERRORS: return r->errors;
	case S_P99: return r->p99;
	case S_MAX: return r->max_ns;
	case S_TOTAL: return r->total_ns;
	default: return r->calls;
	}
}

static int cmp_rows(const void *a, const void *b)
{
	uint64_t x = key_of(a), y = key_of(b);

	if (x != y)
		return x < y ? 1 : -1;
	return ((const struct vrow *)b)->calls > ((const struct vrow *)a)->calls ? 1 : -1;
}

static void draw(struct screen *sc, const struct top_options *o, struct view *v,
		 bool by_process, double secs, const char *what)
{
	char when[16], a[16], b[16], c[16], nb[32];
	time_t now = time(NULL);
	uint64_t calls = 0, errors = 0;
	int shown = 0, room;

	strftime(when, sizeof(when), "%H:%M:%S", localtime(&now));
	qsort(v->r, v->n, sizeof(*v->r), cmp_rows);
	for (size_t i = 0; i < v->n; i++) {
		calls += v->r[i].calls;
		errors += v->r[i].errors;
	}
	screen_begin(sc);
	screen_line(sc, false, "strobe top  %s  %s  %.2f s  %.0f calls/s  %.0f errors/s  by %s  "
		    "sort %s", when, what, secs, calls / secs, errors / secs,
		    by_process ? "process" : "syscall", sort_names[sort_key]);
	if (by_process)
		screen_line(sc, true, "%7s %-16s %10s %9s %8s %8s %8s", "PID", "COMMAND",
			    "CALLS/s", "ERRORS/s", "P50", "P99", "MAX");
	else
		screen_line(sc, true, "%-20s %10s %9s %8s %8s %8s", "SYSCALL", "CALLS/s",
			    "ERRORS/s", "P50", "P99", "MAX");
	room = sc->tty ? screen_rows_left(sc, 2) : o->rows;
	for (size_t i = 0; i < v->n && shown < room; i++) {
		const struct vrow *r = &v->r[i];
		const char *name = by_process ? r->comm : sys_name(r->nr, nb, sizeof(nb));

		if (!screen_match(sc, name))
			continue;
		fmt_ns(a, sizeof(a), r->p50);
		fmt_ns(b, sizeof(b), r->p99);
		fmt_ns(c, sizeof(c), r->max_ns);
		if (by_process)
			screen_line(sc, false, "%7llu %-16.16s %10.0f %9.0f %8s %8s %8s",
				    (unsigned long long)r->pid, name, r->calls / secs,
				    r->errors / secs, a, b, c);
		else
			screen_line(sc, false, "%-20.20s %10.0f %9.0f %8s %8s %8s", name,
				    r->calls / secs, r->errors / secs, a, b, c);
		shown++;
	}
	if (!shown)
		screen_line(sc, false, "(no system calls%s)", sc->filter[0] ? " match" : "");
	screen_end(sc, "s sort  b syscall/process  / filter  space pause  q quit");
}

static int discard(void *ctx, void *data, size_t size)
{
	return 0;
}

/* The session as `strobe -c --by=pid -q [-f] [-e ...] TARGET` sets it up.
 * The options keep pointers into argv: it outlives them. */
static int make_options(const struct top_options *to, struct options *o)
{
	static char *argv[16 + 64], trace[512];
	int argc = 0, n = 0;

	argv[argc++] = "strobe";
	argv[argc++] = "-c";
	argv[argc++] = "--by=pid";
	argv[argc++] = "-q";
	if (to->trace) {
		snprintf(trace, sizeof(trace), "%s", to->trace);
		argv[argc++] = "-e";
		argv[argc++] = trace;
	}
	if (to->cgroup) {
		argv[argc++] = "--cgroup";
		argv[argc++] = (char *)to->cgroup;
	} else if (to->all) {
		argv[argc++] = "-a";
	} else if (to->npids) {
		static char pids[4096];
		size_t off = 0;

		for (int i = 0; i < to->npids && off < sizeof(pids) - 16; i++)
			off += snprintf(pids + off, sizeof(pids) - off, "%s%d", i ? "," : "",
					to->pids[i]);
		argv[argc++] = "-f";
		argv[argc++] = "-p";
		argv[argc++] = pids;
	} else {
		argv[argc++] = "-f";
		argv[argc++] = "--";
		for (; to->cmd[n] && argc < 16 + 63; n++)
			argv[argc++] = to->cmd[n];
	}
	argv[argc] = NULL;
	return options_parse(o, argc, argv);
}

static void describe(const struct top_options *o, char *buf, size_t len)
{
	if (o->cgroup)
		snprintf(buf, len, "cgroup %s", o->cgroup);
	else if (o->all)
		snprintf(buf, len, "all processes");
	else if (o->npids == 1)
		snprintf(buf, len, "process %d", o->pids[0]);
	else if (o->npids)
		snprintf(buf, len, "%d processes", o->npids);
	else
		snprintf(buf, len, "%.24s", strrchr(o->cmd[0], '/') ? strrchr(o->cmd[0], '/') + 1 :
			 o->cmd[0]);
}

int top_syscalls(const struct top_options *to)
{
	struct options o;
	struct session s = { .o = &o, .child = -1, .gate_fd = -1, .exec_err_fd = -1 };
	struct fmt_opts fo = { .live = true, .strsize = 32 };
	struct screen sc = { 0 };
	struct summary prev = { 0 }, cur = { 0 }, diff = { 0 };
	struct view v = { 0 };
	struct sum_maps maps;
	struct epoll_event ev = { .events = EPOLLIN }, got[4];
	int status = EXIT_SETUP, sigfd = -1, epfd = -1, err, stop = 0;
	bool by_process = to->by_process, have = false, ended = false;
	uint64_t last, interval = to->interval * 1e9;
	double secs = 0;
	long frames = 0;
	char what[64];

	if (make_options(to, &o))
		return EXIT_USAGE;
	sort_key = to->sort;
	describe(to, what, sizeof(what));
	if (hint_check_privileges())
		goto out;
	if (writer_open(&s.w, "/dev/null") || !(s.fmt = formatter_new(&fo, &s.w)) ||
	    (sigfd = session_signalfd()) < 0 || (epfd = epoll_create1(EPOLL_CLOEXEC)) < 0) {
		fprintf(stderr, "strobe top: out of resources: %s\n", strerror(errno));
		goto out;
	}
	err = bpf_setup_load(&s);
	if (err) {
		hint_load_failure(err);
		goto out;
	}
	if (o.cmd) {
		err = launch_prepare(&s);
		if (err) {
			status = err == -ENOENT ? EXIT_NOTFOUND : err == -EACCES ? EXIT_NOEXEC :
				 EXIT_SETUP;
			goto out;
		}
	} else if (o.npids && target_attach_pids(&s)) {
		goto out;
	}
	err = bpf_setup_attach(&s);
	if (err) {
		if (err != -EALREADY)
			fprintf(stderr, "strobe top: cannot attach the probes: %s\n", strerror(-err));
		goto out;
	}
	s.rb = ring_new(bpf_ringbuf_fd(&s), discard, &s);
	if (!s.rb) {
		fprintf(stderr, "strobe top: cannot map the ring buffer: %s\n", strerror(errno));
		goto out;
	}
	screen_open(&sc, to->batch);
	if (o.cmd && launch_release(&s)) {
		status = EXIT_NOEXEC;
		goto out;
	}
	ev.data.fd = ring_epoll_fd(s.rb);
	epoll_ctl(epfd, EPOLL_CTL_ADD, ev.data.fd, &ev);
	ev.data.fd = sigfd;
	epoll_ctl(epfd, EPOLL_CTL_ADD, sigfd, &ev);
	if (sc.tty) {
		ev.data.fd = STDIN_FILENO;
		epoll_ctl(epfd, EPOLL_CTL_ADD, STDIN_FILENO, &ev);
		screen_begin(&sc);
		screen_line(&sc, false, "strobe top  %s  first figures in %.1f s", what,
			    to->interval);
		screen_end(&sc, "q quit");
	}
	bpf_summary_maps(&s, &maps);
	summary_collect(&maps, &prev);
	last = mono_ns();
	for (bool quit = false; !quit && !stop;) {
		struct signalfd_siginfo si;
		uint64_t now = mono_ns();
		int timeout = now >= last + interval ? 0 : (last + interval - now) / 1000000 + 1;
		enum top_key k;

		if (epoll_wait(epfd, got, 4, timeout) < 0 && errno != EINTR)
			break;
		ring_consume(s.rb);
		while (read(sigfd, &si, sizeof(si)) == sizeof(si)) {
			if (si.ssi_signo != SIGCHLD)
				stop = si.ssi_signo;
			else if (s.child > 0 && !s.child_done &&
				 waitpid(s.child, &s.child_status, WNOHANG) == s.child)
				s.child_done = true;
		}
		while ((k = screen_key(&sc)) != TK_NONE) {
			if (k == TK_QUIT)
				quit = true;
			else if (k == TK_SORT)
				sort_key = (sort_key + 1) % S_NSORTS;
			else if (k == TK_BY)
				by_process = !by_process;
			if (have && k != TK_QUIT && !aggregate(&diff, by_process, &v))
				draw(&sc, to, &v, by_process, secs, what);
			else if (!have && k == TK_REDRAW)
				screen_end(&sc, "");
		}
		now = mono_ns();
		if (now >= last + interval && !sc.paused) {
			secs = (now - last) / 1e9;
			last = now;
			if (summary_collect(&maps, &cur) ||
			    summary_diff(&cur, &prev, &diff) || aggregate(&diff, by_process, &v)) {
				fprintf(stderr, "strobe top: cannot read the counts: %s\n",
					strerror(errno));
				break;
			}
			summary_free(&prev);
			prev = cur;
			cur = (struct summary){ 0 };
			have = true;
			draw(&sc, to, &v, by_process, secs, what);
			if (to->count && ++frames >= to->count)
				break;
		}
		if (!o.all && (!o.cmd || s.child_done) && bpf_live_threads(&s) <= 0) {
			ended = true;
			break;
		}
	}
	/* the targets ended: a table shows the last, partial interval */
	if (ended && !sc.tty && mono_ns() - last > 1000000ull) {
		secs = (mono_ns() - last) / 1e9;
		if (!summary_collect(&maps, &cur) && !summary_diff(&cur, &prev, &diff) &&
		    !aggregate(&diff, by_process, &v))
			draw(&sc, to, &v, by_process, secs, what);
	}
	/* q (or Ctrl-C read as a key) ends the command, as py-spy's q does:
	 * left running, it would go on with init as its parent */
	if (!stop && !ended && o.cmd && s.child > 0 && !s.child_done) {
		profile_end_command(s.child, NULL);
		s.child = -1;
	}
	status = stop ? 128 + stop : 0;
	if (o.cmd && s.child_done)
		status = WIFEXITED(s.child_status) ? WEXITSTATUS(s.child_status) :
			 128 + WTERMSIG(s.child_status);
out:
	screen_close(&sc);
	if (s.rb)
		ring_free(s.rb);
	bpf_setup_destroy(&s);
	if (s.gate_fd >= 0)
		close(s.gate_fd);
	if (s.exec_err_fd >= 0)
		close(s.exec_err_fd);
	if (s.child > 0 && !s.child_done && status == EXIT_SETUP)
		waitpid(s.child, NULL, 0);
	writer_close(&s.w);
	formatter_free(s.fmt);
	tidset_free(&s.tids);
	tp_table_free(&s.tps);
	free(s.attached);
	summary_free(&prev);
	summary_free(&cur);
	summary_free(&diff);
	free(v.r);
	options_free(&o);
	if (sigfd >= 0)
		close(sigfd);
	if (epfd >= 0)
		close(epfd);
	return status;
}
