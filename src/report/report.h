/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading recordings: strobe report (the trace, a summary, or --stat) and
 * strobe export (Perfetto/Chrome JSON, JSON lines).
 */
#ifndef STROBE_REPORT_H
#define STROBE_REPORT_H

#include "../cli/cli.h"

/* Returns strobe's exit status: 0, or 1 after a one-line error. */
int report_run(const struct options *o);

#endif
