package interp

import (
	"io"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"unsafe"
)

// jobTerm is the terminal an interactive shell with job control hands to
// its foreground jobs, as bash's initialize_job_control sets it up: the
// shell leads a process group of its own (shellPgrp) that owns the
// terminal while the shell reads commands; each foreground program
// starts in a group of its own that is given the terminal (a ^C or ^Z
// there reaches the job, not the shell), which the shell takes back when
// the program ends or stops. It belongs to the shell, not to subshells.
type jobTerm struct {
	fd        int // a close-on-exec descriptor on the terminal (shell_tty)
	shellPgrp int
	origPgrp  int // the group the shell started in, given back at exit
	// modes are the terminal's modes as the shell last saw them
	// (shell_tty_info): put back when a job dies of a signal or stops
	modes    syscall.Termios
	hasModes bool
	// script: a non-interactive shell's, on its standard error, for
	// set -m (bash's shell_tty there): no modes are kept
	script bool
}

// jobTermSignals are the signals a shell with job control ignores for
// itself (bash's initialize_job_signals); its programs start with them
// at the default action.
var jobTermSignals = [...]syscall.Signal{syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU}

// StartJobControl is bash's initialize_job_control for an interactive
// shell: it takes the terminal on standard error (or /dev/tty when
// standard error is not one), waits to be in the foreground, makes the
// shell a process group of its own that owns the terminal, and turns
// set -m on. Without a terminal whose process group it can take it
// prints bash's two messages (name is the shell's name in them) and
// leaves job control off.
func (r *Runner) StartJobControl(name string) {
	fd, e := openJobTerm()
	if e != 0 {
		r.noTerminalPgrp(name, e)
		r.sh.noTTY = r.newTTYless(name)
		return
	}
	t := &jobTerm{fd: fd, shellPgrp: syscall.Getpgrp()}
	for tries := 0; ; tries++ {
		tp, e := tcgetpgrp(fd)
		if e != 0 {
			syscall.Close(fd)
			r.noTerminalPgrp(name, e)
			return
		}
		if tp == t.shellPgrp {
			break
		}
		if tries > 16 {
			syscall.Close(fd)
			r.noJobControl(name, "initialize_job_control: no job control in background: "+errnoMessage(syscall.EIO))
			return
		}
		// in the background: stop until the shell is brought to the
		// foreground, as bash's kill(0, SIGTTIN) does
		syscall.Kill(0, syscall.SIGTTIN)
	}
	ignoreJobSignals()
	t.origPgrp = t.shellPgrp
	if pid := os.Getpid(); pid != t.shellPgrp {
		if syscall.Setpgid(0, pid) == nil {
			t.shellPgrp = pid
		}
	}
	if t.shellPgrp != t.origPgrp {
		if e := tcsetpgrp(fd, t.shellPgrp); e != 0 {
			syscall.Setpgid(0, t.origPgrp)
			syscall.Close(fd)
			r.noJobControl(name, pgrpFailure(t.origPgrp, e))
			return
		}
	}
	t.saveModes()
	r.sh.term = t
	r.opts.setShort('m', true)
}

// noTerminalPgrp prints bash's messages for a terminal whose process
// group could not be read: the shell's group, or -1 when the shell
// leads it already (tcgetpgrp's failure, as bash shows it then).
func (r *Runner) noTerminalPgrp(name string, e syscall.Errno) {
	shown := syscall.Getpgrp()
	if shown == os.Getpid() {
		shown = -1
	}
	r.noJobControl(name, pgrpFailure(shown, e))
}

// pgrpFailure is bash's sys_error text for a terminal process group it
// could not set.
func pgrpFailure(pgrp int, e syscall.Errno) string {
	return "cannot set terminal process group (" + itoa(int64(pgrp)) + "): " + errnoMessage(e)
}

// noJobControl prints why the shell has no job control, then that it
// has none, as bash's initialize_job_control does.
func (r *Runner) noJobControl(name, why string) {
	io.WriteString(r.fds.writer(2), name+": "+why+"\n"+name+": no job control in this shell\n")
}

