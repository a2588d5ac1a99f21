// SPDX-License-Identifier: GPL-2.0
/*
 * The parser: recursive descent over bpftrace's grammar, expressions with
 * C's precedence.  One token of lookahead, plus a second one to tell a cast
 * "(type)expr" from a parenthesised expression.
 */
#include <stdlib.h>
#include <string.h>

#include "lang.h"

struct parser {
	struct lexer lx;
	const struct src *src;
	struct token tok, next;
	bool have_next;
	bool failed;
	char *tnames[64];	/* typedef names the program declares: casts */
	int ntnames;
};

struct node *node_new(enum node_kind k, struct loc l)
{
	struct node *n = calloc(1, sizeof(*n));

	if (!n)
		abort();	/* a parser without memory has nothing to say */
	n->kind = k;
	n->l = l;
	n->id = -1;
	return n;
}

void node_free(struct node *n)
{
	if (!n)
		return;
	node_free(n->a);
	node_free(n->b);
	node_free(n->c);
	for (int i = 0; i < n->nv; i++)
		node_free(n->v[i]);
	free(n->v);
	free(n->str);
	free(n);
}

static void push(struct node *n, struct node *c)
{
	n->v = realloc(n->v, (n->nv + 1) * sizeof(*n->v));
	if (!n->v)
		abort();
	n->v[n->nv++] = c;
}

static int advance(struct parser *p, bool probe_ctx)
{
	free(p->tok.s);
	if (p->have_next) {
		p->tok = p->next;
		p->have_next = false;
		return 0;
	}
	if (lex_next(&p->lx, &p->tok, probe_ctx)) {
		p->failed = true;
		p->tok.t = T_EOF;
		p->tok.s = NULL;
		return -1;
	}
	return 0;
}

static struct token *peek2(struct parser *p)
{
	if (!p->have_next) {
		if (lex_next(&p->lx, &p->next, false)) {
			p->failed = true;
			p->next.t = T_EOF;
		}
		p->have_next = true;
	}
	return &p->next;
}

static void *fail(struct parser *p, struct loc l, const char *msg)
{
	if (!p->failed)
		lang_error(p->src, l, "%s", msg);
	p->failed = true;
	return NULL;
}

static void *unexpected(struct parser *p)
{
	char msg[128];

	if (p->tok.t == T_EOF)
		snprintf(msg, sizeof(msg), "syntax error, unexpected end of file");
	else
		snprintf(msg, sizeof(msg), "syntax error, unexpected %s", tok_name(p->tok.t));
	return fail(p, p->tok.l, msg);
}

static bool expect(struct parser *p, enum tok t)
{
	if (p->tok.t != t) {
		char msg[128];

		snprintf(msg, sizeof(msg), "syntax error, unexpected %s, expecting %s",
			 p->tok.t == T_EOF ? "end of file" : tok_name(p->tok.t), tok_name(t));
		fail(p, p->tok.l, msg);
		return false;
	}
	advance(p, false);
	return !p->failed;
}

static struct loc span(struct loc a, struct loc b)
{
	if (a.line == b.line && b.end > a.end)
		a.end = b.end;
	return a;
}

static struct node *expr(struct parser *p);
static struct node *unary(struct parser *p);
static struct node *block_(struct parser *p, bool top);
#define block(p) block_(p, false)

static const char *const type_words[] = {
	"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
	"int", "char", "short", "long", "unsigned", "signed", "void", "bool",
	"u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "size_t",
	"pid_t", "uid_t", "gid_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
	"uint16_t", "uint32_t", "uint64_t", NULL,
};

static bool is_type_word(const struct parser *p, const struct token *t)
{
	if (t->t == T_STRUCT || t->t == T_UNION || t->t == T_ENUM)
		return true;
	if (t->t != T_IDENT)
		return false;
	for (int i = 0; type_words[i]; i++)
		if (!strcmp(t->s, type_words[i]))
			return true;
	for (int i = 0; i < p->ntnames; i++)
		if (!strcmp(t->s, p->tnames[i]))
			return true;
	return false;
}

/* "(type *)": the tokens after '(' up to ')'; the type text in n->str. */
static struct node *cast(struct parser *p, struct loc l)
{
	char text[256] = "";
	size_t len = 0;
	int stars = 0;
	struct node *n;

