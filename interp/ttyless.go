package interp

import (
	"os"
	"syscall"
)

// ttyless is what an interactive bash without a terminal (no /dev/tty,
// standard error not one) keeps for set_tty_state: its shell_tty, a
// duplicate of standard error moved to a high descriptor, and what its
// message names.
type ttyless struct {
	name  string // the shell's name in messages
	fd    int    // the descriptor bash's shell_tty would be
	level string // bash's shell_level, $SHLVL as the shell started
}

// newTTYless returns the state of an interactive shell named name that
// found no terminal for job control, nil when standard error is closed
// (bash's set_tty_state then fails on fd 2, writing to nothing).
func (r *Runner) newTTYless(name string) *ttyless {
	if _, err := fcntlGetfd(2); err != nil {
		return nil
	}
	fd := 255 // move_to_high_fd: the highest below min(rlimit, 256)
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil && lim.Cur < 256 {
		fd = int(lim.Cur) - 1
	}
	level := "0"
	if v := r.vars.get("SHLVL"); v != nil && v.set {
		level = v.str
	}
	return &ttyless{name: name, fd: fd, level: level}
}

// ttyStateAfterJob is the set_tty_state bash's wait_for runs, in the
// interactive shell itself (not a subshell), after a foreground job one
// of whose processes died of a signal or stopped: without a terminal its
// tcsetattr fails and bash says so, before any notice of the death.
func (r *Runner) ttyStateAfterJob() {
	t := r.sh.noTTY
	if t == nil || r.isSub || r.asyncShell || !r.sh.interactive {
		return
	}
	msg := t.name + ": [" + itoa(int64(os.Getpid())) + ": " + t.level + " (" + itoa(int64(t.fd)) + ")] tcsetattr: " + errnoMessage(syscall.ENOTTY) + "\n"
	r.fds.writer(2).Write([]byte(msg))
}
