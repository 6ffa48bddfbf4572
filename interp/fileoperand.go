package interp

import (
	"os"
	"syscall"
)

// statOperand stats a file named by an operand. An empty name is no file
// (stat("") fails with ENOENT), where absPath would make it the working
// directory.
func (r *Runner) statOperand(name string) (os.FileInfo, error) {
	if name == "" {
		return nil, &os.PathError{Op: "stat", Path: name, Err: syscall.ENOENT}
	}
	return os.Stat(r.absPath(name))
}

// readOperand reads the file named by an operand, an empty name being no
// file as in statOperand.
func (r *Runner) readOperand(name string) ([]byte, error) {
	if name == "" {
		return nil, &os.PathError{Op: "open", Path: name, Err: syscall.ENOENT}
	}
	return readFileRaw(r.absPath(name))
}