	while (p->tok.t == T_IDENT || p->tok.t == T_STRUCT || p->tok.t == T_UNION ||
	       p->tok.t == T_ENUM) {
		const char *w = p->tok.t == T_IDENT ? p->tok.s : tok_name(p->tok.t);

		len += snprintf(text + len, sizeof(text) - len, "%s%s", len ? " " : "", w);
		if (len >= sizeof(text))
			return fail(p, p->tok.l, "type name too long");
		advance(p, false);
	}
	while (p->tok.t == T_STAR) {
		stars++;
		advance(p, false);
	}
	if (p->tok.t == T_LBRACK)
		return fail(p, p->tok.l, "not supported yet: casts to array types");
	if (!expect(p, T_RPAREN))
		return NULL;
	n = node_new(N_CAST, l);
	n->str = strdup(text);
	n->ptr_depth = stars;
	n->a = unary(p);
	if (!n->a) {
		node_free(n);
		return NULL;
	}
	n->l = span(l, n->a->l);
	return n;
}

static struct node *call_args(struct parser *p, struct node *n)
{
	advance(p, false);	/* ( */
	if (p->tok.t != T_RPAREN) {
		for (;;) {
			struct node *a = expr(p);

			if (!a)
				return NULL;
			push(n, a);
			if (p->tok.t != T_COMMA)
				break;
			advance(p, false);
		}
	}
	n->l = span(n->l, p->tok.l);
	if (!expect(p, T_RPAREN))
		return NULL;
	return n;
}

static struct node *primary(struct parser *p)
{
	struct token *t = &p->tok;
	struct node *n;

	switch (t->t) {
	case T_INT:
		n = node_new(N_INT, t->l);
		n->ival = t->ival;
		advance(p, false);
		return n;
	case T_STR:
		n = node_new(N_STR, t->l);
		n->str = t->s;
		n->slen = t->slen;
		t->s = NULL;
		advance(p, false);
		/* adjacent literals concatenate, as in C */
		while (p->tok.t == T_STR) {
			n->str = realloc(n->str, n->slen + p->tok.slen + 1);
			memcpy(n->str + n->slen, p->tok.s, p->tok.slen + 1);
			n->slen += p->tok.slen;
			n->l = span(n->l, p->tok.l);
			advance(p, false);
		}
		return n;
	case T_VAR:
		n = node_new(N_VAR, t->l);
		n->str = t->s;
		t->s = NULL;
		advance(p, false);
		return n;
	case T_POS:
		n = node_new(N_POS, t->l);
		n->ival = t->ival;
		advance(p, false);
		return n;
	case T_POSCOUNT:
		n = node_new(N_POSCOUNT, t->l);
		advance(p, false);
		return n;
	case T_MAP:
		n = node_new(N_MAP, t->l);
		n->str = t->s;
		t->s = NULL;
		advance(p, false);
		if (p->tok.t == T_LBRACK) {
			advance(p, false);
			for (;;) {
				struct node *k = expr(p);

				if (!k) {
					node_free(n);
					return NULL;
				}
				push(n, k);
				if (p->tok.t != T_COMMA)
					break;
				advance(p, false);
			}
			n->l = span(n->l, p->tok.l);
			if (!expect(p, T_RBRACK)) {
				node_free(n);
				return NULL;
			}
		}
		return n;
	case T_IDENT:
		n = node_new(N_BUILTIN, t->l);
		n->str = t->s;
		t->s = NULL;
		advance(p, false);
		if (p->tok.t == T_LPAREN) {
			n->kind = N_CALL;
			if (!call_args(p, n)) {
				node_free(n);
				return NULL;
			}
		}
		return n;
	case T_SIZEOF: {
		struct loc l = t->l;

		advance(p, false);
		if (!expect(p, T_LPAREN))
			return NULL;
		n = node_new(N_SIZEOF, l);
		if (is_type_word(p, &p->tok)) {
			char text[256] = "";
			size_t len = 0;

			while (is_type_word(p, &p->tok) || p->tok.t == T_IDENT) {
				const char *w = p->tok.t == T_IDENT ? p->tok.s : tok_name(p->tok.t);

				len += snprintf(text + len, sizeof(text) - len, "%s%s",
						len ? " " : "", w);
				advance(p, false);
			}
			while (p->tok.t == T_STAR) {
				n->ptr_depth++;
				advance(p, false);
			}
			n->str = strdup(text);
		} else {
			n->a = expr(p);
			if (!n->a) {
				node_free(n);
				return NULL;
			}
		}
		n->l = span(n->l, p->tok.l);
		if (!expect(p, T_RPAREN)) {
			node_free(n);
			return NULL;
		}
		return n;
	}
	case T_LPAREN: {
		struct loc l = t->l;

		advance(p, false);
		if (is_type_word(p, &p->tok) && (p->tok.t != T_IDENT ||
					      peek2(p)->t == T_RPAREN || p->next.t == T_STAR ||
					      p->next.t == T_IDENT))
			return cast(p, l);
		n = expr(p);
		if (!n)
			return NULL;
		if (p->tok.t == T_COMMA) {
			struct node *tu = node_new(N_TUPLE, l);

			push(tu, n);
			while (p->tok.t == T_COMMA) {
				advance(p, false);
				n = expr(p);
				if (!n) {
					node_free(tu);
					return NULL;
				}
				push(tu, n);
			}
			n = tu;
		}
		if (!expect(p, T_RPAREN)) {
			node_free(n);
			return NULL;
		}
		return n;
	}
	default:
		return unexpected(p);
	}
}

