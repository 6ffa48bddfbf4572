package interp

import (
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
// the newline then follows a separator, where mvdan reads the bodies;
// condHdocScanFix does the same for a text the misread bodies made fail
// to parse, kept when the parser gets further.

// condHdocFix applies condHdocRewrite to text, which parsed as f,
// keeping the rewrite when the result parses.
func condHdocFix(f *syntax.File, text, name string, edits []parseEdit) (string, *syntax.File, []parseEdit) {
	if !mayHoldCondHdoc(text) {
		return text, f, edits
	}
	return keepRewrite(f, text, name, edits, condHdocRewrite)
}

// mayHoldCondHdoc reports whether text has a line with a "<<" that a
// "]]" ends (blanks or a comment may follow): the only lines the fixes
// change, so most programs skip the scan.
func mayHoldCondHdoc(text string) bool {
	if !strings.Contains(text, "<<") {
		return false
	}
	for i := 0; ; {
		k := strings.Index(text[i:], "]]")
		if k < 0 {
			return false
		}
		i += k + len("]]")
		if endsLine(text[i:]) && strings.Contains(text[strings.LastIndexByte(text[:i], '\n')+1:i], "<<") {
			return true
		}
	}
}

// condHdocScanFix is condHdocFix for a text that did not parse (err):
// the ]] words that end a line with here-documents pending get their ';'
// when the parser then gets further.
func condHdocScanFix(text, name string, err error) (string, *syntax.File, error, []parseEdit, bool) {
	if !mayHoldCondHdoc(text) {
		return "", nil, nil, nil, false
	}
	fixed, edits, ok := condHdocRewrite(nil, text)
	if !ok {
		return "", nil, nil, nil, false
	}
	f, err2 := parseBash(fixed, name)
	if !parsedFurther(err2, err) {
		return "", nil, nil, nil, false
	}
	return fixed, f, err2, edits, true
}

// condHdocRewrite returns text with a ';' after every ]] that ends a
// line with here-documents pending, and the edits.
func condHdocRewrite(_ *syntax.File, text string) (string, []parseEdit, bool) {
	at := condEndsOf(text)
	if len(at) == 0 {
		return "", nil, false
	}
	ins := make([]textInsert, len(at))
	for k, i := range at {
		ins[k] = textInsert{at: i, s: ";"}
	}
	fixed, edits, _ := applyInserts(text, ins)
	return fixed, edits, true
}

// condEndsOf returns the offsets after the ]] words of text that end a
// line with here-documents pending, found by the scanner of linejoin.go,
// which knows the quoting and which operators are here-documents.
func condEndsOf(text string) []int {
	var at []int
	s := newJoinScanner(text)
	s.condEnds, s.comment = &at, -1
	s.run()
	return at
}

// endsLine reports whether rest, the text after a token, holds only
// blanks and maybe a comment before the end of its line.
func endsLine(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	return rest == "" || rest[0] == '\n' || rest[0] == '#'
}
