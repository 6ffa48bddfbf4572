package e2e

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// atPrompt reports whether a step's want is a prompt of the line editor
// (PS1 "$ " or PS2 "> "), after which the next keys are meant for it.
func atPrompt(want string) bool {
	return strings.HasSuffix(want, "$ ") || strings.HasSuffix(want, "> ")
}

// waitEditor waits, up to limit, until the line editor of the session led
// by sid reads the terminal: the terminal is out of canonical mode and a
// process of the session sleeps reading it. A want met early (a prompt
// drawn again by a redisplay, a fixed pause) would otherwise let the next
// keys come while the command still runs, echoed by the terminal itself
// into the screen. It reports whether the editor was seen; past limit the
// caller sends anyway, as before.
func waitEditor(tty *os.File, sid int, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for {
		if rawMode(tty) && sessionReading(sid) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// rawMode reports whether the terminal (through its master) has ICANON
// off, as both bash's readline and nash's editor set while reading a line.
func rawMode(tty *os.File) bool {
	var t syscall.Termios
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, tty.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&t))); e != 0 {
		return false
	}
	return t.Lflag&syscall.ICANON == 0
}

// sessionReading reports whether a thread of a process in session sid
// sleeps where a terminal read or a select/poll on it sleeps. epoll's
// ep_poll is left out: it is where the Go runtime's idle threads wait.
func sessionReading(sid int) bool {
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return false
	}
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil || processSession(pid) != sid {
			continue
		}
		tasks, _ := os.ReadDir("/proc/" + p.Name() + "/task")
		for _, task := range tasks {
			w, err := os.ReadFile("/proc/" + p.Name() + "/task/" + task.Name() + "/wchan")
			if err != nil {
				continue
			}
			// names may carry a compiler suffix (.constprop.0)
			for _, at := range []string{"wait_woken", "do_select", "poll_schedule_timeout", "do_sys_poll", "core_sys_select"} {
				if strings.HasPrefix(string(w), at) {
					return true
				}
			}
		}
	}
	return false
}

// processSession is the session id in /proc/pid/stat (-1 when unreadable).
func processSession(pid int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return -1
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return -1
	}
	// after "pid (comm)": state ppid pgrp session
	f := strings.Fields(s[i+1:])
	if len(f) < 4 {
		return -1
	}
	n, err := strconv.Atoi(f[3])
	if err != nil {
		return -1
	}
	return n
}
