package interp

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// biCompgen prints the completions a compspec built from its options
// generates for a word, as bash's compgen (gen_compspec_completions):
// the actions' matches, then -G's, -W's, -F's and -C's, filtered by -X,
// with -P and -S added, and -o dirnames, plusdirs, bashdefault and
// default applied. Lists come in bash's order: item lists sorted where
// bash sorts them, files and commands in directory order.
func biCompgen(r *Runner, args []string) int {
	if len(args) == 1 {
		return 0
	}
	ca, rest, ok, st := r.parseCompOpts("compgen", args[1:], false)
	if !ok {
		return st
	}
	if !ca.given {
		return 0 // bash: no options is success with nothing printed
	}
	word := ""
	if len(rest) > 0 {
		word = rest[0]
	}
	cs := &ca.spec
	if cs.funcName != nil {
		r.bErr("compgen", "warning: -F option may not work as you expect")
	}
	if cs.command != nil {
		r.bErr("compgen", "warning: -C option may not work as you expect")
	}
	list := r.genCompletions(cs, word)
	if r.flow != flowNone {
		return r.exit // -W's expansion failed: nothing is printed
	}
	if len(list) == 0 && cs.opts&compOptBit("bashdefault") != 0 {
		list = r.bashDefaultCompletions(word)
	}
	if len(list) == 0 && cs.opts&compOptBit("default") != 0 {
		list = r.fileCompletions(word)
	}
	if len(list) == 0 {
		return 1
	}
	var sb strings.Builder
	for _, c := range list {
		sb.WriteString(c)
		sb.WriteByte('\n')
	}
	if _, err := io.WriteString(r.out(), sb.String()); err != nil {
		// bash's compgen does not check its writes; only a broken
		// pipe ends a subshell, as the signal would
		if errno, ok := underlyingErrno(err); ok && errno == syscall.EPIPE {
			return r.writeFailed("compgen", err)
		}
	}
	return 0
}

func compOptBit(name string) uint32 { return 1 << slices.Index(compOptNames[:], name) }

func compActBit(name string) uint32 {
	for i, a := range compActs {
		if a.name == name {
			return 1 << i
		}
	}
	panic("unknown completion action " + name)
}

// genCompletions is bash's gen_compspec_completions without a command
// line: what compgen prints.
func (r *Runner) genCompletions(cs *compSpec, word string) []string {
	list := r.actionCompletions(cs.actions, word)
	if cs.glob != nil {
		// the pattern alone, not the word (bash's gen_globpat_matches)
		list = append(list, r.compGlob(*cs.glob)...)
	}
	if cs.words != nil {
		list = append(list, r.wordlistCompletions(*cs.words, word)...)
	}
	if cs.funcName != nil {
		list = append(list, r.compFuncCompletions(*cs.funcName, word)...)
	}
	if cs.command != nil {
		list = append(list, r.compCommandCompletions(*cs.command, word)...)
	}
	if cs.filter != nil {
		list = r.filterCompletions(list, *cs.filter, word)
	}
	if cs.prefix != nil || cs.suffix != nil {
		var pre, suf string
		if cs.prefix != nil {
			pre = *cs.prefix
		}
		if cs.suffix != nil {
			suf = *cs.suffix
		}
		for i, c := range list {
			list[i] = pre + c + suf
		}
	}
	switch {
	case len(list) == 0 && cs.opts&compOptBit("dirnames") != 0:
		list = r.dirCompletions(word)
	case cs.opts&compOptBit("plusdirs") != 0:
		list = append(list, r.dirCompletions(word)...)
	}
	return list
}

