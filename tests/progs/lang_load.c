// SPDX-License-Identifier: GPL-2.0
/*
 * A deterministic workload for the language's tests: N getpid calls
 * (argv[1], default 1000), then the same number of one-byte reads of
 * /dev/zero in chunks, then kill(self, 0) 7 times, a nanosleep of 1 ms 3
 * times, an openat of a missing file 5 times, and one write of six known
 * bytes (a MAC address for macaddr()) to the read-only fd, which fails.  The counts are what the
 * tests expect; nothing else here makes those calls.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	char c;
	int fd = open("/dev/zero", O_RDONLY);
	struct timespec ts = { 0, 1000000 };

	pid_t me = 0;

	for (int i = 0; i < n; i++)
		me = syscall(SYS_getpid);
	for (int i = 0; i < 100; i++)
		if (read(fd, &c, 1) != 1)
			return 1;
	for (int i = 0; i < 7; i++)
		kill(me, 0);
	for (int i = 0; i < 3; i++)
		nanosleep(&ts, NULL);
	for (int i = 0; i < 5; i++)
		open("/nonexistent/strobe-lang-test", O_RDONLY);
	if (write(fd, "\xaa\xbb\x0c\x01\x02\xff", 6) != -1)
		return 1;
	close(fd);
	return 0;
}
