// SPDX-License-Identifier: GPL-2.0
/* Process control a tracer must get right, one case per argument, for
 * comparison with strace:
 *   clone_parent  a clone(CLONE_PARENT) child is the tracer's child: the
 *                 program spins on kill(pid, 0) until the tracer reaps it
 *   fds           -y: a file named "x (deleted)" is not a deleted file, and
 *                 fds the shell opened before the tracer started (9) have
 *                 their paths too
 *   thread_exec   a thread other than the leader execs (this program, with
 *                 no argument) while the leader sleeps
 *   execveat      execveat(AT_FDCWD, ...) of this program, that returns
 *   fdkinds       fsync on a device, a pidfd, a socket (-e decode-fds=)
 *   pollsel       poll and select on fd 9 among others (-P /dev/full, with the
 *                 shell's 9>>/dev/full)
 *   orphan        a stopped process whose group is orphaned: the kernel sends
 *                 SIGHUP then SIGCONT, and the SIGHUP kills it first
 *   deepcwd       -y: a working directory PATH_MAX long or more is not
 *                 shown; one chdir("..") later it is again
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char stack[65536] __attribute__((aligned(16)));

static int child_exit(void *arg)
{
	(void)arg;
	return 42;
}

static int clone_parent(void)
{
	pid_t pid = clone(child_exit, stack + sizeof(stack), CLONE_PARENT | SIGCHLD, NULL);

	if (pid < 0)
		return 1;
	/* not ours to wait for */
	if (wait(NULL) >= 0 || errno != ECHILD)
		return 2;
	while (!kill(pid, 0))
		;
	printf("clone_parent: %s\n", errno == ESRCH ? "reaped" : strerror(errno));
	return 0;
}

static int fds(void)
{
	char dir[] = "/tmp/strobe-ctl-XXXXXX", a[64], b[64];
	int fa, fb;

	if (!mkdtemp(dir))
		return 1;
	snprintf(a, sizeof(a), "%s/x", dir);
	snprintf(b, sizeof(b), "%s/x (deleted)", dir);
	fa = open(a, O_CREAT | O_RDONLY, 0600);
	fb = open(b, O_CREAT | O_RDONLY, 0600);
	fchmod(fa, 0600);
	fchmod(fb, 0600);
	unlink(a);
	fchmod(fa, 0400);
	fchmod(fb, 0400);
	unlink(b);
	fchmod(fa, 0600);
	fchmod(fb, 0600);
	close(dup(9));
	close(fa);
	close(fb);
	return rmdir(dir);
}

static int deepcwd(void)
{
	char top[] = "/tmp/strobe-ctl-XXXXXX", name[256];
	int n = 0;

	if (!mkdtemp(top) || chdir(top))
		return 1;
	memset(name, 'x', sizeof(name) - 1);
	name[sizeof(name) - 1] = 0;
	for (size_t len = strlen(top); len <= PATH_MAX; len += sizeof(name), n++)
		if (mkdir(name, 0700) || chdir(name))
			return 1;
	close(openat(AT_FDCWD, "sample", O_RDONLY));
	for (int i = 0; i < n; i++) {
		if (chdir("..") || rmdir(name))
			return 1;
		close(openat(AT_FDCWD, "sample", O_RDONLY));
	}
	return chdir("/") || rmdir(top);
}

static void *exec_self(void *arg)
{
	char *argv[] = { "/proc/self/exe", NULL };

	(void)arg;
	execv(argv[0], argv);
	return NULL;
}

static int thread_exec(void)
{
	struct timespec ts = { 10, 0 };
	pthread_t t;

	if (pthread_create(&t, NULL, exec_self, NULL))
		return 1;
	nanosleep(&ts, NULL);
	return 1;
}

static int exec_at(void)
{
	char *argv[] = { "ctl", NULL };

	syscall(SYS_execveat, AT_FDCWD, "/proc/self/exe", argv, NULL, 0);
	return 1;
}

static int fdkinds(void)
{
	int fds[3] = { open("/dev/null", O_RDONLY), (int)syscall(SYS_pidfd_open, getpid(), 0),
		       socket(AF_UNIX, SOCK_STREAM, 0) };

	for (int i = 0; i < 3; i++) {
		fsync(fds[i]);
		close(fds[i]);
	}
	return 0;
}

static int pollsel(void)
{
	struct pollfd p[2] = { { .fd = 0, .events = POLLIN }, { .fd = 9, .events = POLLOUT } };
	struct timeval tv = { 0, 0 };
	fd_set w;

	poll(p, 1, 0);
	poll(p, 2, 0);
	FD_ZERO(&w);
	FD_SET(1, &w);
	select(2, NULL, &w, NULL, &tv);
	FD_SET(9, &w);
	select(10, NULL, &w, NULL, &tv);
	return 0;
}

static int orphan(void)
{
	int p[2], st;
	char c;
	pid_t a;

	if (pipe(p) || (a = fork()) < 0)
		return 1;
	if (a == 0) {
		pid_t b;

		close(p[0]);
		setpgid(0, 0);
		b = fork();
		if (b == 0) {
			raise(SIGSTOP);
			_exit(0);
		}
		waitpid(b, &st, WUNTRACED);
		_exit(0);
	}
	close(p[1]);
	waitpid(a, &st, 0);
	/* the end of the pipe: the stopped one is gone */
	return read(p[0], &c, 1) != 0;
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if ((!strcmp(argv[i], "clone_parent") && clone_parent()) ||
		    (!strcmp(argv[i], "fds") && fds()) ||
		    (!strcmp(argv[i], "deepcwd") && deepcwd()) ||
		    (!strcmp(argv[i], "thread_exec") && thread_exec()) ||
		    (!strcmp(argv[i], "execveat") && exec_at()) ||
		    (!strcmp(argv[i], "fdkinds") && fdkinds()) ||
		    (!strcmp(argv[i], "pollsel") && pollsel()) ||
		    (!strcmp(argv[i], "orphan") && orphan()))
			return 1;
	return 0;
}
