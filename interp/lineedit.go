package interp

import (
	"bytes"
	"io"
	"syscall"
	"unicode/utf8"
)

// Bracketed paste mode, which readline turns on while it reads a line
// (BRACK_PASTE_INIT, BRACK_PASTE_FINI) unless the terminal is dumb or
// enable-bracketed-paste is off.
const (
	pasteInit = "\x1b[?2004h"
	pasteFini = "\x1b[?2004l\r"
)

// lineEditor reads a command line from a terminal the way readline does
// for an interactive bash with line editing: the terminal is put in
// non-canonical mode without echo while the line is read (readline's
// rl_prep_terminal, each time), the editor echoes what is typed when the
// terminal echoed before (_rl_echoing_p: a harness that turned echo off,
// as pexpect's echo=False does, sees no echo) and runs what each key
// sequence is bound to in readline's keymaps (keymap.go: bash's defaults,
// the terminal's keys, the inputrc file and bind), dispatched in
// lineedit_dispatch.go: in emacs mode ^L clears the screen, ^U, ^W, ^K
// and ^Y kill and yank, ^A ^E ^B ^F and the arrows move, ^P ^N and the
// arrows walk the history, ^D at an empty line is the end of input, ^V
// quotes, a bracketed paste is inserted as typed; TAB completes
// (lineedit_complete.go), ^R searches the history (lineedit_search.go),
// M-. M-u M-l M-c act on words (lineedit_words.go) and ^_ undoes
// (lineedit_undo.go). Macros are read as typed and bind -x commands run.
// vi mode's own commands are not there: its keymaps are used, and the
// functions the editor has run.
type lineEditor struct {
	r       *Runner
	lr      *lineReader
	w       io.Writer
	old     *syscall.Termios // the terminal's modes, put back after the line
	echo    bool             // the terminal echoed (readline echoes)
	echoCtl bool             // ECHOCTL: ^C is shown as readline does
	paste   bool             // bracketed paste mode is on
	clear   bool             // the terminal can clear its screen
	eof     byte             // the terminal's end-of-file character
	prompt  string           // the prompt, all its lines, for a redisplay

	buf []byte // the line
	pos int    // the cursor, a byte offset in buf
	out []byte // display output for the key being handled
	// utf8: the locale's characters are UTF-8 sequences (else bytes)
	utf8 bool

	// viReplace: vi's R replaces characters as they are typed;
	// viCmdOnce: vi's command mode was entered in this line;
	// viSearchDir and viSearchChar are the last f, F, t or T
	viReplace, viCmdOnce bool
	// viRec records the keys of the command being run in vi's command
	// mode (through its insertion when it enters insert mode: while
	// viInserting), kept for . when it changed the line
	viRec       []byte
	viInserting bool
	// killRun: the command being run killed text; lastWasKill: the
	// one before did, so that a kill now joins its text
	killRun, lastWasKill bool
	// keyDepth is how deep key runs in itself (vi's counts);
	// fromPending: the key read last came from pending
	keyDepth    int
	fromPending bool

	// keymap is the keymap keys are looked up in (keymap.go); pending
	// are keys to read before the terminal's: a macro's, or those after
	// a prefix whose old binding ran
	keymap  *rlKeymap
	pending []byte
	// again are keys read once and put back to be read as typed (the
	// keys after a prefix whose old binding ran, a key typed ahead)
	again []byte

	// lastFn is the function the last key sequence ran, prevFn the one
	// before it while a function runs (readline's rl_last_func): a
	// complete, yank-last-arg or history-search after itself goes on
	// from where it left off
	lastFn, prevFn string
	// tabChanged and tabFailed say what the last completion did (a TAB
	// after one that changed nothing and found matches lists them)
	tabChanged, tabFailed bool
	// hsPos, hsPrefix and hsPrev are the state of a run of history
	// searches: the entry found last, the text searched for and the
	// line found last
	hsPos            int
	hsPrefix, hsPrev string
	// filesOnly: TAB completes file names only (read -e)
	filesOnly bool
	// searchPrompt is shown in the prompt's place during ^R
	searchPrompt string
	// menu is the state of a run of menu completions
	// (lineedit_menu.go)
	menu menuState
	// macroRec records the keys typed for a keyboard macro, from C-x (
	// (nil: none being recorded); overwrite: overwrite-mode is on
	macroRec  []byte
	overwrite bool
	// dumbTerm: the terminal is dumb (no cursor movement up: the line
	// scrolls horizontally); lmargin and shownLen are the scrolled
	// window's start in the prompt and line and its width shown last
	// (lineedit_hscroll.go)
	dumbTerm          bool
	lmargin, shownLen int
	// yankFrom is where the last yank put its text (for yank-pop);
	// mark is readline's mark, the region's other end
	yankFrom, mark int
	// yank-last-arg put yankLen bytes at yankAt from the history line
	// yankSkip before the previous one
	yankAt, yankLen, yankSkip int
	// undoList are the changes made to the line (lineedit_undo.go);
	// undoGroup is the group being recorded, undoSeq numbers them
	undoList           []undoRec
	undoGroup, undoSeq int
	undoing            bool

	hist  int    // the history entry shown (len(list): the new line)
	saved []byte // the new line, while the history is shown
}

