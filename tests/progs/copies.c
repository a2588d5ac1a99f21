/* SPDX-License-Identifier: GPL-2.0 */
/* Copies between fds at offsets the calls take by address: sendfile's
 * moved ("[0] => [3]"), copy_file_range's and splice's as given; both of
 * copy_file_range's at once (two values read at entry in one record). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <sys/sendfile.h>
#include <unistd.h>

int main(void)
{
	char path[] = "/tmp/strobe-copies-XXXXXX";
	int in = open("/etc/hostname", O_RDONLY), out = mkstemp(path), p[2];
	off_t o = 0, a = 0, b = 0;

	if (in < 0 || out < 0 || pipe(p))
		return 1;
	unlink(path);
	sendfile(out, in, &o, 3);
	sendfile(out, in, NULL, 2);
	o = 0;
	sendfile(out, in, &o, 0);
	copy_file_range(in, &a, out, &b, 4, 0);
	copy_file_range(in, NULL, out, NULL, 4, 0);
	a = 0;
	splice(in, &a, p[1], NULL, 3, 0);
	splice(p[0], NULL, out, &b, 3, 0);
	o = 1;
	sendfile(99, in, &o, 1);	/* EBADF */
	return 0;
}
