#!/bin/bash
# bashtests.sh: run bash's own test suite (tests/run-* from the bash source,
# which this repo does not ship: `apt-get source bash` or BASH_SRC=DIR) under
# the real bash and under nash, and compare the two outputs. It is a
# development tool for finding divergences, not part of CI.
#
#   tools/bashtests.sh [-v] NASH [test-name ...]
#
# With names (e.g. arith array), only those; -v prints each diff.
set -u
. "$(dirname "$0")/difftally.sh"
verbose=0
if [ "${1-}" = -v ]; then verbose=1; shift; fi
NASH=$(readlink -f "${1:?usage: bashtests.sh [-v] NASH [name...]}"); shift
SRC=${BASH_SRC:-/tmp/bashsrc/bash-5.2.15}/tests
BASH_BIN=${BASH_BIN:-/usr/bin/bash}
WORK=$(mktemp -d /tmp/bashtests.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
	for t in "$SRC"/run-*; do names+=("${t##*/run-}"); done
fi
# the suite's helper programs (recho, zecho, printenv, xcase): without
# them both shells print "recho: command not found" alike, which hides
# every difference in the words a test passes them
mkdir -p "$WORK/bin"
for p in recho zecho printenv xcase; do
	cc -O -w -I"$SRC/.." -I"$SRC/../include" -DHAVE_STRING_H -DHAVE_STDLIB_H \
		-DHAVE_UNISTD_H -DHAVE_LOCALE_H -o "$WORK/bin/$p" "$SRC/../support/$p.c" 2>/dev/null ||
		echo "bashtests: cannot build $p; its tests compare less" >&2
done
pass=0 fail=0 failed=()
for name in "${names[@]}"; do
	# history: its history4.sub needs readline (^R search, ^O operate-and-get-next)
	case $name in all|minimal|history) continue ;; esac
	for sh in bash nash; do
		rm -rf "$WORK/w"; cp -r "$SRC" "$WORK/w"
		# both shells run as $WORK/sh/bash, so tests that print or copy
		# $THIS_SH (type.tests hashes /tmp/${THIS_SH##*/}) see the same name
		this=$BASH_BIN; [ $sh = nash ] && this=$NASH
		mkdir -p "$WORK/sh"; ln -sfn "$this" "$WORK/sh/bash"; this=$WORK/sh/bash
		# the run-NAME line that starts the test, without its redirection
		# (run-dbg-support and the like name the output file
		# $TEST_FILE, after a TEST_NAME= line the command needs)
		cmd=$(sed -n -E "/^TEST_NAME=/p;/THIS_SH}/{s/> *\\\$(\{BASH_TSTOUT}|TEST_FILE).*//;p;q}" "$SRC/run-$name")
		(cd "$WORK/w" && THIS_SH=$this NUCLEIC_NASH_NO_FALLBACK=1 PATH=$WORK/w:$WORK/bin:$PATH \
			timeout 30 "$BASH_BIN" -c "$cmd" > "$WORK/$sh.out" 2>&1 < /dev/null)
		# an interactive shell without a terminal names its process
		# group, which differs from run to run
		sed -i -E 's/(cannot set terminal process group \()-?[0-9]+\)/\1PGRP)/' "$WORK/$sh.out"
	done
	tally "$name" 60
done
echo "bash-tests: $pass passed, $fail failed"
[ $fail -eq 0 ] || echo "failed: ${failed[*]}"
