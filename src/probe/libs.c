// SPDX-License-Identifier: GPL-2.0
/*
 * Library names to files: "libc" means the file a process maps whose name
 * is libc.so* or libc-*.so; without a process, the dynamic loader's own
 * cache (/etc/ld.so.cache) and then the standard directories say which.
 */
#include <errno.h>
#include <fnmatch.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "probe.h"

static const char *const lib_dirs[] = {
	"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib64",
	"/lib", "/usr/lib", "/usr/local/lib",
};

/* Does a file's base name match a library name as users write it?
 * "libc" matches libc.so.6 and libc-2.31.so; "libssl.so.3" itself and
 * libssl.so.3.0.2; "libc.so" libc.so.6. */
static bool name_matches(const char *base, const char *name)
{
	size_t n = strlen(name);

	if (strncmp(base, name, n))
		return false;
	if (!base[n])
		return true;
	if (base[n] == '.' && (strstr(name, ".so") || !strncmp(base + n, ".so", 3)))
		return true;
	return base[n] == '-' && strstr(base + n, ".so");
}

static int from_maps(const char *name, pid_t pid, char *path, size_t len)
{
	char fn[64], line[4096 + 128];
	FILE *f;
	int rc = -ENOENT;

	snprintf(fn, sizeof(fn), "/proc/%d/maps", pid);
	if (!(f = fopen(fn, "re")))
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char *p = strchr(line, '/'), *base;

		if (!p)
			continue;
		p[strcspn(p, "\n")] = 0;
		base = strrchr(p, '/') + 1;
		if (name_matches(base, name)) {
			/* as the process sees it: through its root */
			snprintf(path, len, "/proc/%d/root%s", pid, p);
			if (access(path, R_OK))
				snprintf(path, len, "%s", p);
			rc = 0;
			break;
		}
	}
	fclose(f);
	return rc;
}

/* ld.so.cache, new format: "glibc-ld.so.cache1.1", then entries whose
 * key and value are offsets of strings from the start of the file. */
static int from_cache(const char *name, char *path, size_t len)
{
	static const char magic[] = "glibc-ld.so.cache1.1";
	FILE *f = fopen("/etc/ld.so.cache", "re");
	char *buf = NULL;
	long size;
	int rc = -ENOENT;

	if (!f)
		return -errno;
	if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 48 || fseek(f, 0, SEEK_SET))
		goto out;
	buf = malloc(size + 1);
	if (!buf || fread(buf, 1, size, f) != (size_t)size)
		goto out;
	buf[size] = 0;
	/* the old format may come first; the new one follows it */
	char *hdr = memmem(buf, size, magic, sizeof(magic) - 1);
	if (!hdr || hdr + 48 > buf + size)
		goto out;
	uint32_t nlibs;
	memcpy(&nlibs, hdr + 20, 4);
	for (uint32_t i = 0; i < nlibs; i++) {
		char *e = hdr + 48 + (size_t)i * 24;
		uint32_t key, value;
		int32_t flags;

		if (e + 24 > buf + size)
			break;
		memcpy(&flags, e, 4);
		memcpy(&key, e + 4, 4);
		memcpy(&value, e + 8, 4);
		/* x86-64 libraries: FLAG_ELF_LIBC6 | FLAG_X8664_LIB64 */
		if ((flags & 0xff00) != 0x0300 || key >= size || value >= size)
			continue;
		if (name_matches(buf + key, name)) {
			snprintf(path, len, "%s", buf + value);
			rc = 0;
			break;
		}
	}
out:
	free(buf);
	fclose(f);
	return rc;
}

static int from_dirs(const char *name, char *path, size_t len)
{
	char pat[512];

	for (size_t i = 0; i < sizeof(lib_dirs) / sizeof(lib_dirs[0]); i++) {
		const char *const tries[] = { "%s/%s", "%s/%s.so", "%s/%s.so.6", "%s/%s.so.3",
					      "%s/%s.so.1" };

		for (size_t t = 0; t < sizeof(tries) / sizeof(tries[0]); t++) {
			snprintf(pat, sizeof(pat), tries[t], lib_dirs[i], name);
			if (!access(pat, R_OK)) {
				snprintf(path, len, "%s", pat);
				return 0;
			}
		}
	}
	return -ENOENT;
}

