# strobe: build, test, install.  `make V=1` shows the full commands.
#   make            build build/strobe
#   make demo       install what is missing, build, trace a demo command
#   make check      install what is missing, build, run every test
#   make unit       the unit tests alone: no root, no BPF, any user
#   make bench      compare overhead with strace, perf trace and bpftrace
#   make install    install to $(PREFIX) (default /usr/local)

VERSION := 0.1
PREFIX ?= /usr/local
BUILD := build
CC ?= gcc
CLANG ?= clang
BPFTOOL ?= bpftool

ifeq ($(V),1)
Q :=
msg := @true
else
Q := @
msg = @printf '  %-7s %s\n'
endif

WARN := -Wall -Wextra -Werror -Wno-unused-parameter -Wshadow -Wstrict-prototypes
CFLAGS ?= -O2 -g
CFLAGS += -std=c11 -D_GNU_SOURCE $(WARN) -DSTROBE_VERSION='"$(VERSION)"' \
	  -I$(BUILD) -MMD -MP
LDLIBS := -lbpf -ldw -lelf -lz -lzstd -lpthread
# strobe itself links the libraries in (the -dev packages' archives): each
# shared library it loaded cost its start-up about 0.1 ms, 0.5 ms for the
# seven (docs/design.md, Start-up).  Linked as shared libraries when an
# archive is missing; the tests and sanitizer builds link them shared.
STATIC_LIBS := bpf dw elf z zstd lzma bz2
have_static := $(foreach l,$(STATIC_LIBS),$(filter /%,$(shell $(CC) -print-file-name=lib$(l).a)))
ifeq ($(words $(have_static)),$(words $(STATIC_LIBS)))
STROBE_LDLIBS := -Wl,-Bstatic $(STATIC_LIBS:%=-l%) -Wl,-Bdynamic -lpthread
else
STROBE_LDLIBS := $(LDLIBS)
endif
SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

