#!/bin/bash
# batstests.sh: run bats test suites (rbenv's, bats-support's and the
# bats files in tools/batstests/) with bats itself running under the real
# bash and under nash, and compare the results test by test. A
# development tool, not part of CI.
#
# Prerequisites (Debian 12; the tarballs are the ones the lead keeps in
# /tmp/src, SRC= to use another directory):
#   $SRC/bats-1.13.0.tgz                 bats-core from npm (npm pack bats@1.13.0)
#   $SRC/rbenv_1.1.2.orig.tar.gz         rbenv's source (apt-get source rbenv)
#   $SRC/bats-support_0.3.0.orig.tar.gz  bats-support's (apt-get source bats-support)
#   apt-get install -y bats              Debian's bats 1.8.2, the second bats
#   apt-get install -y bats-assert bats-file bats-support
#                                        libraries batstests/assert.bats loads
#                                        (from BATS_LIB_PATH, default /usr/lib/bats);
#                                        without them that file is left out
# Nothing else: the suites run offline, as root or not (rbenv's test
# "non-writable shims directory" fails as root under both shells).
#
#   tools/batstests.sh [-v] NASH [SUITE...]
#
# SUITE is rbenv, support, own (default: all three), each run by bats
# 1.13.0 and by Debian's bats with --tap; rbenv also with -x (bats's
# trace, made by its DEBUG trap, is part of the output; the trace lines
# of a pipeline's stages, written concurrently, may come in another
# order from one run to the next, as in test 72's flunk); own also runs
# with the tap13, junit and pretty formatters, --timing, --filter and
# -x. Each run is made twice, with `bash` and `sh` on PATH (first) being
# symlinks to the real bash, then to nash (NUCLEIC_NASH_NO_FALLBACK=1, so
# a parse failure shows rather than falls back); bats and every script it
# starts through `#!/usr/bin/env bash` run that shell. rbenv's
# test_helper resets PATH, so its copy here is patched to keep the shim
# directory first.
#
# A TAP run is compared per test (the "ok"/"not ok" line and the
# diagnostics after it, timings and temporary directory names masked);
# other formats as one unit per run. Prints the differing units (-v: with
# a diff), then per suite "identical N/M" and a total line
# "N passed, M failed". Results stay in $OUT (default /tmp/batstests.out).
set -u
verbose=0
if [ "${1-}" = -v ]; then verbose=1; shift; fi
NASH=$(readlink -f "${1:?usage: batstests.sh [-v] NASH [SUITE...]}")
shift
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(rbenv support own)
SRC=${SRC:-/tmp/src}
BASH_BIN=${BASH_BIN:-/usr/bin/bash}
OUT=${OUT:-/tmp/batstests.out}
HERE=$(cd "$(dirname "$0")" && pwd)
OWN=$HERE/batstests
DEBBATS=${DEBBATS:-/usr/bin/bats}
export BATS_LIB_PATH=${BATS_LIB_PATH:-/usr/lib/bats}

rm -rf "$OUT"
mkdir -p "$OUT/src" "$OUT/shim-bash" "$OUT/shim-nash" "$OUT/res" || exit 2
ln -s "$BASH_BIN" "$OUT/shim-bash/bash"
ln -s "$BASH_BIN" "$OUT/shim-bash/sh"
ln -s "$NASH" "$OUT/shim-nash/bash"
ln -s "$NASH" "$OUT/shim-nash/sh"

unpack() { # TARBALL: extract into $OUT/src
	tar xzf "$SRC/$1" -C "$OUT/src" || { echo "missing $SRC/$1" >&2; exit 2; }
}
unpack bats-1.13.0.tgz
BATS=$OUT/src/package/bin/bats
bats_list=("$BATS")
if [ -x "$DEBBATS" ]; then bats_list+=("$DEBBATS"); else echo "no $DEBBATS: Debian's bats skipped" >&2; fi