// actionCompletions generates the matches of the actions in acts, in the
// order of bash's gen_action_completions.
func (r *Runner) actionCompletions(acts uint32, word string) []string {
	var out []string
	text := dequoteCompWord(word) // item lists match the dequoted word
	add := func(names []string) {
		for _, n := range names {
			if strings.HasPrefix(n, text) {
				out = append(out, n)
			}
		}
	}
	for _, act := range [...]string{"alias", "arrayvar", "binding", "builtin", "disabled", "enabled",
		"export", "function", "helptopic", "hostname", "job", "keyword", "running", "setopt",
		"shopt", "signal", "stopped", "variable", "command", "file", "user", "group", "service", "directory"} {
		if acts&compActBit(act) == 0 {
			continue
		}
		switch act {
		case "alias":
			add(sortedKeys(r.aliases))
		case "arrayvar":
			var names []string
			for _, n := range r.visibleNames() {
				v := r.vars.get(n)
				special := v == nil && slices.Contains(listedSpecials[:], n) // computed arrays
				if special || v != nil && (v.kind == kIndexed || v.kind == kAssoc) {
					names = append(names, n)
				}
			}
			add(names)
		case "binding":
			// bash makes the list at its first use and keeps it
			if r.bindList == nil {
				r.bindList = r.bindableNames()
			}
			add(r.bindList)
		case "builtin":
			add(builtinNames)
		case "disabled", "enabled":
			for _, n := range builtinNames {
				if (r.disabled != nil && r.disabled[n]) == (act == "disabled") {
					add([]string{n})
				}
			}
		case "export":
			var names []string
			for _, n := range r.visibleNames() {
				if v := r.listValue(n); v != nil && v.set && v.attrs&aExport != 0 {
					names = append(names, n)
				}
			}
			add(names)
		case "function":
			add(sortedFuncNames(r))
		case "helptopic":
			for _, t := range helpTopics {
				add([]string{t.name})
			}
		case "hostname":
			add(r.hostNames())
		case "job", "running", "stopped":
			if act == "stopped" {
				continue // no job is ever stopped without job control
			}
			for _, j := range r.jobs.all() {
				if act == "running" && j.finished() {
					continue
				}
				add([]string{jobName(j.cmd)})
			}
		case "keyword":
			add(reservedWords[:])
		case "setopt":
			add(setOptNames[:])
		case "shopt":
			add(shoptTableOrder())
		case "signal":
			add(signalTableNames())
		case "variable":
			// as listings do, leaving out the builtin's own
			// temporary environment (listValue)
			var names []string
			for _, n := range r.visibleNames() {
				if _, bound := r.vars.m[n]; !bound || r.listValue(n) != nil {
					names = append(names, n)
				}
			}
			add(names)
		case "command":
			out = append(out, r.commandCompletions(word)...)
		case "file":
			out = append(out, r.fileCompletions(word)...)
		case "user":
			out = append(out, r.rlSort(dbCompletions("/etc/passwd", word, true))...)
		case "group":
			out = append(out, r.rlSort(dbCompletions("/etc/group", word, false))...)
		case "service":
			out = append(out, r.rlSort(serviceCompletions(word))...)
		case "directory":
			out = append(out, r.dirCompletions(word)...)
		}
	}
	return out
}

// dequoteCompWord removes the quoting from a word to complete, as
// bash's bash_dequote_filename: quotes go, a backslash quotes the next
// character (and stays inside single quotes, and inside double quotes
// before a character it does not escape there).
func dequoteCompWord(s string) string {
	if !strings.ContainsAny(s, `\'"`) {
		return s
	}
	var sb strings.Builder
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			if quote == '\'' || quote == '"' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) < 0 {
				sb.WriteByte(c)
			}
			i++
			if i >= len(s) {
				return sb.String()
			}
			sb.WriteByte(s[i])
		case quote != 0 && c == quote:
			quote = 0
		case quote == 0 && (c == '\'' || c == '"'):
			quote = c
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// reservedWords is bash's word_token_alist, in its order.
var reservedWords = [...]string{"if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
	"while", "until", "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc"}

// shoptTableOrder is the order of bash's shopt table: autocd first, then
// alphabetical.
func shoptTableOrder() []string {
	out := []string{"autocd"}
	for _, n := range shoptNames {
		if n != "autocd" {
			out = append(out, n)
		}
	}
	return out
}

