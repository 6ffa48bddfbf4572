// Package sockdial opens stream connections (unix sockets and TCP to an
// address, a name in /etc/hosts or one a DNS server resolves) with plain
// system calls. It exists so
// that nash does not link package net: net, net/netip and their
// dependencies run package initialisers on every shell start, and a shell
// starts far more often than it talks to the collector. The connection is
// an *os.File on a non-blocking socket, so deadlines work through the
// runtime's poller as they do for net.Conn.
package sockdial

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"syscall"
	"time"
)

// Dial connects to addr on network "unix" (a socket path) or "tcp"
// ("host:port", "[v6]:port"). The connect is bounded by timeout (when
// positive) and abandoned when ctx is done. Errors read like net's:
// "dial unix /run/x.sock: connect: no such file or directory".
func Dial(ctx context.Context, network, addr string, timeout time.Duration) (*os.File, error) {
	var deadline time.Time
	if timeout > 0 {
		deadline = time.Now().Add(timeout)
	}
	if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
		deadline = d
	}
	sa, err := sockaddr(network, addr, deadline)
	if err != nil {
		return nil, fmt.Errorf("dial %s %s: %w", network, addr, err)
	}
	f, err := connect(ctx, network, sa, timeout)
	if err != nil {
		return nil, fmt.Errorf("dial %s %s: %w", network, addr, err)
	}
	return f, nil
}

// sockaddr resolves addr for network; a name lookup gives up at
// deadline (zero: no bound).
func sockaddr(network, addr string, deadline time.Time) (syscall.Sockaddr, error) {
	switch network {
	case "unix":
		return &syscall.SockaddrUnix{Name: addr}, nil
	case "tcp":
		host, port, err := SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		p, err := strconv.Atoi(port)
		if err != nil || p < 0 || p > 65535 {
			return nil, fmt.Errorf("invalid port %q", port)
		}
		ip, err := Resolve(host, deadline)
		if err != nil {
			return nil, err
		}
		if len(ip) == 4 {
			sa := &syscall.SockaddrInet4{Port: p}
			copy(sa.Addr[:], ip)
			return sa, nil
		}
		sa := &syscall.SockaddrInet6{Port: p}
		copy(sa.Addr[:], ip)
		return sa, nil
	}
	return nil, fmt.Errorf("unsupported network %q", network)
}

// connect opens a non-blocking socket and connects it, waiting through
// the poller for an in-progress TCP connect.
func connect(ctx context.Context, network string, sa syscall.Sockaddr, timeout time.Duration) (*os.File, error) {
	family := syscall.AF_UNIX
	switch sa.(type) {
	case *syscall.SockaddrInet4:
		family = syscall.AF_INET
	case *syscall.SockaddrInet6:
		family = syscall.AF_INET6
	}
	fd, err := syscall.Socket(family, syscall.SOCK_STREAM|syscall.SOCK_NONBLOCK|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, os.NewSyscallError("socket", err)
	}
	if family != syscall.AF_UNIX {
		// small header then body: do not let Nagle hold the tail back
		syscall.SetsockoptInt(fd, syscall.IPPROTO_TCP, syscall.TCP_NODELAY, 1)
	}
	err = syscall.Connect(fd, sa)
	if err != nil && err != syscall.EINPROGRESS && err != syscall.EINTR {
		syscall.Close(fd)
		return nil, os.NewSyscallError("connect", err)
	}
	// a non-blocking fd: os registers it with the poller
	f := os.NewFile(uintptr(fd), network)
	if err == nil {
		return f, nil
	}
	if err := waitConnected(ctx, f, timeout); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// errCanceled reports a connect abandoned because ctx was done.
var errCanceled = errors.New("operation was canceled")

// waitConnected waits until an in-progress connect completes, then
// reports its result (SO_ERROR).
func waitConnected(ctx context.Context, f *os.File, timeout time.Duration) error {
	if timeout > 0 {
		f.SetWriteDeadline(time.Now().Add(timeout))
	}
	stop := context.AfterFunc(ctx, func() { f.SetWriteDeadline(time.Unix(1, 0)) })
	defer stop()
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var soErr error
	werr := rc.Write(func(fd uintptr) bool {
		n, err := syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_ERROR)
		switch {
		case err != nil:
			soErr = os.NewSyscallError("getsockopt", err)
		case n == int(syscall.EINPROGRESS) || n == int(syscall.EALREADY) || n == int(syscall.EINTR):
			return false // not yet: wait for writability
		case n != 0:
			soErr = os.NewSyscallError("connect", syscall.Errno(n))
		default:
			// writable without error: connected, unless a spurious wakeup
			if _, err := syscall.Getpeername(int(fd)); err == syscall.ENOTCONN {
				return false
			}
		}
		return true
	})
	f.SetWriteDeadline(time.Time{})
	if werr != nil {
		if ctx.Err() != nil {
			return errCanceled
		}
		if errors.Is(werr, os.ErrDeadlineExceeded) {
			return fmt.Errorf("i/o timeout")
		}
		return werr
	}
	return soErr
}
