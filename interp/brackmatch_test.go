package interp

import (
	"strings"
	"testing"
)

// TestRawBracketLazyConts: a raw bracket compiles the rest of the pattern
// only where matching goes on, so a run of them costs one compile each
// (compiling every place ahead grew as 3^k: twelve [[=a=]] took 15 s).
func TestRawBracketLazyConts(t *testing.T) {
	pat := strings.Repeat("[[=a=]]", 12)
	m := newPattern(pat, false, false, false, nil)
	if len(m.nodes) == 0 || m.nodes[0].brk == nil {
		t.Fatalf("%q: first node is not a raw bracket", pat)
	}
	b := m.nodes[0].brk
	if len(b.conts) != 0 {
		t.Fatalf("compiled %d continuations before matching, want 0", len(b.conts))
	}
	if !m.matchString(strings.Repeat("a", 12)) {
		t.Fatalf("%q does not match twelve a's", pat)
	}
	if m.matchString(strings.Repeat("a", 11) + "b") {
		t.Fatalf("%q matches a b", pat)
	}
	if len(b.conts) != 1 {
		t.Fatalf("compiled %d continuations, want the 1 matching went on with", len(b.conts))
	}
}
