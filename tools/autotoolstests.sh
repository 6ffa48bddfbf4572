#!/bin/bash
# autotoolstests.sh: run the test suites of GNU autoconf 2.71, make 4.3 and
# m4 1.4.19 with a given shell installed as /bin/sh and /bin/bash, so that
# configure, every make recipe and every autotest script run under it. Run
# once with bash and once with nash and compare the two result files. A
# development tool, not part of CI.
#
# Prerequisites: root (unshare -m and bind mounts), deb-src in apt sources,
# `apt-get source autoconf make-dfsg m4` unpacked in $SRC (default
# /tmp/autotools-src), gcc, perl, autoconf, automake, autopoint and gettext
# (make-dfsg ships no configure: this script runs autoreconf -fi on it).
#
#   tools/autotoolstests.sh bash|NASH [autoconf|make|m4 ...]
#
# Each suite is copied to $SRC/run-KIND/ (KIND is bash or nash) and built
# there; results go to run-KIND/SUITE/check.log. On this machine /bin/sh is a
# symlink to dash, so the shell is bind-mounted over /usr/bin/dash and
# /usr/bin/bash inside a private mount namespace: the machine itself is not
# touched. autoconf's testsuite compares `set` dumps of two configure runs and
# does not ignore SHLVL, which differs between runs that a shell execs as its
# last command and runs it forks first (alike in bash and nash):
# tests/local.at is edited to drop SHLVL as it drops PPID, so that about 65
# tests do not fail alike under both shells.
set -u
shell=${1:?usage: autotoolstests.sh bash|NASH [autoconf|make|m4 ...]}
shift
SRC=${SRC:-/tmp/autotools-src}
suites=${*:-autoconf make m4}
if [ "$shell" = bash ]; then
	kind=bash bin=$SRC/bash-copy
	cp -f /usr/bin/bash "$bin"
else
	kind=nash bin=$(readlink -f "$shell")
fi
export NUCLEIC_NASH_NO_FALLBACK=1 CONFIG_SHELL=/bin/sh SHELL=/bin/sh

# inns runs "$@" with $bin as /bin/sh and /bin/bash.
inns() {
	unshare -m --propagation private /usr/bin/bash -c '
mount --bind "$0" /usr/bin/dash && mount --bind "$0" /usr/bin/bash || exit 1
exec "$@"' "$bin" "$@"
}

for s in $suites; do
	case $s in
	autoconf) dir=autoconf-2.71 check='make check TESTSUITEFLAGS="-j2"' ;;
	make) dir=make-dfsg-4.3 check='make check' ;;
	m4) dir=m4-1.4.19 check='make -j2 check' ;;
	*) echo "unknown suite $s" >&2; exit 2 ;;
	esac
	[ -d "$SRC/$dir" ] || { echo "missing $SRC/$dir" >&2; exit 1; }
	if [ ! -x "$SRC/$dir/configure" ]; then
		(cd "$SRC/$dir" && autoreconf -fi >/dev/null 2>&1) || { echo "autoreconf $dir failed" >&2; exit 1; }
	fi
	w=$SRC/run-$kind/$dir
	rm -rf "$w"
	mkdir -p "$SRC/run-$kind"
	cp -a "$SRC/$dir" "$w"
	if [ $s = autoconf ]; then
		# ignore SHLVL where the suite ignores PPID (see above)
		sed -i 's,^\(\t*\)/^PPID=/ d$,&\n\1/^SHLVL=/ d,' "$w/tests/local.at"
	fi
	start=$(date +%s)
	(cd "$w" && inns /bin/sh -c "./configure >cfg.log 2>&1 && make >build.log 2>&1 && $check >check.log 2>&1")
	echo "$s $kind rc=$? secs=$(($(date +%s) - start)) log=$w/check.log"
done
