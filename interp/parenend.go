package interp

import "mvdan.cc/sh/v3/syntax"

// Bash runs the traps of signals that arrived while a command ran when
// the next command starts (execute_command_internal), when its reader
// parses the next one, and after most commands. A ( ) subshell it forked
// returns from its wait without running them, so when it is the last
// thing a -c string holds (parse_and_execute finds nothing left to
// parse) they never run: the shell exits with the subshell's status, the
// EXIT trap's first command excepted (which starts by running them).
// busybox's exitcode_trap tests rely on this.

// endsWithParen reports whether the group g, running at offset end of
// the -c string src, is such a last subshell: the only command of its
// line, `( … )` possibly negated, timed or redirected, and nothing after
// it but blanks, a ";", a comment and the newline ending the line.
func endsWithParen(g []*syntax.Stmt, src string, end int) bool {
	if len(g) != 1 || end != len(src) {
		return false
	}
	st := g[0]
	if st.Background || st.Coprocess {
		return false
	}
	cmd := st.Cmd
	if tc, ok := cmd.(*syntax.TimeClause); ok && tc.Stmt != nil {
		cmd = tc.Stmt.Cmd
	}
	if _, ok := cmd.(*syntax.Subshell); !ok {
		return false
	}
	at := int(st.End().Offset())
	if at > len(src) {
		return false
	}
	return onlyLineEnd(src[at:])
}

// onlyLineEnd reports whether rest, the text after a command, is what
// the parser reads with it: blanks, a ";", a comment and one newline.
func onlyLineEnd(rest string) bool {
	i := 0
	skipBlanks := func() {
		for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t') {
			i++
		}
	}
	skipBlanks()
	if i < len(rest) && rest[i] == ';' {
		i++
		skipBlanks()
	}
	if i < len(rest) && rest[i] == '#' {
		for i < len(rest) && rest[i] != '\n' {
			i++
		}
	}
	if i < len(rest) && rest[i] == '\n' {
		i++
	}
	return i == len(rest)
}
