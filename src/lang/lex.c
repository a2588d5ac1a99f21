// SPDX-License-Identifier: GPL-2.0
/*
 * The lexer.  bpftrace runs clang's preprocessor over a script; strobe has
 * no compiler, so the lines tools actually use are handled here: #include of
 * a header that exists is accepted without reading it (types come from BTF),
 * of one found nowhere is clang's error, #ifdef/#ifndef/#else/#endif
 * with BPFTRACE_HAVE_BTF defined (true here: every type comes from BTF),
 * and #define NAME NUMBER.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lang.h"

static int diag(FILE *o, const struct src *s, struct loc l, const char *level, const char *fmt,
		va_list ap)
{
	const char *p = s->text, *e;
	int line = 1, end;

	fprintf(o, "%s:%d:%d-%d: %s: ", s->name, l.line, l.col,
		l.end > l.col ? l.end : l.col + 1, level);
	vfprintf(o, fmt, ap);
	fputc('\n', o);
	while (line < l.line && (p = memchr(p, '\n', s->text + s->len - p))) {
		p++;
		line++;
	}
	if (!p || line != l.line)
		return -1;
	e = memchr(p, '\n', s->text + s->len - p);
	if (!e)
		e = s->text + s->len;
	fprintf(o, "%.*s\n", (int)(e - p), p);
	end = l.end > l.col ? l.end : l.col + 1;
	for (int i = 1; i < l.col; i++)
		fputc(p[i - 1] == '\t' ? '\t' : ' ', o);
	for (int i = l.col; i < end; i++)
		fputc('~', o);
	fputc('\n', o);
	return -1;
}

int lang_error(const struct src *s, struct loc l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag(stderr, s, l, "ERROR", fmt, ap);
	va_end(ap);
	return -1;
}

int lang_cerror(const struct src *s, struct loc l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag(stderr, s, l, "error", fmt, ap);
	va_end(ap);
	return -1;
}

void lang_warning(FILE *o, const struct src *s, struct loc l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag(o, s, l, "WARNING", fmt, ap);
	va_end(ap);
}

void lex_init(struct lexer *lx, const struct src *s)
{
	memset(lx, 0, sizeof(*lx));
	lx->src = s;
	lx->line = 1;
	lx->col = 1;
	lx->at_line_start = true;
	lx->defs[lx->ndefs].name = strdup("BPFTRACE_HAVE_BTF");
	lx->defs[lx->ndefs++].v = 1;
}

static int peekc(const struct lexer *lx, size_t ahead)
{
	size_t i = lx->pos + ahead;

	return i < lx->src->len ? (unsigned char)lx->src->text[i] : 0;
}

static void adv(struct lexer *lx)
{
	if (lx->pos >= lx->src->len)
		return;
	if (lx->src->text[lx->pos] == '\n') {
		lx->line++;
		lx->col = 1;
		lx->at_line_start = true;
	} else {
		lx->col++;
		if (!isspace((unsigned char)lx->src->text[lx->pos]))
			lx->at_line_start = false;
	}
	lx->pos++;
}

static bool skipping(const struct lexer *lx)
{
	for (int i = 0; i < lx->if_depth && i < 16; i++)
		if (lx->skipping[i])
			return true;
	return false;
}

static int find_def(const struct lexer *lx, const char *name, size_t n)
{
	for (int i = 0; i < lx->ndefs; i++)
		if (strlen(lx->defs[i].name) == n && !memcmp(lx->defs[i].name, name, n))
			return i;
	return -1;
}

/* The kernel's own header folders: their types come from the kernel's BTF
 * (tools include <net/sock.h>, <linux/sched.h>, which no package installs
 * here), so such a header is accepted whether or not it is on the disk. */
static const char *const kernel_dirs[] = {
	"linux/", "net/", "asm/", "asm-generic/", "uapi/", "kernel/", "trace/", "scsi/",
	"crypto/", "sound/", "media/", "rdma/", "xen/", "keys/", "acpi/", "drm/", "video/",
	"misc/", "soc/", "target/", "dt-bindings/", "clocksource/", "ras/", "vdso/", NULL,
};

/* #include <h> / "h": a header the C library's or the kernel's, whose
 * types strobe takes from BTF and its own table, is accepted; one that
 * exists nowhere is an error as the C preprocessor words it (bpftrace
 * runs clang's).  Its definitions are not read (strobe has no
 * preprocessor for system headers' macros); a program's own structs are
 * written in the program. */
static int include_check(struct lexer *lx, size_t start, const char *a, size_t n,
			 struct loc l)
{
	static const char *const dirs[] = {
		"/usr/include/", "/usr/local/include/", "/usr/include/x86_64-linux-gnu/", NULL,
	};
	char name[256], path[512];
	const char *e;
	char close;

