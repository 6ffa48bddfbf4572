# difftally.sh: sourced by bashtests.sh, bbtests.sh and posixprobe.sh, which run each test
# under the real bash and under nash into $WORK/bash.out and $WORK/nash.out.
#
#   tally NAME MAXLINES
#
# counts the test as passed when the two outputs are identical, else as
# failed (its NAME appended to the failed array, and with verbose=1 the
# first MAXLINES lines of the diff printed). The caller sets pass=0 fail=0
# failed=() verbose=0|1 and WORK.
tally() {
	# the pid in a job's death notice (NAME: line N: PID Killed ...) is
	# the one thing two runs cannot share
	local f
	for f in bash nash; do
		sed -E 's/^(.*: line [0-9]+: +)[0-9]+ /\1PID /' "$WORK/$f.out" > "$WORK/$f.out.n" && mv "$WORK/$f.out.n" "$WORK/$f.out"
	done
	if cmp -s "$WORK/bash.out" "$WORK/nash.out"; then
		pass=$((pass + 1))
		return
	fi
	fail=$((fail + 1)); failed+=("$1")
	if [ "$verbose" = 1 ]; then
		echo "=== $1"; diff "$WORK/bash.out" "$WORK/nash.out" | head -"$2"
	fi
}
