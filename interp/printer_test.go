package interp

import (
	"os"
	"os/exec"
	"testing"
)

// TestFuncPrintMatchesBash defines functions covering every construct the
// printer knows and compares declare -f, and the exported one-line form,
// with /usr/bin/bash.
func TestFuncPrintMatchesBash(t *testing.T) {
	if _, err := os.Stat("/usr/bin/bash"); err != nil {
		t.Skip("no bash")
	}
	cases := []struct{ name, src string }{
		{"simple", `f() { echo hi; echo "a  b" 'c' $x ${y:-z}; }`},
		{"if-elif", `f() { if a; then b; elif c; then d; else e; fi; if x; then :; fi; }`},
		{"loops", "f() {\n while read -r l; do echo \"$l\"; done < file\n until false; do break; done\n for i in 1 2; do :; done\n for i; do :; done\n for (( i = 0 ;i<3; i++ )); do :; done\n for ((;;)); do break; done\n select x in a b; do break; done\n}"},
		{"case", `f() { case $1 in a|b) echo ab;; c) echo c;& d) echo d;;& *) ;; esac; case x in esac; }`},
		{"lists", `f() { ( cd /; ls ) | wc -l; a && b || c; ! true; sleep 1 & echo x; echo a |& cat; time -p echo t; { a; b; } & ! a && b; }`},
		{"trailing-bg", `f() { sleep 1 & }`},
		{"redirs", `f() { echo x > f 2>&1 >> g < h 3<&0 4>&- 5<> z &> q &>> r >| s; echo >&2 2>/dev/null {fd}>f 1>&3- <&- <>f >&"$fd"; cat <<< "s $x"; }`},
		{"heredocs", "f() {\n cat <<EOT\nhello $x\nEOT\n cat <<-'EOT'\n\tq\n\tEOT\n cat <<A <<B && echo ok\na\nA\nb\nB\n cat <<E | grep a\na\nE\n if true; then cat <<X\nbody\nX\n fi\n}"},
		{"words", "f() { echo \"$(echo  a;  echo b)\" ${x:-$(echo   c)} <(echo  p) `echo  q` $((1+2)); x=$'a\\tb' y=$\"m\" z=$'it\\'s'; echo $(\n echo one\n echo two\n ); echo a\\\nb; }"},
		{"assign", `f() { arr=( a   b [3]=c ); declare -a b=(1  2); declare -A m=([k]=v); local -r x=1 y; a=1 b=2 cmd arg; export E=1; }`},
		{"cond-arith", `f() { [[ -n $x && ( $y == a* || ! -z $z ) ]]; [[ $a =~ ^x(y)$ ]] && [[ ! a ]] && [[ w ]]; (( x = 1 + 2 )); let a=1 b+=2; }`},
		{"nested", `f() { inner() { echo in; }; sub() ( echo x ) > out; function g { :; }; coproc c { :; }; }`},
		{"bodies", `f() ( echo sub ); g() { echo g; } > log 2>&1; function h { :; }`},
	}
	script := func(src string) string {
		return src + "\ndeclare -f\nfor n in $(declare -F | cut -d' ' -f3); do (export -f $n; env | grep -A20 '^BASH_FUNC' | grep -v '^_='); done\n"
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, err := exec.Command("/usr/bin/bash", "-c", script(c.src)).Output()
			if err != nil {
				t.Fatalf("bash: %v", err)
			}
			got, _, _ := runScript(t, t.TempDir(), script(c.src))
			if got != string(want) {
				t.Errorf("declare -f differs\nsrc:\n%s\nbash:\n%s\nnash:\n%s", c.src, want, got)
			}
		})
	}
}