// newLineEditor readies the terminal lr reads for a line, as readline
// does before it shows the prompt. It returns nil when the input is not
// a terminal whose modes can be read.
func (r *Runner) newLineEditor(lr *lineReader) *lineEditor {
	if lr == nil || lr.fd < 0 {
		return nil
	}
	old, err := ioctlGetTermios(lr.fd)
	if err != nil {
		return nil
	}
	// a program may have left the terminal in no-delay mode: bash takes
	// it out before each line it reads ("just in case")
	syscall.SetNonblock(lr.fd, false)
	if !r.rlInit {
		// readline starts with the first line it reads: bash's
		// bindable functions and the inputrc file's settings
		r.loadReadline()
	}
	term := r.varString("TERM")
	dumb := term == "" || term == "dumb"
	e := &lineEditor{
		r: r, lr: lr, w: r.fds.writer(2), old: old,
		echo:    old.Lflag&syscall.ECHO != 0,
		echoCtl: old.Lflag&syscall.ECHOCTL != 0,
		paste:   !dumb && r.rlVars["enable-bracketed-paste"] != "off",
		clear:   !dumb && term != "emacs",
		eof:     old.Cc[syscall.VEOF],
		utf8:    r.utf8Locale(),
		keymap:  r.curKeymap(),
		// (nash treats an unknown terminal as one that can move up)
		dumbTerm: dumb,
	}
	if r.hist != nil {
		e.hist = len(r.hist.list)
	}
	e.prep()
	return e
}

// prep puts the terminal in the modes readline reads a line in
// (rl_prep_terminal): not canonical, no echo, signals on, and bracketed
// paste on where it is used.
func (e *lineEditor) prep() {
	t := *e.old
	t.Lflag &^= syscall.ICANON | syscall.ECHO
	t.Lflag |= syscall.ISIG
	t.Iflag &^= syscall.ICRNL | syscall.INLCR | syscall.ISTRIP | syscall.INPCK
	t.Cc[syscall.VMIN] = 1
	t.Cc[syscall.VTIME] = 0
	t.Cc[syscall.VLNEXT] = 0 // _POSIX_VDISABLE
	setTermios(e.lr.fd, &t)
	if e.paste {
		io.WriteString(e.w, pasteInit)
	}
}

// restore puts the terminal's modes back (rl_deprep_terminal).
func (e *lineEditor) restore() {
	setTermios(e.lr.fd, e.old)
}

// readLine reads the line after prompt was shown, starting from the
// text initial (read -e -i). It returns the line with its newline;
// errReadStopped for a ^C (the shell's SIGINT), io.EOF for the
// end-of-file character at an empty line or the end of input,
// errReadTimeout when TMOUT ran out.
func (e *lineEditor) readLine(prompt, initial string) ([]byte, error) {
	e.prompt = prompt
	defer e.restore()
	e.insert([]byte(initial))
	if n := e.r.rlNextHist; n > 0 {
		// the line after the one ^O ran (operate-and-get-next)
		e.r.rlNextHist = 0
		if h := e.r.hist; h != nil {
			// (past the newest line readline rings the bell)
			e.historyMove(n - 1 - e.hist)
		}
	}
	e.flush()
	for {
		c, err := e.readKey()
		if err != nil {
			return e.fail(err)
		}
		if c == e.eof && e.eof != 0 && len(e.buf) == 0 {
			return e.fail(io.EOF)
		}
		done := e.key(c, 0)
		e.flush()
		if e.r.flow == flowExit {
			// a completion function ran exit: the shell goes now
			if e.paste {
				io.WriteString(e.w, pasteFini)
			}
			return nil, io.EOF
		}
		if done {
			return e.accept(), nil
		}
	}
}

