/*
 * Known call chains for -k, compared with strace -k: main -> outer ->
 * middle -> inner -> write; a libc function calling back (qsort's
 * comparator -> getppid); a second thread (start_thread -> worker ->
 * write).  Built as everything else here, and again with -O2
 * -fomit-frame-pointer (stackcalls-nofp), where only the unwind tables
 * tell one frame from the next.  With an argument, it copies its own
 * /proc/self/maps there at the end (for -i's addresses to be checked).
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))
#define BARRIER() __asm__ volatile("" ::: "memory")

static volatile int sink;

NOINLINE void inner(const char *s)
{
	sink += write(1, s, strlen(s));
	BARRIER();
}

NOINLINE void middle(const char *s)
{
	inner(s);
	BARRIER();
}

NOINLINE void outer(const char *s)
{
	middle(s);
	BARRIER();
}

NOINLINE static int compare(const void *a, const void *b)
{
	static int once;

	if (!once++)
		sink += getppid();
	BARRIER();
	return *(const int *)a - *(const int *)b;
}

NOINLINE void sorter(void)
{
	int v[] = { 3, 1, 2 };

	qsort(v, 3, sizeof(v[0]), compare);
	BARRIER();
}

NOINLINE static void *worker(void *arg)
{
	outer("thread\n");
	BARRIER();
	return arg;
}

static void copy_maps(const char *to)
{
	int in = open("/proc/self/maps", O_RDONLY), out = open(to, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	char buf[4096];
	ssize_t n;

	while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
		sink += write(out, buf, n);
	close(in);
	close(out);
}

int main(int argc, char **argv)
{
	pthread_t t;

	outer("main\n");
	sorter();
	if (pthread_create(&t, NULL, worker, NULL) == 0)
		pthread_join(t, NULL);
	if (argc > 1)
		copy_maps(argv[1]);
	return 0;
}
