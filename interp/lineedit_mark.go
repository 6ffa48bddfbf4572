package interp

import (
	"bytes"
	"io"
)

// This file has the line editor's commands on the mark and the region
// between it and the cursor, character searches, transpose-words and
// the shell version (readline's text.c and kill.c, bash's bashline.c).

// setMark puts the mark at the cursor, or at the count's offset when one
// was typed (set-mark, C-@).
func (e *lineEditor) setMark(arg int) {
	e.mark = e.pos
	if arg > 0 {
		e.mark = min(arg, len(e.buf))
	}
}

// exchangeMark swaps the cursor and the mark (C-x C-x); a mark past the
// line's end rings the bell and goes back to its start.
func (e *lineEditor) exchangeMark() {
	if e.mark > len(e.buf) {
		e.ding()
		e.mark = 0
		return
	}
	m := e.mark
	e.mark = e.pos
	e.moveTo(m)
}

// region returns the text between the cursor and the mark, in order.
func (e *lineEditor) region() (from, to int) {
	m := min(e.mark, len(e.buf))
	return min(e.pos, m), max(e.pos, m)
}

// killRegion kills the text between the cursor and the mark
// (kill-region), appending when the mark is after the cursor.
func (e *lineEditor) killRegion() {
	from, to := e.region()
	if from == to {
		return
	}
	e.kill(e.buf[from:to], e.mark < e.pos)
	e.deleteRange(from, to)
	e.mark = from
}

// copyRegion keeps the region's text in the kill ring, the line left as
// it is (copy-region-as-kill).
func (e *lineEditor) copyRegion() {
	from, to := e.region()
	if from < to {
		e.kill(e.buf[from:to], e.mark < e.pos)
	}
}

// charSearch moves to the count-th next (or, back, previous) occurrence
// of the character typed next (character-search, C-] and M-C-]), ringing
// the bell when there are fewer.
func (e *lineEditor) charSearch(back bool, count int) {
	ch, err := e.readChar()
	if err != nil {
		return
	}
	p := e.pos
	for ; count > 0; count-- {
		q, ok := e.nextOccurrence(p, ch, back)
		if !ok {
			// (the occurrences found so far are kept)
			e.ding()
			return
		}
		p = q
		e.moveTo(p)
	}
}

// nextOccurrence returns the offset of the first occurrence of the
// character ch after p (before it, when back), and false when there is
// none.
func (e *lineEditor) nextOccurrence(p int, ch []byte, back bool) (int, bool) {
	for {
		if back && p <= 0 || !back && p >= len(e.buf) {
			return p, false
		}
		if back {
			p = e.prevChar(p)
		} else {
			p = e.nextChar(p)
		}
		if p < len(e.buf) && bytes.HasPrefix(e.buf[p:], ch) {
			return p, true
		}
	}
}

// transposeWords swaps the word before the cursor with the one after it,
// leaving the cursor after both (transpose-words, M-t); without two
// words the bell rings.
func (e *lineEditor) transposeWords() {
	w2End := e.wordEnd(e.pos)
	w2Beg := e.wordStart(w2End, false)
	w1Beg := e.wordStart(w2Beg, false)
	w1End := e.wordEnd(w1Beg)
	if w1Beg == w2Beg || w2Beg < w1End {
		e.ding()
		return
	}
	w1 := append([]byte(nil), e.buf[w1Beg:w1End]...)
	w2 := append([]byte(nil), e.buf[w2Beg:w2End]...)
	e.beginGroup()
	e.deleteRange(w2Beg, w2End)
	e.moveTo(w2Beg)
	e.insert(w1)
	e.deleteRange(w1Beg, w1End)
	e.moveTo(w1Beg)
	e.insert(w2)
	e.endGroup()
	e.moveTo(w2End)
}

// showVersion writes the shell's version line below the line and shows
// the line again (display-shell-version, C-x C-v).
func (e *lineEditor) showVersion() {
	e.flush()
	io.WriteString(e.w, "\nGNU bash, version "+BashVersion+" ("+bashMachType+")\n")
	e.redisplay()
}
