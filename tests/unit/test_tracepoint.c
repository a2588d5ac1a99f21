/*
 * The tracepoint format parser: format texts as this machine's tracefs
 * printed them (kernel 6.18: sched_process_exec, sched_switch,
 * sys_enter_openat, signal_deliver), parsed into fields whose names,
 * types, offsets, sizes and kinds are read off the text; records laid out
 * by those offsets, printed as README.md shows --event lines.
 */
#include <string.h>

#include "check.h"
#include "tracepoint/tracepoint.h"

static const char exec_fmt[] =
	"name: sched_process_exec\n"
	"ID: 365\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:pid_t old_pid;\toffset:16;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"filename=%s pid=%d old_pid=%d\", __get_str(filename), REC->pid, REC->old_pid\n";

static const char switch_fmt[] =
	"name: sched_switch\n"
	"ID: 372\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
	"\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
	"\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
	"\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"prev_comm=%s prev_pid=%d\", REC->prev_comm, REC->prev_pid\n";

static const char openat_fmt[] =
	"name: sys_enter_openat\n"
	"ID: 782\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:int dfd;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:const char * filename;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:int flags;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:umode_t mode;\toffset:40;\tsize:8;\tsigned:0;\n"
	"\n"
	"print fmt: \"dfd: 0x%08lx\", ((unsigned long)(REC->dfd))\n";

static const char deliver_fmt[] =
	"name: signal_deliver\n"
	"ID: 186\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:int sig;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:int errno;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:int code;\toffset:16;\tsize:4;\tsigned:1;\n"
	"\tfield:unsigned long sa_handler;\toffset:24;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long sa_flags;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\n"
	"print fmt: \"sig=%d errno=%d code=%d sa_handler=%lx sa_flags=%lx\", REC->sig\n";

struct want_field {
	const char *name, *type;
	int offset, size;
	bool is_signed, is_string, is_dataloc, is_pointer;
};

static void check_fields(const struct tp_event *ev, const struct want_field *w, int n)
{
	CHECK(ev->nfields == n);
	for (int i = 0; i < n && i < ev->nfields; i++) {
		const struct tp_field *f = &ev->field[i];

		CHECK_STR(f->name, w[i].name);
		CHECK_STR(f->type, w[i].type);
		CHECK(f->offset == w[i].offset);
		CHECK(f->size == w[i].size);
		CHECK(f->is_signed == w[i].is_signed);
		CHECK(f->is_string == w[i].is_string);
		CHECK(f->is_dataloc == w[i].is_dataloc);
		CHECK(f->is_pointer == w[i].is_pointer);
	}
}

#define COMMON \
	{ "common_type", "unsigned short", 0, 2, 0, 0, 0, 0 }, \
	{ "common_flags", "unsigned char", 2, 1, 0, 0, 0, 0 }, \
	{ "common_preempt_count", "unsigned char", 3, 1, 0, 0, 0, 0 }, \
	{ "common_pid", "int", 4, 4, 1, 0, 0, 0 }

static void put32(uint8_t *p, int off, uint32_t v) { memcpy(p + off, &v, 4); }
static void put64(uint8_t *p, int off, uint64_t v) { memcpy(p + off, &v, 8); }

