// SPDX-License-Identifier: GPL-2.0
/*
 * Start the command to trace.  The child waits on a pipe until its task
 * storage says "traced, show nothing before execve" and the probes are
 * attached; then it execs.  A second, close-on-exec pipe carries the
 * exec errno back, so "cannot execute" is reported by strobe itself.
 *
 * As strace: the command is looked up in PATH (a regular file with an
 * execute bit) and a missing one is "Can't stat"; -u USER runs it with
 * USER's uid, gid and groups (the kernel applies a set-user-ID bit at the
 * exec, since nothing ptraces it); -E edits its environment.
 *
 * With -e inject=, the child installs strobe's seccomp filter just before
 * it drops to USER and execs, and hands the listener over
 * (src/inject/filter.c); strobe answers the filter's notifications from
 * then on.
 */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session.h"
#include "../inject/inject.h"

extern char **environ;

/* PATH search as strace does it: a regular file with an execute bit;
 * returns a malloc'd path, or NULL with errno (stat's). */
static char *resolve(const char *cmd)
{
	const char *path = getenv("PATH");
	char *full = NULL;
	struct stat st;

	if (strchr(cmd, '/'))
		return stat(cmd, &st) ? NULL : strdup(cmd);
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		const char *end = strchrnul(path, ':');
		int len = end - path;

		free(full);
		if (asprintf(&full, "%.*s%s%s", len, len ? path : ".",
			     len && path[len - 1] == '/' ? "" : "/", cmd) < 0)
			return NULL;
		if (!stat(full, &st) && S_ISREG(st.st_mode) && (st.st_mode & 0111))
			return full;
		path = *end ? end + 1 : end;
	}
	free(full);
	errno = ENOENT;
	return NULL;
}

/* -E: environ with each VAR=VAL set and each VAR removed, in order */
static char **edit_env(char *const *edits, int n)
{
	size_t count = 0, cap;
	char **env;

	while (environ[count])
		count++;
	cap = count + n + 1;
	env = calloc(cap, sizeof(*env));
	if (!env)
		return NULL;
	memcpy(env, environ, count * sizeof(*env));
	for (int i = 0; i < n; i++) {
		const char *eq = strchr(edits[i], '=');
		size_t klen = eq ? (size_t)(eq - edits[i]) : strlen(edits[i]);
		size_t j, k;

		for (j = k = 0; j < count; j++)
			if (strncmp(env[j], edits[i], klen) || env[j][klen] != '=')
				env[k++] = env[j];
		count = k;
		if (eq)
			env[count++] = edits[i];
		env[count] = NULL;
	}
	return env;
}

/* What the child failed at, sent back with its errno. */
enum { STAGE_EXEC, STAGE_GROUPS, STAGE_GID, STAGE_UID };

/*
 * Fork the command, stopped before its exec until launch_go.  Returns 0, or
 * -errno after printing why.
 */
int launch_fork(char *const *cmd, struct launch *l)
{
	return launch_fork_ex(cmd, l, NULL, 0, NULL);
}

int launch_fork_ex(char *const *cmd, struct launch *l, char *const *env_edits,
		   int nedits, const char *user)
{
	int gate[2], errp[2], err = 0, flen = 0;
	char *path = resolve(cmd[0]), **envp = environ;
	struct passwd *pw = NULL;
	void *filter = NULL;

	/* as strace: a name no path can hold is refused before the search */
	if (strlen(cmd[0]) >= PATH_MAX) {
		free(path);
		fprintf(stderr, "strobe: exec: %s\n", strerror(ENAMETOOLONG));
		return -ENOENT;
	}
	if (!path) {
		err = errno;
		fprintf(stderr, "strobe: Can't stat '%s': %s\n", cmd[0], strerror(err));
		return err == ENOENT ? -ENOENT : -EACCES;
	}
	if (user && !(pw = getpwnam(user))) {
		fprintf(stderr, "strobe: Cannot find user '%s'\n", user);
		free(path);
		return -EINVAL;
	}
	if (nedits && !(envp = edit_env(env_edits, nedits))) {
		free(path);
		return -ENOMEM;
	}
	if (l->inject) {
		/* the child's execve below is recognised by these two pointers */
		struct inject_child c = { .io = l->inject, .follow = l->follow,
			.lazy = &l->lazy, .exec_path = (uintptr_t)path, .exec_argv = (uintptr_t)cmd };

		if (inject_build_filter(&c, &filter, &flen)) {
			fprintf(stderr, "strobe: out of memory\n");
			free(path);
			if (envp != environ)
				free(envp);
			return -ENOMEM;
		}
	}
	if (pipe2(gate, O_CLOEXEC) || pipe2(errp, O_CLOEXEC)) {
		fprintf(stderr, "strobe: pipe: %s\n", strerror(errno));
		free(path);
		free(filter);
		if (envp != environ)
			free(envp);
		return -EMFILE;
	}
	l->pid = fork();
	if (l->pid < 0) {
		fprintf(stderr, "strobe: fork: %s\n", strerror(errno));
		free(path);
		free(filter);
		if (envp != environ)
			free(envp);
		return -EAGAIN;
	}
	if (l->pid == 0) {
		int what[2] = { STAGE_EXEC, 0 };
		char c;

		session_restore_signals();
		close(gate[1]);
		close(errp[0]);
		if (read(gate[0], &c, 1) != 1)
			_exit(127);	/* strobe gave up before we started */
		/* before dropping to USER: root needs no no_new_privs for it */
		if (filter && inject_child_install(filter, flen, errp[1]))
			_exit(127);	/* reported to strobe */
		if (pw && initgroups(pw->pw_name, pw->pw_gid))
			what[0] = STAGE_GROUPS;
		else if (pw && setgid(pw->pw_gid))
			what[0] = STAGE_GID;
		else if (pw && setuid(pw->pw_uid))
			what[0] = STAGE_UID;
		else
			execve(path, cmd, envp);
		what[1] = errno;
		if (write(errp[1], what, sizeof(what)) < 0)
			_exit(1);
		_exit(1);
	}
	free(path);
	free(filter);
	if (envp != environ)
		free(envp);
	close(gate[0]);
	close(errp[1]);
	l->reaped = false;
	l->gate_fd = gate[1];
	l->exec_err_fd = errp[0];
	return 0;
}

