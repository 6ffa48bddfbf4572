#!/bin/bash
# passtests.sh: run pass's (password-store 1.7.4) sharness test suite with
# the real bash and with nash as the interpreter of pass and of the tests,
# and compare the results test by test. A development tool, not part of CI.
#
# Prerequisites (Debian 12):
#   $SRC/password-store_1.7.4.orig.tar.xz   (apt-get source password-store)
#   apt-get install -y gnupg git tree
# The suite ships its own gpg keyring (tests/gnupg); each shell gets its
# own copy of the source tree, so the gpg-agent each run starts is its
# own and is stopped afterwards (gpgconf --kill, by GNUPGHOME).
#
#   tools/passtests.sh [-v] NASH [TEST...]
#
# TEST is a test script name such as t0001-sanity-checks.sh (default: all
# of tests/t[0-9]*.sh, as `make test` runs them). Each script is run as
# `make test` does, by its `#!/usr/bin/env bash` shebang, with a directory
# first on PATH whose `bash` is the real bash, then nash
# (NUCLEIC_NASH_NO_FALLBACK=1), so the tests and every `$PASS` (the
# executable src/password-store.sh) they run use that shell. Scripts run
# with sharness's --verbose, so the output of each test's commands is
# part of what is compared. With TRACE=1 in the environment, every
# script (tests and pass) runs with `-x`, its trace on its stderr, which
# sharness shows: the traces are then compared too (they differ in
# process ids and random temporary names, and in the order the commands
# of a pipeline start in, so compare those sorted, by hand).
#
# The output is split per test (the "ok N"/"not ok N" line and the
# verbose output before it) and compared between the shells, trash
# directory names, commit ids and generated passwords (also when shown
# again) masked. Prints the differing tests (-v: with a diff),
# then "N passed, M failed". Results stay in $OUT (default
# /tmp/passtests.out).
set -u
verbose=0
if [ "${1-}" = -v ]; then verbose=1; shift; fi
NASH=$(readlink -f "${1:?usage: passtests.sh [-v] NASH [TEST...]}")
shift
SRC=${SRC:-/tmp/src}
BASH_BIN=${BASH_BIN:-/usr/bin/bash}
OUT=${OUT:-/tmp/passtests.out}

rm -rf "$OUT"
mkdir -p "$OUT/res" || exit 2
for sh in bash nash; do
	mkdir -p "$OUT/shim-$sh" "$OUT/$sh"
	tar xJf "$SRC/password-store_1.7.4.orig.tar.xz" -C "$OUT/$sh" ||
		{ echo "missing $SRC/password-store_1.7.4.orig.tar.xz" >&2; exit 2; }
done
if [ "${TRACE-}" = 1 ]; then
	# every script runs with xtrace on, into its stderr
	printf '#!/bin/sh\nexec %s -x "$@"\n' "$BASH_BIN" >"$OUT/shim-bash/bash"
	printf '#!/bin/sh\nexec %s -x "$@"\n' "$NASH" >"$OUT/shim-nash/bash"
	chmod +x "$OUT/shim-bash/bash" "$OUT/shim-nash/bash"
else
	ln -s "$BASH_BIN" "$OUT/shim-bash/bash"
	ln -s "$NASH" "$OUT/shim-nash/bash"
fi

tests=("$@")
if [ ${#tests[@]} = 0 ]; then
	for t in "$OUT/bash/password-store-1.7.4/tests"/t[0-9][0-9][0-9][0-9]-*.sh; do
		tests+=("${t##*/}")
	done
fi

# mask DIR: what differs between two runs of the same shell: the source
# directory (also as a trace escapes it), the shim directory, git commit
# ids (dates differ), generated passwords
mask() {
	# (a trace shows a quoted path in a pattern with each character
	# backslash-escaped)
	perl -pe 'BEGIN { $d = shift; ($e = $d) =~ s/(.)/\\$1/g } s/\Q$e\E/OUT/g; s/\Q$d\E/OUT/g' "$1" |
		sed -E -e "s#${1%/*}/shim-(bash|nash)#SHIM#g" -e 's/^\[master( \(root-commit\))? [0-9a-f]{7,}\]/[master X]/' \
		-e 's/^\x1b\[1m\x1b\[93m(.*)\x1b\[0m$/GENERATED \1/' |
		awk '/^GENERATED / { pw[substr($0, 11)] = 1; print "GENERATED"; next }
			($0 in pw) { print "GENERATED"; next } { print }'
}

# units FILE: split a verbose sharness output into FILE.u/N, one per test
units() {
	rm -rf "$1.u"
	mkdir "$1.u"
	awk -v d="$1.u" '
		{ buf = buf $0 "\n" }
		/^(not )?ok [0-9]+/ { n = $0; sub(/^(not )?ok /, "", n); sub(/ .*/, "", n)
			printf "%s", buf > (d "/" n); close(d "/" n); buf = "" }
		END { if (buf != "") printf "%s", buf > (d "/end") }' "$1"
}

same=0 diff=0
for t in "${tests[@]}"; do
	for sh in bash nash; do
		dir=$OUT/$sh/password-store-1.7.4/tests
		res=$OUT/res/$t.$sh
		(cd "$dir" && PATH=$OUT/shim-$sh:$PATH NUCLEIC_NASH_NO_FALLBACK=1 \
			timeout 600 "./$t" --verbose </dev/null 2>&1
			echo "exit status $?") |
			mask "$OUT/$sh" >"$res"
		GNUPGHOME=$dir/gnupg gpgconf --kill gpg-agent 2>/dev/null
		units "$res"
	done
	for u in "$OUT/res/$t.bash.u"/* "$OUT/res/$t.nash.u"/*; do
		echo "${u##*/}"
	done | sort -u >"$OUT/res/$t.names"
	while read -r u; do
		b=$OUT/res/$t.bash.u/$u n=$OUT/res/$t.nash.u/$u
		if cmp -s "$b" "$n"; then
			same=$((same + 1))
		else
			diff=$((diff + 1))
			echo "DIFF $t test $u: $(grep -E '^(not )?ok' "$b" 2>/dev/null | head -1)"
			[ $verbose = 1 ] && diff "$b" "$n" | sed 's/^/    /'
		fi
	done <"$OUT/res/$t.names"
done
echo "$same passed, $diff failed"
[ $diff = 0 ]
