package interp

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// biHistory is the history builtin (bash's builtins/history.def).
func biHistory(r *Runner, args []string) int {
	var flags uint64
	var delArg string
	rest, ok, st := r.builtinOpts("history", "acd:npsrw", usageLine("history"), args[1:], func(c byte, arg string) (bool, int) {
		flags |= optBit(c)
		if c == 'd' {
			delArg = arg
		}
		return true, 0
	})
	if !ok {
		return st
	}
	has := func(c byte) bool { return flags&optBit(c) != 0 }
	n := 0
	for _, c := range "anrw" {
		if has(byte(c)) {
			n++
		}
	}
	if n > 1 {
		r.bErr("history", "cannot use more than one of -anrw")
		return 1
	}
	h := r.histList()
	r.histSync()
	if has('c') {
		r.histClear()
		if len(rest) == 0 {
			return 0
		}
	}
	switch {
	case has('s'):
		if len(rest) > 0 {
			r.histPush(strings.Join(rest, " "))
		}
		return 0
	case has('p'):
		if !h.lastPushed && h.lastAdded && !r.histDeleteLast() {
			return 1
		}
		// each line is out before the next word's error, as through
		// bash's line-buffered stdout, whose write errors it ignores
		st := 0
		for _, a := range rest {
			out, res, _ := r.histExpand(a)
			if res < 0 {
				r.bErr("history", "%s: history expansion failed", a)
				st = 1
				continue
			}
			if w := r.writeUnchecked("history", out+"\n"); w != 0 {
				return w
			}
		}
		return st
	case has('d'):
		return r.histDeleteArg(delArg)
	case !has('a') && !has('r') && !has('n') && !has('w') && !has('c'):
		return r.histDisplay(rest)
	}
	file := r.histFileName()
	if len(rest) > 0 {
		file = rest[0]
	}
	if r.opts.restricted && strings.Contains(file, "/") {
		r.bErr("history", "%s: restricted", file)
		return 1
	}
	var err error
	switch {
	case has('a'):
		err = r.histAppendFile(file)
	case has('w'):
		err = r.histWriteFile(file, h.list)
	case has('r'):
		var read int
		read, err = r.histReadFile(file, 0)
		h.fileLines = read
	case has('n'):
		old := h.fileLines
		var read int
		read, err = r.histReadFile(file, h.fileLines)
		h.fileLines = old + read
		h.sessionLines += read
	}
	if err != nil {
		return 1
	}
	return 0
}

// histFileName is the file history -anrw use by default: $HISTFILE, or
// readline's ~/.history when it is unset.
func (r *Runner) histFileName() string {
	if v := r.vars.get("HISTFILE"); v != nil && v.set {
		return v.str
	}
	return r.varString("HOME") + "/.history"
}

// histPush is history -s: the history -s command itself (or the
// compound command holding it) gives way to line.
func (r *Runner) histPush(line string) {
	h := r.histList()
	if r.histOn() && !h.lastPushed && (h.lastAdded || h.firstSaved) && !r.histDeleteLast() {
		return
	}
	r.histCheckAdd(line)
	h.lastPushed = true
}

// histDisplay lists the history, the last N entries with an argument.
func (r *Runner) histDisplay(args []string) int {
	limit := -1
	if len(args) > 0 {
		n, err := strconv.ParseInt(strings.TrimSpace(args[0]), 10, 64)
		if err != nil {
			r.bErr("history", "%s: numeric argument required", args[0])
			return 1
		}
		if len(args) > 1 {
			return r.noArgs("history") // bash's get_numeric_arg drops the line
		}
		if n < 0 {
			n = -n
		}
		limit = int(n)
	}
	h := r.hist
	i := 0
	if limit >= 0 && limit < len(h.list) {
		i = len(h.list) - limit
	}
	tf := r.varString("HISTTIMEFORMAT")
	var sb strings.Builder
	for ; i < len(h.list); i++ {
		e := h.list[i]
		num := strconv.Itoa(i + h.base)
		sb.WriteString(strings.Repeat(" ", max(0, 5-len(num))) + num + "  ")
		if tf != "" {
			sb.WriteString(r.histTime(e, tf))
		}
		sb.WriteString(e.line + "\n")
	}
	return r.write("history", sb.String())
}

// histTime is an entry's time stamp in format tf, as display_history
// prints it.
func (r *Runner) histTime(e histEntry, tf string) string {
	if e.time != 0 {
		return strftime(tf, time.Unix(e.time, 0).In(r.timeLocation()))
	}
	if e.stamp != "" {
		return strings.TrimPrefix(e.stamp, "#") + ": invalid timestamp"
	}
	return "??"
}

