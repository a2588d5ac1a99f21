// SPDX-License-Identifier: GPL-2.0
/*
 * Python thread names: the names the threading module gives its threads
 * (MainThread, Thread-1 (worker), a name= of the program's), by tid, read
 * from the process's memory with process_vm_readv as py-spy reads them:
 * sys.modules["threading"]._active, a dict of Thread objects, and each
 * one's _name and _native_id (its tid, from 3.8).  The layouts are in
 * layouts.c.  Nothing here trusts the process: every object's type is
 * checked where strobe knows the type's address, every count is capped,
 * and whatever cannot be read leaves the thread its OS name.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "internal.h"

#define MAX_ENTRIES (1u << 15)	/* a dict's entries read at most */
#define MAX_THREADS 4096u	/* Thread objects named at most */
#define MAX_NAME 128		/* bytes of a name kept */
#define MAX_TID (1u << 22)	/* the kernel's PID_MAX_LIMIT */

#define TYPE_BASICSIZE 32
#define TYPE_FLAGS 168
#define TYPE_DICTOFFSET 288
#define TPF_INLINE_VALUES (1ull << 2)	/* 3.13 */
#define TPF_MANAGED_DICT (1ull << 4)	/* 3.11+ */

/* A dict's entries, read at once: entry i's key is e[i * stride + key],
 * its value the next word, or values[i] in a split table. */
struct dview {
	uint64_t *e;
	uint32_t n, stride, key;
	uint64_t values;	/* the split table's values array, 0: none */
	uint32_t nvalues;	/* ...its capacity (3.13), else n */
};

static uint64_t ptr_at(pid_t pid, uint64_t addr)
{
	uint64_t v = 0;

	return py_rd(pid, addr, &v, 8) ? v : 0;
}

/* The entries of a keys object; values: a split table's values (0: the
 * values are in the entries). */
static bool read_keys(const struct pyproc *pp, uint64_t keys, uint64_t values,
		      uint32_t nvalues, struct dview *v)
{
	uint64_t at, n;

	memset(v, 0, sizeof(*v));
	if (!keys)
		return false;
	if (pp->l->minor <= 10) {
		/* dk_refcnt, dk_size, dk_lookup, dk_usable, dk_nentries */
		uint64_t h[5], size, width;

		if (!py_rd(pp->pid, keys, h, sizeof(h)))
			return false;
		size = h[1];
		n = h[4];
		if (!size || size & (size - 1) || size > (1ull << 32) || n > size)
			return false;
		width = size <= 0xff ? 1 : size <= 0xffff ? 2 : size <= 0xffffffffull ? 4 : 8;
		at = keys + 40 + size * width;
		v->stride = 3;
		v->key = 1;
	} else {
		uint8_t h[32];
		int64_t nent;

		if (!py_rd(pp->pid, keys, h, sizeof(h)))
			return false;
		memcpy(&nent, h + 24, 8);
		if (h[9] > 35 || h[10] > 2 || nent < 0 || (uint64_t)nent > (1ull << h[8]))
			return false;
		n = nent;
		at = keys + 32 + (1ull << h[9]);
		v->stride = h[10] == 0 ? 3 : 2;	/* general: {hash, key, value} */
		v->key = h[10] == 0 ? 1 : 0;
	}
	if (n > MAX_ENTRIES)
		n = MAX_ENTRIES;
	v->n = n;
	v->values = values;
	v->nvalues = values ? (nvalues < n ? nvalues : n) : n;
	if (!n)
		return true;
	v->e = malloc(n * v->stride * 8);
	if (!v->e || !py_rd(pp->pid, at, v->e, n * v->stride * 8)) {
		free(v->e);
		v->e = NULL;
		return false;
	}
	return true;
}

static bool read_dict(const struct pyproc *pp, uint64_t dict, struct dview *v)
{
	uint64_t d[6];	/* refcnt, type, ma_used, version, ma_keys, ma_values */

	memset(v, 0, sizeof(*v));
	if (!dict || !py_rd(pp->pid, dict, d, sizeof(d)) ||
	    (pp->dict_type && d[1] != pp->dict_type))
		return false;
	if (d[5] && pp->l->minor >= 13) {
		uint8_t cap = 0;

		if (!py_rd(pp->pid, d[5], &cap, 1))
			return false;
		return read_keys(pp, d[4], d[5] + 8, cap, v);
	}
	return read_keys(pp, d[4], d[5], UINT32_MAX, v);
}

