package interp

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// mvdan's parser reads the newline after a [[ ]] that ends a line
// without reading the here-documents pending on that line: in
//
//	cat <<EOF; [[ $x ]]
//	body
//	EOF
//
// the body became commands (run!) and the here-document empty. bash
// reads the bodies at that newline as after any other command.
// condHdocFix puts a ';' after such a ]], which changes nothing else:
// the newline then follows a separator, where mvdan reads the bodies.
// Where the misread bodies made the text fail to parse, condHdocScanFix
// finds the places with the scanner of linejoin.go instead.

// condHdocFix applies condHdocRewrite to the parsed program f of text,
// keeping the rewrite when the result parses.
func condHdocFix(f *syntax.File, text, name string, edits []parseEdit) (string, *syntax.File, []parseEdit) {
	if !strings.Contains(text, "]]") || !strings.Contains(text, "<<") {
		return text, f, edits
	}
	return keepRewrite(f, text, name, edits, condHdocRewrite)
}

// condHdocScanFix is condHdocFix for a text that did not parse (err):
// the ]] words that end a line with here-documents pending get their ';'
// when the parser then gets further.
func condHdocScanFix(text, name string, err error) (string, *syntax.File, error, []parseEdit, bool) {
	if !strings.Contains(text, "]]") || !strings.Contains(text, "<<") {
		return "", nil, nil, nil, false
	}
	var at []int
	s := newJoinScanner(text)
	s.condEnds, s.comment = &at, -1
	s.run()
	if len(at) == 0 {
		return "", nil, nil, nil, false
	}
	fixed, edits := insertSemicolons(text, at)
	f, err2 := parseBash(fixed, name)
	if !parsedFurther(err2, err) {
		return "", nil, nil, nil, false
	}
	return fixed, f, err2, edits, true
}

// insertSemicolons returns text with a ';' at each offset of at (in
// increasing order), and the edits.
func insertSemicolons(text string, at []int) (string, []parseEdit) {
	var sb strings.Builder
	edits := make([]parseEdit, 0, len(at))
	prev := 0
	for _, i := range at {
		sb.WriteString(text[prev:i])
		sb.WriteByte(';')
		// each edit is an offset of the text with the edits before it
		edits = append(edits, parseEdit{at: i + len(edits), n: 1})
		prev = i
	}
	sb.WriteString(text[prev:])
	return sb.String(), edits
}

// condHdocRewrite returns text with a ';' after every ]] of f that ends
// its line (blanks or a comment may follow) on a line holding a
// here-document operator before it, and the edits.
func condHdocRewrite(f *syntax.File, text string) (string, []parseEdit, bool) {
	var at []int
	syntax.Walk(f, func(n syntax.Node) bool {
		tc, ok := n.(*syntax.TestClause)
		if !ok {
			return true
		}
		end := int(tc.Right.Offset()) + len("]]")
		if end > len(text) || !strings.HasPrefix(text[end-2:], "]]") || !endsLine(text[end:]) {
			return true
		}
		line := text[strings.LastIndexByte(text[:end], '\n')+1 : end]
		if strings.Contains(strings.ReplaceAll(line, "<<<", ""), "<<") {
			at = append(at, end)
		}
		return true
	})
	if len(at) == 0 || !slices.IsSorted(at) {
		return "", nil, false
	}
	fixed, edits := insertSemicolons(text, at)
	return fixed, edits, true
}

// endsLine reports whether rest, the text after a token, holds only
// blanks and maybe a comment before the end of its line.
func endsLine(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	return rest == "" || rest[0] == '\n' || rest[0] == '#'
}
