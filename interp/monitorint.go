package interp

import "syscall"

// A non-interactive bash with job control on (set -m) runs each
// foreground command as a job in a process group of its own, so a
// terminal's ^C reaches the job but not the shell. When such a job dies
// of SIGINT, wait_for pretends the shell got the SIGINT as well
// (ADDINTERRUPT), and the next check runs throw_to_top_level: $? is 130,
// and with INT trapped the command being run is given up up to the top
// level (the trap itself does not run: no SIGINT arrived), else the
// shell exits with status 130. Subshells and the interactive shell,
// which print a newline instead, do not do this.

// monitorJobInterrupted acts on a foreground job of r that died of sig:
// see above. It reports whether the shell is giving up its command.
func (r *Runner) monitorJobInterrupted(sig syscall.Signal) bool {
	if sig != syscall.SIGINT || r.sh.interactive || !r.fgStoppable() {
		return false
	}
	r.exit = 130
	if r.hasTrapEntry("INT") {
		r.flow, r.abortTop = flowAbort, true
		return true
	}
	r.beginExit(130)
	return true
}

// firstStageSignal is bash's job_signal_status for a pipeline's deaths:
// the signal that killed its first element a signal killed, if any.
func firstStageSignal(deaths []stageDeath) syscall.Signal {
	for _, d := range deaths {
		if d.sig != 0 {
			return d.sig
		}
	}
	return 0
}
