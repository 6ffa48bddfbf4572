package interp

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Bash decides some constructs by trying one reading and falling back to
// another, and leaves arithmetic unparsed until it runs; mvdan's parser
// commits to one reading and parses arithmetic at once, so it rejects
// programs bash runs. parseProgram re-parses after rewriting the text at
// the place the parser failed, the way bash itself disambiguates:
//
//   - "((" or "$((" whose text up to the matching ")" is not followed by
//     another ")" is not arithmetic: bash reads "( (" or "$( (" instead;
//   - arithmetic that is well delimited but does not parse is wrapped in
//     double quotes, so it is expanded and evaluated (and fails) from its
//     text when it runs, as bash's evaluator does;
//   - a let clause that does not parse becomes a call of the let builtin
//     (`\let`), whose arguments are ordinary words.
//
// A rewrite is kept only when the parser gets further with it, so text
// that merely looks like these constructs (inside quotes or comments, or
// a construct that already parsed) is never changed. The rewritten text is
// what the statements' positions refer to; it keeps every line where it
// was, so line numbers are unchanged.

// maxParseFixes bounds the rewrites of one program.
const maxParseFixes = 256

// maxFixCandidates bounds the places tried for one parse error.
const maxFixCandidates = 16

// parseEdit is one insertion into the text: n bytes at offset at (an
// offset of the text as it was before the insertion).
type parseEdit struct{ at, n int }

// parseProgram parses src as bash does. It returns the program, the text
// its positions refer to (src itself unless something was rewritten) and
// the first syntax error bash would also report, positioned in src.
func parseProgram(src, name string) (*syntax.File, string, error) {
	f, err := parseBash(src, name)
	if err == nil {
		return f, src, nil
	}
	text := src
	var edits []parseEdit
	for range maxParseFixes {
		var pe syntax.ParseError
		if !errors.As(err, &pe) {
			break
		}
		fixed, ed, f2, err2, ok := fixParseError(text, name, pe)
		if !ok {
			break
		}
		text, f, err = fixed, f2, err2
		edits = append(edits, ed...)
		if err == nil {
			return f, text, nil
		}
	}
	return nil, text, unmapParseError(err, edits, src)
}

// parseBash is one plain parse of a bash program.
func parseBash(src, name string) (*syntax.File, error) {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
	return p.Parse(strings.NewReader(src), name)
}

// fixParseError tries the rewrites that may apply at pe, nearest first,
// and returns the first one with which the parser gets further.
func fixParseError(text, name string, pe syntax.ParseError) (string, []parseEdit, *syntax.File, error, bool) {
	at := int(pe.Pos.Offset())
	if at > len(text) {
		at = len(text)
	}
	for _, c := range fixCandidates(text, at) {
		fixed, ed, ok := c(text)
		if !ok {
			continue
		}
		f, err := parseBash(fixed, name)
		if err == nil {
			return fixed, ed, f, nil, true
		}
		var pe2 syntax.ParseError
		if !errors.As(err, &pe2) {
			continue
		}
		if unmapOffset(int(pe2.Pos.Offset()), ed) > at {
			return fixed, ed, f, err, true
		}
	}
	return "", nil, nil, nil, false
}

// parseRewrite produces a rewritten text and its insertions, or false
// when it does not apply.
type parseRewrite func(text string) (string, []parseEdit, bool)

// fixCandidates lists the rewrites worth trying for an error at offset
// at: the "((" and "let" before it on the same command, nearest first.
func fixCandidates(text string, at int) []parseRewrite {
	var out []parseRewrite
	end := min(at+2, len(text))
	for i := end - 1; i >= 0 && len(out) < maxFixCandidates; i-- {
		switch {
		case i+1 < len(text) && text[i] == '(' && text[i+1] == '(':
			if i > 0 && text[i-1] == '(' {
				continue // the inner pair of "(((" is tried on its own
			}
			out = append(out, dparenRewrite(i))
		case strings.HasPrefix(text[i:], "let") && isCmdStart(text, i):
			if i+3 == len(text) || strings.IndexByte(" \t\n;&|)", text[i+3]) >= 0 {
				out = append(out, insertRewrite(i, `\`))
			}
		}
	}
	return out
}

// isCmdStart reports whether offset i may start a command word.
func isCmdStart(text string, i int) bool {
	if i == 0 {
		return true
	}
	return strings.IndexByte(" \t\n;&|(){}", text[i-1]) >= 0
}

// insertRewrite inserts s at offset at.
func insertRewrite(at int, s string) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		return text[:at] + s + text[at:], []parseEdit{{at, len(s)}}, true
	}
}

// dparenRewrite applies bash's reading of the "((" at offset i: when the
// text after it up to the ")" matching the second "(" is followed by
// ")", it is arithmetic, and is quoted so that it parses whatever it
// holds; otherwise the two parentheses are two, "( (" or "$( (".
func dparenRewrite(i int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		j := matchParen(text, i+1)
		if j < 0 || j+1 >= len(text) || text[j+1] != ')' {
			return text[:i+1] + " " + text[i+1:], []parseEdit{{i + 1, 1}}, true
		}
		body := text[i+2 : j]
		if strings.ContainsAny(body, "\"\\") {
			return "", nil, false
		}
		return text[:i+2] + `"` + body + `"` + text[j:], []parseEdit{{i + 2, 1}, {j + 1, 1}}, true
	}
}

// matchParen returns the offset of the ")" matching the "(" at offset
// open, skipping quoted text and escaped characters as bash's
// parse_matched_pair does, or -1 when the text ends first.
func matchParen(text string, open int) int {
	depth := 0
	for k := open; k < len(text); k++ {
		switch text[k] {
		case '\\':
			k++
		case '\'':
			e := strings.IndexByte(text[k+1:], '\'')
			if e < 0 {
				return -1
			}
			k += e + 1
		case '"', '`':
			q := text[k]
			for k++; k < len(text) && text[k] != q; k++ {
				if text[k] == '\\' {
					k++
				}
			}
			if k >= len(text) {
				return -1
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// unmapOffset turns an offset of the rewritten text into the offset of
// the same byte in the text before the edits (edits are in the order
// they were made, each relative to the text before it).
func unmapOffset(off int, edits []parseEdit) int {
	for k := len(edits) - 1; k >= 0; k-- {
		e := edits[k]
		switch {
		case off >= e.at+e.n:
			off -= e.n
		case off > e.at:
			off = e.at
		}
	}
	return off
}

// unmapParseError positions a parse error of the rewritten text in the
// original src, so it is reported against what the user wrote.
func unmapParseError(err error, edits []parseEdit, src string) error {
	var pe syntax.ParseError
	if len(edits) == 0 || !errors.As(err, &pe) {
		return err
	}
	off := min(unmapOffset(int(pe.Pos.Offset()), edits), len(src))
	line := 1 + strings.Count(src[:off], "\n")
	col := off - strings.LastIndexByte(src[:off], '\n')
	pe.Pos = syntax.NewPos(uint(off), uint(line), uint(col))
	return pe
}
