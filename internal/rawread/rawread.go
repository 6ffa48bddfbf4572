// Package rawread reads a whole file through its descriptor with plain
// system calls. It imports only syscall: the shell's opens must not start
// the Go runtime's poller (os.Open would, leaving its epoll and eventfd
// descriptors open where bash has none), and execstage reads with it
// before package os has initialized.
package rawread

import "syscall"

// All reads fd to its end, retrying reads interrupted by a signal, and
// returns the bytes and the errno of a failed read. It does not close fd.
func All(fd int) ([]byte, error) {
	var data []byte
	buf := make([]byte, 64<<10)
	for {
		n, err := syscall.Read(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return data, nil
		}
		data = append(data, buf[:n]...)
	}
}
