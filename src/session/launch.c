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
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session.h"

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
	int gate[2], errp[2], err = 0;
	char *path = resolve(cmd[0]), **envp = environ;
	struct passwd *pw = NULL;
	sigset_t none;

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
	if (pipe2(gate, O_CLOEXEC) || pipe2(errp, O_CLOEXEC)) {
		fprintf(stderr, "strobe: pipe: %s\n", strerror(errno));
		free(path);
		if (envp != environ)
			free(envp);
		return -EMFILE;
	}
	l->pid = fork();
	if (l->pid < 0) {
		fprintf(stderr, "strobe: fork: %s\n", strerror(errno));
		free(path);
		if (envp != environ)
			free(envp);
		return -EAGAIN;
	}
	if (l->pid == 0) {
		int what[2] = { STAGE_EXEC, 0 };
		char c;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		close(gate[1]);
		close(errp[0]);
		if (read(gate[0], &c, 1) != 1)
			_exit(127);	/* strobe gave up before we started */
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
	if (envp != environ)
		free(envp);
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
	static const char *const stage[] = { "exec", "initgroups", "setgid", "setuid" };
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
	if (n == sizeof(what)) {
		/* strace's words: "exec: Permission denied" */
		fprintf(stderr, "strobe: %s: %s\n", stage[what[0] & 3], strerror(what[1]));
		waitpid(l->pid, NULL, 0);
		l->reaped = true;
		return what[1] ? -what[1] : -EACCES;
	}
	return 0;
}

int launch_prepare(struct session *s)
{
	struct launch l;
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

/* Let the command exec; returns 0, or -errno if exec failed. */
int launch_release(struct session *s)
{
	struct launch l = { .pid = s->child, .gate_fd = s->gate_fd,
			    .exec_err_fd = s->exec_err_fd };
	int err = launch_go(&l, s->o->cmd[0]);

	s->gate_fd = l.gate_fd;
	s->exec_err_fd = l.exec_err_fd;
	if (l.reaped)
		s->child_done = true;
	return err;
}
