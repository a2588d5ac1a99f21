// SPDX-License-Identifier: GPL-2.0
/*
 * -y: the path behind each fd, per process.  Learnt from the calls as they
 * are printed (open* results, dup*, close), inherited across fork, and
 * otherwise read from /proc/PID/fd/N when first needed (fds opened before
 * tracing, sockets, pipes), which is what strace reads too.  strace reads it
 * with the process stopped; strobe prints a few milliseconds later, which
 * is why the table follows the calls instead of reading /proc each time.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "internal.h"
#include "../syscalls/syscalls.h"

#define MAX_FD (1 << 20)

struct fdproc {
	uint32_t pid;
	char **path;		/* by fd; NULL: not known */
	int cap;
	char *cwd;		/* NULL: not known */
};

#define AT_FDCWD_ (-100)
/* An entry "\1PREFIX": created by a call we saw, its path not yet read;
 * /proc's answer must start with PREFIX. */
#define PENDING '\1'

/* What /proc/PID/fd/N says for fds that calls create without a path. */
const char *fdkind_prefix(int fdkind)
{
	switch (fdkind) {
	case FDK_SOCKET: return "socket:";
	case FDK_PIPE: return "pipe:";
	case FDK_ANON: return "anon_inode:";
	case FDK_MEMFD: return "/memfd:";
	}
	return NULL;
}

struct fdpaths {
	bool live;		/* /proc describes these processes */
	struct fdproc *v;
	size_t n, cap;
};

struct fdpaths *fdpaths_new(bool live)
{
	struct fdpaths *t = calloc(1, sizeof(*t));

	if (t)
		t->live = live;
	return t;
}

static struct fdproc *proc_get(struct fdpaths *t, uint32_t pid, bool create)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].pid == pid)
			return &t->v[i];
	if (!create)
		return NULL;
	if (t->n == t->cap) {
		size_t nc = t->cap ? t->cap * 2 : 16;
		struct fdproc *v = realloc(t->v, nc * sizeof(*v));

		if (!v)
			return NULL;
		t->v = v;
		t->cap = nc;
	}
	t->v[t->n] = (struct fdproc){ .pid = pid };
	return &t->v[t->n++];
}

static void put(struct fdpaths *t, uint32_t pid, int fd, const char *path)
{
	struct fdproc *p;

	if (fd < 0 || fd >= MAX_FD || !(p = proc_get(t, pid, true)))
		return;
	if (fd >= p->cap) {
		int nc = p->cap ? p->cap : 16;
		char **v;

		while (nc <= fd)
			nc *= 2;
		v = realloc(p->path, nc * sizeof(*v));
		if (!v)
			return;
		memset(v + p->cap, 0, (nc - p->cap) * sizeof(*v));
		p->path = v;
		p->cap = nc;
	}
	free(p->path[fd]);
	p->path[fd] = path ? strdup(path) : NULL;
}

static const char deleted_suffix[] = " (deleted)";

/* "PATH (deleted)" of /proc into FDPATH_DELETED PATH, in place (buf has a
 * byte to spare) */
static void mark_deleted(char *buf)
{
	size_t n = strlen(buf), dl = sizeof(deleted_suffix) - 1;

	if (n <= dl || strcmp(buf + n - dl, deleted_suffix))
		return;
	memmove(buf + 1, buf, n - dl);
	buf[0] = FDPATH_DELETED;
	buf[n - dl + 1] = 0;
}

void fdpaths_set(struct fdpaths *t, uint32_t pid, int fd, const char *path)
{
	char buf[PATH_MAX + 2];

	if (path && strlen(path) < PATH_MAX) {
		strcpy(buf, path);
		mark_deleted(buf);
		path = buf;
	}
	put(t, pid, fd, path);
}

