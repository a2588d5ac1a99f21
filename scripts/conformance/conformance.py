#!/usr/bin/python3
"""make conformance: strace 6.1's and bpftrace 0.17's own test suites, run
once with the reference tool and once with strobe in its place.

    conformance.py [--suite strace|bpftrace|all] [--tests 'NAME ...']
                   [--strobe PATH] [--cache DIR] [--jobs N] [--timeout S]

Stages (each cached in CACHE, default /var/cache/strobe/conformance):
  fetch     Debian's source packages (fetch.py: apt-get source through a
            private deb-src list; the machine's apt state is untouched)
  build     strace ./configure && make + its test programs
            (build-strace.sh, ~15 min); bpftrace's testprogs/testlibs
            (build-bpftrace.sh; bpftrace itself is /usr/bin/bpftrace)
  run       every test with the reference, then with strobe; per-test logs
            in CACHE/results/SUITE/LABEL/logs/, statuses in results.json
  report    one line per suite and strobe's failures by cause
            (classify.py; each failing test counted once, by its first
            difference), written to CACHE/results/SUITE/LABEL/causes.txt

The reference runs once per test and is reused (--rerun-reference runs it
again); strobe's results are kept per binary (LABEL is made from its path),
so people testing different builds do not overwrite each other's.
"""
import argparse
import concurrent.futures
import fnmatch
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import classify  # noqa: E402

PY = '/usr/bin/python3'  # Debian's: the bpftrace engine needs distutils


def log(msg):
    print('conformance: ' + msg, file=sys.stderr, flush=True)


def label_of(path):
    return 'strobe' + re.sub(r'[^A-Za-z0-9]+', '-', os.path.realpath(path)).rstrip('-')


class Stage:
    """Wall time of each stage, printed at the end."""
    times = []

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self.t = time.time()

    def __exit__(self, *a):
        Stage.times.append((self.name, time.time() - self.t))


def pkg_version(pkg):
    return subprocess.run(['dpkg-query', '-W', '-f=${Version}', pkg], check=True,
                          capture_output=True, text=True).stdout.strip()


def upstream(ver):
    return ver.split(':')[-1].rsplit('-', 1)[0]


def run_group(argv, timeout, **kw):
    """argv in a session of its own; on timeout the whole group is killed.
    Returns (rc or None on timeout, output)."""
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True, **kw)
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            out, _ = p.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            out = b''
        return None, out.decode('utf-8', 'replace')


class Results:
    """CACHE/results/SUITE/LABEL/{results.json,logs/NAME.log}"""

    def __init__(self, cache, suite, label):
        self.dir = os.path.join(cache, 'results', suite, label)
        self.logs = os.path.join(self.dir, 'logs')
        os.makedirs(self.logs, exist_ok=True)
        self.path = os.path.join(self.dir, 'results.json')
        try:
            self.data = json.load(open(self.path))
        except (OSError, ValueError):
            self.data = {}

    def put(self, name, status, secs, output):
        self.data[name] = {'status': status, 'secs': round(secs, 2)}
        with open(self.logpath(name), 'w') as f:
            f.write(output)

    def logpath(self, name):
        return os.path.join(self.logs, re.sub(r'[/ ]', '_', name) + '.log')

    def output(self, name):
        try:
            return open(self.logpath(name), errors='replace').read()
        except OSError:
            return ''

    def save(self):
        tmp = self.path + '.tmp'
        json.dump(self.data, open(tmp, 'w'), indent=0, sort_keys=True)
        os.replace(tmp, self.path)


def run_all(names, one, res, jobs, what):
    """Run one(name) -> (status, secs, output) for each name, jobs at once."""
    done = 0
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = {ex.submit(one, n): n for n in dict.fromkeys(names)}
        for f in concurrent.futures.as_completed(futs):
            n = futs[f]
            status, secs, out = f.result()
            res.put(n, status, secs, out)
            done += 1
            if done % 50 == 0 or done == len(futs):
                res.save()
                log('%s: %d/%d tests (%.0f s)' % (what, done, len(futs), time.time() - t0))
    res.save()


# ---------------------------------------------------------------- strace

