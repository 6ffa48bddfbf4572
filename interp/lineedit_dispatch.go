package interp

import (
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// readKey returns the next key: one a failed key sequence put back
// first (as typed), then one a macro or vi's redo put back, else the
// terminal's next byte.
func (e *lineEditor) readKey() (byte, error) {
	var c byte
	e.fromPending = false
	switch {
	case len(e.again) > 0:
		c, e.again = e.again[0], e.again[1:]
	case len(e.pending) > 0:
		c, e.pending = e.pending[0], e.pending[1:]
		e.fromPending = true
	default:
		var err error
		if c, err = e.lr.readByte(); err != nil {
			return 0, err
		}
	}
	if e.viRec != nil {
		e.viRec = append(e.viRec, c)
	}
	return c, nil
}

// recordMacroKey adds a key dispatched to the keyboard macro being
// recorded: as readline's _rl_dispatch_subseq does, only the keys of key
// sequences, not those a command reads itself (nor the typed-ahead
// characters self-insert takes), and not those a macro put back.
func (e *lineEditor) recordMacroKey(c byte) {
	if e.macroRec != nil && !e.fromPending {
		e.macroRec = append(e.macroRec, c)
	}
}

// unread puts keys back to be read before the terminal's.
func (e *lineEditor) unread(keys []byte) {
	e.pending = append(append([]byte(nil), keys...), e.pending...)
}

// reread puts back keys read once already, to be read again: what vi's
// redo records of them is dropped, as reading them again records them.
func (e *lineEditor) reread(keys []byte) {
	if n := len(e.viRec) - len(keys); n >= 0 {
		e.viRec = e.viRec[:n]
	}
	e.again = append(append([]byte(nil), keys...), e.again...)
}

// keyQueued reports whether a key arrives within d (readline's
// _rl_input_queued).
func (e *lineEditor) keyQueued(d time.Duration) bool {
	if len(e.again) > 0 || len(e.pending) > 0 || e.lr.pos < len(e.lr.buf) {
		return true
	}
	ok, _ := pollReadable(e.lr.fd, d)
	return ok
}

// key runs the command the key sequence starting with c is bound to in
// the editor's keymap, reading the rest of the sequence (readline's
// _rl_dispatch). A sequence bound to nothing rings the bell, unless a
// prefix of it had a binding of its own before longer sequences made it
// a prefix: that binding runs and the keys after the prefix are read
// again. arg is the count typed before it (vi's digits), 0 for none. It
// reports whether the line was accepted.
func (e *lineEditor) key(c byte, arg int) bool {
	e.keyDepth++
	defer func() { e.keyDepth-- }()
	if e.keyDepth == 1 {
		e.lastWasKill, e.killRun = e.killRun, false
		e.viRecordStart(c)
		defer e.viRecordEnd()
	}
	e.recordMacroKey(c)
	m := e.keymap
	seq := []byte{c}
	// the deepest prefix whose keymap holds its old binding, and the
	// length of the sequence up to it
	var fallback rlEntry
	fallLen := 0
	for {
		ent := m[c]
		if ent.kind == rlFunc && ent.val == "do-lowercase-version" {
			ent = m[asciiLower(c)]
		}
		switch ent.kind {
		case rlFunc:
			return e.run(ent.val, c, seq, arg)
		case rlMacro:
			e.unread([]byte(ent.val))
			return false
		case rlMap:
			sub := ent.sub
			if sub[rlAnyKey].kind != rlUnbound {
				fallback, fallLen = sub[rlAnyKey], len(seq)
				// the old binding runs when no key follows in time (or
				// the keys put back, as vi's redo does, are used up)
				if e.fromPending && len(e.pending) == 0 {
					return e.runEntry(fallback, seq[fallLen-1], seq, arg)
				}
				if t := cAtoi(e.r.rlVar("keyseq-timeout")); t > 0 && !e.keyQueued(time.Duration(t)*time.Millisecond) {
					return e.runEntry(fallback, seq[fallLen-1], seq, arg)
				}
			}
			next, err := e.readKey()
			if err != nil {
				return false
			}
			e.recordMacroKey(next)
			m, c = sub, next
			seq = append(seq, c)
			continue
		}
		if fallLen > 0 {
			e.reread(seq[fallLen:])
			return e.runEntry(fallback, seq[fallLen-1], seq[:fallLen], arg)
		}
		e.ding()
		return false
	}
}

// runEntry runs a binding kept for a prefix key.
func (e *lineEditor) runEntry(ent rlEntry, c byte, seq []byte, arg int) bool {
	if ent.kind == rlMacro {
		e.unread([]byte(ent.val))
		return false
	}
	return e.run(ent.val, c, seq, arg)
}

// run runs the bindable function fn for the key c, the last of the key
// sequence seq. Functions the editor does not have do nothing.
func (e *lineEditor) run(fn string, c byte, seq []byte, arg int) bool {
	e.prevFn, e.lastFn = e.lastFn, fn
	if ok, done := e.viRun(fn, c, arg); ok {
		e.viCheck()
		return done
	}
	defer e.viCheck()
	if arg > 1 && rlRepeats(fn) {
		// a count runs the command that many times, one change for
		// undo
		if e.undoGroup == 0 {
			e.beginGroup()
			defer e.endGroup()
		}
		for i := 1; i < arg; i++ {
			e.run(fn, c, seq, 0)
		}
	}
	switch fn {
	case "accept-line":
		return true
	case "complete":
		e.complete(e.prevFn == fn)
	case "complete-filename", "complete-command", "complete-variable", "complete-username", "complete-hostname":
		e.completeKind('\t', rlCompleteKind(fn))
	case "possible-filename-completions", "possible-command-completions", "possible-variable-completions",
		"possible-username-completions", "possible-hostname-completions":
		e.completeKind('?', rlCompleteKind(fn))
	case "menu-complete":
		e.menuComplete(max(arg, 1))
	case "menu-complete-backward":
		e.menuComplete(-max(arg, 1))
	case "dynamic-complete-history":
		// (a second time in a row lists the matches)
		what := byte('\t')
		if e.prevFn == fn {
			what = '?'
		}
		e.completeKind(what, "history")
	case "re-read-init-file":
		e.r.ownKeymaps()
		e.r.readInputrc()
		e.keymap = e.r.curKeymap()
	case "glob-expand-word":
		e.completeKind('*', "glob")
	case "glob-list-expansions":
		e.completeKind('?', "glob")
	case "glob-complete-word":
		e.completeKind('\t', "glob*")
	case "possible-completions":
		e.completeAs('?')
	case "insert-completions":
		e.completeAs('*')
	case "self-insert":
		e.selfInsert(c)
		// readline inserts the characters typed ahead of the screen
		// before it shows the line again (_rl_optimize_typeahead)
		for arg == 0 && len(e.pending) == 0 && len(e.again) == 0 && e.keyQueued(0) {
			k, err := e.readKey()
			if err != nil {
				break
			}
			if ent := e.keymap[k]; ent.kind != rlFunc || ent.val != "self-insert" {
				e.reread([]byte{k})
				break
			}
			e.selfInsert(k)
		}
	case "tab-insert":
		e.insert([]byte{'\t'})
	case "quoted-insert":
		if q, err := e.readKey(); err == nil {
			e.insert([]byte{q})
		}
	case "beginning-of-line":
		e.moveTo(0)
	case "end-of-line":
		e.moveTo(len(e.buf))
	case "backward-char":
		e.left()
	case "forward-char":
		if e.viCmd() && e.nextChar(e.pos) >= len(e.buf) {
			e.ding() // (not onto the line's end in vi's command mode)
			break
		}
		e.right()
	case "backward-word":
		e.moveTo(e.wordStart(e.pos, false))
	case "forward-word":
		e.moveTo(e.wordEnd(e.pos))
	case "delete-char":
		if arg > 0 {
			// with a count the characters are killed (rl_delete)
			to := e.pos
			for i := 0; i < arg && to < len(e.buf); i++ {
				to = e.nextChar(to)
			}
			e.killRange(e.pos, to, false)
			break
		}
		e.deleteChar()
	case "vi-eof-maybe":
		return true
	case "backward-delete-char":
		if e.pos == 0 {
			e.ding()
			break
		}
		if arg > 0 {
			// with a count the characters are killed (rl_rubout)
			from := e.pos
			for i := 0; i < arg && from > 0; i++ {
				from = e.prevChar(from)
			}
			e.killRange(from, e.pos, true)
			break
		}
		e.deleteRange(e.prevChar(e.pos), e.pos)
	case "forward-backward-delete-char":
		if e.pos == len(e.buf) && e.pos > 0 {
			e.deleteRange(e.prevChar(e.pos), e.pos)
		} else {
			e.deleteChar()
		}
	case "kill-line":
		e.killRange(e.pos, len(e.buf), false)
	case "unix-line-discard", "backward-kill-line":
		e.killRange(0, e.pos, true)
	case "kill-whole-line":
		e.killRange(0, len(e.buf), false)
	case "unix-word-rubout", "vi-unix-word-rubout":
		e.killRange(e.wordStart(e.pos, true), e.pos, true)
	case "kill-word":
		e.killRange(e.pos, e.wordEnd(e.pos), false)
	case "backward-kill-word":
		e.killRange(e.wordStart(e.pos, false), e.pos, true)
	case "delete-horizontal-space":
		from, to := e.pos, e.pos
		for from > 0 && (e.buf[from-1] == ' ' || e.buf[from-1] == '\t') {
			from--
		}
		for to < len(e.buf) && (e.buf[to] == ' ' || e.buf[to] == '\t') {
			to++
		}
		if from < to {
			e.deleteRange(from, to)
		}
	case "yank":
		e.yank()
	case "yank-pop":
		e.yankPop()
	case "transpose-chars":
		e.transpose()
	case "clear-screen":
		e.clearScreen()
	case "previous-history", "next-history":
		d := -1
		if fn == "next-history" {
			d = 1
		}
		e.historyMove(d)
		if e.viCmd() {
			e.moveTo(0) // (vi's command mode starts at the line's start)
		}
	case "beginning-of-history":
		if e.hist > 0 {
			e.historyMove(-e.hist)
		}
	case "end-of-history":
		if h := e.r.hist; h != nil && e.hist < len(h.list) {
			e.historyMove(len(h.list) - e.hist)
		}
	case "history-search-backward":
		e.historySearch(-1)
	case "history-search-forward":
		e.historySearch(1)
	case "operate-and-get-next":
		// run the line, then edit the history line after it
		e.r.rlNextHist = e.hist + 2
		return true
	case "reverse-search-history":
		return e.reverseSearch()
	case "undo", "vi-undo":
		e.undo()
	case "revert-line":
		e.revertLine()
	case "yank-last-arg":
		e.yankLastArg(e.prevFn == fn)
	case "upcase-word":
		e.changeCase('u')
	case "downcase-word":
		e.changeCase('l')
	case "capitalize-word":
		e.changeCase('c')
	case "insert-comment":
		e.insertComment()
		return true
	case "bracketed-paste-begin":
		e.bracketedPaste()
	case "abort":
		e.ding()
	case rlUnixCmd:
		e.unixCommand(seq)
	case "set-mark":
		e.setMark(arg)
	case "exchange-point-and-mark":
		e.exchangeMark()
	case "kill-region":
		e.killRegion()
	case "copy-region-as-kill":
		e.copyRegion()
	case "character-search", "character-search-backward":
		e.charSearch(fn == "character-search-backward", max(arg, 1))
	case "transpose-words":
		e.transposeWords()
	case "display-shell-version":
		e.showVersion()
	case "non-incremental-reverse-search-history", "non-incremental-forward-search-history":
		dir := -1
		if strings.Contains(fn, "forward") {
			dir = 1
		}
		e.nonincSearch(dir, ':')
	case "non-incremental-reverse-search-history-again", "non-incremental-forward-search-history-again":
		dir := -1
		if strings.Contains(fn, "forward") {
			dir = 1
		}
		if e.r.nsearch.text == "" {
			e.ding()
			break
		}
		e.nonincFind(dir, false, append([]byte(nil), e.buf...))
	case "tilde-expand":
		e.tildeExpand()
	case "shell-expand-line":
		e.shellExpandLine()
	case "redraw-current-line":
		e.redrawLine()
	case "history-expand-line":
		e.historyExpandLine()
	case "yank-nth-arg":
		e.yankNthArg(max(arg, 1))
	case "clear-display":
		e.clearDisplay()
	case "start-kbd-macro":
		e.startMacro()
	case "end-kbd-macro":
		e.endMacro(seq)
	case "call-last-kbd-macro":
		e.callMacro(max(arg, 1))
	case "overwrite-mode":
		e.overwrite = !e.overwrite
	case "digit-argument":
		// M-0 to M-9 start a count that digits typed after go on; the
		// next other key runs with it (a sign alone counts as 1)
		n := 0
		if c >= '0' && c <= '9' {
			n = int(c - '0')
		}
		for {
			k, err := e.readKey()
			if err != nil {
				return false
			}
			if k >= '0' && k <= '9' {
				n = n*10 + int(k-'0')
				continue
			}
			return e.key(k, max(n, 1))
		}
	case "edit-and-execute-command", "vi-edit-and-execute-command":
		e.editAndExecute(fn == "vi-edit-and-execute-command", arg)
	}
	return false
}

// selfInsert inserts the key c typed (in vi's R mode and overwrite mode
// in the place of the character under the cursor).
func (e *lineEditor) selfInsert(c byte) {
	if (e.viReplace || e.overwrite) && e.pos < len(e.buf) {
		e.deleteRange(e.pos, e.nextChar(e.pos))
	}
	e.insert([]byte{c})
}

// rlCompleteKind is the kind of matches a bindable completer finds.
func rlCompleteKind(fn string) string {
	switch {
	case strings.Contains(fn, "filename"):
		return "file"
	case strings.Contains(fn, "command"):
		return "command"
	case strings.Contains(fn, "variable"):
		return "variable"
	case strings.Contains(fn, "username"):
		return "user"
	case strings.Contains(fn, "hostname"):
		return "host"
	}
	return ""
}

// rlRepeats reports whether a count before fn runs it count times.
func rlRepeats(fn string) bool {
	switch fn {
	case "backward-char", "forward-char", "backward-word", "forward-word", "kill-word", "backward-kill-word", "unix-word-rubout",
		"vi-unix-word-rubout", "transpose-chars", "yank", "self-insert", "undo", "vi-undo",
		"previous-history", "next-history", "upcase-word", "downcase-word", "capitalize-word":
		return true
	}
	return false
}

// historySearch finds the next history line in direction d that starts
// with the text that was before the cursor when a run of these searches
// began (history-search-backward and -forward), skipping one equal to
// the line found last, and puts the cursor after that text. The history
// position stays where it was; with nothing found the bell rings.
// Without text before the cursor they walk the history as the arrows do.
func (e *lineEditor) historySearch(d int) {
	h := e.r.hist
	if !strings.HasPrefix(e.prevFn, "history-search-") {
		e.hsPos, e.hsPrefix, e.hsPrev = e.hist, string(e.buf[:e.pos]), "\x00"
	}
	if e.hsPrefix == "" || h == nil {
		e.historyMove(d)
		return
	}
	for i := e.hsPos + d; i >= 0 && i < len(h.list); i += d {
		line := h.list[i].line
		if !strings.HasPrefix(line, e.hsPrefix) {
			continue
		}
		e.hsPos = i
		if line == e.hsPrev {
			continue
		}
		e.hsPrev = line
		e.replace([]byte(line))
		e.moveTo(len(e.hsPrefix))
		return
	}
	e.ding()
	e.moveTo(min(len(e.hsPrefix), len(e.buf)))
}

// unixCommand runs the bind -x command bound to the key sequence seq
// (bash's bash_execute_unix_command): the line and the cursor's
// character offset are in READLINE_LINE and READLINE_POINT while it
// runs, and what it leaves there becomes the line. The screen line is
// cleared first (a new line on a terminal that cannot), and the prompt's
// last line and the line are shown again after.
func (e *lineEditor) unixCommand(seq []byte) {
	r := e.r
	cm := r.keymaps().cmdMap(e.keymap)
	var ent rlEntry
	if cm != nil {
		ent = rlLookup(cm, string(seq), false)
		if ent.kind == rlMap {
			ent = ent.sub[rlAnyKey]
		}
	}
	point := utf8.RuneCount(e.buf[:e.pos])
	e.moveTo(0)
	if ent.kind != rlMacro {
		e.out = append(e.out, "\r\n"...)
		e.flush()
		r.errorf("bash_execute_unix_command: cannot find keymap for command")
		e.redisplay()
		return
	}
	if e.clear {
		e.out = append(e.out, "\r\x1b[K"...)
	} else {
		e.out = append(e.out, "\r\n"...)
	}
	e.flush()
	r.setScalar("READLINE_LINE", string(e.buf), false)
	r.setScalar("READLINE_POINT", strconv.Itoa(point), false)
	r.setScalar("READLINE_MARK", "0", false)
	for _, n := range []string{"READLINE_LINE", "READLINE_POINT", "READLINE_MARK"} {
		r.vars.own(n).attrs |= aExport
	}
	r.vars.envDirty = true
	exit := r.exit
	r.evalStringAs(ent.val, "eval", "bash_execute_unix_command")
	r.exit = exit
	line := []byte(r.varString("READLINE_LINE"))
	pos := len(line)
	if n, err := strconv.Atoi(strings.TrimSpace(r.varString("READLINE_POINT"))); err == nil {
		pos = runeOffset(line, n)
	}
	for _, n := range []string{"READLINE_LINE", "READLINE_POINT", "READLINE_MARK"} {
		r.unsetVar(n)
	}
	e.buf, e.pos = line, 0
	e.redisplay()
	e.moveTo(pos)
}

// runeOffset returns the byte offset of the n-th character of b, clamped
// to b.
func runeOffset(b []byte, n int) int {
	if n <= 0 {
		return 0
	}
	off := 0
	for i := 0; i < n && off < len(b); i++ {
		_, size := utf8.DecodeRune(b[off:])
		off += size
	}
	return off
}

// editAndExecute is C-x C-e (v in vi's command mode), bash's
// edit_and_execute_command: the line is accepted and remembered, with an
// empty entry after it for fc to take the place of, and fc edits it with
// $VISUAL, else $EDITOR, else emacs (vi) and runs the result, the
// terminal's modes as they were outside the editor meanwhile. A count
// before the key is fc's history number instead. The line is then empty.
func (e *lineEditor) editAndExecute(vi bool, arg int) {
	r := e.r
	e.moveTo(len(e.buf))
	e.out = append(e.out, '\n')
	e.flush()
	cmd, name := `fc -e "${VISUAL:-${EDITOR:-emacs}}"`, "C-xC-e"
	if vi {
		cmd, name = `fc -e "${VISUAL:-${EDITOR:-vi}}"`, "v"
		if r.opts.on(optPosix) {
			cmd = "fc -e vi"
		}
	}
	if arg > 0 {
		cmd += " " + strconv.Itoa(arg)
	} else {
		r.histReallyAdd(string(e.buf))
		r.histReallyAdd("")
	}
	e.restore()
	if e.paste {
		io.WriteString(e.w, pasteFini)
	}
	r.evalStringAs(cmd, "eval", name)
	e.prep()
	e.buf, e.pos, e.undoList = e.buf[:0], 0, nil
	if vi {
		e.keymap = r.keymaps().viIns
	}
	if h := r.hist; h != nil {
		e.hist = len(h.list)
	}
	e.redisplay()
}
