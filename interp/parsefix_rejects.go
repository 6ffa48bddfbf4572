package interp

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Some commands mvdan's parser reads that bash's grammar rejects, with a
// syntax error near one token:
//   - "in" and "else" where a command name may stand: reserved words to
//     bash, none expected there (`a | in`, `x() { else; }`, `in() { :; }`);
//   - a function whose body is not a compound command (`f() echo hi`,
//     `f() ! { :; }`, `f() x=1`), near the body's first token;
//   - a pipeline ending in a bare "!" (`a | !`);
//   - a redirection whose target is an fd number or {name} of the next
//     redirection (`cmd > 2>&1`: bash reads 2> as one token, not a
//     word), except after a dup's >& or <&;
//   - coproc followed by a reserved word that cannot start a command
//     (`coproc fi`, `coproc !`);
//   - a [[ ]] term that is a lone word followed by a newline (`[[ x` then
//     `]]` on the next line): bash's cond_term wants a binary operator;
//   - a [[ ]] word name[ with a blank in its subscript (`[[ a[ 1 ] ]]`),
//     which a rewrite quoted as it does an assignment's: bash's lexer
//     reads such a subscript whole only where an assignment may stand,
//     so in [[ ]] the blank ends the word;
//   - a word after a compound command that mvdan's parser reads as part
//     of a redirection: the rest of a dup's target after its "-" close
//     (`{ :; } >&-5`) and digits too long for an fd (`( : ) 11111111111>x`),
//     which bash's lexer reads as words (see dashCloseWords, fdWords).
// After a successful parse, bashRejectsError finds the first of them and
// makes the parser fail there as bash does: the token is replaced by one
// of the same length that mvdan's parser rejects in that place too, so
// that the commands before it still run.

// reservedStandIn returns a reserved word's stand-in.
func reservedStandIn(w string) (string, bool) {
	switch w {
	case "in":
		return "fi", true
	case "else":
		return "done", true
	}
	return "", false
}

// bashRejectsError returns, when f (parsed from text) holds such a
// command, the text with the stand-in and the parser's error for it.
func bashRejectsError(f *syntax.File, text, name string) (string, error) {
	off, standIn := -1, ""
	var at syntax.Pos
	note := func(pos syntax.Pos, s string) {
		if o := int(pos.Offset()); o < len(text) && (off < 0 || o < off) {
			off, standIn, at = o, s, pos
		}
	}
	// padded is stand-in c over the whole token at pos, as long as it
	padded := func(pos syntax.Pos, c string) string {
		n := len(tokenAt(text, min(int(pos.Offset()), len(text))))
		return c + strings.Repeat(" ", max(0, n-len(c)))
	}
	walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			if w, pos, ok := reservedCommandWord(n); ok {
				standIn, _ := reservedStandIn(w)
				note(pos, standIn)
			}
			if n.Cmd != nil && isCompound(n.Cmd) {
				for _, rd := range n.Redirs {
					if rest := dashCloseRest(rd); rest != nil {
						note(rest.Pos(), padded(rest.Pos(), ")"))
					}
					if rd.N != nil && !fitsFd(rd.N.Value) {
						note(rd.N.Pos(), padded(rd.N.Pos(), ")"))
					}
				}
			}
			for i := 0; i+1 < len(n.Redirs); i++ {
				a, b := n.Redirs[i], n.Redirs[i+1]
				if a.Op == syntax.DplIn || a.Op == syntax.DplOut || a.Op == syntax.Hdoc || a.Op == syntax.DashHdoc {
					continue // bash reads a dup's fd (>&2>x) and a delimiter as words
				}
				if w, ok := soleLit(a.Word); ok && (allDigits(w) || isVarFdWord(w)) && b.N == nil && b.OpPos.Offset() == a.Word.End().Offset() {
					note(a.Word.Pos(), padded(a.Word.Pos(), ")"))
				}
			}
		case *syntax.TestClause:
			if pos, ok := condWordNewline(n.X, text); ok {
				note(pos, ")")
			}
			if pos, ok := condBlankSubscript(n, text); ok {
				note(pos, ")")
			}
		case *syntax.CoprocClause:
			// the command may not start with a word that only ends or
			// continues a compound command
			i := int(n.Coproc.Offset()) + len("coproc")
			for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
				i++
			}
			if i < len(text) && coprocRejects(tokenAt(text, i)) {
				note(posShift(n.Coproc, i-int(n.Coproc.Offset())), padded(syntax.NewPos(uint(i), 0, 0), ")"))
			}
		case *syntax.BinaryCmd:
			if y := n.Y; (n.Op == syntax.Pipe || n.Op == syntax.PipeAll) && y.Negated && y.Cmd == nil {
				note(y.Pos(), "}")
			}
		case *syntax.FuncDecl:
			if n.Name == nil {
				return true // "() cmd": see anonfunc.go
			}
			if standIn, reserved := reservedStandIn(n.Name.Value); reserved && !n.RsrvWord {
				note(n.Name.Pos(), standIn)
			}
			// mvdan's parser takes f() { …; } && cmd as a function whose
			// body is the whole list; bash's body is its first command
			body := n.Body
			for body != nil {
				b, ok := body.Cmd.(*syntax.BinaryCmd)
				if !ok || body.Negated {
					break
				}
				body = b.X
			}
			if body != nil && (body.Negated || !isCompound(body.Cmd)) {
				note(body.Pos(), padded(body.Pos(), ")"))
			}
		}
		return true
	})
	if off < 0 || off+len(standIn) > len(text) {
		return "", nil
	}
	bad := text[:off] + standIn + text[off+len(standIn):]
	_, err := parseBash(bad, name)
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		return "", nil
	}
	// the error is the token's, wherever mvdan's parser noticed it
	pe.Pos = at
	return bad, pe
}

