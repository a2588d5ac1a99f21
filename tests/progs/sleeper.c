/* Prints its pid, then blocks in read(2) on a pipe nobody writes to
 * (or sleeps, with an argument) until killed.  For attach tests. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int p[2];
	char c;

	if (pipe(p))
		return 1;
	printf("%d\n", getpid());
	fflush(stdout);
	if (argc > 1 && !strcmp(argv[1], "tick")) {
		/* a getppid every 10 ms, for tracing an active process */
		struct timespec ts = { 0, 10 * 1000 * 1000 };

		for (;;) {
			getppid();
			nanosleep(&ts, NULL);
		}
	}
	return read(p[0], &c, 1) < 0;
}
