package interp

import "testing"

// TestGetoptsMatchesBash: getopts keeps its position apart from $OPTIND
// as bash does. Assigning OPTIND=N (N > 1) moves the argument index but
// keeps the position inside a bundle; OPTIND=1 or local OPTIND=1
// restarts; a function with a local OPTIND gives the caller's position
// back on return; errors in binding NAME or OPTARG are reported after
// parsing.
func TestGetoptsMatchesBash(t *testing.T) {
	for _, src := range []string{
		`f(){ OPTIND=4; echo "1=$1"; }; m(){ while getopts abcdefg o; do f $o; done; }; m -abc`,
		`f(){ local OPTIND=1 o; while getopts :abcxyz o; do echo $o; [[ $o = y ]] && f -abc; done; }; f -xyz`,
		`set -- -ab -c x -- y; while getopts abc: o; do echo "$o ${OPTARG-u} $OPTIND"; done; echo "$OPTIND $*"`,
		`set -- -a -q -c; while getopts :ac: o; do echo "$o ${OPTARG-u} $OPTIND"; done`,
		`set -- -a -q -c; while getopts ac: o 2>&1; do echo "$o ${OPTARG-u} $OPTIND"; done`,
		`OPTERR=0; set -- -q; getopts a o; echo "$o $?"`,
		`set -- -a; getopts a o; declare -p OPTARG; getopts a opt-var -a 2>&1; echo $?`,
		`set -- -a bb; readonly OPTARG; getopts :x x 2>&1; echo "$? x=$x"; getopts x x; echo "$? ${OPTARG-unset}"`,
		`set -- -ab; getopts ab o; OPTIND=1; getopts ab o; echo "$o $OPTIND"; OPTIND=; getopts ab o; echo "$o $OPTIND"`,
	} {
		b, n := runBoth(t, src)
		if b != n {
			t.Errorf("%s\nbash:\n%s\nnash:\n%s", src, b, n)
		}
	}
}

// TestFuncAttrsAndShiftMatchBash: declare -f with attribute options,
// readonly functions, unset of a name that cannot be a variable, shift
// with too many arguments, and ! binding to one [[ ]] term.
func TestFuncAttrsAndShiftMatchBash(t *testing.T) {
	for _, src := range []string{
		`f(){ echo f; }; readonly -f f; declare -fr f; echo $?; declare -f +r f 2>&1; echo $?; declare -f -a f 2>&1; echo $?; declare -f -i f 2>&1; echo $?`,
		`g(){ :; }; declare -fx g; declare -ft g; declare -F -p g; declare -f +x g; declare -F -p g; declare -f 'g=1' 2>&1; echo $?`,
		"f(){ :; }; readonly -f f; echo\nf() {\n:\n}\necho $?",
		`/x(){ echo s; }; unset /x; echo $?; type /x 2>&1 | head -1; unset -v /y 2>&1; echo $?`,
		"(set -- a b c; shift 1 2 2>&1; echo no); echo $?; set -- a b c; shift -- 2; echo $#",
		`[[ ! x || x ]]; echo $?; [[ ! "" && x ]]; echo $?; [[ x || ! x && "" ]]; echo $?; [[ ! ! x || "" ]]; echo $?; [[ ! (x || x) ]]; echo $?`,
	} {
		b, n := runBoth(t, src)
		if b != n {
			t.Errorf("%s\nbash:\n%s\nnash:\n%s", src, b, n)
		}
	}
}

// TestFuncnestAndFuncListMatchBash: FUNCNEST limits function nesting
// (discarding the command), and declare -[fF] -[rtx] with no names lists
// the functions that have any of those attributes.
func TestFuncnestAndFuncListMatchBash(t *testing.T) {
	for _, src := range []string{
		"FUNCNEST=5; f(){ (( n++ )); f; }; n=0; (f; echo no); echo \"$? $n\"; FUNCNEST=x; g(){ (( m++ < 20 )) && g; }; m=0; g; echo $m",
		`a(){ :; }; b(){ echo; }; export -f b; declare -xF; declare -xf; declare -rf; declare -tF; readonly -f a; declare -rF; declare -xrF; export -f; readonly -f`,
	} {
		b, n := runBoth(t, src)
		if b != n {
			t.Errorf("%s\nbash:\n%s\nnash:\n%s", src, b, n)
		}
	}
}
