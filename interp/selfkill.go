package interp

import (
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// killSelf is kill sending sig to $BASHPID of an in-process subshell
// (a ( ) or $( ) that bash would have forked), which no process has:
// as bash's child would, the subshell runs its trap for sig, ignores
// it, or dies of it, ending at once with status 128+sig (subStatus).
// It reports false for signals it cannot emulate (stop signals), which
// kill then sends as usual.
func (r *Runner) killSelf(sig syscall.Signal) bool {
	switch sig {
	case syscall.SIGSTOP, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU:
		return false
	}
	name := signalName(int(sig))
	if r.traps != nil {
		if a, ok := r.traps.m[name]; ok && a == "" {
			return true // ignored, in the subshell or inherited
		}
		if r.traps.has(name) {
			r.runTrap(name)
			return true
		}
	}
	// SIGQUIT, which the shell ignores for itself, is back at its
	// default in a subshell (restore_original_signals), unless an
	// asynchronous one ignores it with SIGINT (setup_async_signals) or
	// its trap - made it the shell's again
	quits := sig == syscall.SIGQUIT && r.asyncInt == asyncIntNone && !r.quitShellIgn
	if hardIgnored[sig] || !terminatesByDefault(sig) && !quits || sig == syscall.SIGINT && r.asyncInt != asyncIntNone {
		return true
	}
	if sig == syscall.SIGINT {
		// bash's subshell catches it (sigint_sighandler) and dies at
		// its next check, before another command
		r.selfIntPending = true
		return true
	}
	r.selfKilled, r.selfKillPrev = sig, r.exit
	r.selfKillQuiet = r.quietTail != nil && r.curStmt == r.quietTail
	r.flow, r.exitCode = flowExit, 128+int(sig)
	return true
}

// diePendingInt ends the subshell r by the SIGINT it sent itself
// (selfIntPending).
func (r *Runner) diePendingInt() {
	r.selfIntPending = false
	r.selfKilled, r.selfKillPrev = syscall.SIGINT, r.exit
	r.flow, r.exitCode = flowExit, 128+int(syscall.SIGINT)
}

// bashTermSignal reports whether sig is one of bash's terminating_signals
// (sig.c), which a shell with an EXIT trap catches to run the trap
// before it dies; any other (SIGKILL) ends it without the trap.
func bashTermSignal(sig syscall.Signal) bool {
	switch sig {
	case syscall.SIGHUP, syscall.SIGINT, syscall.SIGILL, syscall.SIGTRAP,
		syscall.SIGABRT, syscall.SIGFPE, syscall.SIGBUS, syscall.SIGSEGV,
		syscall.SIGSYS, syscall.SIGPIPE, syscall.SIGALRM, syscall.SIGTERM,
		syscall.SIGXCPU, syscall.SIGXFSZ, syscall.SIGVTALRM,
		syscall.SIGUSR1, syscall.SIGUSR2:
		return true
	}
	return false
}

// reportKilledSubshell prints what bash prints when the ( ) subshell
// it forked for st, with pid pid, dies of sig (notify_of_job_status for
// a foreground job, see reportSignal): nothing for INT or PIPE, the
// description alone for TERM or a signal this shell traps, else
// "NAME: line N:  PID Desc<pad>( text )".
func (r *Runner) reportKilledSubshell(pid int, sig syscall.Signal, st *syntax.Stmt) {
	if r.quietNotices() || sig == syscall.SIGINT || sig == syscall.SIGPIPE {
		return
	}
	trapped := r.traps != nil && !r.traps.inherited && r.traps.m[signalName(int(sig))] != ""
	desc := signalDescription(sig)
	if sig == syscall.SIGTERM || trapped {
		if r.job == nil && !r.holdNotice(desc, true) {
			r.fds.writer(2).Write([]byte(desc + "\n"))
		}
		return
	}
	// the text is the subshell's, without the ! that applies to it
	// outside (execute_in_subshell takes CMD_INVERT_RETURN off)
	text := *st
	text.Negated = false
	r.deathNotice(r, pid, desc, false, oneLineText(r.curSrc, &text))
}
