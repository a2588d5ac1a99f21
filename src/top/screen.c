// SPDX-License-Identifier: GPL-2.0
/*
 * strobe top's terminal: the alternate screen, no echo, keys read one at a
 * time, each frame drawn from the top-left corner and written with one
 * write() so it never shows half drawn.  Plain ANSI sequences (every
 * terminal emulator in use speaks them; ncurses would add a dependency and
 * a terminfo lookup for five sequences).  NO_COLOR (no-color.org) turns the
 * reverse-video header off.  When stdout is not a terminal (or with -b),
 * frames are plain tables one after another.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "top.h"

static struct termios saved;
static bool raw;

static void size(struct screen *sc)
{
	struct winsize ws;

	if (sc->tty && !ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_row && ws.ws_col) {
		sc->rows = ws.ws_row;
		sc->cols = ws.ws_col;
	}
}

int screen_open(struct screen *sc, bool batch)
{
	const char *nc = getenv("NO_COLOR");

	sc->tty = !batch && isatty(STDOUT_FILENO) && isatty(STDIN_FILENO);
	sc->color = !(nc && *nc);
	sc->rows = 24;
	sc->cols = 1000;	/* not a terminal: no cut */
	sbuf_init(&sc->out, 8192);
	if (!sc->tty)
		return 0;
	sc->cols = 80;
	size(sc);
	if (!tcgetattr(STDIN_FILENO, &saved)) {
		struct termios t = saved;

		t.c_lflag &= ~(ICANON | ECHO);
		t.c_cc[VMIN] = 0;
		t.c_cc[VTIME] = 0;
		raw = !tcsetattr(STDIN_FILENO, TCSANOW, &t);
	}
	/* the alternate screen, cursor hidden: the shell's screen comes back */
	fputs("\033[?1049h\033[?25l", stdout);
	fflush(stdout);
	return 0;
}

void screen_close(struct screen *sc)
{
	if (sc->tty) {
		fputs("\033[?25h\033[?1049l", stdout);
		fflush(stdout);
		if (raw)
			tcsetattr(STDIN_FILENO, TCSANOW, &saved);
		raw = false;
	}
	sbuf_free(&sc->out);
}

enum top_key screen_key(struct screen *sc)
{
	unsigned char c;

	if (!sc->tty || read(STDIN_FILENO, &c, 1) != 1)
		return TK_NONE;
	if (sc->filtering) {
		size_t n = strlen(sc->typed);

		if (c == '\n' || c == '\r') {
			sc->filtering = false;
			snprintf(sc->filter, sizeof(sc->filter), "%s", sc->typed);
			return TK_FILTER_DONE;
		}
		if (c == 27) {		/* Esc: leave the filter as it was */
			sc->filtering = false;
			return TK_REDRAW;
		}
		if ((c == 127 || c == 8) && n)
			sc->typed[n - 1] = 0;
		else if (c >= 32 && c < 127 && n + 1 < sizeof(sc->typed))
			sc->typed[n] = c, sc->typed[n + 1] = 0;
		return TK_REDRAW;
	}
	switch (c) {
	case 'q': case 'Q': case 3:
		return TK_QUIT;
	case ' ': case 'p': case 'P':
		sc->paused = !sc->paused;
		return TK_PAUSE;
	case 's': case 'S':
		return TK_SORT;
	case 'b': case 'B':
		return TK_BY;
	case '/':
		sc->filtering = true;
		sc->typed[0] = 0;
		return TK_REDRAW;
	case 27:
		sc->filter[0] = 0;	/* Esc: no filter */
		return TK_FILTER_DONE;
	}
	return TK_NONE;
}

void screen_begin(struct screen *sc)
{
	sc->out.len = 0;
	size(sc);
	if (sc->tty)
		sbuf_puts(&sc->out, "\033[H");
	else if (sc->frames)
		sbuf_putc(&sc->out, '\n');	/* between tables */
	sc->frames++;
}

void screen_line(struct screen *sc, bool header, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (n > sc->cols)
		n = sc->cols;
	if ((size_t)n >= sizeof(line))
		n = sizeof(line) - 1;
	if (sc->tty && header && sc->color)
		sbuf_puts(&sc->out, "\033[7m");
	sbuf_mem(&sc->out, line, n);
	if (sc->tty && header && sc->color) {
		/* the bar spans the screen */
		for (int i = n; i < sc->cols; i++)
			sbuf_putc(&sc->out, ' ');
		sbuf_puts(&sc->out, "\033[m");
	}
	if (sc->tty)
		sbuf_puts(&sc->out, "\033[K");	/* what the last frame left */
	sbuf_puts(&sc->out, sc->tty ? "\r\n" : "\n");
}

int screen_rows_left(const struct screen *sc, int used)
{
	return sc->rows - used - (sc->tty ? 2 : 0);
}

bool screen_match(const struct screen *sc, const char *name)
{
	return !sc->filter[0] || strstr(name, sc->filter);
}

int screen_end(struct screen *sc, const char *help)
{
	size_t off = 0;

	if (sc->tty) {
		sbuf_puts(&sc->out, "\033[J");	/* below the table: nothing */
		sbuf_printf(&sc->out, "\033[%d;1H", sc->rows);
		if (sc->filtering)
			sbuf_printf(&sc->out, "filter: %s_", sc->typed);
		else
			sbuf_printf(&sc->out, "%.*s%s%s%s", sc->cols - 30, help,
				    sc->filter[0] ? "  filter: " : "", sc->filter,
				    sc->paused ? "  PAUSED" : "");
		sbuf_puts(&sc->out, "\033[K");
	}
	while (off < sc->out.len) {
		ssize_t n = write(STDOUT_FILENO, sc->out.p + off, sc->out.len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -errno;
		off += n;
	}
	return 0;
}

void fmt_ns(char *buf, size_t len, double ns)
{
	if (ns < 1e3)
		snprintf(buf, len, "%.0fns", ns);
	else if (ns < 1e6)
		snprintf(buf, len, "%.1fus", ns / 1e3);
	else if (ns < 1e9)
		snprintf(buf, len, "%.1fms", ns / 1e6);
	else
		snprintf(buf, len, "%.2fs", ns / 1e9);
}
