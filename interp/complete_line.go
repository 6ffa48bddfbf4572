package interp

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// lineCompletions finds the matches of the word buf[start:end] of line
// (text as typed, word dequoted), as bash's attempted completion does: a
// command's compspec when there is one, else bash's default completion.
// key is the kind of completion (COMP_TYPE).
func (r *Runner) lineCompletions(line string, start, end int, text, word, key string) rlMatches {
	cmdPos := inCommandPosition(line, start)
	m, done := rlMatches{}, false
	if r.opts.sh(shProgcomp) && r.comps != nil && !cmdPos {
		m, done = r.progCompletions(line, findCmdStart(line, start), end, text, word, key)
	}
	if !done {
		m = r.defaultLineCompletions(word, cmdPos)
	}
	m.list = dedupSorted(m.list, !m.noSort)
	return m
}

// defaultLineCompletions is bash's default completion of word
// (bash_default_completion, then readline's file names): a variable
// after $ (a slash after one naming a directory), a user after ~, a host
// after @; in a command's place the command names, else the directories;
// elsewhere the file names.
func (r *Runner) defaultLineCompletions(word string, cmdPos bool) rlMatches {
	if strings.HasPrefix(word, "$") && !strings.HasPrefix(word, "$(") ||
		strings.HasPrefix(word, "~") && !strings.Contains(word, "/") ||
		strings.HasPrefix(word, "@") && r.opts.sh(shHostcomplete) {
		if list := r.bashDefaultCompletions(word); len(list) > 0 {
			m := rlMatches{list: list, filenames: word[0] == '~'}
			if len(list) == 1 && word[0] == '$' {
				val := r.varString(strings.TrimPrefix(strings.TrimPrefix(list[0], "$"), "{"))
				if fi, err := os.Stat(r.absPath(val)); err == nil && fi.IsDir() && val != "" {
					m.suffix = "/"
				}
			}
			return m
		}
	}
	if !cmdPos {
		return rlMatches{list: r.fileCompletions(word), filenames: true}
	}
	if strings.TrimSpace(word) == "" {
		if r.opts.sh(shNoEmptyCmdCompletion) {
			return rlMatches{}
		}
		return rlMatches{list: r.commandCompletions(word)}
	}
	if list := r.commandCompletions(word); len(list) > 0 {
		return rlMatches{list: list, filenames: strings.Contains(word, "/")}
	}
	return rlMatches{list: r.dirCompletions(word), filenames: true}
}

// kindCompletions are the matches of word of one kind (command, variable,
// user, host, a word of the history, or the files a glob pattern
// matches), found as bash's
// bindable completers find them: a
// variable, user or host word may start with its $, ~ or @, and the
// matches keep it.
func (r *Runner) kindCompletions(kind, word string) rlMatches {
	prefixed := func(p string) []string {
		if strings.HasPrefix(word, p) {
			return r.bashDefaultCompletions(word)
		}
		var out []string
		for _, s := range r.bashDefaultCompletions(p + word) {
			out = append(out, strings.TrimPrefix(s, p))
		}
		return out
	}
	var m rlMatches
	switch kind {
	case "command":
		m = rlMatches{list: r.commandCompletions(word), filenames: strings.Contains(word, "/")}
	case "variable":
		m = rlMatches{list: prefixed("$")}
	case "user":
		m = rlMatches{list: prefixed("~"), filenames: true}
	case "host":
		m = rlMatches{list: prefixed("@")}
	case "history":
		// the words of the history lines (history_completion_generator)
		var list []string
		if h := r.hist; h != nil {
			_, _, com := r.histChars()
			for _, e := range h.list {
				for _, w := range histTokenize(e.line, com) {
					if strings.HasPrefix(w, word) {
						list = append(list, w)
					}
				}
			}
		}
		m = rlMatches{list: list}
	case "glob", "glob*":
		// the word as a pattern (glob_complete_word), with a * after it
		// for glob-complete-word unless it ends in one
		pat := word
		if kind == "glob*" && !strings.HasSuffix(pat, "*") {
			pat += "*"
		}
		m = rlMatches{list: r.glob(pat), filenames: true}
	}
	m.list = dedupSorted(m.list, true)
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
	start, _, _ := lastUnquoted(line[:min(i, len(line))], ";|&(\n")
	for start < len(line) && (line[start] == ' ' || line[start] == '\t') {
		start++
	}
	return start
}

// lastUnquoted scans s as the shell quotes it (single and double
// quotes, backslashes) and returns the offset just past the last
// character of set outside quotes (0 for none), and the quote still
// open at the end with its offset.
func lastUnquoted(s, set string) (after int, quote byte, qpos int) {
	for i := 0; i < len(s); i++ {
		c := s[i]
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
		case strings.IndexByte(set, c) >= 0:
			after = i + 1
		}
	}
	return after, quote, qpos
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

