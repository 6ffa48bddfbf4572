package interp

import "testing"

// set -E keeps the ERR trap running in ( … ) subshells, $(…) and
// background commands, and set -T the DEBUG trap; without them the
// inherited traps are only listed.
func TestErrtraceInForksMatchesBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"errtrace", `trap 'echo ERR' ERR; ( false; echo a ); x=$(false; echo b); echo "$x"; set -E; ( false; echo c ); y=$(false; echo d); echo "$y"; { false; } & wait`},
		{"errtrace-trap-change", `set -E; trap 'echo E' ERR; ( trap 'echo T' TERM; false; trap ); (set +E; f(){ false; }; f; echo after)`},
		{"functrace", `set -T; trap 'echo "D $BASH_COMMAND"' DEBUG; ( echo a ); x=$(echo b); echo $x`},
	})
}
