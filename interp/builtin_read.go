package interp

import (
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"
)

// lineReader reads from an fd without consuming more than it returns:
// regular files are read in blocks and the offset moved back to just after
// what was used; pipes and terminals are read a byte at a time, as bash
// does.
type lineReader struct {
	f        *os.File
	seekable bool
	buf      []byte
	pos      int
	base     int64 // file offset of buf[0]
}

func newLineReader(f *os.File) *lineReader {
	lr := &lineReader{f: f}
	if off, err := f.Seek(0, io.SeekCurrent); err == nil {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			lr.seekable = true
			lr.base = off
		}
	}
	return lr
}

// readByte returns the next byte.
func (lr *lineReader) readByte() (byte, error) {
	if lr.pos < len(lr.buf) {
		c := lr.buf[lr.pos]
		lr.pos++
		return c, nil
	}
	if lr.seekable {
		lr.base += int64(len(lr.buf))
		if cap(lr.buf) == 0 {
			lr.buf = make([]byte, 0, 8192)
		}
		lr.buf = lr.buf[:cap(lr.buf)]
		n, err := lr.f.Read(lr.buf)
		lr.buf = lr.buf[:n]
		lr.pos = 0
		if n == 0 {
			if err == nil {
				err = io.EOF
			}
			return 0, err
		}
		c := lr.buf[0]
		lr.pos = 1
		return c, nil
	}
	var b [1]byte
	for {
		n, err := lr.f.Read(b[:])
		if n == 1 {
			return b[0], nil
		}
		if err != nil {
			if err == syscall.EINTR {
				continue
			}
			return 0, err
		}
		return 0, io.EOF
	}
}

// done puts back what was read ahead on seekable files.
func (lr *lineReader) done() {
	if lr.seekable && lr.pos < len(lr.buf) {
		lr.f.Seek(lr.base+int64(lr.pos), io.SeekStart)
	}
	lr.buf = lr.buf[:0]
	lr.pos = 0
}

