// SPDX-License-Identifier: GPL-2.0
/*
 * `strobe script`: read the program, compile every probe, attach, print
 * what the programs send until Ctrl-C, exit() or the end of -c's command,
 * then run END and print the maps, as bpftrace does.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "lang.h"
#include "../metrics/metrics.h"
#include "../profile/profile.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* SIGUSR1: print every map now, as bpftrace does */
static volatile sig_atomic_t print_maps;

static void on_usr1(int sig)
{
	(void)sig;
	print_maps = 1;
}

static void on_child(int sig)
{
	(void)sig;
}

static int libbpf_quiet(enum libbpf_print_level l, const char *fmt, va_list ap)
{
	(void)l;
	(void)fmt;
	(void)ap;
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f,
		"USAGE: strobe script [options] (-e PROGRAM | FILE) [ARGS...]\n"
		"       strobe script -l [PATTERN] [-p PID]\n"
		"Runs a bpftrace program, compiled to BPF by strobe itself.\n"
		"  -e PROGRAM   the program text\n"
		"  -c CMD       run CMD, trace while it runs (its pid is cpid)\n"
		"  -p PID       the process uprobes and usdt probes attach to (ends with it)\n"
		"  -l           list probes matching PATTERN (tracepoint:sched:*, *sched*,\n"
		"               uprobe:./prog*:*); with -p those of the process's files\n"
		"  -o FILE      write the output to FILE\n"
		"  -q           quiet: no \"Attaching N probes...\" line\n"
		"  -f json      every output as a JSON object a line, as bpftrace's\n"
		"  --info       what this kernel offers (helpers, maps, probe types)\n"
		"  -k, -kk      warn when delete() misses its key; -kk: reads of missing keys too\n"
		"  -V, --version  which language: bpftrace v0.17.0's\n"
		"  --include H, -I DIR  accepted; types come from BTF (#include is ignored)\n"
		"  --unsafe     allow system()\n"
		"  --usdt-file-activation  accepted: USDT semaphores are always counted by the\n"
		"               kernel, in every process running the file\n"
		"  --metrics [ADDR:]PORT  serve the maps to Prometheus at /metrics\n"
		"  --metrics-prefix P     metric names P + map name (default bpftrace_)\n"
		"  --metrics-max-series N label sets per scrape (default 10000, 0: no cap)\n"
		"  -v           show the verifier's statistics\n"
		"  -d, -dd      show the generated instructions; -dd also the verifier's log\n"
		"  ARGS         positional parameters $1, $2, ... ($# counts them)\n");
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "re") : stdin;
	char *buf = NULL;
	size_t cap = 0, n = 0, got;

	if (!f)
		return NULL;
	do {
		if (n + 4096 > cap) {
			cap = (n + 4096) * 2;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got);
	if (f != stdin)
		fclose(f);
	buf[n] = 0;
	*len = n;
	return buf;
}

/* A process that has exited (a zombie its parent has not reaped yet
 * counts as gone). */
static bool gone(pid_t pid)
{
	char path[64], buf[256], *p;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (!(f = fopen(path, "re")))
		return true;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	p = strrchr(buf, ')');
	return !p || p[1] != ' ' || p[2] == 'Z' || p[2] == 'X';
}

