#!/bin/bash
# gittests.sh: run scripts of git's own test suite (t/t*.sh from the source
# of the machine's git, which this repo does not ship) under the real bash
# and under nash, and compare the per-test TAP results. A development tool,
# not part of CI: the whole suite takes hours.
#
# Setup, once (git 2.39.5 on Debian 12):
#   mkdir -p /tmp/gitsrc && cd /tmp/gitsrc && apt-get source git
#   ln -sf /tmp/gitsrc/nash /tmp/gitsrc/sh
#   cd git-2.39.5 && make -j2 NO_PERL=1 NO_PYTHON=1 NO_TCLTK=1 NO_GETTEXT=1 \
#     NO_CURL=1 NO_EXPAT=1 NO_OPENSSL=1 SHELL_PATH=/tmp/gitsrc/sh all
# git is built with SHELL_PATH=/tmp/gitsrc/sh, a symlink this script points
# at the shell under test, so git's own scripts, run-command's "sh -c" and
# the suite's write_script run the same shell as the test scripts do.
#
#   tools/gittests.sh [-v] NASH SCRIPT_GLOB...   e.g. t0000-basic.sh 't1*'
#
# Prints each script whose results differ (tests that pass under bash but
# fail under nash, or the reverse, and scripts whose totals differ), then
# the tallies. -v prints the differing test names. Results stay in $OUT.
set -u
verbose=0
if [ "${1-}" = -v ]; then verbose=1; shift; fi
NASH=$(readlink -f "${1:?usage: gittests.sh [-v] NASH SCRIPT_GLOB...}")
shift
GIT_SRC=${GIT_SRC:-/tmp/gitsrc/git-2.39.5}
SHLINK=${SHLINK:-/tmp/gitsrc/sh}
BASH_BIN=${BASH_BIN:-/usr/bin/bash}
OUT=${OUT:-/tmp/gittests.out}
JOBS=${JOBS:-2}
TIMEOUT=${TIMEOUT:-600}
mkdir -p "$OUT/bash" "$OUT/nash" "$OUT/trash"
cd "$GIT_SRC/t" || exit 1
scripts=()
for g in "$@"; do
	for s in $g; do [ -f "$s" ] && scripts+=("$s"); done
done

# run SHELLNAME SCRIPT: one test script, its TAP output and exit status
run() {
	local sh=$1 s=$2
	(timeout -k 10 "$TIMEOUT" "$SHLINK" "./$s" --root="$OUT/trash/$sh" \
		> "$OUT/$sh/$s.out" 2>&1 < /dev/null
	echo "exit=$?" >> "$OUT/$sh/$s.out")
}
export -f run
export OUT SHLINK TIMEOUT
for sh in bash nash; do
	this=$BASH_BIN; [ $sh = nash ] && this=$NASH
	ln -sfn "$this" "$SHLINK"
	printf '%s\n' "${scripts[@]}" |
		NUCLEIC_NASH_NO_FALLBACK=1 xargs -P "$JOBS" -I{} bash -c 'run "$0" "$1"' $sh {}
done
ln -sfn "$NASH" "$SHLINK"

tests=0 bp=0 bf=0 np=0 nf=0 differ=()
for s in "${scripts[@]}"; do
	b=$OUT/bash/$s.out n=$OUT/nash/$s.out
	bpass=$(grep -c '^ok ' "$b") bfail=$(grep -c '^not ok ' "$b")
	npass=$(grep -c '^ok ' "$n") nfail=$(grep -c '^not ok ' "$n")
	tests=$((tests + bpass + bfail)) bp=$((bp + bpass)) bf=$((bf + bfail))
	np=$((np + npass)) nf=$((nf + nfail))
	# compare "ok N" / "not ok N" per test, ignoring the TODO/skip notes
	if ! cmp -s <(grep -E '^(not )?ok [0-9]+' "$b" | sed -E 's/^((not )?ok [0-9]+).*/\1/') \
		<(grep -E '^(not )?ok [0-9]+' "$n" | sed -E 's/^((not )?ok [0-9]+).*/\1/') ||
		[ "$(tail -1 "$b")" != "$(tail -1 "$n")" ]; then
		differ+=("$s")
		echo "DIFFER $s: bash $bpass ok $bfail not ok $(tail -1 "$b"); nash $npass ok $nfail not ok $(tail -1 "$n")"
		[ $verbose = 1 ] && diff <(grep -E '^(not )?ok [0-9]+' "$b") <(grep -E '^(not )?ok [0-9]+' "$n") | head -20
	fi
done
echo "git-tests: ${#scripts[@]} scripts, $tests tests; bash $bp ok $bf not ok; nash $np ok $nf not ok; ${#differ[@]} scripts differ"