int main(void)
{
	static struct tp_event ev;
	static const struct want_field exec_w[] = { COMMON,
		{ "filename", "__data_loc char[]", 8, 4, 0, 0, 1, 0 },
		{ "pid", "pid_t", 12, 4, 1, 0, 0, 0 },
		{ "old_pid", "pid_t", 16, 4, 1, 0, 0, 0 } };
	static const struct want_field switch_w[] = { COMMON,
		{ "prev_comm", "char", 8, 16, 0, 1, 0, 0 },
		{ "prev_pid", "pid_t", 24, 4, 1, 0, 0, 0 },
		{ "prev_prio", "int", 28, 4, 1, 0, 0, 0 },
		{ "prev_state", "long", 32, 8, 1, 0, 0, 0 },
		{ "next_comm", "char", 40, 16, 0, 1, 0, 0 },
		{ "next_pid", "pid_t", 56, 4, 1, 0, 0, 0 },
		{ "next_prio", "int", 60, 4, 1, 0, 0, 0 } };
	static const struct want_field openat_w[] = { COMMON,
		{ "__syscall_nr", "int", 8, 4, 1, 0, 0, 0 },
		{ "dfd", "int", 16, 8, 0, 0, 0, 0 },
		{ "filename", "const char *", 24, 8, 0, 0, 0, 1 },
		{ "flags", "int", 32, 8, 0, 0, 0, 0 },
		{ "mode", "umode_t", 40, 8, 0, 0, 0, 0 } };
	struct tp_table t = { 0 };
	struct sbuf b;
	uint8_t rec[128] = { 0 };

	sbuf_init(&b, 256);

	/* a __data_loc string: its bytes follow the fixed part */
	CHECK(tp_parse("sched", exec_fmt, sizeof(exec_fmt) - 1, &ev) == 0);
	CHECK_STR(ev.name, "sched:sched_process_exec");
	CHECK(ev.id == 365);
	check_fields(&ev, exec_w, 7);
	CHECK(ev.copy == 280);	/* 20 bytes of fields, 256 of strings, to 8 */
	put32(rec, 0, 365);
	put32(rec, 4, 4242);
	put32(rec, 8, 20 | 8 << 16);	/* offset 20, 8 bytes with the NUL */
	put32(rec, 12, 4242);
	put32(rec, 16, 4241);
	memcpy(rec + 20, "/bin/ls", 8);
	tp_print(&b, &ev, rec, 28);
	sbuf_putc(&b, 0);
	CHECK_STR(b.p, "sched:sched_process_exec(filename=\"/bin/ls\", pid=4242, old_pid=4241)");
	b.len = 0;
	tp_print_json(&b, &ev, rec, 28);
	sbuf_putc(&b, 0);
	CHECK_STR(b.p, "\"filename\":\"/bin/ls\",\"pid\":4242,\"old_pid\":4241");
	b.len = 0;
	/* the string's location outside the record: not read */
	put32(rec, 8, 100 | 8 << 16);
	tp_print(&b, &ev, rec, 28);
	sbuf_putc(&b, 0);
	CHECK_STR(b.p, "sched:sched_process_exec(filename=?, pid=4242, old_pid=4241)");
	b.len = 0;
	CHECK(tp_add(&t, &ev) == 0);

	/* fixed char arrays, a signed long */
	CHECK(tp_parse("sched", switch_fmt, sizeof(switch_fmt) - 1, &ev) == 0);
	CHECK_STR(ev.name, "sched:sched_switch");
	CHECK(ev.id == 372);
	check_fields(&ev, switch_w, 11);
	CHECK(ev.copy == 64);
	memset(rec, 0, sizeof(rec));
	memcpy(rec + 8, "bash", 5);
	put32(rec, 24, 100);
	put32(rec, 28, 120);
	put64(rec, 32, (uint64_t)-1);
	memcpy(rec + 40, "swapper/1", 10);
	put32(rec, 56, 0);
	put32(rec, 60, (uint32_t)-20);
	tp_print(&b, &ev, rec, 64);
	sbuf_putc(&b, 0);
	CHECK_STR(b.p, "sched:sched_switch(prev_comm=\"bash\", prev_pid=100, prev_prio=120, "
		  "prev_state=-1, next_comm=\"swapper/1\", next_pid=0, next_prio=-20)");
	b.len = 0;
	/* a record shorter than its fields: what is missing shows as ? */
	tp_print(&b, &ev, rec, 36);
	sbuf_putc(&b, 0);
	CHECK_STR(b.p, "sched:sched_switch(prev_comm=\"bash\", prev_pid=100, prev_prio=120, "
		  "prev_state=?, next_comm=?, next_pid=?, next_prio=?)");
	b.len = 0;
	CHECK(tp_add(&t, &ev) == 0);

	/* pointers in hex, 8-byte unsigned fields in decimal */
	CHECK(tp_parse("syscalls", openat_fmt, sizeof(openat_fmt) - 1, &ev) == 0);
	CHECK_STR(ev.name, "syscalls:sys_enter_openat");
	check_fields(&ev, openat_w, 9);
	CHECK(ev.copy == 48);
	memset(rec, 0, sizeof(rec));
	put32(rec, 8, 257);
	put64(rec, 16, (uint32_t)-100);
	put64(rec, 24, 0x7ffd1234abcd);
	put64(rec, 32, 0x80000);
	tp_print(&b, &ev, rec, 48);
	sbuf_putc(&b, 0);
	CHECK_STR(b.p, "syscalls:sys_enter_openat(__syscall_nr=257, dfd=4294967196, "
		  "filename=0x7ffd1234abcd, flags=524288, mode=0)");
	b.len = 0;
	CHECK(tp_add(&t, &ev) == 0);

	CHECK(tp_parse("signal", deliver_fmt, sizeof(deliver_fmt) - 1, &ev) == 0);
	CHECK_STR(ev.name, "signal:signal_deliver");
	CHECK(ev.nfields == 9 && ev.copy == 40);
	CHECK(tp_add(&t, &ev) == 0);

	/* lookups by id */
	CHECK(t.n == 4);
	CHECK(tp_find(&t, 365) && !strcmp(tp_find(&t, 365)->name, "sched:sched_process_exec"));
	CHECK(tp_find(&t, 782) && !strcmp(tp_find(&t, 782)->name, "syscalls:sys_enter_openat"));
	CHECK(tp_find(&t, 186) && tp_find(&t, 186)->nfields == 9);
	CHECK(tp_find(&t, 999) == NULL);
	tp_table_free(&t);

	/* not formats: refused */
	CHECK(tp_parse("x", "", 0, &ev) == -1);
	CHECK(tp_parse("x", "name: a\nformat:\n", 16, &ev) == -1);	/* no ID */
	CHECK(tp_parse("x", "name: a\nID: 7\nformat:\n", 22, &ev) == -1);	/* no fields */
	CHECK(tp_parse("x", "name: a\nID: 70000\nformat:\n\tfield:int a;\toffset:0;\tsize:4;\tsigned:1;\n",
		       69, &ev) == -1);	/* an ID the record cannot hold */
	CHECK(tp_parse("x", "name: a\nID: 7\nformat:\n\tfield:int a;\toffset:4000;\tsize:4;\tsigned:1;\n",
		       68, &ev) == -1);	/* fields past what is copied */
	CHECK(tp_parse("x", "name: a\nID: 7\nformat:\n\tfield:int a;\toffset:0;\tsize:4;\tsigned:1;\n",
		       65, &ev) == 0 && ev.nfields == 1 && ev.copy == 8);
	sbuf_free(&b);
	return CHECK_REPORT();
}