// signalTableNames is bash's signal_names table: EXIT, the numbered
// signals (the two glibc reserves as SIGJUNK), then the pseudo-signals.
func signalTableNames() []string {
	out := []string{"EXIT"}
	for n := 1; n <= 64; n++ {
		if n == 32 || n == 33 {
			out = append(out, "SIGJUNK("+strconv.Itoa(n)+")")
		} else {
			out = append(out, "SIG"+signalName(n))
		}
	}
	return append(out, "DEBUG", "ERR", "RETURN")
}

// jobName is the name compgen -j gives a job: its command's first word.
func jobName(cmd string) string {
	if i := strings.IndexAny(cmd, " \t"); i >= 0 {
		return cmd[:i]
	}
	return cmd
}

// fileCompletions is readline's rl_filename_completion_function: the
// entries of the word's directory that start with its last component,
// in directory order, with the directory as typed before them. An empty
// last component lists hidden files but not . and ..
func (r *Runner) fileCompletions(word string) []string {
	dir, base := ".", word
	typed := ""
	if i := strings.LastIndexByte(word, '/'); i >= 0 {
		dir, base = word[:i+1], word[i+1:]
		typed = dir
	}
	names := r.readDirNames(r.tildePath(dir))
	var out []string
	for _, n := range names {
		if base == "" {
			if n == "." || n == ".." {
				continue
			}
		} else if !r.rlPrefix(n, base) {
			continue
		}
		out = append(out, typed+n)
	}
	return r.rlSort(out)
}

// rlPrefix is readline's match of a file or command name against the
// word: case-insensitive under completion-ignore-case.
func (r *Runner) rlPrefix(s, prefix string) bool {
	if r.rlCaseFold() {
		return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
	}
	return strings.HasPrefix(s, prefix)
}

// rlSort is readline's compute_lcd_of_matches: it sorts the matches when
// it folds case, and leaves them in the generator's order otherwise.
func (r *Runner) rlSort(list []string) []string {
	if r.rlCaseFold() && len(list) > 1 {
		sort.Strings(list)
	}
	return list
}

// readDirNames lists a directory (relative to the runner's) in the order
// readdir returns its entries.
func (r *Runner) readDirNames(dir string) []string {
	names, _ := rawDirNames(r.absPath(dir))
	return names
}

// compGlob is bash's glob_filename for compgen -G: a pattern without
// pattern characters is not an expansion that fails but a name looked up
// (after its backslashes are removed), or, ending in '/', given back as
// it is written.
func (r *Runner) compGlob(pat string) []string {
	if hasMetaExt(pat, r.opts.sh(shExtglob)) {
		return r.globUnsorted(pat)
	}
	if pat == "" || strings.HasSuffix(pat, "/") {
		return []string{pat}
	}
	dir, name := "", pat
	if i := strings.LastIndexByte(pat, '/'); i >= 0 {
		dir, name = dequotePathname(pat[:i+1]), pat[i+1:]
		if fi, err := os.Stat(r.absPath(dir)); err != nil || !fi.IsDir() {
			return nil
		}
	}
	name = dequotePathname(name)
	test := dir + name
	if dir == "" {
		test = "./" + name
	}
	if _, err := os.Lstat(r.absPath(test)); err != nil {
		return nil
	}
	return []string{dir + name}
}

