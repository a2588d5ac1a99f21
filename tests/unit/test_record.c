/*
 * The record file: write records, metadata and a tracepoint format to a
 * temporary file, read them back block by block and compare byte for
 * byte; then the same file cut short and with a byte flipped, which the
 * reader must refuse with the offset (docs/file-format.md).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "records.h"
#include "record/record.h"

#define NREC 3000

static uint8_t *recs[NREC];
static size_t sizes[NREC];

/* A varied record i: calls with captures of i % 50 bytes, signals, exits */
static size_t make_record(int i, uint8_t *buf)
{
	char text[64];
	struct sc c = { .nr = i % 300, .ret = i, .a = { i, 2 * i, 3 * i, 4, 5, 6 } };

	if (i % 7 == 3)
		return build_exit(buf, 100 + i, 100 + i, 1000 + i, i << 8);
	if (i % 11 == 5) {
		struct test_siginfo si = { SIGCHLD, 0, 1, 0, .u.chld = { i, 0, 0, 0, 0, 0 } };

		return build_signal(buf, 100, 100, 1000 + i, SIGCHLD, &si, sizeof(si));
	}
	for (int k = 0; k < i % 50; k++)
		text[k] = 'a' + (i + k) % 26;
	c.cap[0] = (struct capdef)CAP_MEM(1, text, (size_t)(i % 50));
	return build_syscall(buf, &c, 100, 100 + i % 4, 1000 + i);
}

static char path[64];
static const char fmt[] = "42 sched:sched_switch\nname: sched_switch\nID: 42\n";

static void write_file(void)
{
	int err = 0, bad = 0;
	struct rec_writer *w = rec_writer_create(path, &err);

	CHECK(w != NULL && err == 0);
	if (!w)
		exit(1);
	rec_writer_meta(w, "hostname", "%s", "test-host");
	rec_writer_meta(w, "cmd", "%s %d", "ls", 7);
	CHECK(rec_writer_block(w, RB_FORMAT, fmt, sizeof(fmt) - 1) == 0);
	for (int i = 0; i < NREC; i++) {
		bad += rec_writer_event(w, recs[i], sizes[i]) != 0;
		if (i == NREC / 2)
			CHECK(rec_writer_flush(w) == 0);	/* a block ends here */
	}
	CHECK(bad == 0);
	CHECK(rec_writer_events(w) == NREC);
	CHECK(rec_writer_close(w, "lost=5\nend=1\n") == 0);
}

/* Read the file: 1 if the end block came, -1 on an error (err says why) */
static int read_file(FILE *f, int *nrec, int *nmeta, int *nformat, char *err, size_t errlen)
{
	struct rec_reader *r = rec_reader_open(f, "test.rec", err, errlen);
	struct rec_block b;
	int rc;

	*nrec = *nmeta = *nformat = 0;
	if (!r)
		return -1;
	CHECK(rec_reader_created_ns(r) > 1600000000ull * 1000000000ull);
	while ((rc = rec_reader_next(r, &b, err, errlen)) == 1) {
		char val[64];

		switch (b.type) {
		case RB_META:
			(*nmeta)++;
			CHECK(rec_meta_get((const char *)b.data, b.len, "hostname", val, sizeof(val)));
			CHECK_STR(val, "test-host");
			CHECK(rec_meta_get((const char *)b.data, b.len, "cmd", val, sizeof(val)));
			CHECK_STR(val, "ls 7");
			CHECK(!rec_meta_get((const char *)b.data, b.len, "host", val, sizeof(val)));
			break;
		case RB_FORMAT:
			(*nformat)++;
			CHECK(b.len == sizeof(fmt) - 1 && !memcmp(b.data, fmt, b.len));
			break;
		case RB_EVENTS:
			for (size_t off = 0; off < b.len;) {
				const struct ev_header *h = (const struct ev_header *)(b.data + off);
				int i = *nrec;

				if (i >= NREC || h->size != sizes[i] || off + h->size > b.len ||
				    memcmp(h, recs[i], sizes[i])) {
					check_failed++;
					fprintf(stderr, "FAILED: record %d differs\n", i);
					rec_reader_close(r);
					return -1;
				}
				off += h->size;
				(*nrec)++;
			}
			break;
		}
	}
	if (rc == 0) {
		char val[16];

		CHECK(b.type == RB_END);
		CHECK(rec_meta_get((const char *)b.data, b.len, "lost", val, sizeof(val)));
		CHECK_STR(val, "5");
	}
	rec_reader_close(r);
	return rc == 0 ? 1 : -1;
}

static FILE *copy_of(size_t len, long flip)
{
	FILE *in = fopen(path, "rb"), *out = tmpfile();
	int c;

	for (size_t n = 0; (c = getc(in)) != EOF && n < len; n++)
		putc((long)n == flip ? c ^ 0x40 : c, out);
	fclose(in);
	rewind(out);
	return out;
}

int main(void)
{
	int fd, nrec, nmeta, nformat, ok = 0, tried = 0;
	char err[256];
	FILE *f;
	long size;

	snprintf(path, sizeof(path), "%s/strobe-unit-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	fd = mkstemp(path);
	CHECK(fd >= 0);
	close(fd);
	for (int i = 0; i < NREC; i++) {
		uint8_t buf[65536] __attribute__((aligned(8)));

		sizes[i] = make_record(i, buf);
		recs[i] = malloc(sizes[i]);
		memcpy(recs[i], buf, sizes[i]);
	}
	write_file();

	/* whole: every record back, in order, byte for byte */
	f = fopen(path, "rb");
	CHECK(read_file(f, &nrec, &nmeta, &nformat, err, sizeof(err)) == 1);
	CHECK(nrec == NREC);
	CHECK(nmeta == 1);
	CHECK(nformat == 1);
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fclose(f);
	/* compressed: well under the records' own size */
	{
		size_t raw = 0;

		for (int i = 0; i < NREC; i++)
			raw += sizes[i];
		CHECK((size_t)size < raw / 2);
	}

	/* cut short: the blocks before the cut, then an error naming the cut */
	f = copy_of(size - 10, -1);
	CHECK(read_file(f, &nrec, &nmeta, &nformat, err, sizeof(err)) == -1);
	CHECK(nrec == NREC);	/* only the end block was lost */
	CHECK(strstr(err, "cut short") != NULL);
	fclose(f);
	f = copy_of(200, -1);
	CHECK(read_file(f, &nrec, &nmeta, &nformat, err, sizeof(err)) == -1);
	CHECK(nrec == 0 && strstr(err, "offset") != NULL);
	fclose(f);

	/* one flipped byte anywhere: refused, never a wrong record */
	for (long at = 0; at < size; at += size / 97 + 1) {
		f = copy_of(size, at);
		tried++;
		if (read_file(f, &nrec, &nmeta, &nformat, err, sizeof(err)) == -1 &&
		    strstr(err, "offset"))
			ok++;
		else
			fprintf(stderr, "FAILED: flipped byte at %ld not noticed\n", at);
		fclose(f);
	}
	CHECK(tried > 90 && ok == tried);

	/* not a record file */
	f = tmpfile();
	fputs("hello, this is not a recording\n", f);
	rewind(f);
	CHECK(read_file(f, &nrec, &nmeta, &nformat, err, sizeof(err)) == -1);
	CHECK_STR(err, "test.rec: not a strobe record file (offset 0)");
	fclose(f);

	unlink(path);
	for (int i = 0; i < NREC; i++)
		free(recs[i]);
	return CHECK_REPORT();
}
