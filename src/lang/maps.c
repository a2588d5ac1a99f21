// SPDX-License-Identifier: GPL-2.0
/*
 * Maps in user space: created before the programs are loaded, read and
 * printed as bpftrace prints them (at exit by name, entries sorted by
 * value, hist/lhist as bars), cleared and zeroed on the programs' request.
 * Aggregations are per-CPU: the CPUs' copies are combined here.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "lang.h"

#define MAP_ENTRIES 4096
#define HIST_BUCKETS 66

bool map_is_bucketed(const struct map_def *m)
{
	return m->val.kind == TY_HIST || m->val.kind == TY_LHIST;
}

int map_nbuckets(const struct map_def *m)
{
	return m->val.kind == TY_HIST ? HIST_BUCKETS : (int)((m->lmax - m->lmin) / m->lstep + 2);
}

static int create(const char *name, enum bpf_map_type t, uint32_t ks, uint32_t vs, uint32_t n)
{
	char nm[16];
	size_t k = 0;

	for (const char *p = name; *p && k < sizeof(nm) - 1; p++)
		nm[k++] = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			  (*p >= '0' && *p <= '9') ? *p : '_';
	nm[k] = 0;
	return bpf_map_create(t, nm, ks, vs, n, NULL);
}

int maps_create(struct compiler *c)
{
	bool join = false;

	c->ncpus = libbpf_num_possible_cpus();
	for (int i = 0; i < c->nmaps; i++) {
		struct map_def *m = &c->maps[i];

		if (m->nkeys < 0 || m->val.kind == TY_NONE)
			return lang_error(c->src, m->l, "Undefined map: %s", m->name);
		m->fd = create(m->name, m->percpu ? BPF_MAP_TYPE_PERCPU_HASH : BPF_MAP_TYPE_HASH,
			       m->key_size + (map_is_bucketed(m) ? 8 : 0), m->val_size, MAP_ENTRIES);
		if (m->fd < 0)
			return -errno;
	}
	for (int i = 0; i < c->nfmts; i++)
		join |= c->fmts[i].kind == REC_JOIN;
	c->ringbuf_fd = create("events", BPF_MAP_TYPE_RINGBUF, 0, 0, 1 << 20);
	c->lost_fd = create("lost", BPF_MAP_TYPE_PERCPU_ARRAY, 4, 8, 1);
	c->stack_fd = c->uses_kstack || c->uses_ustack ?
		      create("stacks", BPF_MAP_TYPE_STACK_TRACE, 4, STACK_DEPTH * 8, 4096) : -1;
	c->join_fd = join ? create("join", BPF_MAP_TYPE_PERCPU_ARRAY, 4, 8 + 16 * STR_SIZE, 1) : -1;
	if (stacks_create(c))
		return -errno;
	if (c->ringbuf_fd < 0 || c->lost_fd < 0 || (c->uses_kstack && c->stack_fd < 0) ||
	    (c->uses_ustack && c->stack_fd < 0) || (join && c->join_fd < 0))
		return -errno;
	return 0;
}

int maps_read(struct compiler *c, struct map_def *m, struct map_entry **out)
{
	bool bucketed = map_is_bucketed(m);
	uint32_t ks = m->key_size + (bucketed ? 8 : 0), stride = (m->val_size + 7) & ~7u;
	uint8_t *key = calloc(1, ks), *next = calloc(1, ks);
	uint8_t *val = calloc(m->percpu ? c->ncpus : 1, stride);
	struct map_entry *e = NULL;
	int n = 0, cap = 0, nb = bucketed ? map_nbuckets(m) : 0;
	bool first = true;

	while (key && next && val && !bpf_map_get_next_key(m->fd, first ? NULL : key, next)) {
		struct map_entry *x = NULL;
		int64_t v0 = 0, v1 = 0;
		bool set = false;

		first = false;
		memcpy(key, next, ks);
		if (bpf_map_lookup_elem(m->fd, key, val))
			continue;
		for (int cpu = 0; cpu < (m->percpu ? c->ncpus : 1); cpu++) {
			int64_t a, b;

			memcpy(&a, val + cpu * stride, 8);
			memcpy(&b, val + cpu * stride + (stride >= 16 ? 8 : 0), 8);
			if (m->val.kind == TY_MIN || m->val.kind == TY_MAX) {
				if (!b)
					continue;
				if (!set || (m->val.kind == TY_MIN ? a < v0 : a > v0))
					v0 = a;
				set = true;
			} else {
				v0 += a;
				v1 += b;
			}
		}
		if (bucketed) {
			uint64_t bk;

			memcpy(&bk, key + m->key_size, 8);
			for (int i = 0; i < n; i++)
				if (!memcmp(e[i].key, key, m->key_size)) {
					x = &e[i];
					break;
				}
			if (bk >= (uint64_t)nb)
				continue;
			if (x) {
				x->b[bk] += v0;
				x->v[1] += v1;	/* the values' sum */
				continue;
			}
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			e = realloc(e, cap * sizeof(*e));
			if (!e)
				abort();
		}
		x = &e[n++];
		memset(x, 0, sizeof(*x));
		x->key = malloc(ks);
		memcpy(x->key, key, ks);
		x->v[0] = v0;
		x->v[1] = v1;
		if (!m->percpu) {
			x->raw = malloc(stride);
			memcpy(x->raw, val, stride);
		}
		if (bucketed) {
			uint64_t bk;

			memcpy(&bk, key + m->key_size, 8);
			x->b = calloc(nb, sizeof(*x->b));
			x->b[bk] += v0;
		}
	}
	free(key);
	free(next);
	free(val);
	*out = e;
	return n;
}

