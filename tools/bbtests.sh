#!/bin/bash
# bbtests.sh: run busybox's shell tests (shell/ash_test/ash-*/*.tests and
# shell/hush_test/hush-*/*.tests from the busybox source, which this repo
# does not ship: fetch busybox_1.35.0.orig.tar.bz2 from Debian's pool, or
# BB_SRC=DIR/shell) under the real bash and under nash, and compare their
# output and exit status. The tests' .right files describe ash and hush;
# here bash is the expectation. A development tool, not part of CI.
#
#   tools/bbtests.sh [-v] NASH [substring ...]
#
# With substrings (e.g. ash-vars/ heredoc), only tests whose dir/name
# contains one of them; -v prints each diff.
set -u
. "$(dirname "$0")/difftally.sh"
verbose=0
if [ "${1-}" = -v ]; then verbose=1; shift; fi
NASH=$(readlink -f "${1:?usage: bbtests.sh [-v] NASH [substring...]}"); shift
SRC=${BB_SRC:-/tmp/bbsrc/busybox-1.35.0/shell}
BASH_BIN=${BASH_BIN:-/usr/bin/bash}
WORK=$(mktemp -d /tmp/bbtests.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/bin" "$WORK/sh"
for h in printenv recho zecho; do
	gcc -O2 -o "$WORK/bin/$h" "$SRC/ash_test/$h.c" 2>/dev/null || echo "cannot build $h" >&2
done
pass=0 fail=0 failed=()
for dir in "$SRC"/ash_test/ash-* "$SRC"/hush_test/hush-*; do
	for t in "$dir"/*.tests; do
		name=${dir##*/}/$(basename "$t" .tests)
		if [ $# -gt 0 ]; then
			hit=0
			for s in "$@"; do [[ $name == *"$s"* ]] && hit=1; done
			[ $hit = 1 ] || continue
		fi
		for sh in bash nash; do
			rm -rf "$WORK/w"; cp -r "$dir" "$WORK/w"
			this=$BASH_BIN; [ $sh = nash ] && this=$NASH
			# both shells run as $WORK/sh/bash, so messages name the same shell
			ln -sfn "$this" "$WORK/sh/bash"
			(cd "$WORK/w" && env -u LANG -u LC_ALL THIS_SH="$WORK/sh/bash" NUCLEIC_NASH_NO_FALLBACK=1 \
				PATH="$WORK/sh:$WORK/bin:$PATH" timeout 10 "$WORK/sh/bash" "./${t##*/}" > "$WORK/$sh.out" 2>&1 < /dev/null
			echo "exit=$?" >> "$WORK/$sh.out")
		done
		tally "$name" 40
	done
done
echo "busybox-tests: $pass identical, $fail differ"
[ $fail -eq 0 ] || printf 'differ: %s\n' "${failed[*]}"
