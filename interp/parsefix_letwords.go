package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// mvdan's parser reads the arguments of let as arithmetic, where bash
// reads ordinary words: a <, >, |, & or parenthesis in them is an
// operator or a syntax error to bash (`let x=2>1` redirects to the file
// 1, `let (a=3)` is a syntax error near a=3). letWordsAt finds the first
// let clause whose text holds one of them outside quotes and expansions;
// parseProgram makes it a call of the let builtin (insertedLet), which
// the parser reads as words, redirections and operators as bash does. A
// compound assignment's parentheses, `let a=(3)+1`, stay arithmetic.
// A compound assignment whose list has blanks becomes a call too: bash
// joins its words with one blank, a=(1 +2), when it prints or traces it.
// mvdan ends the clause before a &> that follows it (`let x &> f` is
// `let x &` and `> f` to it), which bash reads as a redirection too.
func letWordsAt(f *syntax.File, text string) int {
	at := -1
	walk(f, func(n syntax.Node) bool {
		if at >= 0 {
			return false
		}
		if lc, ok := n.(*syntax.LetClause); ok {
			from, to := int(lc.Let.Offset()), int(lc.End().Offset())
			if to <= len(text) && strings.HasPrefix(text[from:], "let") && (letTextHasOperator(text[from+3:to]) || strings.HasPrefix(strings.TrimLeft(text[to:], " \t"), "&>")) {
				at = from
			}
		}
		return true
	})
	return at
}

// insertedLet is the command name of the let call that parseProgram
// makes of such a clause: quoted as quoteRegion quotes, which
// writtenText undoes.
const insertedLet = synthQuote + `let"`

// mayHoldLetClause reports whether text may hold a let clause with
// arguments, "let" and a blank where a command starts, so that most
// programs (with "delete" or "complete", say) skip letWordsAt's walk.
func mayHoldLetClause(text string) bool {
	for i := 0; ; {
		k := strings.Index(text[i:], "let")
		if k < 0 {
			return false
		}
		i += k
		if e := i + len("let"); e < len(text) && (text[e] == ' ' || text[e] == '\t') && isCmdStart(text, i) {
			return true
		}
		i += len("let")
	}
}

// letTextHasOperator reports whether s, the text of let's arguments,
// holds a byte that bash's lexer ends a word at (other than a blank)
// outside quotes, expansions and a name=( … ) compound value.
func letTextHasOperator(s string) bool {
	// a quote or pair left open holds the rest: no operator after it
	for i := 0; i < len(s); i++ {
		e := i
		switch c := s[i]; c {
		case '\\':
			e = i + 1
		case '\'', '"', '`':
			e = skipQuoted(s, i)
		case '$':
			if i+1 < len(s) && s[i+1] == '(' {
				e = matchParen(s, i+1)
			} else if i+1 < len(s) && s[i+1] == '{' {
				e = matchPair(s, i+1, '{', '}', false)
			}
		case '(':
			if i == 0 || s[i-1] != '=' {
				return true
			}
			e = matchParen(s, i)
			if e > 0 && strings.ContainsAny(s[i:e], " \t\n") {
				// bash joins the words of the list with one
				// blank (evalAssignRewrite reads it so)
				return true
			}
		case ')', '<', '>', '|', '&', ';':
			return true
		}
		if e < 0 {
			return false
		}
		i = e
	}
	return false
}

// letAsCall returns the let clause c read as bash reads it, a call of
// the let builtin with words, on the line c is on; nil when its text
// does not read so.
func (r *Runner) letAsCall(c *syntax.LetClause) *syntax.CallExpr {
	text := r.nodeText(c)
	if !strings.HasPrefix(text, "let") {
		return nil
	}
	src := strings.Repeat("\n", int(c.Pos().Line())-1) + insertedLet + text[len("let"):]
	f, err := parseBash(src, "")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	ce, _ := f.Stmts[0].Cmd.(*syntax.CallExpr)
	return ce
}