/* Is buf, the start of a str object, the ASCII str s? */
static bool str_is(const struct pyproc *pp, const char *buf, const char *s)
{
	size_t len = strlen(s), hs = pp->l->ascii_size;
	uint64_t type, n;
	uint32_t state;

	memcpy(&type, buf + 8, 8);
	memcpy(&n, buf + 16, 8);
	memcpy(&state, buf + 32, 4);
	/* compact (bit 5) and ASCII (bit 6): the characters follow the header */
	return (!pp->str_type || type == pp->str_type) && n == len && (state >> 5 & 3) == 3 &&
	       !memcmp(buf + hs, s, len);
}

/* The value of key name in v, 0 if absent.  *known: the key's str object
 * once found (identifiers are interned: one object in every dict), 0 to
 * compare the strings. */
#define BATCH 256	/* keys read by one process_vm_readv */

/* The entry whose key is the str name, v->n if none: the keys' headers
 * and first characters read BATCH at a time (sys.modules has hundreds). */
static uint32_t find_str(const struct pyproc *pp, const struct dview *v, const char *name)
{
	size_t one = pp->l->ascii_size + strlen(name);
	struct iovec remote[BATCH];
	uint32_t idx[BATCH], i = 0;
	char *buf;

	if (one > 128 || !(buf = malloc(BATCH * one)))
		return v->n;
	while (i < v->n) {
		size_t m = 0, done = 0;

		for (; i < v->n && m < BATCH; i++) {
			uint64_t k = v->e[i * v->stride + v->key];

			if (k) {
				remote[m] = (struct iovec){ (void *)(uintptr_t)k, one };
				idx[m++] = i;
			}
		}
		/* a read stops at a key it cannot read: go on after it */
		while (done < m) {
			struct iovec local = { buf + done * one, (m - done) * one };
			ssize_t got = process_vm_readv(pp->pid, &local, 1, remote + done,
						       m - done, 0);
			size_t full = got > 0 ? (size_t)got / one : 0;

			for (size_t j = done; j < done + full; j++)
				if (str_is(pp, buf + j * one, name)) {
					free(buf);
					return idx[j];
				}
			done += full + 1;
		}
	}
	free(buf);
	return v->n;
}

static uint64_t lookup(const struct pyproc *pp, const struct dview *v, const char *name,
		       uint64_t *known)
{
	uint32_t i;

	if (known && *known) {
		for (i = 0; i < v->n; i++)
			if (v->e[i * v->stride + v->key] == *known)
				break;
	} else {
		i = find_str(pp, v, name);
	}
	if (i == v->n)
		return 0;
	if (known)
		*known = v->e[i * v->stride + v->key];
	if (!v->values)
		return v->e[i * v->stride + v->key + 1];
	return i < v->nvalues ? ptr_at(pp->pid, v->values + i * 8ull) : 0;
}

/* An object's instance attributes (a Thread's). */
static bool read_attrs(const struct pyproc *pp, uint64_t obj, struct dview *v)
{
	int minor = pp->l->minor;
	uint64_t type = ptr_at(pp->pid, obj + 8), flags, w;
	uint64_t t[(TYPE_DICTOFFSET + 8 - TYPE_BASICSIZE) / 8];	/* one read */
	int64_t basic, dictoff;

	memset(v, 0, sizeof(*v));
	if (!type || !py_rd(pp->pid, type + TYPE_BASICSIZE, t, sizeof(t)))
		return false;
	basic = (int64_t)t[0];
	flags = t[(TYPE_FLAGS - TYPE_BASICSIZE) / 8];
	dictoff = (int64_t)t[(TYPE_DICTOFFSET - TYPE_BASICSIZE) / 8];
	if (minor <= 10 || !(flags & TPF_MANAGED_DICT)) {
		/* a negative offset counts from a variable-size object's end */
		if (dictoff <= 0 || dictoff > 4096)
			return false;
		return read_dict(pp, ptr_at(pp->pid, obj + dictoff), v);
	}
	if (minor == 11) {
		w = ptr_at(pp->pid, obj - 32);	/* the values, if not a dict */
		if (w)
			return read_keys(pp, ptr_at(pp->pid, type + pp->l->heap_cached_keys), w,
					 UINT32_MAX, v);
		return read_dict(pp, ptr_at(pp->pid, obj - 24), v);
	}
	w = ptr_at(pp->pid, obj - 24);
	if (minor == 12) {
		if (w & 1)
			return read_keys(pp, ptr_at(pp->pid, type + pp->l->heap_cached_keys),
					 w + 1, UINT32_MAX, v);
		return read_dict(pp, w, v);
	}
	if (w)
		return read_dict(pp, w, v);
	if (flags & TPF_INLINE_VALUES && basic > 0 && basic <= 4096) {
		uint8_t h[4];	/* capacity, size, embedded, valid */

		if (!py_rd(pp->pid, obj + basic, h, 4) || !h[3])
			return false;
		return read_keys(pp, ptr_at(pp->pid, type + pp->l->heap_cached_keys),
				 obj + basic + 8, h[0], v);
	}
	return false;
}