// dequotePathname is bash's dequote_pathname: each backslash goes, the
// character after it stays (a trailing backslash just goes).
func dequotePathname(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			if i == len(s) {
				break
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

// globUnsorted expands a pattern in the order of bash's glob_filename,
// which the shell sorts but compgen -G does not: within a directory the
// reverse of readdir's order (glob_vector prepends each match), the
// matches of each directory one after the other. glob_filename is called
// directly: no GLOBIGNORE, and dot files as the last pathname expansion
// left glob.c's noglob_dot_filenames, whatever dotglob is now.
func (r *Runner) globUnsorted(pat string) []string {
	list := r.globFiles(pat, r.globDots, nil)
	if len(list) < 2 {
		return list
	}
	listings := map[string]map[string]int{}
	rank := func(dir, name string) int {
		m, ok := listings[dir]
		if !ok {
			m = map[string]int{}
			for i, n := range r.readDirNames(dir) {
				m[n] = i
			}
			listings[dir] = m
		}
		return -m[name]
	}
	keys := make(map[string][]int, len(list))
	for _, p := range list {
		var key []int
		dir := "."
		if strings.HasPrefix(p, "/") {
			dir = "/"
		}
		for _, c := range strings.Split(p, "/") {
			if c == "" {
				continue
			}
			key = append(key, rank(dir, c))
			dir = filepath.Join(dir, c)
		}
		keys[p] = key
	}
	sort.SliceStable(list, func(i, j int) bool { return slices.Compare(keys[list[i]], keys[list[j]]) < 0 })
	return list
}

// dirCompletions is bash's bash_directory_completion_matches: the file
// completions that are directories (symlinks to directories count).
func (r *Runner) dirCompletions(word string) []string {
	var out []string
	for _, c := range r.fileCompletions(word) {
		if fi, err := os.Stat(r.absPath(r.tildePath(c))); err == nil && fi.IsDir() {
			out = append(out, c)
		}
	}
	return out
}

// commandCompletions is bash's command_word_completion_function: for a
// word with a slash, the executables and directories it completes to;
// otherwise aliases, reserved words, functions, enabled builtins, a
// directory of that name, and the executables in each $PATH directory in
// directory order (a directory listed twice is listed twice).
func (r *Runner) commandCompletions(word string) []string {
	var out []string
	if strings.IndexByte(word, '/') >= 0 {
		for _, c := range r.fileCompletions(word) {
			if isExecOrDir(r.absPath(c), false) {
				out = append(out, c)
			}
		}
		return r.rlSort(out)
	}
	add := func(names []string, fold bool) {
		for _, n := range names {
			if fold && r.rlPrefix(n, word) || !fold && strings.HasPrefix(n, word) {
				out = append(out, n)
			}
		}
	}
	add(sortedKeys(r.aliases), true)
	add(reservedWords[:], false)
	add(sortedFuncNames(r), true)
	for _, n := range builtinNames {
		if r.disabled == nil || !r.disabled[n] {
			add([]string{n}, false)
		}
	}
	if word != "" && word != "." && word != ".." && !strings.HasPrefix(word, "~") {
		if fi, err := os.Stat(r.absPath(word)); err == nil && fi.IsDir() {
			out = append(out, word)
		}
	}
	path := r.lookup("PATH")
	if !path.isSetScalar() {
		return out
	}
	for _, dir := range strings.Split(path.value(), ":") {
		if dir == "" {
			dir = "."
		}
		dir = r.tildePath(dir)
		for _, n := range r.readDirNames(dir) {
			if (word == "" && (n == "." || n == "..")) || !r.rlPrefix(n, word) {
				continue
			}
			if isExecOrDir(r.absPath(filepath.Join(dir, n)), true) {
				out = append(out, n)
			}
		}
	}
	return r.rlSort(out)
}

// isExecOrDir reports whether path is an executable file, or (unless
// fileOnly) a directory, as bash's executable_file and
// executable_or_directory.
func isExecOrDir(path string, fileOnly bool) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	if fi.IsDir() {
		return !fileOnly
	}
	return syscall.Access(path, 1) == nil // X_OK
}

// dbCompletions reads the names (first fields) of a passwd or group file,
// in file order, that start with word, as getpwent and getgrent give
// them. For users a leading ~ in the word is kept on the results.
func dbCompletions(file, word string, tilde bool) []string {
	pre := ""
	if tilde && strings.HasPrefix(word, "~") {
		pre, word = "~", word[1:]
	}
	data, err := readFileRaw(file)
	if err != nil {
		return nil
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		name, _, ok := strings.Cut(line, ":")
		if !ok || name == "" || strings.HasPrefix(name, "#") {
			continue
		}
		if strings.HasPrefix(name, word) {
			out = append(out, pre+name)
		}
	}
	return out
}

// serviceCompletions reads /etc/services as getservent does: for each
// entry its name when it starts with word, else its first alias that
// does.
func serviceCompletions(word string) []string {
	data, err := readFileRaw("/etc/services")
	if err != nil {
		return nil
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) < 2 || strings.IndexByte(f[1], '/') < 0 {
			continue
		}
		names := append([]string{f[0]}, f[2:]...)
		for _, n := range names {
			if strings.HasPrefix(n, word) {
				out = append(out, n)
				break
			}
		}
	}
	return out
}

