/*
 * What a program sees when its calls are tampered with (-e inject=): each
 * mode makes known calls and prints what they returned, so that runs under
 * strace and under strobe can be compared by their output too.
 *   inject socket N      N socket() calls
 *   inject loop N [bad]  N socket() calls, only the number that failed
 *                        (bad: an invalid domain, so that they fail anyway)
 *   inject unlink PATH   unlink(PATH), then whether PATH is still there
 *   inject signal N      N getpid() calls with a SIGUSR1 handler counting
 *   inject getppid N     N getppid() calls: right or not
 *   inject fork N        two children making N socket() calls each
 *   inject threads N     two threads making N socket() calls each
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t usr1;

static void on_usr1(int sig)
{
	usr1++;
}

static void sockets(const char *who, int n)
{
	char line[4096];
	size_t len = 0;

	for (int i = 1; i <= n; i++) {
		int fd = socket(AF_UNIX, SOCK_STREAM, 0);

		if (fd >= 0) {
			len += snprintf(line + len, sizeof(line) - len, " %d:ok", i);
			close(fd);
		} else {
			len += snprintf(line + len, sizeof(line) - len, " %d:%s", i,
					strerrorname_np(errno));
		}
	}
	/* one write per process or thread: lines do not interleave */
	printf("%s%s\n", who, line);
	fflush(stdout);
}

static void *thread_main(void *arg)
{
	sockets((const char *)arg, 4);
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 2 ? atoi(argv[2]) : 1;

	if (argc < 2)
		return 2;
	if (!strcmp(argv[1], "socket")) {
		sockets("socket", n);
	} else if (!strcmp(argv[1], "loop")) {
		int failed = 0, domain = argc > 3 ? -1 : AF_UNIX;

		for (int i = 0; i < n; i++) {
			int fd = socket(domain, SOCK_STREAM, 0);

			if (fd < 0)
				failed++;
			else
				close(fd);
		}
		printf("%d of %d failed\n", failed, n);
	} else if (!strcmp(argv[1], "unlink") && argc > 2) {
		struct stat st;
		int rc = unlink(argv[2]);

		printf("unlink %d, %s\n", rc, stat(argv[2], &st) ? "gone" : "still there");
	} else if (!strcmp(argv[1], "signal")) {
		signal(SIGUSR1, on_usr1);
		for (int i = 0; i < n; i++)
			syscall(SYS_getpid);
		printf("SIGUSR1 caught %d times\n", (int)usr1);
	} else if (!strcmp(argv[1], "getppid")) {
		long first = syscall(SYS_getppid);
		int same = 1;

		for (int i = 1; i < n; i++)
			same += syscall(SYS_getppid) == first;
		printf("getppid %s, the same %d of %d times\n",
		       first == (long)getpid() || first <= 0 ? "wrong" : "a pid", same, n);
	} else if (!strcmp(argv[1], "fork")) {
		for (int c = 0; c < 2; c++) {
			pid_t pid = fork();

			if (pid == 0) {
				sockets(c ? "child B" : "child A", n);
				_exit(0);
			}
			waitpid(pid, NULL, 0);	/* one at a time: the same order under both */
		}
	} else if (!strcmp(argv[1], "threads")) {
		pthread_t t[2];

		pthread_create(&t[0], NULL, thread_main, "thread A");
		pthread_join(t[0], NULL);
		pthread_create(&t[1], NULL, thread_main, "thread B");
		pthread_join(t[1], NULL);
	} else {
		return 2;
	}
	return 0;
}
