#!/bin/bash
# shellsuitestests.sh: run the tests of three shell programs, shunit2,
# sharness and makeself, unpacked from their Debian packages, under the
# real bash and under nash, and compare everything they print.
# A development tool, not part of CI.
#
#   tools/shellsuitestests.sh [-v] [-p] NASH [shunit2|sharness|makeself ...]
#
# DEBS (default /tmp/helper-172) holds shunit2_*_all.deb,
# sharness_*_all.deb and makeself_*_all.deb; they are unpacked with
# dpkg-deb -x under $OUT (default /tmp/shellsuitestests.out), never
# installed. Debian's binary packages ship the libraries and the
# examples but not the upstream test directories, so the tests run here
# are shellsuitestests/*: shunit2/*_test.sh (shunit2's own kind of
# self-test, using its shunit2_test_helpers) and its examples/*_test.sh;
# sharness/*.t (test scripts using sharness, some of which write and run
# sub-test scripts, with --verbose, --immediate, --debug, prerequisites,
# known breakages, test_when_finished...) followed by its
# contrib/aggregate-results.sh over their counts, and all of them again
# under prove (the timing masked); makeself/*.sh
# (archives built with makeself's options, then run: extraction, --list,
# --info, --check, --target, startup scripts and their arguments, ...).
#
# Every shell a test starts is the one compared: PATH begins with a
# directory whose bash and sh are links to it, SHELL, SHELL_PATH and
# SHUNIT_SHELL name it, and each script runs as "$SHELL script". The
# temporary names (mktemp's random part, the pid in sharness's counts
# files, the dates in diff -u's headers) are masked; nothing else is.
# gzip is run with -n (it stores the time when it reads a pipe). -p names
# the shell sh instead of bash everywhere (bash's POSIX mode). Prints
# "same"/"DIFF" per test (-v: with a diff), then "N same, M differ";
# outputs stay in $OUT.
set -u
verbose=0 sh=bash
while [ $# -gt 0 ]; do
	case $1 in
	-v) verbose=1 ;;
	-p) sh=sh ;;
	*) break ;;
	esac
	shift
done
NASH=$(readlink -f "${1:?usage: shellsuitestests.sh [-v] [-p] NASH [shunit2|sharness|makeself ...]}")
shift
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(shunit2 sharness makeself)
HERE=$(cd "$(dirname "$0")/shellsuitestests" && pwd)
DEBS=${DEBS:-/tmp/helper-172}
OUT=${OUT:-/tmp/shellsuitestests.out}
rm -rf "$OUT"
mkdir -p "$OUT/root" "$OUT/res" || exit 2
for deb in "$DEBS"/shunit2_*_all.deb "$DEBS"/sharness_*_all.deb "$DEBS"/makeself_*_all.deb; do
	dpkg-deb -x "$deb" "$OUT/root" || exit 2
done
ROOT=$OUT/root/usr/share
for s in bash nash; do
	mkdir -p "$OUT/bin-$s"
	exe=/bin/bash
	[ $s = nash ] && exe=$NASH
	ln -sf "$exe" "$OUT/bin-$s/bash"
	ln -sf "$exe" "$OUT/bin-$s/sh"
	# gzip stores the time when it reads a pipe: -n keeps the archives
	# makeself builds comparable
	printf '#!/bin/sh\nexec /bin/gzip -n "$@"\n' >"$OUT/bin-$s/gzip"
	chmod +x "$OUT/bin-$s/gzip"
done
same=0 diffs=0 n=0

# verdict NAME: compares $OUT/res/NAME.bash with $OUT/res/NAME.nash
verdict() {
	n=$((n + 1))
	if cmp -s "$OUT/res/$1.bash" "$OUT/res/$1.nash"; then
		same=$((same + 1))
		[ $verbose = 1 ] && echo "same $1"
	else
		diffs=$((diffs + 1))
		echo "DIFF $1"
		[ $verbose = 1 ] && diff "$OUT/res/$1.bash" "$OUT/res/$1.nash" | head -40 | sed 's/^/    /'
	fi
	return 0
}

# under SHELLNAME CMD...: runs CMD with the shell SHELLNAME (bash|nash)
# first in PATH and named by SHELL, in a fresh TMPDIR
under() {
	local s=$1
	shift
	rm -rf "$OUT/tmp" && mkdir -p "$OUT/tmp"
	PATH=$OUT/bin-$s:$PATH SHELL=$OUT/bin-$s/$sh SHELL_PATH=$OUT/bin-$s/$sh \
		SHUNIT_SHELL=$OUT/bin-$s/$sh TMPDIR=$OUT/tmp LC_ALL=C.UTF-8 TERM=dumb \
		"$@"
}

