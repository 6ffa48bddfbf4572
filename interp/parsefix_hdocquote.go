package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// mvdan's parser decides whether a here-document's body is taken as
// written from the last part of the delimiter word only: <<E'O'F and
// <<'E'OF are quoted for bash (any quoting counts) but not for it, so it
// joins the body's backslash-newlines and parses its $( ) and `…`, which
// may swallow the delimiter line. requoteHdocDelims rewrites such a word,
// in place and at the same length, to one whose last part is quoted
// ('EOF' for E'O'F, 'EO'\F for \E'O'F), and the program is parsed again;
// a delimiter written $'…' is rewritten to its decoded text, quoted.

// maxHdocRequotes bounds the re-parses for mismatched delimiters: a
// body read as written may reveal another here-document.
const maxHdocRequotes = 8

// requoteHdocDelims returns text with the delimiters of f's
// here-documents that mvdan read as unquoted, and bash as quoted,
// rewritten (see above); ok is false when there are none.
func requoteHdocDelims(f *syntax.File, text string) (string, bool) {
	b := []byte(nil)
	walkWhere(f, text, containing("<<"), func(n syntax.Node) bool {
		rd, isRedir := n.(*syntax.Redirect)
		if !isRedir || (rd.Op != syntax.Hdoc && rd.Op != syntax.DashHdoc) || rd.Word == nil {
			return true
		}
		from, to := int(rd.Word.Pos().Offset()), int(rd.Word.End().Offset())
		if from < 0 || to > len(text) || from >= to {
			return true
		}
		if strings.HasPrefix(text[from:to], "$'") {
			// bash decodes the escapes of <<$'E\tF', mvdan does not
			if w, ok := ansiCDelim(text[from:to]); ok {
				if b == nil {
					b = []byte(text)
				}
				copy(b[from:to], w)
			}
			return true
		}
		if !quotedHdocWord(rd.Word) || parserSawQuoted(rd.Word) {
			return true
		}
		w, ok := requotedDelim(hdocDelim(rd.Word), to-from)
		if !ok {
			return true
		}
		if b == nil {
			b = []byte(text)
		}
		copy(b[from:to], w)
		return true
	})
	if b == nil {
		return text, false
	}
	return string(b), true
}

// requotedDelim is a word of n bytes, whose last part is quoted, that
// delimits with d: in single quotes, or in double quotes when d holds a
// single quote and nothing special there. ok is false when there is none.
func requotedDelim(d string, n int) (string, bool) {
	extra := n - len(d)
	q := "'"
	if strings.Contains(d, "'") {
		q = `"`
	}
	if d == "" || strings.Contains(d, "\n") || extra < 2 {
		return "", false
	}
	if q == `"` && strings.ContainsAny(d, "\"\\$`") {
		return escapedDelim(d, n)
	}
	var w string
	if extra%2 == 0 {
		w = q + d + q // two bytes more
		extra -= 2
	} else {
		w = q + d[:len(d)-1] + q + "\\" + d[len(d)-1:] // three more
		extra -= 3
	}
	// pad with empty quotes, which keep the last part quoted
	return w + strings.Repeat("''", extra/2), true
}

// escapedDelim is requotedDelim for a d that holds both quotes: its
// quotes and specials backslash-escaped, a plain character too when the
// length needs it, then empty quotes.
func escapedDelim(d string, n int) (string, bool) {
	var b strings.Builder
	plain := 0
	for i := 0; i < len(d); i++ {
		if strings.IndexByte("'\"\\$` \t;&|<>()", d[i]) >= 0 {
			b.WriteByte('\\')
		} else {
			plain++
		}
		b.WriteByte(d[i])
	}
	w := b.String()
	if (n-len(w))%2 == 1 && plain > 0 {
		i := strings.IndexFunc(w, func(r rune) bool { return !strings.ContainsRune("'\"\\$` \t;&|<>()", r) })
		w = w[:i] + "\\" + w[i:]
	}
	extra := n - len(w)
	if extra < 2 || extra%2 != 0 {
		return "", false
	}
	return w + strings.Repeat("''", extra/2), true
}

// requoteHdocText is requoteHdocDelims for a text that does not parse
// (the body mvdan read may be what failed, a $( ) swallowing the
// delimiter line): the here-document operators are found in the text,
// line by line, and each delimiter is judged from its text.
func requoteHdocText(text string) (string, bool) {
	if !strings.Contains(text, "<<") {
		return text, false
	}
	b := []byte(nil)
	for line := 0; line < len(text); {
		end := strings.IndexByte(text[line:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += line
		}
		for _, op := range hdocOpsIn(text, line, end) {
			w, k, _, ok := hdocDelimWordAt(text, op)
			if ok && w.end <= len(text) && strings.HasPrefix(text[k:w.end], "$'") {
				if nw, ok := ansiCDelim(text[k:w.end]); ok {
					if b == nil {
						b = []byte(text)
					}
					copy(b[k:w.end], nw)
				}
				continue
			}
			if !ok || !w.quoted || len(w.escape) > 0 || len(w.dqEsc) > 0 || w.end > len(text) {
				continue
			}
			word := text[k:w.end]
			// mvdan looks at the last part: a literal after the last
			// quote, without a backslash, reads as unquoted
			q := strings.LastIndexAny(word, `'"`)
			tail := word[q+1:]
			if q < 0 || tail == "" || strings.IndexByte(tail, '\\') >= 0 {
				continue
			}
			nw, ok := requotedDelim(w.stop, len(word))
			if !ok {
				continue
			}
			if b == nil {
				b = []byte(text)
			}
			copy(b[k:w.end], nw)
		}
		line = end + 1
	}
	if b == nil {
		return text, false
	}
	return string(b), true
}

// parsedFurther reports whether a parse that failed with err2 (or nil)
// got further than one that failed with err: its error is later in the
// text.
func parsedFurther(err2, err error) bool {
	if err2 == nil {
		return true
	}
	p2, _, ok2 := parseErrorPos(err2)
	p, _, ok := parseErrorPos(err)
	return ok2 && ok && p2.Offset() > p.Offset()
}

// ansiCDelim is requotedDelim for a delimiter written $'…': bash decodes
// its escapes (<<$'E\tF' ends at a line E<TAB>F), mvdan compares the
// lines with it as written and never finds the end. ok is false when
// word is more than one $'…' part or has nothing to decode.
func ansiCDelim(word string) (string, bool) {
	for i := 2; i < len(word); i++ {
		switch word[i] {
		case '\\':
			i++
		case '\'':
			if i != len(word)-1 {
				return "", false
			}
			raw := word[2:i]
			d := ansiC(raw, false)
			if d == raw {
				return "", false
			}
			return requotedDelim(d, len(word))
		}
	}
	return "", false
}