// flush writes out what the keys handled so far display, when the
// terminal echoes.
func (e *lineEditor) flush() {
	if e.hscroll() && e.scrollFlush() {
		return
	}
	if len(e.out) > 0 && e.echo {
		e.w.Write(e.out)
	}
	e.out = e.out[:0]
}

// fail ends the line for err as readline does: "^C" for an interrupt
// (rl_echo_signal_char), and bracketed paste turned off.
func (e *lineEditor) fail(err error) ([]byte, error) {
	switch {
	case err == errReadStopped:
		if e.echoCtl {
			io.WriteString(e.w, "^C")
		}
		if e.paste {
			// readline's terminal is readied again and let go once more
			// on the way out of the interrupted line; without echo each
			// time with a newline
			fini := pasteFini
			if !e.echo {
				fini += "\n"
			}
			io.WriteString(e.w, fini+pasteInit+fini)
		}
	case e.paste:
		io.WriteString(e.w, pasteFini+"\n")
	}
	if err == io.EOF && len(e.buf) > 0 {
		// the input ended in the middle of a line: it is read as is
		return append(e.buf, '\n'), nil
	}
	return nil, err
}

// accept ends the line (accept-line): the cursor goes to its end, then
// to a new line.
func (e *lineEditor) accept() []byte {
	e.moveTo(len(e.buf))
	e.out = append(e.out, '\n')
	e.flush()
	if e.paste {
		fini := pasteFini
		if !e.echo {
			fini += "\n"
		}
		io.WriteString(e.w, fini)
	}
	return append(e.buf, '\n')
}

// bracketedPaste inserts the text up to the end-of-paste sequence as it
// came, a carriage return as a newline (_rl_bracketed_text).
func (e *lineEditor) bracketedPaste() {
	end := []byte("\x1b[201~")
	var text []byte
	for !bytes.HasSuffix(text, end) {
		b, err := e.readKey()
		if err != nil {
			break
		}
		text = append(text, b)
	}
	text = bytes.TrimSuffix(text, end)
	for i, b := range text {
		if b == '\r' {
			text[i] = '\n'
		}
	}
	e.insert(text)
}

// insert puts text at the cursor.
func (e *lineEditor) insert(text []byte) {
	if len(text) == 0 {
		return
	}
	e.record(true, e.pos, text)
	tail := append([]byte(nil), e.buf[e.pos:]...)
	e.buf = append(append(e.buf[:e.pos], text...), tail...)
	e.pos += len(text)
	e.show(text)
	e.show(tail)
	e.back(e.cols(tail))
}

// deleteRange removes buf[from:to], the cursor being at from or to.
func (e *lineEditor) deleteRange(from, to int) {
	e.moveTo(from)
	e.record(false, from, e.buf[from:to])
	gone := e.cols(e.buf[from:to])
	e.buf = append(e.buf[:from], e.buf[to:]...)
	tail := e.buf[from:]
	e.show(tail)
	e.blank(gone)
	e.back(e.cols(tail) + gone)
}

// deleteChar deletes the character at the cursor (delete-char).
func (e *lineEditor) deleteChar() {
	if e.pos < len(e.buf) {
		e.deleteRange(e.pos, e.nextChar(e.pos))
	}
}

// killRange deletes buf[from:to] into the kill ring (kill), joining a
// kill just before it at its end, or at its start when before (a kill
// towards the line's start); nothing to kill rings the bell.
func (e *lineEditor) killRange(from, to int, before bool) {
	if from >= to {
		e.ding()
		return
	}
	e.kill(e.buf[from:to], before)
	e.deleteRange(from, to)
}

// replaceRange puts text in the place of buf[from:to], one change for
// undo, the cursor after it.
func (e *lineEditor) replaceRange(from, to int, text []byte) {
	e.beginGroup()
	e.deleteRange(from, to)
	e.moveTo(from)
	e.insert(text)
	e.endGroup()
}