// progCompletions runs the compspec of the command whose word, text as
// typed and word dequoted, ends at end (programmable completion), with
// the COMP_ variables describing the command, which starts at cmdStart.
// ok is false when there is no compspec, or it found nothing and its
// options leave the rest to bash's default completion.
func (r *Runner) progCompletions(line string, cmdStart, end int, text, word, key string) (rlMatches, bool) {
	cmdEnd := len(line)
	if i := strings.IndexAny(line[end:], ";|&\n"); i >= 0 {
		cmdEnd = end + i
	}
	cline := line[cmdStart:cmdEnd]
	call := compCall{line: cline, point: end - cmdStart, cur: text, typ: int(key[0]), key: '\t'}
	call.words, call.cword = compSplit(cline, call.point, r.completerBreaks())
	cmd := ""
	if call.cword > 0 {
		cmd, call.prev = dequoteCompWord(call.words[0]), call.words[call.cword-1]
	}
	empty := strings.TrimSpace(cline) == ""
	name, cs := r.findCompspec(cmd, empty)
	if cs == nil {
		return rlMatches{}, false
	}
	list, opts, st := r.runCompspec(cs, name, word, call)
	if _, again := r.findCompspec(cmd, false); st == 124 && again != nil && again != cs {
		// the function (a -D loader) loaded the command's own
		// compspec: completion starts again with it, once
		name, cs = r.findCompspec(cmd, empty)
		list, opts, _ = r.runCompspec(cs, name, word, call)
	}
	m := rlMatches{list: list, filenames: opts&compOptBit("filenames") != 0, noQuote: opts&compOptBit("noquote") != 0,
		noSpace: opts&compOptBit("nospace") != 0, noSort: opts&compOptBit("nosort") != 0}
	if len(list) > 0 {
		return m, true
	}
	if opts&compOptBit("bashdefault") != 0 {
		if m.list = r.bashDefaultCompletions(word); len(m.list) > 0 {
			return m, true
		}
	}
	if opts&compOptBit("default") != 0 {
		m.list, m.filenames = r.fileCompletions(word), true
		return m, true
	}
	return m, opts&compOptBit("bashdefault") == 0
}

// runCompspec gathers the matches of compspec cs for the command name:
// its actions, word list and command, then its function's (the status
// it returned), with the options compopt left it.
func (r *Runner) runCompspec(cs *compSpec, name, word string, call compCall) ([]string, uint32, int) {
	opts := cs.opts
	r.compOpts = &opts
	defer func() { r.compOpts = nil }()
	c := *cs
	c.funcName = nil
	list := r.genCompletions(&c, word)
	st := 0
	if cs.funcName != nil {
		call.fn, call.cmd = *cs.funcName, name
		var fl []string
		fl, st = r.callCompFunc(call)
		list = append(list, fl...)
	}
	return list, opts, st
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

// compCall is the call of a completion function: its name, the
// command's, the command line with the cursor at byte point split into
// words (cword the cursor's), the word and the one before, and
// COMP_TYPE and COMP_KEY.
type compCall struct {
	fn, cmd, line string
	point         int
	words         []string
	cword         int
	cur, prev     string
	typ, key      int
}

// callCompFunc calls a compspec's function as completion does: with the
// command's name, the word and the previous word, the COMP_ variables
// set while it runs; its COMPREPLY elements are the matches, and the
// status it returned comes with them.
func (r *Runner) callCompFunc(c compCall) ([]string, int) {
	f := r.funcs[c.fn]
	if f == nil {
		r.errorf("completion: function `%s' not found", c.fn)
		return nil, 1
	}
	r.setScalar("COMP_LINE", c.line, false)
	r.setScalar("COMP_POINT", strconv.Itoa(utf8.RuneCountInString(c.line[:c.point])), false)
	r.setScalar("COMP_TYPE", strconv.Itoa(c.typ), false)
	r.setScalar("COMP_KEY", strconv.Itoa(c.key), false)
	r.setScalar("COMP_CWORD", strconv.Itoa(c.cword), false)
	quoted := make([]string, len(c.words))
	for i, w := range c.words {
		quoted[i] = singleQuote(w)
	}
	r.unsetVar("COMP_WORDS")
	r.assignArrayText("COMP_WORDS", "("+strings.Join(quoted, " ")+")", false)
	exit := r.exit
	r.callFunc(f, []string{c.fn, c.cmd, c.cur, c.prev})
	st := r.exit
	if r.flow == flowReturn {
		r.flow = flowNone
	}
	r.exit = exit
	return r.takeCompReply(), st
}
