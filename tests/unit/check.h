/* A minimal unit-test harness: CHECK and CHECK_STR count and report;
 * main() returns non-zero if anything failed. */
#ifndef STROBE_CHECK_H
#define STROBE_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

#define CHECK(cond) do { \
	if (cond) check_passed++; \
	else { check_failed++; fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond); } \
} while (0)

#define CHECK_STR(got, want) do { \
	const char *g_ = (got), *w_ = (want); \
	if (!strcmp(g_, w_)) check_passed++; \
	else { check_failed++; fprintf(stderr, "%s:%d: FAILED: got \"%s\", want \"%s\"\n", \
				       __FILE__, __LINE__, g_, w_); } \
} while (0)

#define CHECK_REPORT() (printf("%d passed, %d failed\n", check_passed, check_failed), \
			check_failed != 0)

#endif
