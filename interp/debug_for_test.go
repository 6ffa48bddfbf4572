package interp

import "testing"

// The DEBUG trap runs before each iteration of a for loop with the head
// as $BASH_COMMAND.
func TestDebugTrapForHead(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"words", `trap 'echo "d: $BASH_COMMAND"' DEBUG; for i in 1 "$HOME"; do :; done; trap - DEBUG`},
		{"params", `set -T; trap 'echo "d: $BASH_COMMAND"' DEBUG; f(){ for x; do :; done; }; f a b`},
	})
}
