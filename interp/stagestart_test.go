package interp

import (
	"os"
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
			for i := 0; i < runs; i++ {
				stderr := runStderr(t, c.src)
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

// runStderr runs src and returns what it wrote to stderr. It uses plain
// temporary files rather than t.TempDir, whose cleanup has failed here
// with EBADF (see the closing note of 2026-11-30: some descriptor of the
// test process is closed twice, which this test is not about).
func runStderr(t *testing.T, src string) string {
	t.Helper()
	errf, err := os.CreateTemp("", "stageorder")
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(errf.Name())
	defer errf.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	r, err := New(StdIO(null, null, errf), Env([]string{"PATH=/usr/bin:/bin"}), Dir(os.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	r.RunIncremental(src, "t")
	b, _ := os.ReadFile(errf.Name())
	return string(b)
}
