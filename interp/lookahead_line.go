package interp

import "strings"

// lookaheadLine is the line bash's lexer has reached once it has read the
// token after a simple command's sole word, which ends at offset off of
// src on line line: bash gives the command that line. The lexer reads past
// line continuations, blanks and a comment, past the line continuations
// after an operator's character (it peeks at the next one to see whether
// the operator goes on: "|\<nl>cat"), and at a newline it reads the
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
	cont += operatorPeekJoins(src, i)
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

// operatorPeekJoins counts the line continuations bash's lexer reads past
// when the token at i of src is an operator: after ";", "&" or "|" it
// reads the next character to see whether the operator is longer (";;",
// "&&", "|&" …), and after ";;" or "&>" once more (";;&", "&>>").
func operatorPeekJoins(src string, i int) int {
	c := src[i]
	if c != ';' && c != '&' && c != '|' {
		return 0
	}
	n, j := joinsFrom(src, i+1)
	if j >= len(src) {
		return n
	}
	switch two := string([]byte{c, src[j]}); two {
	case ";;", "&>":
		m, _ := joinsFrom(src, j+1)
		n += m
	}
	return n
}

// joinsFrom counts the line continuations at offset i of src and returns
// the offset after them.
func joinsFrom(src string, i int) (int, int) {
	n := 0
	for i+1 < len(src) && src[i] == '\\' && src[i+1] == '\n' {
		i += 2
		n++
	}
	return n, i
}
