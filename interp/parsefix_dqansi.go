package interp

import (
	"sort"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Between double quotes, in the word of ${param-word} (and of :-, +, =,
// ? and their : forms), bash's parser decodes a $'…' as it reads it and
// puts the result in the text unquoted (parse_matched_pair: only the
// pattern operators' words get it single-quoted), where the expansion
// then reads it: "${u-a$'b}c'd}" is "${u-ab}cd}", which expands to
// abcd}, and "${u-$'\x24HOME'}" expands $HOME. mvdan's parser keeps a
// quoted $'…' there. dqAnsiFix rewrites such a $'…' into its decoded
// text when that text holds a character the expansion reads otherwise
// (a "}", "$", "`" or "\"), as bash shows it too (declare -f). A decoded
// double quote is left alone: bash's extraction of the ${…} then fails
// when it expands it, which mvdan's parser cannot be made to do.

// dqAnsiSpecial are the characters of a decoded $'…' that change how
// the rest of a double-quoted ${…} word is read.
const dqAnsiSpecial = "}$`\\"

// dqAnsiFix returns text with those $'…' decoded and f parsed again from
// it, or text and f unchanged when there are none (or the result does
// not parse). The decoded text keeps every line where it was.
func dqAnsiFix(f *syntax.File, text, name string) (*syntax.File, string) {
	if !strings.Contains(text, "$'") {
		return f, text
	}
	type repl struct {
		from, to int
		with     string
	}
	var rs []repl
	inWord := func(w *syntax.Word) {
		bareAnsiIn(w, func(p *syntax.SglQuoted) {
			if strings.Contains(p.Value, `\u`) || strings.Contains(p.Value, `\U`) {
				return
			}
			dec := ansiC(p.Value, false)
			if !strings.ContainsAny(dec, dqAnsiSpecial) || strings.ContainsAny(dec, "\n\x00\"") || !utf8.ValidString(dec) {
				return
			}
			rs = append(rs, repl{int(p.Pos().Offset()), int(p.End().Offset()), dec})
		})
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		dq, ok := n.(*syntax.DblQuoted)
		if !ok {
			return true
		}
		for _, p := range dq.Parts {
			pe, ok := p.(*syntax.ParamExp)
			if !ok {
				continue
			}
			if body, ok := dqAnsiQuoteBody(pe, text); ok {
				marker := "${" + badSubstName + "['" + strings.ReplaceAll(body, "'", `'\''`) + "']}"
				rs = append(rs, repl{int(pe.Pos().Offset()), int(pe.End().Offset()), marker})
				continue
			}
			paramWord(pe, inWord)
		}
		return true
	})
	if len(rs) == 0 {
		return f, text
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].from > rs[j].from })
	out := text
	for _, r := range rs {
		if r.from < 0 || r.to > len(out) || r.from >= r.to {
			return f, text
		}
		out = out[:r.from] + r.with + out[r.to:]
	}
	f2, err := parseBash(out, name)
	if err != nil {
		return f, text
	}
	return f2, out
}

// bareAnsiIn calls fn with each $'…' of w, the word of a ${…} operator
// that bash's parser reads with its $'…' unquoted (paramWord), and of
// the operator words of the ${…} nested in it.
func bareAnsiIn(w *syntax.Word, fn func(*syntax.SglQuoted)) {
	if w == nil {
		return
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			if p.Dollar {
				fn(p)
			}
		case *syntax.ParamExp:
			paramWord(p, func(w *syntax.Word) { bareAnsiIn(w, fn) })
		}
	}
}

// paramArith calls fn with each $'…' of pe's subscript, offset and
// length (arithmetic bash's parser reads in the ${…}'s parameter or
// operator state, where it decodes them unquoted between double quotes).
func paramArith(pe *syntax.ParamExp, fn func(*syntax.SglQuoted)) {
	for _, n := range paramArithNodes(pe) {
		ansiIn(n, fn)
	}
}

// paramArithNodes returns pe's subscript, offset and length, those it
// has, in order.
func paramArithNodes(pe *syntax.ParamExp) []syntax.Node {
	var nodes []syntax.Node
	if pe.Index != nil {
		nodes = append(nodes, pe.Index)
	}
	if sl := pe.Slice; sl != nil {
		if sl.Offset != nil {
			nodes = append(nodes, sl.Offset)
		}
		if sl.Length != nil {
			nodes = append(nodes, sl.Length)
		}
	}
	return nodes
}

