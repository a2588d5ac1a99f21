// SPDX-License-Identifier: GPL-2.0
/*
 * strobe ltrace's session.  Which calls: the functions the program
 * imports (undefined .dynsym functions), found in the libraries it needs
 * (DT_NEEDED, in order, as the dynamic loader searches them) and probed
 * at their entries and returns.  Calls between libraries are not the
 * program's: the kernel side keeps a call only if its return address is
 * in the program's own file, so PLT stubs, -fno-plt, -z now and IBT's
 * .plt.sec make no difference.
 */
#include <errno.h>
#include <fnmatch.h>
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

#include "ltrace.h"
#include "../cli/cli.h"
#include "../output/output.h"
#include "../session/session.h"
#include "../summary/summary.h"
#include "../../bpf/uprobe_desc.h"

struct lt_run {
	const struct lt_opts *o;
	struct uprog up;
	struct writer w;
	struct formatter *fmt;
	struct lt_printer *pr;
	struct ring *rb;
	char main_path[4096];
	pid_t child;
	int child_status;
	bool child_done;
	struct launch l;
	struct lt_sys *sys;	/* -S */
	pid_t filter;		/* the probes' pid (0: all targets) */
	char **taken;		/* functions probed, by name (the first library's) */
	size_t ntaken;
};

