package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// In POSIX mode (above compatibility level 41) bash's parser does not take
// time as a reserved word when the next word begins with a '-'
// (time_command_acceptable): `time -p cmd` and `time -- cmd` run the time
// utility found in PATH with those words, as the first stage of the
// pipeline. mvdan's parser has read a time clause; posixTimeCall rebuilds
// the command bash runs.

// posixTimeCall returns the statement bash runs for the time clause c in
// POSIX mode, or nil when c is timed by the shell.
func (r *Runner) posixTimeCall(c *syntax.TimeClause) *syntax.Stmt {
	if !r.opts.on(optPosix) || r.compatLevel() <= 41 {
		return nil
	}
	lead := []*syntax.Word{litWordAt("time", c.Time)}
	if c.PosixFormat {
		for _, w := range timeIgnWords(r.curSrc, c) {
			lead = append(lead, litWordAt(w, c.Time))
		}
	} else if !startsWithDash(c.Stmt) {
		return nil
	}
	if c.Stmt == nil {
		return &syntax.Stmt{Position: c.Time, Cmd: &syntax.CallExpr{Args: lead}}
	}
	return prefixFirstCall(c.Stmt, lead)
}

// startsWithDash reports whether the first word of st's first simple
// command is a literal beginning with '-'.
func startsWithDash(st *syntax.Stmt) bool {
	call := firstCall(st)
	return call != nil && len(call.Assigns) == 0 && len(call.Args) > 0 &&
		strings.HasPrefix(call.Args[0].Lit(), "-")
}

// firstCall is the simple command that starts st's pipeline, or nil.
func firstCall(st *syntax.Stmt) *syntax.CallExpr {
	for st != nil {
		switch c := st.Cmd.(type) {
		case *syntax.CallExpr:
			return c
		case *syntax.BinaryCmd:
			if c.Op != syntax.Pipe && c.Op != syntax.PipeAll {
				return nil
			}
			st = c.X
		default:
			return nil
		}
	}
	return nil
}

// prefixFirstCall copies st with words put before the arguments of the
// simple command that starts its pipeline; nil when that command is not
// a simple one without assignments (bash would take them as arguments).
func prefixFirstCall(st *syntax.Stmt, words []*syntax.Word) *syntax.Stmt {
	cp := *st
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Assigns) > 0 {
			return nil
		}
		call := *c
		call.Args = append(append([]*syntax.Word(nil), words...), c.Args...)
		cp.Cmd = &call
	case *syntax.BinaryCmd:
		if c.Op != syntax.Pipe && c.Op != syntax.PipeAll {
			return nil
		}
		x := prefixFirstCall(c.X, words)
		if x == nil {
			return nil
		}
		bin := *c
		bin.X = x
		cp.Cmd = &bin
	case *syntax.TimeClause:
		// another time after the utility's words is one of them
		// (time -p time cmd runs time with "time cmd" as arguments)
		if st.Negated || len(st.Redirs) > 0 {
			return nil
		}
		words = append(append([]*syntax.Word(nil), words...), timeUtilityWords(c)...)
		if c.Stmt == nil {
			cp.Cmd = &syntax.CallExpr{Args: words}
			return &cp
		}
		return prefixFirstCall(c.Stmt, words)
	default:
		return nil
	}
	return &cp
}

// timeUtilityWords are the words of the time clause c where bash reads
// time as the utility's name: time, and -p when c has it.
func timeUtilityWords(c *syntax.TimeClause) []*syntax.Word {
	words := []*syntax.Word{litWordAt("time", c.Time)}
	if c.PosixFormat {
		words = append(words, litWordAt("-p", c.Time))
	}
	return words
}

// litWordAt is a literal word written at pos.
func litWordAt(s string, pos syntax.Pos) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: s}}}
}

// pipedTimeCall returns the command bash runs for a pipeline stage after
// the first that mvdan read as a time clause: bash takes time as a
// reserved word only where a pipeline starts, so after a "|" it is the
// time utility found in PATH, run with the words that follow (-p
// included). It is nil for any other stage.
func pipedTimeCall(st *syntax.Stmt) *syntax.Stmt {
	c, ok := st.Cmd.(*syntax.TimeClause)
	if !ok || st.Negated || st.Background {
		return nil
	}
	lead := timeUtilityWords(c)
	if c.Stmt == nil {
		cp := *st
		cp.Cmd = &syntax.CallExpr{Args: lead}
		return &cp
	}
	inner := prefixFirstCall(c.Stmt, lead)
	if inner == nil {
		return nil
	}
	cp := *st
	cp.Cmd = inner.Cmd
	cp.Redirs = append(append([]*syntax.Redirect(nil), inner.Redirs...), st.Redirs...)
	return &cp
}
