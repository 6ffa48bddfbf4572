package interp

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// execTail is the last simple command of a ( ) subshell, which bash
// runs with exec in the subshell's process instead of forking again.
// When a signal kills it, bash's notice is the parent's for the
// subshell job: the subshell's text, on the parent's stderr.
type execTail struct {
	stmt *syntax.Stmt
	// the notice's text: text when set, else whole printed on one line
	// (only when a signal kills the tail, so not on every subshell)
	text   string
	whole  *syntax.Stmt
	src    string
	parent *Runner // nil for an asynchronous job (the notice waits for wait)
	// top: the last command of a -c string, which bash runs in place of
	// the shell itself: nobody reports its death by a signal but the
	// shell's own parent, and the shell ends by that signal
	top bool
	// intoFuncs: the tail of a command or process substitution, which
	// passes to the body of a function it calls: bash 5.2 execs that
	// body's last simple command too (funcTail)
	intoFuncs bool
}

// funcTail is the tail for the body of function f, called by the
// statement that is r's tail, or nil: in a command or process
// substitution the body's last simple command is exec'd as the
// substitution's own would be, through nested calls too. (bash decides
// at the call: a trap the body sets does not stop the exec, and then
// never runs; nash checks again and runs the command with a fork.)
func (r *Runner) funcTail(f *funcDef) *execTail {
	t := r.execTailNow()
	if t == nil || !t.intoFuncs {
		return nil
	}
	b, ok := f.body.Cmd.(*syntax.Block)
	if !ok || len(f.body.Redirs) > 0 {
		return nil
	}
	st := cmdStringTail(b.Stmts)
	if st == nil {
		return nil
	}
	nt := *t
	nt.stmt = st
	return &nt
}

// noticeText is the command text for the notice of a killed tail.
func (t *execTail) noticeText() string {
	if t.whole != nil {
		return oneLineText(t.src, t.whole)
	}
	return t.text
}

// tailStmt is the statement that ends list when it is a simple command
// bash could exec, or a nested ( ) whose own tail bash could exec (the
// last of an && / || chain counts, without redirections); nil otherwise.
func tailStmt(list []*syntax.Stmt) *syntax.Stmt {
	if len(list) == 0 {
		return nil
	}
	st := list[len(list)-1]
	for chained := false; ; chained = true {
		if st.Background || st.Negated || st.Coprocess {
			return nil
		}
		switch c := st.Cmd.(type) {
		case *syntax.CallExpr, *syntax.Subshell:
			if chained && len(st.Redirs) > 0 {
				// bash does not exec the end of an && / || chain
				// that has redirections
				return nil
			}
			return st
		case *syntax.BinaryCmd:
			if c.Op != syntax.AndStmt && c.Op != syntax.OrStmt {
				return nil
			}
			st = c.Y
		default:
			return nil
		}
	}
}

// parenTail is tailStmt for the commands of a ( ) subshell, which bash
// parses as one command: after a ';' or newline its
// optimize_subshell_command only tries a last simple command without
// redirections (an && / || chain there is not simple).
func parenTail(list []*syntax.Stmt) *syntax.Stmt {
	if n := len(list); n > 1 {
		switch list[n-1].Cmd.(type) {
		case *syntax.CallExpr:
			if len(list[n-1].Redirs) > 0 {
				return nil
			}
		case *syntax.BinaryCmd:
			return nil
		}
	}
	return tailStmt(list)
}

// execTailNow returns the subshell's tail when it is the command running
// and bash would indeed have exec'd it (no trap of the subshell's own
// would still have to run).
func (r *Runner) execTailNow() *execTail {
	t := r.tail
	if t == nil || t.stmt == nil || r.curStmt != t.stmt || r.inTrap {
		return nil
	}
	for name, action := range r.traps.m {
		if action != "" && r.traps.active(name) {
			return nil
		}
	}
	return t
}

// oneLineText prints st, parsed from src, on one line as bash's
// make_command_string does.
func oneLineText(src string, st *syntax.Stmt) string {
	p := newCmdPrinter(src)
	p.stmt(st, nil)
	p.flushDeferred("")
	return strings.TrimSpace(p.sb.String())
}

// subshellTail is the tail of a ( ) subshell run by r as statement st:
// when st is itself r's tail, the notice goes where r's would.
func (r *Runner) subshellTail(st *syntax.Stmt, c *syntax.Subshell) *execTail {
	t := &execTail{stmt: parenTail(c.Stmts), whole: st, src: r.curSrc, parent: r}
	if outer := r.execTailNow(); outer != nil {
		t.text, t.whole, t.src, t.parent = outer.text, outer.whole, outer.src, outer.parent
	}
	return t
}

