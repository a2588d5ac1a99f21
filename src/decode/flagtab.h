/* SPDX-License-Identifier: GPL-2.0 */
/* Shared inside src/decode/ only: name tables and how they are printed. */
#ifndef STROBE_DECODE_FLAGTAB_H
#define STROBE_DECODE_FLAGTAB_H

#include "decode.h"

struct flag {
	uint64_t val;
	const char *name;
};

#define N(tab) (sizeof(tab) / sizeof(tab[0]))

/* Append each flag present, '|'-separated, clearing it from *v.
 * `first` is whether nothing has been printed yet; returns it updated. */
int put_flags(struct sbuf *b, uint64_t *v, const struct flag *t, size_t n, int first);
/* What put_flags left, in hex; `zero` when nothing was printed at all. */
void put_rest(struct sbuf *b, uint64_t v, int first, const char *zero);
/* The name of v; else v in hex, and `unknown` in a comment when given. */
void put_enum(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
	      const char *unknown);

/* put_enum, and with -X raw or verbose the value in hex */
void put_enum_x(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
		const char *unknown);
/* A 32-bit flag set: each name, then the rest in hex; "0" for none. */
void put_flagset(struct sbuf *b, uint64_t v, const struct flag *t, size_t n);
/* The same; a value with no known flag as "0x100 /\* UNKNOWN *\/" (strace's
 * "FALLOC_FL_???") */
void put_flagset_q(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
		   const char *unknown);
/* ...of all 64 bits (fanotify's mask, perf_event_attr's sample_type) */
void put_flagset_q64(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
		     const char *unknown);
/* put_flagset_q64, and -X raw or verbose applied to it */
void put_flagset_qx(struct sbuf *b, uint64_t v, const struct flag *t, size_t n,
		    const char *unknown);
/* A decoder of a flag set from a table of its own. */
#define FLAG_DECODER(fn, table)						\
	void fn(struct sbuf *b, uint64_t v)				\
	{								\
		put_flagset(b, v, table, N(table));			\
	}
/* ...that shows bits it does not know, alone, as strace: "0x40000000
 * /\* DN_??? *\/" */
#define FLAG_DECODER_Q(fn, table, unknown)				\
	void fn(struct sbuf *b, uint64_t v)				\
	{								\
		put_flagset_q(b, v, table, N(table), unknown);		\
	}

/* prctl_cpu.c: prctl's CPU-feature options (vector lengths, tagged
 * addresses, pointer authentication keys, ...): their arguments after the
 * option (false: not one of them), whether the result prints in hex, and
 * its names after it */
struct ev_syscall;
bool put_prctl_cpu(struct sbuf *b, const struct ev_syscall *e);
bool prctl_cpu_result_hex(const struct ev_syscall *e);
void put_prctl_cpu_result(struct sbuf *b, const struct ev_syscall *e);

/* A struct captured shorter than its layout: "???" (true), for the
 * decoders of records read from files. */
bool too_short(struct sbuf *b, size_t len, size_t want);

/* time.c: a signed 64-bit field at off; "{tv_sec=S, SUB=N}" of a
 * timespec (sub "tv_nsec") or timeval ("tv_usec") */
int64_t i64(const uint8_t *p, size_t off);
void put_pair(struct sbuf *b, const uint8_t *p, const char *sub);

/* sockaddr.c, for the other socket decoders: a field in network byte
 * order, "htons(9)" by name, with -X raw its bytes ("\x00\x09"), with -X
 * verbose both */
void put_net_bytes(struct sbuf *b, const char *field, const uint8_t *p, size_t n,
		   const char *name);
/* "inet_addr(\"127.0.0.1\")": the address quoted as any string is (-xx
 * shows it in hex, as strace) */
void addr_call(char *name, size_t n, const char *head, const char *text, const char *tail);
/* an interface index as strace names it on the machine that decodes
 * (if_nametoindex("lo")), else unsigned; -X applied */
void put_ifindex(struct sbuf *b, uint32_t v);
/* an IPv4 address in a struct: field, inet_addr("127.0.0.1"), -X applied */
void put_in_addr(struct sbuf *b, const char *field, const uint8_t *p);
/* a hardware address: "ff:ff:..."; -X raw its bytes in hex, verbose both */
void put_hw_addr(struct sbuf *b, const uint8_t *p, size_t n);

#endif
