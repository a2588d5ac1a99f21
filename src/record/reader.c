// SPDX-License-Identifier: GPL-2.0
/*
 * Reading record files without trusting them: every length is bounded
 * before anything is allocated, every block's CRC is checked before its
 * bytes are used, decompression must yield exactly the announced size, and
 * every failure is one line naming the file offset.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "record.h"

struct rec_reader {
	FILE *f;
	const char *name;
	uint64_t off;		/* of the next block header */
	uint64_t created_ns;
	uint32_t version;	/* REC_VERSION or REC_VERSION_PROBES */
	uint8_t *stored, *raw;	/* REC_BLOCK_MAX-sized buffers, reused */
	ZSTD_DCtx *zctx;
	bool ended;
};

static size_t read_at_most(struct rec_reader *r, void *p, size_t n)
{
	return fread(p, 1, n, r->f);
}

struct rec_reader *rec_reader_open(FILE *f, const char *name, char *err, size_t errlen)
{
	struct rec_file_header h;
	struct rec_reader *r;
	size_t n;

	n = fread(&h, 1, sizeof(h), f);
	if (n < sizeof(h) || memcmp(h.magic, REC_MAGIC, sizeof(h.magic))) {
		snprintf(err, errlen, "%s: not a strobe record file (offset 0)", name);
		return NULL;
	}
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
	if (h.crc != crc32(0, (const void *)&h, offsetof(struct rec_file_header, crc))) {
#else
	if (0) {
#endif
		snprintf(err, errlen, "%s: corrupt file header (offset 0)", name);
		return NULL;
	}
	if (h.version < REC_VERSION || h.version > REC_VERSION_PROBES ||
	    h.header_size != sizeof(h)) {
		snprintf(err, errlen, "%s: record file version %u, this strobe reads %u to %u "
			 "(offset 8)", name, h.version, REC_VERSION, REC_VERSION_PROBES);
		return NULL;
	}
	r = calloc(1, sizeof(*r));
	if (!r) {
		snprintf(err, errlen, "%s: out of memory", name);
		return NULL;
	}
	r->f = f;
	r->name = name;
	r->off = sizeof(h);
	r->created_ns = h.created_ns;
	r->version = h.version;
	r->stored = malloc(REC_BLOCK_MAX);
	r->raw = malloc(REC_BLOCK_MAX);
	r->zctx = ZSTD_createDCtx();
	if (!r->stored || !r->raw || !r->zctx) {
		snprintf(err, errlen, "%s: out of memory", name);
		rec_reader_close(r);
		return NULL;
	}
	return r;
}

int rec_reader_next(struct rec_reader *r, struct rec_block *b, char *err, size_t errlen)
{
	struct rec_block_header h;
	uint64_t at = r->off;
	size_t n;
	uLong crc;

	if (r->ended) {
		snprintf(err, errlen, "%s: data after the end block (offset %llu)", r->name,
			 (unsigned long long)at);
		return -1;
	}
	n = read_at_most(r, &h, sizeof(h));
	if (n == 0) {
		snprintf(err, errlen, "%s: cut short at offset %llu: the recording did not "
			 "finish (what came before was read)", r->name, (unsigned long long)at);
		return -1;
	}
	if (n < sizeof(h)) {
		snprintf(err, errlen, "%s: cut short inside a block header at offset %llu",
			 r->name, (unsigned long long)at);
		return -1;
	}
	if (h.magic != REC_BLOCK_MAGIC || h.type < RB_META ||
	    h.type > (r->version >= REC_VERSION_PROBES ? RB_PROBES : RB_END) ||
	    h.codec > RC_ZSTD || h.pad) {
		snprintf(err, errlen, "%s: corrupt block header at offset %llu", r->name,
			 (unsigned long long)at);
		return -1;
	}
	if (h.raw_len > REC_BLOCK_MAX || h.stored_len > REC_BLOCK_MAX ||
	    (h.codec == RC_NONE && h.stored_len != h.raw_len)) {
		snprintf(err, errlen, "%s: block at offset %llu claims an impossible size",
			 r->name, (unsigned long long)at);
		return -1;
	}
	n = read_at_most(r, r->stored, h.stored_len);
	if (n < h.stored_len) {
		snprintf(err, errlen, "%s: cut short inside the block at offset %llu",
			 r->name, (unsigned long long)at);
		return -1;
	}
	crc = crc32(0, (const void *)&h, offsetof(struct rec_block_header, crc));
	crc = crc32(crc, r->stored, h.stored_len);
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
	crc = h.crc;	/* let the fuzzer past the checksum, to what it guards */
#endif
	if (crc != h.crc) {
		snprintf(err, errlen, "%s: corrupt block at offset %llu (checksum mismatch)",
			 r->name, (unsigned long long)at);
		return -1;
	}
	if (h.codec == RC_ZSTD) {
		size_t got = ZSTD_decompressDCtx(r->zctx, r->raw, REC_BLOCK_MAX,
						 r->stored, h.stored_len);

		if (ZSTD_isError(got) || got != h.raw_len) {
			snprintf(err, errlen, "%s: block at offset %llu does not decompress",
				 r->name, (unsigned long long)at);
			return -1;
		}
		b->data = r->raw;
	} else {
		b->data = r->stored;
	}
	b->type = h.type;
	b->len = h.raw_len;
	b->offset = at;
	r->off = at + sizeof(h) + h.stored_len;
	if (h.type == RB_END) {
		r->ended = true;
		/* nothing may follow the end block */
		if (fgetc(r->f) != EOF) {
			snprintf(err, errlen, "%s: data after the end block (offset %llu)",
				 r->name, (unsigned long long)r->off);
			return -1;
		}
		return 0;
	}
	return 1;
}

uint32_t rec_reader_version(const struct rec_reader *r)
{
	return r->version;
}

uint64_t rec_reader_created_ns(const struct rec_reader *r)
{
	return r->created_ns;
}

void rec_reader_close(struct rec_reader *r)
{
	if (!r)
		return;
	ZSTD_freeDCtx(r->zctx);
	free(r->stored);
	free(r->raw);
	free(r);
}

bool rec_meta_get(const char *text, size_t len, const char *key, char *val, size_t vallen)
{
	size_t klen = strlen(key);
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t l = (nl ? nl : end) - p;

		if (l > klen && !memcmp(p, key, klen) && p[klen] == '=') {
			size_t vl = l - klen - 1;

			if (vl >= vallen)
				vl = vallen - 1;
			memcpy(val, p + klen + 1, vl);
			val[vl] = 0;
			return true;
		}
		p += l + 1;
	}
	return false;
}
