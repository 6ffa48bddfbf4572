//go:build linux && (amd64 || arm64)

package entrysig

import (
	"syscall"
	"unsafe"
)

// Reinstate ignores again every signal that was ignored at entry, for a
// process about to execute another program in its place: execve keeps
// an ignored signal ignored but resets a handled one (the runtime's) to
// the default, so without it the program would not inherit the ignores
// this process did. It returns a function that puts back what it
// replaced, for when the execve fails.
func Reinstate() (undo func()) {
	var saved []int
	var old [nsig]sigaction
	for sig := 1; sig < nsig; sig++ {
		if !Ignored(sig) || sig == int(syscall.SIGKILL) || sig == int(syscall.SIGSTOP) {
			continue
		}
		ign := sigaction{handler: sigIgn}
		if rtSigaction(sig, &ign, &old[sig]) == 0 {
			saved = append(saved, sig)
		}
	}
	return func() {
		for _, sig := range saved {
			rtSigaction(sig, &old[sig], nil)
		}
	}
}

func rtSigaction(sig int, act, old *sigaction) syscall.Errno {
	_, _, e := syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig),
		uintptr(unsafe.Pointer(act)), uintptr(unsafe.Pointer(old)), 8, 0, 0)
	return e
}

// CloseStdForExec closes again the standard descriptors that were closed
// at entry (ClosedAtEntry), for a process about to execute another
// program in its place with its own descriptors, so that the program
// starts without them as it would have. It returns a function that puts
// /dev/null back on them, as the runtime had, for when the execve fails.
func CloseStdForExec() (undo func()) {
	var closed []int
	for fd := 0; fd <= 2; fd++ {
		if ClosedAtEntry(fd) && syscall.Close(fd) == nil {
			closed = append(closed, fd)
		}
	}
	return func() {
		for _, fd := range closed {
			n, err := syscall.Open("/dev/null", syscall.O_RDWR, 0)
			if err != nil || n == fd {
				continue
			}
			syscall.Dup3(n, fd, 0)
			syscall.Close(n)
		}
	}
}
