package main

import (
	"os"
	"syscall"

	"nash/internal/rawread"
)

// highFDMax is bash's HIGH_FD_MAX: the script's descriptor goes just
// below it.
const highFDMax = 256

// readScriptFile reads the script at path and keeps it open, close-on-exec,
// on the highest free descriptor below 256 (or below the open-files
// limit), as bash's open_shell_script does with move_to_high_fd: scripts
// that list /proc/$$/fd see 255 as under bash. The file is read with
// plain system calls: os.Open would start the runtime's poller, whose
// epoll and eventfd descriptors bash does not have.
func readScriptFile(path string) ([]byte, error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	data, err := rawread.All(fd)
	if err != nil {
		syscall.Close(fd)
		return nil, &os.PathError{Op: "read", Path: path, Err: err}
	}
	keepHigh(fd)
	return data, nil
}

// keepHigh moves fd to the highest free descriptor below highFDMax and
// the open-files limit, above 3 (bash's move_to_high_fd with check_new);
// it stays where it is when there is none.
func keepHigh(fd int) {
	top := highFDMax
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil && lim.Cur < uint64(top) {
		top = int(lim.Cur)
	}
	for n := top - 1; n > 3; n-- {
		if _, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(n), syscall.F_GETFD, 0); errno == 0 {
			continue // in use
		}
		if n != fd && syscall.Dup3(fd, n, syscall.O_CLOEXEC) == nil {
			syscall.Close(fd)
		}
		return
	}
}
