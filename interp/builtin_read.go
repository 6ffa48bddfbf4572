package interp

import (
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"
)

// errReadTimeout is returned by lineReader when read -t's deadline passes.
var errReadTimeout = errors.New("read timeout")

// lineReader reads from an fd without consuming more than it returns, as
// bash's read and mapfile do: regular files are read in blocks and the
// offset moved back to just after what was used (done); pipes, terminals
// and other files are read a byte at a time. It reads the descriptor
// directly, so an *os.File in Go's poller is read the same way as one
// that is not, and an optional deadline is honoured with poll(2).
type lineReader struct {
	f        *os.File
	fd       int
	seekable bool
	buf      []byte
	pos      int
	base     int64 // file offset of buf[0]
	off      int64 // the descriptor's file offset (seekable files)
	deadline time.Time
	// timeout, when set, starts the deadline at the first wait for
	// input, as bash's read -t timer starts just before its read loop:
	// input already there beats a timeout shorter than read's setup
	timeout time.Duration
	// stop, when set, is polled while waiting for input: read gives up
	// (errReadStopped) once it reports true
	stop func() bool
	// avail counts the bytes a poll found waiting (FIONREAD), which
	// are read without polling again: a pipe read a byte at a time
	// takes one read(2) per byte, not a ppoll(2) besides
	avail int
}

// errReadStopped is returned by lineReader when its stop function asks
// it to give up waiting.
var errReadStopped = errors.New("read stopped")

func newLineReader(f *os.File) *lineReader {
	lr := &lineReader{f: f, fd: -1}
	if f == nil {
		return lr
	}
	lr.fd = rawFD(f)
	if off, err := f.Seek(0, io.SeekCurrent); err == nil {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			lr.seekable = true
			lr.base = off
			lr.off = off
		}
	}
	return lr
}

// rawFD returns f's descriptor without switching it to blocking mode as
// (*os.File).Fd would.
func rawFD(f *os.File) int {
	rc, err := f.SyscallConn()
	if err != nil {
		return int(f.Fd())
	}
	fd := -1
	rc.Control(func(u uintptr) { fd = int(u) })
	return fd
}

// sysRead reads into p, waiting for input with poll when the descriptor
// is non-blocking or a deadline is set. It returns io.EOF at end of file.
func (lr *lineReader) sysRead(p []byte) (int, error) {
	if lr.fd < 0 {
		return 0, syscall.EBADF
	}
	for {
		if lr.timeout > 0 && lr.deadline.IsZero() {
			lr.deadline = time.Now().Add(lr.timeout)
		}
		if !lr.deadline.IsZero() && !lr.seekable {
			left := time.Until(lr.deadline)
			if left <= 0 {
				return 0, errReadTimeout
			}
			ok, err := pollReadable(lr.fd, left)
			if err != nil && err != syscall.EINTR {
				return 0, err
			}
			if !ok {
				continue
			}
		}
		if lr.stop != nil && lr.avail <= 0 {
			if err := lr.waitStop(); err != nil {
				return 0, err
			}
		}
		n, err := syscall.Read(lr.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.EAGAIN:
			if _, err := pollReadable(lr.fd, -1); err != nil && err != syscall.EINTR {
				return 0, err
			}
			continue
		case err != nil:
			return 0, err
		case n == 0:
			lr.avail = 0
			return 0, io.EOF
		}
		lr.avail -= n
		return n, nil
	}
}

// waitStop waits for input in short polls, returning errReadStopped as
// soon as lr.stop reports true.
func (lr *lineReader) waitStop() error {
	for {
		if lr.stop() {
			return errReadStopped
		}
		ok, err := pollReadable(lr.fd, 50*time.Millisecond)
		if ok {
			lr.avail = waitingBytes(lr.fd)
		}
		if ok || err != nil && err != syscall.EINTR {
			return nil
		}
	}
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
			lr.buf = make([]byte, 0, 4096)
		}
		lr.buf = lr.buf[:cap(lr.buf)]
		// pread at the block's own offset: keep() may have moved the
		// file offset back to the line boundary since the last block
		n, err := lr.pread(lr.buf, lr.base)
		lr.buf = lr.buf[:n]
		lr.pos = 0
		if err != nil {
			return 0, err
		}
		lr.pos = 1
		return lr.buf[0], nil
	}
	var b [1]byte
	if _, err := lr.sysRead(b[:]); err != nil {
		return 0, err
	}
	return b[0], nil
}

