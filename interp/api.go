package interp

import (
	"errors"
	"io"
	"os"
	"strings"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// SetLogin marks the shell as a login shell (shopt login_shell).
func (r *Runner) SetLogin(on bool) { r.opts.shopt[shLoginShell] = on }

// SourceFile runs a startup file in the current shell, as `.` would,
// without failing when it is missing. bash reads a startup file at the
// depth of the commands it reads next: its commands trace with one PS4
// character less than the same file's under source.
func (r *Runner) SourceFile(path string) int {
	r.traceLevel--
	defer func() { r.traceLevel++ }()
	return r.sourceIfThere(path)
}

// sourceIfThere runs path as `.` does, when it exists.
func (r *Runner) sourceIfThere(path string) int {
	if _, err := os.Stat(path); err != nil {
		return 0
	}
	st := biSource(r, []string{"source", path})
	if r.flow == flowReturn || r.flow == flowAbort {
		r.flow = flowNone
	}
	return st
}

// SourceVarFile runs, as SourceFile does, the file named by the value of
// the variable name expanded as between double quotes, when there is
// one: bash's execute_env_file for $ENV and $BASH_ENV (ENV='$HOME/.shrc').
func (r *Runner) SourceVarFile(name string) int {
	v, ok := r.Var(name)
	if !ok || v == "" {
		return 0
	}
	if path := r.expandString(v); path != "" {
		return r.SourceFile(path)
	}
	return 0
}

// cmdInput is where RunReader reads commands: bash's buffered stream
// for a script on a regular-file stdin (script), else a lineReader made
// anew after each line, which reads from f's offset as commands left it.
type cmdInput struct {
	lr     *lineReader
	script *scriptInput
}

func (in *cmdInput) readByte() (byte, error) {
	if in.script != nil {
		return in.script.readByte()
	}
	return in.lr.readByte()
}

// readLine reads a line with its newline, or what there is of one up to
// an error.
func (in *cmdInput) readLine() ([]byte, error) {
	var line []byte
	for {
		c, err := in.readByte()
		if err != nil {
			return line, err
		}
		line = append(line, c)
		if c == '\n' {
			return line, nil
		}
	}
}

// resumeInput readies in for the next line after commands ran, and
// returns the file read from: a script on stdin goes on from a new
// stdin (exec 0<file), as bash does.
func (r *Runner) resumeInput(in *cmdInput, f *os.File, name string) *os.File {
	if g := r.fds.get(0); name == "" && g != nil && g != f {
		f = g
		if in.script != nil {
			in.script.setFile(f)
		}
	}
	if in.script == nil {
		in.lr = newLineReader(f)
	}
	return f
}

// RunReader runs a script read from f (bash's stdin scripts) a line at a
// time, so that commands in the script can read the rest of f themselves.
func (r *Runner) RunReader(f *os.File, name string) int {
	if name == "" && f != nil {
		// bash's set_bash_input: the input it reads commands from is
		// not left in no-delay mode, which its programs would inherit
		syscall.SetNonblock(rawFD(f), false)
	}
	in := cmdInput{lr: newLineReader(f)}
	if !r.sh.interactiveCmds && name == "" {
		// read as bash's buffered stream reads it (scriptinput.go)
		r.sh.script = newScriptInput(f)
		in.script = r.sh.script
		defer func() { r.sh.script = nil }()
	}
	var buf strings.Builder
	consumed := 0
	// lines counts the input lines in buf: a history expansion may hold
	// newlines, which bash's line numbers do not count
	lines := 0
	eof := false
	prompts := r.sh.interactiveCmds && name == ""
	if prompts {
		r.startInteractiveSignals()
	}
	echo := prompts && !isTerminal(f)
	// on a terminal the shell's own SIGINT interrupts the line being read
	atTerm := prompts && !echo && r.sh.intCh != nil
	if atTerm && r.lineEditing() {
		r.winSize(true) // as readline starts
	}
	lastLen := 0
	eofs := 0 // ends of input in a row ignored under ignoreeof
	var tmoutAt time.Time
	for !eof && r.flow != flowExit {
		var ed *lineEditor
		prompt := ""
		if prompts {
			if buf.Len() == 0 {
				// bash's parse_command runs the traps of signals that
				// came in before it reads a command (an empty line at
				// the prompt brings them on; elsewhere each command
				// has run them, below and after it)
				if r.runPendingTraps(); r.flow == flowExit {
					break
				}
				if r.runPromptCommand(); r.flow == flowExit {
					break
				}
				tmoutAt = r.tmoutDeadline()
			}
			if t := r.sh.term; t != nil && atTerm {
				// the terminal is the shell's while it reads (bash
				// takes it back after each job it waited for): one a
				// program handed on must not leave the shell reading
				// in the background
				t.reclaim()
			}
			if r.noticeLine > 0 {
				// bash's shell_getc reports on the jobs as it goes to
				// read a line, before the prompt: the jobs that end
				// while it waits for the line are reported after the
				// line's commands (runTop does not, readAtPrompt)
				r.notifyJobs(r.noticeLine + 1)
			}
			if atTerm && r.lineEditing() {
				// readline readies the terminal before the prompt
				ed = r.newLineEditor(in.lr)
			}
			prompt = r.writePrompt(max(strings.Count(buf.String(), "\n"), min(buf.Len(), 1)))
		}
		if in.script == nil {
			in.lr.deadline = tmoutAt
			if atTerm {
				// a ^C, or a hangup (termsigExit), stops the read
				term, intTrap, traps := r.termStop(), r.intTrapStop(), (func() bool)(nil)
				if ed == nil {
					traps = r.inputTrapStop()
				}
				in.lr.stop = func() bool {
					return r.sh.interrupted.Load() || term != nil && term() || intTrap != nil && intTrap() || traps != nil && traps()
				}
			} else {
				in.lr.stop = r.inputTrapStop()
			}
		}
		var line []byte
		var err error
		if ed != nil {
			line, err = ed.readLine(prompt, "")
		} else {
			line, err = in.readLine()
		}
		interrupted := false
		switch {
		case err == errReadTimeout:
			r.histUnrun(buf.String()) // half a command
			r.autoLogout()
		case err == errReadStopped:
			interrupted = !r.exitByTerm()
		case err != nil:
			eof = true
		}
		if in.script == nil {
			in.lr.done()
		}
		if r.flow == flowExit {
			break // TMOUT ran out
		}
		if interrupted {
			// ^C at the prompt (readline's, on a terminal): the
			// command read so far is dropped, the kernel having
			// dropped the line being typed, and the shell prompts
			// again on a new line with $? 130
			r.sh.interrupted.Store(false)
			r.histUnrun(buf.String()) // the lines read before, at PS2
			r.exit = 130
			r.intTrapAtPrompt()
			io.WriteString(r.fds.writer(2), "\n")
			consumed += lines
			lines = 0
			buf.Reset()
			continue
		}
		if eof && len(line) > 0 && line[len(line)-1] != '\n' {
			// as for a file, bash's shell_getc ends the last line with
			// a newline: a trailing backslash joins it to nothing
			line = append(line, '\n')
		}
		if eof && len(line) == 0 && buf.Len() == 0 && prompts && r.ignoreEOF(eofs) {
			eofs++
			eof = false
			continue
		}
		if eof && len(line) == 0 && buf.Len() == 0 && prompts {
			// bash's reader runs exit, which jobs may refuse
			r.sh.lastBuiltin, r.sh.thisBuiltin = r.sh.thisBuiltin, "exit"
			if msg := r.exitKept(); msg != "" {
				io.WriteString(r.errw(), r.exitWord())
				r.refuseExit(msg)
				eof = false
				continue
			}
		}
		if len(line) > 0 {
			eofs = 0
		}
		if echo && r.lineEditing() {
			// readline echoes the line; with editing off, nothing does
			r.echoInput(line)
		}
		lastLen = len(line)
		if r.histExpanding() && len(line) > 0 {
			line = r.histExpandRead(line, consumed+r.discardShift+lines+1, buf.String())
		}
		if len(line) > 0 {
			lines++
		}
		buf.Write(line)
		if !eof && buf.Len() == 0 {
			continue
		}
		text := buf.String()
		if strings.TrimSpace(text) == "" {
			if r.opts.on(optVerbose) {
				io.WriteString(r.fds.writer(2), text) // set -v echoes blank lines too
			}
			r.histRecordComments(text) // a line of blanks is remembered
			consumed += lines
			lines = 0
			buf.Reset()
			continue
		}
		if !prompts && r.aliasActive() {
			// bash substitutes aliases as it reads (aliasrest.go): a
			// value may open a compound command the next lines close
			if !eof && r.aliasTextIncomplete(text, name) {
				continue
			}
			r.runAliasRest(text, consumed+r.discardShift, name, true, true)
			consumed += lines
			lines = 0
			buf.Reset()
			if r.flow == flowExit || name == "" && r.fds.entry(0) == nil {
				break
			}
			f = r.resumeInput(&in, f, name)
			continue
		}
		file, fixed, st := r.parseLines(text, name, eof, consumed)
		if st == linesMore {
			continue
		}
		if st == linesSkip {
			r.histUnrun(text) // the parser refused it
			consumed += lines
			lines = 0
			buf.Reset()
			continue
		}
		if st == linesBad {
			break
		}
		r.lineOff = consumed + r.discardShift
		r.writtenSrc, r.writtenFor = text, fixed
		text = fixed
		r.curSrc = text
		r.verboseLine = 0
		if len(file.Stmts) == 0 {
			r.histRecordComments(r.writtenSrc) // as bash's reader adds them
		}
		if len(file.Stmts) == 0 && r.opts.on(optVerbose) {
			if !strings.HasSuffix(text, "\n") {
				text += "\n" // the last line, without its newline
			}
			io.WriteString(r.fds.writer(2), text) // a comment line
		}
		groups := topLevelGroups(file.Stmts, text)
		for i, g := range groups {
			end := len(text)
			if i+1 < len(groups) {
				end = groupLineStart(text, groups[i+1])
			}
			if prompts {
				r.writePS0(readEnd(g) - int(g[0].Pos().Line()) + 1)
				r.sh.interrupted.Store(false) // one typed at the prompt
			}
			// and execute_command runs those that came in while it
			// read the line (readline leaves them pending)
			if r.runPendingTraps(); r.flow == flowExit {
				break
			}
			r.readAtPrompt = prompts
			r.runTopGroup(g, end)
			if prompts {
				r.takeInterrupt() // after the line's last command
				if r.flow == flowAbort {
					r.flow = flowNone
				}
			}
			if r.flow == flowExit {
				break
			}
		}
		consumed += lines // (fixed may have lines added)
		lines = 0
		buf.Reset()
		if name == "" && r.fds.entry(0) == nil {
			break // exec 0<&- closed the script's input
		}
		f = r.resumeInput(&in, f, name)
	}
	if prompts && eof && r.flow != flowExit {
		if lastLen > 0 {
			// the last line had no newline: it ran, and bash prompts
			// again before it finds the end (as often as ignoreeof has
			// it ignore that)
			r.runPromptCommand()
			r.writePrompt(0)
			for n := 0; r.flow != flowExit && r.ignoreEOF(n); n++ {
				r.runPromptCommand()
				r.writePrompt(0)
			}
		}
		if r.flow != flowExit { // (PROMPT_COMMAND may have exited)
			// bash's reader_loop at EOF, as the exit builtin words it
			io.WriteString(r.fds.writer(2), r.exitWord())
			st := r.exit
			r.bashLogout()
			if r.flow != flowExit {
				r.exit = st // exit's status, from before the file ran
			}
		}
	}
	r.lineOff = 0
	return r.finish()
}

// linesState is what parseLines makes of the lines read so far.
type linesState uint8

const (
	linesRun  linesState = iota // a complete command list: run it
	linesMore                   // incomplete, or a here-document's delimiter may follow: read on
	linesBad                    // a syntax error, reported; the shell is exiting
	linesSkip                   // a syntax error, reported; an interactive shell goes on
)

// parseLines parses text, the lines a line-at-a-time reader gathered
// (eof: no more follow; consumed: the lines before them). A syntax error
// is reported as bash does and ends the shell, with status 1 for a
// compound command cut off by the end of the input, else 2.
func (r *Runner) parseLines(text, name string, eof bool, consumed int) (*syntax.File, string, linesState) {
	file, fixed, err := r.parseForMode(text, name)
	if err == nil && mayHoldExtGlob(text) {
		err = r.extglobParseError(file.Stmts, name)
	}
	if err == nil && mayExceedHdocMax(fixed) {
		err = hdocMaxError(file.Stmts, name) // as ParseProgram's
	}
	if err != nil {
		if !eof && (syntax.IsIncomplete(err) || endsInJoin(text) || dolbraceOpen(err, text) || assignOKOpen(err, text) || hdocBodyOpen(text)) {
			// bash has not read the whole command yet: the next line
			// is joined to this one before a token of it is read (the
			// error may be one of the cut line), an eval or let
			// argument's list or a here-document's body goes on
			return nil, "", linesMore
		}
		r.lineOff = consumed + r.discardShift
		if line, ok := compoundDiscardLine(err); ok {
			// reported, $? 1 and the lines read discarded; the shell
			// reads on (arraydiscard.go)
			if _, ok := r.discardCompoundLine(line, err, text, text, name); !ok {
				return nil, "", linesBad
			}
			return nil, "", linesSkip
		}
		if !r.reportSyntaxError(err, text, name) {
			r.exit = 2
		}
		if compoundEOF(err, text) {
			r.exit = 1 // whatever bash -n's status (arraydiscard.go)
		}
		if r.sh.interactiveCmds && name == "" {
			// bash's reader_loop: an interactive shell drops the command
			// and reads on, $? 2; at the end of the input (RunReader
			// says exit or logout) after one more prompt when a quote
			// was left open
			var pe syntax.ParseError
			if eof && errors.As(err, &pe) && strings.Contains(pe.Text, "without closing quote") {
				r.writePrompt(max(strings.Count(text, "\n"), 1))
			}
			r.exit = 2
			return nil, "", linesSkip
		}
		r.flow, r.exitCode = flowExit, r.exit
		return nil, "", linesBad
	}
	if n, _ := hdocEOFCount(fixed); n > 0 && !eof {
		return nil, "", linesMore // the delimiter may be on a line not read yet
	}
	if !eof && endsInJoin(text) {
		return nil, "", linesMore // the next line continues this one
	}
	if mayPinANSI(fixed) {
		r.pinANSI(file)
	}
	return file, fixed, linesRun
}
