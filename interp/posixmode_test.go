package interp

import "testing"

// In POSIX mode a special builtin's usage or syntax error ends the shell;
// a regular builtin's, or one run through command, does not.
func TestPosixSpecialBuiltinUsageErrors(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"set", "set -o posix; set -o bogus; echo unreached"},
		{"set-short", "set -o posix; set -q; echo unreached"},
		{"export", "set -o posix; export -z; echo unreached"},
		{"unset", "set -o posix; unset -z; echo unreached"},
		{"trap", "set -o posix; trap -z; echo unreached"},
		{"eval", "set -o posix; eval '(' 2>/dev/null; echo unreached"},
		{"return", "set -o posix; return; echo unreached"},
		{"command", "set -o posix; command set -o bogus; echo reached $?"},
		{"regular", "set -o posix; cd -z; echo reached $?"},
		{"bash-mode", "set -o bogus; export -z; echo reached $?"},
		{"readonly-prefix", "readonly R=1; set -o posix; R=2 true; echo unreached\necho next $?"},
		{"readonly-prefix-bash", "readonly R=1; R=2 true; echo reached $?"},
	})
}

// set -o posix turns expand_aliases on and set +o posix restores it;
// type and command -v describe aliases only while they expand.
func TestPosixExpandAliases(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"toggle", "shopt expand_aliases; set -o posix; shopt expand_aliases; set +o posix; shopt expand_aliases"},
		{"describe", "alias ll='ls -l'; command -v ll; type -t ll; set -o posix; command -v ll; type ll"},
	})
}

// An assignment is traced before it is performed: PS4 sees old values.
func TestTraceAssignmentPrefixBeforeAssign(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"ps4", "d=0; PS4='+($d) '; set -x; d=1; PS4='> '; echo x"},
	})
}

// ${x@k} gives unquoted separate words, ${x@K} one quoted word; ${x@P}
// expands parameters as promptvars does.
func TestTransformKAndP(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"k", `a=(one 'two three'); printf '<%s>' "${a[@]@k}"; echo; echo "${a[@]@K}"; declare -A h=([x]=1); echo "[${h[@]@K}]"`},
		{"P", `v=hi; p='\$ $v $(echo c)'; echo "${p@P}"`},
	})
}

// A quoted & in a pattern substitution's replacement is literal; $'\c?'
// is DEL and $'…' ends at a NUL.
func TestQuotedAmpersandAndAnsiC(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"amp", `x='one two'; echo "${x/two/\&}" "${x/two/"&"}" "${x/two/'&'}" "${x/two/<&>}"`},
		{"ansic", `printf '%s' $'\c?' | od -An -c; echo $'a\0b'`},
	})
}

// Namerefs: to array elements, as for-loop variables, invalid targets.
func TestNamerefElementsAndLoops(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"elem", `declare -n el='arr[2]'; el=x; el+=y; declare -p arr; echo "$el"; declare -A h; declare -n hk='h[a b]'; hk=v; declare -p h`},
		{"loop", `a=1 b=2; declare -n ref; for ref in a b; do echo "$ref"; ref=0; done; echo "$a $b"; declare -p ref`},
		{"invalid", `declare -n r='1bad'; echo $?; declare -n ok='x[1]'; echo $?`},
	})
}

// set -o posix turns shift_verbose and inherit_errexit on; set +o posix
// restores shift_verbose only. let is traced with its words.
func TestPosixShoptsAndLetTrace(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"shopts", "set -o posix; shopt shift_verbose inherit_errexit; shift 3; set +o posix; shopt shift_verbose inherit_errexit; shift 2; echo $?"},
		{"let", `n=1; set -x; let "n += 2" n++ 'x = n * 2'; let a=$n`},
		{"argv0", `echo "[$BASH_ARGV0]"; BASH_ARGV0=x; echo "$0"`},
	})
}

// The empty alternative of a brace expansion makes no word unless quoted.
func TestBraceEmptyAlternative(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"empty", `printf '<%s>' {,} x; echo; printf '<%s>' {,a} ""{,} {,}{,}; echo`},
	})
}

// An error that abandons a line inside eval abandons only the eval'd
// string; through command, POSIX-mode assignment errors do not exit.
func TestEvalAbortBoundary(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"eval", `readonly R=1; eval "R=2; echo in"; echo after $?`},
		{"command-posix", `readonly R=1; set -o posix; command eval 'R=2'; echo survived $?`},
	})
}
