package interp

import (
	"bytes"
	"strconv"
	"syscall"
	"unsafe"
)

// lowFDs is the size of the kernel's smallest descriptor table: a process
// whose table has not grown has no descriptor at or above it.
const lowFDs = 64

// openDescriptors lists the descriptors above 2 open in this process.
// Listing /proc/self/fd costs a shell start some 30-50 us (the first /proc
// lookup of a new pid); the usual case, no descriptor at or above 64, is
// answered by two system calls instead.
func openDescriptors() []int {
	if fds, ok := lowDescriptors(); ok {
		return fds
	}
	return procDescriptors()
}

// lowDescriptors polls descriptors 3..63; ok is false when the descriptor
// table is larger than 64 slots, so that higher descriptors may be open.
// select(2) clamps its count to the table size and fails with EBADF on a
// closed descriptor in its sets: asking about 64..1023 returns 0 exactly
// when the table has 64 slots.
func lowDescriptors() (fds []int, ok bool) {
	var high syscall.FdSet
	for i := lowFDs / 64; i < len(high.Bits); i++ {
		high.Bits[i] = -1
	}
	var zero syscall.Timeval
	if n, err := syscall.Select(1024, &high, nil, nil, &zero); err != nil || n != 0 {
		return nil, false
	}
	// poll reports POLLNVAL for a closed descriptor (and for an O_PATH
	// one, which no script can use for I/O anyway)
	type pollFd struct {
		fd             int32
		events, revent int16
	}
	var pfds [lowFDs - 3]pollFd
	for i := range pfds {
		pfds[i].fd = int32(i + 3)
	}
	_, _, errno := syscall.Syscall(syscall.SYS_POLL, uintptr(unsafe.Pointer(&pfds[0])), uintptr(len(pfds)), 0)
	if errno != 0 {
		return nil, false
	}
	for _, p := range pfds {
		if p.revent&pollNVal == 0 {
			fds = append(fds, int(p.fd))
		}
	}
	return fds, true
}

const pollNVal = 0x20 // POLLNVAL

// procDescriptors lists /proc/self/fd with raw system calls: an *os.File
// for the directory would register it with the runtime's poller.
func procDescriptors() []int {
	self, err := syscall.Open("/proc/self/fd", syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	defer syscall.Close(self)
	var fds []int
	buf := make([]byte, 4096)
	for {
		n, err := syscall.Getdents(self, buf)
		if err != nil || n <= 0 {
			break
		}
		for off := 0; off < n; {
			// struct linux_dirent64: ino(8) off(8) reclen(2) type(1) name
			reclen := int(buf[off+16]) | int(buf[off+17])<<8
			name := buf[off+19 : off+reclen]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			if fd, err := strconv.Atoi(string(name)); err == nil && fd > 2 && fd != self {
				fds = append(fds, fd)
			}
			off += reclen
		}
	}
	return fds
}