/* The child's report of a failed exec (or uid change), if it sent one:
 * said, and the child reaped; returns -errno, or 0 when the exec went on. */
static int exec_result(struct launch *l, const int what[2], ssize_t n)
{
	static const char *const stage[] = { "exec", "initgroups", "setgid", "setuid" };

	if (n == 2 * sizeof(int)) {
		/* strace's words: "exec: Permission denied" */
		if (l->msg)
			snprintf(l->msg, l->msg_len, "strobe: %s: %s\n", stage[what[0] & 3],
				 strerror(what[1]));
		else
			fprintf(stderr, "strobe: %s: %s\n", stage[what[0] & 3], strerror(what[1]));
		waitpid(l->pid, NULL, 0);
		l->reaped = true;
		return what[1] ? -what[1] : -EACCES;
	}
	return 0;
}

/* Let the command exec; returns 0, or -errno (reaped, said) if exec failed. */
int launch_go(struct launch *l, const char *name)
{
	int what[2] = { 0, 0 };
	ssize_t n;

	if (write(l->gate_fd, "x", 1) != 1)
		return -errno;
	close(l->gate_fd);
	l->gate_fd = -1;
	do
		n = read(l->exec_err_fd, what, sizeof(what));
	while (n < 0 && errno == EINTR);
	close(l->exec_err_fd);
	l->exec_err_fd = -1;
	return exec_result(l, what, n);
}

int launch_prepare(struct session *s)
{
	struct launch l = { .inject = s->o->inject, .follow = s->o->follow };

	bpf_calls_lazy(s->o, &l.lazy);
	int err = launch_fork_ex(s->o->cmd, &l, s->o->env_edits, s->o->nenv_edits,
				 s->o->user);

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
 * succeeded (EOF on the report pipe) or failed.
 */
/* the syscall probes at the filter's first call (probes.c, bpf_calls_lazy) */
static void attach_calls(void *ctx)
{
	struct session *s = ctx;
	int err = bpf_setup_attach_calls(s);

	if (!err) {
		if (s->o->debug)
			fprintf(stderr, "strobe: syscall probes attached at the first call\n");
		return;
	}
	/* untraced, the command would run on as if traced: it is stopped */
	fprintf(stderr, "strobe: cannot attach the probes at the command's first traced "
		"call: %s; the command is killed (strobe -d says which probe failed)\n",
		strerror(-err));
	kill(s->child, SIGKILL);
}

static int release_injected(struct session *s, struct launch *l)
{
	int what[2] = { 0, 0 }, mark_fd = bpf_inject_mark_fd(s), err;
	ssize_t n = 0;

	if (write(l->gate_fd, "x", 1) != 1)
		return -errno;
	close(l->gate_fd);
	l->gate_fd = -1;
	err = injector_new(&s->inj, s->o->inject, s->o->follow, s->child, l->exec_err_fd,
			   mark_fd);
	if (err) {
		fprintf(stderr, "strobe: cannot install the injection filter in the command: "
			"%s\n", strerror(-err));
		kill(s->child, SIGKILL);
		waitpid(s->child, NULL, 0);
		l->reaped = true;
		return -EALREADY;
	}
	if (s->calls_pending)
		injector_on_first_call(s->inj, attach_calls, s);
	if (s->o->debug) {
		int in_filter = 0, notified = 0;

		for (int nr = 0; nr < INJ_NR_MAX; nr++) {
			const struct inject_rule *r = &s->o->inject->rule[nr];

			if (r->on && inject_in_filter(r, s->o->inject->filter_fails))
				in_filter++;
			else if (r->on)
				notified++;
		}
		fprintf(stderr, "strobe: seccomp filter in the command: %d calls failed by "
			"the filter, %d sent to strobe\n", in_filter, notified);
	}
	for (;;) {
		struct pollfd p[2] = {
			{ .fd = l->exec_err_fd, .events = POLLIN },
			{ .fd = injector_fd(s->inj), .events = POLLIN },
		};
		int timeout = injector_run(s->inj);

		if (poll(p, 2, timeout) < 0 && errno != EINTR)
			break;
		if (p[1].revents)
			injector_run(s->inj);
		if (p[0].revents) {
			do
				n = read(l->exec_err_fd, what, sizeof(what));
			while (n < 0 && errno == EINTR);
			break;
		}
	}
	close(l->exec_err_fd);
	l->exec_err_fd = -1;
	return exec_result(l, what, n);
}

/* Let the command exec; returns 0, or -errno if exec failed. */
int launch_release(struct session *s)
{
	struct launch l = { .pid = s->child, .gate_fd = s->gate_fd,
			    .exec_err_fd = s->exec_err_fd, .msg = s->exec_msg,
			    .msg_len = sizeof(s->exec_msg) };
	int err = s->o->inject ? release_injected(s, &l) : launch_go(&l, s->o->cmd[0]);

	s->gate_fd = l.gate_fd;
	s->exec_err_fd = l.exec_err_fd;
	if (l.reaped)
		s->child_done = true;
	return err;
}
