// SPDX-License-Identifier: GPL-2.0
/*
 * -P (only calls that use a path or an fd on it) and -y's glue: the
 * formatter's fd table, and what each completed call teaches it.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../decode/decode.h"
#include "../syscalls/syscalls.h"
#include "../syscalls/nr_x86_64.h"
#include "../tracepoint/tracepoint.h"

#include "formatter.h"

struct fdpaths *formatter_fdpaths(struct formatter *f)
{
	return f->fds;
}

const char *fd_path_of(struct formatter *f, uint32_t pid, int fd)
{
	return f && f->fds && fd >= 0 ? fdpaths_get(f->fds, pid, fd) : NULL;
}

void put_fd_path(struct formatter *f, struct sbuf *b, uint32_t pid, int fd)
{
	put_fd_path_ex(f, b, pid, fd, NULL);
}

bool put_fd_path_ex(struct formatter *f, struct sbuf *b, uint32_t pid, int fd,
		    const char *suffix)
{
	/* a path with decode-fds=path; a device's with =dev too */
	bool shown = (f->o.decode_fd_set & DFD_PATH) || (suffix && (f->o.decode_fd_set & DFD_DEV));
	const char *path = f->fds && shown && !f->o.json && (fd >= 0 || fd == -100) ?
			   fdpaths_get(f->fds, pid, fd) : NULL;

	size_t n;
	bool gone;

	if (!path)
		return false;
	/* /proc's "/tmp/x (deleted)": strace prints "</tmp/x>(deleted)" */
	gone = path[0] == FDPATH_DELETED;
	path += gone;
	n = strlen(path);
	/* as strace: a path /proc cannot give whole (PATH_MAX bytes or more:
	 * a working directory deep enough) is not shown at all */
	if (n >= PATH_MAX)
		return false;
	sbuf_putc(b, '<');
	/* as strace: escaped as a string is (-x too), '<' and '>' in octal */
	decode_string_ex(b, path, n, false, ESC_BARE | ESC_ANGLES);
	if (suffix)
		sbuf_puts(b, suffix);
	sbuf_putc(b, '>');
	if (gone)
		sbuf_puts(b, "(deleted)");
	return true;
}

static bool is_traced_path(const struct formatter *f, const char *path, size_t len)
{
	for (int i = 0; i < f->o.npaths; i++)
		if (strlen(f->o.paths[i]) == len && !memcmp(f->o.paths[i], path, len))
			return true;
	return false;
}

static bool fd_is_traced(struct formatter *f, uint32_t pid, int fd)
{
	const char *p;

	if (fd < 0 || !(p = fdpaths_get(f->fds, pid, fd)))
		return false;
	p += p[0] == FDPATH_DELETED;
	return is_traced_path(f, p, strlen(p));
}

/* -P: an fd of a poll array (its copy before the call) or of a select set
 * (the sets as given: the call rewrites them) */
static bool fd_array_touches(struct formatter *f, const struct ev_syscall *e, size_t size,
			     const struct syscall_desc *d, int i)
{
	const struct cap *c;
	const char *data;

	if (!e->args[i] || (!cap_entry(e, size, i, &c, &data) && !cap_exit(e, size, i, &c, &data)))
		return false;
	if (d->args[i].kind == AK_POLLFDS) {
		uint64_t n = e->args[d->args[i].len_arg];

		for (uint64_t k = 0; k < n && (k + 1) * 8 <= c->len; k++) {
			int32_t fd;

			memcpy(&fd, data + k * 8, sizeof(fd));
			if (fd_is_traced(f, e->h.pid, fd))
				return true;
		}
		return false;
	}
	if (!fdset_readable((int)e->args[0], c->len))
		return false;	/* strace could not read it either */
	for (int fd = 0; fd < (int)e->args[0] && fd / 8 < (int)c->len; fd++)
		if ((data[fd / 8] >> (fd % 8) & 1) && fd_is_traced(f, e->h.pid, fd))
			return true;
	return false;
}

/* -P: does the call name one of the paths, or use an fd that refers to
 * one?  Path arguments count as the call gave them, as strace counts them. */
