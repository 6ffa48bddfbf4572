package interp

import (
	"mvdan.cc/sh/v3/syntax"
)

// bash's parser takes "in" and "else" for reserved words wherever a
// command name may stand, and none is expected there: `in`, `a | in`,
// `x() { else; }` and `in() { :; }` are syntax errors, near the
// unexpected token. mvdan's parser reads them as command names. After a
// successful parse, misplacedReservedError finds the first such word and
// makes the parser fail there as bash does: the word is replaced by one
// of the same length that mvdan's parser rejects in that place too.

// reservedStandIns maps each word to its stand-in.
var reservedStandIns = map[string]string{"in": "fi", "else": "done"}

// misplacedReservedError returns, when f (parsed from text) holds such a
// word, the text with its stand-in and the parser's error for it.
func misplacedReservedError(f *syntax.File, text, name string) (string, error) {
	off, word := -1, ""
	note := func(pos syntax.Pos, w string) {
		if o := int(pos.Offset()); off < 0 || o < off {
			off, word = o, w
		}
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			c, ok := n.Cmd.(*syntax.CallExpr)
			if !ok || len(c.Assigns) > 0 || len(c.Args) == 0 {
				return true
			}
			w, plain := plainLit(c.Args[0])
			if _, reserved := reservedStandIns[w]; !plain || !reserved {
				return true
			}
			for _, rd := range n.Redirs {
				if rd.Pos().Offset() < c.Args[0].Pos().Offset() {
					return true // after a redirection: a plain word
				}
			}
			note(c.Args[0].Pos(), w)
		case *syntax.FuncDecl:
			if _, reserved := reservedStandIns[n.Name.Value]; reserved && !n.RsrvWord {
				note(n.Name.Pos(), n.Name.Value)
			}
		}
		return true
	})
	if off < 0 || off+len(word) > len(text) || text[off:off+len(word)] != word {
		return "", nil
	}
	bad := text[:off] + reservedStandIns[word] + text[off+len(word):]
	if _, err := parseBash(bad, name); err != nil {
		return bad, err
	}
	return "", nil
}
