// SPDX-License-Identifier: GPL-2.0
/*
 * strobe sslsniff: the plaintext OpenSSL reads and writes, from uprobes
 * on SSL_read, SSL_write and their _ex variants (Python's ssl module uses
 * those) in libssl's file: every process that maps it, also later, is
 * covered by the kernel; the target filter is in the BPF program.
 */
#include <errno.h>
#include <getopt.h>
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
#include "../decode/decode.h"
#include "../output/output.h"
#include "../session/session.h"
#include "../../bpf/uprobe_desc.h"

struct sniff {
	struct uprog up;
	struct writer w;
	int strsize;
	bool hex;
	pid_t child;
	bool child_done;
	int child_status;
	uint64_t start;		/* CLOCK_MONOTONIC at start: the times' origin */
	/* one drain's records, printed sorted by when the calls returned */
	struct sniff_rec { void *rec; size_t size; uint64_t end; } *held;
	size_t nheld, capheld;
};

static const char usage[] =
"usage: strobe sslsniff [-x] [-s N] [-o FILE] [-p PID | -a | COMMAND [ARG...]]\n"
"The plaintext of OpenSSL's SSL_read/SSL_write (and _ex): process, direction,\n"
"length, time in the call, data.\n"
"  -a          every process (the default without -p or a command)\n"
"  -p PID      only this process\n"
"  -s N        show at most N bytes of each buffer (default 256)\n"
"  -x          data as a hex dump\n"
"  -l LIB      the libssl to probe (default: libssl.so.3)\n"
"  -o FILE     write to FILE instead of stdout\n";

static void hexdump(struct sbuf *b, const uint8_t *p, size_t n)
{
	for (size_t off = 0; off < n; off += 16) {
		sbuf_printf(b, "    %04zx ", off);
		for (size_t i = 0; i < 16; i++)
			if (off + i < n)
				sbuf_printf(b, " %02x", p[off + i]);
			else
				sbuf_puts(b, "   ");
		sbuf_puts(b, "  ");
		for (size_t i = 0; i < 16 && off + i < n; i++)
			sbuf_putc(b, p[off + i] >= 32 && p[off + i] < 127 ? p[off + i] : '.');
		sbuf_putc(b, '\n');
	}
}

/* The 8 bytes captured for argument arg (SSL_read_ex's *readbytes) */
static bool cap_value(const struct ev_uprobe *e, size_t size, unsigned arg, uint64_t *v)
{
	const uint8_t *c = (const uint8_t *)(e + 1), *end = (const uint8_t *)e + size;

	for (unsigned i = 0; i < e->ncaps && c + sizeof(struct cap) <= end; i++) {
		const struct cap *k = (const void *)c;

		if (c + CAP_SIZE(k->len) > end)
			break;
		if (k->arg == arg && k->len == 8 && !(k->flags & CAP_FAULT)) {
			memcpy(v, k + 1, 8);
			return true;
		}
		c += CAP_SIZE(k->len);
	}
	return false;
}

static void print_record(struct sniff *s, const void *data, size_t size)
{
	const struct ev_uprobe *e = data;
	const struct up_probe *p;
	const uint8_t *c, *end = (const uint8_t *)data + size;
	struct sbuf *b = &s->w.buf;
	char comm[16] = "?", path[64];
	FILE *f;
	bool rd;

	if (size < sizeof(*e) || e->h.kind != EV_UPROBE || !(p = uprog_probe(&s->up, e->cookie)))
		return;
	if (e->h.lost)
		sbuf_printf(b, "strobe: %u events lost here (ring buffer full)\n", e->h.lost);
	rd = strstr(p->func, "read") != NULL;
	/* bytes moved: the result, or for the _ex calls (1 on success) the
	 * count given to SSL_write_ex / *readbytes of SSL_read_ex */
	long long len = e->ret;
	if (strstr(p->func, "_ex"))
		len = e->ret != 1 ? 0 : !rd ? (long long)e->args[2] : -1;
	snprintf(path, sizeof(path), "/proc/%u/comm", e->h.pid);
	if ((f = fopen(path, "re"))) {
		if (fgets(comm, sizeof(comm), f))
			comm[strcspn(comm, "\n")] = 0;
		fclose(f);
	}
	if (len < 0) {	/* SSL_read_ex: the length of what was read */
		uint64_t v = 0;

		len = cap_value(e, size, 3, &v) ? (long long)v : 0;
	}
	/* when the call returned, from the start: a call entered before
	 * strobe started counts from 0 */
	uint64_t end_ts = e->h.ts + e->dur;

	sbuf_printf(b, "%.6f %-15s %7u %7u %-5s %-12s %6lld <%.6f>\n",
		    end_ts > s->start ? (end_ts - s->start) / 1e9 : 0.0, comm, e->h.pid, e->h.tid,
		    rd ? "READ" : "WRITE", p->func, len, e->dur / 1e9);
	/* the buffer: the first capture */
	c = (const uint8_t *)(e + 1);
	for (unsigned i = 0; i < e->ncaps && c + sizeof(struct cap) <= end; i++) {
		const struct cap *k = (const void *)c;

		if (c + CAP_SIZE(k->len) > end)
			break;
		if (k->arg == 1 && !(k->flags & CAP_FAULT)) {
			if (s->hex) {
				hexdump(b, (const uint8_t *)(k + 1), k->len);
			} else {
				sbuf_puts(b, "    ");
				decode_string(b, (const char *)(k + 1), k->len,
					      k->flags & CAP_TRUNC);
				sbuf_putc(b, '\n');
			}
			break;
		}
		c += CAP_SIZE(k->len);
	}
}