// histDeleteArg is history -d OFFSET or -d START-END.
func (r *Runner) histDeleteArg(arg string) int {
	h := r.hist
	n := len(h.list)
	body := arg
	if strings.HasPrefix(body, "-") {
		body = body[1:]
	}
	if i := strings.IndexByte(body, '-'); i >= 0 {
		split := len(arg) - len(body) + i
		sArg, eArg := arg[:split], arg[split+1:]
		start, err1 := strconv.ParseInt(strings.TrimSpace(sArg), 10, 64)
		end, err2 := strconv.ParseInt(strings.TrimSpace(eArg), 10, 64)
		if err1 != nil || err2 != nil {
			r.bErr("history", "%s: history position out of range", arg)
			return 1
		}
		// a position is from the end when written negative, else a
		// history number
		index := func(s string, v int64) (int64, bool) {
			if strings.HasPrefix(s, "-") && v < 0 {
				v += int64(n)
			} else if v > 0 {
				v -= int64(h.base)
			}
			if v < 0 || v >= int64(n) {
				r.bErr("history", "%s: history position out of range", s)
				return 0, false
			}
			return v, true
		}
		var ok bool
		if start, ok = index(sArg, start); !ok {
			return 1
		}
		if end, ok = index(eArg, end); !ok {
			return 1
		}
		if end < start {
			return 1
		}
		h.list = append(h.list[:start], h.list[end+1:]...)
		return 0
	}
	off, err := strconv.ParseInt(strings.TrimSpace(arg), 10, 64)
	if err != nil {
		r.bErr("history", "%s: history position out of range", arg)
		return 1
	}
	var ind int64
	switch {
	case strings.HasPrefix(arg, "-") && off < 0:
		ind = int64(n) + off
		if ind < 0 {
			r.bErr("history", "%s: history position out of range", arg)
			return 1
		}
	case off < int64(h.base) || off >= int64(h.base+n):
		r.bErr("history", "%s: history position out of range", arg)
		return 1
	default:
		ind = off - int64(h.base)
	}
	h.list = append(h.list[:ind], h.list[ind+1:]...)
	return 0
}

// histWriteFile writes entries to file, with "#time" lines before each
// when HISTTIMEFORMAT is set (readline's history_write_timestamps).
func (r *Runner) histWriteFile(file string, list []histEntry) error {
	return r.histPutFile(file, list, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
}

func (r *Runner) histPutFile(file string, list []histEntry, mode int) error {
	stamps := false
	if v := r.vars.get("HISTTIMEFORMAT"); v != nil && v.set {
		stamps = true
	}
	var sb strings.Builder
	for _, e := range list {
		if stamps && e.time != 0 {
			sb.WriteString("#" + strconv.FormatInt(e.time, 10) + "\n")
		}
		sb.WriteString(e.line + "\n")
	}
	f, err := os.OpenFile(r.absPath(file), mode, 0o600)
	if err != nil {
		return err
	}
	_, err = f.WriteString(sb.String())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// histAppendFile is history -a: the entries added in this session and
// not yet appended go to the end of file.
func (r *Runner) histAppendFile(file string) error {
	h := r.hist
	n := h.sessionLines
	if n <= 0 || n > len(h.list) {
		if n > len(h.list) {
			n = len(h.list)
		} else {
			return nil
		}
	}
	if err := r.histPutFile(file, h.list[len(h.list)-n:], os.O_WRONLY|os.O_CREATE|os.O_APPEND); err != nil {
		return err
	}
	h.sessionLines = 0
	h.fileLines += n
	return nil
}

// histReadFile appends the lines of file from line skip on to the list
// (a "#digits" line is the time of the next) and returns the number of
// lines of the file read.
func (r *Runner) histReadFile(file string, skip int) (int, error) {
	b, err := readFileRaw(r.absPath(file))
	if err != nil {
		return 0, err
	}
	text := string(b)
	if text == "" {
		return 0, nil
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if skip > len(lines) {
		skip = len(lines)
	}
	h := r.histList()
	var stamp string
	read := 0
	for _, l := range lines[skip:] {
		read++
		if len(l) > 1 && l[0] == '#' && l[1] >= '0' && l[1] <= '9' {
			stamp = l
			continue
		}
		e := histEntry{line: l}
		if stamp != "" {
			if t, err := strconv.ParseInt(stamp[1:], 10, 64); err == nil {
				e.time = t
			} else {
				e.stamp = stamp
			}
			stamp = ""
		}
		h.list = append(h.list, e)
		h.made = true
		if n := r.histSize(); n >= 0 && len(h.list) > n {
			h.list = h.list[1:]
			h.base++
		}
	}
	return read, nil
}
