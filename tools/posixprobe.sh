#!/bin/bash
# posixprobe.sh: run the POSIX-conformance probes in tools/posixprobe/*.sh
# under the real bash invoked as sh (posix mode) and under nash invoked the
# same way (through symlinks named sh), case by case, and compare stdout,
# stderr and exit status. A development tool, not part of CI; it needs only
# bash and a built nash. (yash's *-p.tst suite, the model for these probes,
# could not be fetched here, so the probes are written per POSIX area.)
#
#   tools/posixprobe.sh [-v] [-s|-i] NASH [substring ...]
#
# A probe file holds cases, each starting with a line "#### NAME"; a case is
# run as a script file ./t in a fresh directory, with NUCLEIC_NASH_NO_FALLBACK=1.
# With substrings, only cases whose file:name contains one of them; -v prints
# each diff; -s feeds each case to "sh -s" on its standard input instead (as
# yash's suite runs its tests), so commands reading stdin read the script;
# -i to an interactive "sh -i" (prompts and echoed lines on stderr).
set -u
. "$(dirname "$0")/difftally.sh"
verbose=0 stdin=0
while :; do
	case ${1-} in
	-v) verbose=1; shift ;;
	-s) stdin=1; shift ;;
	-i) stdin=2; shift ;;
	*) break ;;
	esac
done
NASH=$(readlink -f "${1:?usage: posixprobe.sh [-v] NASH [substring...]}"); shift
DIR=$(dirname "$(readlink -f "$0")")/posixprobe
BASH_BIN=${BASH_BIN:-/usr/bin/bash}
WORK=$(mktemp -d /tmp/posixprobe.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/bash" "$WORK/nash"
ln -s "$BASH_BIN" "$WORK/bash/sh"
ln -s "$NASH" "$WORK/nash/sh"
# how the shell under test is started, by the dash at /bin/sh
start='exec sh ./t < /dev/null'
[ $stdin = 1 ] && start='exec sh -s < t'
[ $stdin = 2 ] && start='exec sh -i < t'
pass=0 fail=0 failed=()
for f in "$DIR"/*.sh; do
	base=$(basename "$f" .sh)
	# split the file into one script per case
	rm -rf "$WORK/cases"; mkdir "$WORK/cases"
	awk -v d="$WORK/cases" '/^#### /{n++; name=substr($0,6); gsub(/[^A-Za-z0-9_.-]/,"_",name); out=sprintf("%s/%03d-%s",d,n,name); next} n{print > out}' "$f"
	for c in "$WORK"/cases/*; do
		name=$base:$(basename "$c")
		if [ $# -gt 0 ]; then
			hit=0
			for s in "$@"; do [[ $name == *"$s"* ]] && hit=1; done
			[ $hit = 1 ] || continue
		fi
		for sh in bash nash; do
			rm -rf "$WORK/w"; mkdir "$WORK/w"; cp "$c" "$WORK/w/t"
			(cd "$WORK/w" && env -i HOME="$WORK/w" PATH="$WORK/$sh:/usr/bin:/bin" TERM=dumb \
				NUCLEIC_NASH_NO_FALLBACK=1 timeout 10 /bin/sh -c "$start" > "$WORK/$sh.out" 2> "$WORK/$sh.err"
			echo "exit=$?" >> "$WORK/$sh.out")
			# pids differ from run to run: mask every number of 4 digits or more
			sed -e "s#$WORK/$sh#SHDIR#g" -e 's/[0-9]\{4,\}/N/g' -i "$WORK/$sh.out" "$WORK/$sh.err"
			cat "$WORK/$sh.err" >> "$WORK/$sh.out"
		done
		tally "$name" 20
	done
done
echo "posixprobe: $((pass + fail)) cases, $pass identical, $fail differ"
[ $fail -eq 0 ] || printf 'differ: %s\n' "${failed[@]}"
