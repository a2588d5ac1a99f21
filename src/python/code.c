// SPDX-License-Identifier: GPL-2.0
/*
 * Code objects, read from the process with process_vm_readv when a sample
 * first names them (the consumer sees samples within about 20 ms, while the
 * process lives; the unwinding after the run needs only this copy): the
 * function's name, its file, its first line and its line table.  A code
 * object lives as long as its function, so one read per address serves
 * every later sample; one freed and another allocated at its address
 * (code compiled at run time) would keep the first one's name.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "internal.h"

#define MAX_STR 4096
#define MAX_TABLE (1 << 20)

bool py_rd(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	struct iovec local = { buf, len }, remote = { (void *)(uintptr_t)addr, len };

	return addr && process_vm_readv(pid, &local, 1, &remote, 1, 0) == (ssize_t)len;
}

static uint64_t rd_ptr(pid_t pid, uint64_t addr)
{
	uint64_t v = 0;

	return py_rd(pid, addr, &v, sizeof(v)) ? v : 0;
}

static void put_utf8(char *o, size_t *n, uint32_t c)
{
	if (c < 0x80) {
		o[(*n)++] = c;
	} else if (c < 0x800) {
		o[(*n)++] = 0xc0 | c >> 6;
		o[(*n)++] = 0x80 | (c & 63);
	} else if (c < 0x10000) {
		o[(*n)++] = 0xe0 | c >> 12;
		o[(*n)++] = 0x80 | ((c >> 6) & 63);
		o[(*n)++] = 0x80 | (c & 63);
	} else {
		o[(*n)++] = 0xf0 | c >> 18;
		o[(*n)++] = 0x80 | ((c >> 12) & 63);
		o[(*n)++] = 0x80 | ((c >> 6) & 63);
		o[(*n)++] = 0x80 | (c & 63);
	}
}

/* A str object as UTF-8: compact strings (what code objects hold) only.
 * PyASCIIObject: length @16, state bits @32 (kind 2-4, compact 5, ascii 6),
 * characters after the struct, or after PyCompactUnicodeObject if not ASCII. */
char *py_rd_str(pid_t pid, const struct py_layout *l, uint64_t type, uint64_t obj)
{
	uint8_t h[40];
	int64_t len;
	uint64_t t;
	uint32_t state, kind;
	uint8_t *raw;
	char *out;
	size_t n = 0;

	if (!py_rd(pid, obj, h, sizeof(h)))
		return NULL;
	memcpy(&t, h + 8, 8);
	if (type && t != type)
		return NULL;	/* not a str: a frame read as it changed */
	memcpy(&len, h + 16, 8);
	memcpy(&state, h + 32, 4);
	kind = (state >> 2) & 7;
	if (!(state >> 5 & 1) || len < 0 || len > MAX_STR || (kind != 1 && kind != 2 && kind != 4))
		return NULL;
	raw = malloc(len * kind + 1);
	out = malloc(len * 4 + 1);
	if (!raw || !out ||
	    !py_rd(pid, obj + (state >> 6 & 1 ? l->ascii_size : l->compact_size), raw, len * kind)) {
		free(raw);
		free(out);
		return NULL;
	}
	for (int64_t i = 0; i < len; i++) {
		uint32_t c = kind == 1 ? raw[i] : kind == 2 ? ((uint16_t *)raw)[i] :
			     ((uint32_t *)raw)[i];

		put_utf8(out, &n, c > 0x10ffff ? '?' : c);
	}
	out[n] = 0;
	free(raw);
	return out;
}

/* A bytes object's contents: ob_size @16, characters @32. */
static uint8_t *rd_bytes(pid_t pid, uint64_t obj, uint32_t *len)
{
	int64_t n = 0;
	uint8_t *b;

	if (!py_rd(pid, obj + 16, &n, 8) || n < 0 || n > MAX_TABLE)
		return NULL;
	b = malloc(n + 1);
	if (b && n && !py_rd(pid, obj + 32, b, n)) {
		free(b);
		return NULL;
	}
	*len = n;
	return b;
}

/* The file as shown: its base name, with the package for __init__.py and
 * __main__.py, which say nothing alone. */
static char *shown_file(char *path)
{
	char *b = strrchr(path, '/');

	if (!b)
		return path;
	if (!strcmp(b, "/__init__.py") || !strcmp(b, "/__main__.py")) {
		char *p = b;

		while (p > path && p[-1] != '/')
			p--;
		b = p - 1;
	}
	memmove(path, b + 1, strlen(b + 1) + 1);
	return path;
}

static void read_code(struct pyproc *pp, struct pycode *c)
{
	const struct py_layout *l = pp->l;
	uint64_t names[2], type = 0;
	int32_t first = 0;

	/* a code object (a frame being changed as it was read may point
	 * elsewhere), the one the sample saw, not one made at its address */
	if ((pp->code_type && (!py_rd(pp->pid, c->addr + 8, &type, 8) || type != pp->code_type)) ||
	    !py_rd(pp->pid, c->addr + l->code_filename, names, sizeof(names)) ||
	    names[0] + 3 * names[1] != c->sig)
		return;
	c->name = py_rd_str(pp->pid, l, pp->str_type, names[1]);
	c->file = py_rd_str(pp->pid, l, pp->str_type, names[0]);
	if (!c->name || !c->file || !py_rd(pp->pid, c->addr + l->code_firstlineno, &first, 4)) {
		free(c->name);
		free(c->file);
		c->name = c->file = NULL;
		return;
	}
	shown_file(c->file);
	c->firstlineno = first;
	c->lt = rd_bytes(pp->pid, rd_ptr(pp->pid, c->addr + l->code_linetable), &c->ltlen);
}

static struct pycode *slot_of(struct pyproc *pp, uint64_t addr, uint64_t sig)
{
	size_t j = ((addr >> 4) ^ sig) * 0x9e3779b97f4a7c15ull >> 20;

	for (j &= pp->code_slots - 1;; j = (j + 1) & (pp->code_slots - 1))
		if (!pp->codes[j].addr || (pp->codes[j].addr == addr && pp->codes[j].sig == sig))
			return &pp->codes[j];
}

/* The code object at addr that sig names; read now if new and read_now,
 * else NULL. */
const struct pycode *pycode_get(struct pyproc *pp, uint64_t addr, uint64_t sig, bool read_now)
{
	struct pycode *c;

	if (!addr || !pp->l)
		return NULL;
	if (pp->ncodes * 2 >= pp->code_slots) {
		struct pycode *old = pp->codes;
		size_t n = pp->code_slots;

		pp->code_slots = n ? n * 2 : 256;
		pp->codes = calloc(pp->code_slots, sizeof(*pp->codes));
		if (!pp->codes) {
			pp->codes = old;
			pp->code_slots = n;
			return NULL;
		}
		for (size_t i = 0; i < n; i++)
			if (old[i].addr)
				*slot_of(pp, old[i].addr, old[i].sig) = old[i];
		free(old);
	}
	c = slot_of(pp, addr, sig);
	if (c->addr)
		return c;
	if (!read_now)
		return NULL;
	c->addr = addr;
	c->sig = sig;
	pp->ncodes++;
	read_code(pp, c);
	return c;
}

void pyproc_free_codes(struct pyproc *pp)
{
	for (size_t i = 0; i < pp->code_slots; i++) {
		free(pp->codes[i].name);
		free(pp->codes[i].file);
		free(pp->codes[i].lt);
	}
	free(pp->codes);
	pp->codes = NULL;
	pp->ncodes = pp->code_slots = 0;
}
