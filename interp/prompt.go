package interp

import (
	"io"
	"os"
	"strconv"
	"strings"
)

// writePrompt writes PS1 (PS2 when a command goes on after the lines
// read of it) to stderr, as an interactive bash does before it reads a
// line (see promptString).
func (r *Runner) writePrompt(read int) string {
	name, kind := "PS1", promptPS1
	if read > 0 {
		name, kind = "PS2", promptPS2
	}
	r.promptRead = read
	v := r.lookup(name)
	if v == nil || !v.set {
		return ""
	}
	// readline shows the prompt without its \[ \] markers
	s := strings.NewReplacer("\x01", "", "\x02", "").Replace(r.promptText(v.value(), kind))
	io.WriteString(r.fds.writer(2), s)
	return s
}

// ignoreEOF is bash's handle_eof_input_unit under ignoreeof: the n-th
// end of input in a row (from 0) is ignored, with a message, while n is
// below IGNOREEOF (10 when it is not a number).
func (r *Runner) ignoreEOF(n int) bool {
	if !r.opts.on(optIgnoreeof) {
		return false
	}
	limit := 10
	if v := r.varString("IGNOREEOF"); v != "" && strings.Trim(v, "0123456789") == "" {
		if l, err := strconv.Atoi(v); err == nil {
			limit = l
		}
	}
	if n >= limit {
		return false
	}
	word := "exit"
	if r.opts.sh(shLoginShell) {
		word = "logout"
	}
	io.WriteString(r.fds.writer(2), "Use \""+word+"\" to leave the shell.\n")
	return true
}

// writePS0 writes PS0, which an interactive bash shows after it has
// read a command (of read lines) and before it runs it (bash 4.4).
func (r *Runner) writePS0(read int) {
	r.promptRead = read
	v := r.lookup("PS0")
	if v == nil || !v.set || v.value() == "" {
		return
	}
	if s := r.promptText(v.value(), promptPS0); s != "" {
		io.WriteString(r.fds.writer(2), s)
	}
}

// echoInput shows a line read from a stdin that is not a terminal, as
// readline does for an interactive bash (on a terminal the terminal
// echoes it).
func (r *Runner) echoInput(line []byte) {
	if len(line) == 0 {
		return
	}
	if line[len(line)-1] != '\n' {
		line = append(line, '\n')
	}
	r.fds.writer(2).Write(line)
}

// userName is the login name of the real user, as bash's \u shows it
// (from the password database, not $USER).
func userName() string {
	if f := passwdByUID(strconv.Itoa(os.Getuid())); f != nil {
		return f[0]
	}
	return ""
}

// runPromptCommand runs PROMPT_COMMAND before an interactive shell shows
// PS1, as bash's execute_prompt_command does: each non-empty element
// when it is an indexed array (bash 5.1), nothing for an associative
// one. $? and $_ stay those of the last command read.
func (r *Runner) runPromptCommand() {
	v := r.lookup("PROMPT_COMMAND")
	if v == nil || !v.set {
		return
	}
	var cmds []string
	switch v.kind {
	case kIndexed:
		if v.arr != nil {
			cmds = append(cmds, v.arr.vals...)
		}
	case kString:
		cmds = []string{v.str}
	default:
		return
	}
	status, last := r.exit, r.lastArg
	old := r.inPromptCmd
	r.inPromptCmd = true
	defer func() { r.inPromptCmd = old }()
	for _, c := range cmds {
		if c == "" {
			continue
		}
		r.evalString(c, "PROMPT_COMMAND")
		if r.flow == flowExit {
			return
		}
		r.flow = flowNone
		// each command sees the $? of the command read, not of the one before
		r.exit, r.lastArg = status, last
	}
}
