package interp

import (
	"strings"
	"testing"
)

// TestPipelineStageOrder checks that a pipeline's stages start left to
// right, as bash forks them, so that what they print before they block
// comes in stage order. bash itself only makes this likely (its children
// race once forked), and nash's wait is bounded, so the test asks for a
// clear majority of runs rather than all; before stages waited for their
// left neighbour, the goroutine scheduler ran the last one first in
// nearly every run.
func TestPipelineStageOrder(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"builtins", "echo x >&2 | echo y >&2 | echo z >&2\n", "x\ny\nz\n"},
		{"not-found", "nosuch1 | nosuch2\n", "bash: line 1: nosuch1: command not found\nbash: line 1: nosuch2: command not found\n"},
		{"xtrace", "set -x; echo a | cat >/dev/null\n", "+ echo a\n+ cat\n"},
	}
	const runs = 30
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			inOrder := 0
			last := ""
			dir := t.TempDir()
			for i := 0; i < runs; i++ {
				_, stderr, _ := runScript(t, dir, c.src)
				if stderr == c.want {
					inOrder++
				} else {
					last = stderr
				}
			}
			if inOrder < runs*8/10 {
				t.Errorf("%d of %d runs in stage order; one other:\n%s", inOrder, runs, strings.TrimSpace(last))
			}
		})
	}
}
