// SPDX-License-Identifier: GPL-2.0
/*
 * Start the command to trace.  The child waits on a pipe until its task
 * storage says "traced, show nothing before execve" and the probes are
 * attached; then it execs.  A second, close-on-exec pipe carries the
 * exec errno back, so "cannot execute" is reported by strobe itself.
 * With -e inject=, the child installs strobe's seccomp filter just before
 * its exec and hands the listener over (src/inject/filter.c); strobe
 * answers the filter's notifications from then on.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session.h"
#include "../inject/inject.h"

extern char **environ;

/* PATH search as the shell does it; returns a malloc'd path or NULL. */
static char *resolve(const char *cmd, int *err)
{
	const char *path = getenv("PATH");
	char *full = NULL;
	int first_err = ENOENT;

	if (strchr(cmd, '/')) {
		if (access(cmd, F_OK)) {
			*err = errno;
			return NULL;
		}
		return strdup(cmd);
	}
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		const char *end = strchrnul(path, ':');
		int len = end - path;
		struct stat st;

		free(full);
		if (asprintf(&full, "%.*s%s%s", len, len ? path : ".",
			     len && path[len - 1] == '/' ? "" : "/", cmd) < 0)
			return NULL;
		if (!stat(full, &st) && S_ISREG(st.st_mode)) {
			if (!access(full, X_OK))
				return full;
			first_err = EACCES;
		}
		path = *end ? end + 1 : end;
	}
	free(full);
	*err = first_err;
	return NULL;
}

/*
 * Fork the command, stopped before its exec until launch_go.  Returns 0, or
 * -errno after printing why.
 */
int launch_fork(char *const *cmd, struct launch *l)
{
	int gate[2], errp[2], err = 0, flen = 0;
	char *path = resolve(cmd[0], &err);
	void *filter = NULL;
	sigset_t none;

	if (!path) {
		if (err == ENOENT) {
			fprintf(stderr, "strobe: %s: command not found\n", cmd[0]);
			return -ENOENT;
		}
		fprintf(stderr, "strobe: cannot execute '%s': %s\n", cmd[0], strerror(err));
		return -EACCES;
	}
	if (l->inject) {
		struct inject_child c = { .io = l->inject, .follow = l->follow,
			.exec_path = (uintptr_t)path, .exec_argv = (uintptr_t)cmd };

		if (inject_build_filter(&c, &filter, &flen)) {
			fprintf(stderr, "strobe: out of memory\n");
			free(path);
			return -ENOMEM;
		}
	}
	if (pipe2(gate, O_CLOEXEC) || pipe2(errp, O_CLOEXEC)) {
		fprintf(stderr, "strobe: pipe: %s\n", strerror(errno));
		free(path);
		return -EMFILE;
	}
	l->pid = fork();
	if (l->pid < 0) {
		fprintf(stderr, "strobe: fork: %s\n", strerror(errno));
		free(path);
		return -EAGAIN;
	}
	if (l->pid == 0) {
		char c;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		close(gate[1]);
		close(errp[0]);
		if (read(gate[0], &c, 1) != 1)
			_exit(127);	/* strobe gave up before we started */
		if (filter && inject_child_install(filter, flen, errp[1]))
			_exit(127);	/* reported to strobe */
		execve(path, cmd, environ);
		err = errno;
		if (write(errp[1], &err, sizeof(err)) < 0)
			_exit(127);
		_exit(127);
	}
	free(path);
	free(filter);
	close(gate[0]);
	close(errp[1]);
	l->reaped = false;
	l->gate_fd = gate[1];
	l->exec_err_fd = errp[0];
	return 0;
}

