package interp

import "testing"

// TestRedirectionsMatchBash pins redirection mechanisms against bash:
// {var} fds outliving their command, stdin of async commands inside
// redirected compounds (bash's stdin_redir), bad-fd messages, POSIX-mode
// redirection words, and $! after a process substitution.
func TestRedirectionsMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"varfd-persists", `: {fd}>f; echo x >&$fd && echo ok; echo y {g}>>f >&$g; cat f`},
		{"varfd-varredir-close", `shopt -s varredir_close; : {fd}>f; echo x >&$fd; echo $?`},
		{"varfd-close-undone", `exec {fd}>f; : {fd}>&-; echo x >&$fd && cat f`},
		{"varfd-array", `exec {a[1]}>f; echo hi >&${a[1]}; exec {s}<&${a[1]}-; echo $((s - a[1])); cat f`},
		{"async-stdin-loop", "for x in 1 2; do { read l; echo $l; } & wait; done <<EOF\nab\ncd\nEOF"},
		{"async-stdin-sticky", "printf 'a\\nb\\n' >f; { :; } <f; { cat & wait; } <f; { :; } >/dev/null; cat & wait; echo end"},
		{"async-stdin-pipe", `echo hi | { cat & wait; }; echo hi2 | ( cat & wait ); cat & wait`},
		{"badfd-word", `a=42; a=2 echo foo >&$a; echo 2>&$(echo 7); cat <&"7"; echo >&7`},
		{"posix-noglob", "touch r1.x; set -o posix; cat < r1.*; set +o posix; cat < r1.* && echo globbed"},
		{"procsubst-bang", `cat <(exit 3) >/dev/null; wait $!; echo $?`},
		{"for-bad-name", `for a-b in x; do echo no; done; echo $?`},
		{"local-from-tempenv", `f() { local -i a; a+=3; declare -p a; g; }; g() { local a; echo "[$a]"; }; a=4 f; f() { local a; echo "[$a]"; }; a=5; f`},
	})
}

// TestDebugTrapMatchesBash pins where the DEBUG trap runs: before
// declarations and let, with $BASH_COMMAND as a simple command, and on
// entry to a traced function with $LINENO the line of its body.
func TestDebugTrapMatchesBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"decl-let", "trap 'echo \"[$LINENO] <$BASH_COMMAND>\"' DEBUG\ndeclare -i  x \nlocal y=1 2>/dev/null\nexport A=\"b c\"\nlet x=1+2 y=3\ntrap - DEBUG"},
		{"traced-func", "trap 'echo ${FUNCNAME:-top}[$LINENO]' DEBUG\nf()\n{\n  echo b\n}\ndeclare -ft f\nf\ntrap - DEBUG"},
	})
}

// TestCommandLineMatchesBash pins the line bash gives a multi-line simple
// command (where its parser was when it took the first word in) and the
// lines inside a command substitution, counted from that line.
func TestCommandLineMatchesBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"second-word", "nocmd a \\\nb\nnocmd \"x\ny\"\necho \"a\nb\" $LINENO\necho $LINENO \"c\nd\"\nx=\"1\n2\" nocmd\nnocmd \"\n\""},
		{"cmdsubst", "x=$(\nnocmd1\n)\necho $(\nnocmd2\n)\necho \"$(nocmd3)\n\"\nfor i in 1; do\n  y=`nocmd4`\ndone\necho `echo ab #c\nnocmd5`"},
	})
}
