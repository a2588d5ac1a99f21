// SPDX-License-Identifier: GPL-2.0
/* ltrace's forms for strobe ltrace to match: printf's variadic
 * arguments, snprintf's output string, a NULL string result (nil), a
 * NULL pointer argument (0), enums by name (setlocale's category,
 * signals), and exit, which does not return. */
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	char buf[64];
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	/* ltrace names SIG_SETMASK (2) SIG_UNBLOCK: this one is not compared */
	sigprocmask(SIG_SETMASK, &set, NULL);
	setlocale(LC_ALL, "C");
	setlocale(LC_NUMERIC, NULL);
	setlocale(13, NULL);	/* no such category */

	printf("%d %s %ld %c %u|\n", -42, "str", 7L, 'x', 3u);
	snprintf(buf, sizeof(buf), "n=%d %s", 5, "five");
	puts(buf);
	if (getenv("STROBE_NO_SUCH_VARIABLE"))
		return 2;
	fflush(NULL);
	exit(3);
}
