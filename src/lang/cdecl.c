// SPDX-License-Identifier: GPL-2.0
/*
 * C declarations written in a program (struct Foo { int m; int n; } ...):
 * bpftrace hands them to clang; strobe parses the declarations itself and
 * makes BTF types of them, in a split BTF over the kernel's, so a user's
 * struct is typed, read, printed and compared by the code that serves the
 * kernel's structs.  The layout is the C ABI's on x86_64: each member at
 * its type's alignment, a struct's size rounded to its largest alignment,
 * bitfields packed into units of their declared type and moved to the
 * next unit when they would straddle one (the System V psABI's rule).
 *
 * Names: a user's struct, union, enum or typedef is found before the
 * kernel's of the same name (bpftrace's clang sees the program's
 * definition and never the kernel's then), types the program does not
 * define come from the kernel's BTF, and stdint's names (uint32_t...) are
 * known.
 */
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "lang.h"

struct cparser {
	struct compiler *c;
	struct btf *btf;
	struct lexer lx;
	struct token tok;
	size_t end;		/* the declaration's end in the source */
	int first;		/* the first type id that is the program's */
};

#define CERR(cp, ...) lang_cerror((cp)->c->src, (cp)->tok.l, __VA_ARGS__)

static int next(struct cparser *cp)
{
	free(cp->tok.s);
	cp->tok.s = NULL;
	if (lex_next(&cp->lx, &cp->tok, false))
		return -1;
	if ((size_t)(cp->tok.p - cp->c->src->text) >= cp->end)
		cp->tok.t = T_EOF;
	return 0;
}

static bool is_word(const struct cparser *cp, const char *w)
{
	return cp->tok.t == T_IDENT && !strcmp(cp->tok.s, w);
}

/* A type the program made, by kind and name (-1 if none). */
static int user_find(struct cparser *cp, const char *name, int kind)
{
	/* the types after the program's are a binary's (dwarf_btf.c) */
	int n = cp->c->btf_dwarf_first ? cp->c->btf_dwarf_first : (int)btf__type_cnt(cp->btf);

	for (int id = n - 1; id >= cp->first; id--) {
		const struct btf_type *t = btf__type_by_id(cp->btf, id);

		if (btf_kind(t) == kind && !strcmp(btf__name_by_offset(cp->btf, t->name_off), name))
			return id;
	}
	return -1;
}

/* The program's types are searched before the kernel's. */
static int find_type(struct cparser *cp, const char *name, int kind)
{
	int id = user_find(cp, name, kind);

	if (id < 0)
		id = btf__find_by_name_kind(cp->btf, name, kind);
	return id;
}

static int add_int(struct cparser *cp, const char *name, int size, int enc)
{
	int id = user_find(cp, name, BTF_KIND_INT);

	return id > 0 ? id : btf__add_int(cp->btf, name, size, enc);
}

/* Alignment of a type as the C ABI lays it out on x86_64. */
static uint32_t type_align(struct btf *btf, int id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	uint32_t a = 1;

	if (!t)
		return 1;
	switch (btf_kind(t)) {
	case BTF_KIND_TYPEDEF: case BTF_KIND_CONST: case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
		return type_align(btf, t->type);
	case BTF_KIND_INT: case BTF_KIND_ENUM: case BTF_KIND_ENUM64: case BTF_KIND_FLOAT:
		return t->size > 16 ? 16 : t->size ? t->size : 1;
	case BTF_KIND_PTR:
		return 8;
	case BTF_KIND_ARRAY:
		return type_align(btf, btf_array(t)->type);
	case BTF_KIND_STRUCT: case BTF_KIND_UNION: {
		const struct btf_member *m = btf_members(t);

		for (int i = 0; i < btf_vlen(t); i++, m++) {
			uint32_t ma = type_align(btf, m->type);

			if (ma > a)
				a = ma;
		}
		return a;
	}
	default:
		return 1;
	}
}

struct member {
	char *name;		/* NULL: anonymous */
	int type;
	int bits;		/* -1: not a bitfield */
	struct loc l;
	uint64_t off;		/* bit offset, once laid out */
};

static int specifier(struct cparser *cp, int *id);

/* Declarator: stars, a name (or none), [N]..., and for members ": bits".
 * Function pointers, (*name)(...), are pointers to void. */
