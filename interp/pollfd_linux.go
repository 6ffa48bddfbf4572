package interp

import (
	"syscall"
	"unsafe"
)

// pollFd is the kernel's struct pollfd, for poll(2) and ppoll(2) called
// directly: the descriptors polled are not the runtime poller's.
type pollFd struct {
	fd      int32
	events  int16
	revents int16
}

// poll(2) event bits.
const (
	pollIn   = 0x1
	pollOut  = 0x4
	pollErr  = 0x8
	pollHup  = 0x10
	pollNVal = 0x20
)

// ppoll is ppoll(2) on fds, waiting at most timeout (nil: without end).
// It is the call both amd64 and arm64 have (arm64 has no poll(2)).
func ppoll(fds []pollFd, timeout *syscall.Timespec) syscall.Errno {
	_, _, errno := syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&fds[0])), uintptr(len(fds)),
		uintptr(unsafe.Pointer(timeout)), 0, 0, 0)
	return errno
}