// openJobTerm returns a close-on-exec descriptor, 255 or above, on the
// shell's terminal: standard error's, or /dev/tty when standard error
// is not a terminal.
func openJobTerm() (int, syscall.Errno) {
	src, opened := 2, false
	if _, err := ioctlGetTermios(2); err != nil {
		fd, err := syscall.Open("/dev/tty", syscall.O_RDWR|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err != nil {
			return -1, syscall.ENOTTY
		}
		src, opened = fd, true
	}
	fd, _, e := syscall.Syscall(syscall.SYS_FCNTL, uintptr(src), syscall.F_DUPFD_CLOEXEC, 255)
	if opened {
		syscall.Close(src)
	}
	return int(fd), e
}

func tcgetpgrp(fd int) (int, syscall.Errno) {
	var pgrp int32
	_, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.TIOCGPGRP, uintptr(unsafe.Pointer(&pgrp)))
	return int(pgrp), e
}

// tcsetpgrp gives the terminal to pgrp, with SIGTTOU blocked on the
// calling thread as bash's give_terminal_to has it: from the background
// (the shell taking the terminal back from a job) the kernel would stop
// a shell that does not ignore it.
func tcsetpgrp(fd, pgrp int) syscall.Errno {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	set := uint64(1) << (syscall.SIGTTOU - 1)
	var old uint64
	syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, 0 /* SIG_BLOCK */, uintptr(unsafe.Pointer(&set)), uintptr(unsafe.Pointer(&old)), 8, 0, 0)
	p := int32(pgrp)
	_, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.TIOCSPGRP, uintptr(unsafe.Pointer(&p)))
	syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, 2 /* SIG_SETMASK */, uintptr(unsafe.Pointer(&old)), 0, 8, 0, 0)
	return e
}

// ignoreJobSignals makes the shell ignore jobTermSignals while its
// programs start with them at the default: the runtime is made to
// handle them first (os/signal), so that a forked child resets them
// before exec, then the kernel is told to ignore them. A signal ignored
// when the shell started stays as it is, for the programs too.
func ignoreJobSignals() {
	if !ownsSignals() {
		return
	}
	var sigs []os.Signal
	for _, sig := range jobTermSignals {
		if !hardIgnored[sig] {
			sigs = append(sigs, sig)
		}
	}
	if len(sigs) == 0 {
		return
	}
	signal.Notify(make(chan os.Signal, 1), sigs...)
	dflMu.Lock()
	defer dflMu.Unlock()
	for _, s := range sigs {
		sig := s.(syscall.Signal)
		var old kernelSigaction
		ign := kernelSigaction{handler: 1} // SIG_IGN
		if rtSigaction(sig, &ign, &old) == nil && !goHandlers[sig].ok {
			goHandlers[sig] = savedHandler{old, true}
		}
	}
}

// fgTerm returns the terminal a foreground program the shell runs under
// job control is given, nil when there is none or the shell does not
// own it (bash's running_in_background). A non-interactive shell's is
// its standard error, when that is a terminal (initialize_job_control
// without job control, for a later set -m).
func (r *Runner) fgTerm() *jobTerm {
	t := r.sh.term
	if t == nil && !r.sh.interactive && !r.sh.termChecked {
		r.sh.termChecked = true
		if _, err := ioctlGetTermios(2); err == nil {
			pg := syscall.Getpgrp()
			t = &jobTerm{fd: 2, shellPgrp: pg, origPgrp: pg, script: true}
			r.sh.term = t
		}
	}
	if t == nil {
		return nil
	}
	if tp, e := tcgetpgrp(t.fd); e != 0 || tp != t.shellPgrp {
		return nil
	}
	return t
}

