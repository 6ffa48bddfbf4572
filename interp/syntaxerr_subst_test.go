package interp

import (
	"strings"
	"testing"
)

// TestInSubstAt checks where a syntax error counts as inside a command or
// process substitution (the place is marked with "@").
func TestInSubstAt(t *testing.T) {
	for src, want := range map[string]bool{
		"echo $(if@)":                true,
		"echo <(if@)":                true,
		"echo >(a; b@)":              true,
		"echo $(echo a) @)":          false,
		"echo $((1+@)":               false,
		"echo $( (echo a) @)":        true,
		"echo \"$(echo \")\")\" @)":  false,
		"echo \"$(echo \")\" @)":     true,
		"echo '$(' @)":               false,
		"echo \\$( @)":               false,
		"echo $(echo # )\nif@)":      true,
		"echo `echo $(`; @)":         false,
		"echo $(echo `echo a`; if@)": true,
		"(a; b@)":                    false,
	} {
		at := strings.IndexByte(src, '@')
		text := src[:at] + src[at+1:]
		if got := inSubstAt(text, at); got != want {
			t.Errorf("inSubstAt(%q, %d) = %v, want %v", text, at, got, want)
		}
	}
}

// TestBqOpenings checks which "`" open a `…`: closing ones and those in
// single quotes or comments do not.
func TestBqOpenings(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want []int
	}{
		{"echo `a` `b`", []int{9, 5}},
		{"echo '`' `b`", []int{9}},
		{"echo \\` `b`", []int{8}},
		{"# `x`\necho \"`a`\"", []int{12}},
		{"echo `a", []int{5}},
	} {
		got := bqOpenings(tt.src, 0, len(tt.src))
		if len(got) != len(tt.want) {
			t.Errorf("bqOpenings(%q) = %v, want %v", tt.src, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("bqOpenings(%q) = %v, want %v", tt.src, got, tt.want)
				break
			}
		}
	}
}