SRCS := $(wildcard src/*.c src/*/*.c)
OBJS := $(SRCS:%.c=$(BUILD)/obj/%.o)
ASAN_OBJS := $(SRCS:%.c=$(BUILD)/asan/%.o)
LIB_SRCS := $(filter-out src/main.c src/session/% src/profile/run.c src/ltrace/run.c src/ltrace/sslsniff.c src/ltrace/sys.c src/top/%,$(SRCS))
# script's end hands its perf events to the session's background closer
LIB_SRCS += src/session/release.c
UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/unit/%)
PROG_SRCS := $(wildcard tests/progs/*.c)
PROG_BINS := $(PROG_SRCS:tests/progs/%.c=$(BUILD)/tests/progs/%)
SKEL := $(BUILD)/syscalls.lskel.h $(BUILD)/syscalls_tp.lskel.h $(BUILD)/syscalls_lean.lskel.h \
	$(BUILD)/syscalls_tp_lean.lskel.h $(BUILD)/profile.lskel.h $(BUILD)/uprobes.lskel.h \
	$(BUILD)/syscalls.img.h $(BUILD)/syscalls_tp.img.h \
	$(BUILD)/syscalls_lean.img.h $(BUILD)/syscalls_tp_lean.img.h

.PHONY: all deps demo check unit unit-run e2e bench install clean syscall-table xlat fuzz fidelity
.SECONDARY:
all: $(BUILD)/strobe

deps:
	$(Q)sh scripts/deps.sh

$(BUILD)/vmlinux.h:
	$(msg) GEN $@
	$(Q)mkdir -p $(BUILD)
	$(Q)test -r /sys/kernel/btf/vmlinux || { echo "strobe: this kernel has no BTF (/sys/kernel/btf/vmlinux); build on a kernel with CONFIG_DEBUG_INFO_BTF=y" >&2; exit 1; }
	$(Q)$(BPFTOOL) btf dump file /sys/kernel/btf/vmlinux format c > $@.tmp && mv $@.tmp $@

$(BUILD)/%.bpf.o: bpf/%.bpf.c $(wildcard bpf/*.h bpf/*.bpf.inc) src/syscalls/nr_x86_64.h $(BUILD)/vmlinux.h
	$(msg) BPF $@
	$(Q)$(CLANG) -g -O2 -target bpf -D__TARGET_ARCH_x86 -I$(BUILD) -Ibpf \
		-Wall -Werror -c $< -o $@

$(BUILD)/%.lskel.h: $(BUILD)/%.bpf.o
	$(msg) SKEL $@
	$(Q)$(BPFTOOL) gen skeleton -L $< > $@.tmp
	$(Q)sed -i '1a #include <errno.h>' $@.tmp && mv $@.tmp $@

# syscalls.bpf.c's other builds: with the per-syscall tracepoints' front end
# instead of the raw pair (_tp), and without -k/-i's stacks and -y's fd
# descriptions (_lean).  A session loads only the one it needs
# (src/session/load_*.c); each one's skeleton struct must be the raw
# build's, field for field.
SC_FLAGS_tp := -DPER_SYSCALL
SC_FLAGS_lean := -DLEAN
SC_FLAGS_tp_lean := -DPER_SYSCALL -DLEAN
$(BUILD)/syscalls_%.bpf.o: bpf/syscalls.bpf.c $(wildcard bpf/*.h bpf/*.bpf.inc) src/syscalls/nr_x86_64.h $(BUILD)/vmlinux.h
	$(msg) BPF $@
	$(Q)$(CLANG) -g -O2 -target bpf -D__TARGET_ARCH_x86 $(SC_FLAGS_$*) -I$(BUILD) -Ibpf \
		-Wall -Werror -c $< -o $@

$(BUILD)/syscalls_%.lskel.h: $(BUILD)/syscalls_%.bpf.o $(BUILD)/syscalls.lskel.h scripts/lskel-same-layout.sh
	$(msg) SKEL $@
	$(Q)$(BPFTOOL) gen skeleton -L $< name syscalls_bpf > $@.tmp
	$(Q)sh scripts/lskel-same-layout.sh syscalls_bpf $(BUILD)/syscalls.lskel.h $@.tmp
	$(Q)sed -i '1a #include <errno.h>' $@.tmp && mv $@.tmp $@

# syscalls.bpf.c's builds are loaded by strobe's own loader
# (src/util/bpfimg.c), which verifies the programs on several CPUs at
# once: their load image, made from the object once linked (the linker
# finalises its BTF).
$(BUILD)/%.img.h: $(BUILD)/%.bpf.o scripts/bpf-image.py
	$(msg) IMAGE $@
	$(Q)$(BPFTOOL) gen object $@.o $<
	$(Q)python3 scripts/bpf-image.py $@.o syscalls_bpf img$(patsubst syscalls%,%,$*) > $@.tmp && \
		mv $@.tmp $@ && rm -f $@.o

# The uprobe_multi programs need expected_attach_type BPF_TRACE_UPROBE_MULTI
# (48), which Debian's bpftool (libbpf 1.1) cannot express: set it in the
# skeleton's load attributes.
$(BUILD)/uprobes.lskel.h: $(BUILD)/uprobes.bpf.o scripts/lskel-attach-type.py
	$(msg) SKEL $@
	$(Q)$(BPFTOOL) gen skeleton -L $< > $@.tmp
	$(Q)python3 scripts/lskel-attach-type.py $@.tmp on_entry_multi=48 on_return_multi=48
	$(Q)sed -i '1a #include <errno.h>' $@.tmp && mv $@.tmp $@

$(BUILD)/obj/%.o: %.c | $(SKEL)
	$(msg) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/asan/%.o: %.c | $(SKEL)
	$(msg) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) $(SAN) -c $< -o $@

$(BUILD)/strobe: $(OBJS)
	$(msg) LD $@
	$(Q)$(CC) $(CFLAGS) $^ -o $@ $(STROBE_LDLIBS)

$(BUILD)/strobe-asan: $(ASAN_OBJS)
	$(msg) LD $@
	$(Q)$(CC) $(CFLAGS) $(SAN) $^ -o $@ $(LDLIBS)

$(BUILD)/tests/unit/%: tests/unit/%.c $(LIB_SRCS:%.c=$(BUILD)/asan/%.o)
	$(msg) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) $(SAN) -Isrc $(filter %.c %.o,$^) -o $@ $(LDLIBS)

# Test programs: plain C with known syscalls; built without optimisation
# surprises (-O0) so each call in the source is a call at run time.
$(BUILD)/tests/progs/%: tests/progs/%.c
	$(msg) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) -O0 -g -std=gnu11 -Wall -Werror -pthread $< -o $@

# ...one that calls zlib (ltrace -l's calls inside a library)
$(BUILD)/tests/progs/zcalls: tests/progs/zcalls.c
	$(msg) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) -O0 -g -std=gnu11 -Wall -Werror $< -o $@ -lz

# ...one that calls a library of no known prototype, found by $ORIGIN
$(BUILD)/tests/progs/libguess.so: tests/progs/lib/guess.c
	$(msg) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) -O0 -shared -fPIC -Wall -Werror $< -o $@
$(BUILD)/tests/progs/guesscalls: tests/progs/guesscalls.c $(BUILD)/tests/progs/libguess.so
	$(msg) CC $@
	$(Q)$(CC) -O0 -g -std=gnu11 -Wall -Werror $< -o $@ -L$(BUILD)/tests/progs -lguess \
		-Wl,--enable-new-dtags,-rpath,'$$ORIGIN'

# The profiler's known call chains, built the ways real code is: with and
# without frame pointers, unoptimised and optimised (calls kept as calls),
# and with a function inlined (found through DWARF).
CHAIN_FLAGS_O0-fp := -O0 -fno-omit-frame-pointer
CHAIN_FLAGS_O0-nofp := -O0 -fomit-frame-pointer
CHAIN_FLAGS_O2-fp := -O2 -fno-inline -fno-omit-frame-pointer
CHAIN_FLAGS_O2-nofp := -O2 -fno-inline -fomit-frame-pointer
CHAIN_FLAGS_O2-inline := -O2 -fomit-frame-pointer -DINLINE_B
CHAIN_BINS := $(foreach v,O0-fp O0-nofp O2-fp O2-nofp O2-inline,$(BUILD)/tests/progs/callchain-$(v))
$(BUILD)/tests/progs/callchain-%: tests/progs/callchain.c
	$(msg) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) -g -std=gnu11 -Wall -Werror $(CHAIN_FLAGS_$*) $< -o $@

# -k's test program again without frame pointers, optimised, calls kept
$(BUILD)/tests/progs/stackcalls-nofp: tests/progs/stackcalls.c
	$(msg) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) -g -std=gnu11 -Wall -Werror -pthread -O2 -fomit-frame-pointer -fno-inline \
		-fno-optimize-sibling-calls $< -o $@
# The library-call program built the ways that hide calls from ltrace 0.7:
# without PLT stubs, bound at load, and with IBT's .plt.sec.
LIBCALLS_FLAGS_noplt := -fno-plt
LIBCALLS_FLAGS_now := -Wl,-z,now
LIBCALLS_FLAGS_ibt := -fcf-protection=full -Wl,-z,now
LIBCALLS_BINS := $(foreach v,noplt now ibt,$(BUILD)/tests/progs/libcalls-$(v))
$(BUILD)/tests/progs/libcalls-%: tests/progs/libcalls.c
	$(msg) CC $@
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) -O0 -g -std=gnu11 -Wall -Werror $(LIBCALLS_FLAGS_$*) $< -o $@

demo: deps
	$(Q)$(MAKE) --no-print-directory all
	@echo "+ strobe -f -- sh -c 'ls / | wc -l'"
	$(Q)$(BUILD)/strobe -f -- sh -c 'ls / | wc -l'

# the build runs on every CPU (about half of a clean build's two minutes on
# two); the tests after it run one at a time
check: deps
	$(Q)$(MAKE) --no-print-directory -j$(shell nproc) $(BUILD)/strobe $(BUILD)/strobe-asan $(UNIT_BINS) $(PROG_BINS) $(CHAIN_BINS) \
		$(BUILD)/tests/progs/stackcalls-nofp $(LIBCALLS_BINS)
	$(Q)STROBE=$(BUILD)/strobe STROBE_ASAN=$(BUILD)/strobe-asan BUILD=$(BUILD) sh tests/run.sh

# The unit tests need neither root nor BPF (no skeleton: SKEL= below).
# They build into $(BUILD) when this user may write there, else into a
# directory of the user's own under $TMPDIR (a root-owned checkout).
UNIT_DIR = $(shell if [ -w '$(BUILD)' ] || { [ ! -e '$(BUILD)' ] && [ -w . ]; }; \
	then echo '$(BUILD)'; else echo "$${TMPDIR:-/tmp}/strobe-unit-$$(id -u)"; fi)

unit:
	$(Q)$(MAKE) --no-print-directory BUILD='$(UNIT_DIR)' SKEL= unit-run

unit-run: $(UNIT_BINS)
	$(Q)p=0; f=0; for t in $(UNIT_BINS); do \
		out=$$($$t 2>&1); rc=$$?; \
		printf '%s\n' "$$out" | grep -E 'FAIL|KNOWN BUG'; \
		line=$$(printf '%s\n' "$$out" | tail -n 1); \
		case "$$line" in *" passed, "*" failed") ;; *) line="0 passed, 1 failed";; esac; \
		[ $$rc -ne 0 ] && [ "$${line#*passed, }" = "0 failed" ] && line="$${line%%,*}, 1 failed"; \
		echo "$${t##*/}: $$line"; \
		p=$$((p + $${line%% passed*})); n=$${line#*passed, }; f=$$((f + $${n%% failed})); \
	done; echo "$$p passed, $$f failed"; [ $$f -eq 0 ]

