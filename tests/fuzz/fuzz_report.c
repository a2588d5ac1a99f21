/*
 * libFuzzer target for the record-file reader: each input is read as a
 * recording by the full report path (trace, summary, --stat, export), which
 * must end with a clean error or success, never a crash, hang or leak.
 * make fuzz runs it for a bounded time from tests/fuzz/corpus.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli/cli.h"
#include "decode/decode.h"
#include "report/report.h"
#include "../../bpf/event.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = memfd_create("fuzz", 0);
	struct options o;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	for (int variant = 0; variant < 5; variant++) {
		memset(&o, 0, sizeof(o));
		memset(o.sel, 0xff, sizeof(o.sel));
		o.mode = variant == 3 ? MODE_EXPORT : MODE_REPORT;
		o.status_mask = ST_ALL;
		o.strsize = 32;
		o.trace = variant == 0 || variant == 4;
		/* the trace again with every decoding option: -yy, -v, -X raw, -s 4 */
		o.decode_fds = variant == 4 ? 2 : 0;
		if (variant == 4)
			o.strsize = 4;
		decode_set_xlat(variant == 4 ? XLAT_RAW : XLAT_ABBREV);
		decode_set_verbose(variant == 4);
		o.summary = variant == 1;
		o.hist = variant == 1 ? HIST_LOG : HIST_NONE;
		o.stat = variant == 2;
		o.format = EXPORT_PERFETTO;
		o.infile = path;
		o.outfile = "/dev/null";
		report_run(&o);
	}
	close(fd);
	return 0;
}
