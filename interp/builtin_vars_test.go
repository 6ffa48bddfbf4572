package interp

import "testing"

// TestBuiltinVarsMatchBash compares declare/local/shopt/printf -v
// mechanisms with bash: capitalisation attribute, attribute order in
// declare -p, case conversion on array append, readonly messages,
// local - and values expanded before the local binding is made.
func TestBuiltinVarsMatchBash(t *testing.T) {
	for _, src := range []string{
		`declare -c c="hello wORLD"; declare -p c; c+=" x"; echo "$c"; declare -cl d=AbC; declare -p d`,
		`declare -lx v=A; declare -utr w=b; declare -p v w; echo "${w@a}"`,
		`f=(aa bb); declare -u f; f+=(cc); declare -p f`,
		`declare -a b='(p q)'; declare -p b`,
		`readonly ro=1; readonly ro=2; export ro=3; printf -v ro x; getopts a ro -a; echo $?`,
		`f(){ local -; set -f -u; echo "$-"; }; f; echo "$-"`,
		`x=glob; f(){ local x=$x; x+=!; echo "$x"; }; f; echo "$x"`,
		`declare -A m; for w in b a b; do printf -v 'm[$w]' '%d' $(( ${m[$w]:-0} + 1 )); done; declare -p m`,
		`shopt -s nocasematch; [[ ABC =~ ^a(b)c$ ]] && echo "${BASH_REMATCH[@]}"`,
		`shopt -s | head -3; shopt -os | head -2; shopt -os nosuch; echo $?; shopt -o nosuch; echo $?`,
		`readonly -a | grep -c BASH_VERSINFO; readonly -A; echo $?`,
	} {
		b, n := runBoth(t, src)
		if b != n {
			t.Errorf("%s\nbash:\n%s\nnash:\n%s", src, b, n)
		}
	}
}

// TestDeclareEmptyValue: declare x= assigns "" rather than leaving x
// declared but unset.
func TestDeclareEmptyValue(t *testing.T) {
	src := `declare x=; declare -p x; f(){ local y=; declare -p y; }; f; export Q=; declare -p Q; declare z; declare -p z`
	if b, n := runBoth(t, src); b != n {
		t.Errorf("bash:\n%s\nnash:\n%s", b, n)
	}
}