/* Let the command exec; returns 0, or -errno (reaped, said) if exec failed. */
int launch_go(struct launch *l, const char *name)
{
	int err = 0;
	ssize_t n;

	if (write(l->gate_fd, "x", 1) != 1)
		return -errno;
	close(l->gate_fd);
	l->gate_fd = -1;
	do
		n = read(l->exec_err_fd, &err, sizeof(err));
	while (n < 0 && errno == EINTR);
	close(l->exec_err_fd);
	l->exec_err_fd = -1;
	if (n == sizeof(err)) {
		fprintf(stderr, "strobe: cannot execute '%s': %s\n", name, strerror(err));
		waitpid(l->pid, NULL, 0);
		l->reaped = true;
		return -err;
	}
	return 0;
}

int launch_prepare(struct session *s)
{
	struct launch l = { .inject = s->o->inject, .follow = s->o->follow };
	int err = launch_fork(s->o->cmd, &l);

	if (err)
		return err;
	s->child = l.pid;
	s->gate_fd = l.gate_fd;
	s->exec_err_fd = l.exec_err_fd;
	/* The command shows nothing until its execve. */
	err = target_track(s, s->child, s->child, TS_TRACED | TS_PENDING_EXEC, false);
	if (err) {
		fprintf(stderr, "strobe: cannot trace the command: %s\n", strerror(-err));
		return err;
	}
	return 0;
}

/*
 * -e inject=: let the command go, take the filter's listener, and answer
 * its notifications (the command's own execve first) until the exec
 * succeeded (EOF on the errno pipe) or failed.
 */
static int release_injected(struct session *s)
{
	int err = 0, mark_fd = bpf_inject_mark_fd(s);
	ssize_t n = 0;

	if (write(s->gate_fd, "x", 1) != 1)
		return -errno;
	close(s->gate_fd);
	s->gate_fd = -1;
	err = injector_new(&s->inj, s->o->inject, s->o->follow, s->child, s->exec_err_fd,
			   mark_fd);
	if (!err && s->o->debug) {
		int in_filter = 0, notified = 0;

		for (int nr = 0; nr < INJ_NR_MAX; nr++) {
			const struct inject_rule *r = &s->o->inject->rule[nr];

			if (r->on && inject_in_filter(r, s->o->follow))
				in_filter++;
			else if (r->on)
				notified++;
		}
		fprintf(stderr, "strobe: seccomp filter in the command: %d calls failed by "
			"the filter, %d sent to strobe\n", in_filter, notified);
	}
	if (err) {
		fprintf(stderr, "strobe: cannot install the injection filter in the command: "
			"%s\n", strerror(-err));
		kill(s->child, SIGKILL);
		return -EALREADY;
	}
	for (;;) {
		struct pollfd p[2] = {
			{ .fd = s->exec_err_fd, .events = POLLIN },
			{ .fd = injector_fd(s->inj), .events = POLLIN },
		};
		int timeout = injector_run(s->inj);

		if (poll(p, 2, timeout) < 0 && errno != EINTR)
			break;
		if (p[1].revents)
			injector_run(s->inj);
		if (p[0].revents) {
			do
				n = read(s->exec_err_fd, &err, sizeof(err));
			while (n < 0 && errno == EINTR);
			break;
		}
	}
	close(s->exec_err_fd);
	s->exec_err_fd = -1;
	if (n == sizeof(err)) {
		fprintf(stderr, "strobe: cannot execute '%s': %s\n", s->o->cmd[0], strerror(err));
		waitpid(s->child, NULL, 0);
		s->child_done = true;
		return -err;
	}
	return 0;
}

/* Let the command exec; returns 0, or -errno if exec failed. */
int launch_release(struct session *s)
{
	struct launch l = { .pid = s->child, .gate_fd = s->gate_fd,
			    .exec_err_fd = s->exec_err_fd };
	int err;

	if (s->o->inject)
		return release_injected(s);
	err = launch_go(&l, s->o->cmd[0]);

	s->gate_fd = l.gate_fd;
	s->exec_err_fd = l.exec_err_fd;
	if (l.reaped)
		s->child_done = true;
	return err;
}