class StraceSuite:
    name = 'strace'
    ref_label = 'strace'

    def __init__(self, cache):
        ver = pkg_version('strace')
        self.src = os.path.join(cache, 'src', 'strace-' + upstream(ver))
        self.build = os.path.join(cache, 'build', 'strace-' + upstream(ver))
        self.cache = cache

    def prepare(self):
        subprocess.run(['sh', os.path.join(HERE, 'build-strace.sh'), self.src, self.build],
                       check=True)

    def tests(self):
        """The suite's TESTS, as its Makefile lists them (cached)."""
        lst = os.path.join(self.build, 'tests-list.txt')
        if not os.path.exists(lst):
            out = subprocess.run(['make', '-s', '-C', os.path.join(self.build, 'tests'),
                                  '-f', 'Makefile', '-f', '-', 'conformance-list'],
                                 input='conformance-list:\n\t@echo $(TESTS)\n',
                                 capture_output=True, text=True, check=True).stdout
            open(lst, 'w').write('\n'.join(out.split()) + '\n')
        return [short(t) for t in open(lst).read().split()]

    def workdir(self, label):
        """A tests/ directory of this run's own, next to a src/ link: the
        scripts make NAME.dir in the current directory, run ../NAME and read
        ../../src/config.h, so two runs (two strobe builds) do not meet."""
        w = os.path.join(self.cache, 'results', 'strace', label, 'work')
        t = os.path.join(w, 'tests')
        stamp = os.path.join(w, '.linked')
        if os.path.exists(stamp):
            return t
        os.makedirs(t, exist_ok=True)
        bt = os.path.join(self.build, 'tests')
        for e in os.listdir(bt):
            if e.endswith('.dir') or e.endswith('.log') or e.endswith('.trs'):
                continue
            d = os.path.join(t, e)
            if not os.path.lexists(d):
                os.symlink(os.path.join(bt, e), d)
        if not os.path.lexists(os.path.join(w, 'src')):
            os.symlink(os.path.join(self.build, 'src'), os.path.join(w, 'src'))
        open(stamp, 'w').close()
        return t

    def runner(self, label, strobe, timeout):
        cwd = self.workdir(label)
        env = dict(os.environ, STRACE_ARCH='x86_64', STRACE_NATIVE_ARCH='x86_64',
                   SIZEOF_KERNEL_LONG_T='8', SIZEOF_LONG='8', MIPS_ABI='',
                   srcdir=os.path.join(self.src, 'tests'),
                   TIMEOUT_DURATION=str(timeout), LC_ALL='C')
        env.pop('STRACE', None)
        if strobe:
            # strobe through PATH as `strobe`, so that the diagnostics the
            # tests expect (derived from $STRACE) carry the strobe: prefix
            bindir = tempfile.mkdtemp(prefix='conformance-bin-')
            os.symlink(os.path.realpath(strobe), os.path.join(bindir, 'strobe'))
            env['PATH'] = bindir + ':' + env['PATH']
            env['STRACE'] = 'strobe'
        files = {short(t): t for t in open(os.path.join(self.build, 'tests-list.txt')).read().split()}
        run_sh = os.path.join(self.src, 'tests', 'run.sh')

        def one(name):
            t0 = time.time()
            test = os.path.join(self.src, 'tests', files[name])
            rc, out = run_group([run_sh, test], timeout + 30, cwd=cwd, env=env)
            if rc is None or 'time limit (' in out:
                status = 'timeout'
            else:
                status = {0: 'pass', 77: 'skip', 99: 'error'}.get(rc, 'fail')
            return status, time.time() - t0, out
        return one


def short(t):
    return re.sub(r'(\.gen)?\.test$', '', t)


# ---------------------------------------------------------------- bpftrace

