package interp

// exitKind is how the shell's exit began. bash runs the EXIT trap from
// exit_shell, and what is still in place then (function frames, locals,
// redirections, sourced files) depends on how it got there; nash unwinds
// its own stack with flowExit and runs the trap at the point of that
// unwinding where bash's state matches (exitTrapAt).
type exitKind uint8

const (
	// exitOther: a fatal error without set -e (FORCE_EOF: bash's
	// top_level_cleanup runs every unwind-protect first), a failed exec,
	// POSIX-mode errors and the like
	exitOther exitKind = iota
	// exitByBuiltin: exit jumps to the top level undoing nothing but
	// what parse_and_execute (eval, source, a trap, -c) undoes of its
	// own text outside a function
	exitByBuiltin
	// exitByReport: report_error under set -e calls exit_shell where the
	// error is, with everything in place
	exitByReport
	// exitByErrexit: set -e undoes the innermost redirected builtin or
	// function call around the failure (its "saved-redirects" unwind
	// frame) and jumps to the top level, which drops every local
	// variable scope (reset_local_contexts) but keeps the call stack
	exitByErrexit
	// exitByExpansion: a fatal error in a word's expansion outside any
	// parse_and_execute text (exp_jump_to_top_level, peLevel): top_level_cleanup
	// runs every unwind-protect, undoing all redirections and frames,
	// before the trap
	exitByExpansion
)

// unwindPoint is where the unwinding of an exit has got to.
type unwindPoint uint8

const (
	// atRedirs: a command's redirections are about to be undone
	atRedirs unwindPoint = iota
	// atCallRedirsUndone: a builtin's or function's redirections have
	// just been undone
	atCallRedirsUndone
	// atFrame: a function's or sourced file's frame is about to be left
	atFrame
	// atPEText: an eval, sourced or trap text has ended (its frame, if
	// any, still in place)
	atPEText
)

// exitTrapAt runs the EXIT trap if the unwinding of the exit, now at p,
// has reached the state bash runs it in; later points find it run.
func (r *Runner) exitTrapAt(p unwindPoint) {
	if r.exitTrapRan || r.selfKillQuiet {
		// (a subshell that killed itself as its last command dies at
		// its next check, in the EXIT trap: subStatus)
		return
	}
	if p == atPEText && (r.exitHow != exitOther || !r.forceInPE) {
		return
	}
	switch r.exitHow {
	case exitByExpansion:
		return // at the top (finish), or a subshell's end
	case exitByReport:
		if p == atCallRedirsUndone {
			return // run before the undo (an exit from a trap action)
		}
	case exitByBuiltin:
		if p == atCallRedirsUndone || r.peUndoes() {
			return
		}
	case exitByErrexit:
		if r.exitRedirCalls > 0 {
			// still inside the redirected call bash unwinds to
			if p != atCallRedirsUndone || r.redirCalls() >= r.exitRedirCalls {
				return
			}
		} else if p == atCallRedirsUndone || r.peUndoes() {
			return
		}
		if a, ok := r.traps.m["EXIT"]; ok && a != "" {
			r.resetLocals()
		}
	default:
		if r.forceInPE {
			// FORCE_EOF: each parse_and_execute on the way up undoes
			// the command its text was running and passes the jump
			// on, so what is outside the outermost text (its sourced
			// file's frame, the functions that ran it, their
			// redirections) stays for the trap
			if p != atPEText || r.peTexts > 0 || r.inTrap {
				return
			}
		} else if p != atRedirs || r.peUndoes() || r.inFunction() && !r.forkedInPE() {
			// (a subshell forked inside a parse_and_execute text
			// unwinds nothing of the functions it runs in: the jump
			// goes to that text's frame, then on to the top)
			return
		}
	}
	r.exit = r.exitCode
	r.runExitTrap()
}

// peUndoes reports whether bash's parse_and_execute undoes, on the way
// out of an exit or set -e, what the text it runs set up (its unwind
// frame: redirections, a file sourced from it): a -c string, a command
// substitution, and inside eval, a trap or a sourced file, unless the
// exit began in a function.
func (r *Runner) peUndoes() bool {
	return (r.peTop() || r.peTexts > 0) && !r.exitInFunc
}

// peLevel reports whether bash's parse_and_execute_level is above zero
// here, which makes exp_jump_to_top_level skip its top_level_cleanup
// (exitByExpansion): in an eval, sourced or trap text, in a -c string or
// a substitution's text, and in a subshell forked from any of those (a
// ( ) keeps the level it was forked at).
func (r *Runner) peLevel() bool {
	return r.peTexts > 0 || r.inTrap || r.peTop() || r.isSub && (r.outerPE || r.sh.cmdString)
}

// forkedInPE reports whether this is a subshell forked with bash's
// parse_and_execute_level above zero (peLevel) that was not raised in it.
func (r *Runner) forkedInPE() bool {
	return r.isSub && r.peTexts == 0 && !r.inTrap && (r.outerPE || r.sh.cmdString)
}

// peTop reports whether the shell's own text runs as bash's
// parse_and_execute: a -c string, or a command substitution's text.
func (r *Runner) peTop() bool {
	if r.isSub {
		return r.forkPE
	}
	return r.sh.cmdString
}

// resetLocals drops every function's local variables, as bash's
// reset_local_contexts does when set -e reaches the top level: the EXIT
// trap then sees the global values, and local fails in it, while
// FUNCNAME, BASH_SOURCE and the positional parameters stay those of the
// call that failed.
func (r *Runner) resetLocals() {
	r.vars.dropFrames()
	r.funcnameLeft = r.funcnameVisible()
	r.localsReset = len(r.calls)
}

// leftFunc notes that the innermost call frame was left by a jump: bash
// unwinds it without hiding FUNCNAME again.
func (r *Runner) leftFunc() {
	if r.localsReset > len(r.calls) {
		r.localsReset = len(r.calls)
	}
	if r.flow == flowExit || r.flow == flowAbort {
		r.funcnameLeft = true
	} else if !r.inFunction() {
		r.funcnameLeft = false
	}
}

// exitSkipsUnwind reports whether the exit under way leaves the shell
// without running the unwind-protects of the builtin call it passes
// (such as the "eval_builtin" frame that turns set -e and the ERR trap
// back on after an eval, source or command whose status is ignored), so
// the EXIT trap still runs with them off. exit and set -e jump to the top
// level, where nothing runs them, unless an eval'd, sourced, trap or -c
// text around the call (inText) catches the jump and runs its frames:
// it discards them instead when the exit began in a function (its
// variable_context). A fatal error's top_level_cleanup runs them all.
func (r *Runner) exitSkipsUnwind(inText bool) bool {
	if r.flow != flowExit {
		return false
	}
	switch r.exitHow {
	case exitByBuiltin, exitByErrexit:
		return !inText || r.exitInFunc
	}
	return false
}
