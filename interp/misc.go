package interp

import (
	"strings"
	"syscall"
	"unicode/utf8"
	"unsafe"

	"mvdan.cc/sh/v3/syntax"
)

// SecretName reports whether a variable name looks like it holds a
// secret; the Gate gets the values of such variables as ExecInfo.Tainted.
// It can be replaced with the SecretNames option.
func SecretName(name string) bool {
	u := strings.ToUpper(name)
	switch {
	case strings.Contains(u, "TOKEN"), strings.Contains(u, "SECRET"),
		strings.Contains(u, "PASSWORD"), strings.Contains(u, "PASSWD"),
		strings.HasSuffix(u, "_KEY"), strings.Contains(u, "APIKEY"),
		strings.HasPrefix(u, "AWS_"), strings.Contains(u, "CREDENTIAL"):
		return true
	}
	return false
}

// OnExec sets a function called right before exec replaces the shell
// process (observers flush there). Without it, exec runs the program as a
// child and exits with its status.
func OnExec(fn func()) Option {
	return func(r *Runner) error { r.onExec = fn; return nil }
}

// BashPath sets $BASH.
func BashPath(p string) Option {
	return func(r *Runner) error { r.bashPath = p; return nil }
}

// IsTerminal reports whether fd is a terminal, as isatty(3) does.
func IsTerminal(fd int) bool {
	_, err := ioctlGetTermios(fd)
	return err == nil
}

func ioctlGetTermios(fd int) (*syscall.Termios, error) {
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	if errno != 0 {
		return nil, errno
	}
	return &t, nil
}

// funcText prints a function definition the way bash's declare -f does.
func (r *Runner) funcText(f *funcDef) string {
	f.load()
	p := newCmdPrinter(f.src)
	p.posix = r.opts.on(optPosix)
	p.escBytes = r.escBytes()
	return p.funcString(f.name, f.body, true) + "\n"
}

// selectLoop implements select NAME in WORDS as bash's
// execute_select_command does: the menu goes to stderr in columns sized
// from COLUMNS (print_select_list), each reply is read by the read
// builtin into REPLY, and (ksh-compatible) the menu is shown again only
// before the first prompt and after an empty reply. A failed read (EOF)
// prints a newline on stdout and ends the loop with status 1.
func (r *Runner) selectLoop(name string, items []string, body []*syntax.Stmt) {
	if len(items) == 0 {
		return
	}
	showMenu := true
	for {
		ps3 := "#? "
		if v := r.lookup("PS3"); v != nil && v.set {
			ps3 = v.value()
		}
		val, ok := r.selectQuery(items, ps3, showMenu)
		if !ok {
			r.exit = 1
			return
		}
		if err := r.setScalar(name, val, false); err != nil {
			// bash's bind_variable failed: the loop ends
			r.reportErr(err)
			r.exit = 1
			r.readonlyLoopVarExit(err)
			return
		}
		r.stmts(body)
		if r.flow != flowNone {
			if !r.loopFlow() {
				return
			}
		}
		showMenu = false
		if v := r.lookup("REPLY"); v != nil && v.set && v.value() == "" {
			showMenu = true
		}
	}
}

// readonlyLoopVarExit ends a non-interactive POSIX-mode shell with status
// 1 when a for or select variable is readonly (bash's jump to top level
// with FORCE_EOF); it reports whether it did.
func (r *Runner) readonlyLoopVarExit(err error) bool {
	ve, ok := err.(*varError)
	if !ok || !ve.readonly || !r.opts.on(optPosix) || r.isInteractive() {
		return false
	}
	r.forceEOF(1)
	return true
}

// selectQuery prints the menu (when showMenu) and the prompt, and reads
// a reply: it returns the chosen item, "" for a reply that is no valid
// index, and false at EOF.
func (r *Runner) selectQuery(items []string, ps3 string, showMenu bool) (string, bool) {
	maxLen := 0
	for _, it := range items {
		if n := utf8.RuneCountInString(it); n > maxLen {
			maxLen = n
		}
	}
	indicesLen := len(itoa(int64(len(items))))
	maxLen += indicesLen + 2 + 2
	for {
		var sb strings.Builder
		if showMenu {
			writeSelectList(&sb, items, maxLen, indicesLen, r.selectColumns())
		}
		sb.WriteString(ps3)
		r.fds.writer(2).Write([]byte(sb.String()))
		// bash's select calls read_builtin with this_command_name
		// unset: its errors name no builtin
		if biRead(r, []string{""}) != 0 {
			r.fds.writer(1).Write([]byte("\n"))
			return "", false
		}
		reply := ""
		if v := r.lookup("REPLY"); v != nil && v.set {
			reply = v.value()
		}
		if reply == "" {
			showMenu = true
			continue
		}
		n, ok := legalNumber(reply)
		if !ok || n < 1 || n > int64(len(items)) {
			return "", true
		}
		return items[n-1], true
	}
}

// selectColumns is bash's default_columns: a positive COLUMNS, else 80.
func (r *Runner) selectColumns() int {
	if v := r.lookup("COLUMNS"); v != nil && v.set {
		if n := cAtoi(v.value()); n > 0 {
			return n
		}
	}
	return 80
}

// writeSelectList lays the menu out as bash's print_select_list: items
// run down columns of width maxLen, padded with tabs (tab stops of 8)
// and spaces.
func writeSelectList(sb *strings.Builder, items []string, maxLen, indicesLen, columns int) {
	n := len(items)
	cols := 1
	if maxLen > 0 {
		cols = columns / maxLen
	}
	if cols == 0 {
		cols = 1
	}
	rows := n/cols + int(b2i(n%cols != 0))
	cols = n/rows + int(b2i(n%rows != 0))
	if rows == 1 {
		rows, cols = cols, 1
	}
	firstLen := len(itoa(int64(rows)))
	for row := 0; row < rows; row++ {
		ind, pos := row, 0
		for {
			w := indicesLen
			if pos == 0 {
				w = firstLen
			}
			num := itoa(int64(ind + 1))
			sb.WriteString(strings.Repeat(" ", max(0, w-len(num))))
			sb.WriteString(num + ") " + items[ind])
			elemLen := utf8.RuneCountInString(items[ind]) + w + 2
			ind += rows
			if ind >= n {
				break
			}
			for from, to := pos+elemLen, pos+maxLen; from < to; {
				if to/8 > from/8 {
					sb.WriteByte('\t')
					from += 8 - from%8
				} else {
					sb.WriteByte(' ')
					from++
				}
			}
			pos += maxLen
		}
		sb.WriteByte('\n')
	}
}
