package interp

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestMatchPattern(t *testing.T) {
	tests := []struct {
		pat, s  string
		nocase  bool
		extglob bool
		want    bool
	}{
		{"*.c", "foo.c", false, false, true},
		{"*.c", "foo.h", false, false, false},
		{"?", "é", false, false, true},
		{"[a-c]x", "bx", false, false, true},
		{"[!a-c]x", "bx", false, false, false},
		{"[^a-c]x", "dx", false, false, true},
		{"[]]", "]", false, false, true},
		{"[!]x]", "x", false, false, false},
		{"[ab", "[ab", false, false, true},
		{"[*", "[xyz", false, false, true},
		{"[a-", "a", false, false, false},
		{"[[:alpha:]]", "é", false, false, true},
		{"[[:upper:]]", "a", true, false, false},
		{"[[:foo:]x]", "x", false, false, true},
		{"[[:ab]", ":", false, false, true},
		{"[[.space.]]", " ", false, false, true},
		{"[[=a=]]", "a", false, false, true},
		{"[c-a]", "b", false, false, false},
		{"\\*", "*", false, false, true},
		{"a\\", "a\\", false, false, true},
		{"ABC", "abc", true, false, true},
		{"[A-Z]", "q", true, false, true},
		{"*.@(c|h)", "x.h", false, true, true},
		{"*.@(c|h)", "x.o", false, true, false},
		{"!(*.*)", "readme", false, true, true},
		{"!(*.*)", "a.b", false, true, false},
		{"+(ab)", "abab", false, true, true},
		{"+(ab)", "", false, true, false},
		{"*(ab)c", "c", false, true, true},
		{"?(a)b", "ab", false, true, true},
		{"@(a|b", "@(a|b", false, true, true},
		{"@(a|b)", "@(a|b)", false, false, true},
		{"ab*!(b)", "ab", false, true, true},
		{"@(a|[)b])", ")", false, true, true},
	}
	for _, tt := range tests {
		m := newPattern(tt.pat, tt.nocase, tt.extglob, false, nil)
		if got := m.matchString(tt.s); got != tt.want {
			t.Errorf("match(%q, %q, nocase=%v ext=%v) = %v, want %v", tt.pat, tt.s, tt.nocase, tt.extglob, got, tt.want)
		}
	}
}

func TestRemoveReplace(t *testing.T) {
	tests := []struct {
		pat           string
		s             string
		suffix, small bool
		want          string
	}{
		{"*/", "a/b/c", false, true, "b/c"},
		{"*/", "a/b/c", false, false, "c"},
		{".*", "x.tar.gz", true, true, "x.tar"},
		{".*", "x.tar.gz", true, false, "x"},
		{"a*", "abcabc", false, true, "bcabc"},
		{"a*", "abcabc", false, false, ""},
		{"*c", "abcabc", true, true, "abcab"},
		{"?(x)b", "xbxb", false, true, "xb"},
		{"[0-9]", "12é", true, false, "12é"},
		{"é", "aé", true, true, "a"},
	}
	for _, tt := range tests {
		m := newPattern(tt.pat, false, true, false, nil)
		if got := m.remove(tt.s, tt.suffix, tt.small); got != tt.want {
			t.Errorf("remove(%q, %q, suffix=%v small=%v) = %q, want %q", tt.pat, tt.s, tt.suffix, tt.small, got, tt.want)
		}
	}
}

// TestMatchAgainstBash compares random patterns and subjects with
// bash's [[ s == $p ]] (extglob always on there).
func TestMatchAgainstBash(t *testing.T) {
	t.Run("exact", func(t *testing.T) { matchAgainstBash(t, false, 1) })
	t.Run("nocasematch", func(t *testing.T) { matchAgainstBash(t, true, 2) })
}

