// SPDX-License-Identifier: GPL-2.0
/*
 * strobe report / strobe export: read a recording block by block and hand
 * each record, after the same filters the live tracer applies, to the same
 * formatter (so the lines are identical), to a summary, to statistics, or
 * to an exporter.  Whatever was read before an error is output; then the
 * error is one line naming the file offset, and the exit status is 1.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "report_int.h"
#include "../syscalls/syscalls.h"
#include "../../bpf/event.h"

static bool keep(const struct options *o, const struct ev_header *h)
{
	if (o->npids) {
		int i;

		for (i = 0; i < o->npids; i++)
			if ((uint32_t)o->pids[i] == h->pid || (uint32_t)o->pids[i] == h->tid)
				break;
		if (i == o->npids)
			return false;
	}
	if (h->kind == EV_SYSCALL) {
		const struct ev_syscall *e = (const void *)h;
		uint32_t nr = e->nr;

		if (nr >= SYSCALL_MAX || !((o->sel[nr >> 6] >> (nr & 63)) & 1))
			return false;
		if (e->flags & (EVF_NORETURN | EVF_ENTRY | EVF_UNFINISHED))
			return o->status_mask & ST_UNFINISHED ||
			       (e->flags & (EVF_ENTRY | EVF_UNFINISHED));
		if (RET_IS_ERROR(e->ret))
			return o->status_mask & ST_FAILED;
		return o->status_mask & ST_SUCCESSFUL;
	}
	return true;
}

static void note_names(struct report *r, const struct ev_header *h, size_t size)
{
	if (h->kind == EV_EXEC && size >= offsetof(struct ev_exec, old_tid))
		names_set(&r->names, h->tid, h->pid, ((const struct ev_exec *)h)->comm);
	else if (h->kind == EV_FORK && size >= sizeof(struct ev_fork)) {
		const struct ev_fork *k = (const void *)h;

		names_set(&r->names, k->child_tid, k->child_pid, k->comm);
	}
}

static void account(struct report *r, const struct ev_syscall *e)
{
	char key_comm[16] = "";
	const char *comm = names_get(&r->names, e->h.tid);
	uint64_t group = 0;
	struct sum_row *row;
	uint32_t b;

	if (e->flags & (EVF_NORETURN | EVF_ENTRY | EVF_UNFINISHED))
		return;		/* no latency: not counted, as live */
	switch (r->o->by) {
	case BY_PID: group = e->h.pid; break;
	case BY_TID: group = e->h.tid; break;
	case BY_COMM: if (comm) strncpy(key_comm, comm, 15); break;
	}
	row = rows_get(&r->index, &r->sum, group, e->nr, key_comm);
	if (!row)
		return;
	if (!row->comm[0] && comm)
		strncpy(row->comm, comm, 15);
	row->calls++;
	if (RET_IS_ERROR(e->ret))
		row->errors++;
	row->total_ns += e->dur;
	if (e->dur > row->max_ns)
		row->max_ns = e->dur;
	b = hist_bucket(e->dur);
	row->hist[b < HIST_BUCKETS ? b : HIST_BUCKETS - 1]++;
}

static void stat_event(struct report *r, const struct ev_header *h)
{
	if (!r->first_ts || h->ts < r->first_ts)
		r->first_ts = h->ts;
	if (h->ts > r->last_ts)
		r->last_ts = h->ts;
	if (h->kind < 8)
		r->by_kind[h->kind]++;
	r->lost_marked += h->lost;
	if (h->kind == EV_SYSCALL) {
		const struct ev_syscall *e = (const void *)h;

		if ((uint32_t)e->nr < SYSCALL_MAX && !(e->flags & EVF_ENTRY))
			r->by_nr[e->nr]++;
	}
	names_set(&r->pids, h->pid, h->pid, names_get(&r->names, h->pid) ?
		  names_get(&r->names, h->pid) : "");
}

