package interp

import "strings"

// lookaheadLine is the line bash's lexer has reached once it has read the
// token after a simple command's sole word, which ends at offset off of
// src on line line: bash gives the command that line. The lexer reads past
// line continuations, blanks and a comment, and at a newline it reads the
// bodies of the here-documents started on that line before the newline
// token is returned (cat <<EOF; f puts f on the line of EOF). It returns
// line when src is not the text the offset refers to, or the text ends
// first.
func lookaheadLine(src string, off, line int) int {
	if off < 0 || off > len(src) {
		return line
	}
	i, cont := off, 0
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\t':
			i++
			continue
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i += 2
			cont++
			continue
		case c == '#' && i > off:
			// a comment, once a blank ended the word
			for i < len(src) && src[i] != '\n' {
				i++
			}
		}
		break
	}
	if i >= len(src) {
		return line
	}
	extra := cont
	if src[i] == '\n' {
		start := strings.LastIndexByte(src[:off], '\n') + 1
		if strings.Contains(src[start:i], "<<") {
			extra += heredocBodyLines(src, start, i)
		}
	}
	if extra == 0 || strings.Count(src[:off], "\n")+1 != line {
		return line
	}
	return line + extra
}

// heredocBodyLines counts the lines of the here-document bodies that
// the operators on the line src[from:nl] start (nl is its newline): the
// lines bash reads before that newline's token. It is 0 when a body is
// not found whole.
func heredocBodyLines(src string, from, nl int) int {
	rest := src[nl+1:]
	n := 0
	for _, op := range hdocOpsIn(src, from, nl) {
		w, _, dash, ok := hdocDelimWordAt(src, op)
		if !ok {
			return 0
		}
		found := false
		for !found && rest != "" {
			l, after, _ := strings.Cut(rest, "\n")
			rest = after
			n++
			for !w.quoted && oddTrailingBackslashes(l) && rest != "" {
				// a line continuation in an unquoted body joins the
				// next line before the delimiter is looked for
				var next string
				next, rest, _ = strings.Cut(rest, "\n")
				l = l[:len(l)-1] + next
				n++
			}
			if dash {
				l = strings.TrimLeft(l, "\t")
			}
			found = l == w.stop
		}
		if !found {
			return 0
		}
		if strings.HasPrefix(rest, hdocEOFMark) {
			// the delimiter nash appended where the input ended:
			// bash's lexer stopped at the body's last line
			n--
		}
	}
	return n
}

// oddTrailingBackslashes reports whether l ends in a backslash that is
// not itself escaped.
func oddTrailingBackslashes(l string) bool {
	n := len(l) - len(strings.TrimRight(l, "\\"))
	return n%2 == 1
}
