package interp

import (
	"bufio"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// rlBoolVars are readline's boolean variables in the order bind -v and -V
// list them.
var rlBoolVars = []string{
	"bind-tty-special-chars", "blink-matching-paren", "byte-oriented", "colored-completion-prefix",
	"colored-stats", "completion-ignore-case", "completion-map-case", "convert-meta",
	"disable-completion", "echo-control-characters", "enable-active-region", "enable-bracketed-paste",
	"enable-keypad", "enable-meta-key", "expand-tilde", "history-preserve-point",
	"horizontal-scroll-mode", "input-meta", "mark-directories", "mark-modified-lines",
	"mark-symlinked-directories", "match-hidden-files", "menu-complete-display-prefix", "meta-flag",
	"output-meta", "page-completions", "prefer-visible-bell", "print-completions-horizontally",
	"revert-all-at-newline", "show-all-if-ambiguous", "show-all-if-unmodified", "show-mode-in-prompt",
	"skip-completed-text", "visible-stats",
}

// rlBoolOn are the boolean variables that readline starts with on, whatever
// the terminal and locale.
var rlBoolOn = map[string]bool{
	"bind-tty-special-chars": true, "echo-control-characters": true, "enable-meta-key": true,
	"mark-directories": true, "match-hidden-files": true, "page-completions": true,
	"prefer-visible-bell": true,
}

// rlStringVars are readline's other variables in the order bind -v lists
// them, with their initial values; the colors of the active region and
// the isearch terminators have none to show.
var rlStringVars = []struct{ name, def string }{
	{"bell-style", "audible"}, {"comment-begin", "#"}, {"completion-display-width", "-1"},
	{"completion-prefix-display-length", "0"}, {"completion-query-items", "100"},
	{"editing-mode", "emacs"}, {"emacs-mode-string", "@"}, {"history-size", ""},
	{"keymap", ""}, {"keyseq-timeout", "500"}, {"vi-cmd-mode-string", "(cmd)"},
	{"vi-ins-mode-string", "(ins)"},
}

// rlVarAlias maps variables readline keeps in one place: meta-flag is
// input-meta.
func rlVarAlias(name string) string {
	if name == "meta-flag" {
		return "input-meta"
	}
	return name
}

// rlVar returns a readline variable's value as bind -v shows it: what
// bind or an inputrc file set, else readline's initial value, which for
// some depends on the terminal and the character locale.
func (r *Runner) rlVar(name string) string {
	key := rlVarAlias(name)
	if v, ok := r.rlVars[key]; ok {
		return v
	}
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	switch key {
	case "enable-active-region", "enable-bracketed-paste":
		// readline assumes that a terminal named dumb, or one the
		// terminal database does not know, has no such modes
		return onOff(r.rlSmartTerm())
	case "input-meta", "output-meta":
		return onOff(r.rlEightBit())
	case "convert-meta":
		return onOff(!r.rlEightBit())
	case "editing-mode":
		if r.opts.on(optVi) {
			return "vi"
		}
		return "emacs"
	case "keymap":
		if r.rlVar("editing-mode") == "vi" {
			return "vi-insert"
		}
		return "emacs"
	case "history-size":
		// the history is stifled at $HISTSIZE in a shell that keeps one
		if r.sh.interactive && r.opts.on(optHistory) {
			if n, err := strconv.Atoi(r.varString("HISTSIZE")); err == nil && n >= 0 {
				return strconv.Itoa(n)
			}
		}
		return "0"
	}
	if rlBoolOn[key] {
		return "on"
	}
	for _, sv := range rlStringVars {
		if sv.name == key {
			return sv.def
		}
	}
	return "off"
}

// rlCaseFold is readline's completion-ignore-case, which only bind or
// an inputrc file turn on.
func (r *Runner) rlCaseFold() bool { return r.rlVars["completion-ignore-case"] == "on" }

// rlSmartTerm reports whether readline takes $TERM to know bracketed
// paste: not when it is unset, empty, dumb, or not in the terminal
// database.
func (r *Runner) rlSmartTerm() bool {
	term := r.varString("TERM")
	return term != "" && term != "dumb" && terminfoKnown(term, r.varString("TERMINFO"), r.varString("HOME"))
}

// terminfoKnown reports whether a terminfo entry for term exists where
// ncurses looks for one.
func terminfoKnown(term, terminfo, home string) bool {
	return terminfoPath(term, terminfo, home) != ""
}

// terminfoPath returns the file of term's terminfo entry, found where
// ncurses looks for one, or "".
func terminfoPath(term, terminfo, home string) string {
	if term == "" || strings.ContainsRune(term, '/') {
		return ""
	}
	var dirs []string
	if terminfo != "" {
		dirs = append(dirs, terminfo)
	}
	if home != "" {
		dirs = append(dirs, filepath.Join(home, ".terminfo"))
	}
	dirs = append(dirs, "/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo")
	for _, d := range dirs {
		for _, sub := range []string{term[:1], fmt.Sprintf("%02x", term[0])} {
			p := filepath.Join(d, sub, term)
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	return ""
}

// rlEightBit reports whether readline runs in eight-bit mode: its
// character locale is neither C nor POSIX.
func (r *Runner) rlEightBit() bool {
	if r.utf8Locale() {
		return true
	}
	name := r.ctypeName()
	return name != "" && name != "C" && name != "POSIX" && localeAvailable(name)
}

// rlSetVar is readline's rl_variable_bind for "set name value" (bind or an
// inputrc file); a name or value it refuses is reported on standard error
// as readline does and changes nothing.
func (r *Runner) rlSetVar(name, value string) {
	key := rlVarAlias(strings.ToLower(name))
	set := func(k, v string) {
		// a fork shares the map: each change makes a new one
		m := maps.Clone(r.rlVars)
		if m == nil {
			m = map[string]string{}
		}
		m[k] = v
		r.rlVars = m
	}
	for _, b := range rlBoolVars {
		if b != key {
			continue
		}
		// bool_to_int: no value, "on" or "1" is true
		on := value == "" || strings.EqualFold(value, "on") || value == "1"
		v := "off"
		if on {
			v = "on"
		}
		set(key, v)
		switch key {
		case "enable-bracketed-paste":
			set("enable-active-region", v)
		case "prefer-visible-bell":
			if on {
				set("bell-style", "visible")
			} else {
				set("bell-style", "audible")
			}
		}
		return
	}
	refuse := func() {
		r.rlError("%s: could not set value to `%s'", name, value)
	}
	// the numbers are atoi's, each with its own value for nothing
	num := func(none int, floor bool) string {
		n := none
		if value != "" {
			n = cAtoi(value)
			if floor && n < 0 {
				n = 0
			}
		}
		return strconv.Itoa(n)
	}
	switch key {
	case "bell-style":
		switch strings.ToLower(value) {
		case "none", "off":
			set(key, "none")
		case "visible":
			set(key, "visible")
		case "audible", "on":
			set(key, "audible")
		default:
			refuse()
		}
	case "comment-begin":
		if value != "" {
			set(key, value)
		}
	case "completion-display-width":
		set(key, num(-1, false))
	case "completion-prefix-display-length", "keyseq-timeout":
		set(key, num(0, true))
	case "completion-query-items":
		set(key, num(100, true))
	case "history-size":
		n := num(500, false)
		if strings.HasPrefix(n, "-") {
			n = "0" // unstifled
		}
		set(key, n)
	case "editing-mode":
		switch mode := strings.ToLower(value); mode {
		case "vi":
			set(key, mode)
			set("keymap", "vi-insert")
		case "emacs":
			set(key, mode)
			set("keymap", "emacs")
		default:
			refuse()
		}
	case "keymap":
		switch k := strings.ToLower(value); k {
		case "emacs", "emacs-standard":
			set(key, "emacs")
		case "emacs-meta", "emacs-ctlx", "vi-insert":
			set(key, k)
		case "vi", "vi-move", "vi-command":
			set(key, "vi")
		default:
			refuse()
		}
	case "emacs-mode-string", "vi-cmd-mode-string", "vi-ins-mode-string":
		set(key, value)
	case "isearch-terminators", "active-region-start-color", "active-region-end-color":
		// taken, but bind -v has nothing to show for them
	default:
		r.rlError("%s: unknown variable name", name)
	}
}

// rlDumpVars is bind -v (readable) and bind -V: every readline variable
// with its value.
func (r *Runner) rlDumpVars(readable bool) string {
	var sb strings.Builder
	line := func(name, v string) {
		if readable {
			fmt.Fprintf(&sb, "set %s %s\n", name, v)
		} else {
			fmt.Fprintf(&sb, "%s is set to `%s'\n", name, v)
		}
	}
	for _, name := range rlBoolVars {
		line(name, r.rlVar(name))
	}
	for _, sv := range rlStringVars {
		line(sv.name, r.rlVar(sv.name))
	}
	return sb.String()
}

// readInputrc reads readline's init file as readline does as it starts:
// $INPUTRC, else ~/.inputrc, else /etc/inputrc.
func (r *Runner) readInputrc() {
	file := r.varString("INPUTRC")
	if file == "" {
		if home := r.varString("HOME"); home != "" {
			file = filepath.Join(home, ".inputrc")
			if _, err := os.Stat(r.absPath(file)); err != nil {
				file = ""
			}
		}
		if file == "" {
			file = "/etc/inputrc"
		}
	}
	r.readInitFile(file, 0)
}

// readInitFile applies the variable settings and key bindings of an
// inputrc file, within its $if, $else and $endif and through $include (to
// a few levels), to keymaps the caller owns; name is the file as given,
// which readline's errors show. It fails only when the file cannot be
// opened.
func (r *Runner) readInitFile(name string, depth int) error {
	f, err := os.Open(r.absPath(name))
	if err != nil {
		return err
	}
	if depth > 8 {
		f.Close()
		return nil
	}
	defer f.Close()
	var stack []bool // for each open $if: whether its lines are read
	reading := func() bool { return len(stack) == 0 || stack[len(stack)-1] }
	defer func(saved *rlInitPos) { r.rlReading = saved }(r.rlReading)
	pos := &rlInitPos{file: name}
	r.rlReading = pos
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		pos.line++
		line := strings.TrimLeft(sc.Text(), " \t")
		if line == "" || line[0] == '#' {
			continue
		}
		if line[0] == '$' {
			word, arg, _ := strings.Cut(line[1:], " ")
			arg = strings.TrimSpace(arg)
			switch strings.ToLower(word) {
			case "if":
				stack = append(stack, reading() && r.rlCondition(arg))
			case "else":
				if n := len(stack); n > 0 && (n == 1 || stack[n-2]) {
					stack[n-1] = !stack[n-1]
				}
			case "endif":
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
				}
			case "include":
				if reading() {
					inc := arg
					if strings.HasPrefix(inc, "~/") {
						inc = filepath.Join(r.varString("HOME"), inc[2:])
					}
					r.readInitFile(inc, depth+1)
				}
			default:
				r.rlError("%s: unknown parser directive", word)
			}
			continue
		}
		if !reading() {
			continue
		}
		r.rlBindLine(line)
	}
	return nil
}

// rlSetLine applies line when it is a "set NAME VALUE" line of readline's
// init language (a missing name or value is empty), reporting whether it
// was one.
func (r *Runner) rlSetLine(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 || !strings.EqualFold(f[0], "set") {
		return false
	}
	f = append(f, "", "")
	r.rlSetVar(f[1], f[2])
	return true
}

// rlCondition is the test of an inputrc $if: mode=, term=, version
// comparisons and the application's name (Bash).
func (r *Runner) rlCondition(arg string) bool {
	word, _, _ := strings.Cut(arg, " ")
	low := strings.ToLower(word)
	switch {
	case strings.HasPrefix(low, "mode="):
		return low[5:] == r.rlVar("editing-mode")
	case strings.HasPrefix(low, "term="):
		want := word[5:]
		term := r.varString("TERM")
		base, _, _ := strings.Cut(term, "-")
		return want == term || want == base
	case strings.HasPrefix(low, "version"):
		return rlVersionTest(strings.TrimSpace(arg[len("version"):]))
	}
	return strings.EqualFold(word, "bash")
}

// rlVersionTest compares readline's version, 8.2, as $if version OP N.M.
func rlVersionTest(expr string) bool {
	v := strings.TrimLeft(expr, "=<>!")
	op := expr[:len(expr)-len(v)]
	v = strings.TrimSpace(v)
	major, minor, _ := strings.Cut(v, ".")
	maj, err := strconv.Atoi(major)
	if err != nil {
		return false
	}
	mi, _ := strconv.Atoi(minor)
	cmp := 8*100 + 2 - (maj*100 + mi)
	switch op {
	case "=", "==":
		return cmp == 0
	case "!=":
		return cmp != 0
	case ">":
		return cmp > 0
	case ">=":
		return cmp >= 0
	case "<":
		return cmp < 0
	case "<=":
		return cmp <= 0
	}
	return false
}