// biRead implements read.
func biRead(r *Runner, args []string) int {
	raw := false
	delim := byte('\n')
	nchars := -1
	exact := false
	arrayName := ""
	prompt := ""
	fd := 0
	var timeout time.Duration = -1
	silent := false
	a := args[1:]
	for len(a) > 0 && len(a[0]) > 1 && a[0][0] == '-' {
		opt := a[0]
		if opt == "--" {
			a = a[1:]
			break
		}
		a = a[1:]
		for j := 1; j < len(opt); j++ {
			c := opt[j]
			needArg := strings.IndexByte("adnNptu", c) >= 0
			var arg string
			if needArg {
				if j+1 < len(opt) {
					arg = opt[j+1:]
				} else if len(a) > 0 {
					arg = a[0]
					a = a[1:]
				} else {
					r.bErr("read", "-%c: option requires an argument", c)
					r.errw().Write([]byte("read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n"))
					return 2
				}
				j = len(opt)
			}
			switch c {
			case 'r':
				raw = true
			case 's':
				silent = true
			case 'e', 'E':
			case 'a':
				arrayName = arg
			case 'd':
				if arg == "" {
					delim = 0
				} else {
					delim = arg[0]
				}
			case 'n', 'N':
				n, err := strconv.Atoi(arg)
				if err != nil || n < 0 {
					r.bErr("read", "%s: invalid number", arg)
					return 1
				}
				nchars = n
				exact = c == 'N'
			case 'p':
				prompt = arg
			case 't':
				f, err := strconv.ParseFloat(arg, 64)
				if err != nil || f < 0 {
					r.bErr("read", "%s: invalid timeout specification", arg)
					return 1
				}
				timeout = time.Duration(f * float64(time.Second))
			case 'u':
				n, err := strconv.Atoi(arg)
				if err != nil || n < 0 {
					r.bErr("read", "%s: invalid file descriptor specification", arg)
					return 1
				}
				fd = n
			case 'i':
			default:
				r.bErr("read", "-%c: invalid option", c)
				r.errw().Write([]byte("read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n"))
				return 2
			}
		}
	}
	_ = silent
	names := a
	for _, n := range names {
		if !validName(n) {
			r.bErr("read", "`%s': not a valid identifier", n)
			return 1
		}
	}
	f := r.fds.get(fd)
	if f == nil {
		r.bErr("read", "%d: invalid file descriptor: Bad file descriptor", fd)
		return 1
	}
	if prompt != "" && isTerminal(f) {
		r.errw().Write([]byte(prompt))
	}
	if timeout == 0 {
		return 0
	}
	lr := newLineReader(f)
	var line []byte
	var esc []bool // which bytes were escaped by a backslash
	gotDelim := false
	var err error
	deadline := time.Time{}
	if timeout > 0 {
		deadline = time.Now().Add(timeout)
		f.SetReadDeadline(deadline)
		defer f.SetReadDeadline(time.Time{})
	}
	count := 0
	for {
		if nchars >= 0 && count >= nchars {
			break
		}
		var c byte
		c, err = lr.readByte()
		if err != nil {
			break
		}
		if !exact && c == delim {
			gotDelim = true
			break
		}
		if !raw && !exact && c == '\\' {
			c2, err2 := lr.readByte()
			if err2 != nil {
				err = err2
				break
			}
			if c2 == '\n' {
				continue
			}
			line = append(line, c2)
			esc = append(esc, true)
			count++
			continue
		}
		line = append(line, c)
		esc = append(esc, false)
		if c < utf8.RuneSelf || utf8.FullRune(line) {
			count++
		}
	}
	lr.done()
	timedOut := false
	if err != nil && err != io.EOF {
		if os.IsTimeout(err) {
			timedOut = true
		}
	}
	status := 0
	if !gotDelim && (err != nil) && !(nchars >= 0 && count >= nchars) {
		status = 1
	}
	if timedOut {
		status = 142
	}
	if nchars >= 0 && count >= nchars {
		status = 0
	}
	r.assignRead(line, esc, names, arrayName, exact)
	return status
}

// assignRead splits a line by IFS into the named variables (the last gets
// the rest) or into an array.
func (r *Runner) assignRead(line []byte, esc []bool, names []string, arrayName string, exact bool) {
	ifs := r.ifs()
	if exact {
		if len(names) == 0 {
			r.setScalar("REPLY", string(line), false)
			return
		}
		r.setScalar(names[0], string(line), false)
		for _, n := range names[1:] {
			r.setScalar(n, "", false)
		}
		return
	}
	if arrayName == "" && len(names) == 0 {
		// REPLY gets the line with only leading/trailing IFS whitespace... none stripped
		r.setScalar("REPLY", string(line), false)
		return
	}
	isIFS := func(i int) bool { return !esc[i] && strings.IndexByte(ifs, line[i]) >= 0 }
	isWS := func(i int) bool { c := line[i]; return isIFS(i) && (c == ' ' || c == '\t' || c == '\n') }
	// split into fields
	var fields []string
	var starts []int
	i := 0
	n := len(line)
	for i < n && isWS(i) {
		i++
	}
	want := len(names)
	if arrayName != "" {
		want = -1
	}
	for i < n {
		if want > 0 && len(fields) == want-1 {
			// the last variable gets the rest, minus trailing IFS whitespace
			end := n
			for end > i && isWS(end-1) {
				end--
			}
			// a single trailing non-whitespace delimiter is also dropped
			rest := string(line[i:end])
			if end > i && isIFS(end-1) && !isWS(end-1) {
				// keep: bash keeps embedded delimiters; strip only if it's the last char and preceded by a field
				j := end - 1
				k := j
				for k > i && isWS(k-1) {
					k--
				}
				if k == i || !isIFS(k-1) {
					rest = string(line[i:j])
					rest = strings.TrimRight(rest, " \t\n")
				}
			}
			starts = append(starts, i)
			fields = append(fields, rest)
			i = n
			break
		}
		start := i
		var sb []byte
		for i < n && !isIFS(i) {
			sb = append(sb, line[i])
			i++
		}
		starts = append(starts, start)
		fields = append(fields, string(sb))
		// consume the delimiter: whitespace, at most one non-whitespace, whitespace
		for i < n && isWS(i) {
			i++
		}
		if i < n && isIFS(i) && !isWS(i) {
			i++
			for i < n && isWS(i) {
				i++
			}
		}
	}
	if arrayName != "" {
		v := r.vars.own(arrayName)
		if v.attrs&aReadonly != 0 {
			r.bErr("read", "%s: readonly variable", arrayName)
			return
		}
		v.kind, v.set, v.arr, v.str, v.assoc = kIndexed, true, &indexedArray{vals: fields}, "", nil
		return
	}
	for k, name := range names {
		val := ""
		if k < len(fields) {
			val = fields[k]
		}
		if err := r.setScalar(name, val, false); err != nil {
			r.bErr("read", "%s", err.Error())
		}
	}
}

