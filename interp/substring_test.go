package interp

import (
	"math/rand/v2"
	"testing"
)

// TestCharByteOffsets checks the substring walk and the character count
// against runeBounds, which the rest of the expansions use, on strings of
// valid, invalid and truncated UTF-8.
func TestCharByteOffsets(t *testing.T) {
	pieces := []string{"a", "é", "✓", "\U0001F600", "\xff", "\xc3", "\xe2\x9c", "\xed\xa0\x80", " "}
	rng := rand.New(rand.NewPCG(1, 2))
	r := &Runner{}
	for range 500 {
		s := ""
		for range rng.IntN(80) {
			s += pieces[rng.IntN(len(pieces))]
		}
		bounds := runeBounds(s)
		n := int64(len(bounds) - 1)
		if got := r.charLen(s); got != n {
			t.Fatalf("charLen(%q) = %d, want %d", s, got, n)
		}
		for off := int64(0); off <= n; off++ {
			end := off + rng.Int64N(n-off+1)
			from, to := charByteOffsets(s, off, end)
			if from != int64(bounds[off]) || to != int64(bounds[end]) {
				t.Fatalf("charByteOffsets(%q, %d, %d) = %d, %d, want %d, %d", s, off, end, from, to, bounds[off], bounds[end])
			}
		}
	}
}