// ansiIn calls fn with each $'…' in n.
func ansiIn(n syntax.Node, fn func(*syntax.SglQuoted)) {
	if n == nil {
		return
	}
	syntax.Walk(n, func(node syntax.Node) bool {
		if q, ok := node.(*syntax.SglQuoted); ok && q.Dollar {
			fn(q)
		}
		return true
	})
}

// paramWord calls fn with the word of pe's operator when bash reads it
// with a $'…' unquoted: the default, alternate, assign and error forms.
func paramWord(pe *syntax.ParamExp, fn func(*syntax.Word)) {
	if pe.Exp == nil {
		return
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull,
		syntax.AssignUnset, syntax.AssignUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		fn(pe.Exp.Word)
	}
}

// dqBareAnsi returns the $'…' in n that bash's parser decodes into the
// text unquoted: those in the operator word (paramWord), the subscript
// or the offset and length of a ${…} between double quotes, and of a
// ${…} nested in such a word; those of a $[…] there too. bash's declare -f shows them so:
// "${x:-$'a\tb'}" as "${x:-a<tab>b}", "${a[$'1']}" as "${a[1]}".
func dqBareAnsi(n syntax.Node) map[*syntax.SglQuoted]bool {
	bare := map[*syntax.SglQuoted]bool{}
	inWord := func(w *syntax.Word) {
		bareAnsiIn(w, func(p *syntax.SglQuoted) { bare[p] = true })
	}
	syntax.Walk(n, func(node syntax.Node) bool {
		if dq, ok := node.(*syntax.DblQuoted); ok {
			for _, p := range dq.Parts {
				switch p := p.(type) {
				case *syntax.ParamExp:
					paramWord(p, inWord)
					paramArith(p, func(q *syntax.SglQuoted) { bare[q] = true })
				case *syntax.ArithmExp:
					if p.Bracket {
						// $[…] is read as ${…} is; $((…)) is not
						ansiIn(p.X, func(q *syntax.SglQuoted) { bare[q] = true })
					}
				}
			}
		}
		return true
	})
	return bare
}

// dqAnsiQuoteBody returns the text between the braces of pe, a ${…}
// between double quotes, with the $'…' of its operator's word decoded,
// when one of them decodes to a double quote: bash's extraction of the
// ${…} from the double-quoted text then stops at that quote and fails
// as the word is expanded ("bad substitution: no closing `}' in" the
// word, with the decoded text). dqAnsiFix has such a ${…} report it (see
// parsefix_subst.go, placeBadSubst).
func dqAnsiQuoteBody(pe *syntax.ParamExp, text string) (string, bool) {
	if pe.Exp == nil || pe.Exp.Word == nil || !pe.Dollar.IsValid() {
		return "", false
	}
	from, to := int(pe.Pos().Offset())+2, int(pe.End().Offset())-1
	if from > to || to > len(text) {
		return "", false
	}
	var sb strings.Builder
	at, quote := from, false
	ok := true
	paramWord(pe, func(w *syntax.Word) {
		for _, p := range w.Parts {
			sq, isSq := p.(*syntax.SglQuoted)
			if !isSq || !sq.Dollar {
				continue
			}
			dec := ansiC(sq.Value, false)
			if strings.ContainsAny(dec, "\n\x00") || !utf8.ValidString(dec) || strings.Contains(sq.Value, `\u`) || strings.Contains(sq.Value, `\U`) {
				ok = false
				return
			}
			quote = quote || strings.IndexByte(dec, '"') >= 0
			start, end := int(sq.Pos().Offset()), int(sq.End().Offset())
			if start < at || end > to {
				ok = false
				return
			}
			sb.WriteString(text[at:start])
			sb.WriteString(dec)
			at = end
		}
	})
	if !ok || !quote || strings.IndexByte(text[from:to], '\n') >= 0 {
		return "", false
	}
	sb.WriteString(text[at:to])
	return sb.String(), true
}
