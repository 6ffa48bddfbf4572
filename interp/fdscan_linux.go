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

// maxScanFDs is the largest descriptor table lowDescriptors answers for.
// The kernel grows a table from 64 slots to powers of two from 128 (a
// shell started by a process holding descriptor 255, as bash scripts and
// some harnesses do, has 256); beyond 512, /proc is listed. tableSize's
// select sets are twice this size, and must not exceed FD_SETSIZE (1024):
// qemu's user-mode emulation (amd64 images on arm64 hosts) copies them
// into the host's fixed-size fd_set and aborted the shell on a larger one.
const maxScanFDs = 512

// openDescriptors lists the descriptors above 2 open in this process.
// Listing /proc/self/fd costs a shell start some 30-50 us (the first /proc
// lookup of a new pid); a descriptor table of up to maxScanFDs slots is
// answered by a few system calls instead.
func openDescriptors() []int {
	if fds, ok := lowDescriptors(); ok {
		return fds
	}
	return procDescriptors()
}

// lowDescriptors polls descriptors 3 up to the descriptor table's size;
// ok is false when the table is larger than maxScanFDs slots.
func lowDescriptors() (fds []int, ok bool) {
	size, ok := tableSize()
	if !ok {
		return nil, false
	}
	// poll reports POLLNVAL for a closed descriptor (and for an O_PATH
	// one, which no script can use for I/O anyway)
	var small [lowFDs - 3]pollFd
	pfds := small[:]
	if size > lowFDs {
		pfds = make([]pollFd, size-3)
	}
	for i := range pfds {
		pfds[i].fd = int32(i + 3)
	}
	errno := ppoll(pfds, &syscall.Timespec{})
	if errno != 0 {
		return nil, false
	}
	for _, p := range pfds {
		if p.revents&pollNVal == 0 {
			fds = append(fds, int(p.fd))
		}
	}
	return fds, true
}

// tableSize returns the number of slots of this process's descriptor
// table, if at most maxScanFDs. select(2) clamps its count to the table
// size and fails with EBADF on a closed descriptor in its sets: asking
// about size..2*maxScanFDs-1 returns 0 exactly when the table has at most
// size slots (pselect6 because arm64 has no select).
func tableSize() (int, bool) {
	var set [2 * maxScanFDs / 64]uint64
	var zero [2]int64 // struct timespec
	for size := lowFDs; size <= maxScanFDs; size *= 2 {
		for i := range set {
			set[i] = 0
			if i >= size/64 {
				set[i] = ^uint64(0)
			}
		}
		n, _, errno := syscall.Syscall6(syscall.SYS_PSELECT6, uintptr(len(set)*64),
			uintptr(unsafe.Pointer(&set[0])), 0, 0, uintptr(unsafe.Pointer(&zero)), 0)
		switch {
		case errno == 0 && n == 0:
			return size, true
		case errno != syscall.EBADF:
			return 0, false
		}
	}
	return 0, false
}

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
