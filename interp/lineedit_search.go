package interp

import (
	"strings"
	"time"
)

// reverseSearch is readline's reverse-search-history (^R), an
// incremental search back through the history: the prompt becomes
// "(reverse-i-search)`TEXT': " and the line the most recent one holding
// TEXT, the cursor on the match. Typed characters extend TEXT, ^R finds
// the next older match (an empty TEXT takes the last search's), DEL
// shortens TEXT, ^G gives the line back as it was, RET runs the line
// found, and any other key ends the search with that line and then acts
// on it. It reports whether the line was accepted.
func (e *lineEditor) reverseSearch() bool {
	h := e.r.hist
	var list []string
	if h != nil {
		for _, en := range h.list {
			list = append(list, en.line)
		}
	}
	// the line being edited is the newest place to search
	cur := len(list)
	if e.hist < len(list) {
		cur = e.hist
	}
	lines := append(list[:cur:cur], string(e.buf))
	origBuf, origPos, origHist := []byte(string(e.buf)), e.pos, e.hist
	text, failed := "", false
	hi, pos := cur, e.pos
	show := func() {
		msg := "(reverse-i-search)`"
		if failed {
			msg = "(failed reverse-i-search)`"
		}
		e.redraw(msg+text+"': ", []byte(lines[hi]), pos)
	}
	// find looks for text from line i at byte from backwards; the lines
	// past i that repeat the line last found are skipped
	prevFound, found := "", false
	find := func(i, from int) bool {
		for start := i; i >= 0; i-- {
			line := lines[i]
			if i != start && found && line == prevFound {
				continue
			}
			p := len(line) - len(text)
			if i == start && from < p {
				p = from
			}
			for ; p >= 0; p-- {
				if strings.HasPrefix(line[p:], text) {
					hi, pos = i, p
					prevFound, found = line, true
					return true
				}
			}
		}
		return false
	}
	show()
	e.flush()
	for {
		c, err := e.readKey()
		if err != nil {
			e.endSearch(hi, lines, cur, pos)
			return false
		}
		switch {
		case c == 0x12: // ^R: the next older match
			if text == "" {
				text = e.r.rlLastSearch
			}
			if text != "" {
				from := pos - 1
				failed = !find(hi, from)
				if failed {
					e.ding()
				}
			}
		case c == 0x07: // ^G: the line as it was
			e.redraw("", origBuf, origPos)
			e.hist = origHist
			e.flush()
			return false
		case c == 0x7f || c == 0x08:
			if text == "" {
				e.ding()
				break
			}
			_, n := lastRune(text)
			text = text[:len(text)-n]
			if text != "" {
				failed = !find(hi, pos)
			} else {
				failed = false
			}
		case c == '\r':
			e.endSearch(hi, lines, cur, e.failedPos(failed, pos))
			return true
		case c == '\n' || c == 0x1b:
			// readline's isearch-terminators end the search and
			// do nothing else, but an ESC with more input right
			// behind it starts a key's sequence (an arrow key)
			e.endSearch(hi, lines, cur, e.failedPos(failed, pos))
			if c == 0x1b {
				if ok, _ := pollReadable(e.lr.fd, 100*time.Millisecond); ok || e.lr.pos < len(e.lr.buf) {
					e.flush()
					return e.key(c, 0)
				}
			}
			e.flush()
			return false
		case c >= 0x20 || c == '\t':
			text += string(c)
			e.r.rlLastSearch = text
			if !find(hi, pos) {
				failed = true
				e.ding()
			} else {
				failed = false
			}
		default:
			// any other key ends the search, then acts on the line
			e.endSearch(hi, lines, cur, e.failedPos(failed, pos))
			e.flush()
			return e.key(c, 0)
		}
		if text != "" {
			e.r.rlLastSearch = text
		}
		show()
		e.flush()
	}
}

// failedPos is where the cursor is left when the search ends: at the
// match, or at the line's start after a failed search (as bash's
// readline leaves it).
func (e *lineEditor) failedPos(failed bool, pos int) int {
	if failed {
		return 0
	}
	return pos
}

// endSearch leaves the search with line hi of lines (cur: the line that
// was being edited) in the buffer, shown after the prompt again, the
// cursor at pos.
func (e *lineEditor) endSearch(hi int, lines []string, cur, pos int) {
	e.redraw("", []byte(lines[hi]), pos)
	if hi != cur {
		if e.r.hist != nil && e.hist >= len(e.r.hist.list) {
			e.saved = []byte(lines[cur])
		}
		e.hist = hi
	}
}

// redraw shows prompt (the prompt's last line when empty) and line
// again from the start of the screen line, blanking what is left of the
// longer one shown before, the cursor at pos.
func (e *lineEditor) redraw(prompt string, line []byte, pos int) {
	old := e.cols([]byte(e.lastLinePrompt())) + e.cols(e.buf)
	e.searchPrompt = prompt
	shown := e.lastLinePrompt()
	e.moveTo(0)
	e.out = append(e.out, '\r')
	e.out = append(e.out, shown...)
	e.buf = append(e.buf[:0], line...)
	e.pos = len(e.buf)
	e.show(e.buf)
	if n := old - e.cols([]byte(shown)) - e.cols(e.buf); n > 0 {
		e.blank(n)
		e.back(n)
	}
	e.moveTo(pos)
}

// lastLinePrompt is the part of the prompt on the line being edited.
func (e *lineEditor) lastLinePrompt() string {
	if e.searchPrompt != "" {
		return e.searchPrompt
	}
	p := e.prompt
	if i := strings.LastIndexByte(p, '\n'); i >= 0 {
		p = p[i+1:]
	}
	return p
}

// lastRune returns the last character of s and its length in bytes.
func lastRune(s string) (rune, int) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] < 0x80 || s[i] >= 0xc0 {
			return rune(s[i]), len(s) - i
		}
	}
	return 0, 1
}