static int declarator(struct cparser *cp, int base, struct member *m, bool member)
{
	int dims[8], ndims = 0, id = base;

	m->name = NULL;
	m->bits = -1;
	m->l = cp->tok.l;
	for (;;) {
		if (cp->tok.t == T_STAR) {
			id = btf__add_ptr(cp->btf, id);
		} else if (!(is_word(cp, "const") || is_word(cp, "volatile") ||
			     is_word(cp, "restrict") || is_word(cp, "__restrict"))) {
			break;
		}
		if (next(cp))
			return -1;
	}
	if (cp->tok.t == T_LPAREN) {
		/* (*name)(args): a function pointer */
		if (next(cp))
			return -1;
		while (cp->tok.t == T_STAR)
			if (next(cp))
				return -1;
		if (cp->tok.t == T_IDENT) {
			m->name = strdup(cp->tok.s);
			m->l = cp->tok.l;
			if (next(cp))
				return -1;
		}
		if (cp->tok.t != T_RPAREN)
			return CERR(cp, "expected ')' in a function pointer's declarator");
		if (next(cp))
			return -1;
		if (cp->tok.t == T_LPAREN) {
			int depth = 0;

			do {
				depth += cp->tok.t == T_LPAREN;
				depth -= cp->tok.t == T_RPAREN;
				if (cp->tok.t == T_EOF)
					return CERR(cp, "expected ')'");
				if (next(cp))
					return -1;
			} while (depth > 0);
		}
		id = btf__add_ptr(cp->btf, 0);
	} else if (cp->tok.t == T_IDENT) {
		m->name = strdup(cp->tok.s);
		m->l = cp->tok.l;
		if (next(cp))
			return -1;
	}
	while (cp->tok.t == T_LBRACK) {
		if (next(cp))
			return -1;
		if (ndims == 8)
			return CERR(cp, "too many array dimensions");
		if (cp->tok.t == T_RBRACK) {
			dims[ndims++] = 0;	/* a flexible array member */
		} else {
			if (cp->tok.t != T_INT || cp->tok.ival < 0)
				return CERR(cp, "not supported yet: an array size that is not a "
					    "number");
			dims[ndims++] = (int)cp->tok.ival;
			if (next(cp))
				return -1;
			if (cp->tok.t != T_RBRACK)
				return CERR(cp, "expected ']'");
		}
		if (next(cp))
			return -1;
	}
	/* int y[2][3]: an array of 2 arrays of 3 */
	for (int i = ndims - 1; i >= 0; i--) {
		int idx = add_int(cp, "__ARRAY_SIZE_TYPE__", 4, 0);

		id = btf__add_array(cp->btf, idx, id, dims[i]);
	}
	if (member && cp->tok.t == T_COLON) {
		if (next(cp))
			return -1;
		if (cp->tok.t != T_INT || cp->tok.ival < 0 || cp->tok.ival > 64)
			return CERR(cp, "a bitfield's width must be a number from 0 to 64");
		m->bits = (int)cp->tok.ival;
		if (next(cp))
			return -1;
	}
	if (id < 0)
		return CERR(cp, "cannot make the type: %s", strerror(-id));
	m->type = id;
	return 0;
}

/* The bytes a member of this type takes. */
static uint32_t type_bytes(struct btf *btf, int id)
{
	int64_t s = btf__resolve_size(btf, id);

	return s < 0 ? 0 : (uint32_t)s;
}

/* Pointers the body made to the struct's forward declaration (a struct
 * node { struct node *next; }) now point at the struct. */
static void fwd_patch(struct cparser *cp, int fwd, int id)
{
	int n = btf__type_cnt(cp->btf);

	for (int i = cp->first; i < n; i++) {
		struct btf_type *t = (struct btf_type *)btf__type_by_id(cp->btf, i);

		if ((btf_is_ptr(t) || btf_is_typedef(t) || btf_is_mod(t)) && (int)t->type == fwd)
			t->type = id;
	}
}

/* A member whose type is only declared is clang's error.  So is one whose
 * struct the kernel defines, inside a struct that redefines one of the
 * kernel's: bpftrace 0.17 takes no kernel type into such a definition
 * (struct task_struct { struct thread_info x; } is its error; struct Foo
 * { struct list_head l; } takes list_head from BTF). */
