package interp

import (
	"strings"
	"testing"
)

// TestBackquoteEOFMessage checks the message nash words itself (no real
// bash to ask) for a backquoted command substitution left open inside
// double quotes: bash reads no quotes in a backquote's body, so it names
// the backquote it looked for to the end, where mvdan's parser reports
// the double quote after it. automake's instspc test installs under a
// prefix holding a backquote, and a recipe's "...'$(DESTDIR)...'" then
// ends that way.
func TestBackquoteEOFMessage(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ src, want string }{
		{"echo \"a `b\"\n", "line 1: unexpected EOF while looking for matching ``'"},
		{"x=\"`a\"\n", "line 1: unexpected EOF while looking for matching ``'"},
		{"echo ok\necho \" '/p/`/x' \"\n", "line 2: unexpected EOF while looking for matching ``'"},
		{"echo `a\n", "line 1: unexpected EOF while looking for matching ``'"},
		{"echo \"`a` b\n", "line 1: unexpected EOF while looking for matching `\"'"},
		{"echo \"a\n", "line 1: unexpected EOF while looking for matching `\"'"},
	} {
		_, stderr, _ := runScript(t, dir, c.src)
		if !strings.Contains(stderr, c.want) {
			t.Errorf("%q: stderr %q, want it to hold %q", c.src, stderr, c.want)
		}
	}
}