// cmdStringTail is the statement bash runs in place of the shell at the
// end of a -c string (its should_suppress_fork and
// can_optimize_connection): a last simple command, alone or ending an
// && / || list, without redirections.
func cmdStringTail(stmts []*syntax.Stmt) *syntax.Stmt {
	st := tailStmt(stmts)
	if st == nil || len(st.Redirs) > 0 {
		return nil
	}
	if _, ok := st.Cmd.(*syntax.CallExpr); !ok {
		return nil
	}
	return st
}

// cmdLineTail is cmdStringTail for the whole text src of a -c string,
// whose commands bash parses and runs a line at a time: only the line
// that ends the string is optimised (nothing but its newline may follow
// it, not even a blank or comment line), and on it the command that
// bash's parse makes of the line must qualify: a lone simple command or
// && / || list, or a ';' list whose last command is simple (a list after
// '&', or an && / || list after ';', is run with a fork).
func cmdLineTail(stmts []*syntax.Stmt, src string) *syntax.Stmt {
	n := len(stmts)
	if n == 0 {
		return nil
	}
	last := stmts[n-1]
	if end := int(last.End().Offset()); end > len(src) || !lineEndsString(src[end:]) {
		return nil
	}
	if connectedTail(stmts, src) {
		return nil
	}
	return cmdStringTail(stmts)
}

// connectedTail reports whether the last of stmts (from src) is the
// second of a connection bash forks for: on the line of the command
// before it, after a '&' or as an && / || list after ';'.
func connectedTail(stmts []*syntax.Stmt, src string) bool {
	n := len(stmts)
	if n < 2 {
		return false
	}
	prev, last := stmts[n-2], stmts[n-1]
	from, to := int(prev.End().Offset()), int(last.Pos().Offset())
	if from > to || to > len(src) || strings.Contains(src[from:to], "\n") {
		return false
	}
	_, simple := last.Cmd.(*syntax.CallExpr)
	return prev.Background || !simple
}

// lineEndsString reports whether rest, the text after a command, ends
// the command's line and the string: blanks, a ';', a comment and one
// newline at most.
func lineEndsString(rest string) bool {
	rest = strings.TrimLeft(rest, " \t;")
	i := strings.IndexByte(rest, '\n')
	return endsLine(rest) && (i < 0 || i == len(rest)-1)
}

// noForkSHLVL is env as bash passes it to a program it runs without
// forking (a ( ) subshell's or the -c string's last command, exec): with
// SHLVL one lower, as if the shell had gone away.
func noForkSHLVL(env []string) []string {
	for i, kv := range env {
		v, ok := strings.CutPrefix(kv, "SHLVL=")
		if !ok {
			continue
		}
		n, ok := legalNumber(v)
		if !ok {
			n = 0
		}
		out := append([]string(nil), env...)
		out[i] = "SHLVL=" + strconv.FormatInt(max(n-1, 0), 10)
		return out
	}
	return env
}

// noForkTail is the tail of a command or process substitution, stmts
// parsed from src: bash runs its text as a -c string in the child it
// forked (startup_state 2), so its last simple command is exec'd as
// cmdStringTail says, unless a connection on its line makes the fork
// (connectedTail), except that a process substitution's may have
// redirections (should_suppress_fork).
func noForkTail(stmts []*syntax.Stmt, src string, procSubst bool) *execTail {
	if connectedTail(stmts, src) {
		return nil
	}
	st := cmdStringTail(stmts)
	if procSubst && st == nil {
		if st = tailStmt(stmts); st != nil {
			if _, ok := st.Cmd.(*syntax.CallExpr); !ok {
				st = nil
			}
		}
	}
	if st == nil {
		return nil
	}
	return &execTail{stmt: st, intoFuncs: true}
}

// mayExecInPlace reports whether the external command at path, about to
// run, is the last command of a -c string that bash would exec in place
// of the shell (should_suppress_fork), and nash can do the same: so the
// program has the shell's pid and parent, as under bash, and no process
// waits for it. Not when a Gate observes (it records the command's end),
// nor while shell code of this process runs asynchronously (a process
// substitution's, coprocess's or job's that has not reached the program
// of its last command: bash runs these in processes of their own). Also
// the program of a job run as a nash process (RunBgJob), which is async
// but has the process to itself, as bash's forked child does.
func (r *Runner) mayExecInPlace() bool {
	if r.onExec == nil || r.isSub || r.async && !r.bgProcess || r.pipePos != nil || r.execBuiltin || r.sh.gate != nil {
		return false
	}
	if t := r.execTailNow(); t == nil || !t.top {
		return false
	}
	return r.bgSettles()
}

// bgSettles reports whether no shell code of this process runs
// asynchronously, or stops running within settleMax: a process
// substitution, coprocess or job that reaches the program of its last
// command (diff <(sort a) <(sort b)) goes on by itself once the shell's
// process is replaced, as bash's own processes would; code still running
// after that would die with the shell.
func (r *Runner) bgSettles() bool {
	if r.sh.bg.running() {
		waitWhile(r.sh.bg.running, settleMax)
	}
	return !r.sh.bg.running()
}
