package interp

import (
	"os"
	"syscall"
	"unsafe"
)

// statx(2)'s request bits and flag used by fdTypeSize.
const (
	statxType   = 0x1
	statxSize   = 0x200
	atEmptyPath = 0x1000
)

// statxBuf is the head of struct statx as far as stx_size; the kernel
// fills all 256 bytes.
type statxBuf struct {
	mask, blksize uint32
	attributes    uint64
	nlink         uint32
	uid, gid      uint32
	mode, _       uint16
	ino, size     uint64
	_             [256 - 48]byte
}

// fdTypeSize returns the file type bits (syscall.S_IFMT) and size of the
// file open on f, asking statx for those alone. An fstat asks for the
// timestamps too, and on a kernel with multigrain timestamps a file whose
// times were asked for gets a fine-grained mtime at its next write: two
// files written one after the other by redirections would then differ in
// time where bash (which stats nothing before it writes a redirection's
// file) leaves them equal within a clock tick, and make would find the
// second newer and rebuild what depends on it. Where statx is missing
// it is fstat's answer.
func fdTypeSize(f *os.File) (uint32, int64, error) {
	if sysStatx != 0 {
		var b statxBuf
		empty := [1]byte{}
		_, _, e := syscall.Syscall6(sysStatx, f.Fd(), uintptr(unsafe.Pointer(&empty[0])),
			atEmptyPath, statxType|statxSize, uintptr(unsafe.Pointer(&b)), 0)
		if e == 0 {
			return uint32(b.mode) & syscall.S_IFMT, int64(b.size), nil
		}
		if e != syscall.ENOSYS {
			return 0, 0, e
		}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		return 0, 0, err
	}
	return st.Mode & syscall.S_IFMT, st.Size, nil
}
