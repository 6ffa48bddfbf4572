package interp

import (
	"os"
	"strings"
	"syscall"

	"nash/internal/rawread"
)

// readFileRaw reads a whole file with plain system calls. os.Open would
// start the Go runtime's poller, whose epoll and eventfd descriptors then
// stay open in the shell, where bash has none (a script listing
// /proc/$$/fd sees them).
func readFileRaw(path string) ([]byte, error) {
	fd, err := openFD(path, syscall.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	data, err := rawread.All(fd)
	if err != nil {
		return nil, &os.PathError{Op: "read", Path: path, Err: err}
	}
	return data, nil
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