	while (n && (*a == ' ' || *a == '\t'))
		a++, n--;
	if (!n || (*a != '<' && *a != '"'))
		return lang_error(lx->src, l, "#include expects \"FILENAME\" or <FILENAME>");
	close = *a == '<' ? '>' : '"';
	e = memchr(a + 1, close, n - 1);
	if (!e || e - a - 1 >= (long)sizeof(name) || e == a + 1)
		return lang_error(lx->src, l, "#include expects \"FILENAME\" or <FILENAME>");
	snprintf(name, sizeof(name), "%.*s", (int)(e - a - 1), a + 1);
	for (int i = 0; kernel_dirs[i]; i++)
		if (!strncmp(name, kernel_dirs[i], strlen(kernel_dirs[i])))
			return 0;
	if (close == '"') {
		/* beside the script, then where strobe runs */
		const char *slash = strrchr(lx->src->name, '/');

		if (strcmp(lx->src->name, "stdin") && slash)
			snprintf(path, sizeof(path), "%.*s/%s", (int)(slash - lx->src->name),
				 lx->src->name, name);
		else
			snprintf(path, sizeof(path), "%s", name);
		if (!access(path, R_OK) || !access(name, R_OK))
			return 0;
	}
	for (int i = 0; dirs[i]; i++) {
		snprintf(path, sizeof(path), "%s%s", dirs[i], name);
		if (!access(path, R_OK))
			return 0;
	}
	l.col += (int)(a - (lx->src->text + start));
	l.end = l.col + (int)(e - a) + 1;
	return lang_cerror(lx->src, l, "'%s' file not found", name);
}

/* A line starting with '#': a directive.  Returns -1 on a bad one. */
static int directive(struct lexer *lx)
{
	const char *t = lx->src->text;
	size_t start = lx->pos, end = start, w, wn;
	struct loc l = { lx->line, lx->col, lx->col + 1 };
	char word[16];

	while (end < lx->src->len && t[end] != '\n') {
		if (t[end] == '\\' && end + 1 < lx->src->len && t[end + 1] == '\n')
			end++;
		end++;
	}
	w = start + 1;
	while (w < end && (t[w] == ' ' || t[w] == '\t'))
		w++;
	wn = 0;
	while (w + wn < end && isalpha((unsigned char)t[w + wn]))
		wn++;
	snprintf(word, sizeof(word), "%.*s", (int)(wn < 15 ? wn : 15), t + w);
	/* the argument: the next word */
	size_t a = w + wn, an;
	while (a < end && (t[a] == ' ' || t[a] == '\t'))
		a++;
	an = 0;
	while (a + an < end && (isalnum((unsigned char)t[a + an]) || t[a + an] == '_'))
		an++;
	while (lx->pos < end)
		adv(lx);
	if (start == 0 && t[1] == '!')
		return 0;	/* #! interpreter line */
	if (!strcmp(word, "ifdef") || !strcmp(word, "ifndef")) {
		bool def = find_def(lx, t + a, an) >= 0;

		if (lx->if_depth >= 16)
			return lang_error(lx->src, l, "preprocessor conditionals nested too deep");
		lx->skipping[lx->if_depth++] = word[2] == 'n' ? def : !def;
		return 0;
	}
	if (!strcmp(word, "else")) {
		if (!lx->if_depth)
			return lang_error(lx->src, l, "#else without #if");
		lx->skipping[lx->if_depth - 1] = !lx->skipping[lx->if_depth - 1];
		return 0;
	}
	if (!strcmp(word, "endif")) {
		if (!lx->if_depth)
			return lang_error(lx->src, l, "#endif without #if");
		lx->if_depth--;
		return 0;
	}
	if (skipping(lx))
		return 0;
	if (!strcmp(word, "include"))
		return include_check(lx, start, t + w + wn, end - w - wn, l);
	if (!strcmp(word, "pragma") || !strcmp(word, "undef"))
		return 0;
	if (!strcmp(word, "define")) {
		size_t v = a + an;
		char *endp;
		long long val;

		while (v < end && (t[v] == ' ' || t[v] == '\t'))
			v++;
		if (!an || lx->ndefs == 64)
			return lang_error(lx->src, l, "not supported yet: this #define");
		if (v == end) {
			val = 1;
		} else {
			char num[64];

			snprintf(num, sizeof(num), "%.*s", (int)(end - v < 63 ? end - v : 63), t + v);
			val = strtoll(num, &endp, 0);
			while (*endp == ' ' || *endp == '\t' || *endp == 'U' || *endp == 'L')
				endp++;
			if (*endp && *endp != '/')
				return lang_error(lx->src, l, "not supported yet: #define of "
						  "anything but a number");
		}
		lx->defs[lx->ndefs].name = strndup(t + a, an);
		lx->defs[lx->ndefs++].v = val;
		return 0;
	}
	if (!strcmp(word, "if"))
		return lang_error(lx->src, l, "not supported yet: #if (use #ifdef)");
	return lang_error(lx->src, l, "not supported yet: preprocessor directive #%s", word);
}

