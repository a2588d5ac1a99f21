#!/bin/sh
# Run every test and end with one line: "N passed, N failed".
#   unit tests (C, under AddressSanitizer and UBSan)
#   end-to-end tests with the real BPF programs (tests/e2e.py), against the
#   normal build and again against the sanitized build; the same for the
#   profiler (tests/e2e_profile.py), -k/-i (tests/e2e_stacks.py), the
#   command line against strace's (tests/e2e_cli.py) and the user-space
#   probes (tests/e2e_probe.py, -c and record of them in tests/e2e_uevent.py) and injection (tests/e2e_inject.py); the
#   sanitized passes run with low pids (STROBE_LOW_PIDS), as on a fresh
#   machine; the fidelity check against strace (tests/fidelity.py);
#   strobe script's programs against bpftrace (tests/e2e_lang.py, its
#   user-space probes tests/e2e_lang_user.py), normal and sanitized; Python frames in profiles (tests/e2e_py.py) and strobe
#   top in tmux (tests/e2e_top.py); --metrics with a real Prometheus and
#   --cgroup/--container (tests/e2e_metrics.py)
# Exit status 0 only if nothing failed.
: "${STROBE:=build/strobe}" "${STROBE_ASAN:=build/strobe-asan}" "${BUILD:=build}"
export BUILD
passed=0
failed=0
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# start NAME COMMAND...: run a suite in the background, into its own log
start() {
	name=$1
	file=$logs/$(echo "$1" | tr / _)
	shift
	(
		t0=$(date +%s)
		"$@" >"$file.log" 2>&1
		echo $? >"$file.rc"
		echo $(($(date +%s) - t0)) >"$file.secs"
	) &
	echo $! >"$file.pid"
}

