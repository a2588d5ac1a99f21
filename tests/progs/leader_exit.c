/*
 * A process whose main thread has exited (pthread_exit in main): the
 * leader is a zombie with no memory map, its /proc/PID/maps is empty,
 * and the process lives on in its other threads.  "sleep": one thread
 * waits in worker_wait (nanosleep); "spin": one thread also burns CPU in
 * worker_spin.  Prints "ready" once the main thread is about to exit.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;

__attribute__((noinline)) static void worker_wait(void)
{
	struct timespec ts = { 3600, 0 };

	for (;;)
		nanosleep(&ts, NULL);
}

__attribute__((noinline)) static void worker_spin(void)
{
	for (;;)
		for (unsigned long i = 0; i < 1000000; i++)
			sink += i;
}

static void *waiter(void *arg)
{
	worker_wait();
	return arg;
}

static void *spinner(void *arg)
{
	worker_spin();
	return arg;
}

int main(int argc, char **argv)
{
	pthread_t t;

	pthread_create(&t, NULL, waiter, NULL);
	if (argc > 1 && !strcmp(argv[1], "spin"))
		pthread_create(&t, NULL, spinner, NULL);
	printf("ready\n");
	fflush(stdout);
	pthread_exit(NULL);
}
