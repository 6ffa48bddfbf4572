package interp

import (
	"slices"
	"strconv"

	"mvdan.cc/sh/v3/syntax"
)

// bash takes the digits before a redirection operator for its file
// descriptor only when they fit in an int; longer ones are a word of the
// command (1111111111111111111111</dev/stdin runs the command
// 1111111111111111111111 with its input redirected). mvdan's parser takes
// any digits for the descriptor: fdWords moves such digits back among the
// command's words, where they stood.

// fdWords applies that reading to the simple commands of node.
func fdWords(node syntax.Node) {
	syntax.Walk(node, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		for i := 0; i < len(st.Redirs); i++ {
			rd := st.Redirs[i]
			if rd.N == nil || fitsFd(rd.N.Value) {
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
			w := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: rd.N.ValuePos, ValueEnd: rd.N.ValueEnd, Value: rd.N.Value}}}
			at := len(call.Args)
			for k, a := range call.Args {
				if a.Pos().Offset() > rd.N.Pos().Offset() {
					at = k
					break
				}
			}
			call.Args = slices.Insert(call.Args, at, w)
			nrd := *rd
			nrd.N = nil
			st.Redirs[i] = &nrd
		}
		return true
	})
}

// mayHoldLongFd reports whether text has a run of ten or more digits,
// which a descriptor too large for an int needs: without one fdWords has
// nothing to do, and the walk of every parsed program is saved.
func mayHoldLongFd(text string) bool {
	run := 0
	for i := 0; i < len(text); i++ {
		if text[i] < '0' || text[i] > '9' {
			run = 0
			continue
		}
		if run++; run >= 10 {
			return true
		}
	}
	return false
}

// fitsFd reports whether digits, the text before a redirection operator,
// is a number that fits in an int as bash's parser requires.
func fitsFd(digits string) bool {
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return true // not a number: not this case
		}
	}
	_, err := strconv.ParseInt(digits, 10, 32)
	return err == nil
}
