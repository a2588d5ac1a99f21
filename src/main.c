// SPDX-License-Identifier: GPL-2.0
/* strobe: an strace-compatible tracer on eBPF. */
#include <string.h>

#include "cli/cli.h"
#include "decode/decode.h"
#include "inject/inject.h"
#include "profile/profile.h"
#include "report/report.h"
#include "session/session.h"

int main(int argc, char **argv)
{
	struct options o;
	int rc;

	if (inject_is_keeper(argc, argv))
		return inject_keeper();
	if (argc > 1 && !strcmp(argv[1], "profile"))
		return profile_main(argc - 1, argv + 1);
	rc = options_parse(&o, argc, argv);
	if (!rc) {
		decode_set_hex(o.hex_strings);
		decode_set_xlat(o.xlat);
		decode_set_verbose(o.no_abbrev);
	}

	if (rc) {
		options_free(&o);
		return rc > 0 ? 0 : EXIT_USAGE;
	}
	if (o.mode == MODE_REPORT || o.mode == MODE_EXPORT)
		rc = report_run(&o);
	else
		rc = session_run(&o);
	options_free(&o);
	return rc;
}