void maps_entries_free(struct map_entry *e, int n)
{
	for (int i = 0; i < n; i++) {
		free(e[i].key);
		free(e[i].raw);
		free(e[i].b);
	}
	free(e);
}

static const struct map_def *sort_map;
static int sort_nb;

static int64_t sort_value(const struct map_entry *e)
{
	switch (sort_map->val.kind) {
	case TY_AVG:
	case TY_STATS:
		return e->v[0] ? e->v[1] / e->v[0] : 0;
	case TY_HIST:
	case TY_LHIST: {
		int64_t t = 0;

		for (int i = 0; i < sort_nb; i++)
			t += e->b[i];
		return t;
	}
	default:
		return e->v[0];
	}
}

static int cmp_entry(const void *pa, const void *pb)
{
	const struct map_entry *a = pa, *b = pb;
	const struct map_def *m = sort_map;
	bool numeric = m->percpu || m->val.kind == TY_INT;

	if (numeric) {
		int64_t x = sort_value(a), y = sort_value(b);
		bool sign = m->val.is_signed || m->val.kind != TY_COUNT;

		if (x != y) {
			if (sign)
				return x < y ? -1 : 1;
			return (uint64_t)x < (uint64_t)y ? -1 : 1;
		}
	}
	/* then by key, as bpftrace: integers as unsigned numbers, the rest by bytes */
	for (int i = 0; i < m->nkeys; i++) {
		const struct type *t = &m->key[i];
		int r;

		if (t->kind == TY_INT || t->kind == TY_PTR) {
			uint64_t x, y;

			memcpy(&x, a->key + m->koff[i], 8);
			memcpy(&y, b->key + m->koff[i], 8);
			if (x != y)
				return x < y ? -1 : 1;
			continue;
		}
		r = memcmp(a->key + m->koff[i], b->key + m->koff[i], type_storage(t));
		if (r)
			return r;
	}
	return 0;
}

static void key_text(struct compiler *c, FILE *f, const struct map_def *m, const uint8_t *key)
{
	fputs(m->name, f);
	if (!m->nkeys)
		return;
	fputc('[', f);
	c->in_key = true;
	for (int i = 0; i < m->nkeys; i++) {
		if (i)
			fputs(", ", f);
		out_value(c, f, &m->key[i], key + m->koff[i]);
	}
	c->in_key = false;
	fputc(']', f);
}

