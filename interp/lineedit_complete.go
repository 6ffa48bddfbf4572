package interp

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// rlMatches is what a completion found for the word before the cursor.
type rlMatches struct {
	list []string
	// filenames: the matches are file names (readline's
	// rl_filename_completion_desired): they are quoted, a directory
	// gets a slash, and a listing shows their last component
	filenames bool
	noQuote   bool
	noSpace   bool // no space after a single match
	noSort    bool
	// suffix replaces the space after a single match (a variable
	// naming a directory gets a slash)
	suffix string
}

// complete is readline's rl_complete, bound to TAB: the word before the
// cursor is replaced by its single match (then a space, or a slash for a
// directory) or by the prefix its matches share, ringing the bell; a TAB
// right after one that changed nothing and found matches lists them.
func (e *lineEditor) complete(again bool) {
	what := byte('\t')
	if again && !e.tabChanged && !e.tabFailed {
		what = '?'
	}
	e.completeAs(what)
}

// completeAs is readline's rl_complete_internal: what is TAB (complete),
// ? (list the matches: possible-completions) or * (put them all in the
// word's place: insert-completions).
func (e *lineEditor) completeAs(what byte) { e.completeKind(what, "") }

// completeKind is completeAs finding only matches of one kind when kind
// is not empty: file names, commands, variables, users or hosts (bash's
// complete-filename, complete-command and the like, M-/ M-! M-$ M-~ M-@,
// and their possible- forms on C-x), without programmable completion.
func (e *lineEditor) completeKind(what byte, kind string) {
	saved := string(e.buf)
	list := what == '?'
	m, start, quote := e.findMatches(what, kind)
	if e.r.flow == flowExit {
		return // the completion function ran exit
	}
	e.tabChanged, e.tabFailed = false, len(m.list) == 0
	if len(m.list) == 0 {
		e.ding()
		return
	}
	if list {
		e.listMatches(m)
		return
	}
	e.beginGroup()
	defer e.endGroup()
	if what == '*' {
		// each match quoted, and a space after it
		if quote != 0 && start > 0 && e.buf[start-1] == quote {
			start--
		}
		var all strings.Builder
		for _, s := range m.list {
			all.WriteString(e.quoteMatch(s, m, quote, true) + " ")
		}
		e.replaceWord(start, all.String())
		return
	}
	lcd := commonPrefix(m.list, e.r.rlCaseFold())
	rep := e.quoteMatch(lcd, m, quote, len(m.list) == 1)
	if quote != 0 && start > 0 && e.buf[start-1] == quote && rep != "" && rep[0] == quote {
		start-- // the replacement has the opening quote
	}
	e.replaceWord(start, rep)
	if len(m.list) > 1 {
		e.ding()
	} else {
		e.appendToMatch(m, lcd, quote)
	}
	e.tabChanged = string(e.buf) != saved
}

// findMatches finds the matches of the word before the cursor for a
// completion of type what (COMP_TYPE's character), of one kind when kind
// is not empty; it returns where the word starts and the quote it is
// in.
func (e *lineEditor) findMatches(what byte, kind string) (m rlMatches, start int, quote byte) {
	start, quote = e.completionWordStart()
	text := string(e.buf[start:e.pos])
	word := text // what the matches are sought for
	if quote == 0 {
		word = dequoteCompWord(text)
	}
	switch {
	case e.filesOnly || kind == "file":
		m = rlMatches{list: dedupSorted(e.r.fileCompletions(word), true), filenames: true}
	case kind != "":
		m = e.r.kindCompletions(kind, word)
	default:
		m = e.r.lineCompletions(string(e.buf), start, e.pos, text, word, string(what))
	}
	return m, start, quote
}

// completionWordStart finds where the word to complete begins, as
// readline's _rl_find_completion_word: after the last word break
// character (COMP_WORDBREAKS) that quoting leaves alone, or after the
// quote that is still open, which it returns too.
func (e *lineEditor) completionWordStart() (int, byte) {
	breaks := e.r.completerBreaks()
	start, quote, qpos := lastUnquoted(string(e.buf[:e.pos]), breaks)
	if quote != 0 {
		return qpos + 1, quote
	}
	return start, 0
}

