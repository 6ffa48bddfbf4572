package interp

import (
	"io"
	"time"
)

// biLogout is bash's logout: exit for a login shell, interactive or not;
// any other shell refuses it.
func biLogout(r *Runner, args []string) int {
	if !r.opts.sh(shLoginShell) {
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
	r.SourceFile(r.tildePath("~/.bash_logout"))
	if r.flow != flowExit {
		r.SourceFile("/etc/bash.bash_logout")
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
	n := cAtoi(v.value(), 1<<31)
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
