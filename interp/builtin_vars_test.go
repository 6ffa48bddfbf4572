package interp

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

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

// TestUnsetDeclareErrorsMatchBash: unset 'a[@]' empties an indexed array
// (bash 5.2), @ and * are keys of an associative array, unset -f -v is
// refused, declare +a/+A cannot destroy arrays, declare -p flushes what
// it printed before an error, and an arithmetic error in a -i value
// abandons the command line.
func TestUnsetDeclareErrorsMatchBash(t *testing.T) {
	for _, src := range []string{
		`a=(1 2); unset 'a[@]'; declare -p a; declare -A m=([x]=1 [@]=2); unset 'm[@]'; declare -p m`,
		`s=3; unset 's[@]'; echo $?; unset 's[1]'; echo $?; declare -p s; a=(1); unset 'a[-5]'; echo $?`,
		`unset -f -v q; echo "st=$?"`,
		`declare -a a=(1); declare +a a; echo "st=$?"; declare -A A=(); declare +A A; echo "st=$?"; x=1; declare +a x; echo "st=$?"`,
		`a=1 b=2; declare -p a -p b 2>&1`,
		"declare -i m='1/0'; echo \"st=$?\"",
	} {
		b, n := runBoth(t, src)
		if b != n {
			t.Errorf("%s\nbash:\n%s\nnash:\n%s", src, b, n)
		}
	}
}

// TestNounsetArraysMatchBash: under set -u "${a[@]}" is never unbound,
// ${#a[@]} of an unset array is a non-fatal error, ${#x[5]} of a set
// array is 0, and ${!x} with x unset is an invalid indirect expansion.
func TestNounsetArraysMatchBash(t *testing.T) {
	for _, src := range []string{
		`set -u; a=(); echo "e: ${a[@]}" "${b[*]}" ${c[@]} "${d[@]:0}"; declare -a q; echo "${q[@]}" end`,
		`set -u; x=(1); echo ${#x[5]}; (echo ${#y[@]}); echo "st=$?"; (declare -a z; echo ${#z[@]}); echo "st=$?"`,
		`set -u; (echo "${!x-d}"); echo "st=$?"; x=y; (echo "${!x}"); echo "st=$?"; (echo ${#1}); echo "st=$?"`,
	} {
		b, n := runBoth(t, src)
		if b != n {
			t.Errorf("%s\nbash:\n%s\nnash:\n%s", src, b, n)
		}
	}
}

// TestShelloptsVarsMatchBash: SHELLOPTS and BASHOPTS are readonly, an
// exported SHELLOPTS carries the current options to children, and posix
// mode binds POSIXLY_CORRECT.
func TestShelloptsVarsMatchBash(t *testing.T) {
	for _, src := range []string{
		`SHELLOPTS=x; echo "st=$?"; BASHOPTS=y; echo "st=$?"; unset BASHOPTS; echo "st=$?"; declare -p SHELLOPTS`,
		`export SHELLOPTS; set -o errexit; export -p | grep SHELLOPTS; env | grep SHELLOPTS`,
		`set -o posix; echo "${POSIXLY_CORRECT-unset}"; set +o posix; echo "${POSIXLY_CORRECT-unset}"; POSIXLY_CORRECT=1; shopt -po posix; unset POSIXLY_CORRECT; shopt -po posix`,
	} {
		b, n := runBoth(t, src)
		if b != n {
			t.Errorf("%s\nbash:\n%s\nnash:\n%s", src, b, n)
		}
	}
}

// TestOptionMechanismsMatchBash: set -k moves assignment words into the
// command's environment, set +h disables hash, extdebug declare -F
// shows the definition line.
func TestOptionMechanismsMatchBash(t *testing.T) {
	for _, src := range []string{
		`set -k; f(){ echo "f:$A:$*"; }; f x A=1 "B=2" y; echo A=$A; x=5 echo z c=$x d; set +k; echo e=1`,
		`set +h; ls >/dev/null; hash; echo "st=$?"; set -h; hash`,
		"f(){\n:\n}\nshopt -s extdebug; declare -F f; shopt -u extdebug; declare -F f",
	} {
		b, n := runBoth(t, src)
		if b != n {
			t.Errorf("%s\nbash:\n%s\nnash:\n%s", src, b, n)
		}
	}
}

// TestSetVerboseScript: set -v echoes the lines of a script read from a
// file as they are read, comments and blank lines included.
func TestSetVerboseScript(t *testing.T) {
	src := "echo 0\nset -v\necho a\n# c\n\necho b; echo c\nset +v\necho d\n"
	p := t.TempDir() + "/s.sh"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := exec.Command("/usr/bin/bash", "-c", "/usr/bin/bash < "+p+" 2>&1 >/dev/null").Output()
	if err != nil {
		t.Skip("no bash")
	}
	f, _ := os.Open(p)
	defer f.Close()
	errR, errW, _ := os.Pipe()
	null, _ := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	defer null.Close()
	r, err := New(StdIO(nil, null, errW), Env([]string{"PATH=/usr/bin:/bin"}))
	if err != nil {
		t.Fatal(err)
	}
	var e bytes.Buffer
	done := make(chan struct{})
	go func() { e.ReadFrom(errR); close(done) }()
	r.RunReader(f, "s.sh")
	r.fds.releaseAll()
	errW.Close()
	<-done
	if e.String() != string(want) {
		t.Errorf("bash:\n%s\nnash:\n%s", want, e.String())
	}
}
