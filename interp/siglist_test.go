package interp

import "testing"

// trap -l and kill -l lay out five listed signals a line, as bash does.
func TestSignalListLayout(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"trap-l", `trap -l | od -c | tail -3`},
		{"kill-l", `kill -l | sed -n 7p`},
	})
}
