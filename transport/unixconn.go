//go:build linux

package transport

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"
	"time"
)

// unixConn is a blocking AF_UNIX stream socket driven by plain system
// calls, with the deadline enforced by SO_SNDTIMEO and SO_RCVTIMEO. A
// short-lived shell posts one batch at exit; through package net that
// first post also starts the runtime's network poller (an epoll instance,
// an eventfd, registrations, and a poller thread woken for each step),
// which costs more than the request itself. A blocking socket needs none
// of it: the goroutine simply sleeps in the kernel.
type unixConn struct {
	mu       sync.Mutex // guards fd against abort racing with Close
	fd       int        // -1 once closed
	deadline time.Time
}

var errTimeout = errors.New("i/o timeout")

// dialUnix connects to the unix socket at path, giving up at deadline.
func dialUnix(path string, deadline time.Time) (conn, error) {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", path, os.NewSyscallError("socket", err))
	}
	c := &unixConn{fd: fd, deadline: deadline}
	sa := &syscall.SockaddrUnix{Name: path}
	for {
		// connect blocks while the listener's backlog is full; SO_SNDTIMEO
		// bounds that wait on Linux
		if err = c.setTimeout(syscall.SO_SNDTIMEO); err != nil {
			break
		}
		err = syscall.Connect(fd, sa)
		if err != syscall.EINTR {
			break
		}
	}
	switch err {
	case nil, syscall.EISCONN: // EISCONN: an interrupted connect that completed
		return c, nil
	case syscall.EAGAIN, syscall.EINPROGRESS:
		err = errTimeout
	}
	c.Close()
	return nil, fmt.Errorf("dial %s: %w", path, err)
}

// setTimeout sets the socket timeout opt to what is left until the
// deadline. Calls are retried after EINTR (socket calls with a timeout are
// never restarted), so each retry gets the remaining time only.
func (c *unixConn) setTimeout(opt int) error {
	d := time.Until(c.deadline)
	if d <= 0 {
		return errTimeout
	}
	tv := syscall.NsecToTimeval(max(d, time.Microsecond).Nanoseconds()) // zero would mean no timeout
	if err := syscall.SetsockoptTimeval(c.fd, syscall.SOL_SOCKET, opt, &tv); err != nil {
		return os.NewSyscallError("setsockopt", err)
	}
	return nil
}

// Write writes all of p. MSG_NOSIGNAL: a collector that hung up must not
// raise SIGPIPE, which the shell may be trapping.
func (c *unixConn) Write(p []byte) (int, error) {
	total := 0
	for total < len(p) {
		if err := c.setTimeout(syscall.SO_SNDTIMEO); err != nil {
			return total, err
		}
		n, err := syscall.SendmsgN(c.fd, p[total:], nil, nil, syscall.MSG_NOSIGNAL)
		if n > 0 {
			total += n
		}
		switch err {
		case nil, syscall.EINTR:
		case syscall.EAGAIN:
			return total, errTimeout
		default:
			return total, os.NewSyscallError("sendmsg", err)
		}
	}
	return total, nil
}

// Read reads what is available, at least one byte, or reports io.EOF.
func (c *unixConn) Read(p []byte) (int, error) {
	for {
		if err := c.setTimeout(syscall.SO_RCVTIMEO); err != nil {
			return 0, err
		}
		n, err := syscall.Read(c.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.EAGAIN:
			return 0, errTimeout
		case err != nil:
			return 0, os.NewSyscallError("read", err)
		case n == 0 && len(p) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// abort wakes a Read or Write blocked on the socket (they then fail); it
// may be called from another goroutine, before or after Close.
func (c *unixConn) abort() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fd >= 0 {
		syscall.Shutdown(c.fd, syscall.SHUT_RDWR)
	}
}

// Close closes the socket; later calls do nothing.
func (c *unixConn) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fd < 0 {
		return nil
	}
	err := syscall.Close(c.fd)
	c.fd = -1
	return err
}
