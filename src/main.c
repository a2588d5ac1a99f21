// SPDX-License-Identifier: GPL-2.0
/* strobe: an strace-compatible tracer on eBPF. */
#include "cli/cli.h"
#include "report/report.h"
#include "session/session.h"

int main(int argc, char **argv)
{
	struct options o;
	int rc = options_parse(&o, argc, argv);

	if (rc)
		return rc > 0 ? 0 : EXIT_USAGE;
	if (o.mode == MODE_REPORT || o.mode == MODE_EXPORT)
		rc = report_run(&o);
	else
		rc = session_run(&o);
	options_free(&o);
	return rc;
}
