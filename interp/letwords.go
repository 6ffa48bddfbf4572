package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// let is an ordinary builtin in bash: its arguments are words, split and
// globbed after their expansions, and each resulting field is one
// expression (let $@ evaluates each parameter; with k='1 + 2', let x=$k
// evaluates "x=1", "+" and "2"). mvdan's parser reads the arguments as
// arithmetic; letFields reads the ones holding an unquoted expansion
// again as the words they are.

// letFields returns the fields of c's arguments, and false when none of
// them holds an unquoted expansion or a list ("$@", "${a[@]}"): each
// argument is then one expression, evaluated from its text as before.
// With words, it returns the fields whatever the arguments hold (a
// pipeline element expands them before it raises $BASH_SUBSHELL).
func (r *Runner) letFields(c *syntax.LetClause, words bool) ([]string, bool, error) {
	src := r.curSrc
	var ws []string
	split := words
	for _, x := range c.Exprs {
		start := int(x.Pos().Offset())
		if !x.Pos().IsValid() || start >= len(src) {
			return nil, false, nil
		}
		end := shellWordEnd(src, start)
		if end <= start {
			return nil, false, nil
		}
		w := src[start:end]
		ws = append(ws, w)
		// "$@" and "${a[@]}" make fields of their own when quoted
		// (a glob pattern is matched: x[1]=5 goes with nullglob)
		split = split || unquotedExpansion(w) || unquotedIn(w, "*?[") || strings.Contains(w, "$@") || strings.Contains(w, "${@") || strings.Contains(w, "[@]")
	}
	if !split {
		return nil, false, nil
	}
	lp, ok := r.letParsed(ws)
	if !ok {
		return nil, false, nil
	}
	// the parsed words' positions refer to this text
	old := r.curSrc
	r.curSrc = lp.text
	defer func() { r.curSrc = old }()
	fs, err := r.fields(lp.words)
	return fs, true, err
}

// letParse is let's arguments parsed as words, and the text their
// positions refer to.
type letParse struct {
	words []*syntax.Word
	text  string
}

// letParsed parses ws, the texts of let's arguments, as words, once per
// text: a let in a loop (let i=i*2 is globbed) reads them each time.
func (r *Runner) letParsed(ws []string) (letParse, bool) {
	text := "x " + strings.Join(ws, " ")
	sh := r.sh
	sh.arithMu.Lock()
	lp, ok := sh.letMemo[text]
	sh.arithMu.Unlock()
	if ok {
		return lp, lp.words != nil
	}
	f, parsed, err := parseRawFile(text, "")
	if err == nil && len(f.Stmts) == 1 {
		if ce, isCall := f.Stmts[0].Cmd.(*syntax.CallExpr); isCall && len(ce.Args) == len(ws)+1 {
			lp = letParse{words: ce.Args[1:], text: parsed}
		}
	}
	sh.arithMu.Lock()
	if sh.letMemo == nil || len(sh.letMemo) > 4096 {
		sh.letMemo = map[string]letParse{}
	}
	sh.letMemo[text] = lp
	sh.arithMu.Unlock()
	return lp, lp.words != nil
}

// shellWordEnd returns the end of the shell word starting at offset i
// of src: the first unquoted blank, newline or operator character.
func shellWordEnd(src string, i int) int {
	for i < len(src) {
		switch c := src[i]; c {
		case ' ', '\t', '\n', ';', '&', '|', '<', '>', ')':
			return i
		case '\\':
			i += 2
		case '\'', '"', '`':
			k := skipQuoted(src, i)
			if k < 0 {
				return -1
			}
			i = k + 1
		case '$':
			if i+1 < len(src) && (src[i+1] == '(' || src[i+1] == '{') {
				open, closing := byte('('), byte(')')
				if src[i+1] == '{' {
					open, closing = '{', '}'
				}
				k := matchPair(src, i+1, open, closing, false)
				if k < 0 {
					return -1
				}
				i = k + 1
				continue
			}
			i++
		case '(':
			k := matchParen(src, i)
			if k < 0 {
				return -1
			}
			i = k + 1
		default:
			i++
		}
	}
	return i
}

// unquotedExpansion reports whether the word text w has a $ or ` outside
// quotes (an expansion whose value is split and globbed).
func unquotedExpansion(w string) bool { return unquotedIn(w, "$`") }

// unquotedIn reports whether the word text w has one of the bytes of set
// outside quotes.
func unquotedIn(w, set string) bool {
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c == '\\':
			i++
		case c == '\'' || c == '"':
			k := skipQuoted(w, i)
			if k < 0 {
				return false
			}
			i = k
		case strings.IndexByte(set, c) >= 0:
			return true
		}
	}
	return false
}

// letLine is the line bash gives a let command, as declLine for a
// declaration: "let" is reduced once the next token has been read, so a
// multi-line first argument (let 'x=1
// +y') moves the command to the line where that argument ends.
func letLine(c *syntax.LetClause, src string) int {
	line := int(c.Pos().Line())
	if len(c.Exprs) == 0 || !c.Exprs[0].Pos().IsValid() {
		return line
	}
	from, start := int(c.Let.Offset()), int(c.Exprs[0].Pos().Offset())
	if from < 0 || start >= len(src) || from > start {
		return line // the positions are not into src
	}
	end := shellWordEnd(src, start)
	if end < start {
		return line
	}
	endLine := line + strings.Count(src[from:end], "\n")
	if n := continuationsAt(src, end, endLine); endLine != line || n > 0 {
		// only then does it matter whether the positions are into
		// src: a scan from its start, not made for each let in a loop
		if strings.Count(src[:from], "\n")+1 != line {
			return line
		}
		return endLine + n
	}
	return line
}

// clauseLine is the line of a declaration or let command (declLine,
// letLine).
func clauseLine(c syntax.Command, src string) int {
	switch c := c.(type) {
	case *syntax.DeclClause:
		return declLine(c, src)
	case *syntax.LetClause:
		return letLine(c, src)
	}
	return int(c.Pos().Line())
}
