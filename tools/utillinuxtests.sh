#!/bin/bash
# utillinuxtests.sh: run util-linux 2.38.1's regression suite (tests/run.sh,
# tests/functions.sh and the bash test scripts under tests/ts) with a given
# shell as /bin/bash and /bin/sh, so that the driver, every test script and
# every helper they start run under it. Run once with bash and once with
# nash and compare the two runs. A development tool, not part of CI.
#
# Prerequisites: root (unshare -m and bind mounts), gcc, and the orig
# tarball unpacked in $SRC (default /tmp/ul/util-linux-2.38.1), configured
# and built once under the real bash:
#
#   ./configure --disable-dependency-tracking --without-python
#   make -j2 && make -j2 check-programs
#
# Then
#
#   tools/utillinuxtests.sh bash|NASH [run.sh args, e.g. --parallel=2 misc]
#   tools/utillinuxtests.sh compare
#
# A run saves run.sh's parsable output (one "component: test ... RESULT"
# line per test, sorted into results) and the tests/output and tests/diff
# trees of the run into $SRC/../run-KIND (KIND is bash or nash). compare
# lists the tests whose result differs, and the output files that differ
# between the two runs. Both runs use the same build tree, so they must
# not run at the same time. On this machine /bin is /usr/bin and /bin/sh
# is a symlink to dash, so the shell (a copy of /usr/bin/bash for the bash
# run) is bind-mounted over /usr/bin/dash and /usr/bin/bash inside a
# private mount namespace: the machine itself is not touched, and the
# mounts disappear with the namespace. Loop-device tests are skipped
# (--skip-loopdevs), so that no loop device of the machine is used, unless
# LOOPDEVS=yes: then run only chosen components (mount libmount losetup
# blkdiscard, never swapon, whose tests turn swap on for the machine) and
# check `losetup -a` afterwards. TAG=SUFFIX keeps such a run apart, in
# run-KIND$TAG (give it to compare and tracecompare too).
# PARSABLE= (empty) drops --parsable: with --parallel=1 run.sh then prints
# its usual, ordered report, and run.log itself can be compared.
# Never give run.sh --force without --exclude=build-sys/config: that test
# runs make clean and configure in the build tree itself.
#
#   tools/utillinuxtests.sh trace bash|NASH [component/test ...]
#   tools/utillinuxtests.sh tracecompare
#
# trace runs the given tests (default all) one at a time, as run.sh would,
# with SHELLOPTS=xtrace exported so that every shell they start traces,
# and BASH_XTRACEFD=99 so that the trace goes to run-KIND/trace/COMP/TEST
# and not into the stderr the tests compare. tracecompare lists the traces
# that differ once pids, times and temporary names are made alike.
set -u
shell=${1:?usage: utillinuxtests.sh bash|NASH|compare [run.sh args]}
shift
SRC=${SRC:-/tmp/ul/util-linux-2.38.1}
top=$(dirname "$SRC")

if [ "$shell" = compare ]; then
	diff "$top/run-bash${TAG:-}/results" "$top/run-nash${TAG:-}/results"
	diff -rq --no-dereference -x dumps "$top/run-bash${TAG:-}/output" "$top/run-nash${TAG:-}/output" 2>&1 | sort
	diff -rq "$top/run-bash${TAG:-}/diff" "$top/run-nash${TAG:-}/diff" | sort
	exit 0
fi

# normtrace prints trace file $1 sorted (the members of a pipeline trace in
# either order), with what two runs cannot share made alike: times, numbers
# (pids, ipc ids, timings) and the random names of mktemp and the tests.
normtrace() {
	perl -pe 's/\d{4}-\d\d-\d\d[ T][\d:.]+( ?[+-]\d{4})?/TIME/g;
		s/\b[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\b/UUID/g;
		s/\b0x[0-9a-f]{6,}\b/0xN/g; s/\b\d[\d.e-]*\b/N/g;
		s/(ultest-[\w-]+-)(socket)?\w{6}\b/$1RAND/g;
		s/\b(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*[A-Z][A-Za-z0-9]*[A-Z])[A-Za-z0-9]{10,}\b/RAND/g' "$1" | LC_ALL=C sort
}

if [ "$shell" = tracecompare ]; then
	cd "$top/run-bash${TAG:-}/trace" || exit 1
	for f in */*; do
		cmp -s <(normtrace "$f") <(normtrace "$top/run-nash${TAG:-}/trace/$f") ||
			echo "differs: $f"
	done
	exit 0
fi

trace=
if [ "$shell" = trace ]; then
	trace=1 shell=${1:?usage: utillinuxtests.sh trace bash|NASH [comp/test ...]}
	shift
fi

if [ "$shell" = bash ]; then
	kind=bash bin=$top/bash-copy
	cp -f /usr/bin/bash "$bin"
else
	kind=nash bin=$(readlink -f "$shell")
fi
out=$top/run-$kind${TAG:-}
export NUCLEIC_NASH_NO_FALLBACK=1
cd "$SRC" || exit 1
skiploop=--skip-loopdevs
[ "${LOOPDEVS:-}" = yes ] && skiploop=

# inns runs "$@" with $bin as /bin/sh and /bin/bash.
inns() {
	unshare -m --propagation private /usr/bin/bash -c '
mount --bind "$0" /usr/bin/dash && mount --bind "$0" /usr/bin/bash || exit 1
exec "$@"' "$bin" "$@"
}

if [ -n "$trace" ]; then
	rm -rf "$out/trace" tests/output tests/diff
	tests=${*:-$(cd tests/ts && find . -mindepth 2 -type f -perm -u=x ! -name '*.*' | sed 's,^\./,,' | sort)}
	for t in $tests; do
		mkdir -p "$out/trace/${t%/*}"
		inns env SHELLOPTS=xtrace BASH_XTRACEFD=99 "tests/ts/$t" --parsable $skiploop \
			--srcdir="$SRC/tests/.." --builddir="$SRC/tests/.." \
			>"$out/trace/$t.out" 99>"$out/trace/$t" 2>&1
	done
	exit 0
fi

rm -rf "$out" "$SRC/tests/output" "$SRC/tests/diff"
mkdir -p "$out"
inns tests/run.sh ${PARSABLE---parsable} $skiploop "${@:---parallel=2}" \
	>"$out/run.log" 2>&1
echo "run.sh exit $?" >>"$out/run.log"
grep -E '^ *[^ ]+: .*\.\.\.' "$out/run.log" | sed 's/^ *//' | sort >"$out/results"
cp -a tests/output "$out/output" 2>/dev/null
cp -a tests/diff "$out/diff" 2>/dev/null
tail -3 "$out/run.log"
