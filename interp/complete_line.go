package interp

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

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
	exit := r.exit
	r.callFunc(f, []string{fn, cmd, cur, prev})
	st := r.exit
	if r.flow == flowReturn {
		r.flow = flowNone
	}
	r.exit = exit
	return r.takeCompReply(), st
}