static int member_unknown(struct cparser *cp, const struct member *m, bool redefines)
{
	int id = m->type;
	const struct btf_type *ft = btf__type_by_id(cp->btf, id);

	if (ft && btf_is_array(ft))
		return 0;
	while (ft && (btf_is_typedef(ft) || btf_is_mod(ft))) {
		id = ft->type;
		ft = btf__type_by_id(cp->btf, id);
	}
	if (id == 0)
		return lang_cerror(cp->c->src, m->l, "field has incomplete type 'void'");
	if (!ft)
		return 0;
	if (btf_is_fwd(ft) || (redefines && id < cp->first &&
			       (btf_is_struct(ft) || btf_is_union(ft))))
		return lang_cerror(cp->c->src, m->l, "field has incomplete type '%s %s'",
				  btf_is_union(ft) || (btf_is_fwd(ft) && btf_kflag(ft)) ?
				  "union" : "struct", btf__name_by_offset(cp->btf, ft->name_off));
	return 0;
}

/* struct/union NAME { members }: the members' layout, then the type. */
static int record_body(struct cparser *cp, const char *name, bool is_union, int fwd, int *out)
{
	struct member ms[256];
	int nm = 0, rc = -1, id;
	uint64_t bit = 0, size = 0;
	uint32_t align = 1;
	int kid = *name ? btf__find_by_name_kind(cp->btf, name, is_union ? BTF_KIND_UNION :
						  BTF_KIND_STRUCT) : -1;
	bool redefines = kid > 0 && kid < cp->first;	/* the kernel's name */

	if (next(cp))	/* { */
		return -1;
	while (cp->tok.t != T_RBRACE) {
		int base;
		struct loc sl = cp->tok.l;

		if (cp->tok.t == T_EOF) {
			CERR(cp, "expected '}' at the end of the %s", is_union ? "union" : "struct");
			goto out;
		}
		if (cp->tok.t == T_SEMI) {
			if (next(cp))
				goto out;
			continue;
		}
		if (specifier(cp, &base))
			goto out;
		if (cp->tok.t == T_SEMI || cp->tok.t == T_RBRACE) {
			/* struct { ... }; inside: an anonymous member */
			const struct btf_type *bt = btf__type_by_id(cp->btf, base);

			if (!bt || !(btf_is_struct(bt) || btf_is_union(bt)) || bt->name_off) {
				lang_cerror(cp->c->src, sl, "declaration does not declare anything");
				goto out;
			}
			if (nm == 256)
				goto many;
			ms[nm++] = (struct member){ NULL, base, -1, sl, 0 };
		} else {
			for (;;) {
				if (nm == 256)
					goto many;
				if (declarator(cp, base, &ms[nm], true))
					goto out;
				nm++;
				if (!ms[nm - 1].name && ms[nm - 1].bits < 0) {
					CERR(cp, "expected a member name");
					goto out;
				}
				if (member_unknown(cp, &ms[nm - 1], redefines))
					goto out;
				if (cp->tok.t != T_COMMA)
					break;
				if (next(cp))
					goto out;
			}
		}
		/* clang takes a missing ';' before '}' with a warning */
		if (cp->tok.t == T_SEMI) {
			if (next(cp))
				goto out;
		} else if (cp->tok.t != T_RBRACE) {
			CERR(cp, "expected ';' at end of declaration list");
			goto out;
		}
	}
	/* the layout */
	for (int i = 0; i < nm; i++) {
		struct member *m = &ms[i];
		uint32_t sz = type_bytes(cp->btf, m->type), al = type_align(cp->btf, m->type);
		uint64_t at;

		if (m->bits >= 0) {
			uint64_t unit = (uint64_t)sz * 8;

			if ((uint64_t)m->bits > unit) {
				lang_cerror(cp->c->src, m->l, "width of bit-field '%s' (%d bits) "
					   "exceeds the width of its type (%llu bits)",
					   m->name ? m->name : "", m->bits, (unsigned long long)unit);
				goto out;
			}
			at = is_union ? 0 : bit;
			if (!m->bits) {
				/* int :0 ends the unit */
				bit = (bit + al * 8 - 1) / (al * 8) * (al * 8);
				m->type = -1;
				continue;
			}
			if (at / unit != (at + m->bits - 1) / unit)
				at = (at + unit - 1) / unit * unit;
			m->off = at;
			if (m->name && al > align)
				align = al;
			at += m->bits;
		} else {
			at = is_union ? 0 : (bit + al * 8 - 1) / (al * 8) * (al * 8);
			m->off = at;
			if (al > align)
				align = al;
			at += (uint64_t)sz * 8;
		}
		if (!is_union)
			bit = at;
		if (at > size)
			size = at;
	}
	size = (size + 7) / 8;
	size = (size + align - 1) / align * align;
	id = is_union ? btf__add_union(cp->btf, name, size) : btf__add_struct(cp->btf, name, size);
	for (int i = 0; id > 0 && i < nm; i++) {
		int r;

		if (ms[i].type < 0 || (!ms[i].name && ms[i].bits > 0))
			continue;	/* :0, and unnamed bitfields: padding */
		r = btf__add_field(cp->btf, ms[i].name ? ms[i].name : "", ms[i].type,
				   ms[i].off, ms[i].bits > 0 ? ms[i].bits : 0);
		if (r) {
			id = r;
			break;
		}
	}
	if (id < 0) {
		CERR(cp, "cannot make the type: %s", strerror(-id));
		goto out;
	}
	if (fwd > 0)
		fwd_patch(cp, fwd, id);
	*out = id;
	rc = next(cp);	/* } */
	goto out;
many:
	CERR(cp, "not supported yet: more than 256 members");
out:
	for (int i = 0; i < nm; i++)
		free(ms[i].name);
	return rc;
}

