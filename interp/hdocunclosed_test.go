package interp

import "testing"

// TestUnclosedExpansion: the first expansion of a here-document body
// that its text does not close, as bash finds it when it expands the
// body; quotes outside expansions are text.
func TestUnclosedExpansion(t *testing.T) {
	for _, c := range []struct {
		body, open string
		at         int
	}{
		{"a $x\n", "", -1},
		{"a 'b\" $(echo ')') ${x} `y` $((1+2))\n", "", -1},
		{"$(seq 3\n", "$(", 0},
		{"a $(echo) $(echo 'x)\n", "$(", 10},
		{"a $((1+\n", "$((", 2},
		{"a ${x\n", "${", 2},
		{"a `echo\n", "`", 2},
		{"\\$(x\n", "", -1},
	} {
		open, at := unclosedExpansion(c.body)
		if open != c.open || at != c.at {
			t.Errorf("unclosedExpansion(%q) = %q, %d; want %q, %d", c.body, open, at, c.open, c.at)
		}
	}
}
