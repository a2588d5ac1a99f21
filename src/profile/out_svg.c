// SPDX-License-Identifier: GPL-2.0
/*
 * An interactive flame graph in one SVG file that needs no network: hover
 * shows a frame's weight, a click zooms into it, "Search" highlights the
 * frames that match a regular expression and shows their share.  The root
 * (bottom) is the whole profile; a frame's width is its weight.
 */
#include <stdlib.h>
#include <string.h>

#include "profile.h"

#define WIDTH 1200
#define FRAME_H 16
#define PAD_TOP 36
#define PAD_BOTTOM 28
#define PAD_SIDE 10

struct node {
	uint32_t name;
	uint32_t first_child, last_child, next;	/* 0: none (0 is the root) */
	uint64_t on, off, w;
	uint32_t depth;
};

struct tree {
	struct node *v;
	uint32_t n, cap;
	uint32_t max_depth;
};

static uint32_t new_node(struct tree *t, uint32_t name, uint32_t depth)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 1024;
		t->v = realloc(t->v, t->cap * sizeof(*t->v));
		if (!t->v)
			abort();
	}
	t->v[t->n] = (struct node){ .name = name, .depth = depth };
	if (depth > t->max_depth)
		t->max_depth = depth;
	return t->n++;
}

/* Stacks arrive sorted: a frame equal to an existing child can only be
 * equal to the last child added. */
static void add_stack(struct tree *t, const struct stack *st, uint64_t w, bool off)
{
	uint32_t cur = 0;

	t->v[0].w += w;
	for (uint32_t i = 0; i < st->nframes; i++) {
		struct node *p = &t->v[cur];
		uint32_t c = p->last_child;

		if (!c || t->v[c].name != st->frames[i]) {
			uint32_t nc = new_node(t, st->frames[i], i + 1);

			p = &t->v[cur];	/* new_node may move the array */
			if (p->last_child)
				t->v[p->last_child].next = nc;
			else
				p->first_child = nc;
			p->last_child = nc;
			c = nc;
		}
		t->v[c].w += w;
		if (off)
			t->v[c].off += w;
		else
			t->v[c].on += w;
		cur = c;
	}
}

static void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default:
			if ((unsigned char)*s >= 0x20)
				fputc(*s, f);
		}
	}
}

static uint32_t name_hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/* Warm colours for user code, orange for the kernel, aqua for inlined
 * frames, blue for off-CPU time, grey for the process roots (and
 * --per-thread's thread frames under them). */
static void colour(const struct stacks *s, const struct node *n, char *buf, size_t len,
		   uint32_t roots)
{
	const char *name = s->names[n->name];
	size_t l = strlen(name);
	uint32_t h = name_hash(name);
	unsigned v1 = h % 55, v2 = (h >> 8) % 80;

	if (n->depth <= roots)
		snprintf(buf, len, "rgb(%u,%u,%u)", 180 + v1 / 3, 180 + v1 / 3, 190 + v1 / 4);
	else if (!n->on && n->off)
		snprintf(buf, len, "rgb(%u,%u,%u)", 60 + v1, 110 + v2, 220 + v1 / 2);
	else if (l > 4 && !strcmp(name + l - 4, "_[k]"))
		snprintf(buf, len, "rgb(%u,%u,%u)", 220 + v1 / 2, 120 + v2, 40 + v1 / 2);
	else if (l > 4 && !strcmp(name + l - 4, "_[i]"))
		snprintf(buf, len, "rgb(%u,%u,%u)", 60 + v1, 190 + v1, 190 + v1);
	else
		snprintf(buf, len, "rgb(%u,%u,%u)", 205 + v1, 80 + v2, 50 + v1 / 2);
}

