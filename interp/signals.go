package interp

import (
	"strconv"
	"strings"
	"syscall"
)

// signalNames holds bash's names (without SIG) of signals 1 to 31, as
// `kill -l` and `trap -l` list them on Linux (an array, not a map, so
// that no package init builds it at each shell start).
var signalNames = [32]string{
	1: "HUP", 2: "INT", 3: "QUIT", 4: "ILL", 5: "TRAP", 6: "ABRT", 7: "BUS",
	8: "FPE", 9: "KILL", 10: "USR1", 11: "SEGV", 12: "USR2", 13: "PIPE",
	14: "ALRM", 15: "TERM", 16: "STKFLT", 17: "CHLD", 18: "CONT", 19: "STOP",
	20: "TSTP", 21: "TTIN", 22: "TTOU", 23: "URG", 24: "XCPU", 25: "XFSZ",
	26: "VTALRM", 27: "PROF", 28: "WINCH", 29: "IO", 30: "PWR", 31: "SYS",
}

// sigRTMin is Linux's SIGRTMIN as glibc gives it to programs (two
// real-time signals are its own); sigRTMax is in sigsettle.go.
const sigRTMin = 34

// signalName returns bash's name for a signal number: "INT", "RTMIN+3".
func signalName(n int) string {
	if n > 0 && n < len(signalNames) {
		return signalNames[n]
	}
	switch {
	case n == sigRTMin:
		return "RTMIN"
	case n == sigRTMax:
		return "RTMAX"
	case n > sigRTMin && n <= sigRTMin+15:
		return "RTMIN+" + strconv.Itoa(n-sigRTMin)
	case n > sigRTMin+15 && n < sigRTMax:
		return "RTMAX-" + strconv.Itoa(sigRTMax-n)
	}
	return ""
}

// parseSignal accepts a number, NAME or SIGNAME (any case); pseudo
// signals EXIT, ERR, DEBUG and RETURN are accepted when pseudo is set.
func parseSignal(s string, pseudo bool) (string, int, bool) {
	if n64, ok := legalNumber(s); ok {
		n := int(n64) // (int is 64 bits on the targets)
		if n == 0 && pseudo {
			return "EXIT", 0, true
		}
		if name := signalName(n); name != "" {
			return name, n, true
		}
		return "", 0, false
	}
	u := strings.ToUpper(s)
	u = strings.TrimPrefix(u, "SIG")
	if u == "" {
		// "" and "SIG" would match the numbers with no name
		return "", 0, false
	}
	if pseudo {
		switch u {
		case "EXIT", "ERR", "DEBUG", "RETURN":
			return u, -1, true
		}
	}
	if rest, ok := strings.CutPrefix(u, "RTMIN+"); ok {
		// decode_signal reads any offset up to SIGRTMAX's, not only
		// the names it lists (RTMIN+16 is RTMAX-14)
		n64, ok := legalNumber(rest)
		n := int(n64)
		if !ok || n < 0 || n > sigRTMax-sigRTMin {
			return "", 0, false
		}
		return signalName(sigRTMin + n), sigRTMin + n, true
	}
	for n := 1; n < len(signalNames); n++ {
		if signalNames[n] == u {
			return u, n, true
		}
	}
	if strings.HasPrefix(u, "RTM") {
		// the real-time names (RTMIN, RTMAX, RTMAX-2) are made
		// as they are asked for: not for every word tried
		for n := len(signalNames); n <= 64; n++ {
			if signalName(n) == u {
				return u, n, true
			}
		}
	}
	return "", 0, false
}

// signalDescription is strsignal()'s text as bash prints it.
func signalDescription(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGHUP:
		return "Hangup"
	case syscall.SIGINT:
		return "Interrupt"
	case syscall.SIGQUIT:
		return "Quit"
	case syscall.SIGILL:
		return "Illegal instruction"
	case syscall.SIGTRAP:
		return "Trace/breakpoint trap"
	case syscall.SIGABRT:
		return "Aborted"
	case syscall.SIGBUS:
		return "Bus error"
	case syscall.SIGFPE:
		return "Floating point exception"
	case syscall.SIGKILL:
		return "Killed"
	case syscall.SIGUSR1:
		return "User defined signal 1"
	case syscall.SIGSEGV:
		return "Segmentation fault"
	case syscall.SIGUSR2:
		return "User defined signal 2"
	case syscall.SIGPIPE:
		return "Broken pipe"
	case syscall.SIGALRM:
		return "Alarm clock"
	case syscall.SIGTERM:
		return "Terminated"
	case syscall.SIGSTKFLT:
		return "Stack fault"
	case syscall.SIGCHLD:
		return "Child exited"
	case syscall.SIGCONT:
		return "Continued"
	case syscall.SIGSTOP:
		return "Stopped (signal)"
	case syscall.SIGTSTP:
		return "Stopped"
	case syscall.SIGTTIN:
		return "Stopped (tty input)"
	case syscall.SIGTTOU:
		return "Stopped (tty output)"
	case syscall.SIGURG:
		return "Urgent I/O condition"
	case syscall.SIGWINCH:
		return "Window changed"
	case syscall.SIGIO:
		return "I/O possible"
	case syscall.SIGXCPU:
		return "CPU time limit exceeded"
	case syscall.SIGXFSZ:
		return "File size limit exceeded"
	case syscall.SIGVTALRM:
		return "Virtual timer expired"
	case syscall.SIGPROF:
		return "Profiling timer expired"
	case syscall.SIGPWR:
		return "Power failure"
	case syscall.SIGSYS:
		return "Bad system call"
	}
	return "Unknown signal " + strconv.Itoa(int(sig))
}
