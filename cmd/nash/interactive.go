package main

import (
	"os"
	"path/filepath"
	"syscall"

	"nash/interp"
)

// startInteractive sets up what an interactive bash (-i) has before its
// startup files run: the job control it tries to get, the prompts and
// history variables, and the options it turns on. cmds is false for a
// script file (bash -i FILE), which bash reads without line editing.
//
// On a terminal the shell takes it for job control, as bash does;
// without one it prints bash's messages. nash has no line editing: the
// options say what bash's would.
func startInteractive(r *interp.Runner, inv *invocation, cmds bool) {
	r.StartJobControl(shellName(inv.name))
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
	if emacs, vi := editingModes(inv, cmds); emacs {
		r.SetOpt("emacs", true)
	} else if vi {
		r.SetOpt("vi", true)
	} else {
		r.SetOpt("emacs", false)
		r.SetOpt("vi", false)
	}
}

// editingModes is what set -o shows for emacs and vi in an interactive
// bash once its options are read, as set_edit_mode leaves them: readline
// is in emacs mode and on (unless --noediting); -o emacs or -o vi picks
// the mode and turns editing on, +o of the mode in use turns it off and
// +o of the other does nothing. A script file (bash -i FILE) is read
// without line editing.
func editingModes(inv *invocation, cmds bool) (emacs, vi bool) {
	if !cmds {
		return false, false
	}
	mode, off := "emacs", inv.noEditing
	for _, o := range inv.setOpts {
		switch {
		case o.name != "emacs" && o.name != "vi":
		case o.on:
			mode, off = o.name, false
		case o.name == mode:
			off = true
		}
	}
	return !off && mode == "emacs", !off && mode == "vi"
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
