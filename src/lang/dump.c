// SPDX-License-Identifier: GPL-2.0
/* The syntax tree as text, for strobe script -d and the parser's tests. */
#include <stdio.h>

#include "lang.h"

static const char *op_text(int op)
{
	return tok_name((enum tok)op);
}

void node_dump(FILE *f, const struct node *n)
{
	if (!n) {
		fputs("<null>", f);
		return;
	}
	switch (n->kind) {
	case N_INT: fprintf(f, "%lld", (long long)n->ival); break;
	case N_STR: fprintf(f, "\"%s\"", n->str); break;
	case N_BUILTIN: case N_VAR: fputs(n->str, f); break;
	case N_POS: fprintf(f, "$%lld", (long long)n->ival); break;
	case N_POSCOUNT: fputs("$#", f); break;
	case N_MAP:
	case N_CALL:
	case N_TUPLE:
		fputs(n->kind == N_TUPLE ? "" : n->str, f);
		if (n->kind == N_MAP && !n->nv)
			break;
		fputc(n->kind == N_MAP ? '[' : '(', f);
		for (int i = 0; i < n->nv; i++) {
			if (i)
				fputs(", ", f);
			node_dump(f, n->v[i]);
		}
		fputc(n->kind == N_MAP ? ']' : ')', f);
		break;
	case N_BINOP:
		fputc('(', f);
		node_dump(f, n->a);
		fprintf(f, " %s ", op_text(n->op));
		node_dump(f, n->b);
		fputc(')', f);
		break;
	case N_UNOP:
		fprintf(f, "(%s", op_text(n->op));
		node_dump(f, n->a);
		fputc(')', f);
		break;
	case N_TERNARY:
		fputc('(', f);
		node_dump(f, n->a);
		fputs(" ? ", f);
		node_dump(f, n->b);
		fputs(" : ", f);
		node_dump(f, n->c);
		fputc(')', f);
		break;
	case N_FIELD:
		node_dump(f, n->a);
		if (n->op)
			fprintf(f, ".%lld", (long long)n->ival);
		else
			fprintf(f, "%s%s", n->arrow ? "->" : ".", n->str);
		break;
	case N_INDEX:
		node_dump(f, n->a);
		fputc('[', f);
		node_dump(f, n->b);
		fputc(']', f);
		break;
	case N_CAST:
		fprintf(f, "((%s%s%.*s)", n->str, n->ptr_depth ? " " : "", n->ptr_depth,
			"********");
		node_dump(f, n->a);
		fputc(')', f);
		break;
	case N_SIZEOF:
		fputs("sizeof(", f);
		if (n->a)
			node_dump(f, n->a);
		else
			fprintf(f, "%s%.*s", n->str, n->ptr_depth, "********");
		fputc(')', f);
		break;
	case N_ASSIGN:
		node_dump(f, n->a);
		fprintf(f, " %s ", op_text(n->op));
		node_dump(f, n->b);
		break;
	case N_INCDEC:
		if (n->ival)
			fputs(n->op == '+' ? "++" : "--", f);
		node_dump(f, n->a);
		if (!n->ival)
			fputs(n->op == '+' ? "++" : "--", f);
		break;
	case N_EXPR_STMT: node_dump(f, n->a); break;
	case N_IF:
		fputs("if ", f);
		node_dump(f, n->a);
		fputc(' ', f);
		node_dump(f, n->b);
		if (n->c) {
			fputs(" else ", f);
			node_dump(f, n->c);
		}
		break;
	case N_WHILE:
	case N_UNROLL:
		fputs(n->kind == N_WHILE ? "while " : "unroll ", f);
		node_dump(f, n->a);
		fputc(' ', f);
		node_dump(f, n->b);
		break;
	case N_BLOCK:
		fputs("{ ", f);
		for (int i = 0; i < n->nv; i++) {
			node_dump(f, n->v[i]);
			fputs("; ", f);
		}
		fputc('}', f);
		break;
	case N_RETURN: fputs("return", f); break;
	case N_BREAK: fputs("break", f); break;
	case N_CONTINUE: fputs("continue", f); break;
	}
}