static const char script[] =
"<script type=\"text/ecmascript\"><![CDATA[\n"
"'use strict';\n"
"var W = %d, PAD = %d, frames = [], det, matchedText, zoomed = null;\n"
"function init() {\n"
"  det = document.getElementById('details');\n"
"  matchedText = document.getElementById('matched');\n"
"  var gs = document.getElementsByClassName('f');\n"
"  for (var i = 0; i < gs.length; i++) {\n"
"    var g = gs[i];\n"
"    frames.push({g: g, x: +g.getAttribute('data-x'), w: +g.getAttribute('data-w'),\n"
"      d: +g.getAttribute('data-d'), name: g.getAttribute('data-n'),\n"
"      rect: g.getElementsByTagName('rect')[0], text: g.getElementsByTagName('text')[0],\n"
"      title: g.getElementsByTagName('title')[0].textContent, fill: null});\n"
"    frames[i].fill = frames[i].rect.getAttribute('fill');\n"
"    (function (f) {\n"
"      g.onmouseover = function () { det.textContent = f.title; };\n"
"      g.onmouseout = function () { det.textContent = ' '; };\n"
"      g.onclick = function () { zoom(f); };\n"
"    })(frames[i]);\n"
"  }\n"
"  document.getElementById('reset').onclick = function () { zoom(null); };\n"
"  document.getElementById('search').onclick = search;\n"
"  layout(0, 1, -1);\n"
"}\n"
"function label(f, px) {\n"
"  var n = Math.floor(px / 7);\n"
"  f.text.textContent = n < 3 ? '' : (f.name.length <= n ? f.name : f.name.slice(0, n - 2) + '..');\n"
"}\n"
"function layout(x0, w0, d0) {\n"
"  var span = W - 2 * PAD;\n"
"  frames.forEach(function (f) {\n"
"    var inside = f.x >= x0 - 1e-9 && f.x + f.w <= x0 + w0 + 1e-9 && f.d >= d0;\n"
"    var below = f.d < d0 && f.x <= x0 + 1e-9 && f.x + f.w >= x0 + w0 - 1e-9;\n"
"    if (!inside && !below) { f.g.style.display = 'none'; return; }\n"
"    f.g.style.display = '';\n"
"    var x = below ? 0 : (f.x - x0) / w0, w = below ? 1 : f.w / w0;\n"
"    f.rect.setAttribute('x', PAD + x * span);\n"
"    f.rect.setAttribute('width', Math.max(w * span - 0.5, 0.1));\n"
"    f.text.setAttribute('x', PAD + x * span + 3);\n"
"    f.g.style.opacity = below ? 0.5 : 1;\n"
"    label(f, w * span);\n"
"  });\n"
"}\n"
"function zoom(f) {\n"
"  zoomed = f;\n"
"  if (f) layout(f.x, f.w, f.d); else layout(0, 1, -1);\n"
"  document.getElementById('reset').style.display = f ? '' : 'none';\n"
"}\n"
"function search() {\n"
"  var term = prompt('Search for a function (regular expression):', '');\n"
"  var re, spans = [], total = 0, end = -1;\n"
"  frames.forEach(function (f) { f.rect.setAttribute('fill', f.fill); });\n"
"  if (!term) { matchedText.textContent = ' '; return; }\n"
"  try { re = new RegExp(term); } catch (e) { matchedText.textContent = 'bad expression'; return; }\n"
"  frames.forEach(function (f) {\n"
"    if (f.d > 0 && re.test(f.name)) { f.rect.setAttribute('fill', 'rgb(230,0,230)'); spans.push([f.x, f.x + f.w]); }\n"
"  });\n"
"  /* a match inside a match counts once: merge the spans */\n"
"  spans.sort(function (a, b) { return a[0] - b[0]; });\n"
"  spans.forEach(function (s) {\n"
"    if (s[0] >= end) { total += s[1] - s[0]; end = s[1]; }\n"
"    else if (s[1] > end) { total += s[1] - end; end = s[1]; }\n"
"  });\n"
"  matchedText.textContent = 'Matched: ' + (100 * total).toFixed(1) + '%%';\n"
"}\n"
"window.addEventListener('load', init);\n"
"]]></script>\n";

