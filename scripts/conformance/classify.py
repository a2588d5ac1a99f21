"""Each failing test's cause, from its first difference (heuristics on the
test's log; a test counts once).  classify(suite, status, log) returns
(cause, first difference as one line)."""
import re

POINTER = re.compile(r'\b0x7f[0-9a-f]{8,}\b')
REFUSED = re.compile(r'(is not supported yet|see strobe --help|unrecognized option|invalid option|'
                     r'unknown option|not supported|option requires an argument|'
                     r'Usage: strobe|usage: strobe)', re.I)


def first_hunk(text):
    """The first '-' and '+' lines of the first unified diff hunk in text."""
    lines = text.splitlines()
    for i, l in enumerate(lines):
        if l.startswith('@@ '):
            minus = plus = None
            for m in lines[i + 1:]:
                if m.startswith('@@ ') or m.startswith('--- ') and plus is not None:
                    break
                if m.startswith('-') and minus is None:
                    minus = m[1:]
                elif m.startswith('+') and plus is None:
                    plus = m[1:]
                if minus is not None and plus is not None:
                    break
            return True, minus, plus
    return False, None, None


YPATH = re.compile(r'(?<=[0-9A-Z])<(?:[^<>]|<[^<>]*>)*>')


def strip_y(s):
    """s without -y/-yy's <path> decorations (after an fd or AT_FDCWD),
    nor the alignment of the result that they shift."""
    return re.sub(r'\s+=', ' =', YPATH.sub('', s))


def short(s, n=110):
    s = s.strip()
    return s if len(s) <= n else s[:n] + '...'


def strace_cause(status, text):
    if status == 'timeout':
        return 'hang/timeout', ''
    if status == 'skip':
        why = [l for l in text.splitlines() if 'skipped test: ' in l or 'framework skip: ' in l]
        return 'skipped with strobe', short(why[-1] if why else '')
    m = REFUSED.search(text)
    refusal = None
    for l in text.splitlines():
        if l.startswith('strobe: ') and REFUSED.search(l):
            refusal = l
            break
    if refusal:
        return 'options refused', short(refusal)
    found, e, g = first_hunk(text)
    if not found:
        fail = [l for l in text.splitlines() if ': failed test: ' in l or
                ': framework failure: ' in l]
        msg = fail[-1].split(': ', 2)[-1] if fail else (text.strip().splitlines() or [''])[-1]
        if status == 'error':
            return 'framework failure', short(msg)
        if 'Failed patterns of expected output' in text or 'match_grep' in text:
            return 'lines missing, extra or different', short(msg)
        if m:
            return 'options refused', short(msg)
        if re.search(r'failed with code|exited with|terminated|killed', msg):
            return 'exit status or process control', short(msg)
        return 'lines missing, extra or different', short(msg)
    diff = '%s  ->  %s' % (short(e or '(nothing)', 100), short(g or '(nothing)', 100))
    if e is None or g is None:
        return 'lines missing, extra or different', diff
    i = next((k for k, (a, b) in enumerate(zip(e, g)) if a != b), min(len(e), len(g)))
    if e != g and (strip_y(e) == strip_y(g) or e[i:i + 1] == '<' or g[i:i + 1] == '<'):
        return '-y decoration', diff
    if e.startswith('strobe:') or g.startswith('strobe:') or e.startswith('strace:'):
        return 'error wording', diff
    if 'ioctl(' in e and ('_IOC(' in g or e.split(',')[1:2] != g.split(',')[1:2]):
        return 'ioctl not decoded', diff
    if 'nlmsg_len' in e or ('nlmsg' not in g and re.search(r'sendmsg|sendto|recv', e)
                            and 'nl' in e and '"\\' in g):
        return 'netlink messages raw', diff
    if POINTER.search(g) and not POINTER.search(e):
        return 'memory arguments printed as pointer', diff
    ename, gname = re.match(r'[\w\[\] ]*', e).group(0), re.match(r'[\w\[\] ]*', g).group(0)
    if ename.split('(')[0] != gname.split('(')[0]:
        return 'lines missing, extra or different', diff
    return 'arguments, constants, numbers', diff


BPF_OPTS = re.compile(r'(^|\s)(-q|-f\s*json|-k+|-B|-o|--include|--usdt-file-activation|'
                      r'--info|--version|--unsafe|-d|-dd|-v|-I|--btf|--no-warnings)(\s|$)')


def field(text, name):
    m = re.search(r'^\t' + name + r': (.*)$', text, re.M)
    return m.group(1) if m else ''


def bpftrace_cause(status, text):
    cmd = field(text, 'Command')
    found = field(text, 'Found') or field(text, 'Output') or field(text, 'Current output')
    expected = field(text, 'Expected')
    diff = 'expected /%s/  ->  %s' % (short(expected, 60), short(found.replace('\\n', ' | '), 120))
    if status == 'timeout':
        return 'hang/timeout', diff
    if status == 'skip':
        return 'skipped: --info lacks a required feature', ''
    if status == 'error':
        return 'harness error', short(text.strip().splitlines()[-1] if text.strip() else '')
    if re.search(r'\b(struct|union|enum)\s+\w+\s*\{|typedef\s|#include', cmd) or \
            'Unknown struct/union' in found:
        return 'C definitions in programs', diff
    if re.search(r'(^|\s)-l(\s|v|$)', cmd.replace('{{BPFTRACE}}', '')):
        return 'listing', diff
    if re.search(r'\b(async)?watchpoint:|\bk(ret)?probe:|\bkfunc:|\bkretfunc:|\biter:', cmd):
        return 'probe types', diff
    if re.search(r'ERROR: (not supported yet|Unknown function|Unknown identifier)', found):
        return 'builtins and syntax (refused)', diff
    if BPF_OPTS.search(cmd) or 'BPFTRACE_' in cmd or \
            re.search(r'unrecognized option|invalid option|option requires|usage:', found):
        return 'options', diff
    if re.search(r'\bu(ret)?probe:|\busdt:', cmd) and re.search(
            r'(cannot|no such|not found|could not|unknown|no probe|does not|invalid|'
            r'no function matching|no USDT marker|is incomplete)', found, re.I):
        return 'user-space targets', diff
    if re.search(r'\bu(ret)?probe:', cmd) and 'args' in cmd:
        return 'DWARF arguments', diff
    if re.search(r'(ERROR|WARNING|error|warning)', expected) and 'ERROR' not in found:
        return 'error texts', diff
    if re.search(r'stdin:\d+:\d+|\^~*|error:', found):
        return 'builtins and syntax (refused)', diff
    return 'different output (values)', diff


def classify(suite, status, text):
    return strace_cause(status, text) if suite == 'strace' else bpftrace_cause(status, text)
