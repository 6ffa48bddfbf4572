package main

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"unsafe"

	"nash/interp"
)

// startInteractive sets up what an interactive bash (-i) has before its
// startup files run: the job control it tries to get, the prompts and
// history variables, and the options it turns on. cmds is false for a
// script file (bash -i FILE), which bash reads without line editing.
//
// nash has no job control, line editing, prompts or history expansion:
// the options say what bash's would, and the messages bash prints when
// there is no terminal to control are printed the same.
func startInteractive(r *interp.Runner, inv *invocation, cmds bool) {
	noJobControlMessages(shellName(inv.name))
	setIfUnset(r, "PS1", `\s-\v\$ `)
	setIfUnset(r, "PS2", "> ")
	if home := os.Getenv("HOME"); home != "" {
		file := ".bash_history"
		if posixEarly(inv) {
			file = ".sh_history"
		}
		setIfUnset(r, "HISTFILE", filepath.Join(home, file))
	}
	r.SetShopt("expand_aliases", true)
	r.SetOpt("histexpand", true)
	r.SetOpt("history", true)
	if cmds && !inv.noEditing {
		r.SetOpt("emacs", true)
	}
}

// posixEarly reports whether bash is in POSIX mode when it sets its
// variables (initialize_shell_variables), which picks ~/.sh_history for
// HISTFILE: through --posix, -o posix or POSIXLY_CORRECT or POSIX_PEDANTIC
// in the environment; not through the name sh, which turns POSIX mode
// on only after the startup files.
func posixEarly(inv *invocation) bool {
	on := inv.posixOpt
	for _, o := range inv.setOpts {
		if o.name == "posix" {
			on = o.on
		}
	}
	_, pc := os.LookupEnv("POSIXLY_CORRECT")
	_, pp := os.LookupEnv("POSIX_PEDANTIC")
	return on || pc || pp
}

func setIfUnset(r *interp.Runner, name, value string) {
	if _, ok := r.Var(name); !ok {
		r.SetVar(name, value, false)
	}
}

// noJobControlMessages prints what bash's initialize_job_control does
// when the shell's terminal (/dev/tty when stderr is not one, else
// stderr) has no process group to take: the shell's process group, or
// -1 when the shell leads it already, and the reason.
func noJobControlMessages(name string) {
	fd := -1
	if !isTerminal(2) {
		if f, err := syscall.Open("/dev/tty", syscall.O_RDWR|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0); err == nil {
			fd = f
			defer syscall.Close(fd)
		}
	}
	if fd < 0 {
		fd = 2
	}
	var pgrp int32
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.TIOCGPGRP, uintptr(unsafe.Pointer(&pgrp)))
	if errno == 0 {
		return // a terminal: bash would have job control, nash has none
	}
	shown := syscall.Getpgrp()
	if shown == os.Getpid() {
		shown = -1 // tcgetpgrp's failure, as bash shows it then
	}
	fmt.Fprintf(os.Stderr, "%s: cannot set terminal process group (%d): %s\n", name, shown, errnoText(errno))
	fmt.Fprintf(os.Stderr, "%s: no job control in this shell\n", name)
}

func isTerminal(fd int) bool {
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	return errno == 0
}

// errnoText is strerror's text, as bash prints it: Go's errno text is
// glibc's with a lower-case first letter.
func errnoText(e syscall.Errno) string {
	s := e.Error()
	return string(s[0]-'a'+'A') + s[1:]
}

// runStartupFiles reads the files bash's run_startup_files does. A shell
// in POSIX mode from the start (--posix, -o posix, POSIXLY_CORRECT: not
// the name sh, which turns it on after them) reads no login files and no
// $BASH_ENV, and when interactive only $ENV. Otherwise a login shell
// reads /etc/profile and its first personal profile (sh: ~/.profile);
// an interactive one then reads the bashrc files (not after the login
// files, nor with --norc), or $ENV when named sh; a non-interactive one
// not named sh reads $BASH_ENV, or the bashrc files when run by sshd.
func runStartupFiles(r *interp.Runner, inv *invocation) {
	if remoteCommand(r, inv) {
		sourceBashrc(r, inv)
		return
	}
	posix := posixEarly(inv)
	sh := inv.name == "sh"
	if inv.login && !posix && !inv.noProfile {
		sourceLogin(r, sh)
	}
	switch {
	case !inv.interact:
		if !posix && !sh {
			r.SourceVarFile("BASH_ENV")
		}
	case posix || sh:
		r.SourceVarFile("ENV")
	case !inv.login && !inv.noRC:
		sourceBashrc(r, inv)
	}
}

// sourceBashrc reads /etc/bash.bashrc and ~/.bashrc (or the --rcfile).
func sourceBashrc(r *interp.Runner, inv *invocation) {
	if fileExists("/etc/bash.bashrc") {
		r.SourceFile("/etc/bash.bashrc")
	}
	rc := inv.rcFile
	if rc == "" {
		home := os.Getenv("HOME")
		if home == "" {
			return
		}
		rc = filepath.Join(home, ".bashrc")
	}
	r.SourceFile(rc)
}

// remoteCommand reports whether bash would take a -c command for one run
// by sshd or rshd and read the bashrc files first (Debian builds bash with
// SSH_SOURCE_BASHRC): a non-interactive, non-login shell not named sh,
// without --norc, at shell level 1, with SSH_CLIENT or SSH2_CLIENT in the
// environment or a socket for its stdin (isnetconn).
func remoteCommand(r *interp.Runner, inv *invocation) bool {
	if inv.interact || inv.login || inv.noRC || inv.name == "sh" || inv.command == nil {
		return false
	}
	if lvl, _ := r.Var("SHLVL"); lvl != "1" && lvl != "0" && lvl != "" {
		return false
	}
	_, ssh := r.Var("SSH_CLIENT")
	_, ssh2 := r.Var("SSH2_CLIENT")
	return ssh || ssh2 || isNetConn(0)
}

// isNetConn is bash's isnetconn: fd is a connected socket.
func isNetConn(fd int) bool {
	_, err := syscall.Getpeername(fd)
	switch err {
	case syscall.ENOTSOCK, syscall.ENOTCONN, syscall.EINVAL, syscall.EBADF:
		return false
	}
	return true
}