static int enum_body(struct cparser *cp, const char *name, int *out)
{
	int id = btf__add_enum(cp->btf, name, 4);
	int64_t v = 0;

	if (id < 0)
		return CERR(cp, "cannot make the type: %s", strerror(-id));
	if (next(cp))	/* { */
		return -1;
	/* the values are added after the type, so no other type may come
	 * between: an enumerator's value is a number */
	while (cp->tok.t != T_RBRACE) {
		char *en;

		if (cp->tok.t != T_IDENT)
			return CERR(cp, "expected an enumerator's name");
		en = strdup(cp->tok.s);
		if (next(cp))
			goto bad;
		if (cp->tok.t == T_ASSIGN) {
			bool neg = false;

			if (next(cp))
				goto bad;
			if (cp->tok.t == T_MINUS) {
				neg = true;
				if (next(cp))
					goto bad;
			}
			if (cp->tok.t != T_INT) {
				CERR(cp, "not supported yet: an enumerator's value that is not a "
				     "number");
				goto bad;
			}
			v = neg ? -cp->tok.ival : cp->tok.ival;
			if (next(cp))
				goto bad;
		}
		if (btf__add_enum_value(cp->btf, en, v) < 0) {
			CERR(cp, "cannot add the enumerator '%s'", en);
			goto bad;
		}
		free(en);
		v++;
		if (cp->tok.t == T_COMMA) {
			if (next(cp))
				return -1;
		} else if (cp->tok.t != T_RBRACE) {
			return CERR(cp, "expected ',' or '}' in an enum");
		}
		continue;
bad:
		free(en);
		return -1;
	}
	*out = id;
	return next(cp);
}

/* The fixed-width names of stdint.h and the kernel's short ones. */
static const struct { const char *name; int size; bool sign; } std_ints[] = {
	{ "int8_t", 1, 1 }, { "int16_t", 2, 1 }, { "int32_t", 4, 1 }, { "int64_t", 8, 1 },
	{ "uint8_t", 1, 0 }, { "uint16_t", 2, 0 }, { "uint32_t", 4, 0 }, { "uint64_t", 8, 0 },
	{ "size_t", 8, 0 }, { "ssize_t", 8, 1 }, { "uintptr_t", 8, 0 }, { "intptr_t", 8, 1 },
	{ "bool", 1, 0 },
};

static const char *int_name(int size, bool sign)
{
	switch (size) {
	case 1: return sign ? "signed char" : "unsigned char";
	case 2: return sign ? "short" : "unsigned short";
	case 4: return sign ? "int" : "unsigned int";
	default: return sign ? "long" : "unsigned long";
	}
}

