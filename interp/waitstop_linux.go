package interp

import (
	"syscall"
	"unsafe"
)

// childChange is what nextChildChange saw happen to a child.
type childChange int

const (
	childEnded     childChange = iota // it exited or was killed: reap it with Process.Wait
	childStopped                      // a signal stopped it
	childContinued                    // SIGCONT resumed it
)

// waitid(2)'s idtype and si_code values (Linux), which syscall lacks.
const (
	pPID         = 1
	cldStopped   = 5
	cldTrapped   = 4
	cldContinued = 6
)

// sigchldInfo is the start of the kernel's siginfo_t as waitid fills it
// for a child (64-bit layout: the union begins at offset 16).
type sigchldInfo struct {
	signo, errno, code int32
	_                  int32
	pid                int32
	uid                uint32
	status             int32
	_                  [100]byte
}

func waitid(pid, options int) (sigchldInfo, syscall.Errno) {
	var info sigchldInfo
	for {
		_, _, e := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid), uintptr(unsafe.Pointer(&info)), uintptr(options), 0, 0)
		if e != syscall.EINTR {
			return info, e
		}
	}
}

// nextChildChange blocks until child pid stops, is continued or ends, as
// bash's waitpid with WUNTRACED|WCONTINUED does under job control. A
// stop or continuation is consumed; an end is only seen (WNOWAIT), so
// that Process.Wait reaps the child and reports its status as usual.
func nextChildChange(pid int) (childChange, syscall.Signal) {
	for {
		info, e := waitid(pid, syscall.WEXITED|syscall.WSTOPPED|syscall.WCONTINUED|syscall.WNOWAIT)
		if e != 0 {
			return childEnded, 0 // Process.Wait reports the error
		}
		switch info.code {
		case cldStopped, cldTrapped:
			// consumed; if it was continued meanwhile there is none to
			// take, and the next look sees the continuation
			waitid(pid, syscall.WSTOPPED|syscall.WNOHANG)
			if info.code == cldTrapped {
				continue
			}
			return childStopped, syscall.Signal(info.status)
		case cldContinued:
			waitid(pid, syscall.WCONTINUED|syscall.WNOHANG)
			return childContinued, 0
		}
		return childEnded, 0
	}
}