static bool read_link(uint32_t pid, int fd, char *buf, size_t len)
{
	char proc[64];
	struct stat a, b;
	ssize_t n;

	snprintf(proc, sizeof(proc), "/proc/%u/fd/%d", pid, fd);
	n = readlink(proc, buf, len - 2);
	if (n <= 0)
		return false;
	buf[n] = 0;
	/* " (deleted)" is /proc's word, unless a file of that very name is
	 * the one open (strace's rule: the same inode) */
	if (stat(proc, &a) || stat(buf, &b) || a.st_dev != b.st_dev || a.st_ino != b.st_ino)
		mark_deleted(buf);
	return true;
}

bool fdpaths_adopt(struct fdpaths *t, uint32_t pid, int fd, uint32_t from_pid, int from_fd,
		   uint64_t ino)
{
	char proc[64], buf[PATH_MAX + 2];
	struct stat st;

	if (!t->live || fd < 0 || from_fd < 0 || !ino)
		return false;
	snprintf(proc, sizeof(proc), "/proc/%u/fd/%d", from_pid, from_fd);
	if (stat(proc, &st) || st.st_ino != ino || !read_link(from_pid, from_fd, buf, sizeof(buf)))
		return false;
	put(t, pid, fd, buf);
	return true;
}

bool fdpaths_device(struct fdpaths *t, uint32_t pid, int fd, bool block, uint32_t rdev)
{
	char sys[80], line[PATH_MAX], dev[PATH_MAX + 8];
	unsigned maj = rdev >> 20, min = rdev & 0xfffff;
	struct stat st;
	bool found = false;
	FILE *fp;

	/* (from a recording too: the numbers of the usual devices are the
	 * same on every machine) */
	if (fd < 0)
		return false;
	/* the kernel's own name (devtmpfs's), not /dev/char's links: no
	 * udev in a container */
	snprintf(sys, sizeof(sys), "/sys/dev/%s/%u:%u/uevent", block ? "block" : "char", maj, min);
	if (!(fp = fopen(sys, "r")))
		return false;
	while (!found && fgets(line, sizeof(line), fp))
		if (!strncmp(line, "DEVNAME=", 8)) {
			line[strcspn(line, "\n")] = 0;
			snprintf(dev, sizeof(dev), "/dev/%s", line + 8);
			found = true;
		}
	fclose(fp);
	if (!found || stat(dev, &st) || st.st_rdev != makedev(maj, min) ||
	    !S_ISCHR(st.st_mode) == !block)
		return false;
	put(t, pid, fd, dev);
	return true;
}

static const char *cwd_of(struct fdpaths *t, uint32_t pid)
{
	struct fdproc *p = proc_get(t, pid, false);
	char proc[64], buf[PATH_MAX];
	ssize_t n;

	if (p && p->cwd)
		return p->cwd;
	snprintf(proc, sizeof(proc), "/proc/%u/cwd", pid);
	if (!t->live || (n = readlink(proc, buf, sizeof(buf) - 1)) <= 0 ||
	    !(p = proc_get(t, pid, true)))
		return NULL;
	buf[n] = 0;
	p->cwd = strdup(buf);
	return p->cwd;
}

const char *fdpaths_get(struct fdpaths *t, uint32_t pid, int fd)
{
	struct fdproc *p = proc_get(t, pid, false);
	char buf[PATH_MAX];

	if (fd == AT_FDCWD_)
		return cwd_of(t, pid);
	if (fd < 0)
		return NULL;
	if (p && fd < p->cap && p->path[fd] && p->path[fd][0] != PENDING)
		return p->path[fd];
	if (!t->live || !read_link(pid, fd, buf, sizeof(buf)))
		return NULL;
	/* An fd seen created is only trusted to be what /proc says if /proc
	 * says the kind it was created as: the number may be reused by now. */
	if (p && fd < p->cap && p->path[fd] &&
	    strncmp(buf + (buf[0] == FDPATH_DELETED), p->path[fd] + 1, strlen(p->path[fd] + 1)))
		return NULL;
	put(t, pid, fd, buf);
	p = proc_get(t, pid, false);
	return p && fd < p->cap ? p->path[fd] : NULL;
}