// kill keeps text in the kill ring, which outlives the line, as
// readline's _rl_copy_to_kill_ring does: a kill in the same command as
// another or the one after it goes to that kill's place, joining its
// text in emacs mode (before it when before), replacing it in vi mode;
// any other takes a new place, the oldest of ten dropped.
func (e *lineEditor) kill(text []byte, before bool) {
	r := e.r
	text = append([]byte(nil), text...)
	switch {
	case !e.lastWasKill && !e.killRun || len(r.rlKills) == 0:
		if len(r.rlKills) == rlMaxKills {
			r.rlKills = r.rlKills[1:]
		}
		r.rlKills = append(r.rlKills, text)
	case r.rlVar("editing-mode") == "vi":
		r.rlKills[len(r.rlKills)-1] = text
	case before:
		last := &r.rlKills[len(r.rlKills)-1]
		*last = append(text, *last...)
	default:
		last := &r.rlKills[len(r.rlKills)-1]
		*last = append(*last, text...)
	}
	r.rlKillAt = len(r.rlKills) - 1
	e.killRun = true
}

// rlMaxKills is how many texts readline's kill ring keeps.
const rlMaxKills = 10

// yank inserts the kill ring's current text (yank), remembering where,
// for yank-pop; with nothing killed yet the bell rings.
func (e *lineEditor) yank() {
	r := e.r
	if len(r.rlKills) == 0 {
		e.ding()
		return
	}
	e.yankFrom, e.mark = e.pos, e.pos
	e.insert(r.rlKills[r.rlKillAt])
}

// yankPop replaces the text just yanked by the ring's text before it
// (yank-pop, M-y), only right after a yank or yank-pop.
func (e *lineEditor) yankPop() {
	r := e.r
	if e.prevFn != "yank" && e.prevFn != "yank-pop" || len(r.rlKills) == 0 {
		e.ding()
		return
	}
	e.deleteRange(e.yankFrom, e.pos)
	r.rlKillAt--
	if r.rlKillAt < 0 {
		r.rlKillAt = len(r.rlKills) - 1
	}
	e.insert(r.rlKills[r.rlKillAt])
}

// moveTo moves the cursor to byte offset p.
func (e *lineEditor) moveTo(p int) {
	if p < e.pos {
		e.back(e.cols(e.buf[p:e.pos]))
	} else {
		e.show(e.buf[e.pos:p])
	}
	e.pos = p
}

// replace shows line instead of the current one, the cursor at its end.
func (e *lineEditor) replace(line []byte) {
	e.undoList = nil // (another line: readline keeps each line's own)
	e.moveTo(0)
	old := e.cols(e.buf)
	e.buf = append(e.buf[:0], line...)
	e.pos = len(e.buf)
	e.show(e.buf)
	if n := old - e.cols(e.buf); n > 0 {
		e.blank(n)
		e.back(n)
	}
}

// clearScreen clears the screen and shows the prompt, all its lines, and
// the line again at its top (clear-screen: a forced redisplay); a
// terminal that cannot clear gets a new line.
func (e *lineEditor) clearScreen() {
	if e.clear {
		io.WriteString(e.w, "\x1b[H\x1b[2J")
	} else {
		io.WriteString(e.w, "\n")
	}
	e.out = append(e.out, e.prompt...)
	e.show(e.buf)
	e.back(e.cols(e.buf[e.pos:]))
}

// historyMove shows the history entry d entries on (previous-history,
// next-history); the line being typed is kept for when the walk comes
// back to it.
func (e *lineEditor) historyMove(d int) {
	h := e.r.hist
	if h == nil {
		return
	}
	n := e.hist + d
	if n < 0 || n > len(h.list) {
		e.ding()
		return
	}
	if e.hist == len(h.list) {
		e.saved = append(e.saved[:0], e.buf...)
	}
	e.hist = n
	if n == len(h.list) {
		e.replace(e.saved)
		return
	}
	e.replace([]byte(h.list[n].line))
}

