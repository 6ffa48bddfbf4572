package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// In the word of ${x:-word} (and -, +, =, ? with or without the colon)
// bash reads a process substitution, <(cmd) or >(cmd), when the
// expansion is not in double quotes: ${f:-<(echo a)} is /dev/fd/63.
// mvdan's parser keeps the text as a literal there. paramProcSubsts
// parses such literals again, in place (positions as in the program),
// so that the word holds the process substitutions.

// paramProcSubsts rewrites the words of the unquoted parameter
// expansions in node; src is the text node was parsed from.
func paramProcSubsts(node syntax.Node, src string) {
	if _, whole := node.(*syntax.File); !whole {
		// only node's own text: a script runs statement by statement
		if from, to := int(node.Pos().Offset()), int(node.End().Offset()); from <= to && to <= len(src) {
			src = src[from:to]
		}
	}
	has := func(t string) bool { return strings.Contains(t, "<(") || strings.Contains(t, ">(") }
	walkWhere(node, src, has, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.DblQuoted:
			return false
		case *syntax.Redirect:
			return n.Hdoc == nil // a body is read as in double quotes
		case *syntax.ParamExp:
			if n.Exp != nil && n.Exp.Word != nil && wordOp(n.Exp.Op) {
				n.Exp.Word.Parts = procSubstParts(n.Exp.Word.Parts)
			}
		}
		return true
	})
}

// procSubstParts returns parts with each literal that holds a process
// substitution parsed again into the parts it holds.
func procSubstParts(parts []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for i, p := range parts {
		if more, ok := procSubstLit(p); ok {
			if out == nil {
				out = append(out, parts[:i]...)
			}
			out = append(out, more...)
		} else if out != nil {
			out = append(out, p)
		}
	}
	if out == nil {
		return parts
	}
	return out
}

// procSubstLit returns the parts of the literal p when it holds a
// process substitution.
func procSubstLit(p syntax.WordPart) ([]syntax.WordPart, bool) {
	lit, ok := p.(*syntax.Lit)
	if !ok || !strings.Contains(lit.Value, "<(") && !strings.Contains(lit.Value, ">(") {
		return nil, false
	}
	stmts, ok := parseInPlace(lit.Value, lit.ValuePos)
	if !ok || len(stmts) != 1 || len(stmts[0].Redirs) > 0 {
		return nil, false
	}
	call, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(call.Args) != 1 {
		return nil, false
	}
	return call.Args[0].Parts, true
}
