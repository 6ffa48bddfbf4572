package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// mvdan's parser reads "() cmd" as an anonymous function (a zsh and mksh
// form); bash's grammar has none, and rejects the line that holds it,
// even inside a $(…), at its ")": "syntax error near unexpected token
// `)'", before anything on that line runs. A here-document's body is
// parsed by bash only when it is expanded, so one there is left to fail
// where it runs (defineFunc).

// mayHoldAnonFunc is a quick test of a program's text: "(" and ")" with
// only blanks between, after no word (f () is a function's name, a=() a
// list), is needed for an anonymous function.
func mayHoldAnonFunc(text string) bool {
	for i := strings.Index(text, "("); i >= 0; {
		j := i + 1
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j < len(text) && text[j] == ')' {
			k := i - 1
			for k >= 0 && (text[k] == ' ' || text[k] == '\t') {
				k--
			}
			if k < 0 || strings.IndexByte(";&|(){}\n`", text[k]) >= 0 {
				return true
			}
		}
		n := strings.Index(text[i+1:], "(")
		if n < 0 {
			break
		}
		i += 1 + n
	}
	return false
}

// anonFuncError is the syntax error of the first anonymous function in
// stmts, positioned at its ")", or nil. src is the text the statements
// were parsed from.
func anonFuncError(stmts []*syntax.Stmt, src, name string) error {
	var at *syntax.FuncDecl
	for _, st := range stmts {
		walk(st, func(n syntax.Node) bool {
			if at != nil {
				return false
			}
			switch n := n.(type) {
			case *syntax.Redirect:
				// a here-document's body is not parsed yet
				if n.Op == syntax.Hdoc || n.Op == syntax.DashHdoc {
					return false
				}
			case *syntax.FuncDecl:
				if n.Name == nil {
					at = n
					return false
				}
			}
			return true
		})
		if at != nil {
			break
		}
	}
	if at == nil {
		return nil
	}
	pos := at.Pos()
	off := int(pos.Offset())
	if pos.IsValid() && off < len(src) && src[off] == '(' {
		j := off + 1
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		pos = syntax.NewPos(uint(j), pos.Line(), pos.Col()+uint(j-off))
	}
	return syntax.ParseError{Filename: name, Pos: pos, Text: "anonymous functions are not supported"}
}