// completerBreaks are readline's completer word break characters, which
// COMP_WORDBREAKS holds.
func (r *Runner) completerBreaks() string {
	if v := r.vars.get("COMP_WORDBREAKS"); v != nil && v.set {
		return v.str
	}
	return r.initialWordBreaks()
}

// replaceWord puts text in place of buf[start:pos].
func (e *lineEditor) replaceWord(start int, text string) {
	cur := string(e.buf[start:e.pos])
	if strings.HasPrefix(text, cur) {
		e.insert([]byte(text[len(cur):]))
		return
	}
	e.deleteRange(start, e.pos)
	e.insert([]byte(text))
}

// quoteMatch quotes a file name match as bash's bash_quote_filename,
// when it holds a character the shell would take otherwise: with
// backslashes, or in the quotes the word was opened with (a single match
// has them closed).
func (e *lineEditor) quoteMatch(s string, m rlMatches, quote byte, single bool) string {
	if !m.filenames || m.noQuote || !strings.ContainsAny(s, " \t\n\\\"'@<>=;|&()#$`?*[!:{~") {
		return s
	}
	var out string
	switch quote {
	case '\'':
		out = singleQuote(s)
	case '"':
		out = doubleQuote(s)
	default:
		// sh_backslash_quote's table and a leading #, then the word
		// break characters it leaves (quote_word_break_chars)
		breaks := e.r.completerBreaks()
		var sb strings.Builder
		for i := 0; i < len(s); i++ {
			c := s[i]
			if strings.IndexByte(" \t\n!\"$&'()*,;<>?[\\]^`{|}", c) >= 0 || c == '#' && i == 0 || strings.IndexByte(breaks, c) >= 0 {
				sb.WriteByte('\\')
			}
			sb.WriteByte(c)
		}
		return sb.String()
	}
	if !single {
		out = out[:len(out)-1] // the quote stays open
	}
	return out
}

// appendToMatch ends a single match as readline's append_to_match: a
// directory gets a slash, anything else the closing quote and a space
// when the cursor is at the end of the line.
func (e *lineEditor) appendToMatch(m rlMatches, match string, quote byte) {
	if m.filenames {
		if fi, err := os.Stat(e.r.absPath(e.r.tildePath(match))); err == nil && fi.IsDir() {
			if e.pos < len(e.buf) && e.buf[e.pos] == '/' || e.pos == len(e.buf) && e.pos > 0 && e.buf[e.pos-1] == '/' {
				return
			}
			e.insert([]byte("/"))
			return
		}
	}
	if e.pos != len(e.buf) {
		return
	}
	var tail []byte
	if quote != 0 && e.pos > 0 && e.buf[e.pos-1] != quote {
		tail = append(tail, quote)
	}
	switch {
	case m.suffix != "":
		tail = append(tail, m.suffix...)
	case !m.noSpace:
		tail = append(tail, ' ')
	}
	e.insert(tail)
}