// hostNames is bash's hostname list: the names in $HOSTFILE (or
// /etc/hosts when it is unset), in file order, the address at the start
// of a line skipped when it starts with a digit.
func (r *Runner) hostNames() []string {
	file := "/etc/hosts"
	if v := r.lookup("HOSTFILE"); v.isSetScalar() {
		file = v.value()
	}
	var out []string
	var snarf func(file string, depth int)
	snarf = func(file string, depth int) {
		data, err := readFileRaw(r.absPath(file))
		if err != nil || depth > 8 {
			return
		}
		for _, line := range strings.Split(string(data), "\n") {
			line = strings.TrimLeft(line, " \t")
			if line == "" || line[0] == '#' {
				continue
			}
			if strings.HasPrefix(line, "$include ") {
				snarf(strings.TrimSpace(line[len("$include "):]), depth+1)
				continue
			}
			i := 0
			if line[0] >= '0' && line[0] <= '9' {
				for i < len(line) && !strings.ContainsRune(" \t\r\n", rune(line[i])) {
					i++
				}
			}
			for _, f := range strings.FieldsFunc(line[i:], func(c rune) bool { return strings.ContainsRune(" \t\r\n", c) }) {
				if f[0] == '#' {
					break
				}
				out = append(out, f)
			}
		}
	}
	snarf(file, 0)
	return out
}

// wordlistCompletions splits -W's list at $IFS (quotes and expansions
// keep their delimiters), expands each word as the shell does except for
// pathname expansion, and keeps those that start with word.
func (r *Runner) wordlistCompletions(list, word string) []string {
	if list == "" {
		return nil
	}
	var out []string
	text := dequoteCompWord(word)
	for _, tok := range splitAtIFS(list, r.ifs()) {
		if tok == "" {
			continue // an empty unquoted word expands to nothing
		}
		for _, w := range r.expandNoGlob(bareWordText(tok)) {
			if strings.HasPrefix(w, text) {
				out = append(out, w)
			}
		}
		if r.flow != flowNone {
			// an expansion error ends the command (or the shell)
			// there, as bash's longjmp out of the expansion does
			return nil
		}
	}
	return out
}

// bareWordText readies text that bash expands without the parser having
// read it (a word of -W's list) for parseWordText: $'…' and $"…" are the
// lexer's quoting, not expansion's, so their $ is a character there; and
// a backslash that ends the text quotes nothing, and quote removal drops
// it.
func bareWordText(s string) string {
	if !strings.ContainsAny(s, "$\\") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '\\':
			end := min(i+2, len(s))
			if end == i+1 {
				if sb.Len() == 0 {
					return "''" // the word was quoted: still a word
				}
				return sb.String()
			}
			sb.WriteString(s[i:end])
			i = end
		case c == '$' && i+1 < len(s) && (s[i+1] == '\'' || s[i+1] == '"'):
			sb.WriteString(`\$`)
			i++
		case c == '$' || c == '`' || c == '\'' || c == '"':
			end := expansionEnd(s, i)
			sb.WriteString(s[i:end])
			i = end
		default:
			sb.WriteByte(c)
			i++
		}
	}
	return sb.String()
}

