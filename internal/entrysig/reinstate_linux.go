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
