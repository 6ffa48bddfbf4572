#!/bin/bash
# lz4devscriptstests.sh: run the shell-heavy tests of lz4 1.9.4 and
# devscripts 2.23.4 (and shunit2's examples) under the real bash and under
# nash, and compare what each prints and its exit status. A development
# tool, not part of CI.
#
#   tools/lz4devscriptstests.sh NASH [lz4|devscripts|shunit2 ...]
#
# SRC (default /tmp/lz4devscripts-src) holds the orig tarballs unpacked:
# lz4-1.9.4 (its programs and tests/datagen are built once here with the
# machine's make) and devscripts-2.23.4+deb12u2; shunit2 is Debian's
# package (/usr/share/shunit2, its examples in /usr/share/doc/shunit2).
#
# lz4: the tests/Makefile targets that finish in seconds (basic, multiple,
# multiple-legacy, frame-concatenation, testmode, contentSize, dict,
# skippable, sparse, opt-parser) with make SHELL=the shell, so every recipe
# and $(shell ...) runs under it. Their logs differ in dd's and lz4 -b's
# timings and in how lz4's stderr interleaves with stdout.
#
# devscripts: its test/test_* shunit2 suites (sh scripts running the sh and
# bash scripts of scripts/) with the shell bind-mounted over /usr/bin/dash
# and /usr/bin/bash in a private mount namespace (unshare -m, so root), as
# tools/autotoolstests.sh does: no mount outlives the run. DEVTESTS names
# the suites (default: those whose dependencies are cheap, given
# faketime, libipc-run-perl, libdistro-info-perl and python3-debian);
# DEVX=1 runs each under sh -x. Logs differ in mktemp names.
#
# shunit2: its examples, plain and under -e, -u and -x, as sh and as bash
# (the -x traces of mkdir_test.sh and mock_file_test.sh order the set -x
# lines of a pipeline's stages as they race).
#
# Prints "same"/"DIFF" per test (after making mktemp names alike); outputs
# stay in $OUT (default /tmp/lz4devscriptstests.out)/{bash,nash}.
set -u
NASH=$(readlink -f "${1:?usage: lz4devscriptstests.sh NASH [lz4|devscripts|shunit2 ...]}")
shift
SRC=${SRC:-/tmp/lz4devscripts-src}
OUT=${OUT:-/tmp/lz4devscriptstests.out}
DEVTESTS=${DEVTESTS:-test_annotate-output test_checkbashisms test_dd-list test_debsign test_debchange test_sadt test_wrap-and-sort test_mergechanges test_debrepro test_mk-origtargz}
export NUCLEIC_NASH_NO_FALLBACK=1 HOME=$OUT/home
mkdir -p "$OUT/bash" "$OUT/nash" "$HOME" || exit 2
cp -f /usr/bin/bash "$OUT/bash-copy"

# norm makes mktemp names, timestamps and speeds alike in file $1.
norm() {
	sed -E 's/shunit\.[A-Za-z0-9]{6}/shunit.X/g; s|/tmp/[a-zA-Z_.-]+\.[A-Za-z0-9]{4,10}\b|/tmp/TMP|g
		s/[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9:.]+( [+-][0-9]{4})?/TIME/g
		s/copied, [0-9.e+-]+ s, [0-9.]+ [kMG]?B\/s/copied, SPEED/; s/[0-9.]+ MB\/s/SPEED/g' "$1"
}

# verdict prints whether the two runs of test $1 (file name $2) agree:
# "same (sorted)" when only the order of their lines differs (the set -x
# lines of a pipeline's stages, stderr against stdout).
verdict() {
	if cmp -s <(norm "$OUT/bash/$2") <(norm "$OUT/nash/$2"); then
		echo "same $1"
	elif cmp -s <(norm "$OUT/bash/$2" | sort) <(norm "$OUT/nash/$2" | sort); then
		echo "same (sorted) $1"
	else
		echo "DIFF $1 ($OUT/bash/$2 $OUT/nash/$2)"
	fi
}

# inns runs "$@" with $1 over /bin/sh and /bin/bash.
inns() {
	unshare -m --propagation private /usr/bin/bash -c '
mount --bind "$0" /usr/bin/dash && mount --bind "$0" /usr/bin/bash || exit 1
exec "$@"' "$@"
}

lz4() {
	local d=$SRC/lz4-1.9.4 t k sh
	[ -x "$d/programs/lz4" ] || (make -C "$d/programs" lz4 lz4c unlz4 lz4cat && make -C "$d/tests" datagen) >"$OUT/lz4-build.log" 2>&1 ||
		{ echo "building lz4 failed" >&2; return 1; }
	for t in basic multiple multiple-legacy frame-concatenation testmode contentSize dict skippable sparse opt-parser; do
		for k in bash nash; do
			sh=$OUT/bash-copy
			[ $k = nash ] && sh=$NASH
			(cd "$d/tests" && make SHELL="$sh" "test-lz4-$t" >"$OUT/$k/lz4-$t.log" 2>&1; echo "rc=$?" >>"$OUT/$k/lz4-$t.log")
		done
		verdict "lz4 test-lz4-$t" "lz4-$t.log"
	done
}

devscripts() {
	local d=$SRC/devscripts-2.23.4+deb12u2/test t k sh
	for t in $DEVTESTS; do
		for k in bash nash; do
			sh=$OUT/bash-copy
			[ $k = nash ] && sh=$NASH
			if [ -n "${DEVX:-}" ]; then
				(cd "$d" && timeout 600 inns "$sh" /bin/sh -x "./$t" >"$OUT/$k/dev-$t.log" 2>&1; echo "rc=$?" >>"$OUT/$k/dev-$t.log")
			else
				(cd "$d" && timeout 600 inns "$sh" "./$t" >"$OUT/$k/dev-$t.log" 2>&1; echo "rc=$?" >>"$OUT/$k/dev-$t.log")
			fi
		done
		verdict "devscripts $t" "dev-$t.log"
	done
}

shunit2() {
	local w=$OUT/shunit2 f o m k sh l
	rm -rf "$w" && mkdir -p "$w/ex" && cp /usr/share/shunit2/shunit2 "$w" && cp /usr/share/doc/shunit2/examples/* "$w/ex" || return 1
	for f in "$w"/ex/*_test.sh; do
		f=${f##*/}
		for o in plain -e -u -x; do
			for m in sh bash; do
				l=shunit2-$f$o-$m.log
				for k in bash nash; do
					sh=/usr/bin/bash
					[ $k = nash ] && sh=$NASH
					set -- "$f"
					[ $o = plain ] || set -- $o "$f"
					(cd "$w/ex" && exec -a $m "$sh" "$@" >"$OUT/$k/$l" 2>&1; echo "rc=$?" >>"$OUT/$k/$l")
				done
				verdict "shunit2 $f $o $m" "$l"
			done
		done
	done
}

[ $# -gt 0 ] || set -- lz4 devscripts shunit2
for s in "$@"; do
	case $s in
	lz4 | devscripts | shunit2) $s ;;
	*) echo "unknown part $s" >&2; exit 2 ;;
	esac
done
