// SPDX-License-Identifier: GPL-2.0
/*
 * cgroup v2 paths and ids.  The kernel's cgroup id (bpf_get_current_cgroup_id)
 * is the inode number of the cgroup's directory in the cgroup2 file
 * system, wherever that is mounted: /sys/fs/cgroup on a unified machine,
 * /sys/fs/cgroup/unified on a hybrid one like this.  Only that mount is
 * searched: the v1 hierarchies beside it are other file systems whose
 * inode numbers mean nothing here.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/bpf.h>

#include "util.h"

static char mount_dir[256];
static pthread_once_t mount_once = PTHREAD_ONCE_INIT;

/* /proc/self/mountinfo: "id parent maj:min root mountpoint opts - fstype ..." */
static void find_mount(void)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[1024];

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char mnt[256], *dash = strstr(line, " - ");

		if (!dash || strncmp(dash + 3, "cgroup2 ", 8))
			continue;
		if (sscanf(line, "%*s %*s %*s %*s %255s", mnt) == 1) {
			snprintf(mount_dir, sizeof(mount_dir), "%s", mnt);
			break;
		}
	}
	fclose(f);
}

const char *cgroup2_mount(void)
{
	pthread_once(&mount_once, find_mount);
	return mount_dir[0] ? mount_dir : NULL;
}

int cgroup_id_of(const char *path, uint64_t *id)
{
	const char *mnt = cgroup2_mount();
	struct stat st, root;

	if (!mnt)
		return -ENOENT;
	if (stat(path, &st))
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if (stat(mnt, &root))
		return -errno;
	if (st.st_dev != root.st_dev)
		return -EXDEV;	/* not in the cgroup2 file system (a v1 hierarchy?) */
	*id = st.st_ino;
	return 0;
}

/* nftw has no context argument: the search is one at a time */
static pthread_mutex_t walk_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t want_ino;
static dev_t want_dev;
static char found[512];

static int visit(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)ftw;
	if (flag == FTW_D && st->st_dev == want_dev && (uint64_t)st->st_ino == want_ino) {
		snprintf(found, sizeof(found), "%s", path + strlen(mount_dir));
		return 1;
	}
	return 0;
}

/* A small cache: a scrape names the same few cgroups every second. */
#define CACHE 64
static struct { uint64_t id; char path[256]; } cache[CACHE];
static unsigned cache_next;

const char *cgroup_path_of(uint64_t id, char *buf, size_t n)
{
	const char *mnt = cgroup2_mount();
	struct stat root;

	pthread_mutex_lock(&walk_lock);
	for (int i = 0; i < CACHE; i++)
		if (cache[i].id == id && id) {
			snprintf(buf, n, "%s", cache[i].path);
			goto out;
		}
	found[0] = 0;
	if (mnt && !stat(mnt, &root)) {
		want_ino = id;
		want_dev = root.st_dev;
		if ((uint64_t)root.st_ino == id)
			snprintf(found, sizeof(found), "/");
		else
			nftw(mnt, visit, 16, FTW_PHYS | FTW_MOUNT);
	}
	if (found[0]) {
		snprintf(buf, n, "%s", found);
		cache[cache_next % CACHE].id = id;
		snprintf(cache[cache_next % CACHE].path, sizeof(cache[0].path), "%s", found);
		cache_next++;
	} else {
		snprintf(buf, n, "cgroup id %llu", (unsigned long long)id);
	}
out:
	pthread_mutex_unlock(&walk_lock);
	return buf;
}

int cgroup_select(int map_fd, const char *dir)
{
	__u32 zero = 0;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), err = 0;

	if (fd < 0)
		return -errno;
	/* the map holds the cgroup itself: the fd can go */
	if (bpf_map_update_elem(map_fd, &zero, &fd, BPF_ANY))
		err = -errno;
	close(fd);
	return err;
}
