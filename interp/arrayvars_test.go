package interp

import "testing"

// TestArrayVarMechanismsMatchBash compares with bash the mechanisms its
// array, attr and dollars tests exercise: export/readonly -a/-A hand an
// assignment to declare -g (errors keep the builtin's name), a quoted
// '(…)' given to export or readonly is a plain string, unquoted $@ and
// ${a[@]} join with spaces where words are not split, ${!@} with no
// positional parameters is empty, and "$xxx$@" with nothing to expand
// makes no word; in an associative array's compound value -i evaluates
// each value and, once the first element has a subscript, a word without
// one is reported and skipped.
func TestArrayVarMechanismsMatchBash(t *testing.T) {
	for _, src := range []string{
		`a=(o); f() { readonly 'a=(3)'; }; f; declare -p a; readonly -a 'a=(4)'; readonly -a a=5; export -a r=(1); export -a`,
		`r=(1); f() { export r='(5)'; }; f; declare -p r; f() { export -a r=(6); }; f; declare -p r; f() { export -a r='(7)'; }; f; declare -p r`,
		`export -A q; declare -p q; x=1; readonly -n x; x=2; echo $x; export -a | wc -l`,
		`set -- 1 2 3; IFS=:; f=$@; g=${@}; s=$*; a=(x y); v=${a[@]}; w=${a[*]}; echo "$f|$g|$s|$v|$w"`,
		`set -- a b; IFS=:; a=(x y); v=${a[@]^^}; w=${a[@]#x}; u=${a[@]@Q}; k=${!a[@]}; p=${!BASH_V@}; echo "$v|$w|$u|$k|$p"`,
		`set -- a b c; IFS=:; cat <<< $@; case "a b c" in $@) echo pat;; esac; [[ $@ = "a b c" ]] && echo test`,
		`set --; foo=${!*}; echo "[$foo] $?"; foo=${!@}; echo "[$foo] $?"; set -- ""; echo "${!@}"`,
		`n() { echo $#; }; n "$xxx$@"; n "$@$xxx"; n "$*$@"; n "$(true)$@"; n "$xxx""$@"; set -- ""; n "$xxx$@"`,
		`declare -Ai a=([z]=1+4 four [o]=2); declare -p a; declare -Ai c=(k 1+2 j); declare -p c; declare -A d; d+=([q]=1 w); declare -p d`,
		`declare -A b=(x y z); declare -p b; declare -Ai e=([z]=5); e+=([z]=2); declare -p e; declare -Au f=([k]=v); f+=(j w); declare -p f`,
	} {
		b, n := runBoth(t, src)
		if b != n {
			t.Errorf("%s\nbash:\n%s\nnash:\n%s", src, b, n)
		}
	}
}
