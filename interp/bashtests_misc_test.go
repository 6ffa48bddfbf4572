package interp

import "testing"

// test/[ syntax errors name what the parser stopped at, as bash's test.c:
// a leftover operator-looking word is "unexpected", a missing ) reports
// the word found instead ([ finds its own closing ]).
func TestTestSyntaxErrorsMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"leftover-op", `test 4 -eq 4 -a 2 -ne 5 -a 4 -ne; echo $?; test 1 2 3 4 5; echo $?; test a -a b c; echo $?`},
		{"paren", `[ '(' 1 = 2 ]; echo $?; test '(' 1 = 2; echo $?; test '(' 1 = 2 x; echo $?; [ '(' 1 ]; echo $?`},
	})
}

// A failed exec ends the shell unless shopt execfail is on (a subshell
// always ends); with PATH empty or unset a command name is run from the
// current directory, so a missing one is "No such file or directory".
func TestExecfailAndEmptyPathMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"execfail", `shopt -s execfail; exec ./nosuch 2>&1 | sed "s|$PWD|P|"; exec nosuch; echo st=$?; (exec nosuch; echo no); echo st=$?`},
		{"no-execfail", `exec nosuch; echo not-reached`},
		{"empty-path", `PATH=; notthere; echo $?; command notthere; echo $?; type notthere; echo $?; command -p notthere; echo $?`},
		{"unset-path-cwd", `printf '#!/bin/sh\necho ran\n' > scr; chmod +x scr; PATH=; scr; unset PATH; scr; notthere; echo $?`},
	})
}

// mapfile -d with an empty delimiter and without -t stores elements
// without the NUL (a bash string ends there), callbacks included.
func TestMapfileNulDelimMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"nul", `printf 'abc\0def\0' | { mapfile -C echo -c 1 -d '' A; declare -p A; echo "${A[@]}"; }`},
	})
}