# mask: the random parts of temporary names
mask() {
	sed -E -e 's/(shunit|makeself|mkself|tmp|ms)\.[A-Za-z0-9]{6,}/\1.XXXXXX/g' \
		-e "s#$OUT/bin-(bash|nash)#BIN#g" \
		-e 's/\.[0-9]+\.counts/.PID.counts/g' \
		-e 's/selfgz[0-9]+/selfgzNNN/g' -e 's/mkself[0-9]+/mkselfNNN/g' \
		-e 's/^((---|\+\+\+) [^\t]*)\t[0-9]{4}-[0-9-]+ [0-9:.]+ [+-][0-9]{4}$/\1\tDATE/'
}

run_shunit2() {
	local d=$OUT/shunit2 s f name
	for s in bash nash; do
		rm -rf "$d" && mkdir -p "$d/examples"
		cp "$ROOT"/shunit2/shunit2 "$ROOT"/shunit2/shunit2_test_helpers "$d"
		cp "$HERE"/shunit2/*_test.sh "$d"
		cp "$ROOT"/doc/shunit2/examples/* "$d/examples"
		for f in "$d"/*_test.sh "$d"/examples/*_test.sh; do
			name=shunit2.${f#"$d"/}
			name=${name//\//.}
			(cd "${f%/*}" && under $s env SHUNIT_INC="$d/shunit2" SHUNIT_COLOR=none \
				"$OUT/bin-$s/$sh" "$f" 2>&1; echo "exit $?") | mask >"$OUT/res/$name.$s"
		done
	done
	for f in "$OUT"/res/shunit2.*.bash; do
		f=${f##*/}
		verdict "${f%.bash}"
	done
}

run_sharness() {
	local d=$OUT/sharness s f name opts
	for s in bash nash; do
		rm -rf "$d" && mkdir -p "$d"
		cp "$ROOT"/sharness/sharness.sh "$ROOT"/doc/sharness/contrib/aggregate-results.sh "$d"
		cp "$HERE"/sharness/*.t "$d"
		for f in "$d"/*.t; do
			for opts in "" "-v" "-v -i" "--debug"; do
				name=sharness.${f##*/}${opts:+.${opts// /}}
				# shellcheck disable=SC2086
				(cd "$d" && under $s "$OUT/bin-$s/$sh" "$f" $opts 2>&1; echo "exit $?") |
					mask >"$OUT/res/$name.$s"
			done
		done
		(cd "$d" && ls test-results | mask && under $s "$OUT/bin-$s/$sh" aggregate-results.sh test-results/*.counts 2>&1; echo "exit $?") |
			mask >"$OUT/res/sharness.aggregate.$s"
		# and under a TAP harness (HARNESS_ACTIVE set), as prove runs them
		(cd "$d" && rm -rf test-results && under $s prove -v --exec "$OUT/bin-$s/$sh" ./*.t 2>&1; echo "exit $?") |
			sed -E 's/(wallclock secs).*/\1/; s/^(Files=[0-9]+, Tests=[0-9]+, +)[0-9]+/\1N/' |
			mask >"$OUT/res/sharness.prove.$s"
	done
	for f in "$OUT"/res/sharness.*.bash; do
		f=${f##*/}
		verdict "${f%.bash}"
	done
}

run_makeself() {
	local d=$OUT/makeself s f name
	mkdir -p "$OUT/lib"
	sed "s#^HEADER=/usr/share/makeself/#HEADER=$ROOT/makeself/#" "$OUT/root/usr/bin/makeself" >"$OUT/lib/makeself"
	for s in bash nash; do
		for f in "$HERE"/makeself/*.sh; do
			name=makeself.${f##*/}
			rm -rf "$d" && mkdir -p "$d"
			(cd "$d" && under $s env MAKESELF="$OUT/lib/makeself" \
				"$OUT/bin-$s/$sh" "$f" 2>&1; echo "exit $?"
				for a in "$d"/*.run; do [ -f "$a" ] && echo "archive ${a##*/} $(cksum <"$a")"; done) |
				mask >"$OUT/res/$name.$s"
		done
	done
	for f in "$HERE"/makeself/*.sh; do
		verdict "makeself.${f##*/}"
	done
}

for suite in "${suites[@]}"; do
	"run_$suite"
done
echo "$same same, $diffs differ"
