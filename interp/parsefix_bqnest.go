package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash keeps the text of a `…` substitution as written and, when it
// expands the word, removes one level of backslashes (subst.c's
// de_backslash: before \ $ and `, and before " when the substitution is
// in double quotes, string_extract_double_quoted) and parses what is
// left as a program. A nested substitution is therefore written with
// twice the backslashes at each level: `a \`b \\\`c\\\`\``. mvdan's
// lexer drops one backslash per level instead, so from the second level
// on it reads such text differently (a third level becomes a literal
// backquote, \\" stays \" in a nested substitution in double quotes).
// bquoteNested parses such substitutions again the way bash does.

// bquoteNested replaces the commands of each `…` in node that holds a
// nested one with those bash reads from its text; src is the text the
// positions of node refer to. The new commands' positions point into
// src, at the characters they were read from.
func bquoteNested(node syntax.Node, src, name string) {
	var stack []syntax.Node
	walkWhere(node, src, containing("\\`"), func(n syntax.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if cs, ok := n.(*syntax.CmdSubst); ok && cs.Backquotes {
			bquoteReparse(cs, src, name, inDblQuotes(stack))
			return false // its own nested ones were read by the parse
		}
		stack = append(stack, n)
		return true
	})
}

// inDblQuotes reports whether the innermost quoting among the nodes
// (outermost first) is a double-quoted string.
func inDblQuotes(stack []syntax.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *syntax.DblQuoted:
			return true
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ParamExp, *syntax.ArithmExp:
			return false
		}
	}
	return false
}

// bquoteReparse gives cs, a `…` substitution, the commands bash reads
// from its text when that text holds a nested substitution. cs is left
// as it is when its text does not parse.
func bquoteReparse(cs *syntax.CmdSubst, src, name string, dq bool) {
	from, to := int(cs.Left.Offset())+1, int(cs.Right.Offset())
	if from >= to || to > len(src) || src[from-1] != '`' || src[to] != '`' {
		return
	}
	raw := src[from:to]
	if !strings.Contains(raw, "\\`") {
		return
	}
	offs := make([]int, len(raw)+1)
	for i := range offs {
		offs[i] = from + i
	}
	text := []byte(raw)
	// the reader removed the line joins, in single quotes too
	text, offs = dropEscapes(text, offs, func(c byte) bool { return c == '\n' }, true)
	if dq {
		text, offs = dropEscapes(text, offs, func(c byte) bool { return c == '"' }, false)
	}
	text, offs = dropEscapes(text, offs, func(c byte) bool { return c == '\\' || c == '$' || c == '`' }, false)
	f, got, err := parseProgram(string(text), name)
	if err != nil || got != string(text) {
		return
	}
	line := func(off int) (uint, uint) {
		seg := src[cs.Left.Offset():off]
		nl := strings.Count(seg, "\n")
		if nl == 0 {
			return cs.Left.Line(), cs.Left.Col() + uint(len(seg))
		}
		return cs.Left.Line() + uint(nl), uint(len(seg) - strings.LastIndexByte(seg, '\n'))
	}
	file := &syntax.File{Stmts: f.Stmts, Last: f.Last}
	mapPositions(file, func(p syntax.Pos) syntax.Pos {
		o := int(p.Offset())
		if o > len(text) {
			o = len(text)
		}
		l, c := line(offs[o])
		return syntax.NewPos(uint(offs[o]), l, c)
	})
	cs.Stmts, cs.Last = file.Stmts, file.Last
}

// dropEscapes removes from text the backslash of each backslash pair
// whose second byte drop matches (the pair too when both is set), keeping
// offs, the source offset of each byte plus one past the end, in step.
func dropEscapes(text []byte, offs []int, drop func(byte) bool, both bool) ([]byte, []int) {
	out, outOffs := text[:0:0], offs[:0:0]
	for i := 0; i < len(text); i++ {
		if text[i] == '\\' && i+1 < len(text) {
			if drop(text[i+1]) {
				i++
				if both {
					continue
				}
			} else {
				out, outOffs = append(out, text[i]), append(outOffs, offs[i])
				i++
			}
		}
		out, outOffs = append(out, text[i]), append(outOffs, offs[i])
	}
	return out, append(outOffs, offs[len(text)])
}
