package interp

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash expands a here-document's body when the command runs, and only
// then parses the expansions in it: one not closed before the delimiter
// line ("$(seq 3" without its ")") fails that command's redirection, as
// bash reports it, and the script goes on. mvdan's parser reads the
// body with the program, past the delimiter, and rejects the program.
// hdocUnclosedRewrites marks such a here-document as hdocDelimRewrite
// marks one with an expansion in its delimiter: its body is then read as
// text, parsed when the command runs (markedHdocBody), and
// hdocUnclosedError words the failure.

// maxHdocUnclosed bounds the here-documents tried for one parse error.
const maxHdocUnclosed = 4

// hdocUnclosedRewrites lists rewrites of the unquoted here-documents
// whose "<<" is before offset at (the error) and whose body holds an
// unclosed expansion: first all of them at once (the "$(" of one may
// reach into the next, where the parser stops), then each, nearest first.
func hdocUnclosedRewrites(text string, at int) []parseRewrite {
	var each []parseRewrite
	for op := strings.LastIndex(text[:min(at, len(text))], "<<"); op >= 0 && len(each) < maxHdocUnclosed; op = strings.LastIndex(text[:op], "<<") {
		if op > 0 && text[op-1] == '<' {
			continue // <<<, a here-string
		}
		h, ok := findHdoc(text, op)
		if !ok || h.word.quoted {
			continue
		}
		end := h.term
		if end < 0 {
			end = len(text)
		}
		if open, _ := unclosedExpansion(text[h.body:end]); open != "" {
			each = append(each, hdocDelimRewrite(op))
		}
	}
	if len(each) < 2 {
		return each
	}
	all := func(text string) (string, []parseEdit, bool) {
		// nearest first: the offsets before each stay valid
		var edits []parseEdit
		for _, rw := range each {
			fixed, ed, ok := rw(text)
			if !ok {
				return "", nil, false
			}
			text, edits = fixed, append(edits, ed...)
		}
		return text, edits, true
	}
	return append([]parseRewrite{all}, each...)
}

// unclosedExpansion returns the first expansion of the here-document
// body that is not closed in it, "$(", "$((", "${" or "`", and its
// offset; "" when there is none. Quotes outside expansions are text in
// a body.
func unclosedExpansion(body string) (string, int) {
	for k := 0; k < len(body); k++ {
		switch c := body[k]; {
		case c == '\\':
			k++
		case c == '`':
			e := bqClosing(body, k)
			if e < 0 {
				return "`", k
			}
			k = e
		case c == '$' && k+1 < len(body) && body[k+1] == '(':
			e := matchParen(body, k+1)
			if e < 0 {
				if k+2 < len(body) && body[k+2] == '(' {
					return "$((", k
				}
				return "$(", k
			}
			k = e
		case c == '$' && k+1 < len(body) && body[k+1] == '{':
			e := matchBrace(body, k+1)
			if e < 0 {
				return "${", k
			}
			k = e
		}
	}
	return "", -1
}

// hdocUnclosedError is the error of expanding a here-document body
// that holds an unclosed expansion, worded as bash words it, or nil.
// An unclosed command substitution is reported here, in the words of
// its parser ("command substitution: line N: …", N counted from the
// line after the command's, a line per newline of its text); the
// others are bad substitutions naming the text bash was expanding.
func (r *Runner) hdocUnclosedError(body string) error {
	open, at := unclosedExpansion(body)
	switch open {
	case "$(":
		text := body[at+2:]
		want, upTo := ")", len(text)
		var pe syntax.ParseError
		if _, err := parseBash(text, ""); errors.As(err, &pe) {
			if q, ok := strings.CutPrefix(pe.Text, "reached EOF without closing quote "); ok {
				// bash names the quote, on the line it opened
				want, upTo = strings.Trim(q, "`"), int(pe.Pos.Offset())
			}
		}
		lines := strings.Count(text[:upTo], "\n") - strings.Count(text[:upTo], "\\\n")
		r.writeErrLine(r.errName() + ": command substitution" + r.lineSep() + itoa(int64(r.line+1+lines)) +
			": unexpected EOF while looking for matching `" + want + "'")
		if r.reportExits() && !r.statusIgnored() {
			// under set -e the shell exits at once, with status 2,
			// where set -e applies (not in a condition)
			r.exit, r.exitCode, r.flow = 2, 2, flowExit
			r.exitReported()
		}
		return &expandError{msg: "unclosed command substitution", reported: true}
	case "$((":
		return reportErrf("bad substitution: no closing `)' in %s", body)
	case "${":
		return reportErrf("%s: bad substitution", body)
	case "`":
		return reportErrf("bad substitution: no closing \"`\" in %s", body[at:])
	}
	return nil
}

// markedHdocError is hdocUnclosedError for the body of a here-document
// hdocDelimRewrite marked unquoted, or nil.
func (r *Runner) markedHdocError(rd *syntax.Redirect) error {
	text, ok := markedHdocText(rd)
	if !ok {
		return nil
	}
	return r.hdocUnclosedError(text)
}