/* Type specifiers and qualifiers: the type's id in *id (0: void). */
static int specifier(struct cparser *cp, int *id)
{
	int sign = 0, nlong = 0, base = 0;	/* base: 'c'har 's'hort 'i'nt 'v'oid 'b'ool */
	bool any = false;

	*id = -1;
	for (;; any = true) {
		if (cp->tok.t == T_STRUCT || cp->tok.t == T_UNION || cp->tok.t == T_ENUM) {
			enum tok k = cp->tok.t;
			int kind = k == T_STRUCT ? BTF_KIND_STRUCT : k == T_UNION ? BTF_KIND_UNION :
				   BTF_KIND_ENUM;
			char *name = NULL;

			if (*id >= 0 || base || sign || nlong)
				return CERR(cp, "two or more data types in declaration specifiers");
			if (next(cp))
				return -1;
			if (cp->tok.t == T_IDENT) {
				name = strdup(cp->tok.s);
				if (next(cp)) {
					free(name);
					return -1;
				}
			}
			if (cp->tok.t == T_LBRACE) {
				int fwd = -1, r;

				if (name && k != T_ENUM && user_find(cp, name, kind) > 0) {
					r = CERR(cp, "redefinition of '%s %s'", tok_name(k), name);
					free(name);
					return r;
				}
				if (name && k != T_ENUM) {
					/* pointers to it inside its own body */
					fwd = user_find(cp, name, BTF_KIND_FWD);
					if (fwd < 0)
						fwd = btf__add_fwd(cp->btf, name, k == T_UNION ?
								   BTF_FWD_UNION : BTF_FWD_STRUCT);
				}
				r = k == T_ENUM ? enum_body(cp, name ? name : "", id) :
				    record_body(cp, name ? name : "", k == T_UNION, fwd, id);
				free(name);
				if (r)
					return -1;
				continue;
			}
			if (!name)
				return CERR(cp, "expected a name or '{' after '%s'", tok_name(k));
			*id = find_type(cp, name, kind);
			if (*id < 0)
				*id = user_find(cp, name, BTF_KIND_FWD);
			if (*id < 0)	/* declared, maybe defined later */
				*id = k == T_ENUM ? btf__add_enum(cp->btf, name, 4) :
				      btf__add_fwd(cp->btf, name, k == T_UNION ? BTF_FWD_UNION :
						   BTF_FWD_STRUCT);
			free(name);
			continue;
		}
		if (cp->tok.t != T_IDENT)
			break;
		const char *w = cp->tok.s;

		if (!strcmp(w, "const") || !strcmp(w, "volatile") || !strcmp(w, "static") ||
		    !strcmp(w, "extern") || !strcmp(w, "register") || !strcmp(w, "inline") ||
		    !strcmp(w, "__restrict") || !strcmp(w, "restrict")) {
		} else if (!strcmp(w, "signed") || !strcmp(w, "__signed__")) {
			sign = 1;
		} else if (!strcmp(w, "unsigned")) {
			sign = -1;
		} else if (!strcmp(w, "long")) {
			nlong++;
		} else if (!strcmp(w, "short")) {
			base = 's';
		} else if (!strcmp(w, "char")) {
			base = 'c';
		} else if (!strcmp(w, "int")) {
			if (!base)
				base = 'i';
		} else if (!strcmp(w, "void")) {
			base = 'v';
		} else if (!strcmp(w, "_Bool")) {
			base = 'b';
		} else if (!strcmp(w, "float") || !strcmp(w, "double")) {
			return CERR(cp, "not supported yet: floating-point type '%s'", w);
		} else if (*id < 0 && !base && !sign && !nlong) {
			/* a typedef name: the program's, stdint's, the kernel's */
			int t = user_find(cp, w, BTF_KIND_TYPEDEF);

			for (size_t i = 0; t < 0 && i < sizeof(std_ints) / sizeof(std_ints[0]); i++)
				if (!strcmp(w, std_ints[i].name)) {
					int in = add_int(cp, int_name(std_ints[i].size, std_ints[i].sign),
							 std_ints[i].size,
							 std_ints[i].sign ? BTF_INT_SIGNED : 0);

					t = btf__add_typedef(cp->btf, w, in);
				}
			if (t < 0)
				t = btf__find_by_name_kind(cp->btf, w, BTF_KIND_TYPEDEF);
			if (t < 0) {
				if (!any)
					return CERR(cp, "unknown type name '%s'", w);
				break;	/* the declarator's name */
			}
			*id = t;
		} else {
			break;		/* the declarator's name */
		}
		if (next(cp))
			return -1;
	}
	if (*id >= 0) {
		if (base || sign || nlong)
			return CERR(cp, "two or more data types in declaration specifiers");
		return 0;
	}
	if (!base && !sign && !nlong)
		return CERR(cp, "expected a type");
	switch (base) {
	case 'v':
		*id = 0;
		return 0;
	case 'b':
		*id = add_int(cp, "_Bool", 1, BTF_INT_BOOL);
		break;
	case 'c':
		/* plain char is its own type: an array of it reads as a string */
		*id = sign ? add_int(cp, sign > 0 ? "signed char" : "unsigned char", 1,
				     sign > 0 ? BTF_INT_SIGNED : 0) :
			     add_int(cp, "char", 1, BTF_INT_SIGNED | BTF_INT_CHAR);
		break;
	case 's':
		*id = add_int(cp, int_name(2, sign >= 0), 2, sign >= 0 ? BTF_INT_SIGNED : 0);
		break;
	default:
		if (nlong)
			*id = add_int(cp, sign < 0 ? (nlong > 1 ? "unsigned long long" :
						      "unsigned long") :
					  nlong > 1 ? "long long" : "long", 8,
				      sign >= 0 ? BTF_INT_SIGNED : 0);
		else
			*id = add_int(cp, int_name(4, sign >= 0), 4, sign >= 0 ? BTF_INT_SIGNED : 0);
	}
	if (*id < 0)
		return CERR(cp, "cannot make the type: %s", strerror(-*id));
	return 0;
}