bool touches_paths(struct formatter *f, const struct ev_syscall *e, size_t size)
{
	const struct syscall_desc *d = syscall_get(e->nr);

	if (!d)
		return false;
	/* fsconfig: its value's path (FSCONFIG_SET_PATH, _PATH_EMPTY) and
	 * its aux fd (those and FSCONFIG_SET_FD), not the context's fd, as
	 * strace counts them */
	if (e->nr == NR_fsconfig) {
		uint32_t cmd = (uint32_t)e->args[1];
		const struct cap *c;
		const char *data;

		if (cmd < 3 || cmd > 5)
			return false;
		if (fd_is_traced(f, e->h.pid, (int32_t)e->args[4]))
			return true;
		return cmd != 5 && cap_find(e, size, 3, &c, &data) && !(c->flags & CAP_FAULT) &&
		       is_traced_path(f, data, c->len);
	}
	for (int i = 0; i < d->nargs; i++) {
		const struct cap *c;
		const char *data;
		int fd = (int32_t)e->args[i];

		switch (d->args[i].kind) {
		case AK_PATH:
			if (cap_find(e, size, i, &c, &data) && !(c->flags & CAP_FAULT) &&
			    is_traced_path(f, data, c->len))
				return true;
			break;
		case AK_FD:
		case AK_DIRFD:
			if (fd_is_traced(f, e->h.pid, fd))
				return true;
			break;
		case AK_POLLFDS:
		case AK_FDSET:
			if (fd_array_touches(f, e, size, d, i))
				return true;
			break;
		default:
			break;
		}
	}
	return false;
}

/* -y: learn from a completed call what its fds now refer to. */
void track_fds(struct formatter *f, const struct ev_syscall *e, size_t size)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	const char *path = NULL;
	char buf[4097];

	for (int i = 0; d && i < d->nargs; i++) {
		const struct cap *c;
		const char *data;

		if (d->args[i].kind == AK_FD_PAIR && e->ret == 0 && cap_find(e, size, i, &c, &data) &&
		    !(c->flags & CAP_FAULT) && c->len >= 8) {
			int32_t fds[2];

			memcpy(fds, data, sizeof(fds));
			for (int k = 0; k < 2; k++)
				fdpaths_created(f->fds, e->h.pid, fds[k], fdkind_prefix(d->fdkind));
			return;
		}
		if (d->args[i].kind == AK_PATH && cap_find(e, size, i, &c, &data) &&
		    !(c->flags & (CAP_FAULT | CAP_TRUNC)) && c->len < sizeof(buf)) {
			memcpy(buf, data, c->len);
			buf[c->len] = 0;
			path = buf;
			break;
		}
	}
	fdpaths_after(f->fds, e, path);
	learn_getfd(f, e, size);
	if (path && e->ret == 0 && (e->nr == NR_unlink || e->nr == NR_unlinkat))
		fdpaths_unlinked(f->fds, e->h.pid, e->nr == NR_unlinkat ? (int)e->args[0] : -100,
				 path);
	/* a memfd is what /proc will say, "/memfd:NAME (deleted)", known now:
	 * the process may be gone when a later line is printed */
	if (d && d->fdkind == FDK_MEMFD && e->ret >= 0) {
		const struct cap *c;
		const char *data;

		const char *nul;

		/* the name is read as 250 bytes (strace's): it ends at its NUL */
		if (cap_find(e, size, 0, &c, &data) && !(c->flags & CAP_FAULT) &&
		    (nul = memchr(data, 0, c->len))) {
			snprintf(buf, sizeof(buf), "/memfd:%.*s (deleted)", (int)(nul - data), data);
			fdpaths_set(f->fds, e->h.pid, (int)e->ret, buf);
		}
	}
	if (d && (d->fx & FX_NEW_FD) && e->ret >= 0 &&
	    fd_info_anon_path(e, size, FDI_RESULT, (int)e->ret, buf, sizeof(buf)))
		fdpaths_set(f->fds, e->h.pid, (int)e->ret, buf);
}
