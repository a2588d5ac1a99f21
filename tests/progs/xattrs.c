/* SPDX-License-Identifier: GPL-2.0 */
/* Extended attribute lists and values (the size queries with NULL and a
 * 0-byte buffer, a missing one), sched_rr_get_interval's answer,
 * pkey_alloc's access rights, F_SETSIG's signal. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	char path[] = "/tmp/strobe-xattrs-XXXXXX", buf[64];
	int fd = mkstemp(path);
	struct timespec ts;

	if (fd < 0)
		return 1;
	setxattr(path, "user.a", "v", 1, 0);
	listxattr(path, NULL, 0);
	listxattr(path, buf, sizeof(buf));
	getxattr(path, "user.a", NULL, 0);
	getxattr(path, "user.a", buf, 0);
	getxattr(path, "user.a", buf, sizeof(buf));
	getxattr(path, "user.zz", buf, sizeof(buf));	/* ENODATA */
	unlink(path);
	sched_rr_get_interval(0, &ts);
	pkey_alloc(0, PKEY_DISABLE_WRITE);
	pkey_alloc(0, PKEY_DISABLE_ACCESS | PKEY_DISABLE_WRITE | 0x10);	/* EINVAL */
	fcntl(fd, F_SETSIG, SIGUSR1);
	fcntl(fd, F_SETSIG, 0);
	return 0;
}
