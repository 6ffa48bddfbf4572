package interp

import (
	"io"
	"time"
)

// biLogout is bash's logout: exit for a login shell, interactive or not;
// any other shell, and a subshell other than a substitution, refuses it.
func biLogout(r *Runner, args []string) int {
	if !r.opts.sh(shLoginShell) || r.notLogin {
		r.bErr("logout", "not login shell: use `exit'")
		return 1
	}
	return biExit(r, args)
}

// bashLogout is bash's bash_logout, which the exit and logout builtins
// (and an interactive shell's end of input, which runs exit) call once
// the status is known: a login shell, not a subshell, reads
// ~/.bash_logout and then /etc/bash.bash_logout (Debian's
// SYS_BASH_LOGOUT), each only when it exists, and only once. $? in them
// is still the status from before exit; an exit run there ends the
// shell with its own status.
func (r *Runner) bashLogout() {
	if !r.opts.sh(shLoginShell) || r.sh.loggedOut || r.isSub || r.subLevel > 0 {
		return
	}
	r.sh.loggedOut = true
	// (read from within exit: traced as a source is)
	r.sourceIfThere(r.tildePath("~/.bash_logout"))
	if r.flow != flowExit {
		r.sourceIfThere("/etc/bash.bash_logout")
	}
}

// tmoutDeadline is when an interactive shell reading a command gives up
// waiting, as bash's read_command arms alarm(atoi($TMOUT)) for it; zero
// when TMOUT is unset or not a positive number.
func (r *Runner) tmoutDeadline() time.Time {
	v := r.lookup("TMOUT")
	if v == nil || !v.set {
		return time.Time{}
	}
	n := cAtoi(v.value())
	if n <= 0 {
		return time.Time{}
	}
	return time.Now().Add(time.Duration(n) * time.Second)
}

// autoLogout is bash's alrm_catcher, when TMOUT runs out before a whole
// command was read: a bell and a note on standard output, the logout
// files, then the shell exits (the EXIT trap runs) with $?.
func (r *Runner) autoLogout() {
	io.WriteString(r.fds.writer(1), "\atimed out waiting for input: auto-logout\n")
	r.bashLogout()
	if r.flow != flowExit {
		r.beginExit(r.exit)
	}
}

// exitSpeaks reports whether exit is run by the interactive shell itself
// (bash's interactive: not in a subshell, a trap action or
// PROMPT_COMMAND, which run without it).
func (r *Runner) exitSpeaks() bool {
	return r.sh.interactiveCmds && !r.isSub && !r.inTrap && !r.inPromptCmd
}

// exitWord is what an interactive shell's exit says on stderr.
func (r *Runner) exitWord() string {
	if r.opts.sh(shLoginShell) {
		return "logout\n"
	}
	return "exit\n"
}

// exitKept is the check bash's exit_or_logout makes in an interactive
// shell before it leaves: unless the command before was exit, logout or
// jobs, stopped jobs (or, under shopt checkjobs, running ones) keep the
// shell. It returns the complaint, "" when the shell may leave.
func (r *Runner) exitKept() string {
	if !r.exitSpeaks() {
		return ""
	}
	switch r.sh.lastBuiltin {
	case "exit", "logout", "jobs":
		return ""
	}
	running := false
	for _, j := range r.jobs.numbered() {
		switch j.state() {
		case jobStopped:
			return "There are stopped jobs.\n"
		case jobRunning:
			running = true
		}
	}
	if running && r.opts.sh(shCheckjobs) {
		return "There are running jobs.\n"
	}
	return ""
}

// refuseExit complains as exitKept decided (checkjobs also lists the
// jobs) and takes the refused exit for the command before the next one,
// so that an exit right after leaves.
func (r *Runner) refuseExit(msg string) {
	io.WriteString(r.errw(), msg)
	if r.opts.sh(shCheckjobs) {
		biJobs(r, []string{"jobs"})
	}
	r.sh.thisBuiltin, r.sh.lastBuiltin = "exit", "exit"
}
