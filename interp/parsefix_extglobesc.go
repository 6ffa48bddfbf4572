package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// In [[ ]], bash reads an extended pattern's group as it reads words: a
// quoted or escaped parenthesis ([[ ")" == @(\)) ]], @(")"), @(\()) is
// part of the pattern. mvdan's parser counts every parenthesis there and
// ends the group early or never. extglobEscRewrite balances each such
// token for that count with markers around it, which the parse's
// extended patterns and the written text lose again.

const (
	extglobOpenMark  = "__nash_lp("
	extglobCloseMark = "__nash_rp)"
)

// extglobEscRewrite adds the markers to every extended pattern inside
// [[ ]] whose group holds a quoted or escaped parenthesis.
func extglobEscRewrite(text string) (string, []parseEdit, bool) {
	type ins struct {
		at int
		s  string
	}
	var todo []ins
	for i := 1; i < len(text); i++ {
		if text[i] != '(' || strings.IndexByte("?*+@!", text[i-1]) < 0 {
			continue
		}
		if k := strings.LastIndex(text[:i], "[["); k < 0 || strings.LastIndex(text[:i], "]]") > k {
			continue
		}
		depth := 1
		j := i + 1
		for j < len(text) && depth > 0 {
			start := j
			var tok string
			switch c := text[j]; c {
			case '\\':
				if j+1 >= len(text) {
					return "", nil, false
				}
				tok, j = text[j:j+2], j+2
			case '\'', '"':
				k := j + 1
				for k < len(text) && text[k] != c {
					if c == '"' && text[k] == '\\' {
						k++
					}
					k++
				}
				if k >= len(text) {
					return "", nil, false
				}
				tok, j = text[j:k+1], k+1
			case '(':
				depth++
				j++
				continue
			case ')':
				depth--
				j++
				continue
			default:
				j++
				continue
			}
			run, low := 0, 0
			for _, r := range tok {
				switch r {
				case '(':
					run++
				case ')':
					run--
					low = min(low, run)
				}
			}
			if low < 0 {
				todo = append(todo, ins{start, strings.Repeat(extglobOpenMark, -low)})
			}
			if n := run - low; n > 0 {
				todo = append(todo, ins{j, strings.Repeat(extglobCloseMark, n)})
			}
		}
		i = j - 1
	}
	if len(todo) == 0 {
		return "", nil, false
	}
	var sb strings.Builder
	var edits []parseEdit
	last := 0
	for _, t := range todo {
		sb.WriteString(text[last:t.at])
		edits = append(edits, parseEdit{sb.Len(), len(t.s)})
		sb.WriteString(t.s)
		last = t.at
	}
	sb.WriteString(text[last:])
	return sb.String(), edits, true
}

// mayHoldExtglobMarks is a quick test for text extglobEscRewrite changed.
func mayHoldExtglobMarks(text string) bool {
	return strings.Contains(text, extglobOpenMark) || strings.Contains(text, extglobCloseMark)
}

// writtenExtglobMarks removes the markers from s.
func writtenExtglobMarks(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, extglobOpenMark, ""), extglobCloseMark, "")
}

// unmarkExtglobs removes the markers from the patterns of f.
func unmarkExtglobs(f *syntax.File) {
	walk(f, func(n syntax.Node) bool {
		if eg, ok := n.(*syntax.ExtGlob); ok && eg.Pattern != nil {
			eg.Pattern.Value = writtenExtglobMarks(eg.Pattern.Value)
		}
		return true
	})
}
