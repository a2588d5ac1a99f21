// SPDX-License-Identifier: GPL-2.0
/*
 * speedscope's own JSON format (https://www.speedscope.app/file-format-schema.json):
 * one "sampled" profile whose samples are the merged stacks with weights.
 */
#include "profile.h"

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

int out_speedscope(FILE *f, const struct prof_result *r)
{
	const struct stacks *s = &r->st;
	uint64_t total = 0;
	bool first = true;

	fputs("{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\","
	      "\"exporter\":\"strobe\",\"name\":\"strobe profile\",\"activeProfileIndex\":0,"
	      "\"shared\":{\"frames\":[", f);
	for (uint32_t i = 0; i < s->nnames; i++) {
		fputs(i ? ",{\"name\":" : "{\"name\":", f);
		json_str(f, s->names[i]);
		fputc('}', f);
	}
	fputs("]},\"profiles\":[{\"type\":\"sampled\",\"name\":", f);
	json_str(f, r->title ? r->title : r->o->what == PW_OFF ? "off-CPU" :
		 r->o->what == PW_BOTH ? "on+off-CPU" : "on-CPU");
	fprintf(f, ",\"unit\":\"%s\",\"startValue\":0,\"endValue\":",
		r->o->what == PW_OFF ? "microseconds" : "none");
	for (uint32_t i = 0; i < s->n; i++)
		total += stack_weight(&s->v[i], r->o->what, r->o->hz);
	fprintf(f, "%llu,\"samples\":[", (unsigned long long)total);
	for (uint32_t i = 0; i < s->n; i++) {
		if (!stack_weight(&s->v[i], r->o->what, r->o->hz))
			continue;
		fputs(first ? "[" : ",[", f);
		first = false;
		for (uint32_t j = 0; j < s->v[i].nframes; j++)
			fprintf(f, j ? ",%u" : "%u", s->v[i].frames[j]);
		fputc(']', f);
	}
	fputs("],\"weights\":[", f);
	first = true;
	for (uint32_t i = 0; i < s->n; i++) {
		uint64_t w = stack_weight(&s->v[i], r->o->what, r->o->hz);

		if (!w)
			continue;
		fprintf(f, first ? "%llu" : ",%llu", (unsigned long long)w);
		first = false;
	}
	fputs("]}]}\n", f);
	return ferror(f) ? -1 : 0;
}
