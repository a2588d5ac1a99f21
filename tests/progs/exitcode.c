/* Exits with the status given as argument; forks first with "fork". */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[2], "fork")) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(7);
		waitpid(pid, NULL, 0);
	}
	return argc > 1 ? atoi(argv[1]) : 0;
}