// lineReaderFor returns a reader for f, reusing the block read ahead by
// the previous read on the same regular file when the file offset shows
// nobody moved it since (one lseek instead of fstat, read and lseek for
// each line of a while-read loop).
func (r *Runner) lineReaderFor(f *os.File) *lineReader {
	if c := r.readAhead; c != nil && c.f == f && c.seekable && c.fd >= 0 {
		off, err := syscall.Seek(c.fd, 0, io.SeekCurrent)
		if err == nil && off == c.off && off == c.base+int64(c.pos) {
			c.deadline, c.timeout = time.Time{}, 0
			return c
		}
	}
	lr := newLineReader(f)
	if lr.seekable {
		r.readAhead = lr
	} else {
		r.readAhead = nil
	}
	return lr
}

// keep puts the file offset right after what was used, like done, but
// keeps the block read ahead for the next read on the same file.
func (lr *lineReader) keep() {
	if !lr.seekable {
		lr.done()
		return
	}
	lr.syncOffset()
}

// syncOffset moves the descriptor's offset to just after the bytes used.
func (lr *lineReader) syncOffset() {
	want := lr.base + int64(lr.pos)
	if lr.off != want {
		if _, err := syscall.Seek(lr.fd, want, io.SeekStart); err == nil {
			lr.off = want
		}
	}
}

// pread reads a block at offset off without moving the file offset.
func (lr *lineReader) pread(p []byte, off int64) (int, error) {
	for {
		n, err := syscall.Pread(lr.fd, p, off)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return 0, io.EOF
		}
		return n, nil
	}
}

// done puts back what was read ahead on seekable files.
func (lr *lineReader) done() {
	if lr.seekable {
		lr.syncOffset()
	}
	lr.base += int64(lr.pos)
	lr.buf = lr.buf[:0]
	lr.pos = 0
}

const readUsage = "read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n"

// builtinOpts walks a builtin's options as bash's internal_getopt does:
// clustered letters, an argument either attached or in the next word,
// "--" ending the options. spec lists the letters, each followed by ':'
// when it takes an argument. fn returns false to stop with status st.
func (r *Runner) builtinOpts(name, spec, usage string, args []string, fn func(c byte, arg string) (bool, int)) ([]string, bool, int) {
	a := args
	for len(a) > 0 && len(a[0]) > 1 && a[0][0] == '-' {
		opt := a[0]
		a = a[1:]
		if opt == "--" {
			break
		}
		if opt == "--help" {
			if st, ok := r.builtinHelp(name); ok {
				return nil, false, st
			}
		}
		for j := 1; j < len(opt); j++ {
			c := opt[j]
			i := strings.IndexByte(spec, c)
			if i < 0 || c == ':' {
				r.bErr(name, "-%c: invalid option", c)
				io.WriteString(r.errw(), usage)
				return nil, false, 2
			}
			var arg string
			if i+1 < len(spec) && spec[i+1] == ':' {
				if j+1 < len(opt) {
					arg = opt[j+1:]
				} else if len(a) > 0 {
					arg, a = a[0], a[1:]
				} else {
					r.bErr(name, "-%c: option requires an argument", c)
					io.WriteString(r.errw(), usage)
					return nil, false, 2
				}
				j = len(opt)
			}
			if ok, st := fn(c, arg); !ok {
				return nil, false, st
			}
		}
	}
	return a, true, 0
}

// legalNumber parses a decimal integer as bash's legal_number does:
// strtoimax skips any leading isspace and takes a sign, then only
// blanks (space and tab) may follow the digits; overflow is an error.
func legalNumber(s string) (int64, bool) {
	t := strings.TrimLeft(s, " \t\n\v\f\r")
	t = strings.TrimRight(t, " \t")
	n, err := strconv.ParseInt(t, 10, 64)
	return n, err == nil
}

// parseTimeout parses read -t's argument (and TMOUT) as bash's uconvert
// does: an optional sign, decimal seconds and up to six digits of a
// fraction, the seventh rounding and any after it unchecked; "" and "."
// are 0. Negative whole seconds are invalid.
func parseTimeout(s string) (time.Duration, bool) {
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	ip, fp, _ := strings.Cut(s, ".")
	var sec, usec int64
	for _, c := range []byte(ip) {
		if c < '0' || c > '9' {
			return 0, false
		}
		sec = sec*10 + int64(c-'0')
	}
	n := 0
	for ; n < 6 && n < len(fp); n++ {
		if fp[n] < '0' || fp[n] > '9' {
			return 0, false
		}
		usec = usec*10 + int64(fp[n]-'0')
	}
	for k := n; k < 6; k++ {
		usec *= 10
	}
	if n == 6 && len(fp) > 6 && fp[6] >= '5' && fp[6] <= '9' {
		usec++
	}
	if neg && sec > 0 {
		// uconvert signs the whole seconds only: -.5 is half a second
		return 0, false
	}
	return time.Duration(sec)*time.Second + time.Duration(usec)*time.Microsecond, true
}

