package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash reads the text of a `…` substitution removing every line
// continuation, even one inside single quotes, before it parses it:
// `echo 'a\<newline>b'` prints "ab". mvdan's parser keeps the "\\\n" of a
// single-quoted string. bquoteSingleQuotes gives such strings bash's value
// from the source text (the unescaping mvdan did makes 'a\\<newline>b' and
// 'a\<newline>b' look alike).

// bquoteSingleQuotes corrects the single-quoted strings of the backquoted
// substitutions in node; src is the text its positions refer to.
func bquoteSingleQuotes(node syntax.Node, src string) {
	walkWhere(node, src, containing("`"), func(n syntax.Node) bool {
		cs, ok := n.(*syntax.CmdSubst)
		if !ok || !cs.Backquotes {
			return true
		}
		walk(cs, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst:
				// a nested `…` is unescaped twice: left as it is
				return n == cs || !n.Backquotes
			case *syntax.SglQuoted:
				if v, ok := bquoteSingleValue(n, src); ok {
					n.Value = v
				}
			}
			return true
		})
		return false
	})
}

// bquoteSingleValue returns bash's value of a single-quoted string in
// backquotes when its text has a line continuation.
func bquoteSingleValue(sq *syntax.SglQuoted, src string) (string, bool) {
	from, to := int(sq.Pos().Offset()), int(sq.End().Offset())
	if sq.Dollar || to > len(src) || to-from < 2 || src[from] != '\'' || src[to-1] != '\'' {
		return "", false
	}
	raw := src[from+1 : to-1]
	if !strings.Contains(raw, "\\\n") {
		return "", false
	}
	var b strings.Builder
	for k := 0; k < len(raw); k++ {
		if raw[k] == '\\' && k+1 < len(raw) {
			switch raw[k+1] {
			case '\n':
				k++
				continue
			case '\\', '$', '`':
				k++
			}
		}
		b.WriteByte(raw[k])
	}
	return b.String(), true
}
