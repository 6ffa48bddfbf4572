package interp

import (
	"bytes"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// This file is the line editor's vi mode (readline's vi_mode.c): the
// vi-insert keymap until ESC, then the vi-command keymap's motions,
// operators with their motions (d, c, y and their doubled forms), counts,
// character searches, replacement, case changes, puts and history. Not
// there: marks and %.

// viMotions are the keys that can follow d, c or y (readline's
// vi_motion).
const viMotions = " hl^$0ftFT;,%wbeWBE|`"

// viCmd reports whether the editor is in vi's command mode.
func (e *lineEditor) viCmd() bool {
	k := e.r.keymaps()
	return e.keymap == k.viCmd
}

// viMovementMode is ESC in insert mode (vi-movement-mode): the cursor
// backs up a character and the command keymap is used. The first time
// in a line, what was typed before can no longer be undone.
func (e *lineEditor) viMovementMode() {
	if e.pos > 0 {
		e.moveTo(e.prevChar(e.pos))
	}
	e.keymap = e.r.keymaps().viCmd
	e.endGroup()
	e.viReplace = false
	if e.viInserting {
		// the change that entered insert mode ends here, for .
		e.viInserting = false
		e.r.viState.last = e.viRec
	}
	if !e.viCmdOnce {
		e.undoList = nil
		e.viCmdOnce = true
	}
}

// viInsert enters insert mode, the text typed until ESC one change for
// undo.
func (e *lineEditor) viInsert() {
	e.keymap = e.r.keymaps().viIns
	e.beginGroup()
}

// viCheck keeps the cursor on a character in command mode: never past
// the last one (rl_vi_check, after each command).
func (e *lineEditor) viCheck() {
	if e.viCmd() && e.pos > 0 && e.pos == len(e.buf) {
		e.moveTo(e.prevChar(e.pos))
	}
}

func viWhite(c byte) bool { return c == ' ' || c == '\t' }

// viIdent is readline's _rl_isident: letters, digits and underscore.
func viIdent(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// at returns the byte at p, or 0 past the end.
func (e *lineEditor) at(p int) byte {
	if p < 0 || p >= len(e.buf) {
		return 0
	}
	return e.buf[p]
}

// viMotion returns where the motion key moves the cursor count times
// from p, as readline's vi motions do, and false for a motion that fails
// (the bell rings for some) or a key that is not one.
func (e *lineEditor) viMotion(key byte, count int, p int) (int, bool) {
	end := len(e.buf)
	switch key {
	case 'h', 0x08, 0x7f:
		if p == 0 {
			return p, false
		}
		for ; count > 0 && p > 0; count-- {
			p = e.prevChar(p)
		}
	case 'l', ' ':
		for ; count > 0 && p < end; count-- {
			p = e.nextChar(p)
		}
	case '0':
		p = 0
	case '$':
		p = end
	case '^':
		p = 0
		for p < end && viWhite(e.buf[p]) {
			p++
		}
	case '|':
		p = 0
		for i := 1; i < count && p < end; i++ {
			p = e.nextChar(p)
		}
	case 'w', 'W':
		if p >= end-1 {
			return p, false
		}
		for ; count > 0 && p < end-1; count-- {
			switch {
			case key == 'W':
				for p < end && !viWhite(e.at(p)) {
					p = e.nextChar(p)
				}
			case viIdent(e.at(p)):
				for p < end && viIdent(e.at(p)) {
					p = e.nextChar(p)
				}
			default:
				for p < end && !viIdent(e.at(p)) && !viWhite(e.at(p)) {
					p = e.nextChar(p)
				}
			}
			for p < end && viWhite(e.at(p)) {
				p = e.nextChar(p)
			}
		}
	case 'b', 'B':
		if p == 0 {
			return p, false
		}
		for ; count > 0 && p > 0; count-- {
			p = e.viBackWord(p, key == 'B')
		}
	case 'e', 'E':
		if p >= end-1 {
			return p, false
		}
		for ; count > 0 && p < end-1; count-- {
			p = e.viEndWord(p, key == 'E')
		}
	case 'f', 'F', 't', 'T', ';', ',':
		return e.viCharSearch(key, count, p)
	default:
		return p, false
	}
	return p, true
}

// viBackWord is one step of b (or B, words between blanks), as readline's
// rl_vi_bword and rl_vi_bWord take it, quirks kept.
func (e *lineEditor) viBackWord(p int, big bool) int {
	backup := func() int {
		o := p
		if p > 0 {
			p = e.prevChar(p)
		}
		return o
	}
	if !viWhite(e.at(p)) && viWhite(e.at(p-1)) {
		p--
		if p == 0 {
			return 0
		}
	}
	if big {
		for p > 0 && viWhite(e.at(p)) {
			backup()
		}
		if p > 0 {
			for backup(); p > 0 && !viWhite(e.at(p)); {
				backup()
			}
			if p > 0 {
				p++
			}
		}
		return p
	}
	cur := viIdent(e.at(p))
	if o := backup(); cur == viIdent(e.at(p)) {
		p = o
	}
	for p > 0 && viWhite(e.at(p)) {
		backup()
	}
	if p > 0 {
		ident := viIdent(e.at(p))
		inWord := func() bool {
			if ident {
				return viIdent(e.at(p))
			}
			return !viIdent(e.at(p)) && !viWhite(e.at(p))
		}
		o := backup()
		for p > 0 && inWord() {
			o = backup()
		}
		if p > 0 {
			p = o
		}
	}
	return p
}

// viEndWord is one step of e (or E, words between blanks), as readline's
// rl_vi_eword and rl_vi_eWord take it.
func (e *lineEditor) viEndWord(p int, big bool) int {
	end := len(e.buf)
	if !viWhite(e.at(p)) {
		p = e.nextChar(p)
	}
	for p < end && viWhite(e.at(p)) {
		p = e.nextChar(p)
	}
	if big {
		if p > 0 && p < end {
			o := p
			for p < end && !viWhite(e.at(p)) {
				o, p = p, e.nextChar(p)
			}
			p = o
		}
		return p
	}
	o := p
	if p < end {
		ident := viIdent(e.at(p))
		for {
			o, p = p, e.nextChar(p)
			if p >= end || ident != viIdent(e.at(p)) || !ident && viWhite(e.at(p)) {
				break
			}
		}
	}
	return o
}

// viCharSearch is f, F, t and T (the character read after them) and ;
// and , (the last search again, the same way or the other).
func (e *lineEditor) viCharSearch(key byte, count, p int) (int, bool) {
	dir := 0
	switch key {
	case ';', ',':
		if e.r.viState.searchDir == 0 || e.r.viState.searchChar == nil {
			return p, false
		}
		dir = e.r.viState.searchDir
		if key == ',' {
			dir = -dir
		}
	default:
		c, err := e.readChar()
		if err != nil {
			return p, false
		}
		switch key {
		case 'f':
			dir = 2
		case 'F':
			dir = -2
		case 't':
			dir = 1
		case 'T':
			dir = -1
		}
		e.r.viState.searchDir, e.r.viState.searchChar = dir, c
	}
	for ; count > 0; count-- {
		q, ok := e.nextOccurrence(p, e.r.viState.searchChar, dir < 0)
		if !ok {
			e.ding()
			return p, false
		}
		switch dir {
		case 1:
			p = e.prevChar(q)
		case -1:
			p = e.nextChar(q)
		default:
			p = q
		}
	}
	return p, true
}

// readChar reads a key that is a character: the bytes of one in a UTF-8
// locale.
func (e *lineEditor) readChar() ([]byte, error) {
	c, err := e.readKey()
	if err != nil {
		return nil, err
	}
	b := []byte{c}
	if e.utf8 && c >= 0xc0 {
		for !utf8.FullRune(b) {
			c, err := e.readKey()
			if err != nil {
				break
			}
			b = append(b, c)
		}
	}
	return b, nil
}

// viOperator is d, c or y (and D, C, Y: to the line's end): the text the
// motion covers (read next when 0) is killed, killed before insert mode,
// or copied; the key again (dd) covers the line.
func (e *lineEditor) viOperator(op byte, count int, motion byte) {
	start := e.pos
	if op >= 'A' && op <= 'Z' {
		op, motion = asciiLower(op), '$'
	}
	if motion == 0 {
		k, err := e.readKey()
		if err != nil {
			return
		}
		if k >= '1' && k <= '9' {
			n := int(k - '0')
			for {
				k, err = e.readKey()
				if err != nil {
					return
				}
				if k < '0' || k > '9' {
					break
				}
				n = n*10 + int(k-'0')
			}
			count *= n
		}
		motion = k
	}
	from, to := start, start
	switch {
	case motion == op:
		from, to = 0, len(e.buf)
	case bytes.IndexByte([]byte(viMotions), motion) >= 0:
		// the motions see a blank after the line, as readline adds
		e.buf = append(e.buf, ' ')
		p, ok := e.viMotion(motion, count, start)
		e.buf = e.buf[:len(e.buf)-1]
		if p > len(e.buf) {
			p = len(e.buf)
		}
		if !ok || p == start {
			if op != 'c' {
				e.ding()
				return
			}
			// c goes on even when its motion went nowhere: the rule
			// below may still take the character under the cursor
			p = start
		}
		if asciiUpper(motion) == 'W' && p < len(e.buf) && p > start && !viWhite(e.buf[p]) {
			p--
		}
		if op == 'c' && p >= start && asciiUpper(motion) == 'W' {
			for p > start && viWhite(e.at(p)) {
				p--
			}
			if p == start {
				p = e.nextChar(p)
			} else if p < len(e.buf)-1 && !viWhite(e.at(p)) {
				p = e.nextChar(p)
			}
		}
		from, to = min(p, start), max(p, start)
		// motions that leave the cursor on the last character covered
		// take it too
		keep := " l|h^0bBFT`"
		if op == 'c' {
			keep = " l|hwW^0bBFT`"
		}
		if op == 'y' {
			keep = " l|h^0%bBFT`"
		}
		if bytes.IndexByte([]byte(keep), motion) < 0 && p >= start && to < len(e.buf) && (ok || op == 'c') {
			to = e.nextChar(to)
		}
		if op == 'c' && asciiUpper(motion) == 'W' && p < start {
			from = start
		}
	default:
		e.ding()
		return
	}
	switch op {
	case 'd':
		e.killRange(from, to, false)
	case 'c':
		e.viInsert()
		e.killRange(from, to, false)
	case 'y':
		e.kill(e.buf[from:to], false)
		e.moveTo(start)
	}
}

// viRun runs vi's own bindable functions with the count typed before
// them (arg, 0 for none); it reports whether fn was one, and whether the
// line was accepted.
func (e *lineEditor) viRun(fn string, c byte, arg int) (ok, done bool) {
	count := max(arg, 1)
	switch fn {
	case "vi-movement-mode":
		e.viMovementMode()
	case "vi-insertion-mode":
		e.viInsert()
	case "vi-append-mode":
		if e.pos < len(e.buf) {
			e.moveTo(e.nextChar(e.pos))
		}
		e.viInsert()
	case "vi-append-eol":
		e.moveTo(len(e.buf))
		e.viInsert()
	case "vi-insert-beg":
		e.moveTo(0)
		e.viInsert()
	case "vi-first-print":
		p, _ := e.viMotion('^', 1, e.pos)
		e.moveTo(p)
	case "vi-next-word", "vi-prev-word", "vi-end-word", "vi-char-search", "vi-column":
		key := c
		if fn == "vi-column" {
			key = '|'
		}
		if p, ok := e.viMotion(key, count, e.pos); ok {
			e.moveTo(min(p, len(e.buf)))
		} else if fn != "vi-char-search" {
			e.ding()
		}
	case "vi-delete":
		if len(e.buf) == 0 {
			e.ding()
			break
		}
		to := e.pos
		for i := 0; i < count && to < len(e.buf); i++ {
			to = e.nextChar(to)
		}
		e.killRange(e.pos, to, false)
	case "vi-rubout":
		if e.pos == 0 {
			e.ding()
			break
		}
		from := e.pos
		for i := 0; i < count && from > 0; i++ {
			from = e.prevChar(from)
		}
		e.killRange(from, e.pos, false)
	case "vi-delete-to", "vi-change-to", "vi-yank-to":
		e.viOperator(c, count, 0)
	case "vi-subst":
		// S is cc, s is cl
		motion := byte('l')
		if c == 'S' {
			motion = 'c'
		}
		e.viOperator('c', count, motion)
	case "vi-change-char":
		ch, err := e.readChar()
		if err != nil || e.pos >= len(e.buf) {
			e.ding()
			break
		}
		// each character is killed (x) and the new one put in
		e.beginGroup()
		for i := 0; i < count && e.pos < len(e.buf); i++ {
			e.killRange(e.pos, e.nextChar(e.pos), false)
			e.insert(ch)
		}
		e.endGroup()
		e.moveTo(e.prevChar(e.pos))
	case "vi-change-case":
		e.beginGroup()
		for i := 0; i < count && e.pos < len(e.buf); i++ {
			r, n := rune(e.buf[e.pos]), 1
			if e.utf8 {
				r, n = utf8.DecodeRune(e.buf[e.pos:])
			}
			swapped := r
			switch {
			case unicode.IsUpper(r):
				swapped = unicode.ToLower(r)
			case unicode.IsLower(r):
				swapped = unicode.ToUpper(r)
			}
			if swapped == r {
				e.moveTo(e.pos + n)
				continue
			}
			// killed (x) and put back changed; at the line's end the
			// cursor stays on it, and a count goes on changing it
			e.killRange(e.pos, e.pos+n, false)
			e.insert([]byte(string(swapped)))
			e.viCheck()
		}
		e.endGroup()
	case "vi-replace":
		e.viInsert()
		e.viReplace = true
	case "vi-put":
		if c == 'p' && e.pos < len(e.buf) {
			e.moveTo(e.nextChar(e.pos))
		}
		e.beginGroup()
		for i := 0; i < count; i++ {
			e.yank()
		}
		e.endGroup()
		e.left()
	case "vi-fetch-history":
		if e.r.hist == nil {
			break
		}
		if arg > 0 {
			e.historyMove(arg - 1 - e.hist)
		} else if e.hist > 0 {
			e.historyMove(-e.hist)
		}
		e.moveTo(0)
	case "vi-search":
		// / searches back through the history, ? forward
		if c == '/' {
			e.nonincSearch(-1, '/')
		} else {
			e.nonincSearch(1, '?')
		}
	case "vi-search-again":
		if e.r.nsearch.text == "" {
			e.ding()
			break
		}
		dir := -1
		if c == 'N' {
			dir = 1
		}
		e.nonincFind(dir, true, append([]byte(nil), e.buf...))
	case "vi-redo":
		if e.r.viState.last == nil {
			break
		}
		keys := bytes.TrimLeft(e.r.viState.last, "0123456789")
		if arg > 0 {
			keys = append([]byte(strconv.Itoa(arg)), keys...)
		} else {
			keys = e.r.viState.last
		}
		e.unread(keys)
	case "vi-arg-digit":
		if c == '0' && arg == 0 {
			e.moveTo(0)
			break
		}
		n := arg*10 + int(c-'0')
		k, err := e.readKey()
		if err != nil {
			break
		}
		// the next key runs with the count read so far
		return true, e.key(k, n)
	default:
		return false, false
	}
	return true, false
}

// viRecordStart begins recording the keys of a command typed in vi's
// command mode, c its first, unless a change's insertion is going on.
func (e *lineEditor) viRecordStart(c byte) {
	if e.viInserting {
		return
	}
	e.viRec = nil
	if e.viCmd() {
		e.viRec = []byte{c}
	}
}

// viRecordEnd keeps the recorded keys of a command that changed the line
// for . (vi-redo), or goes on recording through the insertion of one that
// entered insert mode.
func (e *lineEditor) viRecordEnd() {
	if e.viRec == nil || e.viInserting {
		return
	}
	switch e.lastFn {
	case "vi-delete", "vi-rubout", "vi-delete-to", "vi-change-char", "vi-change-case", "vi-put":
		e.r.viState.last = e.viRec
	case "vi-change-to", "vi-subst", "vi-replace", "vi-insertion-mode", "vi-append-mode",
		"vi-append-eol", "vi-insert-beg":
		if !e.viCmd() {
			e.viInserting = true
			return
		}
		e.r.viState.last = e.viRec
	}
	e.viRec = nil
}

// viState is what vi mode keeps from one line to the next, as readline
// keeps it: the last f, F, t or T (its direction: 2 f, -2 F, 1 t, -1 T)
// and the keys of the last change, for ; , and . in a later line.
type viState struct {
	searchDir  int
	searchChar []byte
	last       []byte
}
