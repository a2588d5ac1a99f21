/* Known counts for -c: 100 nanosleeps of 10 ms, 1000 getpid, 50 failing
 * openat (ENOENT), 25 failing close (EBADF), 10 successful write (and one
 * more at the end, the line below).
 * Prints the median time its sleeps took as it measured them, so tests can
 * hold strobe's percentiles to the truth even when a busy host stretches
 * the sleeps. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(void)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	int fd = open("/dev/null", O_WRONLY);

	double took[100];

	for (int i = 0; i < 100; i++) {
		struct timespec a, b;

		clock_gettime(CLOCK_MONOTONIC, &a);
		syscall(SYS_nanosleep, &ts, NULL);
		clock_gettime(CLOCK_MONOTONIC, &b);
		took[i] = (b.tv_sec - a.tv_sec) * 1e6 + (b.tv_nsec - a.tv_nsec) / 1e3;
	}
	qsort(took, 100, sizeof(took[0]), cmp_double);
	printf("sleep p50 %.1f us\n", (took[49] + took[50]) / 2);
	for (int i = 0; i < 1000; i++)
		syscall(SYS_getpid);
	for (int i = 0; i < 50; i++)
		syscall(SYS_openat, AT_FDCWD, "/nonexistent/strobe", O_RDONLY);
	for (int i = 0; i < 25; i++)
		syscall(SYS_close, -1);
	for (int i = 0; i < 10; i++)
		syscall(SYS_write, fd, "x", 1);
	return 0;
}
