package interp

import (
	"io"
	"strings"
)

// This file has the line editor's keyboard macros, overwrite mode, and
// the commands that take text from the history line before (M-^,
// M-C-y) or clear the whole display (M-C-l).

// historyExpandLine history-expands the line in place (bash's
// history-expand-line, M-^). The cursor stays at the end, or where it
// was, moved to the end of the word it is in. An expansion error is
// reported below the line, which is shown again as it was.
func (e *lineEditor) historyExpandLine() {
	r := e.r
	line := string(e.buf)
	out, res := line, 0
	if r.histExpanding() {
		out, res, _ = r.histExpand(line)
	}
	if res < 0 {
		e.out = append(e.out, "\r\n"...)
		e.flush()
		r.errorf("%s", out)
		io.WriteString(e.w, "\r")
		pos := e.pos
		e.pos = 0
		e.redisplay()
		e.moveTo(pos)
		return
	}
	e.setUpLine(out)
}

// yankNthArg inserts word n (the first when no count was typed) of the
// history line before the one shown (yank-nth-arg, M-C-y); in vi's
// command mode after a space and the cursor's character.
func (e *lineEditor) yankNthArg(n int) {
	h := e.r.hist
	k := e.hist - 1
	if h == nil || k < 0 || k >= len(h.list) {
		e.ding()
		return
	}
	_, _, com := e.r.histChars()
	arg, ok := histArgExtract(n, n, h.list[k].line, com)
	if !ok || arg == "" {
		e.ding()
		return
	}
	e.beginGroup()
	e.mark = e.pos
	if e.viCmd() {
		if e.pos < len(e.buf) {
			e.moveTo(e.nextChar(e.pos))
		}
		e.keymap = e.r.keymaps().viIns
		e.insert([]byte(" "))
	}
	e.insert([]byte(arg))
	e.endGroup()
}

// clearDisplay clears the screen and what scrolled off it, then shows
// the prompt and line at the top (clear-display, M-C-l); a terminal that
// cannot clear gets a new line, as for clear-screen.
func (e *lineEditor) clearDisplay() {
	if e.clear {
		io.WriteString(e.w, "\x1b[3J")
	}
	e.clearScreen()
}

// startMacro begins recording the keys typed as the keyboard macro
// (start-kbd-macro, C-x (); one being recorded already rings the bell.
func (e *lineEditor) startMacro() {
	if e.macroRec != nil {
		e.ding()
		return
	}
	e.macroRec = []byte{}
}

// endMacro ends the recording (end-kbd-macro, C-x )): the keys read
// since C-x (, but those of this command, are the macro C-x e replays.
func (e *lineEditor) endMacro(seq []byte) {
	if e.macroRec == nil {
		e.ding()
		return
	}
	keys := e.macroRec
	if n := len(keys) - len(seq); n >= 0 {
		keys = keys[:n]
	}
	e.r.kbdMacro, e.macroRec = keys, nil
}

// callMacro reads the last keyboard macro's keys again, count times
// (call-last-kbd-macro, C-x e); with none, or while one is recorded, the
// bell rings.
func (e *lineEditor) callMacro(count int) {
	if e.r.kbdMacro == nil || e.macroRec != nil {
		e.ding()
		return
	}
	var keys []byte
	for i := 0; i < count; i++ {
		keys = append(keys, e.r.kbdMacro...)
	}
	e.unread(keys)
}

// tildeExpand expands the ~ prefix of the word at or before the cursor
// in place (tilde-expand, M-&), as readline's rl_tilde_expand finds the
// word: back from the character before the cursor to a blank, and on to
// the next blank or the line's end. A word not starting with ~ is left
// alone.
func (e *lineEditor) tildeExpand() {
	white := func(p int) bool { return viWhite(e.at(p)) }
	start := e.pos - 1
	switch {
	case start >= 0 && e.buf[start] != '~':
		for start >= 0 && !white(start) {
			start--
		}
		start++
	case start < 0:
		start = 0
	}
	if start >= len(e.buf) || e.buf[start] != '~' {
		return
	}
	end := start + 1
	for end < len(e.buf) && !white(end) {
		end++
	}
	e.replaceRange(start, end, []byte(e.r.tildePath(string(e.buf[start:end]))))
}

// shellExpandLine is bash's shell-expand-line (M-C-e): the line is
// history-expanded, then its words are expanded as the shell expands a
// word (tildes, parameters, command and arithmetic substitution, word
// splitting and quote removal, but no pathname expansion) and joined
// with single spaces; the cursor goes where history-expand-line puts it.
func (e *lineEditor) shellExpandLine() {
	r := e.r
	line := string(e.buf)
	if r.histExpanding() {
		if out, res, _ := r.histExpand(line); res > 0 {
			line = out
		}
	}
	// the whole line is one word to expand, blanks and operators
	// characters of it (bash's expand_word: no brace or pathname
	// expansion)
	braces := r.opts.set[optBraceexpand]
	r.opts.set[optBraceexpand] = false
	fields := r.expandNoGlob(line)
	r.opts.set[optBraceexpand] = braces
	e.setUpLine(strings.Join(fields, " "))
}

// setUpLine shows line instead of the one being edited, the cursor at
// its end when it was at the end, else where it was, moved on to the end
// of the word it is in (bash's set_up_new_line); undo takes it back.
func (e *lineEditor) setUpLine(line string) {
	old, atEnd := e.pos, e.pos == len(e.buf)
	if line != string(e.buf) {
		// one change for undo (maybe_make_readline_line)
		e.replaceRange(0, len(e.buf), []byte(line))
	}
	if !atEnd && old < len(e.buf) {
		e.moveTo(old)
		if c := e.buf[old]; c != ' ' && c != '\t' {
			e.moveTo(e.wordEnd(old))
		}
	}
}

// redrawLine shows the prompt's last line and the line again in place
// (redraw-current-line).
func (e *lineEditor) redrawLine() {
	e.redraw("", append([]byte(nil), e.buf...), e.pos)
}
