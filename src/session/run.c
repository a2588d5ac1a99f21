// SPDX-License-Identifier: GPL-2.0
/*
 * The session's life: load, target, attach, consume, detach, report.
 * Signals are taken through a signalfd so that the consumer loop is the
 * only place anything happens; Ctrl-C, SIGTERM and SIGHUP end the session
 * cleanly (every probe is detached when its fd is closed).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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
#include "../probe/probe.h"

#define POLL_MS 50	/* also bounds how late a quiet tail of events shows */
#define HOLD_MARGIN_NS 10000000ull	/* --event uprobes: held this much longer */

static uint64_t mono_ns(void);
static uint64_t t_exec;		/* when strobe began running, after its libraries */

__attribute__((constructor)) static void mark_exec(void)
{
	t_exec = mono_ns();
}

/* A message on stderr, after the trace lines before it when both go there. */
static void say(struct session *s, const char *fmt, unsigned id)
{
	if (s->w.fd == STDERR_FILENO && !s->rec)
		writer_flush(&s->w);
	fputs("strobe: ", stderr);
	fprintf(stderr, fmt, id);
	fputc('\n', stderr);
}

int session_record(struct session *s, const void *data, size_t size, bool hold)
{
	const struct ev_header *h = data;

	/* a record built at its largest size says how much of it is used */
	if (size >= sizeof(*h) && h->size >= sizeof(*h) && h->size < size)
		size = h->size;
	if (!s->t.first)
		s->t.first = mono_ns();
	if (hold && s->up && !uprobes_hold(s, data, size))
		return 0;

	if (!s->o->all && h->kind == EV_FORK && size >= sizeof(struct ev_fork)) {
		tidset_add(&s->tids, ((const struct ev_fork *)data)->child_tid);
		/* strace says so of each thread -f follows */
		if (!(s->o->quiet & QUIET_ATTACH) && s->o->trace)
			say(s, "Process %u attached", ((const struct ev_fork *)data)->child_tid);
	}
	else if (!s->o->all && h->kind == EV_EXIT && size >= sizeof(struct ev_exit))
		tidset_del(&s->tids, h->tid);
	else if (h->kind == EV_DETACH) {
		tidset_del(&s->tids, h->tid);
		if (s->o->cmd && (pid_t)h->pid == s->child)
			s->child_detached = true;
		if (!(s->o->quiet & QUIET_ATTACH))
			say(s, "Process %u detached", h->tid);
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

static int on_record(void *ctx, void *data, size_t size)
{
	return session_record(ctx, data, size, true);
}

/* Read both ring buffers, then what was held back, in order: once over
 * what is there (the loop's next wakeup brings the rest, in a batch), or
 * until they are empty. */
static void drain(struct session *s, bool all)
{
	uint64_t began = mono_ns();

	if (all)
		ring_drain(s->rb);
	else
		ring_consume(s->rb);
	/* a record is stamped before it is committed: a margin for that */
	if (s->up)
		uprobes_release(s, all ? UINT64_MAX : began - HOLD_MARGIN_NS);
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

/* Records lost in both ring buffers */
static uint64_t lost_total(struct session *s)
{
	return bpf_lost_total(s) + (s->up ? uprog_lost_total(s->up) : 0);
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* One table: of the last interval (diffed against *prev), or final. */
static void one_table(struct session *s, const struct sum_maps *m, struct summary *prev,
		      struct summary_fmt *f, bool final, uint64_t now)
{
	struct summary cur = { 0 }, diff = { 0 };
	int err = summary_collect(m, &cur);

	if (err) {
		fprintf(stderr, "strobe: cannot read the summary: %s\n", strerror(-err));
		summary_free(&cur);
		return;
	}
	if (final) {
		f->seconds = (now - s->start_ns) / 1e9;
		summary_print(&s->w.buf, &cur, f);
	} else {
		f->seconds = (now - s->prev_ns) / 1e9;
		if (!summary_diff(&cur, prev, &diff))
			summary_print(&s->w.buf, &diff, f);
		summary_free(&diff);
		summary_free(prev);
		*prev = cur;
		cur = (struct summary){ 0 };
	}
	summary_free(&cur);
}

/* -c of --event uprobes: a row's name (ctx: the uprobes) */
const char *session_probe_func(int nr, void *ctx)
{
	const struct up_probe *p = uprog_probe(ctx, nr);

	return p ? p->func : NULL;
}

/* Whether -e trace= selects any syscall. */
bool session_any_syscall(const struct options *o)
{
	for (size_t i = 0; i < sizeof(o->sel) / sizeof(o->sel[0]); i++)
		if (o->sel[i])
			return true;
	return false;
}

/*
 * Print the summary: of the last interval, or (final) of the whole run.
 * With --event user probes, their table follows the syscalls' (left out
 * when no syscall is selected): a library call's time includes the
 * syscalls it makes, so one total over both would count it twice.
 */
static void print_summary(struct session *s, bool final)
{
	uint64_t now = mono_ns();
	struct summary_fmt f = {
		.sort = s->o->sort, .by = s->o->by, .hist = s->o->hist, .json = s->o->json,
		.interval = !final, .when = time(NULL),
		.not_counted = bpf_summary_not_counted(s),
		.not_in_hist = bpf_summary_not_in_hist(s),
		.trace_lost = s->o->trace ? lost_total(s) : 0,
	};
	struct sum_maps m;
	bool sys = !s->up || session_any_syscall(s->o);

	if (sys) {
		bpf_summary_maps(s, &m);
		one_table(s, &m, &s->prev, &f, final, now);
	}
	if (s->up) {
		uprog_summary_maps(s->up, &m);
		f.not_counted = uprog_not_counted(s->up);
		f.not_in_hist = uprog_not_in_hist(s->up);
		if (sys && !f.json)
			sbuf_putc(&s->w.buf, '\n');
		summary_set_namer(session_probe_func, s->up);
		one_table(s, &m, &s->uprev, &f, final, now);
		summary_set_namer(NULL, NULL);
	}
	if (!final)
		s->prev_ns = now;
	writer_flush(&s->w);
}

/*
 * The command, and what else became strobe's child: a clone(CLONE_PARENT)
 * of the command is strobe's, and a zombie strobe does not reap stays one
 * (strace's clone_parent spins on kill(pid, 0) until it is gone).  Those
 * are reaped and said as strace says them.  The -o '|CMD' reader is left
 * for writer_close, which wants its status.
 */
static void reap_child(struct session *s)
{
	for (;;) {
		siginfo_t si = { 0 };
		int status;

		if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) || !si.si_pid ||
		    si.si_pid == s->w.pipe_pid)
			return;
		if (waitpid(si.si_pid, &status, WNOHANG) != si.si_pid)
			return;
		if (si.si_pid == s->child) {
			s->child_done = true;
			s->child_status = status;
		} else if (!(s->o->quiet & QUIET_EXIT)) {
			writer_flush(&s->w);
			fprintf(stderr, "strobe: Exit of unknown pid %d ignored\n", si.si_pid);
		}
	}
}

/* Consume until the targets are gone or a signal says stop; returns it. */
static int consume(struct session *s, int sigfd)
{
	struct epoll_event ev = { .events = EPOLLIN }, got[4];
	int epfd = epoll_create1(EPOLL_CLOEXEC), stop = 0, stop_err = 0;

	if (epfd < 0)
		return -errno;
	ev.data.fd = ring_epoll_fd(s->rb);
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
		drain(s, false);
		while (read(sigfd, &si, sizeof(si)) == sizeof(si)) {
			if (si.ssi_signo == SIGCHLD)
				reap_child(s);
			else
				stop = si.ssi_signo;
		}
		writer_flush(&s->w);
		/* as strace: said once, and the trace goes on to the command's
		 * end (its status is strobe's) */
		if (s->w.err && !s->out_err_said) {
			fprintf(stderr, "strobe: %s: %s\n", s->w.name, strerror(s->w.err));
			s->out_err_said = true;
		}
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
		if ((!s->o->cmd || s->child_done || s->child_detached) && bpf_live_threads(s) <= 0)
			break;
	}
	close(epfd);
	drain(s, true);
	return stop;
}

/* -k: what kept stacks from being whole */
static void report_stack_losses(struct session *s)
{
	uint64_t shorter, mfail, mtrunc, unmapped = s->fmt ? formatter_stacks_unmapped(s->fmt) : 0;
	uint64_t cut = s->fmt ? formatter_stacks_cut(s->fmt) : 0;

	bpf_ustack_counts(s, &shorter, &mfail, &mtrunc);
	if (cut)
		fprintf(stderr, "strobe: %llu call stacks deeper than the %u bytes copied; their "
			"outer frames are missing (raise --stack-size)\n", (unsigned long long)cut,
			s->o->stack_bytes);
	if (shorter)
		fprintf(stderr, "strobe: %llu call stacks copied short (a stack page not in "
			"memory); their outer frames are missing\n", (unsigned long long)shorter);
	if (mtrunc)
		fprintf(stderr, "strobe: %llu process mapping lists cut short (more than a "
			"record holds); some frames may show as [unknown]\n",
			(unsigned long long)mtrunc);
	if (unmapped)
		fprintf(stderr, "strobe: %llu call stacks shown without symbols: their "
			"process's mappings could not be read (%llu attempts failed)\n",
			(unsigned long long)unmapped, (unsigned long long)mfail);
}

static void report_losses(struct session *s)
{
	uint64_t lost = lost_total(s), nofollow = bpf_follow_failed(s);
	uint64_t bad = formatter_malformed(s->fmt);
	uint64_t missed = bpf_missed_total(s) + (s->up ? uprog_missed_total(s->up) : 0);

	if (lost)
		fprintf(stderr, "strobe: %llu events lost (ring buffer full); raise the "
			"buffer size with -m (now %zuK)\n", (unsigned long long)lost,
			s->o->bufsize >> 10);
	if (missed)
		fprintf(stderr, "strobe: %llu probe runs skipped by the kernel (another BPF "
			"program was running on that CPU): calls or events are missing\n",
			(unsigned long long)missed);
	else if (s->o->debug)
		fprintf(stderr, "strobe: no probe run skipped by the kernel\n");
	if (nofollow)
		fprintf(stderr, "strobe: %llu new threads could not be followed (out of "
			"kernel memory)\n", (unsigned long long)nofollow);
	if (bad)
		fprintf(stderr, "strobe: %llu malformed records ignored\n",
			(unsigned long long)bad);
	if (s->o->stack_trace && s->o->trace)
		report_stack_losses(s);
}

/*
 * As strace: the command's exit status; when a signal killed the command,
 * or stopped strobe, strobe dies of that signal too (*die_sig), so that
 * whoever waits for strobe sees what it would have seen of the command.
 * Returns the status as a shell shows it (kept in recordings).
 */
static int exit_status(struct session *s, int stop, int *die_sig)
{
	*die_sig = 0;
	/* as strace: a command -b execve let go is no longer strobe's */
	if (s->o->cmd && s->child_detached && !stop)
		return 0;
	if (s->o->cmd && s->child_done) {
		if (WIFEXITED(s->child_status))
			return WEXITSTATUS(s->child_status);
		if (WIFSIGNALED(s->child_status)) {
			*die_sig = WTERMSIG(s->child_status);
			return 128 + *die_sig;
		}
	}
	*die_sig = stop;
	return stop ? 128 + stop : 0;
}

static int start(struct session *s)
{
	int err;

	s->t.setup = mono_ns();
	err = bpf_setup_load(s);
	s->t.load = mono_ns();
	if (err) {
		hint_load_failure(err);
		return EXIT_SETUP;
	}
	if (s->o->mode == MODE_RECORD && record_start(s))
		return EXIT_SETUP;
	if (s->o->cmd) {
		err = launch_prepare(s);
		if (err)
			return err == -ENOENT ? EXIT_NOTFOUND : EXIT_SETUP;
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
	}
	if (s->o->npids) {	/* (with a command too, as strace) */
		if (target_attach_pids(s))
			return EXIT_SETUP;
		for (int i = 0; i < s->o->npids; i++)
			formatter_seed_comm(s->fmt, s->o->pids[i]);
		if (s->rec)	/* how many threads were attached: for "[pid N]" */
			rec_writer_meta(s->rec, "threads", "%zu", s->tids.used);
	}
	s->t.attach0 = mono_ns();
	err = bpf_setup_attach(s);
	if (!err)
		err = uprobes_setup(s);
	if (!err && (err = uprobes_record(s)))
		fprintf(stderr, "strobe: cannot write the probes to %s: %s\n", s->o->outfile,
			strerror(-err)), err = -EALREADY;
	s->t.attach = mono_ns();
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
	s->rb = ring_new(bpf_ringbuf_fd(s), on_record, s);
	if (!s->rb) {
		fprintf(stderr, "strobe: cannot map the ring buffer: %s\n", strerror(errno));
		return EXIT_SETUP;
	}
	if ((err = uprobes_ring(s))) {
		fprintf(stderr, "strobe: cannot map the probes' ring buffer: %s\n", strerror(-err));
		return EXIT_SETUP;
	}
	if (s->o->cmd && (err = launch_release(s))) {
		if (err == -EALREADY)	/* the injection filter: said */
			return EXIT_SETUP;
		/* the failed execve's line first, then why, as strace */
		if (s->o->trace && !s->rec)
			drain(s, false);
		writer_flush(&s->w);
		fputs(s->exec_msg, stderr);
		/* strace traces the child before its exec, and so says how it ended */
		if (s->o->trace && !(s->o->quiet & QUIET_EXIT) && !s->rec)
			sbuf_puts(&s->w.buf, "+++ exited with 1 +++\n");
		return EXIT_NOEXEC;
	}
	s->t.release = mono_ns();
	return 0;
}

/* -d: where start-up and shutdown went (make bench prints the medians) */
static void print_timing(struct session *s)
{
	const struct session_times *t = &s->t;
	uint64_t end = mono_ns();
#define MS(a, b) ((a) && (b) && (b) >= (a) ? ((b) - (a)) / 1e6 : 0.0)

	fprintf(stderr, "strobe: timing (ms): start %.2f, load %.2f (%llu insns verified), "
		"prepare %.2f, attach %.2f, release %.2f, first event +%.2f, run %.2f, "
		"stop %.2f\n", MS(t_exec, t->setup), MS(t->setup, t->load),
		(unsigned long long)bpf_verified_insns(s), MS(t->load, t->attach0),
		MS(t->attach0, t->attach), MS(t->attach, t->release), MS(t->release, t->first),
		MS(t->release, t->stop), MS(t->stop, end));
#undef MS
}

struct seed_ctx {
	struct fdpaths *t;
	int pid;
};

static void seed_one(void *ctx, int fd, const char *path)
{
	struct seed_ctx *c = ctx;

	fdpaths_set(c->t, c->pid, fd, path);
}

/* -y, -P: fds open before tracing began: the command's are strobe's own
 * that it does not close on exec (stdin, stdout, stderr, and what the
 * shell opened for strobe: `9>>/dev/full`); attached processes' are all
 * in /proc. */
static void seed_fd_paths(struct session *s)
{
	struct fdpaths *t = s->fmt ? formatter_fdpaths(s->fmt) : NULL;
	char link[64], path[4096];
	ssize_t n;
	DIR *d;
	struct dirent *de;

	if (!t)
		return;
	if (s->o->cmd && s->child > 0 && getcwd(path, sizeof(path)))
		fdpaths_set_cwd(t, s->child, path);
	d = s->o->cmd && s->child > 0 ? opendir("/proc/self/fd") : NULL;
	while (d && (de = readdir(d))) {
		int fd = atoi(de->d_name), fl;

		if (de->d_name[0] < '0' || de->d_name[0] > '9' || fd == dirfd(d) ||
		    (fl = fcntl(fd, F_GETFD)) < 0 || (fl & FD_CLOEXEC))
			continue;
		snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
		if ((n = readlink(link, path, sizeof(path) - 1)) > 0) {
			path[n] = 0;
			fdpaths_set(t, s->child, fd, path);
		}
	}
	if (d)
		closedir(d);
	for (int i = 0; i < s->o->npids; i++) {
		struct seed_ctx c = { t, s->o->pids[i] };

		if (!proc_fds(c.pid, path, sizeof(path), seed_one, &c) && path[0])
			fdpaths_set_cwd(t, c.pid, path);
	}
}

/* What strobe was started with, for the command it runs (as strace: a
 * command inherits the signal mask and an ignored SIGCHLD) */
static sigset_t started_mask;
static bool started_chld_ign;

void session_restore_signals(void)
{
	if (started_chld_ign)
		signal(SIGCHLD, SIG_IGN);
	sigprocmask(SIG_SETMASK, &started_mask, NULL);
}

int session_signalfd(void)
{
	sigset_t mask, now;
	struct sigaction chld;

	/* as strace: a stop signal blocked by whoever started strobe stays
	 * blocked and unread (one pending already must not end the trace) */
	sigprocmask(SIG_BLOCK, NULL, &now);
	sigemptyset(&mask);
	if (!sigismember(&now, SIGINT))
		sigaddset(&mask, SIGINT);
	if (!sigismember(&now, SIGTERM))
		sigaddset(&mask, SIGTERM);
	if (!sigismember(&now, SIGHUP))
		sigaddset(&mask, SIGHUP);
	sigaddset(&mask, SIGCHLD);
	sigprocmask(SIG_BLOCK, &mask, &started_mask);
	/* an ignored SIGCHLD is never queued, and children reap themselves:
	 * strobe would wait for ever for the command's end */
	if (!sigaction(SIGCHLD, NULL, &chld) && chld.sa_handler == SIG_IGN) {
		started_chld_ign = true;
		signal(SIGCHLD, SIG_DFL);
	}
	return signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
}

unsigned session_stdio_given = 3;

int session_run(const struct options *o)
{
	struct session s = { .o = o, .child = -1, .gate_fd = -1, .exec_err_fd = -1,
			     .tracefs = -1 };
	struct fmt_opts fo;
	int status, stop = 0, sigfd, err, die_sig = 0;

	options_fmt(o, &fo);
	/* (strace: with -f, or with more than one process from the start) */
	fo.pid_column = o->outfile && (o->follow || !!o->cmd + o->npids > 1) && !o->separately;
	fo.always_prefix = o->all && !o->separately;
	fo.live = true;
	fo.quiet = o->has_quiet ? o->quiet_sel : NULL;
	fo.separate = o->separately;

	if (hint_check_privileges())
		return EXIT_SETUP;
	if (o->separately)
		err = writer_split(&s.w, o->outfile, o->append);
	else
		err = writer_open_ex(&s.w, o->mode == MODE_RECORD ? NULL : o->outfile,
				     o->append);
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
	/* as strace: the command's standard input and output are its own;
	 * strobe's copies would keep a pipe open after the command closed
	 * its ends (`yes | strobe CMD` would never see EPIPE) */
	if (o->cmd && s.child > 0) {
		int nul = open("/dev/null", O_RDWR | O_CLOEXEC);

		/* only those strobe was given: started with them closed, its
		 * own files (the session's pipes, tracefs) have their numbers */
		if (nul >= 0) {
			if (session_stdio_given & 1)
				dup2(nul, STDIN_FILENO);
			if ((session_stdio_given & 2) && s.w.fd != STDOUT_FILENO)
				dup2(nul, STDOUT_FILENO);
			close(nul);
		}
	}
	if (session_metrics_start(&s)) {
		status = EXIT_SETUP;
		goto cleanup;
	}
	s.start_ns = mono_ns();
	stop = consume(&s, sigfd);
	s.t.stop = mono_ns();
	/* Detach before the last drain: the total of lost events read after
	 * it is final, and equals what the trace marks plus its tail. */
	bpf_setup_detach(&s);
	uprobes_stop(&s);
	drain(&s, true);
	if (o->trace) {
		if (!o->all)
			target_report_unfinished(&s, stop != 0);
		formatter_finish(s.fmt);
		if (!s.rec)
			formatter_lost_tail(s.fmt, lost_total(&s));
	}
	if (o->summary && !o->interval)
		print_summary(&s, true);
	else if (o->interval)
		print_summary(&s, false);	/* the last, partial interval */
	status = exit_status(&s, stop, &die_sig);
	/* strace: a command of its own gets the signal that stopped strace */
	if (stop && o->cmd && s.child > 0 && !s.child_done)
		kill(s.child, stop);
	if (s.rec && record_finish(&s, status))
		status = EXIT_SETUP;
	if (o->npids)
		target_report_detached(&s);
cleanup:
	if (s.rb)
		ring_free(s.rb);
	if (o->debug && s.skel)
		print_timing(&s);
	if (s.rec)
		rec_writer_close(s.rec, NULL);	/* setup failed: no end block */
	if (s.skel)
		report_losses(&s);
	/* answer what is held; processes that still have the filter get a
	 * keeper for its listener (src/inject/notify.c) */
	injector_free(s.inj);
	session_metrics_stop(&s);	/* before the maps it reads are gone */
	bpf_setup_destroy(&s);
	uprobes_free(&s);
	if (s.gate_fd >= 0)
		close(s.gate_fd);	/* a command that never started exits */
	if (s.exec_err_fd >= 0)
		close(s.exec_err_fd);
	if (s.child > 0 && !s.child_done && status == EXIT_SETUP)
		waitpid(s.child, NULL, 0);
	/* as strace: said in its words, and the exit status stays the
	 * command's (strobe's own failures excepted) */
	err = writer_close(&s.w);
	if (err && !s.out_err_said)
		fprintf(stderr, "strobe: %s: %s\n", s.w.name, strerror(-err));
	formatter_free(s.fmt);
	tidset_free(&s.tids);
	free(s.attached);
	tp_table_free(&s.tps);
	summary_free(&s.prev);
	summary_free(&s.uprev);
	if (sigfd >= 0)
		close(sigfd);
	return die_sig && status != EXIT_SETUP ? EXIT_SIGNAL(die_sig) : status;
}