/* One top-level declaration: struct/union/enum definitions, typedefs. */
static int declaration(struct cparser *cp)
{
	bool tdef = is_word(cp, "typedef");
	int base;

	if (tdef && next(cp))
		return -1;
	if (specifier(cp, &base))
		return -1;
	while (cp->tok.t != T_SEMI && cp->tok.t != T_EOF) {
		struct member m;

		if (declarator(cp, base, &m, false))
			return -1;
		if (!m.name) {
			free(m.name);
			return CERR(cp, "expected a name");
		}
		if (!tdef) {
			lang_cerror(cp->c->src, m.l, "not supported: a variable in C declarations "
				   "('%s'); use a map or a $variable", m.name);
			free(m.name);
			return -1;
		}
		if (btf__add_typedef(cp->btf, m.name, m.type) < 0) {
			free(m.name);
			return CERR(cp, "cannot make the type");
		}
		free(m.name);
		if (cp->tok.t != T_COMMA)
			break;
		if (next(cp))
			return -1;
	}
	if (cp->tok.t == T_SEMI && next(cp))
		return -1;
	if (cp->tok.t != T_EOF)
		return CERR(cp, "expected ';' after the declaration");
	return 0;
}

int cdecls_build(struct compiler *c)
{
	struct cparser cp = { .c = c };
	struct btf *base;
	int rc = 0;

	if (c->cdecls_done)
		return c->cdecls_done < 0 ? -1 : 0;
	c->cdecls_done = 1;
	if (!c->prog || !c->prog->ncdefs)
		return 0;
	/* the kernel's types under the program's; a kernel without BTF
	 * leaves the program's alone */
	if (btf_open(c)) {
		c->btf = btf__new_empty();
		if (!c->btf)
			goto fail;
	}
	base = c->btf;
	cp.btf = btf__new_empty_split(base);
	if (!cp.btf)
		goto fail;
	c->btf_base = base;
	c->btf = cp.btf;
	cp.first = btf__type_cnt(base);
	for (int i = 0; i < c->prog->ncdefs && !rc; i++) {
		const struct cdef *d = &c->prog->cdefs[i];

		lex_init(&cp.lx, c->src);
		for (int k = 0; k < c->prog->ndefs && cp.lx.ndefs < 64; k++) {
			cp.lx.defs[cp.lx.ndefs].name = strdup(c->prog->defs[k].name);
			cp.lx.defs[cp.lx.ndefs++].v = c->prog->defs[k].v;
		}
		cp.lx.pos = d->start;
		cp.lx.line = d->l.line;
		cp.lx.col = d->l.col;
		cp.lx.at_line_start = false;
		cp.end = d->end;
		rc = next(&cp) || declaration(&cp) ? -1 : 0;
		free(cp.tok.s);
		cp.tok.s = NULL;
		for (int k = 0; k < cp.lx.ndefs; k++)
			free(cp.lx.defs[k].name);
	}
	if (rc)
		c->cdecls_done = -1;
	return rc;
fail:
	c->cdecls_done = -1;
	fprintf(stderr, "strobe: cannot make the program's C types\n");
	return -1;
}

uint32_t btf_align(struct compiler *c, int id)
{
	return c->btf ? type_align(c->btf, id) : 1;
}

int cdecl_find(struct compiler *c, const char *name, int kind)
{
	struct cparser cp = { .c = c, .btf = c->btf };

	if (!c->btf_base)
		return -1;
	cp.first = btf__type_cnt(c->btf_base);
	return user_find(&cp, name, kind);
}
