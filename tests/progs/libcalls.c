/* Known library calls for the probe tests: each runs a known number of
 * times with known arguments.  argv[1] (optional) repeats strtol. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	const char *words[] = { "pear", "apple", "fig" };
	long n = argc > 1 ? atol(argv[1]) : 0, sum = 0;
	char *p;
	int fd;

	puts("hello from libcalls");
	p = malloc(100);
	strcpy(p, "copied");
	free(p);
	fd = open("/dev/null", O_WRONLY | O_APPEND);
	close(fd);
	if (getenv("STROBE_NO_SUCH_VARIABLE"))
		return 2;
	qsort(words, 3, sizeof(words[0]), cmp);
	for (long i = 0; i < n; i++)
		sum += strtol("12345", NULL, 10);
	printf("sum %ld\n", sum + strtol("42", NULL, 10));
	return 0;
}
