// SPDX-License-Identifier: GPL-2.0
/*
 * The session's life: load, target, attach, consume, detach, report.
 * Signals are taken through a signalfd so that the consumer loop is the
 * only place anything happens; Ctrl-C, SIGTERM and SIGHUP end the session
 * cleanly (every probe is detached when its fd is closed).
 */
#include <dirent.h>
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
#include <bpf/libbpf.h>

#include "session.h"
#include "../record/record.h"
#include "../inject/inject.h"

#define POLL_MS 50	/* also bounds how late a quiet tail of events shows */

static int on_record(void *ctx, void *data, size_t size)
{
	struct session *s = ctx;
	const struct ev_header *h = data;

	if (!s->o->all && size >= sizeof(struct ev_fork)) {
		if (h->kind == EV_FORK)
			tidset_add(&s->tids, ((const struct ev_fork *)data)->child_tid);
		else if (h->kind == EV_EXIT)
			tidset_del(&s->tids, h->tid);
	}
	/* a thread's when= counts end with it, as strace's per tracee */
	if (s->inj && h->kind == EV_EXIT)
		injector_forget(s->inj, h->tid);
	if (s->rec)
		rec_writer_event(s->rec, data, size);
	else
		formatter_event(s->fmt, data, size);
	return 0;
}