static struct node *postfix(struct parser *p)
{
	/* a member access starts where its operand's parentheses do, as
	 * bpftrace places it: ((struct foo *)0)->a is at the first '(' */
	struct loc start = p->tok.l;
	struct node *n = primary(p), *m;

	while (n) {
		if (p->tok.t == T_DOT || p->tok.t == T_ARROW) {
			bool arrow = p->tok.t == T_ARROW;

			advance(p, false);
			if (p->tok.t != T_IDENT && !(p->tok.t == T_INT && !arrow)) {
				node_free(n);
				return unexpected(p);
			}
			m = node_new(N_FIELD, span(start.line == n->l.line && start.col < n->l.col ?
						   start : n->l, p->tok.l));
			m->a = n;
			m->arrow = arrow;
			if (p->tok.t == T_IDENT) {
				m->str = p->tok.s;
				p->tok.s = NULL;
			} else {
				m->ival = p->tok.ival;	/* tuple element: $t.0 */
				m->op = 1;
			}
			advance(p, false);
			n = m;
		} else if (p->tok.t == T_LBRACK) {
			advance(p, false);
			m = node_new(N_INDEX, n->l);
			m->a = n;
			m->b = expr(p);
			n = m;
			if (!m->b) {
				node_free(n);
				return NULL;
			}
			n->l = span(n->l, p->tok.l);
			if (!expect(p, T_RBRACK)) {
				node_free(n);
				return NULL;
			}
		} else if (p->tok.t == T_INC || p->tok.t == T_DEC) {
			m = node_new(N_INCDEC, span(n->l, p->tok.l));
			m->op = p->tok.t == T_INC ? '+' : '-';
			m->a = n;
			n = m;
			advance(p, false);
		} else {
			break;
		}
	}
	return n;
}

static struct node *unary(struct parser *p)
{
	enum tok t = p->tok.t;
	struct loc l = p->tok.l;
	struct node *n;

	/* no unary &: bpftrace 0.17's grammar has no address-of either */
	if (t == T_NOT || t == T_TILDE || t == T_MINUS || t == T_STAR || t == T_PLUS) {
		advance(p, false);
		n = node_new(N_UNOP, l);
		n->op = t;
		n->a = unary(p);
		if (!n->a) {
			node_free(n);
			return NULL;
		}
		n->l = span(l, n->a->l);
		return n;
	}
	if (t == T_INC || t == T_DEC) {
		advance(p, false);
		n = node_new(N_INCDEC, l);
		n->op = t == T_INC ? '+' : '-';
		n->ival = 1;	/* prefix */
		n->a = unary(p);
		if (!n->a) {
			node_free(n);
			return NULL;
		}
		n->l = span(l, n->a->l);
		return n;
	}
	return postfix(p);
}

/* Binary operators by precedence level, loosest first. */
static const enum tok levels[][5] = {
	{ T_LOR }, { T_LAND }, { T_PIPE }, { T_CARET }, { T_AMP },
	{ T_EQ, T_NE }, { T_LT, T_GT, T_LE, T_GE }, { T_SHL, T_SHR },
	{ T_PLUS, T_MINUS }, { T_STAR, T_SLASH, T_PERCENT },
};
#define NLEVELS (int)(sizeof(levels) / sizeof(levels[0]))

static struct node *binary(struct parser *p, int level)
{
	struct node *n;

	if (level == NLEVELS)
		return unary(p);
	n = binary(p, level + 1);
	while (n) {
		bool match = false;
		struct node *m;

		for (int i = 0; i < 5 && levels[level][i]; i++)
			match |= p->tok.t == levels[level][i];
		/* the '/' closing a predicate is followed by the block */
		if (match && p->tok.t == T_SLASH && peek2(p)->t == T_LBRACE)
			match = false;
		if (!match)
			break;
		m = node_new(N_BINOP, n->l);
		m->op = p->tok.t;
		m->a = n;
		advance(p, false);
		m->b = binary(p, level + 1);
		if (!m->b) {
			node_free(m);
			return NULL;
		}
		m->l = span(n->l, m->b->l);
		n = m;
	}
	return n;
}