// takeBack gives the terminal back to the shell once a foreground job
// ended or stopped, as bash's wait_for does, and with it the modes: the
// shell's own when the job died of a signal or stopped (set_tty_state),
// else the job's are kept as the shell's (get_tty_state).
func (t *jobTerm) takeBack(signaled bool) {
	tcsetpgrp(t.fd, t.shellPgrp)
	if t.script {
		return // wait_for keeps the modes for an interactive shell only
	}
	if signaled {
		t.restoreModes()
	} else {
		t.saveModes()
	}
}

func (t *jobTerm) saveModes() {
	if m, err := ioctlGetTermios(t.fd); err == nil {
		t.modes, t.hasModes = *m, true
	}
}

// tcsetsw is tcsetattr's TCSADRAIN request (the same on amd64 and arm64).
const tcsetsw = syscall.TCSETS + 1

// restoreModes is set_tty_state: tcsetattr with TCSADRAIN.
func (t *jobTerm) restoreModes() {
	if t.hasModes {
		setTermios(t.fd, &t.modes)
	}
}

// reclaim gives the terminal back to the shell if another group has it.
func (t *jobTerm) reclaim() {
	if tp, e := tcgetpgrp(t.fd); e == 0 && tp != t.shellPgrp {
		tcsetpgrp(t.fd, t.shellPgrp)
	}
}

// end is bash's end_job_control, run before the shell exits or execs
// another program in its place: the terminal and the process group go
// back to what they were when the shell started.
func (t *jobTerm) end() {
	if t.origPgrp != t.shellPgrp {
		tcsetpgrp(t.fd, t.origPgrp)
		syscall.Setpgid(0, t.origPgrp)
	}
}

// restart takes the terminal again after an exec failed and the shell
// goes on (bash's restart_job_control).
func (t *jobTerm) restart() {
	if t.origPgrp != t.shellPgrp {
		syscall.Setpgid(0, t.shellPgrp)
		tcsetpgrp(t.fd, t.shellPgrp)
	}
}

// giveTerminal hands the terminal to job j, which fg is about to wait
// for, as bash's start_job does for a job in a process group of its
// own, having saved the terminal's modes. It returns the function that
// takes the terminal back once the wait is over and puts back the modes
// saved (whatever the job left).
func (r *Runner) giveTerminal(j *job) func() {
	t := r.sh.term
	if t == nil || r.isSub || !j.ownGroup || j.pid() >= fakePIDBase {
		return func() {}
	}
	t.saveModes()
	saved, had := t.modes, t.hasModes
	if tcsetpgrp(t.fd, j.pid()) != 0 {
		return func() {}
	}
	return func() {
		tcsetpgrp(t.fd, t.shellPgrp)
		t.modes, t.hasModes = saved, had
		t.restoreModes()
		r.jobWinSize()
	}
}

// winSize sets LINES and COLUMNS from the terminal's window size, as
// readline does when it starts (a size the terminal does not know is
// 24 lines of 80 columns then) and bash's get_new_window_size with shopt
// checkwinsize after each foreground job of an interactive shell (which
// leaves them alone then).
func (r *Runner) winSize(start bool) {
	t := r.sh.term
	if t == nil || t.script {
		return
	}
	rows, cols, e := termWinsize(t.fd)
	if e != 0 && !start {
		return
	}
	if start {
		if rows == 0 {
			rows = 24
		}
		if cols == 0 {
			cols = 80
		}
	} else if rows == 0 || cols == 0 {
		return
	}
	r.assignTo("LINES", itoa(int64(rows)))
	r.assignTo("COLUMNS", itoa(int64(cols)))
}

// termWinsize is the window size of the terminal open on fd
// (TIOCGWINSZ).
func termWinsize(fd int) (rows, cols int, err syscall.Errno) {
	var ws struct{ rows, cols, x, y uint16 }
	_, _, err = syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.TIOCGWINSZ, uintptr(unsafe.Pointer(&ws)))
	return int(ws.rows), int(ws.cols), err
}

// jobWinSize is winSize after a foreground job, under checkwinsize.
func (r *Runner) jobWinSize() {
	if r.sh.interactive && r.opts.sh(shCheckwinsize) {
		r.winSize(false)
	}
}