/* A program by name, as a shell finds it ("python3.11"). */
static int from_path(const char *name, char *path, size_t len)
{
	const char *env = getenv("PATH");
	char *dirs, *save = NULL;
	int rc = -ENOENT;

	if (!(dirs = strdup(env ? env : "/usr/bin:/bin")))
		return -ENOMEM;
	for (char *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		snprintf(path, len, "%s/%s", d, name);
		if (!access(path, X_OK)) {
			rc = 0;
			break;
		}
	}
	free(dirs);
	return rc;
}

int probe_find_lib(const char *name, pid_t pid, char *path, size_t len,
		   char *err, size_t errlen)
{
	if (strchr(name, '/')) {
		/* a process's file that only it sees: through its root
		 * (another mount namespace) */
		if (pid > 0 && name[0] == '/' && access(name, R_OK)) {
			snprintf(path, len, "/proc/%d/root%s", pid, name);
			if (!access(path, R_OK))
				return 0;
		}
		if (access(name, R_OK)) {
			snprintf(err, errlen, "cannot read '%s': %s", name, strerror(errno));
			return -1;
		}
		snprintf(path, len, "%s", name);
		return 0;
	}
	if (pid > 0) {
		if (!from_maps(name, pid, path, len))
			return 0;
		snprintf(err, errlen, "no library '%s' is mapped by process %d (looked in "
			 "/proc/%d/maps)", name, pid, pid);
		return -1;
	}
	if (!from_cache(name, path, len) || !from_dirs(name, path, len) ||
	    !from_path(name, path, len))
		return 0;
	snprintf(err, errlen, "no library '%s' found (looked in /etc/ld.so.cache, "
		 "/lib/x86_64-linux-gnu, /usr/lib/x86_64-linux-gnu, /lib, /usr/lib, "
		 "/usr/local/lib, $PATH); give its path", name);
	return -1;
}

static int add_path(char ***v, size_t *n, const char *p)
{
	char **nv;

	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*v)[i], p))
			return 0;
	if (!(nv = realloc(*v, (*n + 1) * sizeof(*nv))) || !(nv[*n] = strdup(p))) {
		*v = nv ? nv : *v;
		return -ENOMEM;
	}
	*v = nv;
	(*n)++;
	return 0;
}

/* The files a process maps executable whose path (as it sees it) matches
 * the glob, named through its root (another mount namespace's files). */
static int mapped_files(const char *glob_pat, pid_t pid, char ***v, size_t *n)
{
	char fn[64], line[4096 + 128], path[4200];
	FILE *f;
	int rc = 0;

	snprintf(fn, sizeof(fn), "/proc/%d/maps", pid);
	if (!(f = fopen(fn, "re")))
		return -errno;
	while (!rc && fgets(line, sizeof(line), f)) {
		char perms[8] = "", *p = strchr(line, '/');

		if (!p || sscanf(line, "%*s %7s", perms) != 1 || !strchr(perms, 'x'))
			continue;
		p[strcspn(p, "\n")] = 0;
		if (strstr(p, " (deleted)") || fnmatch(glob_pat, p, 0))
			continue;
		snprintf(path, sizeof(path), "/proc/%d/root%s", pid, p);
		rc = add_path(v, n, access(path, R_OK) ? p : path);
	}
	fclose(f);
	return rc;
}

int probe_targets(const char *target, pid_t pid, char ***paths, size_t *n, char *err,
		  size_t errlen)
{
	char path[4096];
	glob_t g;

	*paths = NULL;
	*n = 0;
	if (!*target || strpbrk(target, "*?[")) {
		if (pid > 0) {
			if (mapped_files(*target ? target : "*", pid, paths, n)) {
				snprintf(err, errlen, "cannot read /proc/%d/maps: %s", pid,
					 strerror(errno));
				return -1;
			}
			return 0;
		}
		if (!*target) {
			snprintf(err, errlen, "a probe without a file needs a process (-p PID)");
			return -1;
		}
		if (glob(target, 0, NULL, &g))
			return 0;	/* nothing matches: nothing to probe */
		for (size_t i = 0; i < g.gl_pathc; i++) {
			struct stat st;

			if (!stat(g.gl_pathv[i], &st) && S_ISREG(st.st_mode) &&
			    add_path(paths, n, g.gl_pathv[i])) {
				globfree(&g);
				return -1;
			}
		}
		globfree(&g);
		return 0;
	}
	if (probe_find_lib(target, pid, path, sizeof(path), err, errlen))
		return -1;
	return add_path(paths, n, path) ? -1 : 0;
}

void probe_targets_free(char **paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}