// biMapfile implements mapfile/readarray.
func biMapfile(r *Runner, args []string) int {
	delim := byte('\n')
	count := -1
	origin := int64(0)
	skip := 0
	trim := false
	fd := 0
	keep := false
	callback := ""
	quantum := 5000
	a := args[1:]
	for len(a) > 0 && len(a[0]) > 1 && a[0][0] == '-' {
		opt := a[0]
		a = a[1:]
		if opt == "--" {
			break
		}
		c := opt[1]
		arg := ""
		if strings.IndexByte("dnOsuCc", c) >= 0 {
			if len(opt) > 2 {
				arg = opt[2:]
			} else if len(a) > 0 {
				arg, a = a[0], a[1:]
			} else {
				r.bErr(args[0], "-%c: option requires an argument", c)
				return 2
			}
		}
		switch c {
		case 'd':
			if arg == "" {
				delim = 0
			} else {
				delim = arg[0]
			}
		case 'n':
			count, _ = strconv.Atoi(arg)
		case 'O':
			origin, _ = strconv.ParseInt(arg, 10, 64)
			keep = true
		case 's':
			skip, _ = strconv.Atoi(arg)
		case 't':
			trim = true
		case 'u':
			fd, _ = strconv.Atoi(arg)
		case 'C':
			callback = arg
		case 'c':
			quantum, _ = strconv.Atoi(arg)
		default:
			r.bErr(args[0], "-%c: invalid option", c)
			return 2
		}
	}
	name := "MAPFILE"
	if len(a) > 0 {
		name = a[0]
	}
	f := r.fds.get(fd)
	if f == nil {
		r.bErr(args[0], "%d: invalid file descriptor: Bad file descriptor", fd)
		return 1
	}
	v := r.vars.own(name)
	if v.attrs&aReadonly != 0 {
		r.bErr(args[0], "%s: readonly variable", name)
		return 1
	}
	if v.kind != kIndexed || !keep {
		if !keep || v.kind != kIndexed {
			v.kind, v.arr, v.str, v.assoc = kIndexed, &indexedArray{}, "", nil
		}
	}
	if v.arr == nil {
		v.arr = &indexedArray{}
	}
	v.set = true
	lr := newLineReader(f)
	idx := origin
	read := 0
	for count < 0 || read < count {
		var line []byte
		got := false
		for {
			c, err := lr.readByte()
			if err != nil {
				break
			}
			got = true
			line = append(line, c)
			if c == delim {
				break
			}
		}
		if !got {
			break
		}
		if skip > 0 {
			skip--
			continue
		}
		if trim && len(line) > 0 && line[len(line)-1] == delim {
			line = line[:len(line)-1]
		}
		v = r.vars.own(name)
		v.arr.set(int(idx), string(line))
		if callback != "" && quantum > 0 && (read+1)%quantum == 0 {
			r.evalString(callback+" "+itoa(idx)+" "+singleQuote(string(line)), "eval")
		}
		idx++
		read++
	}
	lr.done()
	return 0
}
