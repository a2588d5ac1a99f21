/*
 * Known call chains for the profiler: main -> a -> b -> spin takes two
 * thirds of the CPU time, main -> c -> spin one third, measured on the
 * thread's own CPU clock so the split holds however loaded the machine is.
 * "sleep" mode: main -> waiter -> nanosleep, 5 x 100 ms, for --off-cpu.
 * "work N" mode: the same chains doing a fixed amount of work (N units),
 * printing the wall time it took: what bench/ measures profilers with.
 * Built several ways (frame pointers or not, -O0 or -O2 without inlining);
 * the barriers keep calls from becoming jumps at -O2.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NOINLINE __attribute__((noinline))
#define BARRIER() __asm__ volatile("" ::: "memory")

static volatile unsigned long sink;
static int fixed_work;

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

NOINLINE void spin(double seconds)
{
	if (fixed_work) {
		for (unsigned long i = 0, n = seconds * 2e8; i < n; i++)
			sink += i;
		return;
	}
	double end = cpu_now() + seconds;

	while (cpu_now() < end)
		for (int i = 0; i < 20000; i++)
			sink += i;
	BARRIER();
}

#ifdef INLINE_B
/* -DINLINE_B: b is inlined into a; DWARF still names it */
static inline __attribute__((always_inline)) void b(double s) { spin(s); BARRIER(); }
#else
NOINLINE void b(double s) { spin(s); BARRIER(); }
#endif
NOINLINE void a(double s) { b(s); BARRIER(); }
NOINLINE void c(double s) { spin(s); BARRIER(); }

NOINLINE void waiter(void)
{
	struct timespec ts = { 0, 100000000 };

	for (int i = 0; i < 5; i++)
		nanosleep(&ts, NULL);
	BARRIER();
}

int main(int argc, char **argv)
{
	double total = argc > 1 ? atof(argv[1]) : 1.5;

	if (argc > 2 && !strcmp(argv[1], "work")) {
		struct timespec t0, t1;

		fixed_work = 1;
		total = atof(argv[2]);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (double done = 0; done < total; done += 0.03) {
			a(0.02);
			c(0.01);
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		fprintf(stderr, "work: %.6f s\n", t1.tv_sec - t0.tv_sec + (t1.tv_nsec - t0.tv_nsec) / 1e9);
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "sleep")) {
		waiter();
		return 0;
	}
	/* 20 ms slices: a's and c's time interleave, 2:1 */
	for (double done = 0; done < total; done += 0.03) {
		a(0.02);
		c(0.01);
	}
	return 0;
}
