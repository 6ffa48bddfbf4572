package interp

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// The history list, as bash keeps it with set -o history (bashhist.c and
// readline's history.c). Each Runner has its own; it is nil until history
// is first turned on, so a shell without history pays nothing for it.

// histEntry is one history entry: the command line as read, and the time
// it was added (0 when read from a file without a timestamp).
type histEntry struct {
	line string
	time int64
	// stamp is the timestamp text read from a history file, for the
	// "invalid timestamp" listing of one that is not a number
	stamp string
}

// histState is a Runner's history list and the bookkeeping bash keeps
// around it.
type histState struct {
	list []histEntry
	// made says an entry was ever added: readline allocates its list
	// then, and bash's fc does nothing while history_list is NULL
	made bool
	base int // history_base: the number of list[0]
	// lastAdded is hist_last_line_added: the line just read was added
	// as a new entry (fc and history -s, -p drop it again)
	lastAdded  bool
	lastPushed bool // history -s stored the last entry
	// firstSaved is current_command_first_line_saved: the first line
	// of the command being read was saved, so its next lines join it
	firstSaved bool
	// sessionLines and fileLines are history_lines_this_session and
	// history_lines_in_file, for history -a and -n
	sessionLines, fileLines int
	// src and line are the top-level text and the last line of it
	// recorded; live says history was on when that line was read
	src  string
	line int
	live bool
	// subst is the last :s substitution and !?string? search
	subst histSubst
	// limit is the HISTSIZE last applied (-1: none); stamps says new
	// entries get a time
	limit  int
	stamps bool
	// enabled says set -o history ran: a -c string (run by bash with
	// SEVAL_NOHIST) is remembered only from then on
	enabled bool
	// lines are the lines of linesOf, the text last recorded from
	lines   []string
	linesOf string
}

// clone copies h for a subshell, which has its own copy of the list.
func (h *histState) clone() *histState {
	if h == nil {
		return nil
	}
	c := *h
	c.list = append([]histEntry(nil), h.list...)
	return &c
}

// histList returns the history list, creating it.
func (r *Runner) histList() *histState {
	if r.hist == nil {
		r.hist = &histState{base: 1, limit: -1}
	}
	return r.hist
}

// histOn reports whether lines read are remembered (set -o history).
func (r *Runner) histOn() bool { return r.opts.on(optHistory) }

// histSize is the limit HISTSIZE sets on the list, or -1 for none.
func (r *Runner) histSize() int {
	v := r.vars.get("HISTSIZE")
	if v == nil || !v.set {
		return -1
	}
	n, err := strconv.Atoi(strings.TrimSpace(v.str))
	if err != nil {
		return -1
	}
	if n < 0 {
		return 0
	}
	return n
}

// reallyAdd appends line as a new entry (readline's add_history).
func (r *Runner) histReallyAdd(line string) {
	h := r.histList()
	r.histSync()
	n := r.histSize()
	if n == 0 {
		h.lastAdded = false
		return
	}
	if n > 0 && len(h.list) >= n {
		// readline's add_history on a full stifled list
		drop := len(h.list) - n + 1
		h.list = h.list[drop:]
		h.base += drop
	}
	e := histEntry{line: line}
	if r.histStamping() {
		e.time = time.Now().Unix()
	}
	h.list = append(h.list, e)
	h.made = true
	h.lastAdded = true
	h.sessionLines++
}

// histStamping reports whether new entries get a time stamp: bash's
// history_comment_char is set in an interactive shell, and once
// HISTTIMEFORMAT or histchars has been set.
func (r *Runner) histStamping() bool {
	h := r.hist
	if !h.stamps {
		if r.sh.interactive {
			h.stamps = true
		} else if v := r.vars.get("HISTTIMEFORMAT"); v != nil && v.set {
			h.stamps = true
		} else if v := r.vars.get("histchars"); v != nil && v.set {
			h.stamps = true
		}
	}
	return h.stamps
}

