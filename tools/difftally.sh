# difftally.sh: sourced by bashtests.sh and bbtests.sh, which run each test
# under the real bash and under nash into $WORK/bash.out and $WORK/nash.out.
#
#   tally NAME MAXLINES
#
# counts the test as passed when the two outputs are identical, else as
# failed (its NAME appended to the failed array, and with verbose=1 the
# first MAXLINES lines of the diff printed). The caller sets pass=0 fail=0
# failed=() verbose=0|1 and WORK.
tally() {
	if cmp -s "$WORK/bash.out" "$WORK/nash.out"; then
		pass=$((pass + 1))
		return
	fi
	fail=$((fail + 1)); failed+=("$1")
	if [ "$verbose" = 1 ]; then
		echo "=== $1"; diff "$WORK/bash.out" "$WORK/nash.out" | head -"$2"
	fi
}