// splitAtIFS is bash's split_at_delims with $IFS: fields end at an
// unquoted IFS character outside any expansion, and a run of IFS
// characters of any kind separates two fields.
func splitAtIFS(s, ifs string) []string {
	isDelim := func(c byte) bool { return strings.IndexByte(ifs, c) >= 0 }
	var out []string
	i := 0
	for i < len(s) && isDelim(s[i]) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		i++
	}
	for i < len(s) {
		start := i
		i = skipToDelim(s, i, isDelim)
		out = append(out, s[start:i])
		for i < len(s) && isDelim(s[i]) {
			i++
		}
	}
	return out
}

// skipToDelim returns the offset of the first delimiter at or after i
// that is not quoted or inside $(...), ${...}, $((...)) or `...`.
func skipToDelim(s string, i int, delim func(byte) bool) int {
	for i < len(s) {
		switch c := s[i]; {
		case c == '\\':
			i += 2
		case c == '\'':
			if j := strings.IndexByte(s[i+1:], '\''); j >= 0 {
				i += j + 2
			} else {
				return len(s)
			}
		case c == '"' || c == '`':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		case c == '$' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{'):
			open, closing := s[i+1], byte(')')
			if open == '{' {
				closing = '}'
			}
			depth := 0
			j := i + 1
			for ; j < len(s); j++ {
				if s[j] == open {
					depth++
				} else if s[j] == closing {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			i = j + 1
		case delim(c):
			return i
		default:
			i++
		}
	}
	return min(i, len(s))
}

// expandNoGlob expands one word of text as bash's expand_words_shellexp:
// every expansion but pathname expansion. Text that is not one word is
// taken as it is.
func (r *Runner) expandNoGlob(tok string) []string {
	w, src, ok := parseWordText(tok)
	if !ok {
		return []string{tok}
	}
	if w == nil {
		return nil // a line continuation alone: nothing
	}
	oldSrc, oldWritten := r.curSrc, r.comsubWritten
	r.curSrc, r.comsubWritten = src, true
	defer func() { r.curSrc, r.comsubWritten = oldSrc, oldWritten }()
	b := &fieldBuilder{ifs: r.ifs(), mb: r.utf8Locale(), noGlob: true}
	if err := r.expandWordBraces(b, w); err != nil {
		r.expansionError(err)
		return nil
	}
	var out []string
	r.globFields(b, &out)
	return out
}

// parseWordText parses text as the one word bash's expansion reads it
// as (blanks and operators are characters, see escapeWordText), with the
// source its positions refer to; a nil word is text that is a line
// continuation alone. ok is false for text that is not one word.
func parseWordText(tok string) (w *syntax.Word, src string, ok bool) {
	f, src, err := parseRawFile(": "+escapeWordText(tok), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, "", false
	}
	call, isCall := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if isCall && len(call.Args) == 1 && len(call.Assigns) == 0 {
		return nil, src, true
	}
	if !isCall || len(call.Args) != 2 || len(call.Assigns) > 0 || len(f.Stmts[0].Redirs) > 0 {
		return nil, "", false
	}
	return call.Args[1], src, true
}

// escapeWordText makes text parse as one word: blanks and operator
// characters outside quotes and expansions, which bash's expansion of a
// word's text keeps as characters, get a backslash (and so does a
// leading #).
func escapeWordText(s string) string {
	if !strings.ContainsAny(s, " \t\n;&|<>()#") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '\\':
			end := min(i+2, len(s))
			sb.WriteString(s[i:end])
			i = end
		case c == '$' || c == '`' || c == '\'' || c == '"':
			end := expansionEnd(s, i)
			sb.WriteString(s[i:end])
			i = end
		case strings.IndexByte(" \t\n;&|<>()", c) >= 0 || c == '#' && i == 0:
			sb.WriteByte('\\')
			sb.WriteByte(c)
			i++
		default:
			sb.WriteByte(c)
			i++
		}
	}
	return sb.String()
}

// filterCompletions applies -X: with a leading ! it keeps the matches of
// the pattern, otherwise it removes them; an unquoted & in the pattern
// stands for the word.
func (r *Runner) filterCompletions(list []string, pat, word string) []string {
	neg := strings.HasPrefix(pat, "!")
	if neg {
		pat = pat[1:]
	}
	if strings.IndexByte(pat, '&') >= 0 {
		var sb strings.Builder
		for i := 0; i < len(pat); i++ {
			switch {
			case pat[i] == '\\' && i+1 < len(pat) && pat[i+1] == '&':
				sb.WriteByte('&')
				i++
			case pat[i] == '&':
				sb.WriteString(word)
			default:
				sb.WriteByte(pat[i])
			}
		}
		pat = sb.String()
	}
	var kept []string
	for _, c := range list {
		if r.match(pat, c) == neg {
			kept = append(kept, c)
		}
	}
	return kept
}

// compFuncCompletions runs -F's function as compgen does outside of
// completion: arguments "compgen", the word and an empty previous word,
// the COMP_ variables describing an empty line while it runs, and the
// elements of its indexed COMPREPLY array as the matches.
func (r *Runner) compFuncCompletions(name, word string) []string {
	list, _ := r.callCompFunc(compCall{fn: name, cmd: "compgen", cword: -1, cur: word})
	return list
}

// takeCompReply ends a completion function's run as bash's
// gen_shell_function_matches does: the COMP_ variables are unset, the
// elements of COMPREPLY are the matches, and COMPREPLY is unset too.
func (r *Runner) takeCompReply() []string {
	for _, n := range [...]string{"COMP_LINE", "COMP_POINT", "COMP_TYPE", "COMP_KEY", "COMP_WORDS", "COMP_CWORD"} {
		r.unsetVar(n)
	}
	v := r.vars.get("COMPREPLY")
	if v == nil || !v.set {
		return nil
	}
	var out []string
	switch v.kind {
	case kString:
		out = []string{v.str}
	case kIndexed:
		out = append([]string(nil), v.arr.vals...)
	}
	r.unsetVar("COMPREPLY")
	return out
}

// compCommandCompletions runs -C's command as compgen does outside of
// completion, with the arguments "compgen", the word and an empty
// previous word (single-quoted after the command's text), in a command
// substitution, and takes its output lines (a backslash-newline does not
// end one) as the matches.
func (r *Runner) compCommandCompletions(cmd, word string) []string {
	line := cmd + " " + singleQuote("compgen") + " " + singleQuote(word) + " " + singleQuote("")
	out := r.expandNoGlob("\"$(" + line + "\n)\"")
	if len(out) != 1 || out[0] == "" {
		return nil
	}
	var list []string
	s := out[0]
	for len(s) > 0 {
		end := 0
		for end < len(s) && s[end] != '\n' {
			if s[end] == '\\' && end+1 < len(s) && s[end+1] == '\n' {
				end++
			}
			end++
		}
		list = append(list, s[:end])
		if end < len(s) {
			end++
		}
		s = s[end:]
	}
	return list
}

// bashDefaultCompletions is bash's default completion of a word that is
// not a command name (bash_default_completion): a variable after $, a
// user after ~, a host after @, the expansion of a glob pattern.
func (r *Runner) bashDefaultCompletions(word string) []string {
	switch {
	case strings.HasPrefix(word, "$") && !strings.ContainsAny(word, "/"):
		pre, w := "$", word[1:]
		if strings.HasPrefix(w, "{") {
			pre, w = "${", w[1:]
		}
		var out []string
		for _, n := range r.visibleNames() {
			if strings.HasPrefix(n, w) {
				out = append(out, pre+n)
			}
		}
		return out
	case strings.HasPrefix(word, "~") && !strings.ContainsAny(word, "/"):
		return dbCompletions("/etc/passwd", word, true)
	case strings.HasPrefix(word, "@"):
		var out []string
		for _, h := range r.hostNames() {
			if strings.HasPrefix(h, word[1:]) {
				out = append(out, "@"+h)
			}
		}
		return out
	}
	// a glob pattern expands (sorted, as the shell's pathname
	// expansion); file names are readline's fallback, not bash's
	return r.glob(word)
}
