/*
 * Known call chains for the profiler: main -> a -> b -> spin takes two
 * thirds of the CPU time, main -> c -> spin one third, measured on the
 * thread's own CPU clock so the split holds however loaded the machine is.
 * "sleep" mode: main -> waiter -> nanosleep, 5 x 100 ms, for --off-cpu.
 * Built several ways (frame pointers or not, -O0 or -O2 without inlining);
 * the barriers keep calls from becoming jumps at -O2.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NOINLINE __attribute__((noinline))
#define BARRIER() __asm__ volatile("" ::: "memory")

static volatile unsigned long sink;

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

NOINLINE void spin(double seconds)
{
	double end = cpu_now() + seconds;

	while (cpu_now() < end)
		for (int i = 0; i < 20000; i++)
			sink += i;
	BARRIER();
}

NOINLINE void b(double s) { spin(s); BARRIER(); }
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
