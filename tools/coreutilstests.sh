#!/bin/bash
# coreutilstests.sh: run GNU coreutils 9.1's test suite (tests/**/*.sh and
# the .pl tests, over gnulib's tests/init.sh) with a given shell installed as
# /bin/sh and /bin/bash, so that every make recipe, the test driver and each
# test script run under it. Run once with bash and once with nash, then
# compare the per-test results with `coreutilstests.sh compare`. A
# development tool, not part of CI.
#
# Prerequisites: root (unshare -m and bind mounts), gcc and perl, and a
# coreutils 9.1 tree configured and built once under plain bash in $SRC
# (default /tmp/sweep/coreutils/coreutils-9.1):
#   FORCE_UNSAFE_CONFIGURE=1 ./configure --quiet && make -j2
#
#   tools/coreutilstests.sh bash|NASH [TEST ...]   # e.g. tests/misc/*.sh
#   tools/coreutilstests.sh compare
#
# AS=USER runs the tests as that user (setpriv; e.g. AS=nobody: some 40
# tests skip as root) in copies named run-KIND-USER, chowned to it;
# compare then needs the same AS. RUN_EXPENSIVE_TESTS=yes and
# RUN_VERY_EXPENSIVE_TESTS=yes in the environment are passed on to make.
# GNULIB=1 runs gnulib-tests/ (some 370 tests, 100 of them shell scripts)
# instead of tests/, whatever TESTs are named.
#
# With no TEST, the whole suite runs. The built tree is copied to
# $SRC-run-KIND/ (KIND is bash or nash) so that the .log and .trs files of
# the two runs do not collide; the copies keep using $SRC/src's programs
# (the Makefile's absolute paths point there), which the tests only run.
# Results: $SRC-run-KIND/results.txt, one "RESULT test" line per test. On
# this machine /bin/sh is a symlink to dash, so the shell is bind-mounted
# over /usr/bin/dash and /usr/bin/bash inside a private mount namespace: the
# machine itself is not touched. Tests run as root, so many skip alike.
set -u
SRC=${SRC:-/tmp/sweep/coreutils/coreutils-9.1}
shell=${1:?usage: coreutilstests.sh bash|NASH|compare [TEST ...]}
shift

# results prints "RESULT test" for each .trs file under run directory $1.
results() {
	(cd "$1" && find tests gnulib-tests -name '*.trs' | sort | while read -r t; do
		r=$(sed -n 's/^:test-result: //p' "$t" | head -1)
		echo "${r:-NONE} ${t%.trs}"
	done)
}

sfx=${AS:+-$AS}
if [ "$shell" = compare ]; then
	for k in bash nash; do results "$SRC-run-$k$sfx" >"$SRC-run-$k$sfx/results.txt"; done
	join -1 2 -2 2 <(sort -k2 "$SRC-run-bash$sfx/results.txt") <(sort -k2 "$SRC-run-nash$sfx/results.txt") |
		awk '$2 != $3 { print "DIFF", $1, "bash=" $2, "nash=" $3; d++ } END { print NR, "tests in both runs,", d + 0, "differ" }'
	exit 0
fi

if [ "$shell" = bash ]; then
	kind=bash bin=/tmp/coreutilstests-bash-copy
	cp -f /usr/bin/bash "$bin"
else
	kind=nash bin=$(readlink -f "$shell")
fi
export NUCLEIC_NASH_NO_FALLBACK=1

w=$SRC-run-$kind$sfx
if [ ! -d "$w" ]; then
	cp -a "$SRC" "$w" || exit 1
	if [ -n "${AS:-}" ]; then chown -R "$AS" "$w" || exit 1; fi
fi
# drop runs make as $AS, once the namespace is set up
drop=
if [ -n "${AS:-}" ]; then
	mkdir -p "$w/.home" && chown "$AS" "$w/.home"
	drop="setpriv --reuid=$AS --regid=$(id -g "$AS") --clear-groups env HOME=$w/.home USER=$AS LOGNAME=$AS"
	[ "$kind" = nash ] || chmod a+rx "$bin"
fi
tests=${*:-}
start=$(date +%s)
cd "$w" || exit 1
# the tests' own .log/.trs files are made fresh for each named test
if [ -n "${GNULIB:-}" ]; then
	rm -f gnulib-tests/*.trs gnulib-tests/*.log
	set -- -C gnulib-tests
elif [ -n "$tests" ]; then
	for t in $tests; do rm -f "${t%.*}.log" "${t%.*}.trs"; done
	set -- TESTS="$tests"
fi
unshare -m --propagation private /usr/bin/bash -c '
mount --bind "$0" /usr/bin/dash && mount --bind "$0" /usr/bin/bash || exit 1
exec "$@"' "$bin" $drop env NUCLEIC_NASH_NO_FALLBACK=1 \
	RUN_EXPENSIVE_TESTS="${RUN_EXPENSIVE_TESTS:-}" RUN_VERY_EXPENSIVE_TESTS="${RUN_VERY_EXPENSIVE_TESTS:-}" \
	make -k check -j2 SUBDIRS=. VERBOSE=no "$@" >check.log 2>&1
echo "$kind rc=$? secs=$(($(date +%s) - start)) log=$w/check.log"
results "$w" >"$w/results.txt"