static bool ident_char(int c);

/* A C declaration's first word at the top level (struct Foo {...}), not
 * an attach point. */
static bool c_decl_word(const struct lexer *lx)
{
	static const char *const w[] = { "struct", "union", "enum", "typedef", NULL };
	const char *s = lx->src->text + lx->pos;
	size_t left = lx->src->len - lx->pos;

	for (int i = 0; w[i]; i++) {
		size_t n = strlen(w[i]);

		if (left > n && !memcmp(s, w[i], n) && !ident_char((unsigned char)s[n]))
			return true;
	}
	return false;
}

/* Skip blanks, comments and directives (and lines under a false #if). */
static int skip_space(struct lexer *lx)
{
	for (;;) {
		int c = peekc(lx, 0);

		if (!c)
			return 0;
		if (c == '#' && lx->at_line_start) {
			if (directive(lx))
				return -1;
			continue;
		}
		if (skipping(lx)) {
			adv(lx);
			continue;
		}
		if (isspace(c)) {
			adv(lx);
		} else if (c == '/' && peekc(lx, 1) == '/') {
			while (peekc(lx, 0) && peekc(lx, 0) != '\n')
				adv(lx);
		} else if (c == '/' && peekc(lx, 1) == '*') {
			struct loc l = { lx->line, lx->col, lx->col + 2 };

			adv(lx);
			adv(lx);
			while (peekc(lx, 0) && !(peekc(lx, 0) == '*' && peekc(lx, 1) == '/'))
				adv(lx);
			if (!peekc(lx, 0))
				return lang_error(lx->src, l, "unterminated comment");
			adv(lx);
			adv(lx);
		} else {
			return 0;
		}
	}
}

static const struct { const char *w; enum tok t; } keywords[] = {
	{ "if", T_IF }, { "else", T_ELSE }, { "while", T_WHILE },
	{ "unroll", T_UNROLL }, { "return", T_RETURN }, { "break", T_BREAK },
	{ "continue", T_CONTINUE }, { "struct", T_STRUCT }, { "union", T_UNION },
	{ "enum", T_ENUM }, { "sizeof", T_SIZEOF }, { "offsetof", T_OFFSETOF },
};

static const struct { const char *s; enum tok t; } ops[] = {
	{ "<<=", T_SHL_ASSIGN }, { ">>=", T_SHR_ASSIGN },
	{ "->", T_ARROW }, { "++", T_INC }, { "--", T_DEC }, { "<<", T_SHL },
	{ ">>", T_SHR }, { "<=", T_LE }, { ">=", T_GE }, { "==", T_EQ },
	{ "!=", T_NE }, { "&&", T_LAND }, { "||", T_LOR }, { "+=", T_ADD_ASSIGN },
	{ "-=", T_SUB_ASSIGN }, { "*=", T_MUL_ASSIGN }, { "/=", T_DIV_ASSIGN },
	{ "%=", T_MOD_ASSIGN }, { "&=", T_AND_ASSIGN }, { "|=", T_OR_ASSIGN },
	{ "^=", T_XOR_ASSIGN },
	{ "{", T_LBRACE }, { "}", T_RBRACE }, { "(", T_LPAREN }, { ")", T_RPAREN },
	{ "[", T_LBRACK }, { "]", T_RBRACK }, { ";", T_SEMI }, { ",", T_COMMA },
	{ ":", T_COLON }, { "?", T_QUESTION }, { ".", T_DOT }, { "+", T_PLUS },
	{ "-", T_MINUS }, { "*", T_STAR }, { "/", T_SLASH }, { "%", T_PERCENT },
	{ "&", T_AMP }, { "|", T_PIPE }, { "^", T_CARET }, { "~", T_TILDE },
	{ "!", T_NOT }, { "<", T_LT }, { ">", T_GT }, { "=", T_ASSIGN },
};

