package interp

import "testing"

// exec names the full pathname in its failures, adds bash's "cannot
// execute" line for a file it may not run, clears the environment with
// -c, and a subshell it replaces runs no EXIT trap.
func TestExecReplacesAndFails(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"missing", `( exec ./nofile ) 2>&1 | sed "s|$PWD|P|"`},
		{"not-executable", `touch plain; ( exec ./plain ) 2>&1 | sed "s|$PWD|P|"; echo ${PIPESTATUS[0]}`},
		{"directory", `mkdir d; ( exec ./d ) 2>&1 | sed "s|$PWD|P|"; echo ${PIPESTATUS[0]}`},
		{"clear-env", `export FOO=1; ( exec -c /usr/bin/env ); echo st=$?`},
		{"no-exit-trap", `( trap 'echo trap' EXIT; exec true ); echo st=$?; ( trap 'echo trap' EXIT; exec ./nofile ) 2>/dev/null; echo st=$?`},
	})
}

// FUNCNAME is unset outside functions, even at the top of a sourced file.
func TestFuncnameInSourcedFile(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"top", `echo 'echo "[${FUNCNAME[*]}] ${#FUNCNAME[@]}"' > f.sh; . ./f.sh; g() { . ./f.sh; }; g`},
	})
}