// validTargetName reports whether s is a name or name[subscript], as
// read and wait -p accept for the variable they set.
func (r *Runner) validTargetName(s string) bool {
	if validName(s) || validArrayRef(s) {
		return true
	}
	_, _, ok := r.rawAssocElem(s, false)
	return ok
}

// biRead implements read.
func biRead(r *Runner, args []string) int {
	var (
		raw, silent, nflag, exact bool
		edit                      bool
		itext                     string
		delim                     = -1 // -1: newline
		nchars                    = 0
		arrayName, prompt         string
		haveArray, havePrompt     bool
		fd                        = 0
		timeout                   time.Duration
		haveTimeout               bool
	)
	names, ok, st := r.builtinOpts("read", "ersa:d:i:n:p:t:u:N:", readUsage, args[1:], func(c byte, arg string) (bool, int) {
		switch c {
		case 'r':
			raw = true
		case 's':
			silent = true
		case 'e':
			edit = true
		case 'i':
			itext = arg
		case 'a':
			arrayName, haveArray = arg, true
		case 'p':
			prompt, havePrompt = arg, true
		case 'd':
			if arg == "" {
				delim = 0
			} else {
				delim = int(arg[0])
			}
		case 't':
			d, ok := parseTimeout(arg)
			if !ok {
				r.bErr("read", "%s: invalid timeout specification", arg)
				return false, 1
			}
			timeout, haveTimeout = d, true
		case 'n', 'N':
			n, ok := legalNumber(arg)
			if !ok || n < 0 || n != int64(int32(n)) {
				r.bErr("read", "%s", invalidNumMsg(arg))
				return false, 1
			}
			nchars, nflag = int(n), true
			if c == 'N' {
				exact = true
			}
		case 'u':
			n, ok := legalNumber(arg)
			if !ok || n < 0 || n != int64(int32(n)) {
				r.bErr("read", "%s: invalid file descriptor specification", arg)
				return false, 1
			}
			fd = int(n)
			if r.fds.get(fd) == nil {
				r.bErr("read", "%d: invalid file descriptor: Bad file descriptor", fd)
				return false, 1
			}
		}
		return true, 0
	})
	if !ok {
		return st
	}
	f := r.fds.get(fd)
	if fd == 0 {
		r.syncScript() // bash's read puts the script's stdin back first
	}
	if haveTimeout && timeout == 0 {
		if f == nil {
			return 1
		}
		if ok, _ := pollReadable(rawFD(f), 0); ok {
			return 0
		}
		return 1
	}
	if len(names) > 0 && !r.validTargetName(names[0]) {
		r.bErr("read", "`%s': not a valid identifier", names[0])
		return 1
	}
	if exact {
		delim = -2 // no delimiter
	} else if delim == -1 {
		delim = '\n'
	}
	res := readResult{}
	status := 0
	if nflag && nchars == 0 {
		// reads nothing, assigns empty values
	} else {
		if !haveTimeout {
			if v := r.lookup("TMOUT"); v != nil && v.set {
				if d, ok := parseTimeout(v.value()); ok && d > 0 {
					timeout, haveTimeout = d, true
				}
			}
		}
		if haveTimeout && timeout > 0 && !r.isInteractive() {
			r.initTermSigs()
		}
		// -e reads the line with the line editor from a terminal
		// (readline, which shows the prompt itself); of -n and -d
		// only the plain forms are edited here
		edit = edit && f != nil && isTerminal(f) && !nflag && delim == '\n'
		lr := r.lineReaderFor(f)
		if haveTimeout && timeout > 0 && !lr.seekable {
			lr.timeout = timeout
		}
		lr.stop = r.readStop()
		restore := readTerminalModes(f, silent, nflag || delim != '\n')
		if havePrompt && f != nil && isTerminal(f) && !edit {
			// after the terminal's modes, as bash's read: keys typed
			// once the prompt shows are not echoed under -s
			io.WriteString(r.errw(), prompt)
		}
		var err error
		if edit {
			res, err = r.readEdited(lr, prompt, itext, raw)
		} else {
			res, err = readInput(lr, delim, nchars, raw, !r.utf8Locale())
		}
		restore()
		lr.stop = nil
		lr.keep()
		switch {
		case err == errReadStopped && r.flow != flowNone:
			// a trap run from within read exited or returned
			return r.exit
		case err == errReadStopped && r.sh.interrupted.Load():
			// an interactive shell's ^C: the line is abandoned
			// (interruptCheck), the status 130
			return 128 + int(syscall.SIGINT)
		case err == errReadStopped:
			// a terminating signal caught for the EXIT trap: bash's
			// handler runs the trap from within read
			sig := r.sh.sigs.takeTerm(false)
			if sig != 0 {
				r.termsigExit(sig)
			}
			return 128 + int(sig)
		case err == errReadTimeout:
			status = 128 + int(syscall.SIGALRM)
		case err != nil && err != io.EOF:
			r.bErr(args[0], "read error: %d: %s", fd, pathErrMsg(err))
			return 1
		case err == io.EOF:
			status = 1
		}
	}
	ifs := r.ifs()
	if exact {
		ifs = ""
	}
	res.mb = r.utf8Locale() && !asciiOnly(ifs)
	res.bashRaw(ifs, haveArray)
	if haveArray {
		// read -a into a nameref fills the array it names
		v, ok := r.indexedArrayVar("read", arrayName, true, true)
		arrayName = r.resolveRef(arrayName)
		if !ok {
			return 1
		}
		_ = v
		for i, w := range res.split(ifs) {
			if err := r.setIndex(arrayName, int64(i), w, false, nil); err != nil {
				r.assignResultErr("read", err)
				return 1
			}
		}
		return status
	}
	if len(names) == 0 {
		if err := r.setScalar("REPLY", res.unLone(string(res.line), len(res.line)), false); err != nil {
			r.reportErr(err)
			return 1
		}
		return status
	}
	for i, name := range names {
		if !r.validTargetName(name) {
			r.bErr("read", "`%s': not a valid identifier", name)
			return 1
		}
		var val string
		if i < len(names)-1 {
			val = res.nextField(ifs)
		} else {
			val = res.rest(ifs)
		}
		if r.noassignVar(r.resolveRef(name)) {
			return 1
		}
		if err := r.setReadVar(name, val); err != nil {
			r.assignResultErr("read", err)
			return 1
		}
	}
	return status
}

