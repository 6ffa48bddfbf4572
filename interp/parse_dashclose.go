package interp

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash's lexer returns an unquoted "-" that follows <& or >& (blanks
// between allowed) as a token of its own, the close of `n>&-`; what comes
// after it is the command's next word. So `echo a 2>&-5 b` closes fd 2
// and prints "a 5 b", where mvdan's parser reads the target word "-5" (an
// ambiguous redirect). dashCloseWords moves that rest back among the
// command's words, where it stood.

// dashCloseWords applies that reading to the simple commands of node.
func dashCloseWords(node syntax.Node) {
	syntax.Walk(node, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		for i, rd := range st.Redirs {
			rest := dashCloseRest(rd)
			if rest == nil {
				continue
			}
			var call *syntax.CallExpr
			switch c := st.Cmd.(type) {
			case nil:
				call = &syntax.CallExpr{}
				st.Cmd = call
			case *syntax.CallExpr:
				call = c
			default:
				continue // after a compound command bash finds a word: left as is
			}
			at := len(call.Args)
			for k, a := range call.Args {
				if a.Pos().Offset() > rest.Pos().Offset() {
					at = k
					break
				}
			}
			call.Args = slices.Insert(call.Args, at, rest)
			nrd := *rd
			first := rd.Word.Parts[0].(*syntax.Lit)
			nrd.Word = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: first.ValuePos, ValueEnd: posAfter(first.ValuePos), Value: "-"}}}
			st.Redirs[i] = &nrd
		}
		return true
	})
}

// dashCloseRest returns the word that follows the "-" of a <& or >&
// redirection whose target starts with an unquoted "-" and goes on, or
// nil for any other redirection.
func dashCloseRest(rd *syntax.Redirect) *syntax.Word {
	if (rd.Op != syntax.DplIn && rd.Op != syntax.DplOut) || rd.Word == nil || len(rd.Word.Parts) == 0 {
		return nil
	}
	first, ok := rd.Word.Parts[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(first.Value, "-") {
		return nil
	}
	if first.Value == "-" {
		if len(rd.Word.Parts) == 1 {
			return nil // the plain close
		}
		return &syntax.Word{Parts: slices.Clone(rd.Word.Parts[1:])}
	}
	lit := &syntax.Lit{ValuePos: posAfter(first.ValuePos), ValueEnd: first.ValueEnd, Value: first.Value[1:]}
	return &syntax.Word{Parts: append([]syntax.WordPart{lit}, rd.Word.Parts[1:]...)}
}

// posAfter is the position of the byte after p, on its line.
func posAfter(p syntax.Pos) syntax.Pos {
	return syntax.NewPos(p.Offset()+1, p.Line(), p.Col()+1)
}

// mayHoldDashClose reports whether text has a <& or >& followed, after
// blanks, by a "-" and something more than a word's end: without one
// dashCloseWords has nothing to do, and the walk of every parsed program
// is saved.
func mayHoldDashClose(text string) bool {
	for i := 0; i+1 < len(text); i++ {
		if text[i+1] != '&' || (text[i] != '<' && text[i] != '>') {
			continue
		}
		j := i + 2
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j+1 < len(text) && text[j] == '-' && !strings.ContainsRune(" \t\n;&|()<>", rune(text[j+1])) {
			return true
		}
	}
	return false
}
