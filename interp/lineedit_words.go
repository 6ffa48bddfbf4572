package interp

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// yankLastArg is readline's yank-last-arg (M-. and M-_): the last word
// of the previous history line (as history expansion's !$ takes it) is
// inserted at the cursor; typed again at once, it takes the place of
// what it inserted with the last word of the line before that one.
func (e *lineEditor) yankLastArg(again bool) {
	h := e.r.hist
	if again && e.yankLen > 0 {
		e.deleteRange(e.yankAt, e.yankAt+e.yankLen)
		e.yankLen = 0
	}
	if again {
		e.yankSkip++
	} else {
		e.yankSkip = 0
	}
	n := e.hist - 1 - e.yankSkip
	if h == nil || n < 0 || n >= len(h.list) {
		e.ding()
		return
	}
	_, _, com := e.r.histChars()
	words := histTokenize(h.list[n].line, com)
	if len(words) == 0 {
		e.ding()
		return
	}
	arg := words[len(words)-1]
	e.yankAt, e.yankLen = e.pos, len(arg)
	e.insert([]byte(arg))
}

// changeCase is readline's upcase-word, downcase-word and
// capitalize-word (M-u, M-l, M-c): the text from the cursor to the end
// of the word changes case, and the cursor goes to its end.
func (e *lineEditor) changeCase(how byte) {
	end := e.wordEnd(e.pos)
	var out []byte
	inWord := false
	for p := e.pos; p < end; {
		c, n := rune(e.buf[p]), 1
		if e.utf8 {
			c, n = utf8.DecodeRune(e.buf[p:end])
		}
		alpha := unicode.IsLetter(c) || unicode.IsDigit(c)
		switch {
		case how == 'u':
			c = unicode.ToUpper(c)
		case how == 'l':
			c = unicode.ToLower(c)
		case alpha && !inWord:
			c = unicode.ToUpper(c)
		default:
			c = unicode.ToLower(c)
		}
		inWord = alpha
		if e.utf8 || c < utf8.RuneSelf {
			out = utf8.AppendRune(out, c)
		} else {
			out = append(out, e.buf[p:p+n]...)
		}
		p += n
	}
	if bytes.Equal(out, e.buf[e.pos:end]) {
		e.moveTo(end)
		return
	}
	e.beginGroup()
	e.deleteRange(e.pos, end)
	e.insert(out)
	e.endGroup()
}

// insertComment is readline's insert-comment (M-#): the line becomes a
// comment, which is accepted.
func (e *lineEditor) insertComment() {
	e.moveTo(0)
	e.insert([]byte(e.r.rlVar("comment-begin")))
}