/* One EVENTS block: records back to back, each checked before use. */
static int events_block(struct report *r, const struct rec_block *b, char *err, size_t errlen)
{
	size_t off = 0;

	while (off < b->len) {
		const struct ev_header *h = (const void *)(b->data + off);
		size_t left = b->len - off;

		if (left < sizeof(*h) || h->size < sizeof(*h) || h->size > left ||
		    h->size % 8) {
			snprintf(err, errlen, "%s: corrupt event at offset %llu+%zu", r->o->infile,
				 (unsigned long long)b->offset, off);
			return -1;
		}
		note_names(r, h, h->size);
		if (h->kind == EV_SYSCALL && h->size >= sizeof(struct ev_syscall) &&
		    (((const struct ev_syscall *)h)->flags & (EVF_EXIT | EVF_DROPPED)) ==
		    EVF_EXIT && !keep(r->o, h)) {
			/* the status filter drops an execve's exit half: so
			 * its entry half is not shown as unfinished either */
			struct ev_syscall e;

			memcpy(&e, h, sizeof(e));
			e.h.size = sizeof(e);
			e.flags |= EVF_DROPPED;
			if (r->fmt && !r->o->summary && !r->o->stat)
				formatter_event(r->fmt, &e, sizeof(e));
		} else if (h->kind == EV_SYSCALL && h->size >= sizeof(struct ev_syscall) &&
			   (((const struct ev_syscall *)h)->flags & EVF_DROPPED)) {
			if (r->fmt && !r->o->summary && !r->o->stat)
				formatter_event(r->fmt, h, h->size);
		} else if (keep(r->o, h)) {
			r->kept++;
			if (r->o->stat)
				stat_event(r, h);
			else if (r->o->mode == MODE_EXPORT && r->o->format == EXPORT_PERFETTO)
				perfetto_event(r, h, h->size);
			else if (r->o->summary && h->kind == EV_SYSCALL && h->size >= sizeof(struct ev_syscall))
				account(r, (const void *)h);
			else if (r->o->summary && h->kind == EV_UPROBE)
				probes_account(r, (const void *)h, h->size);
			else if (!r->o->summary)
				formatter_event(r->fmt, h, h->size);
		}
		off += h->size;
	}
	return 0;
}

static int meta_block(struct report *r, const struct rec_block *b, char *err, size_t errlen)
{
	const char *t = (const char *)b->data;
	char val[256];
	struct utsname u;

	if (rec_meta_get(t, b->len, "arch", val, sizeof(val))) {
		uname(&u);
		if (strcmp(val, u.machine)) {
			snprintf(err, errlen, "%s: recorded on %s; this strobe decodes %s "
				 "(offset %llu)", r->o->infile, val, u.machine,
				 (unsigned long long)b->offset);
			return -1;
		}
	}
	if (rec_meta_get(t, b->len, "clock_offset_ns", val, sizeof(val)))
		r->clock_offset = strtoll(val, NULL, 10);
	if (rec_meta_get(t, b->len, "follow", val, sizeof(val)))
		r->follow = atoi(val);
	if (rec_meta_get(t, b->len, "all", val, sizeof(val)))
		r->all = atoi(val);
	if (rec_meta_get(t, b->len, "threads", val, sizeof(val)))
		r->threads = atoi(val);
	if (rec_meta_get(t, b->len, "hostname", val, sizeof(val)))
		snprintf(r->host, sizeof(r->host), "%s", val);
	if (rec_meta_get(t, b->len, "kernel", val, sizeof(val)))
		snprintf(r->kernel, sizeof(r->kernel), "%s", val);
	if (rec_meta_get(t, b->len, "command", val, sizeof(val)))
		snprintf(r->command, sizeof(r->command), "%s", val);
	/* attached processes' names, "PID COMM" */
	for (const char *p = t; p < t + b->len;) {
		const char *nl = memchr(p, '\n', t + b->len - p);
		size_t l = (nl ? nl : t + b->len) - p;
		int pid;
		char comm[32];

		if (l > 3 && !memcmp(p, "fd=", 3) && l < 4096 && r->nfd_meta < 64) {
			/* "fd=PID FD PATH": kept for -y, seeded when output starts */
			char *line = strndup(p + 3, l - 3);

			if (line)
				r->fd_meta[r->nfd_meta++] = line;
			r->fds_at_start++;
		}
		if (l > 7 && l < 64 && !memcmp(p, "attach=", 7)) {
			char line[64];

			memcpy(line, p, l);
			line[l] = 0;
			if (sscanf(line + 7, "%d %15s", &pid, comm) == 2)
				names_set(&r->names, pid, pid, comm);
		}
		p += l + 1;
	}
	return 0;
}