// readEdited is read -e on a terminal: each line is read with the line
// editor, with -p's prompt and, for the first, -i's text to start from
// (bash's edit_line), while a backslash at a line's end (without -r)
// asks for another; then the lines are read as read reads any input.
func (r *Runner) readEdited(lr *lineReader, prompt, itext string, raw bool) (readResult, error) {
	var text []byte
	for {
		ed := r.newLineEditor(lr)
		if ed == nil {
			return readInput(lr, '\n', 0, raw, !r.utf8Locale())
		}
		// bash's edit_line takes its completion function away:
		// readline completes file names
		ed.filesOnly = true
		io.WriteString(ed.w, prompt)
		line, err := ed.readLine(prompt, itext)
		itext = ""
		if err != nil {
			if err == io.EOF && len(text) > 0 {
				break
			}
			return readResult{}, err
		}
		text = append(text, line...)
		if raw || !oddTrailingBackslashes(string(line[:len(line)-1])) {
			break
		}
	}
	return readInput(&lineReader{fd: -1, buf: text}, '\n', 0, raw, !r.utf8Locale())
}

// assignResultErr reports an error storing what the builtin name read
// (read, mapfile): an integer variable's arithmetic error is worded as
// the builtin's, and one that raises bash's top_level_cleanup abandons
// the command line (topUnwind). It reports whether the builtin stops.
func (r *Runner) assignResultErr(name string, err error) bool {
	if r.discarded(err) || r.fatalInBuiltin(err) {
		return true
	}
	if ae, ok := err.(*arithError); ok && !ae.inSubscript {
		// evalerror's internal_error, which follows gnu_errfmt
		r.errorf("%s: %s", name, err.Error())
	} else {
		r.reportErr(err)
	}
	return r.topUnwind(err)
}

// fatalInBuiltin applies err, met by a builtin storing a value, when it
// is a fatal expansion error (an unbound variable under set -u in an
// integer variable's arithmetic): bash's evaluator jumps to the top
// level from inside the builtin, ending a non-interactive shell as an
// error in a command's words does. It reports whether err was one.
func (r *Runner) fatalInBuiltin(err error) bool {
	if ee, ok := err.(*expandError); !ok || !ee.fatal {
		return false
	}
	r.expansionError(err)
	return true
}

