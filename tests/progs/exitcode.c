/* Exits with the status given as argument; first forks a child that exits
 * 7 with "fork", or vforks one that execs /bin/true with "vfork".  The
 * forked child waits 200 ms first, so the parent is surely inside wait4
 * when its SIGCHLD comes (where the signal is shown depends on that). */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[2], "fork")) {
		pid_t pid = fork();

		if (pid == 0) {
			usleep(200000);
			_exit(7);
		}
		waitpid(pid, NULL, 0);
	}
	if (argc > 2 && !strcmp(argv[2], "vfork")) {
		pid_t pid = vfork();

		if (pid == 0) {
			execl("/bin/true", "true", (char *)NULL);
			_exit(127);
		}
		waitpid(pid, NULL, 0);
	}
	return argc > 1 ? atoi(argv[1]) : 0;
}
