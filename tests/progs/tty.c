// SPDX-License-Identifier: GPL-2.0
/* Terminal ioctls on stdout, which the test makes a pty: termios read and
 * set three ways, window size, ints read and written, a failure. */
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int main(void)
{
	struct termios t;
	struct winsize w;
	pid_t pg;
	int n;

	if (tcgetattr(1, &t))
		return 1;
	ioctl(1, TIOCGWINSZ, &w);
	w.ws_row = 40;
	ioctl(1, TIOCSWINSZ, &w);
	tcsetattr(1, TCSANOW, &t);
	t.c_lflag &= ~ECHO;
	tcsetattr(1, TCSADRAIN, &t);
	tcsetattr(1, TCSAFLUSH, &t);
	t.c_cflag = B115200 | CS7 | PARENB | CLOCAL;
	t.c_iflag = IGNBRK | IUTF8;
	t.c_oflag = OPOST | TAB3 | CR2;
	t.c_lflag = TOSTOP | NOFLSH | ECHONL;
	ioctl(1, TCSETS, &t);
	ioctl(0, FIONREAD, &n);
	ioctl(1, TIOCGPGRP, &pg);		/* ENOTTY: not our controlling tty */
	n = 1;
	ioctl(0, FIONBIO, &n);
	return 0;
}