static struct node *expr(struct parser *p)
{
	struct node *n = binary(p, 0), *t;

	if (!n || p->tok.t != T_QUESTION)
		return n;
	advance(p, false);
	t = node_new(N_TERNARY, n->l);
	t->a = n;
	t->b = expr(p);
	if (!t->b || !expect(p, T_COLON)) {
		node_free(t);
		return NULL;
	}
	t->c = expr(p);
	if (!t->c) {
		node_free(t);
		return NULL;
	}
	t->l = span(n->l, t->c->l);
	return t;
}

static bool is_assign(enum tok t)
{
	return t == T_ASSIGN || (t >= T_ADD_ASSIGN && t <= T_SHR_ASSIGN);
}

static struct node *statement(struct parser *p)
{
	struct loc l = p->tok.l;
	struct node *n;

	switch (p->tok.t) {
	case T_IF:
		advance(p, false);
		if (!expect(p, T_LPAREN))
			return NULL;
		n = node_new(N_IF, l);
		n->a = expr(p);
		if (!n->a || !expect(p, T_RPAREN) || !(n->b = block(p))) {
			node_free(n);
			return NULL;
		}
		if (p->tok.t == T_ELSE) {
			advance(p, false);
			if (p->tok.t == T_IF) {
				struct node *b = node_new(N_BLOCK, p->tok.l);

				push(b, statement(p));
				if (!b->v[0]) {
					node_free(b);
					node_free(n);
					return NULL;
				}
				n->c = b;
			} else if (!(n->c = block(p))) {
				node_free(n);
				return NULL;
			}
		}
		return n;
	case T_WHILE:
	case T_UNROLL: {	/* while (cond) { ... }, unroll (n) { ... } */
		enum node_kind k = p->tok.t == T_WHILE ? N_WHILE : N_UNROLL;

		advance(p, false);
		if (!expect(p, T_LPAREN))
			return NULL;
		n = node_new(k, l);
		n->a = expr(p);
		if (!n->a || !expect(p, T_RPAREN) || !(n->b = block(p))) {
			node_free(n);
			return NULL;
		}
		return n;
	}
	case T_LBRACE:
		return block(p);
	case T_RETURN:
	case T_BREAK:
	case T_CONTINUE:
		n = node_new(p->tok.t == T_RETURN ? N_RETURN : p->tok.t == T_BREAK ? N_BREAK :
			     N_CONTINUE, l);
		advance(p, false);
		return n;
	default:
		break;
	}
	n = expr(p);
	if (!n)
		return NULL;
	if (is_assign(p->tok.t)) {
		struct node *a = node_new(N_ASSIGN, n->l);

		a->op = p->tok.t;
		a->a = n;
		advance(p, false);
		a->b = expr(p);
		if (!a->b) {
			node_free(a);
			return NULL;
		}
		a->l = span(n->l, a->b->l);
		return a;
	}
	struct node *s = node_new(N_EXPR_STMT, n->l);

	s->a = n;
	return s;
}

static struct node *block_(struct parser *p, bool top)
{
	struct node *b;

	if (p->tok.t != T_LBRACE)
		return unexpected(p);
	b = node_new(N_BLOCK, p->tok.l);
	advance(p, false);
	while (p->tok.t != T_RBRACE) {
		struct node *s;

		if (p->tok.t == T_SEMI) {
			advance(p, false);
			continue;
		}
		s = statement(p);
		if (!s) {
			node_free(b);
			return NULL;
		}
		push(b, s);
		if (s->kind == N_IF || s->kind == N_WHILE || s->kind == N_UNROLL ||
		    s->kind == N_BLOCK)
			continue;
		if (p->tok.t == T_SEMI)
			advance(p, false);
		else if (p->tok.t != T_RBRACE) {
			node_free(b);
			return unexpected(p);
		}
	}
	advance(p, top);	/* after a probe's }, the next probe */
	return b;
}

/* A C declaration at the top level (struct, union, enum, typedef): its
 * place in the source is kept for cdecl.c, which makes its types. */
static bool cdef_start(const struct parser *p)
{
	return p->tok.t == T_STRUCT || p->tok.t == T_UNION || p->tok.t == T_ENUM ||
	       (p->tok.t == T_IDENT && !strcmp(p->tok.s, "typedef"));
}