static void num_suffix(char *b, size_t n, uint64_t v)
{
	static const char *const suf[] = { "", "K", "M", "G", "T", "P", "E" };
	int i = 0;

	while (v >= 1024 && v % 1024 == 0 && i < 6) {
		v /= 1024;
		i++;
	}
	snprintf(b, n, "%llu%s", (unsigned long long)v, suf[i]);
}

static void hist_label(char *b, size_t n, const struct map_def *m, int i, int nb)
{
	char lo[32], hi[32];

	if (m->val.kind == TY_LHIST) {
		/* bounds that are whole multiples of 1024 get K/M/G as in
		 * bpftrace ([1K, 2K), [1536, 2K)); lhist bounds are >= 0 */
		num_suffix(lo, sizeof(lo), i == nb - 1 ? (uint64_t)m->lmax :
			   m->lmin + (uint64_t)(i - 1) * m->lstep);
		num_suffix(hi, sizeof(hi), m->lmin + (uint64_t)i * m->lstep);
		if (i == 0)
			snprintf(b, n, "(..., %s)", hi);
		else if (i == nb - 1)
			snprintf(b, n, "[%s, ...)", lo);
		else
			snprintf(b, n, "[%s, %s)", lo, hi);
		return;
	}
	if (i == 0) {
		snprintf(b, n, "(..., 0)");
	} else if (i == 1) {
		snprintf(b, n, "[0]");
	} else if (i == 2) {
		snprintf(b, n, "[1]");
	} else {
		num_suffix(lo, sizeof(lo), 1ULL << (i - 2));
		num_suffix(hi, sizeof(hi), i - 1 >= 64 ? 0 : 1ULL << (i - 1));
		snprintf(b, n, "[%s, %s)", lo, hi);
	}
}

static void hist_text(FILE *f, const struct map_def *m, const uint64_t *b, int nb, int64_t div)
{
	int first = -1, last = -1;
	uint64_t max = 0;

	for (int i = 0; i < nb; i++)
		if (b[i]) {
			if (first < 0)
				first = i;
			last = i;
			if (b[i] > max)
				max = b[i];
		}
	for (int i = first; first >= 0 && i <= last; i++) {
		char label[96], bar[53];
		uint64_t v = div > 1 ? b[i] / div : b[i];
		int w = max ? (int)(b[i] * 52 / max) : 0;

		hist_label(label, sizeof(label), m, i, nb);
		memset(bar, ' ', 52);
		memset(bar, '@', w);
		bar[52] = 0;
		fprintf(f, "%-16s%8llu |%s|\n", label, (unsigned long long)v, bar);
	}
}

/* -f json: one bucket as bpftrace writes it: {"min": 2, "max": 3, "count": 1}
 * (the lowest has no min, the highest of an lhist no max). */
static void json_bucket(FILE *f, const struct map_def *m, int i, int nb, uint64_t count)
{
	int64_t lo, hi;
	bool has_lo = true, has_hi = true;

	if (m->val.kind == TY_LHIST) {
		lo = m->lmin + (int64_t)(i - 1) * m->lstep;
		hi = lo + m->lstep - 1;
		if (i == 0)
			has_lo = false, hi = m->lmin - 1;
		else if (i == nb - 1)
			has_hi = false, lo = m->lmax;
	} else if (i == 0) {
		has_lo = false, hi = -1;
	} else if (i <= 2) {
		lo = hi = i - 1;
	} else {
		lo = (int64_t)1 << (i - 2);
		hi = ((int64_t)1 << (i - 1)) - 1;
	}
	fputc('{', f);
	if (has_lo)
		fprintf(f, "\"min\": %lld, ", (long long)lo);
	if (has_hi)
		fprintf(f, "\"max\": %lld, ", (long long)hi);
	fprintf(f, "\"count\": %llu}", (unsigned long long)count);
}