/* Fork -c's command, held until the probes are attached. */
static int spawn(const char *cmd, int *go)
{
	int p[2];
	pid_t pid;

	if (pipe2(p, O_CLOEXEC))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		char *argv[64], *copy = strdup(cmd), *save = NULL, *w;
		int n = 0;
		uint64_t go_word;

		close(p[1]);
		/* split first: the probes see only the command's own calls
		 * (and the read and execve) */
		for (w = strtok_r(copy, " \t", &save); w && n < 63; w = strtok_r(NULL, " \t", &save))
			argv[n++] = w;
		argv[n] = NULL;
		/* 8 bytes, as bpftrace's child reads: the same read is seen */
		if (read(p[0], &go_word, 8) != 8)
			_exit(127);
		if (!n)
			_exit(127);
		execvp(argv[0], argv);
		fprintf(stderr, "strobe: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(p[0]);
	*go = p[1];
	return pid;
}

static bool exited;
static int batch;

static int on_record(void *ctx, void *data, size_t len)
{
	struct compiler *c = ctx;

	if (exited)
		return 0;
	/* Ctrl-C: what is left is shown, but system() runs no more (each
	 * command takes milliseconds, and may cause more records) */
	if (stop)
		c->stopping = true;
	if (out_event(c, data, len)) {
		exited = true;
		return -1;	/* stop here: what follows exit() is not shown */
	}
	/* a busy machine never empties the ring: come up for air (signals,
	 * -c's command ending) every so many records */
	if (++batch >= 4096)
		return -EAGAIN;
	return 0;
}

void compiler_free(struct compiler *c)
{
	for (int i = 0; i < c->nmaps; i++) {
		free(c->maps[i].name);
		if (c->maps[i].fd >= 0)
			close(c->maps[i].fd);
	}
	free(c->maps);
	for (int i = 0; i < c->nfmts; i++)
		free(c->fmts[i].fmt);
	free(c->fmts);
	free(c->tups);
	for (int i = 0; i < c->nvars; i++)
		free(c->vars[i].name);
	for (int i = 0; i < c->npts; i++) {
		point_detach(&c->pts[i]);
		if (c->pts[i].prog_fd >= 0)
			close(c->pts[i].prog_fd);
		free(c->pts[i].name);
		free(c->pts[i].func);
		free(c->pts[i].tp);
		probe_set_free(&c->pts[i].set);
		free(c->pts[i].ins);
	}
	free(c->pts);
	for (int i = 0; i < c->npnames; i++)
		free(c->pnames[i]);
	free(c->pnames);
	free(c->left_out);
	stacks_close(c);
	usyms_free(c->us);
	dwarf_btf_free(c);
	if (c->btf)
		btf__free(c->btf);
	if (c->btf_base)
		btf__free(c->btf_base);
	ksyms_free(c->ks);
	for (int fd, i = 0; i < 4; i++) {
		fd = i == 0 ? c->ringbuf_fd : i == 1 ? c->lost_fd : i == 2 ? c->stack_fd : c->join_fd;
		if (fd > 0)
			close(fd);
	}
}

static int compile(struct compiler *c)
{
	struct gen g;
	int rc = 0;

	if (probes_expand(c))
		return -1;
	for (int i = 0; i < c->npts; i++)
		if (!c->pts[i].wp_setup && check_probe(c, &c->pts[i]))
			return -1;
	c->final = true;
	rc = maps_create(c);
	if (rc) {
		if (rc < -1)
			fprintf(stderr, "strobe: cannot create BPF maps: %s (are you root?)\n",
				strerror(-rc));
		return -1;
	}
	for (int i = 0; i < c->npts; i++) {
		if (c->pts[i].wp_setup ? watchpoint_gen_setup(c, &c->pts[i], &g) :
		    (check_probe(c, &c->pts[i]) || gen_probe(c, &c->pts[i], &g))) {
			free(g.ins);
			free(g.labels);
			free(g.fix);
			return -1;
		}
		if (provider_of(c->pts[i].kind)->offers & PV_USER) {
			/* kept: a kernel that refuses the uprobe_multi link
			 * gets the plain program at attach time */
			c->pts[i].multi = probe_have_uprobe_multi() &&
					  !getenv("STROBE_UPROBE_PERF");	/* tests */
			c->pts[i].ins = malloc(g.n * sizeof(*g.ins));
			if (!c->pts[i].ins)
				abort();
			memcpy(c->pts[i].ins, g.ins, g.n * sizeof(*g.ins));
			c->pts[i].nins = g.n;
		}
		rc = prog_load(c, &c->pts[i], &g);
		free(g.ins);
		free(g.labels);
		free(g.fix);
		if (rc)
			return -1;
	}
	return 0;
}

static void run_kind(struct compiler *c, enum lang_probe_kind k)
{
	for (int i = 0; i < c->npts; i++)
		if (c->pts[i].kind == k)
			probe_run_once(&c->pts[i]);
}

static bool attach_reversed(enum lang_probe_kind k)
{
	return provider_of(k)->offers & PV_REVERSED;
}

/* Uprobe points on one location (the same offset in the same file). */
static bool share_loc(const struct probe_point *a, const struct probe_point *b)
{
	if (!a->set.path || !b->set.path || strcmp(a->set.path, b->set.path))
		return false;
	for (size_t i = 0; i < a->set.n; i++)
		for (size_t j = 0; j < b->set.n; j++)
			if (a->set.loc[i].offset == b->set.loc[j].offset)
				return true;
	return false;
}

/*
 * Several probes on one event run in program order, as in bpftrace.  The
 * kernel runs the perf events of a software event and the consumers of a
 * uprobe newest first: those are attached last to first; tracepoints run
 * in the order they were attached.  Uprobe points on different locations
 * keep program order, as bpftrace attaches them, so that a process
 * looping over a wildcard's markers most likely meets the first one
 * first, as under bpftrace (bpftrace's two usdt tests that check it
 * failed with the last attached first, and pass now).  Not always: the
 * breakpoints go into one page, which the looping CPU may see only once
 * several are in it.  So uprobe points are attached in program order,
 * each with the later points on its location before it.
 */
static int attach_all(struct compiler *c, const volatile bool *quit)
{
	bool *done = calloc(c->npts ? c->npts : 1, sizeof(*done));
	int err = 0;

	if (!done)
		return -1;
	for (int i = 0; i < c->npts && !*quit && !err; i++)
		if (!attach_reversed(c->pts[i].kind))
			err = point_attach(c, &c->pts[i]);
	for (int i = c->npts - 1; i >= 0 && !*quit && !err; i--)
		if (attach_reversed(c->pts[i].kind) && !c->pts[i].set.path)
			err = point_attach(c, &c->pts[i]);
	for (int i = 0; i < c->npts && !*quit && !err; i++) {
		if (!attach_reversed(c->pts[i].kind) || !c->pts[i].set.path || done[i])
			continue;
		for (int j = c->npts - 1; j >= i && !*quit && !err; j--) {
			if (done[j] || !attach_reversed(c->pts[j].kind) ||
			    (j != i && !share_loc(&c->pts[i], &c->pts[j])))
				continue;
			done[j] = true;
			err = point_attach(c, &c->pts[j]);
		}
	}
	free(done);
	return err;
}

int script_main(int argc, char **argv)
{
	struct compiler c = { .ringbuf_fd = -1, .lost_fd = -1, .stack_fd = -1, .join_fd = -1 };
	const char *prog_text = NULL, *cmd = NULL, *outfile = NULL;
	struct ring_buffer *rb = NULL;
	struct program prog = { 0 };
	struct src src;
	char *file_text = NULL;
	bool list = false, quiet = false, watch;
	int opt, rc = 1, go = -1, d = 0, pidfd = -1;
	pid_t child = -1;
	struct timespec mono, real;
	struct metrics_opts mo = { 0 };
	struct metrics_server *mxs = NULL;
	struct lang_metrics lm = { 0 };
	bool max_given = false;

	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "unsafe", no_argument, NULL, 'U' },
		{ "version", no_argument, NULL, 'V' },
		{ "metrics", required_argument, NULL, 'M' },
		{ "metrics-prefix", required_argument, NULL, 'P' },
		{ "metrics-max-series", required_argument, NULL, 'S' },
		{ "include", required_argument, NULL, 'N' },
		{ "info", no_argument, NULL, 'F' },
		{ "usdt-file-activation", no_argument, NULL, 'A' },
		{ NULL, 0, NULL, 0 },
	};
	optind = 1;
	while ((opt = getopt_long(argc, argv, "e:c:p:lo:vdhqVI:f:k", longopts, NULL)) != -1) {
		switch (opt) {
		case 'e': prog_text = optarg; break;
		case 'c': cmd = optarg; break;
		case 'p': {
			char *end;
			long v = strtol(optarg, &end, 10);

			/* bpftrace's words after ours (its tests look for them) */
			if (!*optarg || *end) {
				fprintf(stderr, "strobe script: ERROR: pid '%s' is not a valid "
					"decimal number\n", optarg);
				return 2;
			}
			if (v < 1 || v > 4194304) {	/* the kernel's PID_MAX_LIMIT */
				fprintf(stderr, "strobe script: ERROR: pid '%s' out of valid pid "
					"range [1,4194304]\n", optarg);
				return 2;
			}
			if (kill(v, 0) && errno == ESRCH) {
				fprintf(stderr, "strobe script: no process %s (-p takes the pid of "
					"a running process)\n", optarg);
				return 2;
			}
			c.pid = v;
			break;
		}
		case 'l': list = true; break;
		case 'o': outfile = optarg; break;
		case 'v': c.verbose = c.verbose < 1 ? 1 : c.verbose; break;
		case 'd': d++; break;
		case 'h': usage(stdout); return 0;
		case 'U': c.unsafe = true; break;
		case 'q': quiet = true; break;
		case 'k': c.helper_check++; break;
		case 'f':
			if (!strcmp(optarg, "json")) {
				c.json = true;
			} else if (strcmp(optarg, "text")) {
				/* bpftrace's line exactly (its tests anchor it) */
				fprintf(stderr, "ERROR: Invalid output format \"%s\"\n", optarg);
				return 2;
			}
			break;
		case 'F':
			libbpf_set_print(libbpf_quiet);
			return script_info() ? 1 : 0;
		case 'A':
			/* the kernel counts USDT semaphores itself (uprobes'
			 * ref_ctr_offset, 4.20+) in every process that maps the
			 * file: activation by file is what strobe always does */
			break;
		case 'N':	/* --include HEADER: types come from BTF, as #include */
		case 'I':
			break;
		case 'V':
			/* bpftrace's test engine looks for "bpftrace v" */
			printf("strobe script %s: the language of bpftrace v0.17.0\n",
			       STROBE_VERSION);
			return 0;
		case 'M': mo.listen = optarg; break;
		case 'P': mo.prefix = optarg; break;
		case 'S': {
			char *end;

			mo.max_series = strtoull(optarg, &end, 10);
			if (*end || !*optarg || optarg[0] == '-') {
				fprintf(stderr, "strobe script: invalid --metrics-max-series '%s': "
					"expected a number (0: no cap)\n", optarg);
				return 2;
			}
			max_given = true;
			break;
		}
		default: usage(stderr); return 2;
		}
	}
	if (d)
		c.verbose = d == 1 ? 2 : 3;
	if (cmd && c.pid) {
		fprintf(stderr, "strobe script: -p and -c cannot be used together (trace one "
			"process: the running one, or the one -c starts)\n");
		return 2;
	}
	libbpf_set_print(libbpf_quiet);
	if (list)
		return probes_list(optind < argc ? argv[optind] : NULL, c.pid, c.verbose > 0) ?
		       1 : 0;
	if (!prog_text) {
		size_t len;

		if (optind >= argc) {
			fprintf(stderr, "strobe script: no program: give -e PROGRAM or a file "
				"(strobe script -h)\n");
			return 2;
		}
		file_text = read_all(argv[optind], &len);
		if (!file_text) {
			/* bpftrace's words after ours (its tests look for them) */
			fprintf(stderr, "strobe script: ERROR: failed to open file '%s': %s\n",
				argv[optind],
				strerror(errno));
			return 1;
		}
		src = (struct src){ argv[optind], file_text, len };
		optind++;
	} else {
		src = (struct src){ "stdin", prog_text, strlen(prog_text) };
	}
	c.pos = argv + optind;
	c.npos = argc - optind;
	c.src = &src;
	c.out = stdout;
	if (outfile && !(c.out = fopen(outfile, "we"))) {
		fprintf(stderr, "strobe script: cannot write %s: %s\n", outfile, strerror(errno));
		goto out;
	}
	if (lang_parse(&src, &prog))
		goto out;
	c.prog = &prog;
	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &real);
	c.boot_ns = (uint64_t)mono.tv_sec * 1000000000 + mono.tv_nsec;
	c.real_off = ((int64_t)real.tv_sec * 1000000000 + real.tv_nsec) - (int64_t)c.boot_ns;
	if (cmd) {
		child = spawn(cmd, &go);
		if (child < 0) {
			fprintf(stderr, "strobe script: cannot start %s: %s\n", cmd, strerror(errno));
			goto out;
		}
		c.cpid = child;
		c.cmd = cmd;
		pidfd = script_pidfd(child);
	}
	if (compile(&c))
		goto out;
	/* user addresses may be printed: keep the target's mappings */
	watch = c.uses_ustack;
	for (int i = 0; i < c.npts; i++)
		watch |= provider_of(c.pts[i].kind)->offers & PV_USER;
	rb = ring_buffer__new(c.ringbuf_fd, on_record, &c, NULL);
	if (!rb) {
		fprintf(stderr, "strobe script: cannot read the ring buffer: %s\n", strerror(errno));
		goto out;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	{
		/* no SA_RESTART: the wait returns at once */
		struct sigaction sa = { .sa_handler = on_usr1 };

		sigaction(SIGUSR1, &sa, NULL);
	}
	if (child > 0) {
		/* -c's command ending interrupts the wait at once */
		struct sigaction sa = { .sa_handler = on_child };

		sigaction(SIGCHLD, &sa, NULL);
	}
	if (!quiet && c.json)
		fprintf(c.out, "{\"type\": \"attached_probes\", \"data\": {\"probes\": %d}}\n",
			probes_count(&c));
	else if (!quiet)
		fprintf(c.out, "Attaching %d probe%s...\n", probes_count(&c),
			probes_count(&c) == 1 ? "" : "s");
	fflush(c.out);
	run_kind(&c, P_BEGIN);
	ring_buffer__consume(rb);
	if (attach_all(&c, &exited))
		goto out;
	if (mo.listen) {
		if (!max_given)
			mo.max_series = METRICS_DEFAULT_MAX_SERIES;
		if (lang_metrics_prepare(&lm, &c, mo.prefix) ||
		    !(mxs = metrics_start(&mo, lang_metrics_collect, &lm)))
			goto out;
	}
	if (go >= 0) {
		uint64_t one = 1;

		if (write(go, &one, 8) != 8)
			fprintf(stderr, "strobe script: cannot start %s\n", cmd);
		close(go);
		go = -1;
	}
	/* bpftrace's runtime test engine waits for this line (bpftrace prints
	 * it on stderr once every probe is attached) before its AFTER step */
	if (getenv("__BPFTRACE_NOTIFY_PROBES_ATTACHED"))
		fputs("__BPFTRACE_NOTIFY_PROBES_ATTACHED\n", stderr);
	while (!stop && !exited) {
		int r;

		batch = 0;
		r = script_wait(rb, pidfd, 100);
		if (r < 0 && r != -EINTR && r != -EAGAIN && !exited)
			break;
		if (print_maps) {
			print_maps = 0;
			maps_print_all(&c);
		}
		fflush(c.out);
		if (watch && (c.pid > 0 || child > 0))
			usyms_watch(&c, c.pid > 0 ? c.pid : child);
		if (child > 0 && waitpid(child, NULL, WNOHANG) == child) {
			child = -1;
			break;
		}
		/* -p's process ended: so does the trace, as under bpftrace */
		if (c.pid > 0 && gone(c.pid))
			break;
	}
	script_detach(&c);
	metrics_stop(mxs);
	mxs = NULL;
	/* what came before exit() or the end is shown, what came after is not */
	do
		batch = 0;
	while (ring_buffer__consume(rb) == -EAGAIN);
	exited = false;
	run_kind(&c, P_END);
	do
		batch = 0;
	while (ring_buffer__consume(rb) == -EAGAIN);
	fputs("\n\n", c.out);
	maps_print_all(&c);
	fflush(c.out);
	if (lost_events(&c))
		fprintf(stderr, "strobe script: %llu events lost (the ring buffer was full)\n",
			(unsigned long long)lost_events(&c));
	rc = 0;
out:
	if (go >= 0)
		close(go);
	if (pidfd >= 0)
		close(pidfd);
	if (child > 0) {
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
	}
	metrics_stop(mxs);
	lang_metrics_free(&lm);
	ring_buffer__free(rb);
	compiler_free(&c);
	program_free(&prog);
	free(file_text);
	if (c.out && c.out != stdout)
		fclose(c.out);
	return rc;
}
