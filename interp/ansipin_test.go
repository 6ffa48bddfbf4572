package interp

import (
	"math/rand"
	"testing"
)

// TestPinUnicodeEscapes checks that a pinned $'…' body decodes, in either
// locale, to what the original decodes to in the locale it was pinned in.
func TestPinUnicodeEscapes(t *testing.T) {
	cases := []string{
		`\u00e9`, `\U0001F600`, `\u41`, `\c\u0041`, `\x4\u0041`, `\\u00e9`, `\u0000x`,
		`\u`, `\uzz`, `\U110000`, `\UFFFFFFFF`, `a\c`, `\c\\u00e9`, `\u00e9b`, `\u2192\u2190`,
		`\101\u0042`, `\x{41\u0043`, `\'\u00e9\'`, `\`, `plain`,
	}
	rng := rand.New(rand.NewSource(1))
	pieces := []string{`\u`, `\U`, `\c`, `\x`, `\\`, `\`, `0`, `e`, `9`, `4`, `1`, `F`, `{`, `}`, `a`, `'`}
	for i := 0; i < 2000; i++ {
		s := ""
		for n := rng.Intn(8); n >= 0; n-- {
			s += pieces[rng.Intn(len(pieces))]
		}
		cases = append(cases, s)
	}
	for _, s := range cases {
		for _, bytes := range []bool{false, true} {
			want := ansiC(s, bytes)
			pinned := pinUnicodeEscapes(s, bytes)
			for _, later := range []bool{false, true} {
				if got := ansiC(pinned, later); got != want {
					t.Fatalf("pin(%q, bytes=%v) = %q decodes to %q with bytes=%v, want %q", s, bytes, pinned, got, later, want)
				}
			}
		}
	}
}