const char *tok_name(enum tok t)
{
	switch (t) {
	case T_EOF: return "end of file";
	case T_INT: return "integer";
	case T_STR: return "string";
	case T_IDENT: return "identifier";
	case T_VAR: return "variable";
	case T_MAP: return "map";
	case T_POS: case T_POSCOUNT: return "positional parameter";
	case T_PROBE_WORD: return "attach point";
	default: break;
	}
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (ops[i].t == t)
			return ops[i].s;
	for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if (keywords[i].t == t)
			return keywords[i].w;
	return "?";
}

static int lex_string(struct lexer *lx, struct token *t)
{
	char *out = malloc(lx->src->len - lx->pos + 1);
	size_t n = 0;

	if (!out)
		return -1;
	adv(lx);
	for (;;) {
		int c = peekc(lx, 0);

		if (!c || c == '\n') {
			free(out);
			t->l.end = lx->col;
			return lang_error(lx->src, t->l, "unterminated string");
		}
		adv(lx);
		if (c == '"')
			break;
		if (c != '\\') {
			out[n++] = c;
			continue;
		}
		c = peekc(lx, 0);
		adv(lx);
		switch (c) {
		case 'n': out[n++] = '\n'; break;
		case 't': out[n++] = '\t'; break;
		case 'r': out[n++] = '\r'; break;
		case 'a': out[n++] = '\a'; break;
		case 'b': out[n++] = '\b'; break;
		case 'f': out[n++] = '\f'; break;
		case 'v': out[n++] = '\v'; break;
		case 'e': out[n++] = 27; break;
		case '\\': out[n++] = '\\'; break;
		case '"': out[n++] = '"'; break;
		case '\'': out[n++] = '\''; break;
		case 'x': {
			int v = 0, k = 0;

			while (k < 2 && isxdigit(peekc(lx, 0))) {
				int d = peekc(lx, 0);

				v = v * 16 + (isdigit(d) ? d - '0' : (tolower(d) - 'a' + 10));
				adv(lx);
				k++;
			}
			out[n++] = v;
			break;
		}
		default:
			if (c >= '0' && c <= '7') {
				int v = c - '0', k = 1;

				while (k < 3 && peekc(lx, 0) >= '0' && peekc(lx, 0) <= '7') {
					v = v * 8 + peekc(lx, 0) - '0';
					adv(lx);
					k++;
				}
				out[n++] = v;
				break;
			}
			free(out);
			t->l.end = lx->col;
			return lang_error(lx->src, t->l, "invalid escape character '\\%c'", c);
		}
	}
	out[n] = 0;
	t->t = T_STR;
	t->s = out;
	t->slen = n;
	return 0;
}

static int lex_number(struct lexer *lx, struct token *t)
{
	const char *p = lx->src->text + lx->pos, *e = lx->src->text + lx->src->len;
	const char *q = p;
	unsigned long long v = 0;
	bool overflow = false;

	if (q + 1 < e && q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
		q += 2;
		while (q < e && (isxdigit((unsigned char)*q) || *q == '_')) {
			if (*q != '_') {
				int d = isdigit((unsigned char)*q) ? *q - '0' : tolower(*q) - 'a' + 10;

				overflow |= v >> 60 != 0;
				v = v * 16 + d;
			}
			q++;
		}
	} else {
		while (q < e && (isdigit((unsigned char)*q) || *q == '_')) {
			if (*q != '_') {
				overflow |= v > (~0ULL - 9) / 10;
				v = v * 10 + (*q - '0');
			}
			q++;
		}
		/* 1e6: an integer written with an exponent */
		if (q + 1 < e && (*q == 'e' || *q == 'E') && isdigit((unsigned char)q[1])) {
			int ex = 0;

			q++;
			while (q < e && isdigit((unsigned char)*q))
				ex = ex * 10 + (*q++ - '0');
			while (ex-- > 0) {
				overflow |= v > ~0ULL / 10;
				v *= 10;
			}
		}
	}
	/* integer suffixes, as C allows */
	while (q < e && (*q == 'u' || *q == 'U' || *q == 'l' || *q == 'L'))
		q++;
	while (lx->src->text + lx->pos < q)
		adv(lx);
	t->l.end = lx->col;
	if (q < e && (isalpha((unsigned char)*q) || *q == '_'))
		return lang_error(lx->src, t->l, "invalid integer literal");
	if (overflow)
		return lang_error(lx->src, t->l, "integer literal too large");
	t->t = T_INT;
	t->ival = (int64_t)v;
	return 0;
}

static bool ident_char(int c)
{
	return isalnum(c) || c == '_';
}

/* An attach point: everything up to a blank, ',' or '{' (a '/' right after
 * a blank starts the predicate), with "quoted" parts kept whole. */
