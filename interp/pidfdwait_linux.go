package interp

import (
	"os"
	"syscall"
	"unsafe"
)

// pidfd_open(2) (Linux 5.3; PIDFD_NONBLOCK since 5.10) and waitid's
// P_PIDFD (5.4), which package syscall lacks.
const (
	sysPidfdOpen  = 434 // the same number on every architecture
	pidfdNonblock = syscall.O_NONBLOCK
	pPidfd        = 3
)

// parkedWait is p.Wait for a waiter that is one of many at once: a
// background job's watcher or a pipeline stage. p.Wait holds an OS thread
// in waitid(2) until the child ends, and the Go runtime dies ("thread
// exhaustion") at 10,000 threads, a count of running background jobs
// bash handles. Here the goroutine parks on the child's pidfd in the
// runtime's poller, and p.Wait only reaps a child that has ended. A
// kernel without non-blocking pidfds gets the plain wait.
func parkedWait(p *os.Process) (*os.ProcessState, error) {
	fd, _, e := syscall.RawSyscall(sysPidfdOpen, uintptr(p.Pid), pidfdNonblock, 0)
	if e != 0 {
		return p.Wait()
	}
	f := os.NewFile(fd, "pidfd") // non-blocking: on the poller
	if rc, err := f.SyscallConn(); err == nil {
		// a pidfd is readable once its process has ended; the check
		// looks (WNOWAIT) and leaves the reaping to p.Wait. It must
		// see the state itself each time: the poller forgets an event
		// that came before the wait began.
		rc.Read(func(fd uintptr) bool {
			for {
				var info sigchldInfo
				_, _, e := syscall.Syscall6(syscall.SYS_WAITID, pPidfd, fd, uintptr(unsafe.Pointer(&info)),
					syscall.WEXITED|syscall.WNOHANG|syscall.WNOWAIT, 0, 0)
				if e != syscall.EINTR {
					return e != 0 || info.pid != 0 // an error: p.Wait reports it
				}
			}
		})
	}
	f.Close()
	return p.Wait()
}