static void json_entry(struct compiler *c, FILE *f, const struct map_def *m,
		       const struct map_entry *x, int nb, int64_t div)
{
	int64_t d = div > 1 ? div : 1;

	switch (m->val.kind) {
	case TY_HIST:
	case TY_LHIST: {
		int first = -1, last = -1;

		for (int i = 0; i < nb; i++)
			if (x->b[i]) {
				if (first < 0)
					first = i;
				last = i;
			}
		fputc('[', f);
		for (int i = first; first >= 0 && i <= last; i++) {
			if (i > first)
				fputs(", ", f);
			json_bucket(f, m, i, nb, div > 1 ? x->b[i] / div : x->b[i]);
		}
		fputc(']', f);
		return;
	}
	case TY_AVG:
		fprintf(f, "%lld", (long long)((x->v[0] ? x->v[1] / x->v[0] : 0) / d));
		return;
	case TY_STATS:
		fprintf(f, "{\"count\": %lld, \"average\": %lld, \"total\": %lld}",
			(long long)x->v[0], (long long)(x->v[0] ? x->v[1] / x->v[0] : 0),
			(long long)x->v[1]);
		return;
	case TY_COUNT:
		fprintf(f, "%llu", (unsigned long long)x->v[0] / d);
		return;
	case TY_SUM:
	case TY_MIN:
	case TY_MAX:
		fprintf(f, "%lld", (long long)x->v[0] / d);
		return;
	default:
		json_value(c, f, &m->val, x->raw);
		return;
	}
}

/* -f json: {"type": "map"|"hist"|"stats", "data": {"@m": VALUE}}, a map
 * with keys as {"k1,k2": VALUE, ...} */
static void map_print_json(struct compiler *c, const struct map_def *m, struct map_entry *e,
			   int start, int n, int nb, int64_t div)
{
	FILE *f = c->out;
	enum ty_kind k = m->val.kind;

	fprintf(f, "{\"type\": \"%s\", \"data\": {", k == TY_HIST || k == TY_LHIST ? "hist" :
		k == TY_STATS || k == TY_AVG ? "stats" : "map");
	json_str(f, m->name, strlen(m->name));
	fputs(": ", f);
	if (!m->nkeys) {
		json_entry(c, f, m, &e[start], nb, div);
		fputs("}}\n", f);
		return;
	}
	fputc('{', f);
	for (int i = start; i < n; i++) {
		char *text = NULL;
		size_t len = 0;
		FILE *t = open_memstream(&text, &len);

		if (!t)
			return;
		for (int k2 = 0; k2 < m->nkeys; k2++) {
			if (k2)
				fputc(',', t);
			if (m->key[k2].kind == TY_RECVAL)	/* compact, as in text */
				btf_value_text(c, t, m->key[k2].btf_id,
					       e[i].key + m->koff[k2], 1);
			else
				out_value(c, t, &m->key[k2], e[i].key + m->koff[k2]);
		}
		fclose(t);
		if (i > start)
			fputs(", ", f);
		json_str(f, text ? text : "", len);
		free(text);
		fputs(": ", f);
		json_entry(c, f, m, &e[i], nb, div);
	}
	fputs("}}}\n", f);
}