/* A tid held in a Python int, 0 if it is not one. */
static pid_t read_tid(const struct pyproc *pp, uint64_t obj)
{
	uint64_t h[4];	/* refcnt, type, size or lv_tag, then the digits */
	uint32_t d[2];
	int64_t n;
	uint64_t val;

	if (!obj || !py_rd(pp->pid, obj, h, sizeof(h)) ||
	    (pp->long_type && h[1] != pp->long_type))
		return 0;
	memcpy(d, &h[3], 8);
	if (pp->l->minor >= 12)
		n = (h[2] & 3) != 0 ? (h[2] & 3) == 1 ? 0 : -1 : (int64_t)(h[2] >> 3);
	else
		n = (int64_t)h[2];
	if (n <= 0 || n > 2)
		return 0;
	val = d[0] & 0x3fffffff;
	if (n == 2)
		val |= (uint64_t)(d[1] & 0x3fffffff) << 30;
	return val && val < MAX_TID ? (pid_t)val : 0;
}

/* Keep a name printable in every output: the folded format splits at ';'. */
static char *clean_name(char *s)
{
	size_t n = strlen(s);

	if (n > MAX_NAME) {
		n = MAX_NAME;
		while (n && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;	/* not inside a UTF-8 sequence */
		s[n] = 0;
	}
	for (char *p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f || *p == ';')
			*p = '?';
	return s;
}

static int by_tid(const void *a, const void *b)
{
	const struct pythread *x = a, *y = b;

	return (x->tid > y->tid) - (x->tid < y->tid);
}

static void free_names(struct pyproc *pp)
{
	for (size_t i = 0; i < pp->nthreads; i++)
		free(pp->threads[i].name);
	free(pp->threads);
	pp->threads = NULL;
	pp->nthreads = 0;
}

void pythreads_free(struct pyproc *pp)
{
	free(pp->seen);
	pp->seen = NULL;
	pp->nseen = pp->seen_slots = 0;
	free_names(pp);
}

/* sys.modules["threading"].__dict__, or 0 (not imported yet). */
static uint64_t threading_dict(struct pyproc *pp)
{
	uint64_t interp = ptr_at(pp->pid, pp->head), mods, keys, n = 0, mod;
	struct dview v;

	if (!interp)
		return 0;
	mods = ptr_at(pp->pid, interp + pp->l->interp_modules);
	/* a program that never imports threading: look through sys.modules
	 * again only once it has changed (new keys, or more of them) */
	keys = mods ? ptr_at(pp->pid, mods + 32) : 0;
	if (!keys || !py_rd(pp->pid, keys + (pp->l->minor <= 10 ? 32 : 24), &n, 8) ||
	    (keys == pp->modules_keys && n == pp->modules_n))
		return 0;
	if (!read_dict(pp, mods, &v))
		return 0;
	/* module names need not be interned: compare the strings */
	mod = lookup(pp, &v, "threading", NULL);
	free(v.e);
	if (!mod) {
		pp->modules_keys = keys;
		pp->modules_n = n;
		return 0;
	}
	return ptr_at(pp->pid, mod + 16);	/* md_dict */
}

void pythreads_read(struct pyproc *pp)
{
	struct pythread *t = NULL;
	struct dview active, attrs;
	size_t n = 0;

	if (pp->state != PP_PYTHON || !pp->l || pp->l->interp_modules < 0 || !pp->head)
		return;
	if (!pp->threading_dict)
		pp->threading_dict = threading_dict(pp);
	if (!pp->threading_dict)
		return;
	{
		struct dview md;
		uint64_t a = 0;

		if (read_dict(pp, pp->threading_dict, &md))
			a = lookup(pp, &md, "_active", &pp->key_active);
		free(md.e);
		/* the module went away (or was never it): look it up again */
		if (!a || !read_dict(pp, a, &active)) {
			pp->threading_dict = 0;
			return;
		}
	}
	t = calloc(active.n < MAX_THREADS ? active.n + 1 : MAX_THREADS, sizeof(*t));
	for (uint32_t i = 0; t && i < active.n && n < MAX_THREADS; i++) {
		uint64_t th = active.values ? 0 : active.e[i * active.stride + active.key + 1];
		uint64_t name;
		pid_t tid;
		char *s;

		if (!th || !read_attrs(pp, th, &attrs))
			continue;
		tid = read_tid(pp, lookup(pp, &attrs, "_native_id", &pp->key_native));
		name = lookup(pp, &attrs, "_name", &pp->key_name);
		free(attrs.e);
		if (!tid || !name || !(s = py_rd_str(pp->pid, pp->l, pp->str_type, name)))
			continue;
		t[n].tid = tid;
		t[n++].name = clean_name(s);
	}
	free(active.e);
	if (!t)
		return;
	/* threads that ended keep the names read before (their samples
	 * are named at the end): the new names, then the old ones of other
	 * tids */
	if (pp->nthreads) {
		struct pythread *all = realloc(t, (n + pp->nthreads) * sizeof(*t));

		if (!all) {
			for (size_t i = 0; i < n; i++)
				free(t[i].name);
			free(t);
			return;
		}
		t = all;
		qsort(t, n, sizeof(*t), by_tid);
		for (size_t i = 0, m = n; i < pp->nthreads; i++) {
			if (bsearch(&pp->threads[i], t, m, sizeof(*t), by_tid)) {
				free(pp->threads[i].name);
				continue;
			}
			t[n++] = pp->threads[i];
		}
		free(pp->threads);
		pp->threads = NULL;
		pp->nthreads = 0;
	}
	qsort(t, n, sizeof(*t), by_tid);
	free_names(pp);
	pp->threads = t;
	pp->nthreads = n;
}

const char *pythreads_name(const struct pyproc *pp, pid_t tid)
{
	struct pythread key = { .tid = tid }, *t;

	if (!pp->nthreads)
		return NULL;
	t = bsearch(&key, pp->threads, pp->nthreads, sizeof(key), by_tid);
	return t ? t->name : NULL;
}

/* ---- per process, for the profiler ---- */

#define GAP_MIN 20000000ull	/* 20 ms between reads of a process's names... */
#define GAP_MAX 1000000000ull	/* ...doubling to 1 s while a tid stays unnamed */

void pyinfo_want_names(struct pyinfo *pi)
{
	pi->want_names = true;
}

#define MAX_SEEN (1u << 16)	/* tids remembered per process */

/* Is tid's first sample this one?  (Remembers it; a full table says no.) */
static bool first_seen(struct pyproc *pp, pid_t tid)
{
	size_t j;

	if (pp->nseen * 2 >= pp->seen_slots) {
		uint32_t *old = pp->seen, *nw;
		size_t n = pp->seen_slots, nn = n ? n * 2 : 64;

		if (nn > MAX_SEEN || !(nw = calloc(nn, sizeof(*nw))))
			return false;
		pp->seen = nw;
		pp->seen_slots = nn;
		for (size_t i = 0; i < n; i++) {
			if (!old[i])
				continue;
			for (j = old[i] * 2654435761u & (nn - 1); nw[j]; j = (j + 1) & (nn - 1))
				;
			nw[j] = old[i];
		}
		free(old);
	}
	for (j = (uint32_t)tid * 2654435761u & (pp->seen_slots - 1); pp->seen[j];
	     j = (j + 1) & (pp->seen_slots - 1))
		if (pp->seen[j] == (uint32_t)tid)
			return false;
	pp->seen[j] = tid;
	pp->nseen++;
	return true;
}

/* A sample of tid arrived at ts: read the names again if tid has none.
 * A thread's first sample (one started since: its name is likely there
 * now) makes a read soon; the same tid unnamed again (a native thread,
 * threading not imported yet) waits a gap that doubles up to 1 s. */
void pythreads_note(struct pyinfo *pi, struct pyproc *pp, pid_t tid, uint64_t ts)
{
	if (!pi->want_names || pp->state != PP_PYTHON || pythreads_name(pp, tid))
		return;
	if (first_seen(pp, tid))
		pp->names_gap = GAP_MIN;
	if (pp->names_ts && ts < pp->names_ts + pp->names_gap)
		return;
	pythreads_read(pp);
	pp->names_ts = ts;
	if (pythreads_name(pp, tid))
		pp->names_gap = GAP_MIN;
	else
		pp->names_gap = pp->names_gap * 2 < GAP_MIN ? GAP_MIN :
				pp->names_gap * 2 > GAP_MAX ? GAP_MAX : pp->names_gap * 2;
}

void pyinfo_read_names(struct pyinfo *pi, pid_t pid)
{
	struct pyproc *pp = pyinfo_proc_at(pi, pid, UINT64_MAX);

	if (pp && pp->state == PP_PYTHON)
		pythreads_read(pp);
}

void pyinfo_read_all_names(struct pyinfo *pi)
{
	for (size_t i = 0; i < pi->nslots; i++)
		if (pi->slot[i] && pi->slot[i]->state == PP_PYTHON)
			pythreads_read(pi->slot[i]);
}

const char *pyinfo_thread_name(struct pyinfo *pi, pid_t pid, pid_t tid, uint64_t ts)
{
	struct pyproc *pp = pi ? pyinfo_proc_at(pi, pid, ts) : NULL;

	return pp && pp->state == PP_PYTHON ? pythreads_name(pp, tid) : NULL;
}