/* Records come in the order the calls returned on each CPU; a line's
 * time is when its call returned: sorted per drain, so two threads'
 * lines interleave in time order. */
static int on_record(void *ctx, void *data, size_t size)
{
	struct sniff *s = ctx;
	const struct ev_uprobe *e = data;
	struct sniff_rec *h;

	if (size < sizeof(*e) || e->h.kind != EV_UPROBE)
		return 0;
	if (s->nheld == s->capheld) {
		size_t cap = s->capheld ? s->capheld * 2 : 64;

		if (!(h = realloc(s->held, cap * sizeof(*h))))
			return 0;
		s->held = h;
		s->capheld = cap;
	}
	h = &s->held[s->nheld];
	if (!(h->rec = malloc(size)))
		return 0;
	memcpy(h->rec, data, size);
	h->size = size;
	h->end = e->h.ts + e->dur;
	s->nheld++;
	return 0;
}

static int cmp_held(const void *a, const void *b)
{
	const struct sniff_rec *x = a, *y = b;

	return x->end < y->end ? -1 : x->end > y->end;
}

static void release(struct sniff *s)
{
	if (!s->nheld)
		return;
	qsort(s->held, s->nheld, sizeof(*s->held), cmp_held);
	for (size_t i = 0; i < s->nheld; i++) {
		print_record(s, s->held[i].rec, s->held[i].size);
		free(s->held[i].rec);
	}
	s->nheld = 0;
}

static int attach(struct sniff *s, const char *lib, pid_t pid)
{
	static const char *const funcs[] = { "SSL_read", "SSL_write", "SSL_read_ex",
					     "SSL_write_ex" };
	struct up_desc d = { .flags = UD_PAIR | UD_EMIT_RETURN };
	char path[4096], err[512];
	struct probe_set set = { .kind = PK_UPROBE };
	int rc;

	/* a process that has not loaded it yet: the system's */
	if (probe_find_lib(lib, pid, path, sizeof(path), err, sizeof(err)) &&
	    (!pid || probe_find_lib(lib, 0, path, sizeof(path), err, sizeof(err)))) {
		fprintf(stderr, "strobe sslsniff: %s\n", err);
		return -1;
	}
	if (!(set.path = strdup(path)))
		return -1;
	for (size_t i = 0; i < sizeof(funcs) / sizeof(funcs[0]); i++) {
		struct probe_set one = { .kind = PK_UPROBE };

		one.path = path;
		if (probe_elf_funcs(path, funcs[i], &one) || !one.n) {
			one.path = NULL;
			probe_set_free(&one);
			continue;
		}
		probe_set_add(&set, funcs[i], one.loc[0].addr, one.loc[0].offset);
		one.path = NULL;
		probe_set_free(&one);
	}
	if (!set.n) {
		fprintf(stderr, "strobe sslsniff: no SSL_read or SSL_write in %s\n", path);
		probe_set_free(&set);
		return -1;
	}
	rc = uprog_add(&s->up, &set, &d, true, true, 0, NULL);
	if (rc)
		fprintf(stderr, "strobe sslsniff: cannot attach to %s: %s\n", path, strerror(-rc));
	probe_set_free(&set);
	return rc ? -1 : 0;
}