static int find_program(const char *cmd, char *path, size_t len)
{
	const char *env = getenv("PATH");
	char *dirs, *save = NULL;

	if (strchr(cmd, '/')) {
		snprintf(path, len, "%s", cmd);
		return access(path, X_OK) ? -errno : 0;
	}
	if (!(dirs = strdup(env ? env : "/usr/bin:/bin")))
		return -ENOMEM;
	for (char *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		snprintf(path, len, "%s/%s", d, cmd);
		if (!access(path, X_OK)) {
			free(dirs);
			return 0;
		}
	}
	free(dirs);
	return -ENOENT;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static struct up_desc call_desc(const struct lt_opts *o, bool caller_check)
{
	struct up_desc d = { 0 };

	d.flags = UD_PAIR | (caller_check ? UD_CALLER : 0) |
		  (o->count ? UD_COUNT : UD_EMIT_ENTRY | UD_EMIT_RETURN);
	if (o->stack_depth && !o->count)
		d.flags |= UD_STACK;
	/* with -e or -l, ltrace names the object each call came from */
	if (caller_check && (o->nrules || o->nlibs) && !o->count)
		d.xflags |= UDX_CALLER_ID;
	return d;
}

/* What the C runtime calls around main, not the program: ltrace does
 * not show them either (it sees calls through the PLT). */
static bool is_startup(const char *name)
{
	static const char *const names[] = {
		"__libc_start_main", "__cxa_finalize", "__gmon_start__",
		"_ITM_deregisterTMCloneTable", "_ITM_registerTMCloneTable",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/* Attach a set (after dropping what -e/-l do not select, or what an
 * earlier library already defines: `taken`). */
static int add_selected(struct lt_run *r, const struct probe_set *all, char **names,
			size_t nnames, bool taken, bool caller_check, pid_t filter, size_t *count)
{
	struct probe_set sel = { .kind = PK_UPROBE };
	struct up_desc d = call_desc(r->o, caller_check);
	int err = 0;

	if (!(sel.path = strdup(all->path)))
		return -ENOMEM;
	for (size_t i = 0; i < all->n && !err; i++) {
		const char *name = all->loc[i].name;

		if (names && !bsearch(&name, names, nnames, sizeof(*names), cmp_str))
			continue;
		if (is_startup(name))
			continue;
		/* a first instruction uprobes refuse (the AVX strcmp an IFUNC
		 * picks): the program's PLT stub takes the call (attach_stubs) */
		if (taken && all->loc[i].bad_insn)
			continue;
		/* two imported aliases of one function (memcpy, memmove) are
		 * probed twice, with two cookies: the kernel side tells them
		 * apart by the GOT slot the call went through */
		if (!ltrace_selected(r->o, name, all->path))
			continue;
		if (taken) {
			bool seen = false;

			for (size_t k = 0; k < r->ntaken && !seen; k++)
				seen = !strcmp(r->taken[k], name);
			if (seen)
				continue;
			char **t = realloc(r->taken, (r->ntaken + 1) * sizeof(*t));
			if (!t)
				return -ENOMEM;
			r->taken = t;
			t[r->ntaken++] = strdup(name);
		}
		err = probe_set_add(&sel, name, all->loc[i].addr, all->loc[i].offset);
		if (!err)
			sel.loc[sel.n - 1].bad_insn = all->loc[i].bad_insn;
	}
	/* aliases: the first, the name the symbol table's order ranks best
	 * (malloc before __libc_malloc, memcpy before memmove), takes the
	 * calls whose GOT slot is not known (ls's `jmp memcpy@plt` from its
	 * own function, zlib's zcalloc jumping to malloc) */
	for (size_t i = 0; i < sel.n; i++)
		for (size_t k = 0; k < i && !sel.loc[i].alias; k++)
			sel.loc[i].alias = sel.loc[k].offset == sel.loc[i].offset;
	if (!err && sel.n)
		err = uprog_add(&r->up, &sel, &d, true, true, filter, NULL);
	*count += sel.n;
	probe_set_free(&sel);
	return err;
}

static bool taken(const struct lt_run *r, const char *name)
{
	for (size_t k = 0; k < r->ntaken; k++)
		if (!strcmp(r->taken[k], name))
			return true;
	return false;
}

/* Imports no library file holds the code of (IFUNCs that choose the
 * vDSO's gettimeofday and time), or whose entry uprobes refuse (AVX
 * strcmp): probed at the program's PLT stub, the way ltrace sees every
 * call; said in one line where there is none. */
static int attach_stubs(struct lt_run *r, const char *path, const struct probe_imports *imp,
			pid_t filter, size_t *count)
{
	struct probe_set stubs = { .kind = PK_UPROBE };
	struct sbuf missing = { 0 };
	int err = 0;

	if (!(stubs.path = strdup(path)))
		return -ENOMEM;
	for (size_t i = 0; i < imp->nnames && !err; i++) {
		const char *name = imp->names[i];
		uint64_t vaddr, off;

		if (is_startup(name) || taken(r, name) || !ltrace_selected(r->o, name, path))
			continue;
		if (probe_elf_plt_stub(path, name, &vaddr, &off)) {
			sbuf_printf(&missing, "%s%s", missing.len ? ", " : "", name);
			continue;
		}
		err = probe_set_add(&stubs, name, vaddr, off);
	}
	if (missing.len)
		fprintf(stderr, "strobe ltrace: not traced: %.*s (no entry a uprobe can take in a "
			"library file: the vDSO's code, or a first instruction uprobes refuse; and "
			"%s calls them without a PLT stub)\n", (int)missing.len, missing.p, path);
	if (!err && stubs.n) {
		struct up_desc d = call_desc(r->o, true);

		d.xflags |= UDX_STUB;
		err = uprog_add(&r->up, &stubs, &d, true, true, filter, NULL);
		*count += stubs.n;
		for (size_t i = 0; i < stubs.n && !err; i++) {
			char **t = realloc(r->taken, (r->ntaken + 1) * sizeof(*t));

			if (!t)
				err = -ENOMEM;
			else if ((r->taken = t) && !(t[r->ntaken++] = strdup(stubs.loc[i].name)))
				err = -ENOMEM;
		}
	}
	sbuf_free(&missing);
	probe_set_free(&stubs);
	return err;
}

/* What a program imports, from the libraries it needs, as -e and -l
 * select them; what an earlier program made probe already is not probed
 * again.  quiet: no message when it is not dynamically linked. */
static int attach_imports(struct lt_run *r, const char *path, pid_t filter, bool quiet,
			  size_t *count)
{
	struct probe_imports imp = { 0 };
	int err = probe_elf_imports(path, &imp);

	if (err) {
		fprintf(stderr, "strobe ltrace: cannot read %s: %s\n", path, strerror(-err));
		return -EALREADY;
	}
	if (!imp.nlibs && !quiet)
		fprintf(stderr, "strobe ltrace: %s is not dynamically linked: no library "
			"calls to show\n", path);
	qsort(imp.names, imp.nnames, sizeof(*imp.names), cmp_str);
	for (size_t i = 0; i < imp.nlibs && !err; i++) {
		struct probe_set all = { .kind = PK_UPROBE };
		/* -l LIB: all of LIB's functions, called by the program or
		 * through any library's PLT, LIB's own included (ltrace's
		 * libz.so.1->deflateReset, libz.so.1->malloc) */
		bool whole = ltrace_lib_selected(r->o, imp.libs[i]);

		if (r->o->nlibs && (err = uprog_add_caller(&r->up, imp.libs[i], true)))
			break;
		if (!(all.path = strdup(imp.libs[i])))
			err = -ENOMEM;
		else if (!(err = probe_elf_funcs_aliases(imp.libs[i], "*", &all)))
			err = add_selected(r, &all, whole ? NULL : imp.names, imp.nnames, true, true,
					   filter, count);
		probe_set_free(&all);
	}
	if (!err)
		err = attach_stubs(r, path, &imp, filter, count);
	probe_imports_free(&imp);
	return err;
}

static int attach_calls(struct lt_run *r, pid_t filter)
{
	const struct lt_opts *o = r->o;
	size_t count = 0;
	int err = 0;

	if (!o->no_libs && !o->all)
		err = attach_imports(r, r->main_path, filter, false, &count);
	/* -a: the functions -e and -l name, in the libraries -l names */
	for (int i = 0; o->all && !o->no_libs && i < o->nlibs && !err; i++) {
		struct probe_set all = { .kind = PK_UPROBE };
		char path[4096], msg[512];

		if (probe_find_lib(o->libs[i], 0, path, sizeof(path), msg, sizeof(msg))) {
			fprintf(stderr, "strobe ltrace: %s\n", msg);
			err = -EALREADY;
			break;
		}
		if (!(all.path = strdup(path)))
			err = -ENOMEM;
		else if (!(err = probe_elf_funcs(path, "*", &all)))
			err = add_selected(r, &all, NULL, 0, false, false, 0, &count);
		probe_set_free(&all);
	}
	/* -x: the program's own functions, called from anywhere */
	for (int i = 0; i < o->nxsyms && !err && !o->all; i++) {
		struct probe_set set = { .kind = PK_UPROBE };
		struct up_desc d = call_desc(o, false);

		if (!(set.path = strdup(r->main_path)))
			err = -ENOMEM;
		else if (!(err = probe_elf_funcs(r->main_path, o->xsyms[i], &set)) && !set.n) {
			fprintf(stderr, "strobe ltrace: -x %s: no function of %s matches (looked in "
				".dynsym and .symtab%s)\n", o->xsyms[i], r->main_path,
				probe_elf_has_symtab(r->main_path) ? "" : "; the file is stripped");
			err = -EALREADY;
		} else if (!err) {
			err = uprog_add(&r->up, &set, &d, true, true, filter, NULL);
			count += set.n;
		}
		probe_set_free(&set);
	}
	if (err && err != -EALREADY)
		fprintf(stderr, "strobe ltrace: cannot attach the probes: %s\n", strerror(-err));
	/* a command may run other programs that import them (-f, exec) */
	if (!err && !count && !o->nxsyms && !o->syscalls)
		fprintf(stderr, "strobe ltrace: no library function of %s matches the filter%s\n",
			r->main_path, o->cmd || o->follow ? " (yet: programs it runs are "
			"probed when they start)" : "");
	if (o->debug)
		fprintf(stderr, "strobe ltrace: %zu functions probed%s\n", count,
			r->up.link.multi ? " (uprobe_multi)" : "");
	return err ? -EALREADY : 0;
}

/* A traced process ran another program, stopped by the kernel side at
 * its exec: what the new program imports is probed, its file counts as
 * the program's, and it goes on (as ltrace, which stops it too). */
static void on_exec(struct lt_run *r, pid_t pid)
{
	char link[64], path[4096];
	ssize_t n;
	size_t count = 0;

	snprintf(link, sizeof(link), "/proc/%d/exe", pid);
	n = readlink(link, path, sizeof(path) - 1);
	if (n > 0) {
		path[n] = 0;
		if (uprog_add_caller(&r->up, path, false) ||
		    (!r->o->no_libs && attach_imports(r, path, r->filter, true, &count)))
			fprintf(stderr, "strobe ltrace: cannot probe %s (pid %d): its calls are "
				"not shown\n", path, pid);
		if (r->o->debug)
			fprintf(stderr, "strobe ltrace: %s: %zu more functions probed\n", path,
				count);
	}
	kill(pid, SIGCONT);
}

static int on_record(void *ctx, void *data, size_t size)
{
	struct lt_run *r = ctx;
	const struct ev_header *h = data;

	if (size >= sizeof(*h) && h->kind == EV_EXEC && !r->o->all)
		on_exec(r, h->pid);

	if (!r->sys || lt_sys_hold(r->sys, data, size))
		lt_printer_event(r->pr, data, size);
	return 0;
}

/* -S: the syscall side's calls and signals (and with -w their stacks); its exits and
 * forks are the probe program's too, and printed from there */
static int on_sys_record(void *ctx, void *data, size_t size)
{
	const struct ev_header *h = data;

	if (size < sizeof(*h))
		return 0;
	switch (h->kind) {
	case EV_SYSCALL:
	case EV_SIGNAL:
	case EV_USTACK:
	case EV_MAPS:
		return on_record(ctx, data, size);
	}
	if (h->lost) {	/* what was lost before it still counts */
		struct ev_header bare = *h;

		bare.kind = 0;
		bare.size = sizeof(bare);
		return on_record(ctx, &bare, sizeof(bare));
	}
	return 0;
}

/* Both ring buffers, then what they held, in order (all: the last time). */
static void drain(struct lt_run *r, bool all)
{
	if (all)
		ring_drain(r->rb);
	else
		ring_consume(r->rb);
	if (r->sys)
		lt_sys_release(r->sys, r->pr, all);
}

static const char *func_name(int nr, void *ctx)
{
	const struct up_probe *p;

	if (nr >= LT_SYS_BASE)
		return lt_sys_name(nr);
	p = uprog_probe(ctx, nr);
	return p ? p->func : NULL;
}

static void lt_health(struct metrics_health *h, void *ctx)
{
	struct lt_run *r = ctx;

	h->events_lost = uprog_lost_total(&r->up);
	h->not_counted = uprog_not_counted(&r->up);
	h->samples_skipped = uprog_not_in_hist(&r->up);
	h->programs = r->up.nprobes;
}

static void print_summary(struct lt_run *r, double seconds)
{
	struct summary sum = { 0 };
	struct summary_fmt f = { .sort = SORT_TIME, .seconds = seconds, .when = time(NULL),
				 .not_counted = uprog_not_counted(&r->up) +
						lt_sys_not_counted(r->sys) };
	struct sum_maps m;
	int err;

	uprog_summary_maps(&r->up, &m);
	err = summary_collect(&m, &sum);
	if (!err && r->sys)	/* -S: the syscalls in the same table */
		err = lt_sys_summary(r->sys, &sum);

	if (err) {
		fprintf(stderr, "strobe ltrace: cannot read the summary: %s\n", strerror(-err));
		summary_free(&sum);
		return;
	}
	summary_set_namer(func_name, &r->up);
	summary_print(&r->w.buf, &sum, &f);
	summary_free(&sum);
	writer_flush(&r->w);
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static int consume(struct lt_run *r, int sigfd)
{
	struct epoll_event ev = { .events = EPOLLIN }, got[4];
	int epfd = epoll_create1(EPOLL_CLOEXEC), stop = 0;

	if (epfd < 0)
		return -errno;
	ev.data.fd = ring_epoll_fd(r->rb);
	epoll_ctl(epfd, EPOLL_CTL_ADD, ev.data.fd, &ev);
	ev.data.fd = sigfd;
	epoll_ctl(epfd, EPOLL_CTL_ADD, sigfd, &ev);
	while (!stop) {
		struct signalfd_siginfo si;
		int status;

		if (epoll_wait(epfd, got, 4, 50) < 0 && errno != EINTR)
			break;
		drain(r, false);
		while (read(sigfd, &si, sizeof(si)) == sizeof(si)) {
			if (si.ssi_signo != SIGCHLD)
				stop = si.ssi_signo;
			else if (r->child > 0 && !r->child_done &&
				 waitpid(r->child, &status, WNOHANG) == r->child) {
				r->child_done = true;
				r->child_status = status;
			}
		}
		writer_flush(&r->w);
		if (r->w.err || r->o->all)
			continue;
		if ((!r->o->cmd || r->child_done) && uprog_live(&r->up) <= 0)
			break;
	}
	close(epfd);
	return stop;
}

int ltrace_run(const struct lt_opts *o)
{
	struct lt_run r = { .o = o, .child = -1, .l = { .gate_fd = -1, .exec_err_fd = -1 } };
	struct metrics_server *mx = NULL;
	struct sum_maps mmaps;
	struct summary_metrics msum;
	struct uprog_opts uo = { .all = o->all, .cgroup = o->cgroup, .follow = o->follow, .tasks = true,
				 .stop_on_exec = !o->all && !o->cgroup,
				 .strsize = o->strsize, .debug = o->debug, .summary = o->count,
				 .ustack_mode = o->stack_depth ? 2 : 0,
				 .bufsize = o->stack_depth ? 32 << 20 : 0 };
	struct fmt_opts fo = { .strsize = o->strsize, .live = true };
	int status = EXIT_SETUP, sigfd = -1, err, stop = 0, die_sig = 0;
	pid_t filter = 0;
	uint64_t start;

	if (hint_check_privileges())
		return EXIT_SETUP;
	if ((err = writer_open(&r.w, o->outfile))) {
		fprintf(stderr, "strobe ltrace: cannot open '%s': %s\n", o->outfile,
			strerror(-err));
		return EXIT_SETUP;
	}
	r.fmt = formatter_new(&fo, &r.w);
	sigfd = session_signalfd();
	if (!r.fmt || sigfd < 0)
		goto out;
	if (o->cmd && find_program(o->cmd[0], r.main_path, sizeof(r.main_path))) {
		fprintf(stderr, "strobe ltrace: %s: command not found\n", o->cmd[0]);
		status = EXIT_NOTFOUND;
		goto out;
	}
	if (o->npids) {
		char exe[64];
		ssize_t n;

		snprintf(exe, sizeof(exe), "/proc/%d/exe", o->pids[0]);
		n = readlink(exe, r.main_path, sizeof(r.main_path) - 1);
		if (n <= 0) {
			fprintf(stderr, "strobe ltrace: cannot attach to process %d: %s\n",
				o->pids[0], strerror(errno));
			goto out;
		}
		r.main_path[n] = 0;
		snprintf(r.main_path, sizeof(r.main_path), "/proc/%d/exe", o->pids[0]);
	}
	if ((err = uprog_load(&r.up, &uo))) {
		hint_load_failure(err);
		goto out;
	}
	if (o->cmd) {
		if ((err = launch_fork(o->cmd, &r.l))) {
			status = err == -ENOENT ? EXIT_NOTFOUND : EXIT_NOEXEC;
			goto out;
		}
		r.child = r.l.pid;
		err = uprog_target(&r.up, r.child, true);
		filter = o->follow ? 0 : r.child;
	}
	for (int i = 0; i < o->npids && !err; i++)
		err = uprog_target(&r.up, o->pids[i], false);
	if (o->npids == 1 && !o->follow)
		filter = o->pids[0];
	if (!err && !o->all)
		err = uprog_add_caller(&r.up, r.main_path, false);
	r.filter = filter;
	if (err) {
		fprintf(stderr, "strobe ltrace: cannot watch the process: %s\n", strerror(-err));
		goto out;
	}
	/* -S: the syscalls first, so that with -p no call that shows makes
	 * syscalls that do not (loading takes a while) */
	if (o->syscalls && lt_sys_start(&r.sys, o, r.child, r.fmt))
		goto out;
	r.up.skip_unprobeable = true;
	r.up.dwarf_protos = true;
	if (attach_calls(&r, filter))
		goto out;
	if (r.up.nskipped)
		fprintf(stderr, "strobe ltrace: %zu functions cannot be probed at their entry "
			"(the kernel's uprobes refuse their first instruction): %.*s\n",
			r.up.nskipped, (int)r.up.skipped_names.len, r.up.skipped_names.p);
	r.pr = lt_printer_new(o, &r.w, r.fmt, &r.up);
	r.rb = ring_new(uprog_ringbuf_fd(&r.up), on_record, &r);
	if (!r.pr || !r.rb) {
		fprintf(stderr, "strobe ltrace: cannot map the ring buffer: %s\n", strerror(errno));
		goto out;
	}
	lt_printer_set_child(r.pr, r.child);
	if (o->syscalls) {
		if (ring_add(r.rb, lt_sys_ringbuf_fd(r.sys), on_sys_record, &r)) {
			fprintf(stderr, "strobe ltrace: cannot map the syscalls' ring buffer: %s\n",
				strerror(errno));
			goto out;
		}
	}
	if (o->metrics) {	/* -c's maps served while the calls run */
		struct metrics_opts mo = { .listen = o->metrics,
					   .max_series = METRICS_DEFAULT_MAX_SERIES };

		uprog_summary_maps(&r.up, &mmaps);
		msum = (struct summary_metrics){
			.maps = &mmaps, .by = BY_NONE, .name = func_name, .name_ctx = &r.up,
			.row_label = "function", .health = lt_health, .health_ctx = &r,
		};
		if (!(mx = metrics_start(&mo, summary_metrics_collect, &msum)))
			goto out;
	}
	start = mono_ns();
	if (o->cmd && launch_go(&r.l, o->cmd[0])) {
		r.child_done = true;
		status = EXIT_NOEXEC;
		goto out;
	}
	stop = consume(&r, sigfd);
	uprog_detach(&r.up);
	lt_sys_stop(r.sys);
	drain(&r, true);
	lt_printer_finish(r.pr);
	if (o->count)
		print_summary(&r, (mono_ns() - start) / 1e9);
	if (uprog_lost_total(&r.up) + lt_sys_lost(r.sys))
		fprintf(stderr, "strobe ltrace: %llu events lost (ring buffer full)\n",
			(unsigned long long)(uprog_lost_total(&r.up) + lt_sys_lost(r.sys)));
	if (uprog_missed_total(&r.up))
		fprintf(stderr, "strobe ltrace: %llu probe runs skipped by the kernel (another "
			"BPF program was running on that CPU): calls are missing\n",
			(unsigned long long)uprog_missed_total(&r.up));
	/* as the trace mode (and strace): the command's status, or strobe
	 * dies of the signal that killed the command or stopped strobe,
	 * passed on to a command of its own, which is not waited for (it
	 * may ignore it) */
	if (o->cmd && r.child_done && WIFEXITED(r.child_status)) {
		status = WEXITSTATUS(r.child_status);
	} else {
		if (o->cmd && r.child_done)
			die_sig = WTERMSIG(r.child_status);
		else
			die_sig = stop;
		status = die_sig ? 128 + die_sig : 0;
		if (stop && r.child > 0 && !r.child_done) {
			kill(r.child, stop);
			r.child_done = true;	/* left to run: not waited for */
		}
	}
out:
	metrics_stop(mx);	/* before the maps it reads are gone */
	if (r.rb)
		ring_free(r.rb);
	lt_sys_free(r.sys);
	lt_printer_free(r.pr);
	proto_dwarf_free();
	uprog_destroy(&r.up);
	for (size_t i = 0; i < r.ntaken; i++)
		free(r.taken[i]);
	free(r.taken);
	if (r.l.gate_fd >= 0)
		close(r.l.gate_fd);	/* a command that never started exits */
	if (r.l.exec_err_fd >= 0)
		close(r.l.exec_err_fd);
	if (r.child > 0 && !r.child_done)
		waitpid(r.child, NULL, 0);
	if (writer_close(&r.w) && !status)
		status = EXIT_SETUP;
	formatter_free(r.fmt);
	if (sigfd >= 0)
		close(sigfd);
	return die_sig && status != EXIT_SETUP ? EXIT_SIGNAL(die_sig) : status;
}

int ltrace_main(int argc, char **argv)
{
	struct lt_opts o;
	int rc = ltrace_parse(&o, argc, argv);

	if (rc) {
		ltrace_opts_free(&o);
		return rc > 0 ? 0 : EXIT_USAGE;
	}
	rc = ltrace_run(&o);
	ltrace_opts_free(&o);
	return rc;
}
