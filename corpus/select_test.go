package corpus

import (
	"regexp"
	"slices"
	"testing"
)

// TestSelect checks that Select keeps the matching cases in order and
// leaves out the skipped ones.
func TestSelect(t *testing.T) {
	cases := []*Case{{Name: "a/one"}, {Name: "b/two"}, {Name: "a/skipped", Skip: "why"}, {Name: "a/three"}}
	var got []string
	for _, c := range Select(cases, regexp.MustCompile(`^a/`)) {
		got = append(got, c.Name)
	}
	if want := []string{"a/one", "a/three"}; !slices.Equal(got, want) {
		t.Errorf("Select = %q, want %q", got, want)
	}
}
