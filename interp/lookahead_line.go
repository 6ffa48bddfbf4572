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
			extra += heredocBodyLines(src[start:i], src[i+1:])
		}
	}
	if extra == 0 || strings.Count(src[:off], "\n")+1 != line {
		return line
	}
	return line + extra
}

// heredocBodyLines counts the lines of the here-document bodies at the
// start of rest that the operators in code, the text of one line, start:
// the lines bash reads before the newline that ends code. It is 0 when a
// body is not found whole.
func heredocBodyLines(code, rest string) int {
	n := 0
	for _, d := range lineHdocs(code) {
		found := false
		for !found && rest != "" {
			l, after, _ := strings.Cut(rest, "\n")
			rest = after
			n++
			for !d.quoted && oddTrailingBackslashes(l) && rest != "" {
				// a line continuation in an unquoted body joins the
				// next line before the delimiter is looked for
				var next string
				next, rest, _ = strings.Cut(rest, "\n")
				l = l[:len(l)-1] + next
				n++
			}
			if d.stripTabs {
				l = strings.TrimLeft(l, "\t")
			}
			found = l == d.word
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

// lineHdoc is a here-document operator's delimiter, as the body's
// last line has it.
type lineHdoc struct {
	word      string
	quoted    bool // part of it was quoted: the body has no expansions
	stripTabs bool // <<-
}

// lineHdocs finds the here-document operators in code, one line of
// shell text, skipping quoted text, comments, here-strings and arithmetic
// shifts, and returns their delimiters in order.
func lineHdocs(code string) []lineHdoc {
	var ds []lineHdoc
	arith := 0
	for i := 0; i < len(code); i++ {
		switch c := code[i]; {
		case c == '\\':
			i++
		case c == '\'':
			i = quoteEnd(code, i+1, '\'', code[max(i-1, 0)] == '$' && i > 0)
		case c == '"' || c == '`':
			i = quoteEnd(code, i+1, c, true)
		case c == '#' && (i == 0 || strings.IndexByte(" \t;&|()", code[i-1]) >= 0):
			return ds
		case strings.HasPrefix(code[i:], "(("):
			arith++
			i++
		case strings.HasPrefix(code[i:], "))") && arith > 0:
			arith--
			i++
		case strings.HasPrefix(code[i:], "<<<"):
			i += 2
		case strings.HasPrefix(code[i:], "<<") && arith == 0:
			d := lineHdoc{}
			i += 2
			if i < len(code) && code[i] == '-' {
				d.stripTabs = true
				i++
			}
			for i < len(code) && (code[i] == ' ' || code[i] == '\t') {
				i++
			}
			i = readDelim(code, i, &d) - 1
			ds = append(ds, d)
		}
	}
	return ds
}

// readDelim reads the delimiter word at code[i:] into d, removing its
// quotes, and returns the offset after it.
func readDelim(code string, i int, d *lineHdoc) int {
	var sb strings.Builder
	for i < len(code) && strings.IndexByte(" \t;&|<>()", code[i]) < 0 {
		switch c := code[i]; c {
		case '\\':
			d.quoted = true
			if i+1 < len(code) {
				sb.WriteByte(code[i+1])
			}
			i += 2
		case '\'', '"':
			d.quoted = true
			end := strings.IndexByte(code[i+1:], c)
			if end < 0 {
				end = len(code) - i - 1
			}
			sb.WriteString(code[i+1 : i+1+end])
			i += end + 2
		default:
			sb.WriteByte(c)
			i++
		}
	}
	d.word = sb.String()
	return min(i, len(code))
}

// quoteEnd returns the offset of the quote q closing the text that
// starts at code[i:] (the end of code when it is not closed); escapes
// says whether a backslash escapes the next character there.
func quoteEnd(code string, i int, q byte, escapes bool) int {
	for ; i < len(code); i++ {
		switch code[i] {
		case '\\':
			if escapes {
				i++
			}
		case q:
			return i
		}
	}
	return len(code)
}

// oddTrailingBackslashes reports whether l ends in a backslash that is
// not itself escaped.
func oddTrailingBackslashes(l string) bool {
	n := len(l) - len(strings.TrimRight(l, "\\"))
	return n%2 == 1
}
