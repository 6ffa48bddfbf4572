package interp

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// promptString is bash's decode_prompt_string, which PS1, PS2, PS4 and
// ${x@P} go through: the backslash escapes are decoded, then, under
// promptvars (or posix mode), the result is expanded as the text of a
// double-quoted string. What an escape inserts from outside (a
// directory, a host name, the shell's name) is quoted first so that
// this expansion leaves it alone.
func (r *Runner) promptString(s string) string { return r.promptText(s, promptOther) }

// promptKind is which prompt a string is decoded for: \# and \! differ.
type promptKind uint8

const (
	promptOther promptKind = iota // PS4, ${x@P}
	promptPS0
	promptPS1
	promptPS2
)

// promptText is promptString for a prompt of kind: PS0, PS1 and PS2
// show the number of the command about to be read where PS4 and ${x@P}
// show that of the command running.
func (r *Runner) promptText(s string, kind promptKind) string {
	out, _ := r.promptTextErr(s, kind)
	return out
}

// promptTextErr is promptText that also returns the error of an
// expansion that failed, the text then decoded but not expanded.
func (r *Runner) promptTextErr(s string, kind promptKind) (string, error) {
	expand := r.opts.sh(shPromptvars) || r.opts.on(optPosix)
	s = r.promptDecode(s, expand, kind)
	if !expand || !strings.ContainsAny(s, "$`\\") {
		return s, nil
	}
	return r.promptDquote(s)
}

// promptDecode decodes prompt escapes; quote says whether the result
// will be expanded, so that inserted text must be backslash-quoted.
func (r *Runner) promptDecode(s string, quote bool, kind promptKind) string {
	ps12 := kind != promptOther
	posix := r.opts.on(optPosix)
	if strings.IndexByte(s, '\\') < 0 && (!posix || strings.IndexByte(s, '!') < 0) {
		return s
	}
	q := func(t string) string {
		if quote {
			return unbackslashQuote(t)
		}
		return t
	}
	// with readline, \n is CR LF and \[ \] are readline's markers
	editing := r.lineEditing()
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if posix && c == '!' {
			// posix mode: ! is the history number, !! a literal !
			if i+1 < len(s) && s[i+1] == '!' {
				sb.WriteByte('!')
				i++
			} else {
				sb.WriteString(strconv.Itoa(r.promptHistNumber(kind)))
			}
			continue
		}
		if c != '\\' || i+1 >= len(s) {
			sb.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case '0', '1', '2', '3', '4', '5', '6', '7':
			// up to three octal digits, all of which must be octal
			// (builtins/common.c read_octal): else a literal backslash
			end := min(i+3, len(s))
			n, err := strconv.ParseUint(s[i:end], 8, 32)
			if err != nil {
				sb.WriteByte('\\')
				i--
				continue
			}
			if b := byte(n); b != 0 {
				sb.WriteByte(b)
			}
			i = end - 1
		case 'd', 't', 'T', '@', 'A':
			f := map[byte]string{'d': "%a %b %d", 't': "%H:%M:%S", 'T': "%I:%M:%S", '@': "%I:%M %p", 'A': "%H:%M"}[e]
			sb.WriteString(strftime(f, time.Now().In(r.timeLocation())))
		case 'D':
			if i+1 >= len(s) || s[i+1] != '{' {
				sb.WriteString("\\D")
				continue
			}
			j := strings.IndexByte(s[i+2:], '}')
			f := s[i+2:]
			if j >= 0 {
				f = s[i+2 : i+2+j]
			}
			if f == "" {
				f = "%X"
			}
			sb.WriteString(q(strftime(f, time.Now().In(r.timeLocation()))))
			if j < 0 {
				i = len(s)
			} else {
				i += 2 + j
			}
		case 'n':
			if editing {
				sb.WriteByte('\r')
			}
			sb.WriteByte('\n')
		case 's':
			sb.WriteString(q(r.strvis(filepath.Base(r.sh.shellName()))))
		case 'v':
			sb.WriteString(bashMajor + "." + bashMinor)
		case 'V':
			sb.WriteString(bashMajor + "." + bashMinor + "." + bashPatch)
		case 'w', 'W':
			sb.WriteString(q(r.strvis(r.promptDir(e == 'W'))))
		case 'u':
			sb.WriteString(userName())
		case 'h', 'H':
			h, _ := os.Hostname()
			if j := strings.IndexByte(h, '.'); e == 'h' && j >= 0 {
				h = h[:j]
			}
			sb.WriteString(q(h))
		case '#':
			// bash's current_command_number, already counted for the
			// command running
			n := r.sh.cmdNumber.Load() + 1
			if !ps12 {
				n--
			}
			sb.WriteString(strconv.FormatInt(n, 10))
		case '!':
			sb.WriteString(strconv.Itoa(r.promptHistNumber(kind)))
		case '$':
			if os.Geteuid() == 0 {
				sb.WriteByte('#')
			} else if quote {
				sb.WriteString("\\$")
			} else {
				sb.WriteByte('$')
			}
		case 'j':
			sb.WriteString(strconv.Itoa(r.activeJobs()))
		case 'l':
			sb.WriteString(ttyBase(0))
		case '[', ']':
			// RL_PROMPT_START_IGNORE and _END_IGNORE; without line
			// editing the markers go
			if editing {
				sb.WriteByte(map[byte]byte{'[': 1, ']': 2}[e])
			}
		case '\\':
			sb.WriteByte('\\')
		case 'a':
			sb.WriteByte('\a')
		case 'e':
			sb.WriteByte(0x1b)
		case 'r':
			sb.WriteByte('\r')
		default:
			sb.WriteByte('\\')
			sb.WriteByte(e)
		}
	}
	return sb.String()
}

