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
// (a "}", "$", "`", "\\" or a quote), as bash shows it too (declare -f).
// A decoded quote the rest of the ${…} does not close makes bash's
// extraction of the ${…} fail as it expands it ("bad substitution: no
// closing `}'"), which mvdan's parser cannot be made to do: such a ${…}
// becomes a bad substitution that reports itself.

// dqAnsiSpecial are the characters of a decoded $'…' that change how
// the rest of a double-quoted ${…} word is read.
const dqAnsiSpecial = "}$`\\'\""

// dqAnsiFix returns text with those $'…' decoded and f parsed again from
// it, or text and f unchanged when there are none (or the result does
// not parse). The decoded text keeps every line where it was.
func dqAnsiFix(f *syntax.File, text, name string) (*syntax.File, string) {
	if !strings.Contains(text, "$'") {
		return f, text
	}
	var rs []textRepl
	walkWhere(f, text, containing("$'"), func(n syntax.Node) bool {
		if dq, ok := n.(*syntax.DblQuoted); ok {
			rs = append(rs, dqAnsiRepls(dq, text)...)
		}
		return true
	})
	if len(rs) == 0 {
		return f, text
	}
	out, ok := replaceRanges(text, rs)
	if !ok {
		return f, text
	}
	f2, err := parseBash(out, name)
	if err != nil {
		return f, text
	}
	return f2, out
}

// dqAnsiRepls returns the rewrites of the ${…} of dq: their $'…'
// decoded, or, for a ${…} whose decoded text leaves a quote open to the
// end of dq, the ${…} as a bad substitution. It reads the decoded text
// of dq as bash's extraction does as it expands it: a ${…} that another
// one's quotes take in is part of that one.
func dqAnsiRepls(dq *syntax.DblQuoted, text string) []textRepl {
	type peRepls struct {
		pe *syntax.ParamExp
		rs []textRepl
	}
	var pes []peRepls
	var all []textRepl
	for _, p := range dq.Parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok {
			continue
		}
		var rs []textRepl
		paramWord(pe, func(w *syntax.Word) {
			bareAnsiIn(w, func(q *syntax.SglQuoted) {
				if dec, ok := dqAnsiDecoded(q); ok {
					rs = append(rs, textRepl{int(q.Pos().Offset()), int(q.End().Offset()), dec})
				}
			})
		})
		if len(rs) > 0 {
			pes = append(pes, peRepls{pe, rs})
			all = append(all, rs...)
		}
	}
	end := int(dq.Right.Offset())
	if len(pes) == 0 || end > len(text) {
		return nil
	}
	// at maps an offset of text to the decoded text
	at := func(off int) int {
		for _, r := range all {
			if r.to <= off {
				off += len(r.with) - (r.to - r.from)
			}
		}
		return off
	}
	decoded, ok := replaceRanges(text[:end], all)
	if !ok {
		return nil
	}
	var out []textRepl
	taken := 0 // the decoded text before it is in a ${…} read already
	for _, pr := range pes {
		from, to := int(pr.pe.Pos().Offset()), int(pr.pe.End().Offset())
		start := at(from)
		if start < taken {
			out = append(out, pr.rs...)
			continue
		}
		r := pairReader{s: decoded, k: start + 2}
		if _, ok := r.pair(0, '{', '}', pairFlags{dolbrace: true, dquote: true, firstClose: true}); ok {
			taken = r.k
			out = append(out, pr.rs...)
			continue
		}
		body := decoded[start+2 : at(to)-1]
		if strings.IndexByte(body, '\n') >= 0 {
			return nil
		}
		marker := "${" + badSubstName + "['" + strings.ReplaceAll(body, "'", `'\''`) + "']}"
		out = append(out, textRepl{from, to, marker})
	}
	return out
}

// dqAnsiDecoded returns the value of q, a $'…' in the word of a ${…}
// between double quotes, when bash's decoding of it there changes how
// the word is read: it holds a dqAnsiSpecial character (and no newline
// or NUL, and is valid UTF-8, which keeps it one text).
func dqAnsiDecoded(q *syntax.SglQuoted) (string, bool) {
	if strings.Contains(q.Value, `\u`) || strings.Contains(q.Value, `\U`) {
		return "", false
	}
	dec := ansiC(q.Value, false)
	if !strings.ContainsAny(dec, dqAnsiSpecial) || strings.ContainsAny(dec, "\n\x00") || !utf8.ValidString(dec) {
		return "", false
	}
	return dec, true
}

// textRepl replaces text[from:to] with with.
type textRepl struct {
	from, to int
	with     string
}

// replaceRanges returns text with the ranges of rs, which do not
// overlap, replaced; false when one is out of range.
func replaceRanges(text string, rs []textRepl) (string, bool) {
	rs = append([]textRepl(nil), rs...)
	sort.Slice(rs, func(i, j int) bool { return rs[i].from > rs[j].from })
	out := text
	for _, r := range rs {
		if r.from < 0 || r.to > len(out) || r.from >= r.to {
			return text, false
		}
		out = out[:r.from] + r.with + out[r.to:]
	}
	return out, true
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
	walk(n, func(node syntax.Node) bool {
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
	walk(n, func(node syntax.Node) bool {
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