void session_unfinished(struct session *s, struct ev_syscall *e, size_t size)
{
	if (s->rec) {
		e->flags |= EVF_UNFINISHED;
		rec_writer_event(s->rec, e, size);
	} else {
		formatter_unfinished(s->fmt, e, size);
	}
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* Print the summary: of the last interval, or (final) of the whole run. */
static void print_summary(struct session *s, bool final)
{
	struct summary cur = { 0 }, diff = { 0 };
	uint64_t now = mono_ns();
	struct summary_fmt f = {
		.sort = s->o->sort, .by = s->o->by, .hist = s->o->hist, .json = s->o->json,
		.interval = !final, .when = time(NULL),
		.not_counted = bpf_summary_not_counted(s),
		.trace_lost = s->o->trace ? bpf_lost_total(s) : 0,
	};
	int err = summary_collect(bpf_summary_fd(s), &cur);

	if (err) {
		fprintf(stderr, "strobe: cannot read the summary: %s\n", strerror(-err));
		summary_free(&cur);
		return;
	}
	if (final) {
		f.seconds = (now - s->start_ns) / 1e9;
		summary_print(&s->w.buf, &cur, &f);
	} else {
		f.seconds = (now - s->prev_ns) / 1e9;
		if (!summary_diff(&cur, &s->prev, &diff))
			summary_print(&s->w.buf, &diff, &f);
		summary_free(&diff);
		summary_free(&s->prev);
		s->prev = cur;
		cur = (struct summary){ 0 };
		s->prev_ns = now;
	}
	summary_free(&cur);
	writer_flush(&s->w);
}

static void reap_child(struct session *s)
{
	int status;

	if (s->child <= 0 || s->child_done)
		return;
	if (waitpid(s->child, &status, WNOHANG) == s->child) {
		s->child_done = true;
		s->child_status = status;
	}
}

/* Consume until the targets are gone or a signal says stop; returns it. */
static int consume(struct session *s, int sigfd)
{
	struct epoll_event ev = { .events = EPOLLIN }, got[4];
	int epfd = epoll_create1(EPOLL_CLOEXEC), stop = 0, stop_err = 0;

	if (epfd < 0)
		return -errno;
	ev.data.fd = ring_buffer__epoll_fd(s->rb);
	epoll_ctl(epfd, EPOLL_CTL_ADD, ev.data.fd, &ev);
	ev.data.fd = sigfd;
	epoll_ctl(epfd, EPOLL_CTL_ADD, sigfd, &ev);
	if (s->inj) {
		ev.data.fd = injector_fd(s->inj);
		epoll_ctl(epfd, EPOLL_CTL_ADD, ev.data.fd, &ev);
	}
	uint64_t interval_ns = s->o->interval * 1e9, last_flush = mono_ns();

	s->prev_ns = mono_ns();
	while (!stop) {
		struct signalfd_siginfo si;
		int timeout = POLL_MS, n;

		if (interval_ns) {
			uint64_t now = mono_ns(), due = s->prev_ns + interval_ns;

			if (now >= due)
				print_summary(s, false);
			else if ((due - now) / 1000000 < (uint64_t)timeout)
				timeout = (due - now) / 1000000 + 1;
		}
		if (s->inj) {
			/* answers first: a held thread waits on nothing else */
			int due = injector_run(s->inj);

			if (due >= 0 && due < timeout)
				timeout = due;
		}
		n = epoll_wait(epfd, got, 4, timeout);
		if (n < 0 && errno != EINTR)
			break;
		if (s->inj)
			injector_run(s->inj);
		ring_buffer__consume(s->rb);
		while (read(sigfd, &si, sizeof(si)) == sizeof(si)) {
			if (si.ssi_signo == SIGCHLD)
				reap_child(s);
			else
				stop = si.ssi_signo;
		}
		writer_flush(&s->w);
		if (s->w.err)
			break;
		if (s->rec) {
			/* a block a second at least: a crash loses little */
			if (mono_ns() - last_flush > 1000000000ull) {
				rec_writer_flush(s->rec);
				last_flush = mono_ns();
			}
			if ((stop_err = rec_writer_event(s->rec, NULL, 0)) < 0)
				break;
		}
		if (s->o->all)
			continue;
		if ((!s->o->cmd || s->child_done) && bpf_live_threads(s) <= 0)
			break;
	}
	close(epfd);
	ring_buffer__consume(s->rb);
	return stop;
}

static void report_losses(struct session *s)
{
	uint64_t lost = bpf_lost_total(s), nofollow = bpf_follow_failed(s);
	uint64_t bad = formatter_malformed(s->fmt);

	if (lost)
		fprintf(stderr, "strobe: %llu events lost (ring buffer full); raise the "
			"buffer size with -m (now %zuK)\n", (unsigned long long)lost,
			s->o->bufsize >> 10);
	if (nofollow)
		fprintf(stderr, "strobe: %llu new threads could not be followed (out of "
			"kernel memory)\n", (unsigned long long)nofollow);
	if (bad)
		fprintf(stderr, "strobe: %llu malformed records ignored\n",
			(unsigned long long)bad);
}

static int exit_status(struct session *s, int stop)
{
	if (s->o->cmd && s->child_done) {
		if (WIFEXITED(s->child_status))
			return WEXITSTATUS(s->child_status);
		if (WIFSIGNALED(s->child_status))
			return 128 + WTERMSIG(s->child_status);
	}
	return stop ? 128 + stop : 0;
}

static int start(struct session *s)
{
	int err = bpf_setup_load(s);

	if (err) {
		hint_load_failure(err);
		return EXIT_SETUP;
	}
	if (s->o->mode == MODE_RECORD && record_start(s))
		return EXIT_SETUP;
	if (s->o->cmd) {
		err = launch_prepare(s);
		if (err == -ENOENT)
			return EXIT_NOTFOUND;
		if (err == -EACCES)
			return EXIT_NOEXEC;
		if (err)
			return EXIT_SETUP;
		if (s->rec) {	/* ...and in strobe's working directory (AT_FDCWD) */
			char cwd[4096];

			if (getcwd(cwd, sizeof(cwd)))
				rec_writer_meta(s->rec, "fd", "%d -100 %s", s->child, cwd);
		}
		if (s->rec)	/* the command starts with strobe's stdin, stdout, stderr */
			for (int fd = 0; fd < 3; fd++) {
				char link[64], path[4096];
				ssize_t n;

				snprintf(link, sizeof(link), "/proc/%d/fd/%d", s->child, fd);
				n = readlink(link, path, sizeof(path) - 1);
				if (n > 0) {
					path[n] = 0;
					rec_writer_meta(s->rec, "fd", "%d %d %s", s->child, fd, path);
				}
			}
	} else if (s->o->npids) {
		if (target_attach_pids(s))
			return EXIT_SETUP;
		if (s->rec)	/* how many threads were attached: for "[pid N]" */
			rec_writer_meta(s->rec, "threads", "%zu", s->tids.used);
	}
	err = bpf_setup_attach(s);
	formatter_set_tracepoints(s->fmt, &s->tps);
	if (s->rec)
		for (int i = 0; i < s->tps.n; i++) {
			/* the format goes along, to decode the records elsewhere */
			struct sbuf b;

			sbuf_init(&b, 256 + s->tps.ev[i].format_len);
			sbuf_printf(&b, "%u %s\n", s->tps.ev[i].id, s->tps.ev[i].name);
			sbuf_mem(&b, s->tps.ev[i].format, s->tps.ev[i].format_len);
			rec_writer_block(s->rec, RB_FORMAT, b.p, b.len);
			sbuf_free(&b);
		}
	if (err) {
		if (err != -EALREADY)
			fprintf(stderr, "strobe: cannot attach the probes: %s\n", strerror(-err));
		return EXIT_SETUP;
	}
	s->rb = ring_buffer__new(bpf_ringbuf_fd(s), on_record, s, NULL);
	if (!s->rb) {
		fprintf(stderr, "strobe: cannot map the ring buffer: %s\n", strerror(errno));
		return EXIT_SETUP;
	}
	if (s->o->cmd && (err = launch_release(s)))
		return err == -EALREADY ? EXIT_SETUP : EXIT_NOEXEC;
	return 0;
}

/* -y: fds open before tracing began: the command's stdin, stdout and
 * stderr are strobe's own; attached processes' are all in /proc. */
static void seed_fd_paths(struct session *s)
{
	struct fdpaths *t = s->fmt ? formatter_fdpaths(s->fmt) : NULL;
	char link[64], path[4096];
	ssize_t n;

	if (!t)
		return;
	if (s->o->cmd && s->child > 0 && getcwd(path, sizeof(path)))
		fdpaths_set_cwd(t, s->child, path);
	for (int fd = 0; s->o->cmd && s->child > 0 && fd < 3; fd++) {
		snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
		if ((n = readlink(link, path, sizeof(path) - 1)) > 0) {
			path[n] = 0;
			fdpaths_set(t, s->child, fd, path);
		}
	}
	for (int i = 0; i < s->o->npids; i++) {
		char dir[32];
		DIR *d;
		struct dirent *de;

		snprintf(dir, sizeof(dir), "/proc/%d/cwd", s->o->pids[i]);
		if ((n = readlink(dir, path, sizeof(path) - 1)) > 0) {
			path[n] = 0;
			fdpaths_set_cwd(t, s->o->pids[i], path);
		}
		snprintf(dir, sizeof(dir), "/proc/%d/fd", s->o->pids[i]);
		if (!(d = opendir(dir)))
			continue;
		while ((de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			snprintf(link, sizeof(link), "%s/%.16s", dir, de->d_name);
			if ((n = readlink(link, path, sizeof(path) - 1)) > 0) {
				path[n] = 0;
				fdpaths_set(t, s->o->pids[i], atoi(de->d_name), path);
			}
		}
		closedir(d);
	}
}

int session_signalfd(void)
{
	sigset_t mask;

	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGHUP);
	sigaddset(&mask, SIGCHLD);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	return signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
}

int session_run(const struct options *o)
{
	struct session s = { .o = o, .child = -1, .gate_fd = -1, .exec_err_fd = -1 };
	struct fmt_opts fo = {
		.timestamps = o->timestamps, .relative = o->relative,
		.syscall_times = o->syscall_times,
		.pid_column = o->outfile && o->follow, .always_prefix = o->all,
		.strsize = o->strsize, .json = o->json && !o->summary,
		.decode_fds = o->decode_fds, .live = true,
		.paths = o->paths, .npaths = o->npaths,
		.quiet = o->has_quiet ? o->quiet_sel : NULL,
	};
	int status, stop = 0, sigfd, err;

	if (hint_check_privileges())
		return EXIT_SETUP;
	err = writer_open(&s.w, o->mode == MODE_RECORD ? NULL : o->outfile);
	if (err) {
		fprintf(stderr, "strobe: cannot open '%s': %s\n", o->outfile, strerror(-err));
		return EXIT_SETUP;
	}
	s.fmt = formatter_new(&fo, &s.w);
	sigfd = session_signalfd();
	if (!s.fmt || sigfd < 0) {
		fprintf(stderr, "strobe: out of resources: %s\n", strerror(errno));
		status = EXIT_SETUP;
		goto cleanup;
	}
	status = start(&s);
	if (status)
		goto cleanup;
	seed_fd_paths(&s);
	s.start_ns = mono_ns();
	stop = consume(&s, sigfd);
	/* Detach before the last drain: the total of lost events read after
	 * it is final, and equals what the trace marks plus its tail. */
	bpf_setup_detach(&s);
	ring_buffer__consume(s.rb);
	if (o->trace) {
		if (!o->all)
			target_report_unfinished(&s);
		formatter_finish(s.fmt);
		if (!s.rec)
			formatter_lost_tail(s.fmt, bpf_lost_total(&s));
	}
	if (o->summary && !o->interval)
		print_summary(&s, true);
	else if (o->interval)
		print_summary(&s, false);	/* the last, partial interval */
	status = exit_status(&s, stop);
	if (s.rec && record_finish(&s, status))
		status = EXIT_SETUP;
	if (o->npids && !o->quiet)
		for (int i = 0; i < o->npids; i++)
			fprintf(stderr, "strobe: Process %d detached\n", o->pids[i]);
cleanup:
	if (s.rb)
		ring_buffer__free(s.rb);
	if (s.rec)
		rec_writer_close(s.rec, NULL);	/* setup failed: no end block */
	if (s.skel)
		report_losses(&s);
	/* answer what is held; after this the command's injected calls fail
	 * with ENOSYS (no listener), which is why strobe stays until it exits */
	injector_free(s.inj);
	bpf_setup_destroy(&s);
	if (s.gate_fd >= 0)
		close(s.gate_fd);	/* a command that never started exits */
	if (s.exec_err_fd >= 0)
		close(s.exec_err_fd);
	if (s.child > 0 && !s.child_done && status == EXIT_SETUP)
		waitpid(s.child, NULL, 0);
	err = writer_close(&s.w);
	if (err) {
		fprintf(stderr, "strobe: cannot write to %s: %s\n", s.w.name, strerror(-err));
		if (!status)
			status = EXIT_SETUP;
	}
	formatter_free(s.fmt);
	tidset_free(&s.tids);
	tp_table_free(&s.tps);
	summary_free(&s.prev);
	if (sigfd >= 0)
		close(sigfd);
	return status;
}