void fdpaths_created(struct fdpaths *t, uint32_t pid, int fd, const char *prefix)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%c%s", PENDING, prefix);
	put(t, pid, fd, buf);
}

void fdpaths_set_cwd(struct fdpaths *t, uint32_t pid, const char *cwd)
{
	struct fdproc *p = proc_get(t, pid, true);
	char *copy = cwd ? strdup(cwd) : NULL;

	if (!p) {
		free(copy);
		return;
	}
	free(p->cwd);
	p->cwd = copy;
}

void fdpaths_fork(struct fdpaths *t, uint32_t parent, uint32_t child)
{
	struct fdproc *p = proc_get(t, parent, false), *c;

	if (p && p->cwd && (c = proc_get(t, child, true))) {
		p = proc_get(t, parent, false);
		free(c->cwd);
		c->cwd = strdup(p->cwd);
	}
	p = proc_get(t, parent, false);

	for (int fd = 0; p && fd < p->cap; fd++) {
		if (p->path[fd])
			put(t, child, fd, p->path[fd]);
		p = proc_get(t, parent, false);	/* put may move the array */
	}
}

static void forget_all(struct fdpaths *t, uint32_t pid)
{
	struct fdproc *p = proc_get(t, pid, false);

	for (int fd = 0; p && fd < p->cap; fd++) {
		free(p->path[fd]);
		p->path[fd] = NULL;
	}
}

/* What the kernel would say an opened path is: the path made absolute
 * against the directory it was relative to, symbolic links resolved while
 * they still can be. */
static const char *resolve(struct fdpaths *t, uint32_t pid, int dirfd, const char *path,
			   char *out, size_t len)
{
	char joined[PATH_MAX * 3];
	const char *base;

	if (!path)
		return NULL;
	if (path[0] == FDPATH_DELETED)
		path++;
	if (!strncmp(path, "/proc/self", 10) && (!path[10] || path[10] == '/')) {
		/* the traced process's, not strobe's */
		snprintf(joined, sizeof(joined), "/proc/%u%s", pid, path + 10);
		path = joined;
	} else if (path[0] != '/') {
		base = fdpaths_get(t, pid, dirfd);
		if (!base)
			return path;
		base += base[0] == FDPATH_DELETED;
		snprintf(joined, sizeof(joined), "%s/%s", base, path);
		path = joined;
	}
	if (len >= PATH_MAX && realpath(path, out))
		return out;
	/* unresolvable (gone already, never there, or PATH_MAX long or more):
	 * made absolute, "." and ".." taken out by their names; the whole of
	 * a long one is kept, for a chdir("..") that makes it short again */
	if (path[0] != '/' || strlen(path) >= len)
		return NULL;
	size_t n = 0;

	for (const char *s = path; *s;) {
		size_t k;

		while (*s == '/')
			s++;
		k = strcspn(s, "/");
		if (!k)
			break;
		if (k == 2 && s[0] == '.' && s[1] == '.') {
			while (n > 0 && out[--n] != '/')
				;
		} else if (k != 1 || s[0] != '.') {
			out[n++] = '/';
			memcpy(out + n, s, k);
			n += k;
		}
		s += k;
	}
	if (!n)
		out[n++] = '/';
	out[n] = 0;
	return out;
}

/* A path was unlinked: fds open on it, in every process, now read in /proc
 * as "PATH (deleted)", as strace will print them */
void fdpaths_unlinked(struct fdpaths *t, uint32_t pid, int dirfd, const char *path)
{
	char out[PATH_MAX * 2], gone[PATH_MAX * 2 + 2];
	const char *abs = resolve(t, pid, dirfd, path, out, sizeof(out));

	if (!abs || abs[0] != '/')
		return;
	snprintf(gone, sizeof(gone), "%c%s", FDPATH_DELETED, abs);
	for (size_t k = 0; k < t->n; k++) {
		struct fdproc *p = &t->v[k];

		for (int fd = 0; fd < p->cap; fd++)
			if (p->path[fd] && !strcmp(p->path[fd], abs)) {
				free(p->path[fd]);
				p->path[fd] = strdup(gone);
			}
	}
}

