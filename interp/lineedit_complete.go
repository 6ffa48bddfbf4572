package interp

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
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
	saved := string(e.buf)
	list := again && !e.tabChanged && !e.tabFailed
	start, quote := e.completionWordStart()
	text := string(e.buf[start:e.pos])
	key := "\t"
	if list {
		key = "?"
	}
	var m rlMatches
	if e.filesOnly {
		word := text
		if quote == 0 {
			word = dequoteCompWord(text)
		}
		m = rlMatches{list: e.r.fileCompletions(word), filenames: true}
	} else {
		m = e.r.lineCompletions(string(e.buf), start, e.pos, text, quote, key)
	}
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
	lcd := commonPrefix(m.list, e.r.rlCaseFold)
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

// completionWordStart finds where the word to complete begins, as
// readline's _rl_find_completion_word: after the last word break
// character (COMP_WORDBREAKS) that quoting leaves alone, or after the
// quote that is still open, which it returns too.
func (e *lineEditor) completionWordStart() (int, byte) {
	breaks := e.r.completerBreaks()
	var quote byte
	qpos, start := 0, 0
	for i := 0; i < e.pos; i++ {
		c := e.buf[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case c == '\\':
			i++
		case quote == '"':
			if c == '"' {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote, qpos = c, i
		case strings.IndexByte(breaks, c) >= 0:
			start = i + 1
		}
	}
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
		out = "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	case '"':
		var sb strings.Builder
		sb.WriteByte('"')
		for i := 0; i < len(s); i++ {
			if strings.IndexByte("\\`$\"", s[i]) >= 0 {
				sb.WriteByte('\\')
			}
			sb.WriteByte(s[i])
		}
		sb.WriteByte('"')
		out = sb.String()
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
		shown[i] = e.printable(s, m)
		if n := e.cols([]byte(shown[i])); n > width {
			width = n
		}
	}
	e.flush()
	if n, _ := strconv.Atoi(e.r.rlVar("completion-query-items")); n > 0 && len(shown) >= n {
		fmt.Fprintf(e.w, "\nDisplay all %d possibilities? (y or n)", len(shown))
		if !e.yesOrNo(false) {
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
// directory marked with a slash.
func (e *lineEditor) printable(s string, m rlMatches) string {
	if !m.filenames {
		return s
	}
	out := s
	if i := strings.LastIndexByte(s, '/'); i >= 0 && i+1 < len(s) {
		out = s[i+1:]
	}
	if e.r.rlVar("mark-directories") == "on" {
		if fi, err := os.Stat(e.r.absPath(e.r.tildePath(s))); err == nil && fi.IsDir() && !strings.HasSuffix(s, "/") {
			out += "/"
		}
	}
	return out
}

// yesOrNo reads readline's answer to its question: y, Y or a space is
// yes; n, N or DEL no; anything else rings the bell.
func (e *lineEditor) yesOrNo(pager bool) bool {
	for {
		c, err := e.lr.readByte()
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
		c, err := e.lr.readByte()
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
	var ws struct{ rows, cols, x, y uint16 }
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, uintptr(e.lr.fd), syscall.TIOCGWINSZ, uintptr(unsafe.Pointer(&ws))); errno != 0 || ws.cols == 0 {
		return 80, 24
	}
	return int(ws.cols), int(ws.rows)
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

// lineCompletions finds the matches of text, the word buf[start:end] of
// line (quote: the quote open before it), as bash's attempted completion
// does: a command's compspec when there is one, else bash's default
// completion (variables, users, hosts, command names in a command's
// place), else file names. key is the kind of completion (COMP_TYPE).
func (r *Runner) lineCompletions(line string, start, end int, text string, quote byte, key string) rlMatches {
	cmdStart := findCmdStart(line, start)
	cmdPos := inCommandPosition(line, start)
	word := text
	if quote == 0 {
		word = dequoteCompWord(text)
	}
	var m rlMatches
	done := false
	if r.opts.sh(shProgcomp) && r.comps != nil && !cmdPos {
		m, done = r.progCompletions(line, cmdStart, start, end, text, key)
	}
	if !done {
		m.list = nil
		switch {
		case strings.HasPrefix(word, "$") || strings.HasPrefix(word, "~") && !strings.Contains(word, "/") || strings.HasPrefix(word, "@") && r.opts.sh(shHostcomplete):
			if !strings.HasPrefix(word, "$(") {
				m.list = r.bashDefaultCompletions(word)
				if strings.HasPrefix(word, "~") {
					m.filenames = true
				}
			}
			if len(m.list) == 1 && strings.HasPrefix(word, "$") {
				v := strings.TrimPrefix(strings.TrimPrefix(m.list[0], "$"), "{")
				if fi, err := os.Stat(r.absPath(r.varString(v))); err == nil && fi.IsDir() && r.varString(v) != "" {
					m.suffix = "/"
				}
			}
		}
		if len(m.list) == 0 && cmdPos {
			if !(r.opts.sh(shNoEmptyCmdCompletion) && strings.TrimSpace(word) == "") {
				m.list = r.commandCompletions(word)
				if strings.ContainsRune(word, '/') {
					m.filenames = true
				}
			}
		}
		if len(m.list) == 0 && !cmdPos {
			m.list = r.fileCompletions(word)
			m.filenames = true
		} else if len(m.list) == 0 && cmdPos && strings.TrimSpace(word) != "" {
			m.list = r.dirCompletions(word)
			m.filenames = true
		}
	}
	m.list = dedupSorted(m.list, !m.noSort)
	return m
}

// dedupSorted sorts the matches (unless keep) and drops repeats.
func dedupSorted(list []string, sort bool) []string {
	if sort {
		list = slices.Clone(list)
		slices.Sort(list)
		return slices.Compact(list)
	}
	seen := map[string]bool{}
	var out []string
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// findCmdStart is where the command holding offset i begins (bash's
// find_cmd_start): after the last ; | & ( newline that quoting leaves
// alone, blanks skipped.
func findCmdStart(line string, i int) int {
	start := 0
	var quote byte
	for j := 0; j < i && j < len(line); j++ {
		c := line[j]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case c == '\\':
			j++
		case quote == '"':
			if c == '"' {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case strings.IndexByte(";|&(\n", c) >= 0:
			start = j + 1
		}
	}
	for start < len(line) && (line[start] == ' ' || line[start] == '\t') {
		start++
	}
	return start
}

// inCommandPosition reports whether the word starting at start is where
// a command name goes: first on the line, or after a character that
// separates commands (bash's command_separator_chars), not a redirection.
func inCommandPosition(line string, start int) bool {
	i := start - 1
	for i >= 0 && (line[i] == ' ' || line[i] == '\t') {
		i--
	}
	if i >= 0 && (line[i] == '"' || line[i] == '\'') {
		i--
		for i >= 0 && (line[i] == ' ' || line[i] == '\t') {
			i--
		}
	}
	if i < 0 {
		return true
	}
	if strings.IndexByte(";|&{(`", line[i]) < 0 {
		return false
	}
	// >& and <& are redirections, not separators
	return !(line[i] == '&' && i > 0 && (line[i-1] == '>' || line[i-1] == '<'))
}

// compSplit splits a command line into COMP_WORDS as bash's
// split_at_delims does with COMP_WORDBREAKS: blanks separate words, a
// run of the other break characters is a word of its own, quotes and
// backslashes keep characters in their word. cword is the index of the
// word point is in or right after, an empty word at point when it is
// between words.
func compSplit(line string, point int, breaks string) (words []string, cword int) {
	cword = -1
	isBlank := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }
	isBreak := func(c byte) bool { return !isBlank(c) && strings.IndexByte(breaks, c) >= 0 }
	i := 0
	for {
		for i < len(line) && isBlank(line[i]) {
			i++
		}
		if cword < 0 && point < i {
			cword = len(words)
			words = append(words, "")
		}
		if i >= len(line) {
			break
		}
		s := i
		if isBreak(line[i]) {
			for i < len(line) && isBreak(line[i]) {
				i++
			}
		} else {
			var quote byte
			for i < len(line) {
				c := line[i]
				if quote != 0 {
					if c == '\\' && quote == '"' {
						i++
					} else if c == quote {
						quote = 0
					}
				} else if c == '\\' {
					i++
				} else if c == '\'' || c == '"' {
					quote = c
				} else if isBlank(c) || isBreak(c) {
					break
				}
				i++
			}
			if i > len(line) {
				i = len(line)
			}
		}
		words = append(words, line[s:i])
		if cword < 0 && point >= s && point <= i {
			cword = len(words) - 1
		}
	}
	if cword < 0 {
		cword = len(words)
		words = append(words, "")
	}
	return words, cword
}

// progCompletions runs the compspec of the command whose word is being
// completed (programmable completion): its actions, word list, function
// and command, with the COMP_ variables describing the command line. ok
// is false when there is no compspec, or it found nothing and its
// options leave the rest to bash's default completion.
func (r *Runner) progCompletions(line string, cmdStart, start, end int, text, key string) (rlMatches, bool) {
	cmdEnd := len(line)
	for j := end; j < len(line); j++ {
		if strings.IndexByte(";|&\n", line[j]) >= 0 {
			cmdEnd = j
			break
		}
	}
	cline := line[cmdStart:cmdEnd]
	point := end - cmdStart
	words, cword := compSplit(cline, point, r.completerBreaks())
	cmd := ""
	if len(words) > 0 && cword > 0 {
		cmd = dequoteCompWord(words[0])
	}
	var m rlMatches
	for try := 0; try < 2; try++ {
		name, cs := r.findCompspec(cmd, strings.TrimSpace(cline) == "")
		if cs == nil {
			return m, false
		}
		prev := ""
		if cword > 0 && cword-1 < len(words) {
			prev = words[cword-1]
		}
		opts := cs.opts
		r.compOpts = &opts
		word := dequoteCompWord(text)
		c := *cs
		c.funcName = nil
		list := r.genCompletions(&c, word)
		retry := false
		if cs.funcName != nil {
			fl, st := r.lineCompFunc(*cs.funcName, name, cline, point, words, cword, text, prev, key)
			if st == 124 && try == 0 {
				if _, again := r.findCompspec(cmd, false); again != nil && again != cs {
					retry = true
				}
			}
			list = append(list, fl...)
		}
		r.compOpts = nil
		if retry {
			continue
		}
		m.list = list
		m.filenames = opts&compOptBit("filenames") != 0
		m.noQuote = opts&compOptBit("noquote") != 0
		m.noSpace = opts&compOptBit("nospace") != 0
		m.noSort = opts&compOptBit("nosort") != 0
		if len(list) == 0 {
			if opts&compOptBit("bashdefault") != 0 {
				if l := r.bashDefaultCompletions(word); len(l) > 0 {
					m.list = l
					return m, true
				}
			}
			if opts&compOptBit("default") != 0 {
				m.list, m.filenames = r.fileCompletions(word), true
				return m, true
			}
			return m, opts&compOptBit("bashdefault") == 0
		}
		return m, true
	}
	return m, false
}

// findCompspec is the compspec for the command name cmd: its own, its
// base name's, or the default one (complete -D); on an empty line, the
// empty-line one (complete -E).
func (r *Runner) findCompspec(cmd string, empty bool) (string, *compSpec) {
	if r.comps == nil {
		return cmd, nil
	}
	if empty {
		return "_EmptycmD_", r.comps.specs["_EmptycmD_"]
	}
	if cs := r.comps.specs[cmd]; cs != nil {
		return cmd, cs
	}
	if base := filepath.Base(cmd); strings.Contains(cmd, "/") {
		if cs := r.comps.specs[base]; cs != nil {
			return cmd, cs
		}
	}
	return cmd, r.comps.specs["_DefaultCmD_"]
}

// lineCompFunc calls a compspec's function as completion does: with the
// command's name, the word and the previous word, the COMP_ variables
// set while it runs; its COMPREPLY elements are the matches.
func (r *Runner) lineCompFunc(fn, cmd, cline string, point int, words []string, cword int, cur, prev, key string) ([]string, int) {
	f := r.funcs[fn]
	if f == nil {
		r.errorf("completion: function `%s' not found", fn)
		return nil, 1
	}
	typ := strconv.Itoa(int(key[0]))
	r.setScalar("COMP_LINE", cline, false)
	r.setScalar("COMP_POINT", strconv.Itoa(len([]rune(cline[:point]))), false)
	r.setScalar("COMP_TYPE", typ, false)
	r.setScalar("COMP_KEY", "9", false)
	r.setScalar("COMP_CWORD", strconv.Itoa(cword), false)
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = singleQuote(w)
	}
	r.unsetVar("COMP_WORDS")
	r.assignArrayText("COMP_WORDS", "("+strings.Join(quoted, " ")+")", false)
	r.unsetVar("COMPREPLY")
	exit := r.exit
	r.callFunc(f, []string{fn, cmd, cur, prev})
	st := r.exit
	if r.flow == flowReturn {
		r.flow = flowNone
	}
	r.exit = exit
	for _, n := range [...]string{"COMP_LINE", "COMP_POINT", "COMP_TYPE", "COMP_KEY", "COMP_WORDS", "COMP_CWORD"} {
		r.unsetVar(n)
	}
	v := r.vars.get("COMPREPLY")
	if v == nil || !v.set {
		return nil, st
	}
	switch v.kind {
	case kString:
		return []string{v.str}, st
	case kIndexed:
		return append([]string(nil), v.arr.vals...), st
	}
	return nil, st
}