// commonPrefix is readline's lowest common denominator of the matches.
func commonPrefix(list []string, fold bool) string {
	p := list[0]
	for _, s := range list[1:] {
		n := 0
		for n < len(p) && n < len(s) && (p[n] == s[n] || fold && lowerByte(p[n]) == lowerByte(s[n])) {
			n++
		}
		p = p[:n]
	}
	return p
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// listMatches shows the matches in columns below the line, as readline's
// display_matches, asking first when there are many, then shows the
// prompt and the line again.
func (e *lineEditor) listMatches(m rlMatches) {
	shown := make([]string, len(m.list))
	width := 0
	for i, s := range m.list {
		var mark string
		shown[i], mark = e.printable(s, m)
		// the width of the widest match leaves out the "/" marking a
		// directory, which print_filename adds as it prints it
		// (display_matches measures printable_part alone)
		if n := e.cols([]byte(shown[i])) - len(mark); n > width {
			width = n
		}
	}
	e.flush()
	if len(shown) == 1 {
		// a single match alone on its line (display_matches)
		io.WriteString(e.w, "\n"+shown[0]+"\n")
		e.redisplay()
		return
	}
	if n, _ := strconv.Atoi(e.r.rlVar("completion-query-items")); n > 0 && len(shown) >= n {
		fmt.Fprintf(e.w, "\nDisplay all %d possibilities? (y or n)", len(shown))
		if !e.yesOrNo() {
			io.WriteString(e.w, "\n")
			e.redisplay()
			return
		}
	}
	cols := e.termCols()
	width += 2
	per := cols / width
	if per != 1 && per*width == cols {
		per--
	}
	if per <= 0 {
		per = 1
	}
	rows := (len(shown) + per - 1) / per
	_, height := e.termSize()
	var sb strings.Builder
	sb.WriteString("\n")
	lines := 0
	for i := 0; i < rows; i++ {
		for j := 0; j < per; j++ {
			k := i + j*rows
			if k >= len(shown) {
				break
			}
			sb.WriteString(shown[k])
			if j+1 < per {
				pad := width - e.cols([]byte(shown[k]))
				if pad < 1 {
					pad = 1
				}
				sb.WriteString(strings.Repeat(" ", pad))
			}
		}
		sb.WriteString("\n")
		lines++
		if e.r.rlVar("page-completions") == "on" && lines >= height-1 && i+1 < rows {
			io.WriteString(e.w, sb.String())
			sb.Reset()
			io.WriteString(e.w, "--More--")
			ans := e.pagerAnswer()
			// (readline's _rl_erase_entire_line)
			if e.clear {
				io.WriteString(e.w, "\r\x1b[K\r")
			} else {
				io.WriteString(e.w, "\r\r")
			}
			if ans < 0 {
				break
			}
			if ans == 2 {
				lines--
			} else {
				lines = 0
			}
		}
	}
	io.WriteString(e.w, sb.String())
	e.redisplay()
}

// printable is the part of a match a listing shows (readline's
// printable_part and print_filename): a file name's last component, a
// directory marked with a slash; mark is the slash added.
func (e *lineEditor) printable(s string, m rlMatches) (shown, mark string) {
	if !m.filenames {
		return s, ""
	}
	out := s
	if i := strings.LastIndexByte(s, '/'); i >= 0 && i+1 < len(s) {
		out = s[i+1:]
	}
	if e.r.rlVar("mark-directories") == "on" {
		if fi, err := os.Stat(e.r.absPath(e.r.tildePath(s))); err == nil && fi.IsDir() && !strings.HasSuffix(s, "/") {
			return out + "/", "/"
		}
	}
	return out, ""
}

// yesOrNo reads readline's answer to its question: y, Y or a space is
// yes; n, N or DEL no; anything else rings the bell.
func (e *lineEditor) yesOrNo() bool {
	for {
		c, err := e.readKey()
		if err != nil {
			return false
		}
		switch c {
		case 'y', 'Y', ' ':
			return true
		case 'n', 'N', 0x7f, 0x07:
			return false
		}
		e.ding()
	}
}

// pagerAnswer reads the answer at --More--: 1 for another page, 2 for
// another line, -1 to stop.
func (e *lineEditor) pagerAnswer() int {
	for {
		c, err := e.readKey()
		if err != nil {
			return -1
		}
		switch c {
		case 'y', 'Y', ' ':
			return 1
		case '\r', '\n':
			return 2
		case 'n', 'N', 'q', 'Q', 0x7f, 0x07:
			return -1
		}
		e.ding()
	}
}

// redisplay shows the prompt's last line and the line again on a new
// line, the cursor where it was (rl_forced_update_display).
func (e *lineEditor) redisplay() {
	p := e.prompt
	if i := strings.LastIndexByte(p, '\n'); i >= 0 {
		p = p[i+1:]
	}
	e.out = append(e.out, p...)
	e.show(e.buf)
	e.back(e.cols(e.buf[e.pos:]))
}

// termSize is the terminal's width and height, 80 by 24 when it cannot
// say.
func (e *lineEditor) termSize() (int, int) {
	rows, cols, err := termWinsize(e.lr.fd)
	if err != 0 || cols == 0 {
		return 80, 24
	}
	return cols, rows
}

// termCols is the width a listing fills: completion-display-width when
// it fits the screen, else the screen's.
func (e *lineEditor) termCols() int {
	w, _ := e.termSize()
	if n, err := strconv.Atoi(e.r.rlVar("completion-display-width")); err == nil && n >= 0 && n <= w {
		return n
	}
	return w
}