class BpftraceSuite:
    name = 'bpftrace'
    ref_label = 'bpftrace'

    def __init__(self, cache):
        ver = pkg_version('bpftrace')
        self.src = os.path.join(cache, 'src', 'bpftrace-' + upstream(ver))
        self.build = os.path.join(cache, 'build', 'bpftrace-' + upstream(ver))
        self.tdir = os.path.join(self.build, 'tests')
        self.cache = cache

    def prepare(self):
        subprocess.run(['sh', os.path.join(HERE, 'build-bpftrace.sh'), self.src, self.build],
                       check=True)

    def tests(self):
        code = ('import sys; sys.path.insert(0, "runtime/engine")\n'
                'from parser import TestParser\n'
                'for f, ts in TestParser.read_all(False):\n'
                '    for t in ts: print(f + "." + t.name)\n')
        out = subprocess.run([PY, '-c', code], cwd=self.tdir, capture_output=True,
                             text=True, check=True).stdout
        # three names are given to two tests each: they stay twice in the
        # list (the counts are of tests, as the engine's), and run once
        return sorted(out.split('\n')[:-1])

    def runner(self, label, strobe, timeout):
        if strobe:
            # the engine runs BPFTRACE_RUNTIME_TEST_EXECUTABLE/bpftrace: a
            # script running `strobe script`, through a link named bpftrace
            # so that the process's comm is bpftrace's (tests print comm)
            bindir = tempfile.mkdtemp(prefix='conformance-bpftrace-')
            os.mkdir(os.path.join(bindir, 'strobe'))
            os.symlink(os.path.realpath(strobe), os.path.join(bindir, 'strobe', 'bpftrace'))
            with open(os.path.join(bindir, 'bpftrace'), 'w') as f:
                f.write('#!/bin/sh\nexec %s script "$@"\n' % os.path.join(bindir, 'strobe', 'bpftrace'))
            os.chmod(os.path.join(bindir, 'bpftrace'), 0o755)
        else:
            bindir = '/usr/bin'
        env = dict(os.environ, BPFTRACE_RUNTIME_TEST_EXECUTABLE=bindir)
        main = os.path.join(self.tdir, 'runtime', 'engine', 'main.py')

        def one(name):
            t0 = time.time()
            # the engine itself, one test at a time: its --filter is an
            # fnmatch pattern, so [ ] * ? in a name are escaped
            pat = re.sub(r'([\[\]*?])', r'[\1]', name)
            rc, out = run_group([PY, main, '--filter', pat], timeout, cwd=self.tdir, env=env)
            # three names are given to two tests each: both must pass
            if rc is None or '[  TIMEOUT ]' in out:
                status = 'timeout'
            elif '[  FAILED  ]' in out:
                status = 'fail'
            elif '[       OK ]' in out:
                status = 'pass'
            elif '[   SKIP   ]' in out:
                status = 'skip'
            else:
                status = 'error'
            return status, time.time() - t0, out
        return one


# ---------------------------------------------------------------- main

def ptrace_only():
    """Tests strobe can never pass (they need ptrace to stop the tracee):
    name -> reason, from scripts/conformance/strace-ptrace-only.txt."""
    out = {}
    for line in open(os.path.join(HERE, 'strace-ptrace-only.txt')):
        line = line.strip()
        if line and not line.startswith('#'):
            name, _, why = line.partition(' ')
            out[name] = why.strip()
    return out


def select(all_names, wanted):
    """Names as given: exact, a bpftrace file's tests (FILE.*), or fnmatch."""
    if not wanted:
        return all_names
    out = []
    # a name's spaces may be given as _ (TESTS= is split at spaces)
    all_names = {n.replace(' ', '_'): n for n in all_names}
    for w in wanted:
        if w in all_names:
            hits = [all_names[w]]
        else:
            hits = [v for k, v in all_names.items() if k.startswith(w + '.')] or \
                [v for k, v in all_names.items() if fnmatch.fnmatchcase(k, w)]
        if not hits:
            sys.exit('conformance: no test named %s' % w)
        out += [h for h in hits if h not in out]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--suite', default='all', choices=['all', 'strace', 'bpftrace'])
    ap.add_argument('--tests', default='', help='names (strace: accept read-write; '
                    'bpftrace: file.test or file; * as a wildcard)')
    ap.add_argument('--strobe', default=os.path.join(REPO, 'build', 'strobe'))
    ap.add_argument('--cache', default=os.environ.get('CONFORMANCE_CACHE',
                                                      '/var/cache/strobe/conformance'))
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 2)
    ap.add_argument('--timeout', type=int, default=60, help='seconds per test with strobe')
    # the reference runs once and is cached: a generous limit keeps slow
    # tests in the baseline (kill_child, qual_fault still time out at 300)
    ap.add_argument('--ref-timeout', type=int, default=120, help='seconds per test, reference')
    ap.add_argument('--rerun-reference', action='store_true')
    ap.add_argument('--no-strobe', action='store_true', help='the reference run only')
    ap.add_argument('--prepare-only', action='store_true', help='fetch and build, run nothing')
    ap.add_argument('--report-only', action='store_true',
                    help='the summary from the results already in the cache, run nothing')
    a = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit('conformance: run as root (both suites trace)')
    if not a.no_strobe and not a.prepare_only and not os.access(a.strobe, os.X_OK):
        sys.exit('conformance: no strobe binary at %s (make first)' % a.strobe)
    suites = ['strace', 'bpftrace'] if a.suite == 'all' else [a.suite]
    with Stage('fetch'):
        subprocess.run([PY, os.path.join(HERE, 'fetch.py'), a.cache] + suites, check=True)
    objs = []
    for s in suites:
        suite = StraceSuite(a.cache) if s == 'strace' else BpftraceSuite(a.cache)
        with Stage('build ' + s):
            suite.prepare()
        objs.append(suite)
    if a.prepare_only:
        return
    lines = []
    for suite in objs:
        names = select(suite.tests(), a.tests.split())
        ref = Results(a.cache, suite.name, suite.ref_label)
        todo = [n for n in names if a.rerun_reference or n not in ref.data]
        if a.report_only:
            todo = []
        # the bpftrace tests watch system-wide events and find their
        # workloads by name: one at a time
        jobs = a.jobs if suite.name == 'strace' else 1
        if todo:
            with Stage('%s suite with %s' % (suite.name, suite.ref_label)):
                run_all(todo, suite.runner(suite.ref_label, None, a.ref_timeout), ref, jobs,
                        suite.ref_label)
                # a reference failure under load is re-tried once alone
                again = [n for n in dict.fromkeys(todo)
                         if ref.data[n]['status'] in ('fail', 'timeout')]
                if again:
                    run_all(again, suite.runner(suite.ref_label, None, a.ref_timeout), ref, 1,
                            suite.ref_label + ' (again)')
        if a.no_strobe:
            continue
        label = label_of(a.strobe)
        mine = Results(a.cache, suite.name, label)
        if not a.report_only:
            with Stage('%s suite with strobe' % suite.name):
                run_all(names, suite.runner(label, a.strobe, a.timeout), mine, jobs, 'strobe')
        po = ptrace_only() if suite.name == 'strace' else {}
        lines.append(report(suite, names, ref, mine, po))
    for name, secs in Stage.times:
        log('%-32s %6.0f s' % (name, secs))
    for l in lines:
        print(l)


