package interp

import (
	"strings"
	"testing"
)

// TestReplaceFixedLength checks the one-length search of patterns made of
// single-character nodes against the general longest-match search.
func TestReplaceFixedLength(t *testing.T) {
	subjects := []string{"", "a", "start;string0;string1", "aé€b;;x", "tr?tr\\tr", "[a]b[c]", "x\xffy\xc3"}
	pats := []string{"[^;]", "?tr", "?tr\\\\", "[[:alnum:]]_", "[[:alnum:]][[fu]b", "?", "??", "é?", "[a-c]?", "[", "[]"}
	with := func(m string) string { return "<" + m + ">" }
	for _, p := range pats {
		m := newPattern(p, false, false, false, nil)
		if m.fixed < 0 {
			t.Fatalf("%q: want a fixed-length pattern", p)
		}
		general := *m
		general.fixed = -1
		for _, s := range subjects {
			for _, all := range []bool{false, true} {
				got, want := m.replace(s, 0, all, with), general.replace(s, 0, all, with)
				if got != want {
					t.Errorf("replace(%q, %q, all=%v) = %q, want %q", p, s, all, got, want)
				}
			}
		}
	}
	if m := newPattern("a*b", false, false, false, nil); m.fixed >= 0 {
		t.Errorf("a*b: fixed = %d, want -1", m.fixed)
	}
}

// BenchmarkReplaceClass is ${z//[^;]} over a long string: each match is
// one character, so the search must not try every end position.
func BenchmarkReplaceClass(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("start")
	for i := 0; i < 1000; i++ {
		sb.WriteString(";string")
		sb.WriteString(itoa(int64(i)))
	}
	s := sb.String()
	m := newPattern("[^;]", false, false, false, nil)
	general := *m
	general.fixed = -1 // the longest-match search every pattern had before
	for _, c := range []struct {
		name string
		m    *compiledPattern
	}{{"fixed", m}, {"general", &general}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c.m.replace(s, 0, true, func(string) string { return "" })
			}
		})
	}
}
