package interp

import "testing"

// The command hash table counts hits, lists in bash's bucket order, is
// flushed by PATH assignments, and feeds type's "is hashed".
func TestCommandHashAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"hits-order", `ls >/dev/null; ls >/dev/null; cat </dev/null; sort </dev/null; hash; hash -l; hash -t ls cat; hash`},
		{"flush", `ls >/dev/null; PATH=$PATH; hash; ls >/dev/null; PATH=/bin cat </dev/null; hash`},
		{"hash-p", `hash -p /bin/echo myecho; myecho hi; hash; type myecho; hash -d myecho; hash -d myecho; echo $?; hash -t; echo $?`},
		{"type-hashed", `cat </dev/null; type cat; type -p cat; type -t cat; command -V cat; hash -t cat`},
		{"type-no-hash", `type ls; command -v cat; hash`},
		{"command-p", `PATH=/nowhere; command -p ls -d /; command -pV ls; command ls -d /; hash`},
		{"type-p-func", `true(){ :; }; type -p true; echo $?; type -P true; type -ap true; type -at true`},
		{"subshell", `ls >/dev/null; (ls >/dev/null; hash); hash`},
	})
}

// Builtins disabled with enable -n stay disabled in subshells and
// pipelines, and a subshell's enable does not reach its parent.
func TestEnableInSubshellAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"pipeline", `enable -n echo test; enable -n | cat; type -a test | head -1; (enable echo; type -t echo); type -t echo`},
	})
}

// local outside a function fails before its options are parsed; return
// reports a bad status before it finds nothing to return from.
func TestLocalReturnOutsideFunctionAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"local", `local -Q 2>&1; echo $?; local -p 2>&1; echo $?`},
		{"return", `return -Q 2>&1; echo $?; return 3 2>&1; echo $?`},
	})
}
