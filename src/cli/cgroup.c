// SPDX-License-Identifier: GPL-2.0
/*
 * --cgroup DIR and --container NAME|ID: the cgroup v2 directory whose
 * tasks (and its descendants' tasks, later ones too) are traced.  The
 * kernel filters by it; here it is only found.
 *
 * Containers are found from the cgroups the running processes are in
 * (/proc/PID/cgroup's "0::" line): the runtimes name their cgroups after
 * the container's id, "docker-ID.scope" (systemd driver), "docker/ID"
 * (cgroupfs), "libpod-ID.scope" (Podman), "cri-containerd-ID.scope",
 * "crio-ID.scope"; systemd's own units are "NAME.scope" and
 * "NAME.service".  A Docker container's name is in its config
 * (/var/lib/docker/containers/ID/config.v2.json, "Name":"/NAME").
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "../util/util.h"

static const char *const id_prefixes[] = {
	"docker-", "libpod-", "cri-containerd-", "crio-", "containerd-", "docker/", "libpod_parent/",
};

/* The container id a cgroup path's last component names, or NULL. */
static const char *container_id(const char *path, char *id, size_t n)
{
	const char *last = strrchr(path, '/');
	size_t len;

	last = last ? last + 1 : path;
	for (size_t i = 0; i < sizeof(id_prefixes) / sizeof(id_prefixes[0]); i++) {
		const char *p = id_prefixes[i], *slash = strchr(p, '/');
		const char *start = NULL;

		if (slash) {	/* ".../docker/ID" */
			size_t pl = strlen(p);

			if (last - path >= (long)pl && !strncmp(last - pl, p, pl))
				start = last;
		} else if (!strncmp(last, p, strlen(p))) {
			start = last + strlen(p);
		}
		if (!start)
			continue;
		len = strcspn(start, ".");
		if (len < 12 || len >= n)
			continue;
		for (size_t k = 0; k < len; k++)
			if (!isxdigit((unsigned char)start[k]))
				goto next;
		memcpy(id, start, len);
		id[len] = 0;
		return id;
next:;
	}
	return NULL;
}

/* Docker's name for a container id ("" when unknown). */
static void docker_name(const char *id, char *name, size_t n)
{
	char path[256], buf[8192], *p;
	FILE *f;
	size_t got;

	name[0] = 0;
	snprintf(path, sizeof(path), "/var/lib/docker/containers/%s/config.v2.json", id);
	f = fopen(path, "re");
	if (!f)
		return;
	got = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[got] = 0;
	p = strstr(buf, "\"Name\":\"");
	if (p) {
		p += 8;
		if (*p == '/')
			p++;
		snprintf(name, n, "%.*s", (int)strcspn(p, "\""), p);
	}
}

static bool matches(const char *want, const char *path, const char *id, const char *name)
{
	const char *last = strrchr(path, '/');
	size_t wl = strlen(want);

	last = last ? last + 1 : path;
	if (id && wl >= 3 && !strncmp(id, want, wl))	/* an id or its prefix */
		return true;
	if (name && *name && !strcmp(name, want))
		return true;
	/* a systemd unit, with or without its suffix */
	if (!strcmp(last, want))
		return true;
	if (!strncmp(last, want, wl) && (!strcmp(last + wl, ".scope") || !strcmp(last + wl, ".service")))
		return true;
	return false;
}

/* Walk /proc for a cgroup matching want; the path (relative to the
 * cgroup2 mount) into out, or what was seen into seen. */
static int find_container(const char *want, char *out, size_t n, struct sbuf *seen)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int found = -ENOENT, nseen = 0;

	if (!d)
		return -errno;
	while (found && (e = readdir(d))) {
		char p[300], line[1024], id[80], name[128], *path = NULL;
		FILE *f;

		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		snprintf(p, sizeof(p), "/proc/%s/cgroup", e->d_name);
		f = fopen(p, "re");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f))
			if (!strncmp(line, "0::", 3)) {
				line[strcspn(line, "\n")] = 0;
				path = line + 3;
				break;
			}
		fclose(f);
		if (!path || !strcmp(path, "/"))
			continue;
		const char *cid = container_id(path, id, sizeof(id));
		const char *last = strrchr(path, '/');
		bool unit = last && (strstr(last, ".scope") || strstr(last, ".service"));

		name[0] = 0;
		if (cid)
			docker_name(cid, name, sizeof(name));
		if (matches(want, path, cid, name)) {
			snprintf(out, n, "%s", path);
			found = 0;
			break;
		}
		if ((cid || unit) && nseen < 12) {
			char item[200];

			if (cid)
				snprintf(item, sizeof(item), "%.12s%s%s%s", cid, name[0] ? " (" : "",
					 name, name[0] ? ")" : "");
			else
				snprintf(item, sizeof(item), "%s", last + 1);
			if (!seen->len || !strstr(seen->p, item)) {
				sbuf_printf(seen, "%s%s", seen->len ? ", " : "", item);
				sbuf_putc(seen, 0);
				seen->len--;
				nseen++;
			}
		}
	}
	closedir(d);
	return found;
}

int cgroup_resolve(const char *arg, bool container, const char **out, uint64_t *id)
{
	static char dir[1024];
	const char *mnt = cgroup2_mount();
	char rel[1024], given[1024];
	int err;

	/* arg may be dir itself, resolved before (strobe top passes it on) */
	snprintf(given, sizeof(given), "%s", arg);
	arg = given;

	if (!mnt)
		return err1("%s", "no cgroup2 file system is mounted: mount -t cgroup2 none /sys/fs/cgroup/unified");
	if (container) {
		struct sbuf seen = { 0 };

		sbuf_init(&seen, 256);
		sbuf_putc(&seen, 0);
		seen.len = 0;
		err = find_container(arg, rel, sizeof(rel), &seen);
		if (err) {
			fprintf(stderr, "strobe: no container or unit '%s' runs here (found: %s)\n", arg,
				seen.len ? seen.p : "none");
			sbuf_free(&seen);
			return -1;
		}
		sbuf_free(&seen);
		snprintf(dir, sizeof(dir), "%s%s", mnt, rel);
	} else if (arg[0] == '/' && strncmp(arg, mnt, strlen(mnt)) &&
		   access(arg, F_OK)) {
		/* "/app.slice": a path inside the cgroup2 mount */
		snprintf(dir, sizeof(dir), "%s%s", mnt, arg);
	} else {
		snprintf(dir, sizeof(dir), "%s", arg);
	}
	err = cgroup_id_of(dir, id);
	if (err == -EXDEV || err == -ENOTDIR)
		return err1("--cgroup '%s' is not a cgroup v2 directory (see mount -t cgroup2)", dir);
	if (err)
		return err1("--cgroup '%s': no such cgroup", dir);
	*out = dir;
	return 0;
}

int cgroup_option(struct options *o, const char *arg, bool container)
{
	return cgroup_resolve(arg, container, &o->cgroup, &o->cgroup_id);
}