// lineEditing reports whether the shell reads its commands with readline,
// as an interactive bash does unless both editing modes are off.
func (r *Runner) lineEditing() bool {
	return r.sh.interactive && (r.opts.on(optEmacs) || r.opts.on(optVi))
}

// unbackslashQuote is sh_backslash_quote_for_double_quotes: a backslash
// before each byte that is special between double quotes.
func unbackslashQuote(s string) string {
	if !strings.ContainsAny(s, "$`\"\\") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("$`\"\\", s[i]) >= 0 {
			sb.WriteByte('\\')
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// promptDquote expands s as the text between double quotes.
func (r *Runner) promptDquote(s string) (string, error) {
	w, text, err := parseDocument(s)
	if err != nil || w == nil {
		return s, nil
	}
	// the nodes' offsets are into text: a subscript (${FUNCNAME[0]}) is
	// read back from it (nodeText), not from the running command's source
	defer r.withSrc(text)()
	var sb strings.Builder
	for _, part := range w.Parts {
		if lit, ok := part.(*syntax.Lit); ok {
			// a here-document keeps \" where double quotes drop the backslash
			sb.WriteString(unbackslash(lit.Value, dblQuotable, false))
			continue
		}
		out, err := r.document(&syntax.Word{Parts: []syntax.WordPart{part}})
		if err != nil {
			return s, err
		}
		sb.WriteString(out)
	}
	return sb.String(), nil
}

// promptDir is \w (or \W, base): $PWD (the working directory when unset)
// with $HOME shown as ~, trimmed to PROMPT_DIRTRIM directories.
func (r *Runner) promptDir(base bool) string {
	d := r.varString("PWD")
	if v := r.vars.get("PWD"); v == nil || !v.set {
		d = r.dir
	}
	home := r.varString("HOME")
	if base && (home == "" || home != d) {
		if d != "/" && d != "//" {
			if j := strings.LastIndexByte(d, '/'); j >= 0 {
				d = d[j+1:]
			}
		}
	} else {
		d = r.tildeShort(d)
	}
	return trimPathname(d, r.varString("PROMPT_DIRTRIM"))
}

// trimPathname is bash's trim_pathname: with PROMPT_DIRTRIM=N, a
// directory of more than N levels (below a leading ~) shows as .../ and
// its last N.
func trimPathname(name, dirtrim string) string {
	n, err := strconv.ParseInt(strings.TrimSpace(dirtrim), 10, 64)
	if err != nil || n <= 0 || name == "" {
		return name
	}
	beg := 0
	if name[0] == '~' {
		if j := strings.IndexByte(name, '/'); j >= 0 {
			beg = j + 1
		} else {
			beg = len(name)
		}
	}
	if beg >= len(name) || int64(strings.Count(name[beg:], "/")) < n {
		return name
	}
	tail := len(name) - 1
	for ; tail > beg; tail-- {
		if name[tail] == '/' {
			n--
		}
		if n == 0 {
			break
		}
	}
	if tail == beg || tail-beg <= 3 {
		return name
	}
	return name[:beg] + "..." + name[tail:]
}

// strvis is bash's sh_strvis: control characters as ^X, and, outside a
// UTF-8 locale, bytes above 0x7f as M-x.
func (r *Runner) strvis(s string) string {
	utf8 := r.utf8Locale()
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			sb.WriteByte(c)
		case c == 0x7f:
			sb.WriteString("^?")
		case c < 0x20:
			sb.WriteByte('^')
			sb.WriteByte(c | 0x40)
		case c > 0x7f && !utf8:
			sb.WriteString("M-")
			sb.WriteByte(c & 0x7f)
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// ttyBase is \l: the base name of the terminal on fd, "tty" if none.
func ttyBase(fd int) string {
	if _, err := ioctlGetTermios(fd); err != nil {
		return "tty"
	}
	p, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
	if err != nil {
		return "tty"
	}
	return filepath.Base(p)
}

// activeJobs is \j, bash's count_all_jobs: the jobs not yet finished.
func (r *Runner) activeJobs() int {
	n := 0
	for _, j := range r.jobs.numbered() {
		if !j.finished() {
			n++
		}
	}
	return n
}

// promptHistNumber is \! in a prompt of kind, bash's
// prompt_history_number (1 without history): in PS1 the number the next
// line read gets in the history list; in PS0 and PS2 (under cmdhist)
// that of the command being read; without cmdhist, where each line is
// an entry, that of the next line in PS2 and of the last one in PS0; in
// PS4 and ${x@P} that of the command running. bash adds each line as
// it reads it, nash a whole command once read: in PS0 and PS2 it is not
// in the list yet.
func (r *Runner) promptHistNumber(kind promptKind) int {
	if !r.histOn() || r.hist == nil {
		return 1
	}
	r.histSync() // HISTSIZE set since stifled the list (and renumbered it)
	n := r.hist.base + len(r.hist.list)
	switch kind {
	case promptPS1:
		return n
	case promptPS0:
		if !r.opts.sh(shCmdhist) {
			return n + r.promptRead - 1 // that of its last line
		}
		return n
	case promptPS2:
		if !r.opts.sh(shCmdhist) {
			return n + r.promptRead
		}
		return n
	}
	return max(n-1, 1)
}
