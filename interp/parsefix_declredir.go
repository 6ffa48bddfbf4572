package interp

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// declRedirRewrite lets a redirection come before a declaration
// builtin's arguments, "declare >/dev/null x=1" or "local 2>&- x=$v":
// bash's parser goes on reading assignment words after it (read_token
// keeps the command a declaration), while mvdan's stops the declaration
// at the first redirection and rejects the word after it. The rewrite
// moves the command's redirections after its arguments, keeping their
// order, which is the same command (bash expands the words before it
// redirects, and prints it that way). It keeps the length and every line
// of the text. at is the offset of the word mvdan rejected.
//
// bash does not take a compound value (x=(1 2)) after a redirection
// either, so a command holding one is left as it is.
func declRedirRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		start := strings.LastIndexByte(text[:at], '\n') + 1
		kw := declKeywordBefore(text, start, at)
		if kw < 0 {
			return "", nil, false
		}
		end := strings.IndexByte(text[at:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += at
		}
		name := kw
		for name < end && isNameChar(text[name]) {
			name++
		}
		// the same words after a plain command name: mvdan reads them
		// with their redirections and positions
		line := ":" + strings.Repeat(" ", name-kw-1) + text[name:end]
		call := leadingCall(line)
		if call == nil || len(call.redirs) == 0 || len(call.args) < 2 {
			return "", nil, false
		}
		var words, redirs []string
		from, to := len(line), 0
		for _, w := range call.args[1:] {
			words = append(words, line[w.Pos().Offset():w.End().Offset()])
			from, to = min(from, int(w.Pos().Offset())), max(to, int(w.End().Offset()))
		}
		for _, rd := range call.redirs {
			if rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc {
				return "", nil, false
			}
			redirs = append(redirs, line[rd.Pos().Offset():rd.End().Offset()])
			from, to = min(from, int(rd.Pos().Offset())), max(to, int(rd.End().Offset()))
		}
		if int(call.redirs[0].Pos().Offset())+kw >= at {
			return "", nil, false // no redirection before the word
		}
		moved := strings.Join(slices.Concat(words, redirs), " ")
		if len(moved) > to-from {
			return "", nil, false
		}
		moved += strings.Repeat(" ", to-from-len(moved))
		return text[:kw+from] + moved + text[kw+to:], nil, true
	}
}

// declKeywordBefore returns the offset of the last declaration builtin's
// name starting a command between from and at, or -1.
func declKeywordBefore(text string, from, at int) int {
	for i := at - 1; i >= from; i-- {
		if !isCmdStart(text, i) || !isNameChar(text[i]) {
			continue
		}
		j := i
		for j < at && isNameChar(text[j]) {
			j++
		}
		if j < at && text[j] != ' ' && text[j] != '\t' {
			continue
		}
		switch text[i:j] {
		case "declare", "typeset", "local", "export", "readonly":
			return i
		}
	}
	return -1
}

// callWords is a simple command's words and redirections.
type callWords struct {
	args   []*syntax.Word
	redirs []*syntax.Redirect
}

// leadingCall returns the simple command that starts text (the first of a
// pipeline or list), or nil when text does not start with one that
// parses.
func leadingCall(text string) *callWords {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
	var first *syntax.Stmt
	stmtsUntil(p, strings.NewReader(text), func(st *syntax.Stmt) bool {
		first = st
		return false
	})
	for first != nil {
		switch c := first.Cmd.(type) {
		case *syntax.BinaryCmd:
			if len(first.Redirs) > 0 {
				return nil
			}
			first = c.X
			continue
		case *syntax.CallExpr:
			if len(c.Assigns) > 0 || len(c.Args) == 0 || c.Args[0].Pos().Offset() != 0 {
				return nil
			}
			return &callWords{args: c.Args, redirs: first.Redirs}
		}
		return nil
	}
	return nil
}
