package interp

import "testing"

// TestPosixModeErrorsAgainstBash covers what ends a POSIX-mode shell and
// how its listings look.
func TestPosixModeErrorsAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		// a $(( )) error is fatal in POSIX mode (127 out of -c)
		{"arith-fatal", "set -o posix\necho $((1/0))\necho unreached"},
		{"arith-not-fatal", "echo $((1/0))\necho reached $?"},
		// a redirection error on export or readonly ends the shell
		{"export-redir", "set -o posix\nexport X=1 > /nonexistent/x\necho unreached"},
		{"declare-redir", "set -o posix\ndeclare X=1 > /nonexistent/x\necho reached $?"},
		// command . on a missing file does not exit
		{"command-dot", "set -o posix\ncommand . ./nope.sh\necho continues $?\n. ./nope.sh\necho unreached"},
		// export -p and readonly -p list as export/readonly commands
		{"listings", "set -o posix\nreadonly R1=a\ndeclare -a A=(1)\nexport A E='x y'\nexport -p | grep -E ' (A|E)='\nreadonly -p | grep ' R1='\ndeclare -p R1"},
	})
}

func TestPosixTrapListingAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		// trap -p in POSIX mode lists default dispositions as "-". The
		// runner is in-process, so the last line gives the test binary its
		// default QUIT back: later tests' bash would inherit it ignored.
		{"trap-p-all", "set -o posix\ntrap : INT\ntrap '' QUIT\ntrap -p\ntrap -p INT TERM\ntrap\ntrap - INT QUIT"},
	})
}

func TestTrapLinenoAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		// EXIT traps count their lines from 1; the RETURN trap sees the
		// line the function starts on
		{"exit-trap-lineno", "trap 'echo \"exit $LINENO\"\necho \"x $LINENO\"' EXIT\n\necho end $LINENO"},
		{"return-trap-lineno", "\nf() {\n  trap 'echo \"ret $LINENO\"' RETURN\n  echo body\n}\nf"},
	})
}