bench: deps all $(PROG_BINS) $(CHAIN_BINS) $(LIBCALLS_BINS)
	$(Q)sh scripts/deps.sh bench
	$(Q)STROBE=$(BUILD)/strobe python3 bench/run.py
	$(Q)STROBE=$(BUILD)/strobe BUILD=$(BUILD) python3 bench/profile.py
	$(Q)STROBE=$(BUILD)/strobe python3 bench/top.py
	$(Q)STROBE=$(BUILD)/strobe python3 bench/metrics.py

# Fuzz the record-file reader for FUZZ_SECONDS (default 60) with libFuzzer;
# crashing inputs land in build/fuzz-crashes: move them to
# tests/fuzz/regressions, where make check replays them.
FUZZ_SECONDS ?= 60
$(BUILD)/fuzz_report: tests/fuzz/fuzz_report.c $(LIB_SRCS) | $(SKEL)
	$(msg) FUZZ $@
	$(Q)clang -g -O1 -std=gnu11 -D_GNU_SOURCE -Isrc -I$(BUILD) \
		-DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION \
		-fsanitize=fuzzer,address,undefined $^ -o $@ $(LDLIBS)

fuzz: $(BUILD)/fuzz_report
	$(Q)mkdir -p $(BUILD)/fuzz-corpus $(BUILD)/fuzz-crashes
	$(Q)cp tests/fuzz/corpus/* $(BUILD)/fuzz-corpus/
	$(Q)$(BUILD)/fuzz_report -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=1024 -close_fd_mask=3 \
		-artifact_prefix=$(BUILD)/fuzz-crashes/ $(BUILD)/fuzz-corpus

# How many of strace's lines strobe prints identically, on a corpus.
fidelity: all $(PROG_BINS)
	$(Q)STROBE=$(BUILD)/strobe BUILD=$(BUILD) python3 tests/fidelity.py

# strace 6.1's and bpftrace 0.17's own test suites with strobe in their
# place (scripts/conformance/, docs/conformance.md); not part of `make check`.
#   make conformance SUITE=strace TESTS='accept read-write'
# Builds are cached in $(CONFORMANCE_CACHE), which `make clean` keeps.
CONFORMANCE_CACHE ?= /var/cache/strobe/conformance
.PHONY: conformance
conformance: all
	$(Q)sh scripts/deps.sh conformance
	$(Q)/usr/bin/python3 scripts/conformance/conformance.py --cache $(CONFORMANCE_CACHE) \
		--strobe $(BUILD)/strobe --suite $(or $(SUITE),all) --tests '$(TESTS)' \
		$(if $(JOBS),--jobs $(JOBS)) $(if $(TIMEOUT),--timeout $(TIMEOUT))

install: all
	install -D -m 0755 $(BUILD)/strobe $(DESTDIR)$(PREFIX)/bin/strobe
	install -D -m 0644 strobe.1 $(DESTDIR)$(PREFIX)/share/man/man1/strobe.1

syscall-table:
	python3 scripts/strace-classes.py
	python3 scripts/gen-syscall-table.py

# Name tables from src/decode/xlat/*.in (names in print order).
xlat:
	python3 scripts/gen-xlat.py

clean:
	rm -rf $(BUILD)

-include $(OBJS:.o=.d) $(ASAN_OBJS:.o=.d) $(UNIT_BINS:=.d)
