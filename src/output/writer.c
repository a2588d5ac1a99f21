// SPDX-License-Identifier: GPL-2.0
/* A buffered output file.  Errors are remembered, not fatal here: the
 * session checks w->err and stops tracing with a clear message. */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "output.h"

#define WRITER_BUF (256 * 1024)

int writer_open(struct writer *w, const char *path)
{
	w->err = 0;
	w->name = path ? path : "stderr";
	w->own_fd = path != NULL;
	if (path) {
		w->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (w->fd < 0)
			return -errno;
	} else {
		w->fd = STDERR_FILENO;
	}
	sbuf_init(&w->buf, WRITER_BUF + 65536);
	return 0;
}

void writer_open_fd(struct writer *w, int fd, const char *name)
{
	w->err = 0;
	w->name = name;
	w->own_fd = false;
	w->fd = fd;
	sbuf_init(&w->buf, WRITER_BUF + 65536);
}

void writer_flush(struct writer *w)
{
	size_t off = 0;

	while (off < w->buf.len && !w->err) {
		ssize_t n = write(w->fd, w->buf.p + off, w->buf.len - off);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			w->err = errno;
			break;
		}
		off += n;
	}
	w->buf.len = 0;
}

int writer_close(struct writer *w)
{
	writer_flush(w);
	if (w->own_fd && close(w->fd) && !w->err)
		w->err = errno;
	sbuf_free(&w->buf);
	return -w->err;
}