// transpose swaps the characters before and at the cursor
// (transpose-chars), or the last two at the end of the line.
func (e *lineEditor) transpose() {
	p := e.pos
	if p == len(e.buf) {
		p = e.prevChar(p)
	}
	a := e.prevChar(p)
	if a == p || p == len(e.buf) {
		return
	}
	b := e.nextChar(p)
	swapped := append(append([]byte(nil), e.buf[p:b]...), e.buf[a:p]...)
	e.beginGroup()
	e.record(false, a, e.buf[a:b])
	e.record(true, a, swapped)
	e.endGroup()
	e.moveTo(a)
	copy(e.buf[a:b], swapped)
	e.show(swapped)
	e.pos = b
}

// left and right move the cursor a character (backward-char,
// forward-char), ringing the bell at the line's ends.
func (e *lineEditor) left() {
	if e.pos == 0 {
		e.ding()
		return
	}
	e.moveTo(e.prevChar(e.pos))
}

func (e *lineEditor) right() {
	if e.pos == len(e.buf) {
		e.ding()
		return
	}
	e.moveTo(e.nextChar(e.pos))
}

// ding rings the terminal's bell (rl_ding, bell-style audible), echo
// or not.
func (e *lineEditor) ding() {
	io.WriteString(e.w, "\a")
}

// back moves the display cursor n characters left.
func (e *lineEditor) back(n int) {
	for ; n > 0; n-- {
		e.out = append(e.out, '\b')
	}
}

// blank writes n spaces over what the display still shows.
func (e *lineEditor) blank(n int) {
	for ; n > 0; n-- {
		e.out = append(e.out, ' ')
	}
}

func (e *lineEditor) prevChar(p int) int { return e.prevCharIn(e.buf, p) }

// prevCharIn is where the character of b before byte offset p starts.
func (e *lineEditor) prevCharIn(b []byte, p int) int {
	if p <= 0 {
		return 0
	}
	if !e.utf8 {
		return p - 1
	}
	_, n := utf8.DecodeLastRune(b[:p])
	return p - n
}

func (e *lineEditor) nextChar(p int) int {
	if p >= len(e.buf) {
		return len(e.buf)
	}
	if !e.utf8 {
		return p + 1
	}
	_, n := utf8.DecodeRune(e.buf[p:])
	return p + n
}

// wordStart is where the word before p starts: after blanks for ^W
// (unix-word-rubout), after non-alphanumerics for the meta keys.
func (e *lineEditor) wordStart(p int, blanks bool) int {
	sep := func(b byte) bool {
		if blanks {
			return b == ' ' || b == '\t'
		}
		return !rlWordByte(b)
	}
	for p > 0 && sep(e.buf[p-1]) {
		p--
	}
	for p > 0 && !sep(e.buf[p-1]) {
		p--
	}
	return p
}

// wordEnd is where the word at or after p ends (forward-word).
func (e *lineEditor) wordEnd(p int) int {
	for p < len(e.buf) && !rlWordByte(e.buf[p]) {
		p++
	}
	for p < len(e.buf) && rlWordByte(e.buf[p]) {
		p++
	}
	return p
}

// rlWordByte is readline's word character: a letter or digit (any
// byte of a multibyte character counts as one).
func rlWordByte(b byte) bool {
	return b >= 0x80 || isAlnumByte(b)
}

// show appends b to the display as readline shows it: a control
// character as ^ and a letter, DEL as ^?.
func (e *lineEditor) show(b []byte) {
	e.out = appendShown(e.out, b)
}

// appendShown appends b to dst as the display shows it: control
// characters as ^X, DEL as ^?.
func appendShown(dst, b []byte) []byte {
	for _, c := range b {
		switch {
		case c == 0x7f:
			dst = append(dst, '^', '?')
		case shownAsCtl(c):
			dst = append(dst, '^', c|0x40)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// shownAsCtl says c is shown as two columns, ^ and a character: a
// control character other than tab and newline, or DEL.
func shownAsCtl(c byte) bool {
	return c == 0x7f || c < 0x20 && c != '\t' && c != '\n'
}

// cols counts the columns b takes on the display: a character (an
// invalid byte counts as one; a byte is a character outside a UTF-8
// locale) takes one, a control character two.
func (e *lineEditor) cols(b []byte) int {
	n := 0
	for _, c := range b {
		if shownAsCtl(c) {
			n++
		}
	}
	if !e.utf8 {
		return n + len(b)
	}
	return n + utf8.RuneCount(b)
}
