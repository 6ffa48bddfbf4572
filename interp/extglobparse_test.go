package interp

import "testing"

// TestMayHoldExtGlob: the text test that skips extglobParseError's walk
// must never say no where the walk finds an extended pattern.
func TestMayHoldExtGlob(t *testing.T) {
	for _, src := range []string{
		"echo @(a)", "case x in ?(a)) ;; esac", "x=*(a|b)", "f() { echo +(a); }",
		"echo $(echo !(x))", "cat <<< @(a)", "for i in a@(b)c; do :; done",
		"echo a", "(echo a)", "echo $((1+2))", "[[ a == @(a) ]]", "echo ${x:-@(a)}",
	} {
		f, err := parseBash(src, "")
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if extglobStop(f.Stmts).IsValid() && !mayHoldExtGlob(src) {
			t.Errorf("%q holds an extended pattern, but mayHoldExtGlob says no", src)
		}
	}
	for _, src := range []string{"echo a", "(echo a)", "echo $((1+2))", "f() { :; }"} {
		if mayHoldExtGlob(src) {
			t.Errorf("%q: mayHoldExtGlob says yes", src)
		}
	}
}
