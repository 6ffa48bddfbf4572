package interp

import (
	"bytes"
	"strings"
)

// A line wider than the screen is shown as readline shows it on a
// terminal that cannot move the cursor up (dumb), or with
// horizontal-scroll-mode on: one screen line, a window onto the prompt
// and the line that scrolls to keep the cursor in view, < at its left
// edge when text is hidden there and > at its right (rl_redisplay's
// horizontal scrolling). The window is drawn whole from the line's start
// each time; a line that fits is shown as it is typed.

// hscroll reports whether the line scrolls horizontally.
func (e *lineEditor) hscroll() bool {
	return e.dumbTerm || e.r.rlVar("horizontal-scroll-mode") == "on"
}

// scrollWidth is the width of the window: the screen's less one, as
// readline takes it for horizontal scrolling.
func (e *lineEditor) scrollWidth() int {
	w, _ := e.termSize()
	return max(w-1, 1)
}

// scrollFlush writes out what the keys handled so far display, as a
// window when the line does not fit or was scrolled before: what the
// editing functions wrote for the whole line is dropped and the window
// drawn instead (a newline they ended with is kept). It reports whether
// it did so.
func (e *lineEditor) scrollFlush() bool {
	prompt := []rune(e.lastLinePrompt())
	text := []rune(e.showString(e.buf))
	sw := e.scrollWidth()
	if e.lmargin == 0 && len(prompt)+len(text) <= sw {
		return false
	}
	nl := bytes.HasSuffix(e.out, []byte("\n"))
	e.out = e.out[:0]
	line := append(prompt, text...)
	cpos := len(prompt) + len([]rune(e.showString(e.buf[:e.pos])))
	t := max(sw/3, 1)
	phys := cpos - e.lmargin
	lm := e.lmargin
	switch {
	case phys > sw-2:
		lm = max(cpos-2*t, 0)
	case cpos < sw-2:
		lm = 0
	case phys < 1:
		lm = (cpos - 1) / t * t
	}
	if lm > 0 && lm < len(line) {
		line[lm] = '<'
	}
	if end := lm + sw; end < len(line) {
		line[end-1] = '>'
	}
	shown := line[min(lm, len(line)):min(len(line), lm+sw)]
	var b strings.Builder
	b.WriteByte('\r')
	b.WriteString(string(shown))
	pad := max(e.shownLen-len(shown), 0)
	b.WriteString(strings.Repeat(" ", pad))
	b.WriteString(strings.Repeat("\b", len(shown)+pad-(cpos-lm)))
	if nl {
		// (the line was accepted: the cursor went to its end first)
		b.WriteString("\n")
	}
	e.lmargin, e.shownLen = lm, len(shown)
	if e.echo {
		e.w.Write([]byte(b.String()))
	}
	return true
}

// showString is text as the editor displays it.
func (e *lineEditor) showString(b []byte) string { return string(appendShown(nil, b)) }