/* "ID SYS:NAME\n" then the tracefs format text */
static int format_block(struct report *r, const struct rec_block *b, char *err, size_t errlen)
{
	const char *t = (const char *)b->data, *nl = memchr(t, '\n', b->len);
	char head[200], sys[128];
	struct tp_event ev;
	unsigned id;

	if (!nl || nl - t >= (long)sizeof(head))
		goto bad;
	memcpy(head, t, nl - t);
	head[nl - t] = 0;
	if (sscanf(head, "%u %127[^:]:", &id, sys) != 2)
		goto bad;
	if (tp_parse(sys, nl + 1, b->len - (nl + 1 - t), &ev) || ev.id != id)
		goto bad;
	if (tp_add(&r->tps, &ev) < 0)
		goto bad;
	return 0;
bad:
	snprintf(err, errlen, "%s: bad tracepoint format block at offset %llu", r->o->infile,
		 (unsigned long long)b->offset);
	return -1;
}

static int end_block(struct report *r, const struct rec_block *b)
{
	char val[64];

	if (rec_meta_get((const char *)b->data, b->len, "lost", val, sizeof(val)))
		r->lost = strtoull(val, NULL, 10);
	/* runs the kernel skipped: events missing as well */
	if (rec_meta_get((const char *)b->data, b->len, "missed", val, sizeof(val)))
		r->lost += strtoull(val, NULL, 10);
	r->ended = true;
	return 0;
}

static void start_output(struct report *r)
{
	const struct options *o = r->o;
	struct fmt_opts fo;

	options_fmt(o, &fo);
	fo.pid_column = o->outfile && r->follow && o->mode == MODE_REPORT;
	fo.always_prefix = r->all;
	fo.json |= o->mode == MODE_EXPORT && o->format == EXPORT_JSONL;
	r->fmt = formatter_new(&fo, &r->w);
	for (int i = 0; r->fmt && formatter_fdpaths(r->fmt) && i < r->nfd_meta; i++) {
		unsigned pid;
		int fd, at;

		if (sscanf(r->fd_meta[i], "%u %d %n", &pid, &fd, &at) != 2)
			continue;
		if (fd == -100)		/* AT_FDCWD: the working directory */
			fdpaths_set_cwd(formatter_fdpaths(r->fmt), pid, r->fd_meta[i] + at);
		else
			fdpaths_set(formatter_fdpaths(r->fmt), pid, fd, r->fd_meta[i] + at);
	}
	if (r->fmt) {
		formatter_set_tracepoints(r->fmt, &r->tps);
		if (r->up)
			formatter_set_uprobes(r->fmt, r->up);
		formatter_set_clock(r->fmt, r->clock_offset);
		if (r->threads > 1)
			formatter_add_procs(r->fmt, r->threads - 1);
	}
	if (o->mode == MODE_EXPORT && o->format == EXPORT_PERFETTO)
		perfetto_begin(r);
}