func matchAgainstBash(t *testing.T, nocase bool, seed uint64) {
	bash := "/usr/bin/bash"
	if _, err := os.Stat(bash); err != nil || testing.Short() {
		t.Skip("no bash")
	}
	rng := rand.New(rand.NewPCG(seed, 9))
	patToks := []string{"a", "b", ".", "*", "?", "[", "]", "!", "^", "-", "\\", "(", ")", "|", "@(", "!(", "*(", "+(", "?(", "[:alpha:]", "[:upper:]", "é", "x", "A", "É", "Z"}
	strToks := []string{"a", "b", ".", "-", "]", "[", "(", ")", "|", "é", "x", "!", "\\", "A", "É", "Z"}
	type tc struct{ p, s string }
	var cases []tc
	for len(cases) < 5000 {
		var p, s strings.Builder
		for n := rng.IntN(7); n >= 0; n-- {
			p.WriteString(patToks[rng.IntN(len(patToks))])
		}
		for n := rng.IntN(6); n > 0; n-- {
			s.WriteString(strToks[rng.IntN(len(strToks))])
		}
		cases = append(cases, tc{p.String(), s.String()})
	}
	var script strings.Builder
	if nocase {
		script.WriteString("shopt -s nocasematch\n")
	}
	q := func(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
	for _, c := range cases {
		fmt.Fprintf(&script, "p=%s s=%s; [[ $s == $p ]] && echo 1 || echo 0\n", q(c.p), q(c.s))
	}
	cmd := exec.Command(bash)
	cmd.Stdin = strings.NewReader(script.String())
	cmd.Env = []string{"LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	fails := 0
	for i := 0; sc.Scan(); i++ {
		want := sc.Text() == "1"
		m := newPattern(cases[i].p, nocase, true, false, nil)
		if got := m.matchString(cases[i].s); got != want {
			fails++
			if fails <= 30 {
				t.Errorf("[[ %q == %q ]]: nash %v, bash %v", cases[i].s, cases[i].p, got, want)
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d differ", fails, len(cases))
	}
}

func BenchmarkMatchCase(b *testing.B) {
	pats := []*compiledPattern{
		newPattern("*.@(c|h)", false, true, false, nil),
		newPattern("test_*.py", false, true, false, nil),
		newPattern("[a-z]*[0-9]", false, true, false, nil),
		newPattern("*", false, true, false, nil),
	}
	subjects := []string{"foo.c", "bar.o", "test_x.py", "readme", "abc123"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, s := range subjects {
			for _, p := range pats {
				if p.matchString(s) {
					break
				}
			}
		}
	}
}

func BenchmarkRemovePattern(b *testing.B) {
	p1 := newPattern("*/", false, true, false, nil)
	p2 := newPattern(".*", false, true, false, nil)
	p3 := newPattern("*[0-9]", false, true, false, nil)
	s := "/usr/local/share/doc/package-1.2.3/README.tar.gz9"
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p1.remove(s, false, false)
		p2.remove(s, true, true)
		p3.remove(s, true, true)
	}
}

// TestMatchBytesLocale: outside a UTF-8 locale every byte is a character,
// as in bash: ? matches one byte of a two-byte é, and a literal é is two
// characters.
func TestMatchBytesLocale(t *testing.T) {
	tests := []struct {
		pat, s      string
		bytes, want bool
	}{
		{"?", "é", false, true},
		{"?", "é", true, false},
		{"??", "é", true, true},
		{"a?b", "aéb", true, false},
		{"a??b", "aéb", true, true},
		{"[[:alpha:]]", "é", false, true},
		{"[!a]?", "é", true, true},
		{"é", "é", true, true},
		{"*é", "xé", true, true},
		{"+(é)", "éé", true, true},
	}
	for _, tt := range tests {
		m := newPattern(tt.pat, false, true, tt.bytes, nil)
		if got := m.matchString(tt.s); got != tt.want {
			t.Errorf("match(%q, %q, bytes=%v) = %v, want %v", tt.pat, tt.s, tt.bytes, got, tt.want)
		}
	}
	m := newPattern("?", false, false, true, nil)
	if got := m.replace("aé", 0, true, func(string) string { return "." }); got != "..." {
		t.Errorf(`bytes: ${x//?/.} of "aé" = %q, want "..."`, got)
	}
	if got := m.remove("aéb", true, true); got != "a\xc3\xa9" {
		t.Errorf(`bytes: ${x%%?} of "aéb" = %q`, got)
	}
}