# finish NAME: wait for it, add its "N passed, N failed" line
finish() {
	name=$1
	file=$logs/$(echo "$1" | tr / _)
	wait "$(cat "$file.pid")"
	if [ ! -f "$file.secs" ]; then
		echo "FAIL $name: did not finish" | tee -a "$logs/failures"
		failed=$((failed + 1))
		return
	fi
	rc=$(cat "$file.rc")
	secs=$(cat "$file.secs")
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$file.log" | tail -n 1)
	if [ -z "$line" ]; then
		echo "FAIL $name: no result line (exit $rc)" | tee -a "$logs/failures"
		tail -n 20 "$file.log"
		failed=$((failed + 1))
		return
	fi
	p=${line%% passed*}
	f=${line#*passed, }
	f=${f%% failed}
	grep -E '^FAIL|FAILED' "$file.log" | sed "s|^|[$name] |" | tee -a "$logs/failures"
	passed=$((passed + p))
	failed=$((failed + f))
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && { echo "FAIL $name: exit $rc" | tee -a "$logs/failures"; failed=$((failed + 1)); }
	echo "$name: $line ($secs s)"
}

# one suite at a time
tally() {
	start "$@"
	finish "$1"
}

# chain NAME CMD [NAME CMD]...: suites one after another in the background,
# each into its own log; finish takes their results in order
chain() {
	(
		while [ $# -gt 1 ]; do
			file=$logs/$(echo "$1" | tr / _)
			t0=$(date +%s)
			sh -c "$2" >"$file.log" 2>&1
			echo $? >"$file.rc"
			echo $(($(date +%s) - t0)) >"$file.secs"
			shift 2
		done
	) &
	cpid=$!
	while [ $# -gt 1 ]; do
		echo $cpid >"$logs/$(echo "$1" | tr / _).pid"
		shift 2
	done
}

ASAN="STROBE=$STROBE_ASAN ASAN_OPTIONS=detect_leaks=1"
NORM="STROBE=$STROBE"

# the generated name tables match their lists (src/decode/xlat/*.in):
# compiling their headers, beside the unit tests and the first chains
start xlat sh -c 'python3 scripts/gen-xlat.py --check && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"'
# the unit tests one after another, beside the chains below (they need
# no probes, and the chains mostly wait on traced programs)
set --
for t in "$BUILD"/tests/unit/*; do
	[ -x "$t" ] && set -- "$@" "unit/$(basename "$t")" "$t"
done
chain "$@"
# three chains side by side: the suites that may share the machine (most
# of their time is spent waiting on traced programs: two cores were 40%
# busy with two suites at a time)
chain e2e "env $NORM python3 tests/e2e.py" \
      kern "env $NORM python3 tests/e2e_kern.py" \
      stacks "env $NORM python3 tests/e2e_stacks.py" \
      fidelity "env $NORM python3 tests/fidelity.py"
chain e2e-asan "env $ASAN STROBE_LOW_PIDS=300 python3 tests/e2e.py" \
      kern-asan "env $ASAN STROBE_LOW_PIDS=300 python3 tests/e2e_kern.py" \
      stacks-asan "env $ASAN python3 tests/e2e_stacks.py"
chain cli "env $NORM python3 tests/e2e_cli.py" \
      cli-asan "env $ASAN python3 tests/e2e_cli.py" \
      inject "env $NORM python3 tests/e2e_inject.py" \
      inject-asan "env $ASAN STROBE_LOW_PIDS=300 python3 tests/e2e_inject.py"
for n in e2e e2e-asan cli cli-asan kern kern-asan stacks stacks-asan fidelity inject inject-asan; do
	finish $n
done
for t in "$BUILD"/tests/unit/*; do
	[ -x "$t" ] && finish "unit/$(basename "$t")"
done
finish xlat
# not beside the suites above: a uretprobe makes the process it is in
# call the kernel's uretprobe syscall, which strace shows and -c counts
chain uevent "env $NORM python3 tests/e2e_uevent.py"
chain uevent-asan "env $ASAN python3 tests/e2e_uevent.py"
finish uevent
finish uevent-asan
tally profile env STROBE="$STROBE" python3 tests/e2e_profile.py
# alone: two sessions putting uprobes on the same libc functions at once
# made one refuse a function (seen once)
tally probe env STROBE="$STROBE" python3 tests/e2e_probe.py
tally probe-asan env STROBE="$STROBE_ASAN" ASAN_OPTIONS=detect_leaks=1 python3 tests/e2e_probe.py
# alone: bpftrace's tools watch the whole machine for the load program
# every lang suite runs (killsnoop would count the other suite's kills)
tally lang env STROBE="$STROBE" python3 tests/e2e_lang.py
tally lang-asan env STROBE="$STROBE_ASAN" ASAN_OPTIONS=detect_leaks=1 python3 tests/e2e_lang.py
# --metrics against a real Prometheus, --cgroup/--container (alone: the
# script test counts lang_load's calls machine-wide)
tally metrics env STROBE="$STROBE" python3 tests/e2e_metrics.py
# sanitized passes of the slower suites run the tests whose code the
# normal pass does not already share with a sanitized suite (make check
# under ten minutes on two cores)
tally metrics-asan env STROBE="$STROBE_ASAN" ASAN_OPTIONS=detect_leaks=1 python3 tests/e2e_metrics.py \
	test_series_cap_counts_drops test_script_maps_in_prometheus test_abusive_clients_do_not_stop_tracing \
	test_ltrace_metrics_and_concurrent_scrapes test_cgroup_trace_only_its_processes
tally lang-user env STROBE="$STROBE" python3 tests/e2e_lang_user.py
tally lang-user-asan env STROBE="$STROBE_ASAN" ASAN_OPTIONS=detect_leaks=1 STROBE_NO_REFERENCE=1 \
	python3 tests/e2e_lang_user.py test_usdt_arguments_and_semaphore \
	test_uprobe_args_retval_func_ustack test_uprobe_at_an_address_and_uaddr \
	test_stack_limits_and_modes test_probe_names_in_a_glob test_malloc_hist_with_c_and_p \
	test_list_like_bpftrace test_errors_name_what_is_missing
tally profile-asan env STROBE="$STROBE_ASAN" STROBE_LOW_PIDS=300 ASAN_OPTIONS=detect_leaks=1 python3 tests/e2e_profile.py \
	test_profile_chains_dwarf test_profile_leader_exited test_profile_names_cached \
	test_profile_static_stripped_fde_starts test_profile_attach_pid test_profile_errors \
	test_profile_off_cpu test_profile_jit_map test_profile_debuglink
tally python env STROBE="$STROBE" python3 tests/e2e_py.py
tally python-asan env STROBE="$STROBE_ASAN" ASAN_OPTIONS=detect_leaks=1 python3 tests/e2e_py.py \
	test_py_frames_debian test_py_threads test_py_attach_pid test_py_dump test_py_off_cpu_in_flight
tally top env STROBE="$STROBE" python3 tests/e2e_top.py
tally top-asan env STROBE="$STROBE_ASAN" ASAN_OPTIONS=detect_leaks=1 python3 tests/e2e_top.py \
	test_top_counts_add_up test_top_terminal_keys test_top_profile_terminal

# the failures again at the end, where a log's tail shows them (cut short)
[ -s "$logs/failures" ] && { echo "failed:"; cut -c1-400 "$logs/failures"; }
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
