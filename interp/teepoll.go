package interp

import (
	"os"
	"syscall"
	"unsafe"
)

// teePoller is teeWait parked in the runtime's poller instead of in a
// blocking ppoll. A goroutine blocked in a system call keeps its P; with
// two tapped links and the shell waiting for its children, every P sat in
// a system call, so the runtime's monitor took Ps back at its fastest rate
// (20 us) for as long as the pipeline ran: 33,000 wake-ups in a 256 MiB
// run, on top of the copying. The poller waits on an epoll descriptor
// holding the link's two pipe ends, which is itself registered with the
// runtime's poller, so a waiting copier holds no P.
type teePoller struct {
	ep       *os.File
	epfd     int // ep's descriptor (ep.Fd would make it blocking)
	rc       syscall.RawConn
	src, dst int
	srcReady bool // which wait the registrations are set up for
}

// newTeePoller returns a poller for the link src -> dst, or nil when the
// kernel refuses (the copier then waits with teeWait).
func newTeePoller(src, dst int) *teePoller {
	epfd, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return nil
	}
	// a pipe write end always reports EPOLLERR once its readers are gone,
	// whatever events it is registered for
	if syscall.EpollCtl(epfd, syscall.EPOLL_CTL_ADD, src, &syscall.EpollEvent{Events: syscall.EPOLLIN, Fd: int32(src)}) != nil ||
		syscall.EpollCtl(epfd, syscall.EPOLL_CTL_ADD, dst, &syscall.EpollEvent{Fd: int32(dst)}) != nil ||
		syscall.SetNonblock(epfd, true) != nil {
		syscall.Close(epfd)
		return nil
	}
	f := os.NewFile(uintptr(epfd), "teepoll") // non-blocking: pollable
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil
	}
	return &teePoller{ep: f, epfd: epfd, rc: rc, src: src, dst: dst}
}

// wait is teeWait: when srcReady is false, until src has data or its
// writers are gone; when true, until dst has room. It reports false when
// dst's reader has gone or waiting failed.
func (p *teePoller) wait(srcReady bool) bool {
	if srcReady != p.srcReady {
		srcEv, dstEv := uint32(syscall.EPOLLIN), uint32(0)
		if srcReady {
			srcEv, dstEv = 0, syscall.EPOLLOUT
		}
		if syscall.EpollCtl(p.epfd, syscall.EPOLL_CTL_MOD, p.src, &syscall.EpollEvent{Events: srcEv, Fd: int32(p.src)}) != nil ||
			syscall.EpollCtl(p.epfd, syscall.EPOLL_CTL_MOD, p.dst, &syscall.EpollEvent{Events: dstEv, Fd: int32(p.dst)}) != nil {
			return teeWait(p.src, p.dst, srcReady)
		}
		p.srcReady = srcReady
	}
	var evs [2]syscall.EpollEvent
	gone := false
	err := p.rc.Read(func(fd uintptr) bool {
		for {
			n, err := syscall.EpollWait(int(fd), evs[:], 0)
			if err == syscall.EINTR {
				continue
			}
			if err != nil {
				gone = true
				return true
			}
			for _, ev := range evs[:n] {
				if ev.Fd == int32(p.dst) && ev.Events&(syscall.EPOLLERR|syscall.EPOLLHUP) != 0 {
					gone = true
				}
			}
			// nothing ready: park until the epoll descriptor is readable
			return n > 0
		}
	})
	return err == nil && !gone
}

// close releases the epoll descriptor.
func (p *teePoller) close() { p.ep.Close() }

// rawTee is a non-blocking tee(2) of up to n bytes from the pipe rfd to the
// pipe wfd, and rawRead a read(2) of bytes tee has just seen in rfd. Neither
// can sleep, so both are raw system calls: the runtime's system-call
// bookkeeping would mark the copier's P as in a system call, hundreds of
// thousands of times a second, and its monitor takes back a P it finds
// there, waking threads to do it.
func rawTee(rfd, wfd, n int) (int64, error) {
	r, _, errno := syscall.RawSyscall6(syscall.SYS_TEE, uintptr(rfd), uintptr(wfd), uintptr(n), spliceNonblock, 0, 0)
	if errno != 0 {
		return int64(r), errno
	}
	return int64(r), nil
}

func rawRead(rfd int, p []byte) (int, error) {
	r, _, errno := syscall.RawSyscall(syscall.SYS_READ, uintptr(rfd), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
	if errno != 0 {
		return int(r), errno
	}
	return int(r), nil
}
