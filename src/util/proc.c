// SPDX-License-Identifier: GPL-2.0
/* What /proc says of a process's open fds and working directory. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "util.h"

int proc_fds(int pid, char *cwd, size_t cwdlen,
	     void (*each)(void *ctx, int fd, const char *path), void *ctx)
{
	char dir[48], link[80], path[4096];
	struct dirent *de;
	ssize_t n;
	DIR *d;

	if (cwd && cwdlen) {
		snprintf(link, sizeof(link), "/proc/%d/cwd", pid);
		n = readlink(link, cwd, cwdlen - 1);
		cwd[n > 0 ? n : 0] = 0;
	}
	if (!each)
		return 0;
	snprintf(dir, sizeof(dir), "/proc/%d/fd", pid);
	if (!(d = opendir(dir)))
		return -1;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(link, sizeof(link), "%s/%.16s", dir, de->d_name);
		n = readlink(link, path, sizeof(path) - 1);
		if (n <= 0)
			continue;
		path[n] = 0;
		each(ctx, atoi(de->d_name), path);
	}
	closedir(d);
	return 0;
}
