/* Signals: a handled one interrupts a blocking call; then a fatal one.
 * "suspend": a blocked one pending, then let in by sigsuspend. */
#include <signal.h>
#include <string.h>
#include <unistd.h>

static void on_usr1(int sig)
{
	(void)sig;
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	int p[2];
	char c;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);	/* no SA_RESTART: read fails EINTR */
	if (pipe(p))
		return 1;
	alarm(0);
	kill(getpid(), SIGUSR1);
	signal(SIGALRM, SIG_DFL);
	if (argc > 1 && !strcmp(argv[1], "block")) {
		sigaction(SIGALRM, &sa, NULL);
		alarm(1);
		if (read(p[0], &c, 1) < 0)
			write(1, "EINTR\n", 6);
	}
	if (argc > 1 && !strcmp(argv[1], "suspend")) {
		sigset_t usr1, none, pending;

		sigemptyset(&usr1);
		sigaddset(&usr1, SIGUSR1);
		sigemptyset(&none);
		sigprocmask(SIG_BLOCK, &usr1, NULL);
		kill(getpid(), SIGUSR1);
		sigpending(&pending);	/* [USR1] */
		sigsuspend(&none);	/* the handler runs: EINTR */
	}
	if (argc > 1 && !strcmp(argv[1], "segv"))
		*(volatile int *)8 = 1;
	kill(getpid(), SIGTERM);
	return 0;
}