// coprocRejects reports the tokens bash's grammar takes for reserved words
// that cannot start coproc's command.
func coprocRejects(tok string) bool {
	switch tok {
	case "fi", "then", "else", "elif", "do", "done", "esac", "in", "}", "!":
		return true
	}
	return false
}

// soleLit returns the text of a word made of one literal part.
func soleLit(w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return l.Value, true
}

// isVarFdWord reports whether w is {name}, which before a redirection
// operator bash reads as one token with it, naming the fd variable.
func isVarFdWord(w string) bool {
	return len(w) > 2 && w[0] == '{' && w[len(w)-1] == '}' && validName(w[1:len(w)-1])
}

// reservedCommandWord returns the reserved word st's command starts with,
// when reservedStandIn has one for it: a plain word first in the command,
// with no assignment or redirection before it.
func reservedCommandWord(st *syntax.Stmt) (string, syntax.Pos, bool) {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Assigns) > 0 || len(c.Args) == 0 {
		return "", syntax.Pos{}, false
	}
	w, plain := plainLit(c.Args[0])
	if _, reserved := reservedStandIn(w); !plain || !reserved {
		return "", syntax.Pos{}, false
	}
	for _, rd := range st.Redirs {
		if rd.Pos().Offset() < c.Args[0].Pos().Offset() {
			return "", syntax.Pos{}, false // after a redirection: a plain word
		}
	}
	return w, c.Args[0].Pos(), true
}

// isCompound reports whether cmd is one of bash's compound commands, the
// only bodies a function may have.
func isCompound(cmd syntax.Command) bool {
	switch cmd.(type) {
	case *syntax.Block, *syntax.Subshell, *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause,
		*syntax.CaseClause, *syntax.ArithmCmd, *syntax.TestClause:
		return true
	}
	return false
}

// condWordNewline returns the position of the newline that follows a
// term of x that is a lone word, with blanks between, if there is one.
func condWordNewline(x syntax.TestExpr, text string) (syntax.Pos, bool) {
	switch x := x.(type) {
	case *syntax.Word:
		e := x.End()
		o := int(e.Offset())
		for o < len(text) && (text[o] == ' ' || text[o] == '\t') {
			o++
		}
		if o < len(text) && text[o] == '\n' && e.IsValid() {
			return posShift(e, o-int(e.Offset())), true
		}
	case *syntax.BinaryTest:
		if x.Op == syntax.AndTest || x.Op == syntax.OrTest {
			if p, ok := condWordNewline(x.X, text); ok {
				return p, true
			}
			return condWordNewline(x.Y, text)
		}
	case *syntax.UnaryTest:
		if x.Op == syntax.TsNot {
			return condWordNewline(x.X, text)
		}
	case *syntax.ParenTest:
		return condWordNewline(x.X, text)
	}
	return syntax.Pos{}, false
}

// condBlankSubscript returns the position of the first subscript in a
// word of the [[ ]] c that subscriptRewrite quoted (the quotes right
// after a "name[") and that holds a blank, where bash's lexer ends the
// word.
func condBlankSubscript(c *syntax.TestClause, text string) (syntax.Pos, bool) {
	var at syntax.Pos
	found := false
	walk(c, func(n syntax.Node) bool {
		if found {
			return false
		}
		w, ok := n.(*syntax.Word)
		if !ok {
			return true
		}
		for i := 1; i < len(w.Parts); i++ {
			dq, ok := w.Parts[i].(*syntax.DblQuoted)
			lit, ok2 := w.Parts[i-1].(*syntax.Lit)
			if !ok || !ok2 || !strings.HasSuffix(lit.Value, "[") || !dq.Pos().IsValid() {
				continue
			}
			o, e := int(dq.Pos().Offset()), int(dq.End().Offset())
			if e > len(text) || !strings.HasPrefix(text[o:], synthQuote) {
				continue
			}
			if strings.ContainsAny(text[o+len(synthQuote):e], " \t\n") {
				at, found = dq.Pos(), true
				return false
			}
		}
		return false
	})
	return at, found
}
