// SPDX-License-Identifier: GPL-2.0
/* A buffered output file.  Errors are remembered, not fatal here: the
 * session checks w->err and stops tracing with a clear message.
 *
 * As strace's -o: "|CMD" and "!CMD" pipe the trace to CMD (run by sh, and
 * waited for at the end); -A appends; -ff sends each thread's lines to
 * FILE.TID.  Under -ff the buffer holds lines of several threads: each
 * switch of thread marks where the next one's bytes begin, and a flush
 * writes each stretch to its thread's file. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "output.h"

#define WRITER_BUF (256 * 1024)
#define SPLIT_FDS 64		/* open per-thread files kept at once */

struct writer_split {
	char *base;		/* FILE of -o FILE */
	bool append;
	struct { size_t off; uint32_t tid; } *seg;	/* stretches of the buffer */
	size_t nseg, capseg;
	uint32_t cur;		/* whose bytes start the buffer */
	struct { uint32_t tid; int fd; } open[SPLIT_FDS];
	unsigned next_evict;
	uint32_t *seen;		/* threads whose file exists already (sorted) */
	size_t nseen, capseen;
};

/* "|cmd": sh -c cmd reading a pipe whose other end is w->fd */
static int open_pipe(struct writer *w, const char *cmd)
{
	int p[2];

	if (pipe2(p, O_CLOEXEC))
		return -errno;
	w->pipe_pid = fork();
	if (w->pipe_pid < 0) {
		close(p[0]);
		close(p[1]);
		return -errno;
	}
	if (w->pipe_pid == 0) {
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		dup2(p[0], STDIN_FILENO);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(p[0]);
	w->fd = p[1];
	/* the command may go away first: a failed write says so, no signal */
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

int writer_open_ex(struct writer *w, const char *path, bool append)
{
	w->err = 0;
	w->name = path ? path : "stderr";
	w->own_fd = path != NULL;
	w->pipe_pid = 0;
	w->split = NULL;
	if (path && (path[0] == '|' || path[0] == '!')) {
		int err = open_pipe(w, path + 1);

		if (err)
			return err;
	} else if (path) {
		w->fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC |
			     (append ? O_APPEND : O_TRUNC), 0644);
		if (w->fd < 0)
			return -errno;
	} else {
		w->fd = STDERR_FILENO;
	}
	sbuf_init(&w->buf, WRITER_BUF + 65536);
	return 0;
}

int writer_open(struct writer *w, const char *path)
{
	return writer_open_ex(w, path, false);
}

int writer_split(struct writer *w, const char *path, bool append)
{
	struct writer_split *s = calloc(1, sizeof(*s));

	if (!s || !(s->base = strdup(path))) {
		free(s);
		return -ENOMEM;
	}
	s->append = append;
	for (int i = 0; i < SPLIT_FDS; i++)
		s->open[i].fd = -1;
	w->err = 0;
	w->name = path;
	w->own_fd = false;
	w->pipe_pid = 0;
	w->fd = -1;
	w->split = s;
	sbuf_init(&w->buf, WRITER_BUF + 65536);
	return 0;
}

void writer_open_fd(struct writer *w, int fd, const char *name)
{
	w->err = 0;
	w->name = name;
	w->own_fd = false;
	w->fd = fd;
	w->pipe_pid = 0;
	w->split = NULL;
	sbuf_init(&w->buf, WRITER_BUF + 65536);
}

void writer_switch(struct writer *w, uint32_t tid)
{
	struct writer_split *s = w->split;

	if (!s)
		return;
	if (!w->buf.len) {
		s->cur = tid;
		return;
	}
	if ((s->nseg ? s->seg[s->nseg - 1].tid : s->cur) == tid)
		return;
	if (s->nseg == s->capseg) {
		size_t cap = s->capseg ? s->capseg * 2 : 64;
		void *n = realloc(s->seg, cap * sizeof(*s->seg));

		if (!n) {
			w->err = ENOMEM;
			return;
		}
		s->seg = n;
		s->capseg = cap;
	}
	s->seg[s->nseg].off = w->buf.len;
	s->seg[s->nseg].tid = tid;
	s->nseg++;
}

/* Has tid's file been made in this session (then it is appended to)? */
static bool seen_before(struct writer_split *s, uint32_t tid)
{
	size_t lo = 0, hi = s->nseen;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->seen[mid] == tid)
			return true;
		if (s->seen[mid] < tid)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (s->nseen == s->capseen) {
		size_t cap = s->capseen ? s->capseen * 2 : 64;
		uint32_t *n = realloc(s->seen, cap * sizeof(*n));

		if (!n)
			return true;
		s->seen = n;
		s->capseen = cap;
	}
	memmove(s->seen + lo + 1, s->seen + lo, (s->nseen - lo) * sizeof(*s->seen));
	s->seen[lo] = tid;
	s->nseen++;
	return false;
}

static int split_fd(struct writer *w, uint32_t tid)
{
	struct writer_split *s = w->split;
	char path[4096];
	unsigned slot;
	int fd;

	for (unsigned i = 0; i < SPLIT_FDS; i++)
		if (s->open[i].fd >= 0 && s->open[i].tid == tid)
			return s->open[i].fd;
	snprintf(path, sizeof(path), "%s.%u", s->base, tid);
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC |
		  (s->append || seen_before(s, tid) ? O_APPEND : O_TRUNC), 0644);
	if (fd < 0) {
		w->err = errno;
		return -1;
	}
	slot = s->next_evict++ % SPLIT_FDS;
	if (s->open[slot].fd >= 0)
		close(s->open[slot].fd);
	s->open[slot].tid = tid;
	s->open[slot].fd = fd;
	return fd;
}

static void write_all(struct writer *w, int fd, const char *p, size_t len)
{
	size_t off = 0;

	while (off < len && !w->err) {
		ssize_t n = write(fd, p + off, len - off);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			w->err = errno;
			break;
		}
		off += n;
	}
}

void writer_flush(struct writer *w)
{
	struct writer_split *s = w->split;

	if (!s) {
		write_all(w, w->fd, w->buf.p, w->buf.len);
	} else {
		size_t from = 0;

		for (size_t i = 0; i <= s->nseg; i++) {
			size_t to = i < s->nseg ? s->seg[i].off : w->buf.len;
			int fd;

			if (to > from && (fd = split_fd(w, s->cur)) >= 0)
				write_all(w, fd, w->buf.p + from, to - from);
			if (i < s->nseg)
				s->cur = s->seg[i].tid;
			from = to;
		}
		s->nseg = 0;
	}
	w->buf.len = 0;
}

int writer_close(struct writer *w)
{
	struct writer_split *s = w->split;

	writer_flush(w);
	if (w->own_fd && close(w->fd) && !w->err)
		w->err = errno;
	if (w->pipe_pid > 0) {
		int status;

		while (waitpid(w->pipe_pid, &status, 0) < 0 && errno == EINTR)
			;
		w->pipe_pid = 0;
	}
	if (s) {
		for (int i = 0; i < SPLIT_FDS; i++)
			if (s->open[i].fd >= 0 && close(s->open[i].fd) && !w->err)
				w->err = errno;
		free(s->seg);
		free(s->seen);
		free(s->base);
		free(s);
		w->split = NULL;
	}
	sbuf_free(&w->buf);
	return -w->err;
}