// histSync applies a change of HISTSIZE as bash does on assignment
// (stifle_history, which sets history_base to the number of entries it
// drops).
func (r *Runner) histSync() {
	h := r.hist
	n := r.histSize()
	if n == h.limit {
		return
	}
	h.limit = n
	if n >= 0 && len(h.list) > n {
		drop := len(h.list) - n
		h.list = h.list[drop:]
		h.base = drop
	}
}

// histControl is HISTCONTROL's words.
func (r *Runner) histControl() (ignSpace, ignDups, eraseDups bool) {
	for _, w := range strings.Split(r.varString("HISTCONTROL"), ":") {
		switch w {
		case "ignorespace":
			ignSpace = true
		case "ignoredups":
			ignDups = true
		case "ignoreboth":
			ignSpace, ignDups = true, true
		case "erasedups":
			eraseDups = true
		}
	}
	return
}

// histIgnored reports whether HISTIGNORE has line left out; & in a
// pattern stands for the previous entry.
func (r *Runner) histIgnored(line string) bool {
	hi := r.varString("HISTIGNORE")
	if hi == "" {
		return false
	}
	for _, pat := range splitHistIgnore(hi) {
		if strings.Contains(pat, "&") {
			prev := ""
			if h := r.hist; h != nil && len(h.list) > 0 {
				prev = h.list[len(h.list)-1].line
			}
			pat = expandHistAmp(pat, prev)
		}
		if m, err := r.compilePattern(pat, false, true); err == nil && m.matchString(line) {
			return true
		}
	}
	return false
}

