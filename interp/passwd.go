package interp

import (
	"os"
	"strings"
	"syscall"
)

// readFileRaw reads a whole file with plain system calls. os.Open would
// start the Go runtime's poller, whose epoll and eventfd descriptors then
// stay open in the shell, where bash has none (a script listing
// /proc/$$/fd sees them).
func readFileRaw(path string) ([]byte, error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var data []byte
	buf := make([]byte, 16*1024)
	for {
		n, err := syscall.Read(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			return data, nil
		}
		data = append(data, buf[:n]...)
	}
}

// passwdByUID returns the fields of uid's /etc/passwd entry, nil when
// there is none. (os/user would open the file through the poller.)
func passwdByUID(uid string) []string { return passwdEntry(2, uid) }

// passwdByName returns the fields of name's /etc/passwd entry, nil when
// there is none.
func passwdByName(name string) []string { return passwdEntry(0, name) }

// passwdEntry returns the first /etc/passwd entry whose field i is val.
func passwdEntry(i int, val string) []string {
	b, err := readFileRaw("/etc/passwd")
	if err != nil {
		return nil
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Split(line, ":"); len(f) >= 7 && f[i] == val {
			return f
		}
	}
	return nil
}

// loginShellOf is the SHELL bash gives itself when none is set, as its
// get_current_user_info finds it: the login shell of the password entry
// of uid, /bin/sh when there is no entry.
func loginShellOf(uid string) string {
	if f := passwdByUID(uid); f != nil {
		return f[6]
	}
	return "/bin/sh"
}