int sslsniff_main(int argc, char **argv)
{
	struct sniff s = { .strsize = 256, .child = -1 };
	struct uprog_opts uo = { .tasks = false };
	struct launch l = { .gate_fd = -1, .exec_err_fd = -1 };
	const char *outfile = NULL, *lib = "libssl.so.3";
	pid_t *pids = NULL;
	int npids = 0, c, status = EXIT_SETUP, sigfd = -1, stop = 0;
	bool all = false;
	struct ring *rb = NULL;
	char err[256];

	optind = 1;
	while ((c = getopt(argc, argv, "+ahl:o:p:s:x")) != -1) {
		switch (c) {
		case 'a': all = true; break;
		case 'h': fputs(usage, stdout); return 0;
		case 'l': lib = optarg; break;
		case 'o': outfile = optarg; break;
		case 'p':
			if (parse_pid_list(optarg, &pids, &npids, err, sizeof(err))) {
				fprintf(stderr, "strobe sslsniff: %s\n", err);
				return EXIT_USAGE;
			}
			break;
		case 's': s.strsize = atoi(optarg); break;
		case 'x': s.hex = true; break;
		default:
			fprintf(stderr, "strobe sslsniff: unknown option (see strobe sslsniff -h)\n");
			return EXIT_USAGE;
		}
	}
	if (optind == argc && !npids)
		all = true;
	if ((optind < argc) + !!npids + all > 1) {
		fprintf(stderr, "strobe sslsniff: give only one of COMMAND, -p PID and -a\n");
		free(pids);
		return EXIT_USAGE;
	}
	if (hint_check_privileges())
		return EXIT_SETUP;
	uo.all = all;
	uo.follow = optind < argc;	/* a command's children too */
	uo.tasks = !all;
	uo.strsize = s.strsize;
	if (!outfile) {
		writer_open_fd(&s.w, 1, "stdout");
	} else if (writer_open(&s.w, outfile)) {
		fprintf(stderr, "strobe sslsniff: cannot open '%s'\n", outfile);
		return EXIT_SETUP;
	}
	sigfd = session_signalfd();
	{
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);	/* bpf_ktime_get_ns's clock */
		s.start = ts.tv_sec * 1000000000ull + ts.tv_nsec;
	}
	if ((c = uprog_load(&s.up, &uo))) {
		hint_load_failure(c);
		goto out;
	}
	if (optind < argc) {
		if (launch_fork(argv + optind, &l))
			goto out;
		s.child = l.pid;
		if (uprog_target(&s.up, s.child, true))
			goto out;
	}
	for (int i = 0; i < npids; i++)
		if (uprog_target(&s.up, pids[i], false))
			goto out;
	if (attach(&s, lib, npids ? pids[0] : 0))
		goto out;
	if (!(rb = ring_new(uprog_ringbuf_fd(&s.up), on_record, &s)))
		goto out;
	sbuf_printf(&s.w.buf, "%-8s %-15s %7s %7s %-5s %-12s %6s %s\n", "TIME(s)", "COMM", "PID",
		    "TID", "DIR", "FUNC", "LEN", "<LATENCY>");
	writer_flush(&s.w);
	if (s.child > 0 && launch_go(&l, argv[optind])) {
		s.child_done = true;
		status = EXIT_NOEXEC;
		goto out;
	}
	while (!stop) {
		struct signalfd_siginfo si;
		int st;

		ring_poll(rb, 50);
		release(&s);
		while (read(sigfd, &si, sizeof(si)) == sizeof(si)) {
			if (si.ssi_signo != SIGCHLD)
				stop = si.ssi_signo;
			else if (s.child > 0 && !s.child_done &&
				 waitpid(s.child, &st, WNOHANG) == s.child) {
				s.child_done = true;
				s.child_status = st;
			}
		}
		writer_flush(&s.w);
		if (!all && (s.child <= 0 || s.child_done) && uprog_live(&s.up) <= 0)
			break;
	}
	uprog_detach(&s.up);
	ring_drain(rb);
	release(&s);
	if (uprog_lost_total(&s.up))
		fprintf(stderr, "strobe sslsniff: %llu events lost (ring buffer full)\n",
			(unsigned long long)uprog_lost_total(&s.up));
	if (uprog_missed_total(&s.up))
		fprintf(stderr, "strobe sslsniff: %llu probe runs skipped by the kernel (another "
			"BPF program was running on that CPU): data is missing\n",
			(unsigned long long)uprog_missed_total(&s.up));
	status = stop ? 128 + stop : 0;
	if (s.child_done)
		status = WIFEXITED(s.child_status) ? WEXITSTATUS(s.child_status)
						   : 128 + WTERMSIG(s.child_status);
out:
	if (rb)
		ring_free(rb);
	uprog_destroy(&s.up);
	if (l.gate_fd >= 0)
		close(l.gate_fd);
	if (l.exec_err_fd >= 0)
		close(l.exec_err_fd);
	if (s.child > 0 && !s.child_done)
		waitpid(s.child, NULL, 0);
	writer_close(&s.w);
	if (sigfd >= 0)
		close(sigfd);
	for (size_t i = 0; i < s.nheld; i++)
		free(s.held[i].rec);
	free(s.held);
	free(pids);
	return status;
}