// readResult is a line read by read: its bytes after backslash
// processing and which of them were escaped (escaped bytes never split).
type readResult struct {
	line []byte
	esc  []bool
	pos  int // splitting position
	// mb: IFS has multibyte characters (UTF-8 locale): the line is
	// split by characters (see ifschars.go)
	mb bool
	// rawAt: where a \x01, \x7f or NUL is that read_mbchar took as
	// part of a multibyte character (ascending)
	rawAt []int
	// escs: backslashes processed; ctls: \x01 bytes and ctlnuls: \x7f
	// bytes read as themselves (bash escapes them with CTLESC)
	escs, ctls, ctlnuls int
	// trailEsc: the input ended after a backslash
	trailEsc bool
	// sawEsc: bash's read quoted a byte with CTLESC (saw_escape)
	sawEsc bool
	// lone: bash's string ends in a CTLESC that quotes nothing, kept at
	// the end of line (a \x01): a word of it alone is \x01, in any
	// other word it goes (dequote_string)
	lone bool
}

// unLone drops the lone CTLESC from w, which ends at end of the line.
func (res *readResult) unLone(w string, end int) string {
	if res.lone && end == len(res.line) && len(w) > 1 {
		return w[:len(w)-1]
	}
	return w
}

// ctlESC and ctlNUL are bash's internal quoting bytes (CTLESC, CTLNUL).
const (
	ctlESC = 0x01
	ctlNUL = 0x7f
)

// readInput reads up to the delimiter (-2: none), nchars characters
// (0: no limit) or end of input, processing backslashes unless raw. A
// character is a byte outside a UTF-8 locale (bytes).
func readInput(lr *lineReader, delim, nchars int, raw, bytes bool) (readResult, error) {
	var res readResult
	count := 0
	pass := false
	for {
		c, err := lr.readByte()
		if err != nil {
			// a backslash at the end leaves its CTLESC in bash's string
			res.trailEsc = pass
			return res, err
		}
		if pass {
			pass = false
			if c == '\n' {
				continue
			}
			if c == 0 {
				// stored, it ends bash's string (bashRaw)
				res.rawAt = append(res.rawAt, len(res.line))
			}
			res.line = append(res.line, c)
			res.esc = append(res.esc, true)
		} else {
			if c == '\\' && !raw {
				pass = true
				res.escs++
				continue
			}
			if int(c) == delim {
				return res, nil
			}
			if c == 0 && delim != 0 {
				continue
			}
			switch c {
			case ctlESC:
				res.ctls++
			case ctlNUL:
				res.ctlnuls++
			}
			res.line = append(res.line, c)
			res.esc = append(res.esc, false)
		}
		if c >= utf8.RuneSelf && !bytes {
			// bash's read_mbchar reads on while mbrtowc finds the
			// character incomplete and keeps every byte it read, as
			// is: a \x01 (CTLESC) or \x7f (CTLNUL) among them is not
			// escaped as read escapes them elsewhere, a NUL ends the
			// string (bashRaw)
			mb := []byte{c}
			for mbIncomplete(mb) {
				c2, err := lr.readByte()
				if err == io.EOF {
					// the character counts, what ends read comes next
					break
				}
				if err != nil {
					return res, err
				}
				mb = append(mb, c2)
				res.line = append(res.line, c2)
				res.esc = append(res.esc, false)
				if c2 == ctlESC || c2 == ctlNUL || c2 == 0 {
					res.rawAt = append(res.rawAt, len(res.line)-1)
				}
			}
		}
		count++
		if nchars > 0 && count >= nchars {
			return res, nil
		}
	}
}