int out_svg(FILE *f, const struct prof_result *r)
{
	const struct stacks *s = &r->st;
	struct tree t = { 0 };
	uint32_t root = new_node(&t, UINT32_MAX, 0);
	uint64_t total;
	int height;
	char fill[32];
	const char *unit_name = r->o->what == PW_OFF ? "us" : "samples";

	(void)root;
	for (uint32_t i = 0; i < s->n; i++) {
		uint64_t on = stack_weight(&s->v[i], PW_ON, r->o->hz);
		uint64_t w = stack_weight(&s->v[i], r->o->what, r->o->hz);

		if (w > on)
			add_stack(&t, &s->v[i], w - on, true);
		if (on && w)
			add_stack(&t, &s->v[i], on, false);
	}
	total = t.v[0].w;
	height = PAD_TOP + (t.max_depth + 1) * FRAME_H + PAD_BOTTOM;
	fprintf(f, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
		"<svg version=\"1.1\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"xmlns=\"http://www.w3.org/2000/svg\">\n", WIDTH, height, WIDTH, height);
	fprintf(f, "<style type=\"text/css\">\n"
		"text { font-family: monospace; font-size: 12px; fill: rgb(0,0,0); }\n"
		".f:hover rect { stroke: black; stroke-width: 0.5; cursor: pointer; }\n"
		"#title { font-size: 17px; text-anchor: middle; }\n"
		".button { cursor: pointer; fill: rgb(40,40,160); }\n"
		"</style>\n");
	fprintf(f, script, WIDTH, PAD_SIDE);
	fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"rgb(248,248,240)\"/>\n",
		WIDTH, height);
	fprintf(f, "<text id=\"title\" x=\"%d\" y=\"22\">%s</text>\n", WIDTH / 2,
		r->o->what == PW_OFF ? "Off-CPU flame graph (time blocked)" :
		r->o->what == PW_BOTH ? "CPU flame graph, on-CPU and off-CPU (blue)" :
		"CPU flame graph");
	fprintf(f, "<text id=\"reset\" class=\"button\" x=\"%d\" y=\"22\" "
		"style=\"display:none\">Reset zoom</text>\n", PAD_SIDE);
	fprintf(f, "<text id=\"search\" class=\"button\" x=\"%d\" y=\"22\">Search</text>\n",
		WIDTH - PAD_SIDE - 60);
	fprintf(f, "<text id=\"details\" x=\"%d\" y=\"%d\"> </text>\n", PAD_SIDE, height - 9);
	fprintf(f, "<text id=\"matched\" x=\"%d\" y=\"%d\"> </text>\n", WIDTH - PAD_SIDE - 160,
		height - 9);
	/* depth-first, so a frame's x is its parent's plus its elder siblings' */
	uint32_t *stack = malloc((t.max_depth + 2) * sizeof(*stack));
	uint64_t *xs = malloc((t.max_depth + 2) * sizeof(*xs));
	int sp = 0;

	if (!stack || !xs || !total) {
		free(stack);
		free(xs);
		free(t.v);
		fputs("</svg>\n", f);
		return ferror(f) ? -1 : 0;
	}
	/* the root frame */
	fprintf(f, "<g class=\"f\" data-x=\"0\" data-w=\"1\" data-d=\"0\" data-n=\"all\">"
		"<title>all (%llu %s, 100%%)</title><rect x=\"%d\" y=\"%d\" width=\"%d\" "
		"height=\"%d\" fill=\"rgb(200,200,200)\" rx=\"2\"/><text x=\"%d\" y=\"%d\">all"
		"</text></g>\n", (unsigned long long)total, unit_name, PAD_SIDE,
		height - PAD_BOTTOM - FRAME_H, WIDTH - 2 * PAD_SIDE, FRAME_H - 1, PAD_SIDE + 3,
		height - PAD_BOTTOM - 4);
	stack[0] = t.v[0].first_child;
	xs[0] = 0;
	while (sp >= 0) {
		uint32_t c = stack[sp];

		if (!c) {
			sp--;
			continue;
		}
		const struct node *n = &t.v[c];
		uint64_t x = xs[sp];
		double fx = (double)x / total, fw = (double)n->w / total;
		int y = height - PAD_BOTTOM - (n->depth + 1) * FRAME_H;

		double px = fw * (WIDTH - 2 * PAD_SIDE);
		size_t fit = px / 7, nl = strlen(s->names[n->name]);
		char label[512];

		/* the label as the script draws it, for viewers without scripts */
		if (fit < 3)
			label[0] = 0;
		else if (nl <= fit || fit >= sizeof(label))
			snprintf(label, sizeof(label), "%s", s->names[n->name]);
		else
			snprintf(label, sizeof(label), "%.*s..", (int)fit - 2, s->names[n->name]);
		colour(s, n, fill, sizeof(fill), r->o->per_thread ? 2 : 1);
		fprintf(f, "<g class=\"f\" data-x=\"%.9f\" data-w=\"%.9f\" data-d=\"%u\" data-n=\"",
			fx, fw, n->depth);
		xml_text(f, s->names[n->name]);
		fputs("\"><title>", f);
		xml_text(f, s->names[n->name]);
		fprintf(f, " (%llu %s, %.2f%%)</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
			"height=\"%d\" fill=\"%s\" rx=\"2\"/><text x=\"%.1f\" y=\"%d\">",
			(unsigned long long)n->w, unit_name, 100.0 * fw,
			PAD_SIDE + fx * (WIDTH - 2 * PAD_SIDE), y, px,
			FRAME_H - 1, fill, PAD_SIDE + fx * (WIDTH - 2 * PAD_SIDE) + 3, y + FRAME_H - 4);
		xml_text(f, label);
		fputs("</text></g>\n", f);
		/* next sibling continues after this one; children start here */
		stack[sp] = n->next;
		xs[sp] = x + n->w;
		if (n->first_child) {
			sp++;
			stack[sp] = n->first_child;
			xs[sp] = x;
		}
	}
	fputs("</svg>\n", f);
	free(stack);
	free(xs);
	free(t.v);
	return ferror(f) ? -1 : 0;
}
