/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The record file (strobe record / report / export): a header, then
 * self-contained blocks, each with its own CRC and compressed alone, so a
 * file cut short reads up to its last complete block.  docs/file-format.md
 * describes the layout byte by byte.
 */
#ifndef STROBE_RECORD_H
#define STROBE_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define REC_MAGIC "STROBE\x1a\x01"
#define REC_VERSION 1
/* a file with user-space probes (--event uprobe:, uretprobe:, usdt:):
 * version 1 plus PROBES blocks and EV_UPROBE records.  Only such files
 * say 2, so the others stay readable by a strobe that reads version 1. */
#define REC_VERSION_PROBES 2
#define REC_BLOCK_MAGIC 0x314b4c42u	/* "BLK1" */
#define REC_BLOCK_MAX (8u << 20)	/* raw bytes in one block, at most */

enum rec_block_type {
	RB_META = 1,		/* key=value lines about the machine and the run */
	RB_EVENTS = 2,		/* ring-buffer records, back to back */
	RB_FORMAT = 3,		/* a tracepoint: "id name\n" then its tracefs format */
	RB_END = 4,		/* key=value lines: totals at the end of the run */
	RB_PROBES = 5,		/* user-space probes by cookie (version 2) */
};

enum rec_codec { RC_NONE = 0, RC_ZSTD = 1 };

struct rec_file_header {
	char magic[8];
	uint32_t version;
	uint32_t header_size;
	uint64_t created_ns;	/* CLOCK_REALTIME */
	uint32_t flags;
	uint32_t crc;		/* crc32 of the bytes before it */
};

struct rec_block_header {
	uint32_t magic;
	uint16_t type;
	uint16_t codec;
	uint32_t raw_len;
	uint32_t stored_len;
	uint32_t crc;		/* crc32 of the header before this field, then the payload */
	uint32_t pad;
};

/* Writing */
struct rec_writer;

struct rec_writer *rec_writer_create(const char *path, int *err);
/* Queue key=value metadata; it is written before the first events. */
void rec_writer_meta(struct rec_writer *w, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int rec_writer_block(struct rec_writer *w, int type, const void *data, size_t len);
/* Mark the file as of another version (REC_VERSION_PROBES); -errno. */
int rec_writer_version(struct rec_writer *w, uint32_t version);
int rec_writer_event(struct rec_writer *w, const void *rec, size_t size);
/* Write out the events gathered so far (so a crash loses little). */
int rec_writer_flush(struct rec_writer *w);
/* Flush, write the end block (its key=value text), close. Returns -errno. */
int rec_writer_close(struct rec_writer *w, const char *end_text);
uint64_t rec_writer_bytes(const struct rec_writer *w);
uint64_t rec_writer_events(const struct rec_writer *w);

/* Reading: blocks in order, each checked before it is handed out. */
struct rec_reader;

struct rec_block {
	int type;
	const uint8_t *data;	/* valid until the next call */
	size_t len;
	uint64_t offset;	/* of the block header in the file */
};

/* NULL with a one-line reason in err (naming the offset) when it cannot. */
struct rec_reader *rec_reader_open(FILE *f, const char *name, char *err, size_t errlen);
/* 1: a block; 0: the end block was read (b holds it); -1: err says why. */
int rec_reader_next(struct rec_reader *r, struct rec_block *b, char *err, size_t errlen);
uint64_t rec_reader_created_ns(const struct rec_reader *r);
uint32_t rec_reader_version(const struct rec_reader *r);
void rec_reader_close(struct rec_reader *r);

/* key=value text: the value of key, copied into val; false if absent. */
bool rec_meta_get(const char *text, size_t len, const char *key, char *val, size_t vallen);

#endif