static int cdef(struct parser *p, struct program *prog)
{
	struct cdef d = { .start = p->tok.p - p->src->text, .l = p->tok.l };
	bool tdef = p->tok.t == T_IDENT;
	int depth = 0;
	char last[64] = "";	/* a typedef's name: its last word */

	advance(p, false);
	while (p->tok.t != T_EOF) {
		if (p->tok.t == T_LBRACE)
			depth++;
		if (tdef && depth == 0 && p->tok.t == T_IDENT)
			snprintf(last, sizeof(last), "%s", p->tok.s);
		if (p->tok.t == T_SEMI && depth == 0) {
			if (*last && p->ntnames < 64)
				p->tnames[p->ntnames++] = strdup(last);
			d.end = p->tok.p + 1 - p->src->text;
			advance(p, true);
			break;
		}
		if (p->tok.t == T_RBRACE && --depth == 0 && !tdef) {
			/* struct Foo { ... } probe: the ';' is optional */
			d.end = p->tok.p + 1 - p->src->text;
			advance(p, true);
			if (p->tok.t == T_SEMI) {
				d.end = p->tok.p + 1 - p->src->text;
				advance(p, true);
			}
			break;
		}
		advance(p, false);
	}
	if (!d.end) {
		unexpected(p);
		return -1;
	}
	prog->cdefs = realloc(prog->cdefs, (prog->ncdefs + 1) * sizeof(*prog->cdefs));
	if (!prog->cdefs)
		abort();
	prog->cdefs[prog->ncdefs++] = d;
	return 0;
}

static int probe(struct parser *p, struct probe *pr)
{
	memset(pr, 0, sizeof(*pr));
	pr->l = p->tok.l;
	for (;;) {
		if (p->tok.t != T_PROBE_WORD) {
			unexpected(p);
			return -1;
		}
		pr->ap = realloc(pr->ap, (pr->nap + 1) * sizeof(*pr->ap));
		pr->ap[pr->nap].text = p->tok.s;
		pr->ap[pr->nap].l = p->tok.l;
		p->tok.s = NULL;
		pr->nap++;
		advance(p, true);
		if (p->tok.t != T_COMMA)
			break;
		advance(p, true);
	}
	if (p->tok.t == T_SLASH) {
		advance(p, false);
		pr->pred = expr(p);
		if (!pr->pred || !expect(p, T_SLASH))
			return -1;
	}
	pr->body = block_(p, true);
	return pr->body ? 0 : -1;
}

int lang_parse(const struct src *s, struct program *prog)
{
	struct parser p = { .src = s };

	memset(prog, 0, sizeof(*prog));
	prog->src = *s;
	lex_init(&p.lx, s);
	if (advance(&p, true))
		goto fail;
	while (p.tok.t != T_EOF) {
		if (cdef_start(&p)) {
			if (cdef(&p, prog))
				goto fail;
			continue;
		}
		prog->probes = realloc(prog->probes, (prog->nprobes + 1) * sizeof(*prog->probes));
		if (probe(&p, &prog->probes[prog->nprobes])) {
			prog->nprobes++;
			goto fail;
		}
		prog->nprobes++;
	}
	if (!prog->nprobes) {
		lang_error(s, p.tok.l, "no probes in the program");
		goto fail;
	}
	free(p.tok.s);
	for (int i = 0; i < p.ntnames; i++)
		free(p.tnames[i]);
	/* kept for cdecl.c, which lexes the declarations again */
	for (int i = 0; i < p.lx.ndefs; i++) {
		prog->defs[i].name = p.lx.defs[i].name;
		prog->defs[i].v = p.lx.defs[i].v;
	}
	prog->ndefs = p.lx.ndefs;
	return 0;
fail:
	free(p.tok.s);
	for (int i = 0; i < p.ntnames; i++)
		free(p.tnames[i]);
	if (p.have_next)
		free(p.next.s);
	for (int i = 0; i < p.lx.ndefs; i++)
		free(p.lx.defs[i].name);
	program_free(prog);
	return -1;
}

void program_free(struct program *p)
{
	for (int i = 0; i < p->nprobes; i++) {
		for (int k = 0; k < p->probes[i].nap; k++)
			free(p->probes[i].ap[k].text);
		free(p->probes[i].ap);
		node_free(p->probes[i].pred);
		node_free(p->probes[i].body);
	}
	free(p->probes);
	free(p->cdefs);
	p->cdefs = NULL;
	p->ncdefs = 0;
	for (int i = 0; i < p->ndefs; i++)
		free(p->defs[i].name);
	p->ndefs = 0;
	p->probes = NULL;
	p->nprobes = 0;
}
