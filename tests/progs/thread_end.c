/*
 * A thread's calls ended by another thread: "exit", a thread blocked in
 * read(0) while the main thread calls exit(3); "exec", a thread calls
 * execve while the main thread waits in pause(); "exec-main", the main
 * thread's own execve; "exec-fail", the main thread's execve of a path
 * that does not exist (then exit 0).  The execs run /bin/true with strings
 * from a file mapping nothing has touched: its page is not mapped yet, as
 * a small program's string literals often are not, so a tracer cannot
 * read them at the call's entry without faulting the page in.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static char *strs;	/* "/bin/true\0from-a-thread\0" in the untouched page */

static void *reader(void *arg)
{
	char c;

	read(0, &c, 1);
	return arg;
}

static void *execer(void *arg)
{
	char *argv[] = { strs, strs + 10, NULL };

	execv(strs, argv);
	return arg;
}

static char *untouched(const char *text, size_t len)
{
	char path[] = "/tmp/strobe-thread-end-XXXXXX";
	int fd = mkstemp(path);
	char *p;

	if (fd < 0 || write(fd, text, len) != (ssize_t)len)
		exit(2);
	p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	unlink(path);
	close(fd);
	return p == MAP_FAILED ? (exit(2), NULL) : p;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "exit";
	pthread_t t;

	if (!strcmp(mode, "exit")) {
		pthread_create(&t, NULL, reader, NULL);
		nanosleep(&(struct timespec){ 0, 200000000 }, NULL);
		exit(3);
	}
	if (!strcmp(mode, "exec-fail")) {
		char arg[] = "from-fail";	/* on the stack: touched */
		char *args[] = { arg, NULL };

		execv(untouched("/nonexistent/strobe", 20), args);
		return 0;
	}
	strs = untouched("/bin/true\0from-a-thread\0from-main", 34);
	if (!strcmp(mode, "exec-main")) {
		char *args[] = { strs, strs + 24, NULL };

		execv(strs, args);
		return 1;
	}
	pthread_create(&t, NULL, execer, NULL);
	pause();
	return 1;
}
