// SPDX-License-Identifier: GPL-2.0
/* What /proc says of a process: its open fds and working directory, a
 * field of its status. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

bool proc_status(int pid, const char *key, char *val, size_t len)
{
	char path[48], line[256];
	size_t klen = strlen(key);
	bool found = false;
	FILE *f;

	if (pid)
		snprintf(path, sizeof(path), "/proc/%d/status", pid);
	else
		snprintf(path, sizeof(path), "/proc/self/status");
	if (!(f = fopen(path, "re")))
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, klen) || line[klen] != ':')
			continue;
		snprintf(val, len, "%s", line + klen + 1 + strspn(line + klen + 1, " \t"));
		val[strcspn(val, "\n")] = 0;
		found = true;
	}
	fclose(f);
	return found;
}

int read_ull_at(int dirfd, const char *path, unsigned long long *v)
{
	char buf[32], *end;
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -EINVAL;
	buf[n] = 0;
	*v = strtoull(buf, &end, 10);
	return end == buf ? -EINVAL : 0;
}
