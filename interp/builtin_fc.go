package interp

import (
	"math"
	"os"
	"strconv"
	"strings"
)

// fc's special history positions (bash's fc.def).
const (
	histInvalid  = math.MinInt32
	histERange   = math.MinInt32 + 1
	histNotFound = math.MinInt32 + 2
)

// biFc is the fc builtin: list, edit and re-run history entries.
func biFc(r *Runner, args []string) int {
	numbering, reverse, listing, execute := true, false, false, false
	ename := ""
	hasE := false
	a := args[1:]
	for len(a) > 0 && len(a[0]) > 1 && a[0][0] == '-' && !fcNumber(a[0]) {
		opt := a[0]
		a = a[1:]
		if opt == "--" {
			break
		}
		if opt == "--help" {
			if st, ok := r.builtinHelp("fc"); ok {
				return st
			}
		}
		for j := 1; j < len(opt); j++ {
			switch c := opt[j]; c {
			case 'n':
				numbering = false
			case 'l':
				listing = true
			case 'r':
				reverse = true
			case 's':
				execute = true
			case 'e':
				switch {
				case j+1 < len(opt):
					ename = opt[j+1:]
				case len(a) > 0:
					ename, a = a[0], a[1:]
				default:
					r.bErr("fc", "-e: option requires an argument")
					r.builtinUsage("fc")
					return 2
				}
				hasE = true
				j = len(opt)
			default:
				r.bErr("fc", "-%c: invalid option", c)
				r.builtinUsage("fc")
				return 2
			}
		}
	}
	if hasE && ename == "-" {
		execute = true
	}
	if execute {
		return r.fcExecute(a)
	}
	h := r.hist
	if h == nil || !h.made {
		return 0
	}
	r.histSync()
	n := len(h.list)
	lastHist := n - r.fcRemembering() - bint(h.lastAdded)
	realLast := n
	if realLast > 0 {
		realLast-- // the last entry
	}
	if lastHist < 0 {
		lastHist = 0
	}
	var beg, end int
	if len(a) > 0 {
		beg = r.fcHistNum(a[0], listing, true)
		switch {
		case len(a) > 1:
			end = r.fcHistNum(a[1], listing, false)
		case beg == realLast && listing:
			end = realLast
		case listing:
			end = lastHist
		default:
			end = beg
		}
	} else if listing {
		end = lastHist
		beg = max(end-16+1, 0)
	} else {
		beg, end = lastHist, lastHist
	}
	if st, bad := r.fcBadRange(beg, end); bad {
		return st
	}
	beg, end = max(beg, 0), max(end, 0)
	if !listing && h.lastAdded {
		r.histDeleteLast()
		n = len(h.list)
		if lastHist >= n {
			lastHist = n - 1
		}
		if end >= lastHist {
			end = lastHist
		} else if beg >= lastHist {
			beg = lastHist
		}
		beg, end = max(beg, 0), max(end, 0)
	}
	if end < beg {
		beg, end = end, beg
		reverse = true
	}
	var sb strings.Builder
	for k := 0; k <= end-beg; k++ {
		i := beg + k
		if reverse {
			i = end - k
		}
		if i >= len(h.list) {
			continue
		}
		if listing && numbering {
			sb.WriteString(strconv.Itoa(i + h.base))
		}
		if listing {
			if r.opts.on(optPosix) {
				sb.WriteString("\t")
			} else {
				sb.WriteString("\t ")
			}
		}
		sb.WriteString(h.list[i].line + "\n")
	}
	if listing {
		return r.write("fc", sb.String())
	}
	return r.fcEdit(ename, hasE, sb.String())
}

