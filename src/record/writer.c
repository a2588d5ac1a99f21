// SPDX-License-Identifier: GPL-2.0
/*
 * Writing record files.  Events are copied as they come from the ring
 * buffer, undecoded, into a block; a full block is compressed (zstd, fast
 * level) and written with its CRC.  The file is created 0600: it may hold
 * secrets (arguments, buffers, the environment count).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "record.h"
#include "../util/util.h"

#define EVENTS_BLOCK (1u << 20)

struct rec_writer {
	int fd;
	int err;
	struct sbuf meta;	/* until the first block goes out */
	bool meta_written;
	uint8_t *events;
	size_t nevents_bytes;
	void *zbuf;
	size_t zcap;
	ZSTD_CCtx *zctx;
	uint64_t bytes, events_total;
};

static int write_all(struct rec_writer *w, const void *p, size_t n)
{
	const char *c = p;

	while (n && !w->err) {
		ssize_t k = write(w->fd, c, n);

		if (k < 0) {
			if (errno == EINTR)
				continue;
			w->err = errno;
			break;
		}
		c += k;
		n -= k;
		w->bytes += k;
	}
	return -w->err;
}

struct rec_writer *rec_writer_create(const char *path, int *err)
{
	struct rec_writer *w = calloc(1, sizeof(*w));
	struct rec_file_header h = { .version = REC_VERSION, .header_size = sizeof(h) };
	struct timespec ts;

	if (!w) {
		*err = -ENOMEM;
		return NULL;
	}
	w->fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (w->fd < 0) {
		*err = -errno;
		free(w);
		return NULL;
	}
	/* an existing file keeps its mode across O_TRUNC: make it private */
	fchmod(w->fd, 0600);
	w->events = malloc(EVENTS_BLOCK);
	w->zcap = ZSTD_compressBound(REC_BLOCK_MAX);
	w->zbuf = malloc(w->zcap);
	w->zctx = ZSTD_createCCtx();
	if (!w->events || !w->zbuf || !w->zctx) {
		*err = -ENOMEM;
		rec_writer_close(w, NULL);
		return NULL;
	}
	sbuf_init(&w->meta, 1024);
	memcpy(h.magic, REC_MAGIC, sizeof(h.magic));
	clock_gettime(CLOCK_REALTIME, &ts);
	h.created_ns = ts.tv_sec * 1000000000ull + ts.tv_nsec;
	h.crc = crc32(0, (const void *)&h, offsetof(struct rec_file_header, crc));
	if (write_all(w, &h, sizeof(h))) {
		*err = -w->err;
		rec_writer_close(w, NULL);
		return NULL;
	}
	return w;
}

int rec_writer_version(struct rec_writer *w, uint32_t version)
{
	struct rec_file_header h;

	if (pread(w->fd, &h, sizeof(h), 0) != sizeof(h))
		return -EIO;
	h.version = version;
	h.crc = crc32(0, (const void *)&h, offsetof(struct rec_file_header, crc));
	if (pwrite(w->fd, &h, sizeof(h), 0) != sizeof(h))
		return errno ? -errno : -EIO;
	return 0;
}

void rec_writer_meta(struct rec_writer *w, const char *key, const char *fmt, ...)
{
	va_list ap;
	char val[4096];

	va_start(ap, fmt);
	vsnprintf(val, sizeof(val), fmt, ap);
	va_end(ap);
	/* one line per key: no newlines inside a value */
	for (char *p = val; *p; p++)
		if (*p == '\n')
			*p = ' ';
	sbuf_printf(&w->meta, "%s=%s\n", key, val);
}

int rec_writer_block(struct rec_writer *w, int type, const void *data, size_t len)
{
	struct rec_block_header h = {
		.magic = REC_BLOCK_MAGIC, .type = type, .codec = RC_ZSTD, .raw_len = len,
	};
	size_t z;
	uLong crc;

	if (w->err)
		return -w->err;
	if (len > REC_BLOCK_MAX)
		return -E2BIG;
	if (!w->meta_written && type != RB_META) {
		w->meta_written = true;
		rec_writer_block(w, RB_META, w->meta.p, w->meta.len);
	}
	/* STROBE_NO_COMPRESS: stored as is (fuzzing seeds, debugging) */
	z = getenv("STROBE_NO_COMPRESS") ? (size_t)-1 :
		ZSTD_compressCCtx(w->zctx, w->zbuf, w->zcap, data, len, 1);
	if (ZSTD_isError(z) || z >= len) {
		h.codec = RC_NONE;
		z = len;
	}
	h.stored_len = z;
	crc = crc32(0, (const void *)&h, offsetof(struct rec_block_header, crc));
	crc = crc32(crc, h.codec == RC_NONE ? data : w->zbuf, z);
	h.crc = crc;
	write_all(w, &h, sizeof(h));
	return write_all(w, h.codec == RC_NONE ? data : w->zbuf, z);
}

static int flush_events(struct rec_writer *w)
{
	int err = 0;

	if (w->nevents_bytes)
		err = rec_writer_block(w, RB_EVENTS, w->events, w->nevents_bytes);
	w->nevents_bytes = 0;
	return err;
}

int rec_writer_event(struct rec_writer *w, const void *rec, size_t size)
{
	if (!rec)		/* only asking whether all went well so far */
		return -w->err;
	if (size > EVENTS_BLOCK)
		return -E2BIG;
	if (w->nevents_bytes + size > EVENTS_BLOCK && flush_events(w))
		return -w->err;
	memcpy(w->events + w->nevents_bytes, rec, size);
	w->nevents_bytes += size;
	w->events_total++;
	return 0;
}

int rec_writer_flush(struct rec_writer *w)
{
	return flush_events(w);
}

uint64_t rec_writer_bytes(const struct rec_writer *w)
{
	return w->bytes;
}

uint64_t rec_writer_events(const struct rec_writer *w)
{
	return w->events_total;
}

int rec_writer_close(struct rec_writer *w, const char *end_text)
{
	int err;

	if (!w)
		return 0;
	if (end_text) {
		flush_events(w);
		if (!w->meta_written)
			rec_writer_block(w, RB_META, w->meta.p, w->meta.len), w->meta_written = true;
		rec_writer_block(w, RB_END, end_text, strlen(end_text));
		if (!w->err && fsync(w->fd) && errno != EINVAL)
			w->err = errno;
	}
	err = -w->err;
	if (w->fd >= 0 && close(w->fd) && !err)
		err = -errno;
	ZSTD_freeCCtx(w->zctx);
	free(w->zbuf);
	free(w->events);
	sbuf_free(&w->meta);
	free(w);
	return err;
}
