// SPDX-License-Identifier: GPL-2.0
/*
 * Ids of names in the running kernel's BTF, found in one pass over
 * /sys/kernel/btf/vmlinux (mapped where the kernel allows it, 6.16 on;
 * read otherwise).  libbpf's btf__parse would index all of its 5 MB for
 * a handful of names (measured: 13 ms); one pass that only skips the
 * records costs well under a millisecond.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/btf.h>

#include "util.h"

#define VMLINUX_BTF "/sys/kernel/btf/vmlinux"

/* the bytes that follow a type's 12-byte record */
static size_t extra(const struct btf_type *t)
{
	uint32_t vlen = BTF_INFO_VLEN(t->info);

	switch (BTF_INFO_KIND(t->info)) {
	case BTF_KIND_INT:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
		return 4;
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_DATASEC:
		return 12ul * vlen;
	case BTF_KIND_ENUM:
	case BTF_KIND_FUNC_PROTO:
		return 8ul * vlen;
	case 19:	/* BTF_KIND_ENUM64, newer than some uapi headers */
		return 12ul * vlen;
	default:
		return 0;
	}
}

/* is the string at off in strs[0, len) name, NUL and all? */
static bool name_is(const char *strs, uint32_t len, uint32_t off, const char *name)
{
	size_t n = strlen(name) + 1;

	return off < len && len - off >= n && !memcmp(strs + off, name, n);
}

int kbtf_scan(const void *data, size_t size, const char *const *names, const int *kinds,
	      int n, uint32_t *ids)
{
	const struct btf_header *h = data;
	int left = n;

	memset(ids, 0, n * sizeof(*ids));
	if (size < sizeof(*h) || h->magic != BTF_MAGIC || h->hdr_len < sizeof(*h) ||
	    h->hdr_len > size || (uint64_t)h->hdr_len + h->type_off + h->type_len > size ||
	    (uint64_t)h->hdr_len + h->str_off + h->str_len > size)
		return -EINVAL;
	const char *types = (const char *)data + h->hdr_len + h->type_off;
	const char *strs = (const char *)data + h->hdr_len + h->str_off;
	size_t pos = 0;
	uint32_t id = 1;

	while (left && h->type_len - pos >= sizeof(struct btf_type)) {
		struct btf_type t;
		int kind;

		memcpy(&t, types + pos, sizeof(t));	/* no alignment assumed */
		kind = BTF_INFO_KIND(t.info);
		for (int i = 0; i < n; i++)
			if (!ids[i] && kinds[i] == kind && name_is(strs, h->str_len, t.name_off, names[i])) {
				ids[i] = id;
				left--;
			}
		if (extra(&t) > h->type_len - pos - sizeof(t))
			break;	/* a record cut short: the rest is not searched */
		pos += sizeof(t) + extra(&t);
		id++;
	}
	return 0;
}

int kbtf_find(const char *const *names, const int *kinds, int n, uint32_t *ids)
{
	struct stat st;
	int fd = open(VMLINUX_BTF, O_RDONLY | O_CLOEXEC), err;
	void *m;

	memset(ids, 0, n * sizeof(*ids));
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st)) {
		err = -errno;
		close(fd);
		return err;
	}
	m = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (m != MAP_FAILED) {
		err = kbtf_scan(m, st.st_size, names, kinds, n, ids);
		munmap(m, st.st_size);
	} else {
		/* sysfs gives the size; a read returns at most that much */
		char *buf = malloc(st.st_size ? st.st_size : 1);
		ssize_t got = 0, r = 0;

		while (buf && got < st.st_size && (r = read(fd, buf + got, st.st_size - got)) > 0)
			got += r;
		err = !buf ? -ENOMEM : r < 0 ? -errno : kbtf_scan(buf, got, names, kinds, n, ids);
		free(buf);
	}
	close(fd);
	return err;
}