// bashRaw gives the bytes read_mbchar kept as they came (rawAt) the
// meaning they have in bash's string, where read quotes a byte by putting
// CTLESC before it: a raw \x01 is a CTLESC that quotes the byte after it
// (removed with the quoting when read saw an escape, kept otherwise), a
// raw \x7f a CTLNUL that read -a's list_string deletes, a NUL the end of
// the string. The byte after a raw \x01 is taken as quoted, and when that
// byte was itself the CTLESC of a quoted byte, the quoted byte is left
// unquoted. It changes res.esc.
func (res *readResult) bashRaw(ifs string, array bool) {
	skipEsc := strings.IndexByte(ifs, ctlESC) >= 0
	if skipEsc && res.escs > 0 {
		// with CTLESC in IFS read quotes nothing: a byte after a
		// backslash splits as any other
		clear(res.esc)
	}
	skipNul := strings.IndexByte(ifs, ctlNUL) >= 0
	sawEsc := !skipEsc && (res.escs > 0 || res.ctls > 0) || !skipNul && res.ctlnuls > 0
	res.sawEsc = sawEsc
	if len(res.rawAt) == 0 && !res.trailEsc {
		return
	}
	n := len(res.line)
	isRaw := make([]bool, n)
	lone := res.trailEsc
	for _, i := range res.rawAt {
		isRaw[i] = true
		if res.line[i] == 0 && i < n {
			// a backslash's CTLESC before it stays
			n, lone = i, res.esc[i]
		}
	}
	// quotedPair: bash has CTLESC before the byte at i
	quotedPair := func(i int) bool {
		return res.esc[i] || !isRaw[i] && (res.line[i] == ctlESC && !skipEsc || res.line[i] == ctlNUL && !skipNul)
	}
	line, esc := make([]byte, 0, n), make([]bool, 0, n)
	for i := 0; i < n; i++ {
		c := res.line[i]
		switch {
		case !isRaw[i]:
			line, esc = append(line, c), append(esc, res.esc[i])
		case c == ctlNUL && array && !skipNul:
			// remove_quoted_nulls
		case c == ctlESC && !skipEsc:
			if !sawEsc {
				line, esc = append(line, c), append(esc, true)
			}
			switch {
			case i+1 >= n && lone && sawEsc:
				// it quotes the CTLESC left at the end
				line, esc = append(line, ctlESC), append(esc, true)
				lone = false
			case i+1 >= n:
			case sawEsc && quotedPair(i+1):
				// it quotes the CTLESC of the pair: that one stays, and
				// the byte after it is no longer quoted (a \x01 is
				// a CTLESC again)
				line, esc = append(line, ctlESC), append(esc, true)
				res.esc[i+1] = false
				isRaw[i+1] = res.line[i+1] == ctlESC || res.line[i+1] == ctlNUL
			default:
				line, esc = append(line, res.line[i+1]), append(esc, true)
				i++
			}
		default:
			line, esc = append(line, c), append(esc, false)
		}
	}
	res.lone = lone && !skipEsc
	if res.lone {
		line, esc = append(line, ctlESC), append(esc, true)
	}
	res.line, res.esc, res.rawAt = line, esc, nil
}

// mbIncomplete reports whether b is the start of a character cut short
// as glibc's UTF-8 mbrtowc sees it (-2): a lead byte (C2-DF, E0-EF,
// F0-F7) and fewer continuation bytes than it needs, whatever their
// values (the ranges of overlong forms are checked only once complete).
func mbIncomplete(b []byte) bool {
	need := 0
	switch c := b[0]; {
	case c >= 0xC2 && c < 0xE0:
		need = 2
	case c&0xF0 == 0xE0:
		need = 3
	case c&0xF8 == 0xF0:
		need = 4
	}
	if len(b) >= need {
		return false
	}
	for _, c := range b[1:] {
		if c&0xC0 != 0x80 {
			return false
		}
	}
	return true
}

// utf8Len is the length of the UTF-8 sequence a lead byte starts (1 for
// bytes that cannot start one).
func utf8Len(c byte) int {
	switch {
	case c&0xE0 == 0xC0:
		return 2
	case c&0xF0 == 0xE0:
		return 3
	case c&0xF8 == 0xF0:
		return 4
	}
	return 1
}

