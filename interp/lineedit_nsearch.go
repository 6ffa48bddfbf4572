package interp

import (
	"strings"
)

// nsearchState is what readline's non-incremental history searches keep
// from one search to the next, and from line to line: the text searched
// for and the history entry found last.
type nsearchState struct {
	text string
	pos  int
}

// nonincSearch is readline's non-incremental history search (M-p, M-n;
// / and ? in vi's command mode): the text to find is read on the line,
// after the prompt and pchar, with DEL, C-w and C-u to edit it; C-g, or
// DEL with nothing left, gives the line back. RET searches from the
// history entry shown, in direction dir, for a line holding the text (or
// starting with it, after a ^), the last text when none was typed.
func (e *lineEditor) nonincSearch(dir int, pchar byte) {
	savedBuf, savedPos := append([]byte(nil), e.buf...), e.pos
	start := e.hist
	prompt := e.lastLinePrompt() + string(pchar)
	var text []byte
	e.redraw(prompt, nil, 0)
	for done := false; !done; {
		c, err := e.readKey()
		if err != nil {
			return
		}
		switch c {
		case 0x17: // C-w
			p := len(text)
			for p > 0 && (text[p-1] == ' ' || text[p-1] == '\t') {
				p--
			}
			for p > 0 && text[p-1] != ' ' && text[p-1] != '\t' {
				p--
			}
			text = text[:p]
		case 0x15: // C-u
			text = text[:0]
		case '\r', '\n':
			done = true
			continue
		case 0x08, 0x7f:
			if len(text) == 0 {
				e.redraw("", savedBuf, savedPos)
				return
			}
			text = text[:e.prevCharIn(text, len(text))]
		case 0x03, 0x07:
			e.ding()
			e.redraw("", savedBuf, savedPos)
			return
		default:
			text = append(text, c)
		}
		e.redraw(prompt, text, len(text))
	}
	ns := &e.r.nsearch
	pattern := pchar == '/' || pchar == '?'
	if len(text) == 0 {
		if ns.text == "" {
			e.ding()
			e.redraw("", savedBuf, savedPos)
			return
		}
	} else {
		ns.text, ns.pos = string(text), start
	}
	e.nonincFind(dir, pattern, savedBuf)
}

// nonincFind searches the history from the entry found last, in
// direction dir, for the last search's text (noninc_dosearch): a line
// found replaces the one shown, the cursor at its start (at the match
// where the terminal shows an active region, outside vi); in vi mode the
// history position moves there. Without one the line shown before the
// search comes back and the bell rings.
func (e *lineEditor) nonincFind(dir int, pattern bool, shown []byte) {
	ns := &e.r.nsearch
	h := e.r.hist
	text := ns.text
	anchored := strings.HasPrefix(text, "^")
	if anchored {
		text = text[1:]
	}
	if h != nil {
		for i := ns.pos + dir; i >= 0 && i < len(h.list); i += dir {
			line := h.list[i].line
			at := -1
			switch {
			case anchored:
				if strings.HasPrefix(line, text) {
					at = 0
				}
			case dir < 0:
				at = strings.LastIndex(line, text)
			default:
				at = strings.Index(line, text)
			}
			if at < 0 {
				continue
			}
			ns.pos = i
			pos := 0
			if !pattern && at > 0 && at < len(line) && e.r.rlVar("enable-active-region") == "on" && e.paste {
				pos = at
			}
			e.redraw("", []byte(line), pos)
			e.undoList = nil
			if e.r.rlVar("editing-mode") == "vi" {
				e.hist = i
			}
			return
		}
	}
	e.redraw("", shown, 0)
	e.ding()
}