# runs SUITE: the lines "DIR<TAB>BATS-ARGS" of the suite's bats runs
runs() {
	case $1 in
	rbenv)
		unpack rbenv_1.1.2.orig.tar.gz
		sed -i 's|^  PATH=\(/usr/bin:/bin:.*\)$|  PATH="${BATS_SHIM_DIR:+$BATS_SHIM_DIR:}\1"|' \
			"$OUT/src/rbenv-1.1.2/test/test_helper.bash"
		printf '%s\t%s\n' "$OUT/src/rbenv-1.1.2" "--tap test" "$OUT/src/rbenv-1.1.2" "-x --tap test"
		;;
	support)
		unpack bats-support_0.3.0.orig.tar.gz
		printf '%s\t%s\n' "$OUT/src/bats-support-0.3.0" "--tap test"
		;;
	own)
		local files="basic.bats traps.bats features.bats hooks.bats filefail.bats"
		[ -d "$BATS_LIB_PATH/bats-assert" ] && files+=" assert.bats"
		printf '%s\t%s\n' "$OWN" "--tap $files" "$OWN" "--formatter tap13 $files" \
			"$OWN" "--formatter junit $files" "$OWN" "--formatter pretty basic.bats" \
			"$OWN" "--timing --tap basic.bats traps.bats" "$OWN" "--filter skip --tap $files" \
			"$OWN" "-x --tap basic.bats" "$OWN" "--print-output-on-failure --tap features.bats"
		;;
	*) echo "unknown suite $1" >&2; exit 2 ;;
	esac
}

# mask: what differs between two runs of the same shell
mask() {
	sed -E -e 's/ in [0-9]+ms/ in Nms/g' -e 's/(time|timestamp|hostname)="[^"]*"/\1="X"/g' \
		-e 's#bats-run-[A-Za-z0-9]+#bats-run-X#g' -e 's#/tmp/rbenv\.[A-Za-z0-9]+#/tmp/rbenv.X#g'
}

# units FILE FORMAT: split a result into NUL-free unit files FILE.u/N
units() {
	rm -rf "$1.u"
	mkdir "$1.u"
	if [ "$2" = tap ]; then
		awk -v d="$1.u" '
			/^(not )?ok [0-9]+/ { n = $0; sub(/^(not )?ok /, "", n); sub(/ .*/, "", n); f = d "/" n }
			f == "" { f = d "/0" }
			{ print > f }' "$1"
	else
		cp "$1" "$1.u/all"
	fi
}

total_same=0 total_diff=0
for suite in "${suites[@]}"; do
	same=0 diff=0 i=0
	while IFS=$'\t' read -r dir args; do
		for bats in "${bats_list[@]}"; do
			i=$((i + 1))
			fmt=other
			case " $args " in *" --tap "* | *" -t "*) fmt=tap ;; esac
			for sh in bash nash; do
				res=$OUT/res/$suite.$i.$sh
				(cd "$dir" && PATH=$OUT/shim-$sh:$PATH BATS_SHIM_DIR=$OUT/shim-$sh \
					NUCLEIC_NASH_NO_FALLBACK=1 timeout 1200 bash "$bats" $args </dev/null 2>&1
					echo "exit status $?") | mask >"$res"
				units "$res" $fmt
			done
			for u in "$OUT/res/$suite.$i.bash.u"/* "$OUT/res/$suite.$i.nash.u"/*; do
				echo "${u##*/}"
			done | sort -un >"$OUT/res/$suite.$i.names"
			while read -r u; do
				b=$OUT/res/$suite.$i.bash.u/$u n=$OUT/res/$suite.$i.nash.u/$u
				if cmp -s "$b" "$n"; then
					same=$((same + 1))
				else
					diff=$((diff + 1))
					echo "DIFF $suite run $i ($(basename "$bats") $args) unit $u: $(head -1 "$b" 2>/dev/null)"
					[ $verbose = 1 ] && diff "$b" "$n" | sed 's/^/    /'
				fi
			done <"$OUT/res/$suite.$i.names"
		done
	done < <(runs "$suite")
	echo "$suite: identical $same/$((same + diff))"
	total_same=$((total_same + same)) total_diff=$((total_diff + diff))
done
echo "$total_same passed, $total_diff failed"
[ $total_diff = 0 ]
