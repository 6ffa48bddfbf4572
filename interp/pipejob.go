package interp

import (
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// stageDeath is how the process that a foreground pipeline stage ran in
// its own place died (bash's pipeline element, exec'd in the child it
// forked): sig 0 while nothing killed it. bash reports a pipeline as one
// job (notify_of_job_status), by the status of its last process, or the
// last that failed with pipefail, not each element by itself.
type stageDeath struct {
	pid  int
	sig  syscall.Signal
	core bool
}

// ownsStageProcess reports whether the program r is waiting for is the
// pipeline element itself: the stage's simple command run directly, or
// the tail of the stage's ( ), which bash execs in the element's child.
func (r *Runner) ownsStageProcess() bool {
	if r.stageDeath == nil || r.curStmt == nil {
		return false
	}
	return r.atStageCommand() || r.pipeParen && r.execTailNow() != nil
}

// atStageCommand reports whether r, a pipeline element's runner, is
// running the element's own simple command (not a function or an eval
// it calls).
func (r *Runner) atStageCommand() bool {
	return r.simpleStageLevel && r.curStmt != nil && r.forkedSimple == r.curStmt.Cmd
}

// raiseStageLevel raises $BASH_SUBSHELL once c, the pipeline stage's
// own simple command, turns out to run a builtin or function: bash's
// child for the element expands the words at its parent's level, then
// increments subshell_level for execute_subshell_builtin_or_function.
func (r *Runner) raiseStageLevel(c syntax.Command) {
	if r.simpleStageLevel && r.forkedSimple == c && !r.stageLevelUp {
		r.subLevelAdj++
		r.stageLevelUp = true
	}
}

// pipelineNotice prints bash's notice for a pipeline c whose job status
// is a death by a signal: the description alone for SIGTERM or a trapped
// signal, else "NAME: line N: " and a line per element (pretty_print_job's
// JLIST_LONG: pid, state, command), the state left blank where it repeats
// the first element's. A background job's notice waits for its waiter,
// and has no description alone.
func (r *Runner) pipelineNotice(c *syntax.BinaryCmd, stages []*syntax.Stmt, runners []*Runner, deaths []stageDeath, status []int) {
	k := len(stages) - 1
	if r.opts.on(optPipefail) {
		for i := len(status) - 1; i >= 0; i-- {
			if status[i] != 0 {
				k = i
				break
			}
		}
	}
	d := deaths[k]
	var bg *job // the background job the pipeline is, if any
	if r.job != nil && r.jobCmd == syntax.Command(c) {
		bg = r.job
	}
	if bg != nil && d.sig != 0 {
		bg.setKilledBy(d.sig, d.core)
	}
	switch d.sig {
	case 0, syscall.SIGPIPE:
		return
	case syscall.SIGINT:
		if bg == nil {
			r.jobIntNewline()
		}
		return
	}
	if r.interactiveShell() {
		if bg == nil {
			r.interactiveDeathNotice(d.sig, d.core)
		}
		return
	}
	// the job this process runs for the shell that started it, which
	// decides by its own traps (this one inherited them for display)
	childJob := r.bgProcess && r.forkedFor == syntax.Command(c)
	trapped := r.traps != nil && (!r.traps.inherited || childJob) && r.traps.m[signalName(int(d.sig))] != ""
	if d.sig == syscall.SIGTERM || trapped {
		if bg != nil || childJob {
			return // nothing for a background job
		}
		r.signalNotice(r.fds.writer(2), d.sig, d.core)
		return
	}
	var b strings.Builder
	firstState := ""
	for i, st := range stages {
		pid, state := runners[i].bashpid, "Done"
		if dd := deaths[i]; dd.sig != 0 {
			pid, state = dd.pid, signalDescription(dd.sig)
		} else if status[i] != 0 {
			state = "Exit " + itoa(int64(status[i]))
			if r.opts.on(optPosix) {
				state = "Done(" + itoa(int64(status[i])) + ")"
			}
		}
		if i > 0 {
			b.WriteString("\n     ")
		}
		b.WriteString(padLeft(itoa(int64(pid)), 5) + " ")
		shown := state
		if i == 0 {
			firstState = state
		} else if state == firstState && deaths[i].core == deaths[0].core {
			shown = ""
		}
		b.WriteString(shown)
		pad := 24 - len(shown)
		if shown == "" {
			pad = 22 // bash counts the "| " that follows
		}
		b.WriteString(strings.Repeat(" ", pad))
		if deaths[i].core {
			b.WriteString("(core dumped) ")
		}
		if i > 0 {
			b.WriteString("| ")
		}
		b.WriteString(oneLineText(r.curSrc, st))
	}
	if bg != nil {
		// the waiter prints it, with its own prefix
		bg.mu.Lock()
		bg.deathMsg = b.String()
		bg.mu.Unlock()
		return
	}
	if r.holdNotice(b.String(), false) {
		return
	}
	r.fds.writer(2).Write([]byte(r.noticePrefix() + b.String() + "\n"))
}
