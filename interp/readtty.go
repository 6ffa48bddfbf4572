package interp

import (
	"os"
	"syscall"
	"unsafe"
)

// readTerminalModes sets the terminal that read reads from as bash's read
// builtin does without readline: -n, -N or a -d delimiter other than
// newline read a character at a time, without the line editing of the
// canonical mode (tt_setonechar); -s turns echo off (tt_setnoecho), and
// with the others both (tt_setcbreak). It returns the function that puts
// the terminal's modes back (ttyrestore); nothing is changed for input
// that is not a terminal.
func readTerminalModes(f *os.File, silent, onechar bool) func() {
	if f == nil || !silent && !onechar {
		return func() {}
	}
	fd := rawFD(f)
	old, err := ioctlGetTermios(fd)
	if err != nil {
		return func() {}
	}
	t := *old
	if onechar {
		t.Lflag &^= syscall.ICANON
		t.Lflag |= syscall.ISIG | syscall.IEXTEN
		t.Iflag |= syscall.ICRNL
		t.Iflag &^= syscall.INLCR
		t.Oflag |= syscall.OPOST | syscall.ONLCR
		t.Oflag &^= syscall.OCRNL | syscall.ONOCR | syscall.ONLRET
		t.Cc[syscall.VMIN] = 1
		t.Cc[syscall.VTIME] = 0
	}
	if silent {
		t.Lflag &^= syscall.ECHO | syscall.ECHOK | syscall.ECHONL
	}
	setTermios(fd, &t)
	return func() { setTermios(fd, old) }
}

// setTermios is tcsetattr(fd, TCSADRAIN, t), as bash's ttsetattr.
func setTermios(fd int, t *syscall.Termios) {
	syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), tcsetsw, uintptr(unsafe.Pointer(t)))
}
