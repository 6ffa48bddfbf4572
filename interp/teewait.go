package interp

import "syscall"

// A tapped pipe link is two pipes with a copier between them. With a
// plain pipe, a writer whose reader has exited gets EPIPE (or SIGPIPE) on
// its next write; behind a copier its write still lands in the first
// pipe, unless the copier notices the reader's departure while it waits
// for data and closes the first pipe's read end at once. teeWait is that
// wait: it also waits for room in the second pipe when tee found it full.

// teeWait blocks until a non-blocking tee from src to dst may progress:
// when srcReady is false, until src has data or its writers are gone;
// when true (src has data, so dst was full), until dst has room. It
// reports false when dst's reader has gone (or poll fails), the copier's
// cue to close src.
func teeWait(src, dst int, srcReady bool) bool {
	fds := [2]pollFd{{fd: int32(src), events: pollIn}, {fd: int32(dst)}}
	if srcReady {
		fds[0].fd = -1 // ignored by poll
		fds[1].events = pollOut
	}
	for {
		errno := ppoll(fds[:], nil)
		if errno == syscall.EINTR {
			continue
		}
		if errno != 0 {
			return false
		}
		// a pipe's write end polls POLLERR once no reader is left
		return fds[1].revents&(pollErr|pollHup) == 0
	}
}
