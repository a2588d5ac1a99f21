#!/usr/bin/python3
"""Fetch Debian's source package of an installed tool with `apt-get source`,
through a private deb-src list derived from the machine's own Debian sources.

Nothing in the machine's apt configuration or state changes: the source
list, the source-parts directory, the package lists and apt's caches all
point into CACHE/apt (apt options -o Dir::Etc::SourceList= and friends).

    fetch.py CACHE PACKAGE...     -> CACHE/src/PACKAGE-VERSION/
"""
import glob
import os
import subprocess
import sys


def stanzas(text):
    """deb822 paragraphs as dicts (keys lower-cased; '#' lines dropped)."""
    cur, key = {}, None
    for line in text.splitlines() + ['']:
        if line.startswith('#'):
            continue
        if not line.strip():
            if cur:
                yield cur
            cur, key = {}, None
        elif line[0] in ' \t' and key:
            cur[key] += '\n' + line.strip()
        elif ':' in line:
            key, val = line.split(':', 1)
            key = key.strip().lower()
            cur[key] = val.strip()


def deb_src_lines():
    """One-line deb-src entries for every Debian 'deb' entry on the machine."""
    out = []
    files = ['/etc/apt/sources.list'] + sorted(glob.glob('/etc/apt/sources.list.d/*.list'))
    for f in files:
        try:
            text = open(f).read()
        except OSError:
            continue
        for line in text.splitlines():
            line = line.split('#', 1)[0].strip()
            if line.startswith('deb '):
                out.append('deb-src' + line[3:])
    for f in sorted(glob.glob('/etc/apt/sources.list.d/*.sources')):
        for st in stanzas(open(f).read()):
            if st.get('enabled', 'yes').lower() == 'no':
                continue
            if 'deb' not in st.get('types', '').split():
                continue
            opts = []
            if st.get('signed-by'):
                sb = st['signed-by']
                if '\n' in sb or 'BEGIN PGP' in sb:
                    continue  # an inline key: not Debian's archive anyway
                opts.append('signed-by=' + sb)
            opt = ' [%s]' % ' '.join(opts) if opts else ''
            for uri in st.get('uris', '').split():
                for suite in st.get('suites', '').split():
                    out.append('deb-src%s %s %s %s' % (opt, uri, suite, st.get('components', '')))
    # Only Debian's archive has the source packages we want; third-party
    # repositories (cloud SDKs, nodesource) have none and would only fail.
    return [l for l in out if 'debian' in l]


def apt_opts(apt):
    return ['-o', 'Dir::Etc::SourceList=' + os.path.join(apt, 'sources.list'),
            '-o', 'Dir::Etc::SourceParts=' + os.path.join(apt, 'sources.list.d'),
            '-o', 'Dir::State::Lists=' + os.path.join(apt, 'lists'),
            '-o', 'Dir::Cache=' + os.path.join(apt, 'cache'),
            '-o', 'Dir::State::Status=/var/lib/dpkg/status',
            '-o', 'APT::Sandbox::User=root',
            '-o', 'Debug::NoLocking=1',
            '-q']


def installed_version(pkg):
    return subprocess.run(['dpkg-query', '-W', '-f=${Version}', pkg], check=True,
                          capture_output=True, text=True).stdout.strip()


def main():
    cache, pkgs = sys.argv[1], sys.argv[2:]
    apt = os.path.join(cache, 'apt')
    for d in ('sources.list.d', 'lists/partial', 'cache/archives/partial'):
        os.makedirs(os.path.join(apt, d), exist_ok=True)
    lines = deb_src_lines()
    if not lines:
        sys.exit('conformance: no Debian entries in /etc/apt/sources.list{,.d}')
    lst = os.path.join(apt, 'sources.list')
    new = '\n'.join(lines) + '\n'
    if not os.path.exists(lst) or open(lst).read() != new:
        open(lst, 'w').write(new)
        subprocess.run(['apt-get'] + apt_opts(apt) + ['update'], check=True,
                       stdout=subprocess.DEVNULL)
    src = os.path.join(cache, 'src')
    os.makedirs(src, exist_ok=True)
    for pkg in pkgs:
        ver = installed_version(pkg)
        upstream = ver.split(':')[-1].rsplit('-', 1)[0]
        stamp = os.path.join(src, '%s_%s.fetched' % (pkg, ver))
        if os.path.exists(stamp):
            continue
        print('conformance: apt-get source %s=%s' % (pkg, ver), file=sys.stderr)
        subprocess.run(['apt-get'] + apt_opts(apt) + ['source', '%s=%s' % (pkg, ver)],
                       check=True, cwd=src, stdout=subprocess.DEVNULL)
        if not os.path.isdir(os.path.join(src, '%s-%s' % (pkg, upstream))):
            sys.exit('conformance: %s-%s not unpacked in %s' % (pkg, upstream, src))
        open(stamp, 'w').close()


if __name__ == '__main__':
    main()
