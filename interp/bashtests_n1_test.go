package interp

import "testing"

// In POSIX mode an assignment before a special builtin that lands on a
// function call's temporary variable passes to the caller's scope (bash's
// att_propagate); not for eval/source/unset, nor onto a local.
func TestPosixTempVarPropagateMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"return", `set -o posix; var=0; f() { var=20 return 5; }; var=30 f; echo $? $var`},
		{"colon-local", `set -o posix; f3() { var=9 :; echo in $var; }; var=8 f3; echo $var; f4() { local var=3; var=11 :; echo in $var; }; var=12 f4; echo $var`},
		{"nested-eval", `set -o posix; g() { var=21 :; }; f() { g; }; var=1 f; echo $var; h() { var=2 eval 'echo e $var'; }; var=3 h; echo $var; k() { :; }; var=6 k; echo $var`},
		{"not-posix", `f() { var=20 return 5; }; var=30 f; echo $? ${var-unset}`},
	})
}

// DIRSTACK[i]=v replaces entry i of the directory stack (not entry 0,
// nor past the end); a scalar or list assignment goes element by element.
func TestDirstackAssignMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"elems", `cd /tmp; pushd -n /usr >/dev/null; pushd -n /etc >/dev/null; DIRSTACK=x; echo ${DIRSTACK[@]}; DIRSTACK[2]=/bin; DIRSTACK[5]=/a; DIRSTACK[-1]=/sbin; echo ${DIRSTACK[@]}; DIRSTACK+=(/q); DIRSTACK=(/r /s); DIRSTACK[1]+=/x; dirs; pushd +1 >/dev/null; dirs`},
	})
}

// compgen -A lists shopt and set -o names, signals, help topics and
// enabled/disabled builtins; enable -s lists only the special builtins.
func TestCompgenActionsAndEnableMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"compgen", `compgen -A shopt; compgen -A setopt; compgen -A signal; compgen -A helptopic; compgen -A shopt no; enable -n test; compgen -A disabled; compgen -A enabled | wc -l`},
		{"enable", `enable -ps; enable -aps; enable -nps; enable -n test eval; enable -nps; enable -ns; enable -as | wc -l`},
	})
}

// A ( ) run as a pipeline element or asynchronously is the forked child
// itself: $BASH_SUBSHELL goes up once. A sourced file with more than 256
// NULs is a binary file (status 126); fewer are deleted.
func TestSubshellLevelAndSourceBinaryMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"level", `( echo a $BASH_SUBSHELL ) | cat; ( ( echo b $BASH_SUBSHELL ) ) | cat; echo x | ( echo c $BASH_SUBSHELL ); ( echo i $BASH_SUBSHELL ) & wait; { ( echo k $BASH_SUBSHELL ); } | cat; f() { ( exit 3 ) | cat; echo ${PIPESTATUS[@]}; ( return 4 ) & wait $!; echo $?; }; f; (trap "echo T \$BASH_SUBSHELL" EXIT; echo in) | cat`},
		{"binary", `head -c 300 /dev/zero > bin; . ./bin; echo $?; printf 'echo a\0b\necho c\0\0d\necho e\n' > nul; . ./nul; echo $?`},
	})
}
