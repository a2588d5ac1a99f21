// SPDX-License-Identifier: GPL-2.0
/* USDT markers and plain functions for strobe script's user-space probe
 * tests.  argv[1] (default 5) says how many rounds; each round calls
 * lang_add(i, 10 * i) and fires strobe:tick(i, "round<i>") and, when a
 * tracer enabled it (its semaphore), strobe:gated(i * 3).  lang_many(1..8)
 * is called once at the end, rec_take(&r1) before it.  strobe:twice
 * is one marker at two places with different argument locations;
 * strobe:mem(42, rounds) reads both from memory; strobe:consts has six
 * constants, unsigned and signed, of 4, 2 and 1 bytes.  It calls
 * getenv("STROBE_MARKS_WORD") once at the start.
 * argv[2] (ms, default 0): a pause before the rounds (time for -p to
 * attach) and after them (time to read the process's symbols). */
#define _SDT_HAS_SEMAPHORES 1
#include <stdio.h>
#include <stdlib.h>
#include <sys/sdt.h>
#include <time.h>

/* with semaphores on, every marker has one; only gated's is looked at */
#define SEMAPHORE(name) __extension__ unsigned short strobe_##name##_semaphore \
	__attribute__((unused)) __attribute__((section(".probes")))
SEMAPHORE(tick);
SEMAPHORE(gated);
SEMAPHORE(twice);
SEMAPHORE(mem);
SEMAPHORE(consts);

__attribute__((noinline)) long lang_add(long a, long b)
{
	__asm__ volatile("" ::: "memory");
	return a + b;
}

const char *volatile word_env;

/* a global for uaddr(): the rounds so far */
volatile long lang_rounds;

/* eight arguments: the last two are on the stack */
__attribute__((noinline)) long lang_many(long a, long b, long c, long d, long e, long f,
					 long g, long h)
{
	__asm__ volatile("" ::: "memory");
	return a + b + c + d + e + f + g + h;
}

__attribute__((noinline)) static void twice(volatile long *v)
{
	long x = *v;

	STAP_PROBE1(strobe, twice, x);
	STAP_PROBE1(strobe, twice, 77);
}

/* arguments in memory: a local on the stack and a global, which the
 * note names by its symbol ("-8@-8(%rsp) -8@lang_rounds(%rip)"; at -O0
 * gcc would load both into registers first) */
__attribute__((noinline, optimize("O2"))) static void mem(void)
{
	volatile long x = 42;

	STAP_PROBE2(strobe, mem, x, lang_rounds);
}

/* a struct only this program's DWARF describes, for args->r->... and
 * (struct mark_rec *) in a uprobe: a string, an array, a pointer to its
 * own kind (no bitfield: bpftrace 0.17 then knows none of its members) */
struct mark_rec {
	int id;
	char name[8];
	int vals[3];
	struct mark_rec *next;
};

__attribute__((noinline)) int rec_take(struct mark_rec *r)
{
	__asm__ volatile("" ::: "memory");
	return r->id;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 5, gated = 0;
	char word[16];
	volatile long v = 42;
	long sum = 0, ms = argc > 2 ? atol(argv[2]) : 0;
	struct timespec pause = { ms / 1000, ms % 1000 * 1000000 };

	nanosleep(&pause, NULL);
	/* a user pointer returned: uretprobe:...:getenv reads it */
	word_env = getenv("STROBE_MARKS_WORD");
	for (int i = 1; i <= n; i++) {
		/* a string of its own on the stack: the page is there when
		 * a tracer reads it (a literal's page may not be yet) */
		snprintf(word, sizeof(word), "round%d", i);
		lang_rounds = i;
		sum += lang_add(i, 10 * i);
		STAP_PROBE2(strobe, tick, i, word);
		if (strobe_gated_semaphore) {
			gated++;
			STAP_PROBE1(strobe, gated, i * 3);
		}
	}
	twice(&v);
	mem();
	{
		struct mark_rec r2 = { 2, "two", { 4, 5, 6 }, NULL };
		struct mark_rec r1 = { 1, "one", { 1, 2, 3 }, &r2 };

		rec_take(&r1);
	}
	/* constants, unsigned and signed: the note has "4@$-202182160" for
	 * the unsigned 0xf3f2f1f0, whose size says how to extend it */
	STAP_PROBE6(strobe, consts, (unsigned int)0xf3f2f1f0u, (int)0xf3f2f1f0u,
		    (unsigned short)0xf1f0, (short)0xf1f0, (unsigned char)0xf0, (signed char)0xf0);
	sum += lang_many(1, 2, 3, 4, 5, 6, 7, 8);
	printf("sum %ld gated %d\n", sum, gated);
	fflush(stdout);
	nanosleep(&pause, NULL);
	return 0;
}
