package interp

import "testing"

// TestExpansionMechanismsAgainstBash covers expansion details from bash's
// dollars, glob-test and new-exp tests.
func TestExpansionMechanismsAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		// a word is split once, at its end, with the IFS it ends with;
		// what was expanded under a null IFS keeps its spaces, and an
		// unquoted $* expanded then splits the word at spaces alone
		{"ifs-changed-mid-word", `set -f -- a 'b c' d
unset -v IFS; printf '<%s> ' ${*}${IFS=}${*}${IFS:=-}"${*}"; echo
unset -v IFS; printf '<%s> ' ${*}${IFS=}${*}; echo
unset -v IFS; printf '<%s> ' ${*}${IFS=-}; echo
unset IFS; x="a-b c"; printf '<%s> ' ${IFS=-} $x; echo
unset IFS; printf '<%s> ' $x${IFS=-}$x; echo
IFS=; printf '<%s> ' $x${IFS:=-}$x; echo`},
		// ${x-$@} unquoted with IFS not starting with a space: split at
		// IFS with the elements whole, rejoined with spaces
		{"op-word-at-nosplit2", `set -- a:b 'c d' e; x=p:q
a=("$@"); for IFS in : -: ': ' ' :' ' '; do printf '<%s> ' ${var-$@} x${var-$@}y ${var-$x$@} ${var-${@:2}} ${var:-$@} ${var-${@:1}} ${var-${a[@]#x}}; echo; done
IFS=:; a=(1:2 '3 4'); printf '<%s> ' ${var-${a[@]}}; set --; f() { echo $#; }; f ${var-$@}; set -- '*'; f ${var-$@}`},
		// a quoted slash keeps a bracket expression open for the
		// is-it-a-pattern test, unlike an unquoted one
		{"quoted-slash-bracket", `mkdir -p dd; touch dd/f; shopt -s nullglob; echo 1: [qwe/qwe] 4: [qwe\/qwe] 5: [qwe\/ 6: [qwe\/] 7: [qwe"/"qwe] "[qwe/]"x; echo d*"/"* dd"/"f*`},
		// substring arithmetic errors name the parameter; an unset
		// variable evaluates no offset
		{"slice-arith-errors", `x=abc; echo ${u:1/0} "${x:(1/0)}"; echo ${x:1/0}; a=(1 2); echo ${a[1]:1/0}; echo ${a[@]:0:1/0}; set --; echo ${@:1/0}; declare -a e; echo ${e[@]:1/0} end`},
	})
}
