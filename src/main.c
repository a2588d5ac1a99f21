// SPDX-License-Identifier: GPL-2.0
/* strobe: an strace-compatible tracer on eBPF. */
#include <fcntl.h>
#include <unistd.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "cli/cli.h"
#include "decode/decode.h"
#include "inject/inject.h"
#include "lang/lang.h"
#include "ltrace/ltrace.h"
#include "probe/probe.h"
#include "profile/profile.h"
#include "report/report.h"
#include "session/session.h"
#include "top/top.h"

/* Die of sig as the traced command did, without a core file of strobe's
 * own clobbering the command's; 128+sig if sig does not kill. */
static int die_of(int sig)
{
	struct rlimit none = { 0, 0 };
	sigset_t set;

	setrlimit(RLIMIT_CORE, &none);
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	return 128 + sig;
}

static void print_line(void *ctx, const char *line)
{
	(void)ctx;
	puts(line);
}

/* --list PATTERN: what a uprobe:/usdt: pattern matches, one a line */
static int list_probes(const struct options *o)
{
	char err[512];

	if (probe_list(o->list, o->npids == 1 ? o->pids[0] : 0, print_line, NULL, err,
		       sizeof(err))) {
		fprintf(stderr, "strobe: %s\n", err);
		return EXIT_USAGE;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct options o;
	int rc;

	/* the standard fds strobe was given, before its own files may take
	 * their numbers (session_run gives them to /dev/null, not those) */
	session_stdio_given = (fcntl(STDIN_FILENO, F_GETFD) != -1) |
			      (fcntl(STDOUT_FILENO, F_GETFD) != -1) << 1;
	if (inject_is_keeper(argc, argv))
		return inject_keeper();
	if (argc > 1 && !strcmp(argv[1], "profile"))
		return profile_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "top"))
		return top_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "script"))
		return script_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "ltrace")) {
		rc = ltrace_main(argc - 1, argv + 1);
		return rc & 0x100 ? die_of(rc & 0xff) : rc;
	}
	if (argc > 1 && !strcmp(argv[1], "sslsniff"))
		return sslsniff_main(argc - 1, argv + 1);
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
	if (o.list)
		rc = list_probes(&o);
	else if (o.mode == MODE_REPORT || o.mode == MODE_EXPORT)
		rc = report_run(&o);
	else
		rc = session_run(&o);
	options_free(&o);
	if (rc & 0x100)
		return die_of(rc & 0xff);
	return rc;
}
