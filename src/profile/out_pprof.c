// SPDX-License-Identifier: GPL-2.0
/*
 * pprof: a gzipped profile.proto message, which go tool pprof, Pyroscope
 * and Parca read.  Encoded by hand (the format is a few varints and
 * length-delimited fields): one function and one location per distinct
 * frame name, one sample per merged stack, leaf first as pprof wants.
 * Field numbers are those of perftools.profiles.Profile.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "profile.h"

struct pb {
	unsigned char *p;
	size_t len, cap;
};

static void pb_bytes(struct pb *b, const void *data, size_t n)
{
	if (!n)
		return;
	if (b->len + n > b->cap) {
		size_t nc = b->cap ? b->cap * 2 : 4096;

		while (nc < b->len + n)
			nc *= 2;
		b->p = realloc(b->p, nc);
		if (!b->p)
			abort();
		b->cap = nc;
	}
	memcpy(b->p + b->len, data, n);
	b->len += n;
}

static void pb_varint(struct pb *b, uint64_t v)
{
	unsigned char buf[10];
	int n = 0;

	do {
		buf[n] = v & 0x7f;
		v >>= 7;
		if (v)
			buf[n] |= 0x80;
		n++;
	} while (v);
	pb_bytes(b, buf, n);
}

static void pb_int(struct pb *b, unsigned field, uint64_t v)
{
	pb_varint(b, field << 3);
	pb_varint(b, v);
}

static void pb_len(struct pb *b, unsigned field, const void *data, size_t n)
{
	pb_varint(b, field << 3 | 2);
	pb_varint(b, n);
	pb_bytes(b, data, n);
}

static void pb_msg(struct pb *b, unsigned field, struct pb *sub)
{
	pb_len(b, field, sub->p, sub->len);
	sub->len = 0;
}

/* ValueType { type = 1; unit = 2; } as string-table indexes */
static void value_type(struct pb *b, unsigned field, uint64_t type, uint64_t unit)
{
	struct pb v = { 0 };

	pb_int(&v, 1, type);
	pb_int(&v, 2, unit);
	pb_msg(b, field, &v);
	free(v.p);
}

static int gzip_out(FILE *f, const struct pb *b)
{
	z_stream z = { 0 };
	unsigned char out[65536];
	int rc;

	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK)
		return -1;
	z.next_in = b->p;
	z.avail_in = b->len;
	do {
		z.next_out = out;
		z.avail_out = sizeof(out);
		rc = deflate(&z, Z_FINISH);
		if (rc == Z_STREAM_ERROR)
			break;
		fwrite(out, 1, sizeof(out) - z.avail_out, f);
	} while (rc != Z_STREAM_END);
	deflateEnd(&z);
	return rc == Z_STREAM_END && !ferror(f) ? 0 : -1;
}

int out_pprof(FILE *f, const struct prof_result *r)
{
	const struct stacks *s = &r->st;
	const struct prof_options *o = r->o;
	struct pb b = { 0 }, sub = { 0 }, packed = { 0 };
	uint64_t period_ns = 1000000000ull / o->hz;
	/* strings after the frame names: "" is 0, names are 1..nnames */
	uint64_t str = s->nnames + 1;
	const uint64_t s_samples = str, s_count = str + 1, s_cpu = str + 2, s_ns = str + 3,
		       s_off = str + 4, s_wall = str + 5;
	struct timespec now;
	int rc;

	if (o->what == PW_ON) {
		value_type(&b, 1, s_samples, s_count);
		value_type(&b, 1, s_cpu, s_ns);
	} else if (o->what == PW_OFF) {
		value_type(&b, 1, s_off, s_ns);
	} else {
		value_type(&b, 1, s_samples, s_count);
		value_type(&b, 1, s_wall, s_ns);
	}
	for (uint32_t i = 0; i < s->n; i++) {
		const struct stack *st = &s->v[i];
		uint64_t w = stack_weight(st, o->what, o->hz);

		if (!w)
			continue;
		for (uint32_t j = st->nframes; j-- > 0;)
			pb_varint(&packed, st->frames[j] + 1);
		pb_msg(&sub, 1, &packed);
		if (o->what == PW_OFF) {
			pb_varint(&packed, st->off_ns);
		} else {
			pb_varint(&packed, w);
			pb_varint(&packed, o->what == PW_ON ? w * period_ns :
				  st->on * period_ns + st->off_ns);
		}
		pb_msg(&sub, 2, &packed);
		pb_msg(&b, 2, &sub);
	}
	for (uint32_t i = 0; i < s->nnames; i++) {
		/* Location { id = 1; line = 4 { function_id = 1 } } */
		pb_int(&sub, 1, i + 1);
		pb_int(&packed, 1, i + 1);
		pb_msg(&sub, 4, &packed);
		pb_msg(&b, 4, &sub);
	}
	for (uint32_t i = 0; i < s->nnames; i++) {
		/* Function { id = 1; name = 2; system_name = 3 } */
		pb_int(&sub, 1, i + 1);
		pb_int(&sub, 2, i + 1);
		pb_int(&sub, 3, i + 1);
		pb_msg(&b, 5, &sub);
	}
	pb_len(&b, 6, "", 0);
	for (uint32_t i = 0; i < s->nnames; i++)
		pb_len(&b, 6, s->names[i], strlen(s->names[i]));
	static const char *const extra[] = { "samples", "count", "cpu", "nanoseconds",
					     "off_cpu", "wall" };
	for (size_t i = 0; i < sizeof(extra) / sizeof(extra[0]); i++)
		pb_len(&b, 6, extra[i], strlen(extra[i]));
	clock_gettime(CLOCK_REALTIME, &now);
	pb_int(&b, 9, (uint64_t)now.tv_sec * 1000000000ull + now.tv_nsec - r->duration_ns);
	pb_int(&b, 10, r->duration_ns);
	if (o->what == PW_OFF) {
		value_type(&b, 11, s_off, s_ns);
		pb_int(&b, 12, 1);
	} else {
		value_type(&b, 11, s_cpu, s_ns);
		pb_int(&b, 12, period_ns);
	}
	rc = gzip_out(f, &b);
	free(b.p);
	free(sub.p);
	free(packed.p);
	return rc;
}