void fdpaths_after(struct fdpaths *t, const struct ev_syscall *e, const char *path_arg)
{
	const struct syscall_desc *d = syscall_get(e->nr);
	uint32_t pid = e->h.pid;
	int64_t ret = e->ret;
	char buf[PATH_MAX * 2];

	if (!d || (e->flags & (EVF_UNFINISHED | EVF_ENTRY)))
		return;
	if (d->fx & FX_CLOSE) {
		put(t, pid, (int)e->args[0], NULL);
		return;
	}
	if ((d->fx & FX_CLOSE_RANGE) && ret == 0) {
		for (uint64_t fd = e->args[0]; fd <= e->args[1] && fd < MAX_FD; fd++)
			put(t, pid, (int)fd, NULL);
		return;
	}
	if ((d->fx & FX_CHDIR) && ret == 0) {
		char out[PATH_MAX * 2];
		const char *to = d->args[0].kind == AK_FD ? fdpaths_get(t, pid, (int)e->args[0]) :
				 resolve(t, pid, AT_FDCWD_, path_arg, out, sizeof(out));

		fdpaths_set_cwd(t, pid, to && to[0] == '/' ? to : NULL);
		return;
	}
	if ((d->fx & FX_EXEC) && ret == 0) {
		forget_all(t, pid);	/* close-on-exec fds are gone: ask /proc again */
		return;
	}
	/* dup*, and fcntl's F_DUPFD and F_DUPFD_CLOEXEC */
	if ((d->fx & FX_DUP) && ret >= 0 &&
	    (d->nargs < 2 || d->args[1].kind != AK_FCNTL_CMD ||
	     e->args[1] == F_DUPFD || e->args[1] == F_DUPFD_CLOEXEC)) {
		const char *from = fdpaths_get(t, pid, (int)e->args[0]);

		if (from)
			snprintf(buf, sizeof(buf), "%s", from);
		put(t, pid, (int)ret, from ? buf : NULL);
		return;
	}
	/* an injected result made no fd: whatever the number is stays */
	if (ret < 0 || !(d->fx & FX_NEW_FD) || (e->inj & INJ_INJECTED))
		return;
	/* An opened path, made absolute with symbolic links resolved; fds
	 * without a path (sockets, pipes) are asked of /proc when printed.
	 * Not /proc for opened files: by the time a line is printed, the fd
	 * may already be closed and its number reused. */
	if (path_arg) {
		char out[PATH_MAX * 2];
		int dirfd = d->fx & FX_AT ? (int)e->args[0] : AT_FDCWD_;

		put(t, pid, (int)ret, resolve(t, pid, dirfd, path_arg, out, sizeof(out)));
	} else if (fdkind_prefix(d->fdkind)) {
		snprintf(buf, sizeof(buf), "%c%s", PENDING, fdkind_prefix(d->fdkind));
		put(t, pid, (int)ret, buf);
	} else {
		/* unknown kind: never guess, print the number alone */
		snprintf(buf, sizeof(buf), "%c%c", PENDING, PENDING);
		put(t, pid, (int)ret, buf);
	}
}

void fdpaths_exit(struct fdpaths *t, uint32_t pid)
{
	struct fdproc *p = proc_get(t, pid, false);

	if (!p)
		return;
	forget_all(t, pid);
	free(p->path);
	free(p->cwd);
	*p = t->v[--t->n];
}

void fdpaths_free(struct fdpaths *t)
{
	if (!t)
		return;
	while (t->n)
		fdpaths_exit(t, t->v[0].pid);
	free(t->v);
	free(t);
}