// splitHistIgnore splits HISTIGNORE at the colons not escaped.
func splitHistIgnore(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case ':':
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// expandHistAmp replaces each unescaped & in pat with prev, quoted.
func expandHistAmp(pat, prev string) string {
	var sb strings.Builder
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; {
		case c == '\\' && i+1 < len(pat) && pat[i+1] == '&':
			sb.WriteByte('&')
			i++
		case c == '&':
			for j := 0; j < len(prev); j++ {
				if strings.IndexByte(`\*?[]()|@+!`, prev[j]) >= 0 {
					sb.WriteByte('\\')
				}
				sb.WriteByte(prev[j])
			}
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// histCheckAdd is check_add_history: it adds line as a new entry unless
// HISTCONTROL or HISTIGNORE keep it out, and reports whether it did.
func (r *Runner) histCheckAdd(line string) bool {
	ignSpace, ignDups, eraseDups := r.histControl()
	h := r.histList()
	if ignSpace && strings.HasPrefix(line, " ") {
		h.lastAdded = false
		return false
	}
	if ignDups && len(h.list) > 0 && h.list[len(h.list)-1].line == line {
		h.lastAdded = false
		return false
	}
	if r.histIgnored(line) {
		h.lastAdded = false
		return false
	}
	if eraseDups {
		kept := h.list[:0]
		for _, e := range h.list {
			if e.line != line {
				kept = append(kept, e)
			}
		}
		h.list = kept
	}
	r.histReallyAdd(line)
	return true
}

// histAppend adds text to the last entry, after sep (bash_add_history
// for the second and later lines of a command).
func (r *Runner) histAppend(sep, line string) {
	h := r.hist
	if len(h.list) == 0 {
		r.histReallyAdd(line)
		return
	}
	e := &h.list[len(h.list)-1]
	cur := e.line
	if strings.HasSuffix(cur, `\`) && !strings.HasSuffix(cur, `\\`) && sep != "\n" {
		// an escaped newline goes, as the parser removes it
		cur, sep = cur[:len(cur)-1], ""
	}
	if strings.HasSuffix(cur, "\n") && strings.HasPrefix(sep, ";") {
		sep = sep[1:]
	}
	e.line = cur + sep + line
}

// histDeleteLast removes the last entry (bash_delete_last_history).
func (r *Runner) histDeleteLast() bool {
	h := r.hist
	if h == nil || len(h.list) == 0 {
		return false
	}
	h.list = h.list[:len(h.list)-1]
	return true
}

// histClear empties the list (history -c).
func (r *Runner) histClear() {
	h := r.histList()
	h.list = nil
	h.base = 1 // readline's clear_history numbers from 1 again
	h.sessionLines = 0
	h.lastAdded = false
}

// histCmdNumber is $HISTCMD: the number of the command running.
func (r *Runner) histCmdNumber() int {
	if !r.histOn() || r.hist == nil {
		if r.histOn() {
			return 0
		}
		return 0
	}
	r.histSync() // HISTSIZE set since stifled the list (and renumbered it)
	return r.hist.base + len(r.hist.list) - 1
}

// histEnabled is bash_set_history turning history on: before any line
// of this session is remembered, HISTSIZE and HISTFILESIZE get their
// defaults and the lines of $HISTFILE are read (load_history).
func (r *Runner) histEnabled() {
	h := r.histList()
	h.enabled = true
	if h.sessionLines != 0 {
		return
	}
	if v := r.vars.get("HISTSIZE"); v == nil || !v.set {
		r.setScalar("HISTSIZE", "500", false)
	}
	if v := r.vars.get("HISTFILESIZE"); v == nil || !v.set {
		r.setScalar("HISTFILESIZE", r.varString("HISTSIZE"), false)
	}
	r.histSync()
	if hf := r.varString("HISTFILE"); hf != "" {
		if read, err := r.histReadFile(hf, 0); err == nil {
			h.fileLines = read
		}
	}
}

// LoadHistory is what an interactive bash does after its startup files:
// unless a startup file stored lines already, HISTSIZE and HISTFILESIZE
// get their defaults and $HISTFILE is read.
func (r *Runner) LoadHistory() {
	if !r.histOn() {
		return
	}
	r.histEnabled()
}

// histSaveOnExit is maybe_save_shell_history, when a shell remembering
// lines exits: the lines of this session are appended to $HISTFILE,
// which is then cut to $HISTFILESIZE lines.
func (r *Runner) histSaveOnExit() {
	h := r.hist
	if h == nil || r.isSub || !r.histOn() || h.sessionLines <= 0 {
		return
	}
	hf := r.varString("HISTFILE")
	if hf == "" {
		return
	}
	n := min(h.sessionLines, len(h.list))
	var err error
	if h.sessionLines <= len(h.list) {
		err = r.histPutFile(hf, h.list[len(h.list)-n:], os.O_WRONLY|os.O_CREATE|os.O_APPEND)
	} else {
		err = r.histWriteFile(hf, h.list)
	}
	h.sessionLines = 0
	if err != nil {
		return
	}
	r.histTruncateFile(hf)
}

// histTruncateFile keeps the last $HISTFILESIZE lines of file (readline's
// history_truncate_file; a time stamp stays with its line).
func (r *Runner) histTruncateFile(file string) {
	v := r.vars.get("HISTFILESIZE")
	if v == nil || !v.set {
		return
	}
	max, err := strconv.Atoi(strings.TrimSpace(v.str))
	if err != nil || max < 0 {
		return
	}
	path := r.absPath(file)
	b, err := readFileRaw(path)
	if err != nil {
		return
	}
	lines := strings.SplitAfter(string(b), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	entries := 0
	cut := len(lines)
	for cut > 0 && entries < max {
		cut--
		if l := lines[cut]; !(len(l) > 1 && l[0] == '#' && l[1] >= '0' && l[1] <= '9') {
			entries++
		}
	}
	if cut > 0 && cut < len(lines) {
		if l := lines[cut-1]; len(l) > 1 && l[0] == '#' && l[1] >= '0' && l[1] <= '9' {
			cut-- // the time stamp of the first line kept
		}
	}
	if cut == 0 {
		return
	}
	if entries == 0 {
		cut = len(lines)
	}
	os.WriteFile(path, []byte(strings.Join(lines[cut:], "")), 0o600)
}