def report(suite, names, ref, mine, po):
    base = [n for n in names if ref.data.get(n, {}).get('status') == 'pass']
    never = [n for n in base if n in po]
    scope = [n for n in base if n not in po]
    passed = [n for n in scope if mine.data.get(n, {}).get('status') == 'pass']
    failed = [n for n in scope if n not in passed]
    extra = [n for n in names if n not in base and mine.data.get(n, {}).get('status') == 'pass']
    causes = {}
    with open(os.path.join(mine.dir, 'failures.tsv'), 'w') as f:
        for n in failed:
            st = mine.data.get(n, {}).get('status', 'missing')
            cause, diff = classify.classify(suite.name, st, mine.output(n))
            causes.setdefault(cause, []).append(n)
            f.write('%s\t%s\t%s\t%s\n' % (n, st, cause, diff.replace('\t', ' ')))
    tool = 'strace' if suite.name == 'strace' else 'bpftrace 0.17'
    refcount = {}
    for n in names:
        st = ref.data.get(n, {}).get('status', 'missing')
        refcount[st] = refcount.get(st, 0) + 1
    detail = '%s %s: %s of %d' % (
        tool, 'built from the source' if suite.name == 'strace' else '(/usr/bin/bpftrace)',
        ', '.join('%d %s' % (v, k) for k, v in sorted(refcount.items(), key=lambda kv: -kv[1])),
        len(names))
    if suite.name == 'strace':
        detail += '; %d more that strace passes depend on ptrace, not counted ' \
            '(scripts/conformance/strace-ptrace-only.txt)' % len(never)
    if extra:
        detail += '; strobe also passes %d the reference does not' % len(extra)
    out = ['%s suite: strobe passes %d of %d tests %s passes here (%s)'
           % (suite.name, len(passed), len(scope), tool, detail)]
    out.append('  %-40s %5s  examples' % ('strobe failures by cause', 'tests'))
    for cause, ns in sorted(causes.items(), key=lambda kv: -len(kv[1])):
        ex = ', '.join(dict.fromkeys(ns[:3]))
        out.append('  %-40s %5d  %s' % (cause, len(ns), ex if len(ex) < 100 else ex[:97] + '...'))
    out.append('  per test: %s/{results.json,failures.tsv,logs/}' % mine.dir)
    text = '\n'.join(out)
    open(os.path.join(mine.dir, 'causes.txt'), 'w').write(text + '\n')
    return text


if __name__ == '__main__':
    main()