// bint is 1 for true.
func bint(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fcRemembering is bash's rh: 1 when the fc command line itself was
// read with history on.
func (r *Runner) fcRemembering() int {
	return bint(r.histOn())
}

// fcBadRange reports the errors of fc's special positions.
func (r *Runner) fcBadRange(beg, end int) (int, bool) {
	switch {
	case beg == histInvalid || end == histInvalid, beg == histERange || end == histERange:
		r.bErr("fc", "history specification out of range")
		return 1, true
	case beg == histNotFound || end == histNotFound:
		r.bErr("fc", "no command found")
		return 1, true
	}
	return 0, false
}

// fcNumber reports whether s is a history number for fc (-N ends the
// options, as bash's fc_number).
func fcNumber(s string) bool {
	s = strings.TrimPrefix(s, "-")
	_, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	return s != "" && err == nil
}

// fcHistNum is bash's fc_gethnum: the index in the list that spec (a
// number, relative when not positive, or the start of a command) names.
func (r *Runner) fcHistNum(spec string, listing, first bool) int {
	h := r.hist
	n := len(h.list)
	lastHist := n - r.fcRemembering() - bint(h.lastAdded)
	if lastHist < 0 {
		return -1
	}
	realLast := n
	if realLast > 0 {
		realLast--
	}
	i := lastHist
	s := spec
	sign := 1
	if strings.HasPrefix(s, "-") {
		sign = -1
		s = s[1:]
	}
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		num := atoiPrefix(s) * sign
		switch {
		case num < 0:
			num += i + 1
			return max(num, 0)
		case num == 0:
			if sign == -1 {
				if listing {
					return realLast
				}
				return histInvalid
			}
			return i
		default:
			num -= h.base
			if num < 0 || num >= i {
				if first {
					return 0
				}
				return i
			}
			return num
		}
	}
	for j := i; j >= 0; j-- {
		if j < n && strings.HasPrefix(h.list[j].line, spec) {
			return j
		}
	}
	return histNotFound
}

// atoiPrefix is C's atoi: the leading digits of s.
func atoiPrefix(s string) int {
	n := 0
	for i := 0; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = n*10 + int(s[i]-'0')
		if n > math.MaxInt32 {
			return math.MaxInt32
		}
	}
	return n
}

// fcExecute is fc -s [old=new ...] [command]: the command is printed,
// takes fc's place in the history, and runs.
func (r *Runner) fcExecute(a []string) int {
	type repl struct{ pat, rep string }
	var subs []repl
	for len(a) > 0 {
		i := strings.IndexByte(a[0], '=')
		if i < 0 {
			break
		}
		subs = append(subs, repl{a[0][:i], a[0][i+1:]})
		a = a[1:]
	}
	cmd, ok := "", false
	if r.hist != nil {
		spec := ""
		if len(a) > 0 {
			spec = a[0]
		}
		var i int
		if spec == "" {
			h := r.hist
			i = len(h.list) - r.fcRemembering() - bint(h.lastAdded)
			if i < 0 {
				i = -1
			}
		} else {
			i = r.fcHistNum(spec, false, false)
		}
		if i >= 0 && i < len(r.hist.list) {
			cmd, ok = r.hist.list[i].line, true
		}
	}
	if !ok {
		r.bErr("fc", "no command found")
		return 1
	}
	for _, s := range subs {
		if s.pat != "" {
			cmd = strings.ReplaceAll(cmd, s.pat, s.rep)
		}
	}
	r.errw().Write([]byte(cmd + "\n"))
	if line := strings.TrimSuffix(cmd, "\n"); line != "" && r.hist != nil {
		r.histDeleteLast()
		r.histCheckAdd(line)
	}
	return r.evalString(cmd, "fc")
}

// fcEdit writes the commands to a temporary file, runs the editor on it
// and then runs the file's commands, echoed as read and remembered.
func (r *Runner) fcEdit(ename string, hasE bool, cmds string) int {
	dir := r.varString("TMPDIR")
	if dir == "" {
		dir = os.TempDir()
	}
	f, err := os.CreateTemp(dir, "bash-fc.")
	if err != nil {
		r.bErr("fc", "%s: cannot open temp file: %v", dir, err)
		return 1
	}
	name := f.Name()
	defer os.Remove(name)
	_, err = f.WriteString(cmds)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		r.bErr("fc", "write error: %v", err)
		return 1
	}
	editor := ename
	if !hasE {
		editor = "${FCEDIT:-${EDITOR:-vi}}"
		if r.opts.on(optPosix) {
			editor = "${FCEDIT:-${EDITOR:-ed}}"
		}
	}
	if st := r.evalString(editor+" "+name, "fc"); st != 0 {
		return 1
	}
	b, err := readFileRaw(name)
	if err != nil {
		return 1
	}
	text := string(b)
	if text == "" {
		return 0
	}
	if r.hist != nil {
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			if strings.TrimSpace(l) != "" {
				r.histCheckAdd(l)
			}
		}
	}
	// bash's fc_execute_file: the file runs as a sourced one would, its
	// lines echoed as read (set -v)
	verbose := r.opts.set[optVerbose]
	r.opts.set[optVerbose] = true
	st := biSource(r, []string{"source", name})
	r.opts.set[optVerbose] = verbose
	if r.flow == flowReturn {
		r.flow = flowNone
	}
	return st
}