func isSpcTabNL(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

func (res *readResult) sep(i int, ifs string) bool {
	if res.esc[i] {
		return false
	}
	if !res.mb || res.line[i] < utf8.RuneSelf {
		return strings.IndexByte(ifs, res.line[i]) >= 0
	}
	return isIFSChar(ifs, string(res.line[i:i+res.width(i)]), true)
}

// width is the length of the character at i: one byte unless IFS has
// multibyte characters.
func (res *readResult) width(i int) int {
	if !res.mb || res.line[i] < utf8.RuneSelf || res.esc[i] {
		// a backslash escapes one byte, which breaks a character
		return 1
	}
	_, n := utf8.DecodeRune(res.line[i:])
	return n
}

func (res *readResult) wsSep(i int, ifs string) bool {
	return res.sep(i, ifs) && isSpcTabNL(res.line[i])
}

// skipLeadingWS skips unescaped IFS whitespace.
func (res *readResult) skipLeadingWS(ifs string) {
	for res.pos < len(res.line) && res.wsSep(res.pos, ifs) {
		res.pos++
	}
}

// word extracts the next field from pos as bash's get_word_from_string
// does; ok is false when only IFS whitespace was left.
func (res *readResult) word(ifs string) (string, bool) {
	n := len(res.line)
	res.skipLeadingWS(ifs)
	if res.pos >= n {
		return "", false
	}
	start := res.pos
	i := start
	for i < n && !res.sep(i, ifs) {
		i += res.width(i)
	}
	w := res.unLone(string(res.line[start:i]), i)
	white := i < n && isSpcTabNL(res.line[i])
	if i < n {
		i += res.width(i)
	}
	for i < n && res.wsSep(i, ifs) {
		i++
	}
	if i < n && white && res.sep(i, ifs) && !isSpcTabNL(res.line[i]) {
		// one byte, as bash's sindex++: the rest of a multibyte
		// delimiter stays, to be split at as bytes of IFS
		i++
		for i < n && res.wsSep(i, ifs) {
			i++
		}
	}
	res.pos = i
	return w, true
}

// nextField is the value of a variable that is not the last one.
func (res *readResult) nextField(ifs string) string {
	if res.pos == 0 {
		res.skipLeadingWS(ifs)
	}
	w, _ := res.word(ifs)
	return w
}

// rest is the value of the last variable: the remaining field, or the
// rest of the line without trailing IFS whitespace when more than one
// field is left.
func (res *readResult) rest(ifs string) string {
	if res.pos == 0 {
		res.skipLeadingWS(ifs)
	}
	start := res.pos
	if start >= len(res.line) {
		return ""
	}
	w, _ := res.word(ifs)
	if res.pos >= len(res.line) {
		return w
	}
	end := len(res.line)
	for end > start+1 {
		c := res.line[end-1]
		if isSpcTabNL(c) && strings.IndexByte(ifs, c) >= 0 {
			end--
			continue
		}
		if res.sawEsc && c == ctlESC && end < len(res.line) && isSpcTabNL(res.line[end]) {
			// bash's strip_trailing_ifs_whitespace takes a \x01
			// before a blank it stripped for the CTLESC of a quoted
			// blank; the CTLESC quoting the \x01 stops it
			end--
		}
		break
	}
	return res.unLone(string(res.line[start:end]), end)
}

// split divides the whole line into fields for read -a.
func (res *readResult) split(ifs string) []string {
	var out []string
	res.pos = 0
	for res.pos < len(res.line) {
		w, ok := res.word(ifs)
		if !ok {
			break
		}
		out = append(out, w)
	}
	return out
}

// setReadVar assigns a value read by read to name or name[subscript].
func (r *Runner) setReadVar(name, val string) error {
	i := strings.IndexByte(name, '[')
	if i < 0 {
		if r.refDeadEnd(name) {
			return noassignErr()
		}
		return r.setScalar(r.resolveRef(name), val, false)
	}
	if base, key, ok := r.rawAssocElem(name, false); ok {
		if cur := r.vars.get(base); cur.attrs&aReadonly != 0 {
			return readonlyErr(name[:i])
		}
		return r.setAssocElem(base, key, val, false)
	}
	base := r.resolveRef(name[:i])
	if err := r.allSubscriptErr(name, base, name[i+1:len(name)-1]); err != nil {
		return err
	}
	sub, err := r.textSubscriptKey(base, name[i+1:len(name)-1])
	if err != nil {
		return err
	}
	cur := r.vars.get(base)
	if cur != nil && cur.attrs&aReadonly != 0 {
		return readonlyErr(name[:i]) // as written, as bash names it
	}
	if cur != nil && cur.kind == kAssoc {
		// through the store path, which applies -i as well as -u/-l/-c
		return r.setAssocElem(base, sub, val, false)
	}
	n, err := r.arithString(sub)
	if err != nil {
		return unwindsToTop(err)
	}
	if n < 0 {
		if cur != nil && cur.kind == kIndexed && cur.arr != nil {
			n += int64(cur.arr.maxIndex()) + 1
		}
		if n < 0 {
			return badSubscriptErr(name)
		}
	}
	return r.setIndex(base, n, val, false, nil)
}

// indexedArrayVar finds or makes name as an indexed array for read -a and
// mapfile, as bash's builtin_find_indexed_array does: a scalar becomes
// element 0, clear empties it. It reports errors itself.
func (r *Runner) indexedArrayVar(builtin, name string, clear, check bool) (*variable, bool) {
	if check && !validName(name) {
		r.bErr(builtin, "`%s': not a valid identifier", name)
		return nil, false
	}
	ref := name // bash's messages name the variable as written
	name = r.resolveRef(name)
	if r.isElemRef(name) {
		// a reference to an element names no array (bash's
		// find_or_make_array_variable)
		r.bErr(builtin, "`%s': not a valid identifier", r.vars.get(name).str)
		return nil, false
	}
	if r.noassignVar(name) {
		return nil, false // silently
	}
	if cur := r.vars.get(name); cur != nil {
		if cur.attrs&aReadonly != 0 {
			r.reportErr(readonlyErr(ref))
			return nil, false
		}
		r.warnRefToArray(name)
		if cur.kind == kAssoc {
			r.bErr(builtin, "%s: not an indexed array", ref)
			return nil, false
		}
	}
	v := r.vars.own(name)
	if v.kind != kIndexed || v.arr == nil {
		v.toIndexed()
	}
	if clear {
		v.arr = &indexedArray{}
	}
	v.set = true
	r.vars.changed(v)
	return v, true
}

const mapfileUsage = "mapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n"

// biMapfile implements mapfile/readarray.
func biMapfile(r *Runner, args []string) int {
	var (
		delim        = byte('\n')
		count, skip  int64
		origin       int64
		clear        = true
		chop         bool
		fd           = 0
		callback     string
		haveCallback bool
		quantum      int64 = 5000
	)
	name := args[0]
	usage := mapfileUsage
	if name == "readarray" {
		usage = "readarray: usage: readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n"
	}
	a, ok, st := r.builtinOpts(name, "d:u:n:O:tC:c:s:", usage, args[1:], func(c byte, arg string) (bool, int) {
		var n int64
		var ok bool
		if strings.IndexByte("unOcs", c) >= 0 {
			n, ok = legalNumber(arg)
		}
		switch c {
		case 'd':
			delim = 0
			if arg != "" {
				delim = arg[0]
			}
		case 'u':
			if !ok || n < 0 || n != int64(int32(n)) {
				r.bErr(name, "%s: invalid file descriptor specification", arg)
				return false, 1
			}
			fd = int(n)
			if r.fds.get(fd) == nil {
				r.bErr(name, "%d: invalid file descriptor: Bad file descriptor", fd)
				return false, 1
			}
		case 'n', 's':
			if !ok || n < 0 || n != int64(uint32(n)) {
				r.bErr(name, "%s: invalid line count", arg)
				return false, 1
			}
			if c == 'n' {
				count = n
			} else {
				skip = n
			}
		case 'O':
			if !ok || n < 0 || n != int64(uint32(n)) {
				r.bErr(name, "%s: invalid array origin", arg)
				return false, 1
			}
			origin, clear = n, false
		case 't':
			chop = true
		case 'C':
			callback, haveCallback = arg, true
		case 'c':
			if !ok || n <= 0 || n != int64(uint32(n)) {
				r.bErr(name, "%s: invalid callback quantum", arg)
				return false, 1
			}
			quantum = n
		}
		return true, 0
	})
	if !ok {
		return st
	}
	arrName := "MAPFILE"
	if len(a) > 0 {
		arrName = a[0]
		if arrName == "" {
			r.bErr(name, "empty array variable name")
			return 2
		}
		if !validName(arrName) {
			r.bErr(name, "`%s': not a valid identifier", arrName)
			return 1
		}
	}
	if _, ok := r.indexedArrayVar(name, arrName, clear, false); !ok {
		return 1
	}
	arrName = r.resolveRef(arrName)
	lr := newLineReader(r.fds.get(fd))
	defer lr.done()
	var line []byte
	getline := func() bool {
		line = line[:0]
		for {
			c, err := lr.readByte()
			if err != nil {
				return len(line) > 0
			}
			line = append(line, c)
			if c == delim {
				return true
			}
		}
	}
	for i := int64(0); i < skip; i++ {
		if !getline() {
			return 0
		}
	}
	idx := origin
	for n := int64(1); getline(); idx++ {
		l := line
		// bash keeps lines as C strings: a NUL delimiter kept without -t
		// ends the string too
		if k := indexByte(l, 0); k >= 0 {
			l = l[:k]
		}
		if chop && len(l) > 0 && l[len(l)-1] == delim {
			l = l[:len(l)-1]
		}
		s := string(l)
		if haveCallback && n%quantum == 0 {
			lr.done()
			// bash's evalstring with no name: its parser calls the
			// text "stdin" (yy_input_name)
			r.evalStringAs(callback+" "+itoa(idx)+" "+singleQuote(s), "eval", stdinParseName)
		}
		if err := r.setIndex(arrName, idx, s, false, nil); err != nil && r.assignResultErr("mapfile", err) {
			return 1
		}
		n++
		if count != 0 && n > count {
			break
		}
	}
	return 0
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}