static int lex_probe_word(struct lexer *lx, struct token *t)
{
	size_t start = lx->pos;

	for (;;) {
		int c = peekc(lx, 0);

		if (!c || isspace(c) || c == ',' || c == '{')
			break;
		if (c == '/' && lx->pos == start)
			break;
		if (c == '/' && (peekc(lx, 1) == '/' || peekc(lx, 1) == '*') &&
		    lx->pos > start && lx->src->text[lx->pos - 1] != ':')
			break;	/* a comment right after the attach point */
		if (c == '"') {
			adv(lx);
			while (peekc(lx, 0) && peekc(lx, 0) != '"' && peekc(lx, 0) != '\n')
				adv(lx);
			if (peekc(lx, 0) != '"') {
				t->l.end = lx->col;
				return lang_error(lx->src, t->l, "unterminated string");
			}
		}
		adv(lx);
	}
	t->t = T_PROBE_WORD;
	t->p = lx->src->text + start;
	t->n = lx->pos - start;
	t->s = strndup(t->p, t->n);
	t->l.end = lx->col;
	return 0;
}

int lex_next(struct lexer *lx, struct token *t, bool probe_ctx)
{
	const char *s = lx->src->text;
	int c;

	memset(t, 0, sizeof(*t));
	if (skip_space(lx))
		return -1;
	t->l.line = lx->line;
	t->l.col = lx->col;
	t->p = s + lx->pos;
	c = peekc(lx, 0);
	if (!c) {
		if (lx->if_depth) {
			t->l.end = t->l.col + 1;
			return lang_error(lx->src, t->l, "missing #endif");
		}
		t->t = T_EOF;
		t->l.end = t->l.col + 1;
		return 0;
	}
	if (probe_ctx && c != '/' && c != '{' && c != ',' && c != '}' && c != ';' &&
	    !c_decl_word(lx))
		return lex_probe_word(lx, t);
	if (c == '"')
		return lex_string(lx, t);
	if (isdigit(c))
		return lex_number(lx, t);
	if (c == '\'') {
		/* a character constant */
		int v;

		adv(lx);
		v = peekc(lx, 0);
		if (v == '\\') {
			adv(lx);
			v = peekc(lx, 0);
			v = v == 'n' ? '\n' : v == 't' ? '\t' : v == '0' ? 0 : v;
		}
		adv(lx);
		if (peekc(lx, 0) != '\'') {
			t->l.end = lx->col;
			return lang_error(lx->src, t->l, "unterminated character constant");
		}
		adv(lx);
		t->t = T_INT;
		t->ival = v;
		t->l.end = lx->col;
		return 0;
	}
	if (isalpha(c) || c == '_') {
		size_t st = lx->pos;
		int d;

		while (ident_char(peekc(lx, 0)))
			adv(lx);
		t->n = lx->pos - st;
		t->l.end = lx->col;
		for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
			if (strlen(keywords[i].w) == t->n && !memcmp(keywords[i].w, s + st, t->n)) {
				t->t = keywords[i].t;
				return 0;
			}
		d = find_def(lx, s + st, t->n);
		if (d >= 0) {
			t->t = T_INT;
			t->ival = lx->defs[d].v;
			return 0;
		}
		t->t = T_IDENT;
		t->s = strndup(s + st, t->n);
		return 0;
	}
	if (c == '$' || c == '@') {
		size_t st;

		adv(lx);
		st = lx->pos;
		if (c == '$' && peekc(lx, 0) == '#') {
			adv(lx);
			t->t = T_POSCOUNT;
			t->l.end = lx->col;
			return 0;
		}
		if (c == '$' && isdigit(peekc(lx, 0))) {
			while (isdigit(peekc(lx, 0)))
				adv(lx);
			t->t = T_POS;
			t->ival = strtol(s + st, NULL, 10);
			t->l.end = lx->col;
			return 0;
		}
		while (ident_char(peekc(lx, 0)))
			adv(lx);
		t->l.end = lx->col;
		if (c == '$' && lx->pos == st)
			return lang_error(lx->src, t->l, "syntax error, unexpected $");
		t->t = c == '$' ? T_VAR : T_MAP;
		t->s = strndup(s + st - 1, lx->pos - st + 1);	/* with its sigil */
		return 0;
	}
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		size_t n = strlen(ops[i].s);

		if (lx->src->len - lx->pos >= n && !memcmp(s + lx->pos, ops[i].s, n)) {
			for (size_t k = 0; k < n; k++)
				adv(lx);
			t->t = ops[i].t;
			t->l.end = lx->col;
			return 0;
		}
	}
	t->l.end = t->l.col + 1;
	return lang_error(lx->src, t->l, "invalid character '%c'", c);
}