void map_print(struct compiler *c, int mi, int64_t top, int64_t div)
{
	struct map_def *m = &c->maps[mi];
	struct map_entry *e;
	int n = maps_read(c, m, &e), start = 0;
	FILE *f = c->out;

	if (n <= 0) {
		free(e);
		if (c->json)
			return;
		/* bpftrace prints an empty map as an empty line */
		fputc('\n', f);
		if (m->val.kind == TY_AVG || m->val.kind == TY_STATS)
			fputc('\n', f);
		return;
	}
	sort_map = m;
	sort_nb = map_is_bucketed(m) ? map_nbuckets(m) : 0;
	qsort(e, n, sizeof(*e), cmp_entry);
	if (top > 0 && top < n)
		start = n - top;
	if (c->json) {
		map_print_json(c, m, e, start, n, sort_nb, div);
		maps_entries_free(e, n);
		return;
	}
	for (int i = start; i < n; i++) {
		struct map_entry *x = &e[i];

		key_text(c, f, m, x->key);
		fputs(": ", f);
		switch (m->val.kind) {
		case TY_HIST:
		case TY_LHIST:
			fputc('\n', f);
			hist_text(f, m, x->b, sort_nb, div);
			fputc('\n', f);
			continue;
		case TY_AVG:
			fprintf(f, "%lld", (long long)((x->v[0] ? x->v[1] / x->v[0] : 0) /
						       (div > 1 ? div : 1)));
			break;
		case TY_STATS:
			fprintf(f, "count %lld, average %lld, total %lld", (long long)x->v[0],
				(long long)(x->v[0] ? x->v[1] / x->v[0] : 0), (long long)x->v[1]);
			break;
		case TY_COUNT:
			fprintf(f, "%llu", (unsigned long long)x->v[0] / (div > 1 ? div : 1));
			break;
		case TY_SUM:
		case TY_MIN:
		case TY_MAX:
			fprintf(f, "%lld", (long long)x->v[0] / (div > 1 ? div : 1));
			break;
		default:
			if (m->val.kind == TY_INT && div > 1) {
				int64_t v;

				memcpy(&v, x->raw, 8);
				fprintf(f, "%lld", (long long)(v / div));
			} else {
				out_value(c, f, &m->val, x->raw);
			}
			break;
		}
		fputc('\n', f);
	}
	if (m->val.kind == TY_AVG || m->val.kind == TY_STATS)
		fputc('\n', f);
	maps_entries_free(e, n);
}

void maps_print_all(struct compiler *c)
{
	int *order = malloc(c->nmaps * sizeof(*order));

	if (!order)
		return;
	for (int i = 0; i < c->nmaps; i++)
		order[i] = i;
	/* by name, as bpftrace keeps them */
	for (int i = 1; i < c->nmaps; i++)
		for (int k = i; k > 0 && strcmp(c->maps[order[k - 1]].name,
						c->maps[order[k]].name) > 0; k--) {
			int t = order[k];

			order[k] = order[k - 1];
			order[k - 1] = t;
		}
	for (int i = 0; i < c->nmaps; i++)
		map_print(c, order[i], 0, 0);
	free(order);
}

/* clear() and zero(): the keys there are now, gathered first, then each
 * deleted or zeroed; elements probes add meanwhile are left (a probe that
 * fires on strobe's own system calls would otherwise refill the map as
 * fast as it is emptied). */
void map_clear(struct compiler *c, int mi, bool zero)
{
	struct map_def *m = &c->maps[mi];
	uint32_t ks = m->key_size + (map_is_bucketed(m) ? 8 : 0);
	uint32_t vs = ((m->val_size + 7) & ~7u) * (m->percpu ? c->ncpus : 1);
	uint8_t *keys = calloc(MAP_ENTRIES + 1, ks), *zeros = calloc(1, vs);
	int n = 0;

	/* a keyless count() is an array in bpftrace: cleared, it reads 0 */
	if (m->nkeys == 0 && m->val.kind == TY_COUNT)
		zero = true;
	while (keys && zeros && n < MAP_ENTRIES &&
	       !bpf_map_get_next_key(m->fd, n ? keys + (n - 1) * ks : NULL, keys + n * ks))
		n++;
	for (int i = 0; i < n; i++) {
		if (zero)
			bpf_map_update_elem(m->fd, keys + i * ks, zeros, BPF_EXIST);
		else
			bpf_map_delete_elem(m->fd, keys + i * ks);
	}
	free(keys);
	free(zeros);
}