static void finish_output(struct report *r)
{
	const struct options *o = r->o;

	if (o->stat) {
		report_stat(r);
	} else if (o->mode == MODE_EXPORT && o->format == EXPORT_PERFETTO) {
		perfetto_end(r);
	} else if (o->summary) {
		struct summary_fmt f = {
			.sort = o->sort, .by = o->by, .hist = o->hist, .json = o->json,
			.seconds = r->last_ts > r->first_ts ? (r->last_ts - r->first_ts) / 1e9 : 0,
			.when = time(NULL), .trace_lost = r->lost,
		};

		if (r->sum.n || !r->usum.n)
			summary_print(&r->w.buf, &r->sum, &f);
		probes_summary(r, &f, r->sum.n);
	} else if (r->fmt) {
		formatter_finish(r->fmt);
		if (r->ended)
			formatter_lost_tail(r->fmt, r->lost);
		if ((o->stack_trace || o->print_ip) && !formatter_stacks_seen(r->fmt))
			fprintf(stderr, "strobe: %s holds no %s: record with %s\n", o->infile,
				o->stack_trace ? "stacks" : "instruction pointers",
				o->stack_trace ? "-k" : "-i or -k");
	}
}

int report_run(const struct options *o)
{
	struct report r = { .o = o };
	char err[512] = "";
	struct rec_block b;
	int rc = 0, got;
	FILE *f = fopen(o->infile, "rb");

	if (!f) {
		fprintf(stderr, "strobe: cannot open '%s': %s%s\n", o->infile, strerror(errno),
			errno == ENOENT ? " (make one with: strobe record -- COMMAND)" : "");
		return EXIT_USAGE;
	}
	r.rd = rec_reader_open(f, o->infile, err, sizeof(err));
	if (!r.rd) {
		fclose(f);
		fprintf(stderr, "strobe: %s\n", err);
		return EXIT_USAGE;
	}
	if (o->outfile) {
		int e = writer_open_ex(&r.w, o->outfile, o->append);

		if (e) {
			fprintf(stderr, "strobe: cannot open '%s': %s\n", o->outfile, strerror(-e));
			rec_reader_close(r.rd);
			fclose(f);
			return EXIT_USAGE;
		}
	} else {
		writer_open_fd(&r.w, STDOUT_FILENO, "stdout");
	}
	while ((got = rec_reader_next(r.rd, &b, err, sizeof(err))) >= 0) {
		if (b.type == RB_META) {
			if (meta_block(&r, &b, err, sizeof(err)))
				break;
			continue;
		}
		if (b.type == RB_PROBES) {
			if (probes_block(&r, &b, err, sizeof(err)))
				break;
			if (r.fmt)
				formatter_set_uprobes(r.fmt, r.up);
			continue;
		}
		if (!r.started && b.type != RB_FORMAT) {
			r.started = true;
			start_output(&r);
		}
		if (b.type == RB_FORMAT && format_block(&r, &b, err, sizeof(err)))
			break;
		if (b.type == RB_EVENTS && events_block(&r, &b, err, sizeof(err)))
			break;
		if (b.type == RB_END)
			end_block(&r, &b);
		if (r.w.buf.len > (1 << 20))
			writer_flush(&r.w);
		if (got == 0)
			break;
	}
	if (!r.started) {
		r.started = true;
		start_output(&r);
	}
	if (!r.ended && !err[0])
		snprintf(err, sizeof(err), "%s: no end block", o->infile);
	finish_output(&r);
	if (writer_close(&r.w)) {
		fprintf(stderr, "strobe: cannot write to %s: %s\n", r.w.name, strerror(r.w.err));
		rc = EXIT_USAGE;
	}
	if (!r.ended) {
		fprintf(stderr, "strobe: %s\n", err);
		rc = EXIT_USAGE;
	} else if (r.lost && !o->quiet) {
		fprintf(stderr, "strobe: %llu events were lost while recording (ring buffer "
			"full; record with a larger -m)\n", (unsigned long long)r.lost);
	}
	formatter_free(r.fmt);
	for (int i = 0; i < r.nfd_meta; i++)
		free(r.fd_meta[i]);
	summary_free(&r.sum);
	rows_free(&r.index);
	names_free(&r.names);
	names_free(&r.pids);
	tp_table_free(&r.tps);
	probes_free(&r);
	rec_reader_close(r.rd);
	fclose(f);
	return rc;
}
